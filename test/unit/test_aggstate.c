/*
 * test_aggstate.c - unit tests of bf_aggstate.c: the bloom_agg state in each mode, its checks, and its parked-hash ring.
 */
#include "harness.h"

/* ---- the bloom_agg state ---- */

static bf_status
check_state(const uint8_t *state, uint64_t length)
{
	bf_state_header header;

	return bf_state_check(state, length, &header);
}

/* A final filter of a state, as bloom_agg_final builds it (zeroed blocks first). */
static uint8_t *
final_filter(uint8_t *state, uint64_t *nblocks_out, int *k_out, uint64_t *fold_out)
{
	uint64_t	nblocks = 0;
	uint64_t	fold = 99;
	int			k = 0;
	uint8_t    *filter;

	if (bf_state_final_shape(state, &nblocks, &k, &fold) != BF_OK)
		return NULL;
	filter = xcalloc(bf_filter_bytes(nblocks));
	if (fold >= 1)
	{
		/* in two chunks, as the glue does for a large filter */
		bf_state_final_blocks(state, filter, fold, 0, nblocks / 2);
		bf_state_final_blocks(state, filter, fold, nblocks / 2, nblocks - nblocks / 2);
	}
	bf_state_final_finish(state, filter, nblocks, k);
	/* in mode hashes the caller adds the hash list (the glue does it in slices) */
	if (state[BF_STATE_OFF_MODE] == BF_STATE_MODE_HASHES)
		bf_add_hashes_le(bf_view_of(filter), bf_state_hashes(state), bf_load_u64(state + BF_STATE_OFF_ROWS));
	*nblocks_out = nblocks;
	*k_out = k;
	*fold_out = fold;
	return filter;
}

/* The filter bloom_agg should give: built directly with the final shape. */
static uint8_t *
direct_filter(uint64_t nblocks, int k, const uint64_t *hashes, uint64_t count,
			  uint64_t design_n, double p)
{
	uint8_t    *filter = new_filter(nblocks, k, design_n, p);

	bf_add_hashes(bf_view_of(filter), hashes, count);
	if (count > 0)
		set_added(filter, BF_KIND_INTEGER, count);
	return filter;
}

static uint64_t
missing_hashes(uint8_t *filter, const uint64_t *hashes, uint64_t count)
{
	uint64_t	missing = 0;

	for (uint64_t i = 0; i < count; i++)
		missing += bf_contains_hash(bf_view_of(filter), hashes[i]) ? 0 : 1;
	return missing;
}

void
test_aggstate_hashes(void)
{
	const uint32_t capacity = 64;
	const uint64_t length = bf_state_bytes_hashes(capacity);
	uint8_t    *state = xcalloc(length);
	uint8_t    *m = xcalloc(length);
	bf_state_header h;
	uint64_t	hashes[10];
	uint64_t	nblocks,
				fold,
				plan_blocks;
	int			k,
				plan_k;
	uint8_t    *filter;
	uint8_t    *direct;
	bf_header	fh;

	CHECK_U64(length, 44 + 64 * 8);
	memset(state, 0xCC, (size_t) length);
	bf_state_init_hashes(state, capacity, 0.01);
	CHECK_STATUS(bf_state_check(state, length, &h), BF_OK);
	CHECK(h.mode == BF_STATE_MODE_HASHES && h.sizing == BF_STATE_SIZING_AUTO);
	CHECK(h.value_kind == BF_KIND_NONE && h.hash_capacity == capacity && h.p == 0.01);
	CHECK(h.rows == 0 && h.design_n == 0);
	CHECK(memcmp(state, "BLAS", 4) == 0 && state[BF_STATE_OFF_VERSION] == BF_STATE_VERSION && state[BF_STATE_OFF_ZERO] == 0);

	/* an empty state gives an empty one-block filter */
	filter = final_filter(state, &nblocks, &k, &fold);
	CHECK(filter != NULL);
	if (filter != NULL)
	{
		CHECK_U64(nblocks, 1);
		CHECK_U64(fold, 0);
		CHECK_STATUS(check_filter(filter, bf_filter_bytes(nblocks)), BF_OK);
		CHECK_STATUS(bf_check_empty_bits(filter, 0, nblocks), BF_OK);
		free(filter);
	}

	for (uint64_t i = 0; i < 10; i++)
	{
		hashes[i] = hash_int(i * 7919);
		bf_state_add(state, hashes[i], BF_KIND_INTEGER);
		bf_state_set_counts(state, BF_KIND_INTEGER, i + 1);
	}
	CHECK_STATUS(bf_state_check(state, length, &h), BF_OK);
	CHECK(h.rows == 10 && h.value_kind == BF_KIND_INTEGER);
	CHECK_U64(bf_load_u64(bf_state_hashes(state) + 8 * 3), hashes[3]);	/* kept little-endian */

	CHECK_STATUS(bf_state_final_shape(state, &nblocks, &k, &fold), BF_OK);
	CHECK_STATUS(bf_plan(10, 0.01, &plan_blocks, &plan_k), BF_OK);
	CHECK_U64(fold, 0);
	CHECK_U64(nblocks, plan_blocks);
	CHECK(k == plan_k);

	filter = final_filter(state, &nblocks, &k, &fold);
	CHECK(filter != NULL);
	if (filter != NULL)
	{
		CHECK_STATUS(bf_check_header(filter, bf_filter_bytes(nblocks), &fh), BF_OK);
		CHECK(fh.n_added == 10 && fh.value_kind == BF_KIND_INTEGER && fh.design_n == 10 && fh.design_p == 0.01);
		CHECK_U64(missing_hashes(filter, hashes, 10), 0);
		direct = direct_filter(nblocks, k, hashes, 10, 10, 0.01);
		CHECK(memcmp(filter, direct, (size_t) bf_filter_bytes(nblocks)) == 0);
		free(direct);
		/* the final function may run again: same result, state untouched */
		{
			uint8_t    *before = xcalloc(length);
			uint8_t    *again;

			memcpy(before, state, (size_t) length);
			again = final_filter(state, &nblocks, &k, &fold);
			CHECK(again != NULL && memcmp(again, filter, (size_t) bf_filter_bytes(nblocks)) == 0);
			CHECK(memcmp(before, state, (size_t) length) == 0);
			free(again);
			free(before);
		}
		free(filter);
	}

	/* rejections of a mode-hashes state */
#define MUTATED(statement, len, want) \
	do { \
		memcpy(m, state, (size_t) length); \
		statement; \
		CHECK_STATUS(check_state(m, len), want); \
	} while (0)

	MUTATED((void) 0, length, BF_OK);
	MUTATED((void) 0, BF_STATE_HEADER_BYTES - 1, BF_ERR_FORMAT_LENGTH);
	MUTATED((void) 0, 0, BF_ERR_FORMAT_LENGTH);
	MUTATED((void) 0, length - 8, BF_ERR_FORMAT_STATE);
	MUTATED((void) 0, length + 1, BF_ERR_FORMAT_STATE);
	MUTATED(m[0] = 'X', length, BF_ERR_FORMAT_MAGIC);
	MUTATED(memcpy(m, "BLOM", 4), length, BF_ERR_FORMAT_MAGIC);	/* a filter is not a state */
	MUTATED(m[4] = 2, length, BF_ERR_FORMAT_VERSION);
	MUTATED(m[4] = 0, length, BF_ERR_FORMAT_VERSION);
	MUTATED(m[5] = 1, length, BF_ERR_FORMAT_VERSION);
	MUTATED(m[6] = 0, length, BF_ERR_FORMAT_STATE);	/* bad mode */
	MUTATED(m[6] = 3, length, BF_ERR_FORMAT_STATE);
	MUTATED(m[6] = 255, length, BF_ERR_FORMAT_STATE);
	MUTATED(m[7] = BF_STATE_SIZING_FIXED, length, BF_ERR_FORMAT_STATE);
	MUTATED(m[7] = 0, length, BF_ERR_FORMAT_STATE);
	MUTATED(bf_store_u64(m + 32, 10), length, BF_ERR_FORMAT_STATE);	/* design n in auto */
	MUTATED(m[40] = 1, length, BF_ERR_FORMAT_FLAGS);
	MUTATED(m[43] = 1, length, BF_ERR_FORMAT_FLAGS);
	MUTATED(bf_store_f64(m + 16, 0.0), length, BF_ERR_FORMAT_DESIGN);
	MUTATED(bf_store_f64(m + 16, 1.0), length, BF_ERR_FORMAT_DESIGN);
	MUTATED(bf_store_f64(m + 16, NAN), length, BF_ERR_FORMAT_DESIGN);
	MUTATED(bf_store_f64(m + 16, 1e-13), length, BF_ERR_FORMAT_DESIGN);
	MUTATED(bf_store_u64(m + 24, 0), length, BF_ERR_FORMAT_COUNT);	/* no rows, a kind */
	MUTATED(bf_store_u32(m + 8, BF_KIND_NONE), length, BF_ERR_FORMAT_COUNT);	/* rows, no kind */
	MUTATED(bf_store_u64(m + 24, capacity), length, BF_OK);	/* full */
	MUTATED(bf_store_u64(m + 24, capacity + 1), length, BF_ERR_FORMAT_STATE);	/* rows > capacity */
	MUTATED(bf_store_u64(m + 24, UINT64_MAX), length, BF_ERR_FORMAT_STATE);
	MUTATED(bf_store_u32(m + 12, capacity - 1), length, BF_ERR_FORMAT_STATE);	/* length disagrees */
	MUTATED(bf_store_u32(m + 12, UINT32_MAX), length, BF_ERR_FORMAT_STATE);
#undef MUTATED

	/*
	 * A state that bf_state_check accepts must give a final filter that
	 * bf_check_header accepts.  The value kind of a mode-hashes state is
	 * part of that: the final filter copies it.
	 */
	{
		const uint32_t bad_kinds[] = {6, BF_KIND_ARRAY_FLAG, BF_KIND_BUILTIN_FLAG | 20000, UINT32_MAX};

		for (size_t i = 0; i < sizeof(bad_kinds) / sizeof(bad_kinds[0]); i++)
		{
			bf_status	status;

			memcpy(m, state, (size_t) length);
			bf_store_u32(m + 8, bad_kinds[i]);
			status = check_state(m, length);
			if (status == BF_OK)
			{
				filter = final_filter(m, &nblocks, &k, &fold);
				printf("  mode-hashes state with value kind 0x%08" PRIx32 " accepted; its final filter: %s\n",
					   bad_kinds[i],
					   filter ? bf_status_message(check_filter(filter, bf_filter_bytes(nblocks))) : "none");
				free(filter);
			}
			CHECK_STATUS(check_state(m, length), BF_ERR_FORMAT_KIND);
		}
	}

	/* the largest hash capacity is accepted, one more is not */
	{
		uint64_t	big_length = bf_state_bytes_hashes(BF_AGG_MAX_HASHES);
		uint8_t    *big = xcalloc(big_length);

		bf_state_init_hashes(big, BF_AGG_MAX_HASHES, 0.01);
		CHECK_STATUS(check_state(big, big_length), BF_OK);
		bf_store_u32(big + 12, BF_AGG_MAX_HASHES + 1);
		CHECK_STATUS(check_state(big, big_length + 8), BF_ERR_FORMAT_STATE);
		free(big);
	}

	free(state);
	free(m);
}

void
test_aggstate_filter_auto(void)
{
	const double p = 0.01;
	const uint64_t count = 1000;
	uint64_t	auto_blocks = 0;
	uint64_t	planned;
	int			k = 0,
				plan_k;
	uint64_t	length;
	uint8_t    *state;
	uint64_t   *hashes = xcalloc(count * sizeof(uint64_t));
	uint8_t    *hashes_le = xcalloc(count * 8);
	bf_state_header h;
	uint64_t	nblocks,
				fold;
	int			final_k;
	uint8_t    *filter;

	/* the auto size: 720720 * 2^j blocks, the smallest that holds the capacity */
	CHECK_STATUS(bf_state_auto_blocks(p, &auto_blocks, &k), BF_OK);
	CHECK_STATUS(bf_plan(BF_AGG_AUTO_CAPACITY, p, &planned, &plan_k), BF_OK);
	CHECK(k == plan_k);
	CHECK_U64(auto_blocks % BF_AGG_FOLD_BASE_BLOCKS, 0);
	CHECK(((auto_blocks / BF_AGG_FOLD_BASE_BLOCKS) & (auto_blocks / BF_AGG_FOLD_BASE_BLOCKS - 1)) == 0);
	CHECK(auto_blocks >= planned && auto_blocks / 2 < planned);
	CHECK(auto_blocks <= BF_MAX_BLOCKS);
	CHECK_U64(auto_blocks, 4 * BF_AGG_FOLD_BASE_BLOCKS);	/* 184 MB at p = 0.01 */

	/* other rates: always a power-of-two multiple of the base within the limit */
	{
		const double ps[] = {0.5, 0.1, 1e-3, 1e-6, 1e-9, BF_MIN_P, 1.0 - 1e-9};
		uint64_t	bad = 0;

		for (size_t i = 0; i < sizeof(ps) / sizeof(ps[0]); i++)
		{
			uint64_t	b = 0;
			int			kk = 0;
			uint64_t	multiple;

			if (bf_state_auto_blocks(ps[i], &b, &kk) != BF_OK)
			{
				printf("  bf_state_auto_blocks(%g) failed\n", ps[i]);
				bad++;
				continue;
			}
			multiple = b / BF_AGG_FOLD_BASE_BLOCKS;
			bad += b % BF_AGG_FOLD_BASE_BLOCKS != 0 || multiple == 0 || (multiple & (multiple - 1)) != 0 ||
				b > BF_MAX_BLOCKS || kk < 1 || kk > BF_MAX_K;
		}
		CHECK_U64(bad, 0);
	}
	CHECK_STATUS(bf_state_auto_blocks(BF_MIN_P, &auto_blocks, &k), BF_OK);	/* capacity does not fit */
	CHECK_U64(auto_blocks, 16 * BF_AGG_FOLD_BASE_BLOCKS);
	CHECK_STATUS(bf_state_auto_blocks(0.0, &auto_blocks, &k), BF_ERR_P);
	CHECK_STATUS(bf_state_auto_blocks(NAN, &auto_blocks, &k), BF_ERR_P);
	CHECK_STATUS(bf_state_auto_blocks(1e-13, &auto_blocks, &k), BF_ERR_P_TOO_SMALL);

	/* a mode-filter state of the auto size at p = 0.01 */
	CHECK_STATUS(bf_state_auto_blocks(p, &auto_blocks, &k), BF_OK);
	length = bf_state_bytes_filter(auto_blocks);
	state = xcalloc(length);
	bf_state_init_filter(state, auto_blocks, k, BF_STATE_SIZING_AUTO, p, 0);
	CHECK_STATUS(bf_state_check(state, length, &h), BF_OK);
	CHECK(h.mode == BF_STATE_MODE_FILTER && h.sizing == BF_STATE_SIZING_AUTO && h.rows == 0);

	for (uint64_t i = 0; i < count; i++)
	{
		hashes[i] = hash_int(i + 5000000);
		bf_store_u64(hashes_le + 8 * i, hashes[i]);
	}
	/* half one at a time, half in a batch */
	for (uint64_t i = 0; i < count / 2; i++)
		bf_state_add(state, hashes[i], BF_KIND_INTEGER);
	bf_add_hashes_le(bf_view_of(bf_state_filter(state)), hashes_le + 8 * (count / 2), count - count / 2);
	bf_state_set_counts(state, BF_KIND_INTEGER, count);
	CHECK_STATUS(bf_state_check(state, length, &h), BF_OK);
	CHECK(h.rows == count && h.value_kind == BF_KIND_INTEGER);
	CHECK_U64(missing_hashes(bf_state_filter(state), hashes, count), 0);

	/* the final shape folds, by the largest divisor that keeps enough blocks */
	CHECK_STATUS(bf_state_final_shape(state, &nblocks, &final_k, &fold), BF_OK);
	CHECK_STATUS(bf_plan((int64_t) count, p, &planned, &plan_k), BF_OK);
	CHECK(fold > 1);
	CHECK(final_k == k);
	CHECK_U64(nblocks * fold, auto_blocks);
	CHECK(nblocks >= planned);
	{
		uint64_t	better = 0;

		for (uint64_t d = fold + 1; d <= auto_blocks / planned; d++)
			if (auto_blocks % d == 0 && auto_blocks / d >= planned)
				better = d;
		CHECK_U64(better, 0);
	}
	/* 720720 * 4 has divisors close to any size: at most 1.2x the exact one */
	CHECK(nblocks <= planned * 6 / 5);

	filter = final_filter(state, &nblocks, &final_k, &fold);
	CHECK(filter != NULL);
	if (filter != NULL)
	{
		bf_header	fh;
		uint8_t    *direct = direct_filter(nblocks, final_k, hashes, count, count, p);

		CHECK_STATUS(bf_check_header(filter, bf_filter_bytes(nblocks), &fh), BF_OK);
		CHECK(fh.n_added == count && fh.value_kind == BF_KIND_INTEGER && fh.design_n == count &&
			  fh.design_p == p && fh.nblocks == nblocks && fh.k == final_k);
		CHECK_U64(missing_hashes(filter, hashes, count), 0);
		CHECK(memcmp(filter, direct, (size_t) bf_filter_bytes(nblocks)) == 0);
		free(direct);
		free(filter);
	}

	/* the embedded filter must agree with the state */
	{
		uint8_t    *f = bf_state_filter(state);
		uint8_t		saved[BF_HEADER_BYTES];

#define EMBEDDED(statement, want) \
		do { \
			memcpy(saved, f, BF_HEADER_BYTES); \
			statement; \
			CHECK_STATUS(check_state(state, length), want); \
			memcpy(f, saved, BF_HEADER_BYTES); \
		} while (0)

		EMBEDDED((void) 0, BF_OK);
		EMBEDDED(bf_store_u64(f + BF_OFF_N_ADDED, count + 1), BF_ERR_FORMAT_STATE);
		EMBEDDED(bf_store_u32(f + BF_OFF_VALUE_KIND, BF_KIND_TEXT), BF_ERR_FORMAT_STATE);
		EMBEDDED(bf_store_f64(f + BF_OFF_DESIGN_P, 0.02), BF_ERR_FORMAT_STATE);
		EMBEDDED(bf_store_u64(f + BF_OFF_DESIGN_N, 5), BF_ERR_FORMAT_STATE);
		EMBEDDED(f[0] = 'X', BF_ERR_FORMAT_MAGIC);
		EMBEDDED(f[BF_OFF_K] = 0, BF_ERR_FORMAT_K);
		EMBEDDED(bf_store_u64(f + BF_OFF_NBLOCKS, auto_blocks - 1), BF_ERR_FORMAT_LENGTH);
		EMBEDDED(bf_store_u32(f + BF_OFF_VALUE_KIND, BF_KIND_NONE), BF_ERR_FORMAT_COUNT);
#undef EMBEDDED
		CHECK_STATUS(check_state(state, length - 1), BF_ERR_FORMAT_LENGTH);
	}
	free(state);
	free(hashes);
	free(hashes_le);
}

void
test_aggstate_filter_small(void)
{
	/* states with small embedded filters, for the other sizing paths and the checks */
	const uint64_t count = 500;
	uint64_t   *hashes = xcalloc(count * sizeof(uint64_t));
	uint64_t	nblocks,
				fold;
	int			k,
				final_k;
	uint64_t	length;
	uint8_t    *state;
	uint8_t    *m;
	uint8_t    *filter;

	for (uint64_t i = 0; i < count; i++)
		hashes[i] = hash_int(i * 3 + 1);

	/* fixed sizing: the filter as it is, fold 1, and design n kept */
	CHECK_STATUS(bf_plan((int64_t) count, 0.01, &nblocks, &k), BF_OK);
	length = bf_state_bytes_filter(nblocks);
	CHECK_U64(length, 48 + 52 + nblocks * 64 + 8 * BF_AGG_PENDING);	/* state header, filter, parked slots */
	state = xcalloc(length);
	m = xcalloc(length);
	bf_state_init_filter(state, nblocks, k, BF_STATE_SIZING_FIXED, 0.01, count);
	CHECK_STATUS(check_state(state, length), BF_OK);
	for (uint64_t i = 0; i < count; i++)
		bf_state_add(state, hashes[i], BF_KIND_INTEGER);
	bf_state_set_counts(state, BF_KIND_INTEGER, count);
	CHECK_STATUS(check_state(state, length), BF_OK);
	{
		uint64_t	shape_blocks;

		CHECK_STATUS(bf_state_final_shape(state, &shape_blocks, &final_k, &fold), BF_OK);
		CHECK_U64(fold, 1);
		CHECK_U64(shape_blocks, nblocks);
		CHECK(final_k == k);
	}
	filter = final_filter(state, &nblocks, &final_k, &fold);
	CHECK(filter != NULL);
	if (filter != NULL)
	{
		uint8_t    *direct = direct_filter(nblocks, k, hashes, count, count, 0.01);

		CHECK_STATUS(check_filter(filter, bf_filter_bytes(nblocks)), BF_OK);
		CHECK(memcmp(filter, direct, (size_t) bf_filter_bytes(nblocks)) == 0);
		free(direct);
		free(filter);
	}

	/* rejections of a mode-filter state */
#define MUTATED(statement, want) \
	do { \
		memcpy(m, state, (size_t) length); \
		statement; \
		CHECK_STATUS(check_state(m, length), want); \
	} while (0)

	MUTATED((void) 0, BF_OK);
	MUTATED(bf_store_u32(m + 12, 1), BF_ERR_FORMAT_STATE);	/* hash capacity in mode filter */
	MUTATED(bf_store_u32(m + 44, BF_AGG_PENDING + 1), BF_ERR_FORMAT_STATE);	/* more parked than slots */
	MUTATED(m[47] = 1, BF_ERR_FORMAT_STATE);
	MUTATED(m[7] = 0, BF_ERR_FORMAT_STATE);	/* unknown sizing */
	MUTATED(m[7] = 3, BF_ERR_FORMAT_STATE);
	MUTATED(m[7] = BF_STATE_SIZING_AUTO, BF_ERR_FORMAT_STATE);	/* auto with a design n */
	MUTATED(m[6] = BF_STATE_MODE_HASHES, BF_ERR_FORMAT_STATE);
	MUTATED(m[6] = 7, BF_ERR_FORMAT_STATE);
	MUTATED(bf_store_u64(m + 24, count + 1), BF_ERR_FORMAT_STATE);	/* rows disagree */
	MUTATED(bf_store_u32(m + 8, BF_KIND_TEXT), BF_ERR_FORMAT_STATE);	/* kind disagrees */
	MUTATED(bf_store_f64(m + 16, 0.02), BF_ERR_FORMAT_STATE);	/* p disagrees */
	MUTATED(bf_store_u64(m + 32, count + 1), BF_ERR_FORMAT_STATE);	/* design n disagrees */
	MUTATED(bf_store_u32(m + 40, 1), BF_ERR_FORMAT_FLAGS);
	MUTATED(m[BF_STATE_FILTER_OFFSET + BF_OFF_RESERVED] = 1, BF_ERR_FORMAT_FLAGS);
#undef MUTATED
	CHECK_STATUS(check_state(state, BF_STATE_FILTER_OFFSET - 1), BF_ERR_FORMAT_STATE);
	CHECK_STATUS(check_state(state, BF_STATE_FILTER_OFFSET + 8 * BF_AGG_PENDING), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(check_state(state, length + 64), BF_ERR_FORMAT_LENGTH);
	free(state);
	free(m);

	/*
	 * Auto sizing with more rows than the filter was made for: no fold, every
	 * block kept (the planned size is larger, or over the limit).
	 */
	length = bf_state_bytes_filter(720);
	state = xcalloc(length);
	bf_state_init_filter(state, 720, 7, BF_STATE_SIZING_AUTO, 0.01, 0);
	bf_state_set_counts(state, BF_KIND_INTEGER, 1000000);
	CHECK_STATUS(check_state(state, length), BF_OK);
	CHECK_STATUS(bf_state_final_shape(state, &nblocks, &final_k, &fold), BF_OK);
	CHECK(fold == 1 && nblocks == 720 && final_k == 7);
	bf_state_set_counts(state, BF_KIND_INTEGER, UINT64_C(1) << 40);
	CHECK_STATUS(bf_state_final_shape(state, &nblocks, &final_k, &fold), BF_OK);
	CHECK(fold == 1 && nblocks == 720 && final_k == 7);
	/* counts past any sizing (1e18, and 2^63 and up, negative as int64): the same */
	for (int i = 0; i < 3; i++)
	{
		uint64_t	rows[3] = {UINT64_C(1000000000000000001), UINT64_C(1) << 63, UINT64_MAX};
		bf_state_header past;

		bf_state_set_counts(state, BF_KIND_INTEGER, rows[i]);
		CHECK_STATUS(check_state(state, length), BF_OK);
		CHECK_STATUS(bf_state_final_shape(state, &nblocks, &final_k, &fold), BF_OK);
		CHECK(fold == 1 && nblocks == 720 && final_k == 7);
		bf_state_read_header(state, &past);
		CHECK_STATUS(bf_state_plan_rows(&past, &nblocks, &final_k), BF_ERR_TOO_LARGE);
	}
	/* no rows: folds all the way to one block */
	bf_state_set_counts(state, BF_KIND_NONE, 0);
	CHECK_STATUS(bf_state_final_shape(state, &nblocks, &final_k, &fold), BF_OK);
	CHECK(fold == 720 && nblocks == 1 && final_k == 7);
	filter = final_filter(state, &nblocks, &final_k, &fold);
	CHECK(filter != NULL && check_filter(filter, bf_filter_bytes(1)) == BF_OK &&
		  bf_check_empty_bits(filter, 0, 1) == BF_OK);
	free(filter);
	/* a prime block count can only fold by itself or not at all */
	free(state);
	length = bf_state_bytes_filter(727);
	state = xcalloc(length);
	bf_state_init_filter(state, 727, 5, BF_STATE_SIZING_AUTO, 0.1, 0);
	for (uint64_t i = 0; i < count; i++)
		bf_state_add(state, hashes[i], BF_KIND_INTEGER);
	bf_state_set_counts(state, BF_KIND_INTEGER, count);
	CHECK_STATUS(check_state(state, length), BF_OK);
	CHECK_STATUS(bf_state_final_shape(state, &nblocks, &final_k, &fold), BF_OK);
	CHECK(fold == 1 && nblocks == 727);
	filter = final_filter(state, &nblocks, &final_k, &fold);
	CHECK(filter != NULL && memcmp(filter + BF_HEADER_BYTES, bf_state_filter(state) + BF_HEADER_BYTES,
								   727 * BF_BLOCK_BYTES) == 0);
	free(filter);
	free(state);
	free(hashes);
}

/*
 * The parked ring: hashes added one by one to a mode-filter state wait in 16
 * slots for their prefetched block.  Whatever the count, every added hash is
 * in the final filter, and a bulk count change first applies the parked ones.
 */
void
test_aggstate_parked(void)
{
	uint64_t	counts[] = {0, 1, 15, 16, 17, 33, 1000};
	uint64_t	nblocks;
	int			k;

	CHECK_STATUS(bf_plan(1000, 0.01, &nblocks, &k), BF_OK);
	for (size_t c = 0; c < sizeof(counts) / sizeof(counts[0]); c++)
	{
		uint64_t	count = counts[c];
		uint64_t	length = bf_state_bytes_filter(nblocks);
		uint8_t    *state = xcalloc(length);
		uint64_t   *hashes = xcalloc(8 * (count + 1));
		uint8_t    *filter;
		uint64_t	final_blocks;
		uint64_t	fold;
		int			final_k;
		bf_state_header h;

		bf_state_init_filter(state, nblocks, k, BF_STATE_SIZING_FIXED, 0.01, 1000);
		for (uint64_t i = 0; i < count; i++)
		{
			hashes[i] = hash_int(i + 777);
			bf_state_add(state, hashes[i], BF_KIND_INTEGER);
		}
		CHECK_STATUS(bf_state_check(state, length, &h), BF_OK);
		CHECK_U64(h.rows, count);
		CHECK_U64(bf_load_u32(state + BF_STATE_HEADER_BYTES), count < BF_AGG_PENDING ? count : BF_AGG_PENDING);
		/* the final filter has every hash, parked or not, and the state is unchanged */
		filter = final_filter(state, &final_blocks, &final_k, &fold);
		CHECK(filter != NULL);
		if (filter != NULL)
			CHECK_U64(missing_hashes(filter, hashes, count), 0);
		free(filter);
		CHECK_U64(bf_load_u32(state + BF_STATE_HEADER_BYTES), count < BF_AGG_PENDING ? count : BF_AGG_PENDING);
		/* a bulk count change applies them to the state's own filter */
		bf_state_set_counts(state, count ? BF_KIND_INTEGER : BF_KIND_NONE, count);
		CHECK_U64(bf_load_u32(state + BF_STATE_HEADER_BYTES), 0);
		CHECK_U64(missing_hashes(bf_state_filter(state), hashes, count), 0);
		free(hashes);
		free(state);
	}
}

/* bf_state_reserve_plan never plans a hash list past BF_AGG_MAX_HASHES, whatever limit it is given. */
void
test_aggstate_reserve_limit(void)
{
	bf_state_header header;
	uint32_t	capacity = 0;

	memset(&header, 0, sizeof(header));
	header.mode = BF_STATE_MODE_HASHES;
	header.hash_capacity = BF_AGG_MAX_HASHES / 2;
	header.rows = BF_AGG_MAX_HASHES / 2;
	CHECK(bf_state_reserve_plan(&header, 1, UINT64_MAX, &capacity) == BF_RESERVE_GROW);
	CHECK_U64(capacity, BF_STATE_CAPACITY_IN(UINT64_C(1) << 27));
	header.rows = BF_STATE_CAPACITY_IN(UINT64_C(1) << 27);
	header.hash_capacity = header.rows;
	CHECK(bf_state_reserve_plan(&header, 1, UINT64_MAX, &capacity) == BF_RESERVE_GROW);
	CHECK_U64(capacity, BF_AGG_MAX_HASHES);
	header.rows = BF_AGG_MAX_HASHES / 2;
	header.hash_capacity = BF_AGG_MAX_HASHES / 2;
	CHECK(bf_state_reserve_plan(&header, BF_AGG_MAX_HASHES, UINT64_MAX, &capacity) == BF_RESERVE_SWITCH);
	CHECK(bf_state_reserve_plan(&header, 1, UINT64_C(1) << 40, &capacity) == BF_RESERVE_GROW);
	CHECK(capacity >= header.rows + 1 && capacity <= BF_AGG_MAX_HASHES);
	header.rows = 3;
	header.hash_capacity = 4;
	CHECK(bf_state_reserve_plan(&header, 1, 100, &capacity) == BF_RESERVE_FITS);
	/* each growth doubles the state's bytes, with the varlena header a power of two */
	header.rows = BF_AGG_INITIAL_HASHES;
	header.hash_capacity = BF_AGG_INITIAL_HASHES;
	for (uint64_t bytes = 2 * BF_AGG_INITIAL_STATE_BYTES; bytes <= (UINT64_C(1) << 27); bytes *= 2)
	{
		CHECK(bf_state_reserve_plan(&header, 1, UINT64_MAX, &capacity) == BF_RESERVE_GROW);
		CHECK_U64(BF_STATE_VARLENA_HEADER_BYTES + bf_state_bytes_hashes(capacity), bytes);
		header.rows = capacity;
		header.hash_capacity = capacity;
	}
}

static int
compare_u64(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *) a;
	uint64_t	y = *(const uint64_t *) b;

	return x < y ? -1 : x > y;
}

/*
 * bf_state_sorted_hashes gives the state's hashes in qsort's order: random
 * hashes with duplicates, hashes that share their low bytes (passes
 * skipped) or their top byte (one run), a single hash and none; the state
 * itself is not changed.
 */
void
test_aggstate_sorted_hashes(void)
{
	static const uint32_t rows_cases[] = {0, 1, 2, 1000, 70000};

	for (size_t c = 0; c < sizeof(rows_cases) / sizeof(rows_cases[0]); c++)
		for (int shared = 0; shared < 3; shared++)
		{
			uint32_t	rows = rows_cases[c];
			uint32_t	capacity = rows > 0 ? rows : 1;
			uint64_t	length = bf_state_bytes_hashes(capacity);
			uint8_t    *state = xcalloc(length);
			uint8_t    *before = xcalloc(length);
			uint64_t   *want = xcalloc(capacity * sizeof(uint64_t));
			uint64_t   *sorted = xcalloc(capacity * sizeof(uint64_t));
			uint64_t   *scratch = xcalloc(capacity * sizeof(uint64_t));

			bf_state_init_hashes(state, capacity, 0.01);
			for (uint32_t i = 0; i < rows; i++)
			{
				/* every seventh row repeats an earlier hash */
				uint64_t	hash = i % 7 == 6 ? want[i / 2] : hash_int(rng_next());

				if (shared == 1)	/* the low 3 bytes: their passes skipped */
					hash = (hash & ~UINT64_C(0xFFFFFF)) | 0xABCDEF;
				else if (shared == 2)	/* the top byte: one run */
					hash = (hash & ~(UINT64_C(0xFF) << 56)) | UINT64_C(0xAB) << 56;
				want[i] = hash;
				bf_state_add(state, hash, BF_KIND_INTEGER);
			}
			bf_state_set_counts(state, BF_KIND_INTEGER, rows);
			memcpy(before, state, length);
			bf_state_sorted_hashes(state, sorted, scratch, NULL);
			qsort(want, rows, sizeof(uint64_t), compare_u64);
			CHECK(rows == 0 || memcmp(sorted, want, rows * sizeof(uint64_t)) == 0);
			CHECK(memcmp(before, state, length) == 0);
			free(scratch);
			free(sorted);
			free(want);
			free(before);
			free(state);
		}
}

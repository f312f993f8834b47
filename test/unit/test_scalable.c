/*
 * test_scalable.c - unit tests of bf_scalable.c, scalablebloom's core.
 *
 * A chain is grown the way the glue grows it (add; on "needs growth",
 * append a sub-filter into a larger buffer and add again), then checked:
 * no false negative, each sub-filter shaped exactly as bf_plan plans it,
 * counts by the rules of bf_scalable.c, duplicates changing nothing, union
 * rules, and one malformed value per check of sbf_check and sbf_validate.
 */
#include "harness.h"

#include "bf_scalable.h"

typedef struct test_chain
{
	uint8_t    *bytes;
	uint64_t	length;
} test_chain;

static test_chain
chain_new(int64_t n0, double p, int64_t expansion, double tightening)
{
	test_chain	chain;

	CHECK_STATUS(sbf_empty_bytes(n0, p, expansion, tightening, &chain.length), BF_OK);
	chain.bytes = malloc((size_t) chain.length);
	memset(chain.bytes, 0xA5, (size_t) chain.length);	/* sbf_init must clear it */
	sbf_init(chain.bytes, n0, p, expansion, tightening);
	return chain;
}

static uint8_t *
test_alloc(uint64_t bytes, void *context)
{
	(void) context;
	return malloc((size_t) bytes);
}

static void
test_free(uint8_t *bytes, void *context)
{
	(void) context;
	free(bytes);
}

static const sbf_allocator test_allocator = {test_alloc, test_free, NULL};

/* The add the glue makes (sbf_add_hashes, growing): PRESENT, or ADDED. */
static sbf_add_result
chain_add(test_chain *chain, uint64_t hash)
{
	uint64_t	n_before = bf_load_u64(chain->bytes + SBF_OFF_N_ADDED);

	CHECK_STATUS(sbf_add_hashes(&chain->bytes, &chain->length, &hash, 1, BF_KIND_INTEGER, &test_allocator, NULL),
				 BF_OK);
	return bf_load_u64(chain->bytes + SBF_OFF_N_ADDED) == n_before ? SBF_ADD_PRESENT : SBF_ADD_ADDED;
}

static bool
chain_contains(const test_chain *chain, uint64_t hash)
{
	sbf_chain	views;

	sbf_chain_of(chain->bytes, &views);
	return sbf_chain_contains_hash(&views, hash);
}

static bf_status
chain_validate(const test_chain *chain)
{
	sbf_header	header;
	sbf_subfilter subs[SBF_MAX_SUBFILTERS];

	return sbf_validate(chain->bytes, chain->length, &header, subs, 3, NULL);
}

static void
test_scalable_params(void)
{
	uint64_t	bytes;

	CHECK_STATUS(sbf_check_params(0, 0.01, 2, 0.5), BF_ERR_N);
	CHECK_STATUS(sbf_check_params(SBF_MAX_INITIAL_CAPACITY + 1, 0.01, 2, 0.5), BF_ERR_N);
	CHECK_STATUS(sbf_check_params(10, 0.0, 2, 0.5), BF_ERR_P);
	CHECK_STATUS(sbf_check_params(10, 1.0, 2, 0.5), BF_ERR_P);
	CHECK_STATUS(sbf_check_params(10, NAN, 2, 0.5), BF_ERR_P);
	CHECK_STATUS(sbf_check_params(10, 1e-13, 2, 0.5), BF_ERR_P_TOO_SMALL);
	CHECK_STATUS(sbf_check_params(10, 0.01, 1, 0.5), BF_ERR_EXPANSION);
	CHECK_STATUS(sbf_check_params(10, 0.01, 17, 0.5), BF_ERR_EXPANSION);
	CHECK_STATUS(sbf_check_params(10, 0.01, 2, 0.0), BF_ERR_TIGHTENING);
	CHECK_STATUS(sbf_check_params(10, 0.01, 2, 1.0), BF_ERR_TIGHTENING);
	CHECK_STATUS(sbf_check_params(10, 0.01, 2, NAN), BF_ERR_TIGHTENING);
	CHECK_STATUS(sbf_check_params(10, 0.01, 16, 0.9), BF_OK);
	/* p valid, but the first sub-filter's p (1 - r) is below BF_MIN_P */
	CHECK_STATUS(sbf_empty_bytes(10, 1.5e-12, 2, 0.5, &bytes), BF_ERR_P_TOO_SMALL);
	/* the first sub-filter over the size limit */
	CHECK_STATUS(sbf_empty_bytes(SBF_MAX_INITIAL_CAPACITY, 0.01, 2, 0.5, &bytes), BF_ERR_TOO_LARGE);
}

static void
test_scalable_empty(void)
{
	test_chain	chain = chain_new(1000, 0.01, 2, 0.5);
	sbf_header	header;
	sbf_subfilter subs[SBF_MAX_SUBFILTERS];
	uint64_t	nblocks;
	int			k;

	CHECK_STATUS(sbf_validate(chain.bytes, chain.length, &header, subs, 0, NULL), BF_OK);
	CHECK(memcmp(chain.bytes, "SBLM", 4) == 0);
	CHECK_U64(header.subfilters, 1);
	CHECK_U64(header.n_added, 0);
	CHECK_U64(header.value_kind, BF_KIND_NONE);
	CHECK_U64(subs[0].capacity, 1000);
	CHECK_STATUS(bf_plan(1000, 0.005, &nblocks, &k), BF_OK);
	CHECK_U64(subs[0].nblocks, nblocks);
	CHECK_U64(subs[0].k, k);
	/* blocks 8-byte aligned after a 4-byte varlena header */
	CHECK_U64((4 + subs[0].offset) % 8, 0);
	CHECK(!chain_contains(&chain, hash_int(1)));
	free(chain.bytes);
}

static void
test_scalable_growth(void)
{
	const uint64_t n = 10000;
	test_chain	chain = chain_new(100, 0.01, 2, 0.5);
	sbf_header	header;
	sbf_subfilter subs[SBF_MAX_SUBFILTERS];
	uint64_t	added = 0;
	uint8_t    *before;

	for (uint64_t v = 0; v < n; v++)
		added += chain_add(&chain, hash_int(v)) == SBF_ADD_ADDED;
	for (uint64_t v = 0; v < n; v++)
		CHECK(chain_contains(&chain, hash_int(v)));
	CHECK_STATUS(sbf_validate(chain.bytes, chain.length, &header, subs, 0, NULL), BF_OK);
	CHECK_U64(header.n_added, added);
	/* a few values were false positives of the chain before them: not counted */
	CHECK(added > n - n / 50 && added <= n);
	/* 100 + 200 + ... + 6400 = 12,700 >= 10,000 > 6,300 */
	CHECK_U64(header.subfilters, 7);
	for (uint32_t i = 0; i < header.subfilters; i++)
	{
		uint64_t	nblocks;
		int			k;
		double		rate = 0.01 * 0.5;

		for (uint32_t j = 0; j < i; j++)
			rate *= 0.5;
		CHECK_U64(subs[i].capacity, UINT64_C(100) << i);
		CHECK_STATUS(bf_plan((int64_t) subs[i].capacity, rate, &nblocks, &k), BF_OK);
		CHECK_U64(subs[i].nblocks, nblocks);
		CHECK_U64(subs[i].k, k);
		if (i + 1 < header.subfilters)
			CHECK_U64(subs[i].n_added, subs[i].capacity);
	}

	/* duplicates change nothing, byte for byte */
	before = malloc((size_t) chain.length);
	memcpy(before, chain.bytes, (size_t) chain.length);
	for (uint64_t v = 0; v < n; v += 7)
		CHECK(chain_add(&chain, hash_int(v)) == SBF_ADD_PRESENT);
	CHECK(memcmp(before, chain.bytes, (size_t) chain.length) == 0);
	free(before);

	/* one batch, growing six times on the way (and prefetching ahead), builds the same bytes as single adds */
	{
		test_chain	batch = chain_new(100, 0.01, 2, 0.5);
		uint64_t   *hashes = malloc(n * sizeof(uint64_t));

		for (uint64_t v = 0; v < n; v++)
			hashes[v] = hash_int(v);
		CHECK_STATUS(sbf_add_hashes(&batch.bytes, &batch.length, hashes, n, BF_KIND_INTEGER, &test_allocator, NULL),
					 BF_OK);
		CHECK_U64(batch.length, chain.length);
		CHECK(memcmp(batch.bytes, chain.bytes, (size_t) chain.length) == 0);
		free(hashes);
		free(batch.bytes);
	}
	free(chain.bytes);
}

static int	between_count;

static void
count_between(void)
{
	between_count++;
}

static void
test_scalable_limits(void)
{
	sbf_header	header;
	sbf_subfilter plan;
	double		rate;
	test_chain	chain = chain_new(1, 0.01, 16, 0.5);
	uint64_t	grown;

	sbf_read_header(chain.bytes, &header);
	CHECK_STATUS(sbf_plan_subfilter(&header, 6, &plan, &rate), BF_OK);
	CHECK_U64(plan.capacity, UINT64_C(1) << 24);
	/* 16^7 elements at p / 2^8 need more than SBF_MAX_BYTES: the chain ends, nothing allocated */
	CHECK_STATUS(sbf_plan_subfilter(&header, 7, &plan, &rate), BF_ERR_CHAIN_FULL);
	CHECK_STATUS(sbf_plan_subfilter(&header, 40, &plan, &rate), BF_ERR_CHAIN_FULL);
	bf_store_u32(chain.bytes + SBF_OFF_SUBFILTERS, 7);
	CHECK_STATUS(sbf_grown_bytes(chain.bytes, chain.length, &grown), BF_ERR_CHAIN_FULL);
	bf_store_u32(chain.bytes + SBF_OFF_SUBFILTERS, SBF_MAX_SUBFILTERS);
	CHECK_STATUS(sbf_grown_bytes(chain.bytes, chain.length, &grown), BF_ERR_CHAIN_FULL);
	free(chain.bytes);

	/* through sbf_add_hashes: the values before the end are in, the rest refused */
	{
		uint64_t	hashes[2000];
		uint64_t	n_added;

		chain = chain_new(1, 1e-9, 16, 0.1);
		for (int i = 0; i < 2000; i++)
			hashes[i] = hash_int((uint64_t) i);
		between_count = 0;
		CHECK_STATUS(sbf_add_hashes(&chain.bytes, &chain.length, hashes, 2000, BF_KIND_INTEGER, &test_allocator,
									count_between), BF_ERR_CHAIN_FULL);
		CHECK(between_count == 1);
		CHECK_STATUS(chain_validate(&chain), BF_OK);
		sbf_read_header(chain.bytes, &header);
		n_added = header.n_added;
		CHECK_U64(header.subfilters, 3);
		CHECK(n_added > 0 && n_added <= 1 + 16 + 256);
		free(chain.bytes);
	}

	/* the rate ends it too: 1e-9 * 0.9 * 0.1^3 < 1e-12 */
	chain = chain_new(10, 1e-9, 2, 0.1);
	sbf_read_header(chain.bytes, &header);
	CHECK_STATUS(sbf_plan_subfilter(&header, 2, &plan, &rate), BF_OK);
	CHECK_STATUS(sbf_plan_subfilter(&header, 3, &plan, &rate), BF_ERR_CHAIN_FULL);
	free(chain.bytes);
}

static test_chain
chain_copy(const test_chain *chain)
{
	test_chain	copy = {malloc((size_t) chain->length), chain->length};

	memcpy(copy.bytes, chain->bytes, (size_t) chain->length);
	return copy;
}

static void
test_scalable_union(void)
{
	test_chain	a = chain_new(50, 0.01, 2, 0.5);
	test_chain	b = chain_new(50, 0.01, 2, 0.5);
	test_chain	other;
	sbf_header	ha,
				hb,
				hr;
	sbf_subfilter subs[SBF_MAX_SUBFILTERS];
	const char *differs;
	test_chain	result;

	for (uint64_t v = 0; v < 1000; v++)
		(void) chain_add(&a, hash_int(v));
	for (uint64_t v = 5000; v < 5100; v++)
		(void) chain_add(&b, hash_int(v));
	sbf_read_header(a.bytes, &ha);
	sbf_read_header(b.bytes, &hb);
	CHECK(ha.subfilters > hb.subfilters);
	CHECK_STATUS(sbf_union_check(&ha, &hb, &differs), BF_OK);
	result = chain_copy(&a);
	CHECK_STATUS(sbf_union_into(result.bytes, b.bytes, 1, NULL), BF_OK);
	CHECK_STATUS(sbf_validate(result.bytes, result.length, &hr, subs, 0, NULL), BF_OK);
	CHECK_U64(hr.n_added, ha.n_added + hb.n_added);
	CHECK_U64(hr.subfilters, ha.subfilters);
	for (uint64_t v = 0; v < 1000; v++)
		CHECK(chain_contains(&result, hash_int(v)));
	for (uint64_t v = 5000; v < 5100; v++)
		CHECK(chain_contains(&result, hash_int(v)));
	free(result.bytes);

	/* with an empty chain: the same bytes */
	other = chain_new(50, 0.01, 2, 0.5);
	result = chain_copy(&a);
	CHECK_STATUS(sbf_union_into(result.bytes, other.bytes, 0, NULL), BF_OK);
	CHECK(memcmp(result.bytes, a.bytes, (size_t) a.length) == 0);
	free(result.bytes);
	free(other.bytes);

	/* each parameter that differs is named */
	other = chain_new(51, 0.01, 2, 0.5);
	sbf_read_header(other.bytes, &hb);
	CHECK_STATUS(sbf_union_check(&ha, &hb, &differs), BF_ERR_CHAIN_PARAMS);
	CHECK(differs != NULL && strcmp(differs, "initial capacity") == 0);
	free(other.bytes);
	other = chain_new(50, 0.02, 2, 0.5);
	sbf_read_header(other.bytes, &hb);
	CHECK_STATUS(sbf_union_check(&ha, &hb, &differs), BF_ERR_CHAIN_PARAMS);
	CHECK(differs != NULL && strcmp(differs, "false-positive rate") == 0);
	free(other.bytes);
	other = chain_new(50, 0.01, 3, 0.5);
	sbf_read_header(other.bytes, &hb);
	CHECK_STATUS(sbf_union_check(&ha, &hb, &differs), BF_ERR_CHAIN_PARAMS);
	CHECK(differs != NULL && strcmp(differs, "expansion") == 0);
	free(other.bytes);
	other = chain_new(50, 0.01, 2, 0.25);
	sbf_read_header(other.bytes, &hb);
	CHECK_STATUS(sbf_union_check(&ha, &hb, &differs), BF_ERR_CHAIN_PARAMS);
	CHECK(differs != NULL && strcmp(differs, "tightening ratio") == 0);
	free(other.bytes);
	hb = ha;
	hb.value_kind = BF_KIND_TEXT;
	CHECK_STATUS(sbf_union_check(&ha, &hb, &differs), BF_ERR_KIND_MISMATCH);
	free(a.bytes);
	free(b.bytes);
}

/*
 * Two chains of the same parameters whose sub-filter shapes disagree (a
 * value planned by another build's bf_plan, or damaged on disk: sbf_check
 * does not plan): the union must refuse, not OR the longer's nblocks out of
 * the other's buffer.  `other` says sub-filter 0 has one block fewer than
 * planned and is followed by guard bytes of 0xFF that are not its own.
 */
static void
test_scalable_union_shapes(void)
{
	test_chain	a = chain_new(500, 0.01, 2, 0.5);
	sbf_header	header;
	sbf_subfilter subs[SBF_MAX_SUBFILTERS];
	uint64_t	other_length;
	uint8_t    *other;
	test_chain	result;

	for (uint64_t v = 0; v < 600; v++)
		(void) chain_add(&a, hash_int(v));
	CHECK_STATUS(sbf_check(a.bytes, a.length, &header, subs), BF_OK);
	CHECK(header.subfilters == 2 && subs[0].nblocks >= 2);
	/* a one-sub-filter chain of a's parameters, one block short, then a guard block */
	other_length = sbf_table_end(1) + (subs[0].nblocks - 1) * BF_BLOCK_BYTES;
	other = malloc((size_t) other_length + BF_BLOCK_BYTES);
	memcpy(other, a.bytes, SBF_HEADER_BYTES + SBF_DESCRIPTOR_BYTES);
	memset(other + sbf_table_end(1), 0, (size_t) (other_length - sbf_table_end(1)));
	memset(other + other_length, 0xFF, BF_BLOCK_BYTES);
	bf_store_u32(other + SBF_OFF_SUBFILTERS, 1);
	bf_store_u64(other + SBF_OFF_N_ADDED, 1);
	bf_store_u64(other + SBF_HEADER_BYTES + SBF_DOFF_N_ADDED, 1);
	bf_store_u64(other + SBF_HEADER_BYTES + SBF_DOFF_NBLOCKS, subs[0].nblocks - 1);
	CHECK_STATUS(sbf_check(other, other_length, &header, subs), BF_OK);
	/* a shape another build might have planned: valid, but it does not unite with a's */
	CHECK_STATUS(sbf_validate(other, other_length, &header, subs, 0, NULL), BF_OK);

	result = chain_copy(&a);
	CHECK_STATUS(sbf_union_into(result.bytes, other, 0, NULL), BF_ERR_CHAIN_SHAPES);
	/* refused before anything was written: no guard bit came in */
	CHECK(memcmp(result.bytes, a.bytes, (size_t) a.length) == 0);
	free(result.bytes);
	free(other);
	free(a.bytes);
}

/* One malformed value per check: a copy of a good chain with one thing changed. */
static void
test_scalable_malformed(void)
{
	test_chain	good = chain_new(20, 0.01, 2, 0.5);
	test_chain	bad;
	test_chain	empty = chain_new(20, 0.01, 2, 0.5);
	sbf_header	header;
	sbf_subfilter subs[SBF_MAX_SUBFILTERS];
	uint64_t	last_descriptor;

	for (uint64_t v = 0; v < 100; v++)
		(void) chain_add(&good, hash_int(v));
	CHECK_STATUS(chain_validate(&good), BF_OK);
	sbf_read_header(good.bytes, &header);
	CHECK(header.subfilters >= 3);
	last_descriptor = SBF_HEADER_BYTES + (uint64_t) (header.subfilters - 1) * SBF_DESCRIPTOR_BYTES;

#define MALFORMED(change, want) \
	do { \
		bad = chain_copy(&good); \
		change; \
		CHECK_STATUS(chain_validate(&bad), want); \
		free(bad.bytes); \
	} while (0)

	MALFORMED(bad.length = 10, BF_ERR_FORMAT_LENGTH);
	MALFORMED(bad.length -= 1, BF_ERR_FORMAT_LENGTH);
	MALFORMED(bad.bytes[0] = 'X', BF_ERR_FORMAT_MAGIC);
	MALFORMED(bad.bytes[SBF_OFF_VERSION] = 2, BF_ERR_FORMAT_VERSION);
	MALFORMED(bad.bytes[SBF_OFF_HASH_SCHEME] = 2, BF_ERR_FORMAT_HASH_SCHEME);
	MALFORMED(bad.bytes[SBF_OFF_FLAGS] = 1, BF_ERR_FORMAT_FLAGS);
	MALFORMED(bf_store_u32(bad.bytes + SBF_OFF_VALUE_KIND, 77), BF_ERR_FORMAT_KIND);
	MALFORMED(bad.bytes[SBF_OFF_EXPANSION] = 1, BF_ERR_FORMAT_DESIGN);
	MALFORMED(bf_store_f64(bad.bytes + SBF_OFF_DESIGN_P, 1.5), BF_ERR_FORMAT_DESIGN);
	MALFORMED(bf_store_f64(bad.bytes + SBF_OFF_TIGHTENING, 0.0), BF_ERR_FORMAT_DESIGN);
	MALFORMED(bf_store_u64(bad.bytes + SBF_OFF_INITIAL_CAPACITY, 0), BF_ERR_FORMAT_DESIGN);
	MALFORMED(bf_store_u32(bad.bytes + SBF_OFF_SUBFILTERS, 0), BF_ERR_FORMAT_CHAIN);
	MALFORMED(bf_store_u32(bad.bytes + SBF_OFF_SUBFILTERS, SBF_MAX_SUBFILTERS + 1), BF_ERR_FORMAT_CHAIN);
	/* one sub-filter more than there are: its descriptor would be block bytes */
	bad = chain_copy(&good);
	bf_store_u32(bad.bytes + SBF_OFF_SUBFILTERS, header.subfilters + 1);
	CHECK(chain_validate(&bad) != BF_OK);
	free(bad.bytes);
	MALFORMED(bf_store_u64(bad.bytes + SBF_OFF_N_ADDED, header.n_added + 1), BF_ERR_FORMAT_COUNTERS);
	MALFORMED(bf_store_u64(bad.bytes + SBF_OFF_N_ADDED, 0), BF_ERR_FORMAT_COUNT);
	MALFORMED(bf_store_u32(bad.bytes + SBF_OFF_VALUE_KIND, BF_KIND_NONE), BF_ERR_FORMAT_COUNT);
	MALFORMED(bf_store_u64(bad.bytes + last_descriptor + SBF_DOFF_NBLOCKS, 0), BF_ERR_FORMAT_NBLOCKS);
	MALFORMED(bf_store_u64(bad.bytes + last_descriptor + SBF_DOFF_NBLOCKS, 1000000),
			  BF_ERR_FORMAT_LENGTH);
	MALFORMED(bf_store_u32(bad.bytes + last_descriptor + SBF_DOFF_K, 0), BF_ERR_FORMAT_K);
	MALFORMED(bf_store_u32(bad.bytes + last_descriptor + SBF_DOFF_K, 33), BF_ERR_FORMAT_K);
	/* a k or p other than today's plan: valid (another build or release may plan otherwise) */
	MALFORMED(bf_store_u32(bad.bytes + last_descriptor + SBF_DOFF_K, 31), BF_OK);
	MALFORMED(bf_store_u32(bad.bytes + last_descriptor + SBF_DOFF_RESERVED, 1), BF_ERR_FORMAT_FLAGS);
	MALFORMED(bf_store_u64(bad.bytes + last_descriptor + SBF_DOFF_CAPACITY, 21), BF_ERR_FORMAT_CHAIN);
	/* a full sub-filter below the newest, and an empty one after the first */
	MALFORMED(bf_store_u64(bad.bytes + SBF_HEADER_BYTES + SBF_DOFF_N_ADDED, 19), BF_ERR_FORMAT_COUNTERS);
	MALFORMED((bf_store_u64(bad.bytes + last_descriptor + SBF_DOFF_N_ADDED, 0),
			   bf_store_u64(bad.bytes + SBF_OFF_N_ADDED, header.n_added -
							bf_load_u64(good.bytes + last_descriptor + SBF_DOFF_N_ADDED))),
			  BF_ERR_FORMAT_COUNTERS);
	MALFORMED(bf_store_f64(bad.bytes + SBF_OFF_DESIGN_P, 0.0001), BF_OK);

	/* the empty chain: no bit set */
	CHECK_STATUS(chain_validate(&empty), BF_OK);
	(void) sbf_check(empty.bytes, empty.length, &header, subs);
	empty.bytes[subs[0].offset + 5] = 1;
	CHECK_STATUS(chain_validate(&empty), BF_ERR_FORMAT_EMPTY_BITS);
	CHECK_STATUS(sbf_check(empty.bytes, empty.length, &header, subs), BF_OK);
#undef MALFORMED
	free(empty.bytes);
	free(good.bytes);
}

void
test_scalable(void)
{
	test_scalable_params();
	test_scalable_empty();
	test_scalable_growth();
	test_scalable_limits();
	test_scalable_union();
	test_scalable_union_shapes();
	test_scalable_malformed();
}

/*
 * test_counting.c - unit tests of bf_counting.c, countingbloom's core.
 *
 * Two references check it: a model (one byte per counter, the rules of
 * bf_counting.h written out plainly), and bloomfilter itself.  The property
 * that matters most is the cast: a countingbloom cast to bloomfilter is,
 * byte for byte, the bloomfilter that bf_add_hash builds from the same
 * hashes with the same nblocks and k; after adds, after removes (of the
 * values that remain), with saturated counters, and after a union.
 *
 * Shapes: nblocks 1, 3, 8 and 13 (one block, odd counts, even) with k 1, 7
 * and 32 (one position, the usual, the most).
 */
#include "harness.h"

static const uint64_t counting_nblocks[] = {1, 3, 8, 13};
static const int counting_ks[] = {1, 7, 32};

#define COUNTING_NSHAPES_NBLOCKS (sizeof(counting_nblocks) / sizeof(counting_nblocks[0]))
#define COUNTING_NSHAPES_K		(sizeof(counting_ks) / sizeof(counting_ks[0]))

/*
 * Elements per block in the shape loops: k = 32 puts 32 * 24 = 768
 * increments on 512 counters, a mean of 1.5, so no counter nears 15 unless
 * a test saturates it on purpose (the tests check that none did).
 */
#define COUNTING_PER_BLOCK		24

/* ---- helpers ---- */

/* A new countingbloom, kind none, in a malloc'd buffer scribbled on first (cbf_init must clear it). */
static uint8_t *
new_counting(uint64_t nblocks, int k)
{
	uint8_t    *filter = malloc((size_t) cbf_filter_bytes(nblocks));

	if (filter == NULL)
	{
		printf("out of memory\n");
		exit(2);
	}
	memset(filter, 0xA5, (size_t) cbf_filter_bytes(nblocks));
	cbf_init(filter, nblocks, k, BF_KIND_NONE, 1000, 0.01);
	return filter;
}

static uint64_t
nblocks_of(const uint8_t *filter)
{
	return bf_load_u64(filter + BF_OFF_NBLOCKS);
}

static uint8_t *
copy_of(const uint8_t *bytes, uint64_t length)
{
	uint8_t    *copy = xcalloc(length);

	memcpy(copy, bytes, (size_t) length);
	return copy;
}

/* The cast's blocks, in a new buffer. */
static uint8_t *
cast_blocks(const uint8_t *counting)
{
	uint64_t	nblocks = nblocks_of(counting);
	uint8_t    *bloom_blocks = xcalloc(nblocks * BF_BLOCK_BYTES);

	cbf_to_bloom_blocks(counting + BF_HEADER_BYTES, bloom_blocks, 0, nblocks);
	return bloom_blocks;
}

/* The cast of counting is bloom's blocks, byte for byte. */
static bool
cast_equals(const uint8_t *counting, const uint8_t *bloom)
{
	uint8_t    *cast = cast_blocks(counting);
	bool		equal = nblocks_of(counting) == nblocks_of(bloom) &&
		memcmp(cast, bloom + BF_HEADER_BYTES, (size_t) (nblocks_of(counting) * BF_BLOCK_BYTES)) == 0;

	free(cast);
	return equal;
}

/* The counters as the specification states them: one byte per counter. */
static void
model_add(uint8_t *model, uint64_t nblocks, int k, uint64_t hash)
{
	uint8_t    *counters = model + bf_block_of(hash, nblocks) * BF_BLOCK_BITS;

	for (int i = 0; i < k; i++)
	{
		unsigned	position = bf_bit_position(hash, i);

		if (counters[position] < CBF_COUNTER_MAX)
			counters[position]++;
	}
}

static bool
model_remove(uint8_t *model, uint64_t nblocks, int k, uint64_t hash)
{
	uint8_t    *counters = model + bf_block_of(hash, nblocks) * BF_BLOCK_BITS;

	for (int i = 0; i < k; i++)
		if (counters[bf_bit_position(hash, i)] == 0)
			return false;
	for (int i = 0; i < k; i++)
	{
		unsigned	position = bf_bit_position(hash, i);

		if (counters[position] != 0 && counters[position] != CBF_COUNTER_MAX)
			counters[position]--;
	}
	return true;
}

/* Every counter of the filter equals the model's. */
static bool
model_matches(const uint8_t *counting, const uint8_t *model)
{
	uint64_t	nblocks = nblocks_of(counting);

	for (uint64_t b = 0; b < nblocks; b++)
		for (unsigned j = 0; j < BF_BLOCK_BITS; j++)
			if (cbf_counter(counting + BF_HEADER_BYTES + b * CBF_BLOCK_BYTES, j) != model[b * BF_BLOCK_BITS + j])
				return false;
	return true;
}

static cbf_stats
stats_of(const uint8_t *counting)
{
	cbf_stats	stats;

	memset(&stats, 0, sizeof(stats));
	cbf_stats_blocks(counting + BF_HEADER_BYTES, counting[BF_OFF_K], 0, nblocks_of(counting), &stats);
	return stats;
}

/* Sets counter position of a block to value, directly. */
static void
poke_counter(uint8_t *block, unsigned position, unsigned value)
{
	unsigned	shift = (position & 1) * 4;

	block[position >> 1] = (uint8_t) ((block[position >> 1] & ~(0x0F << shift)) | value << shift);
}

/* ---- the layout ---- */

static void
test_counting_layout(void)
{
	uint8_t    *f = new_counting(3, 1);
	uint8_t    *blocks = f + BF_HEADER_BYTES;
	bf_view		view = cbf_view_of(f);
	bf_header	h;
	bool		seen_even = false,
				seen_odd = false;

	CHECK_U64(CBF_BLOCK_BYTES, 256);
	CHECK_U64(cbf_filter_bytes(3), 52 + 3 * 256);
	CHECK_U64(CBF_MAX_BLOCKS * CBF_BLOCK_BYTES, BF_MAX_BLOCKS * BF_BLOCK_BYTES);

	/* cbf_init: "CBLM", the header fields, zeroed counters */
	CHECK(memcmp(f, CBF_MAGIC_BYTES, 4) == 0);
	CHECK(memcmp(cbf_layout.magic, "CBLM", 4) == 0 && !cbf_layout.empty_iff_no_kind);
	CHECK_STATUS(cbf_check_header(f, cbf_filter_bytes(3), &h), BF_OK);
	CHECK(h.nblocks == 3 && h.k == 1 && h.n_added == 0 && h.value_kind == BF_KIND_NONE);
	CHECK(h.design_n == 1000 && h.design_p == 0.01 && h.version == BF_FORMAT_VERSION);
	CHECK_U64(popcount_bytes(blocks, 3 * CBF_BLOCK_BYTES), 0);
	CHECK(view.blocks == blocks && view.nblocks == 3 && view.k == 1);

	/* counter j is in byte j / 2: the low nibble for even j, the high for odd */
	blocks[5] = 0x3A;
	CHECK_U64(cbf_counter(blocks, 10), 0xA);
	CHECK_U64(cbf_counter(blocks, 11), 0x3);
	CHECK_U64(cbf_counter(blocks, 9), 0);
	CHECK_U64(cbf_counter(blocks, 12), 0);
	blocks[5] = 0;

	/* an add with k = 1 sets exactly that nibble to 1 */
	for (uint64_t v = 0; !(seen_even && seen_odd); v++)
	{
		uint64_t	hash = hash_int(v);
		unsigned	position = bf_bit_position(hash, 0);
		uint8_t    *block = blocks + bf_block_of(hash, 3) * CBF_BLOCK_BYTES;

		cbf_add_hash(view, hash);
		CHECK_U64(block[position >> 1], (position & 1) ? 0x10 : 0x01);
		CHECK_U64(popcount_bytes(blocks, 3 * CBF_BLOCK_BYTES), 1);
		CHECK(cbf_block_of_hash(view, hash) == block);
		CHECK(cbf_remove_hash(view, hash));
		CHECK_U64(popcount_bytes(blocks, 3 * CBF_BLOCK_BYTES), 0);
		seen_even |= (position & 1) == 0;
		seen_odd |= (position & 1) == 1;
	}
	free(f);
}

/* ---- add and contains, against the model and bloomfilter ---- */

static void
test_counting_add_contains(uint64_t nblocks, int k)
{
	uint64_t	count = COUNTING_PER_BLOCK * nblocks;
	uint8_t    *f = new_counting(nblocks, k);
	uint8_t    *bloom = new_filter(nblocks, k, count, 0.01);
	uint8_t    *model = xcalloc(nblocks * BF_BLOCK_BITS);
	uint64_t   *hashes = xcalloc(count * sizeof(uint64_t));
	uint64_t	missing = 0,
				disagree = 0;

	for (uint64_t i = 0; i < count; i++)
	{
		hashes[i] = hash_int(rng_next());
		cbf_add_hash(cbf_view_of(f), hashes[i]);
		bf_add_hash(bf_view_of(bloom), hashes[i]);
		model_add(model, nblocks, k, hashes[i]);
	}
	for (uint64_t i = 0; i < count; i++)
		missing += !cbf_contains_hash(cbf_view_of(f), hashes[i]);
	CHECK_U64(missing, 0);		/* no false negatives */
	CHECK(model_matches(f, model));
	CHECK_U64(stats_of(f).counters_saturated, 0);
	/* THE property: the cast is the bloomfilter of the same adds */
	CHECK(cast_equals(f, bloom));
	/* so every probe, member or not, gets bloomfilter's answer */
	for (int i = 0; i < 2000; i++)
	{
		uint64_t	probe = hash_int(rng_next());

		disagree += cbf_contains_hash(cbf_view_of(f), probe) != bf_contains_hash(bf_view_of(bloom), probe);
	}
	CHECK_U64(disagree, 0);
	/* the batch add, prefetching, makes the same counters (every fifth hash twice) */
	{
		uint8_t    *batch = new_counting(nblocks, k);
		uint8_t    *one_by_one = new_counting(nblocks, k);
		uint8_t    *le = xcalloc(count * 2 * 8);
		uint64_t	total = 0;

		for (uint64_t i = 0; i < count; i++)
			for (int copy = 0; copy < (i % 5 == 0 ? 2 : 1); copy++)
			{
				bf_store_u64(le + 8 * total++, hashes[i]);
				cbf_add_hash(cbf_view_of(one_by_one), hashes[i]);
			}
		cbf_add_hashes_le(cbf_view_of(batch), le, total);
		CHECK(memcmp(batch, one_by_one, cbf_filter_bytes(nblocks)) == 0);
		free(le);
		free(one_by_one);
		free(batch);
	}
	free(hashes);
	free(model);
	free(bloom);
	free(f);
}

/* ---- remove ---- */

/*
 * Adds then removes a multiset: values 0 .. count-1, every fifth twice; then
 * removes every third once (in reverse order); the cast equals the
 * bloomfilter of what remains.  Removing the rest leaves every counter 0.
 */
static void
test_counting_add_remove(uint64_t nblocks, int k)
{
	uint64_t	count = COUNTING_PER_BLOCK * nblocks;
	uint64_t	base = rng_next();
	uint8_t    *f = new_counting(nblocks, k);
	uint8_t    *model = xcalloc(nblocks * BF_BLOCK_BITS);
	uint8_t    *bloom = new_filter(nblocks, k, count, 0.01);
	int		   *copies = xcalloc(count * sizeof(int));
	uint64_t	refused = 0;

	for (uint64_t i = 0; i < count; i++)
		for (copies[i] = 0; copies[i] < (i % 5 == 0 ? 2 : 1); copies[i]++)
		{
			cbf_add_hash(cbf_view_of(f), hash_int(base + i));
			model_add(model, nblocks, k, hash_int(base + i));
		}
	CHECK_U64(stats_of(f).counters_saturated, 0);
	for (uint64_t i = count; i-- > 0;)
		if (i % 3 == 0)
		{
			refused += !cbf_remove_hash(cbf_view_of(f), hash_int(base + i));
			CHECK(model_remove(model, nblocks, k, hash_int(base + i)));
			copies[i]--;
		}
	CHECK_U64(refused, 0);
	CHECK(model_matches(f, model));
	for (uint64_t i = 0; i < count; i++)
		if (copies[i] > 0)
			bf_add_hash(bf_view_of(bloom), hash_int(base + i));
	CHECK(cast_equals(f, bloom));

	/* the rest: every counter back to 0 */
	for (uint64_t i = 0; i < count; i++)
		for (; copies[i] > 0; copies[i]--)
			refused += !cbf_remove_hash(cbf_view_of(f), hash_int(base + i));
	CHECK_U64(refused, 0);
	CHECK_U64(popcount_bytes(f + BF_HEADER_BYTES, nblocks * CBF_BLOCK_BYTES), 0);
	free(copies);
	free(bloom);
	free(model);
	free(f);
}

/*
 * On a loaded filter with no saturated counter: add then remove of any
 * value gives back the same bytes; a remove of a value with a counter at 0
 * says "not found" and changes nothing.
 */
static void
test_counting_remove_exact(void)
{
	const uint64_t nblocks = 3;
	uint8_t    *f = new_counting(nblocks, 7);
	uint64_t	length = cbf_filter_bytes(nblocks);
	uint8_t    *before;
	int			restored = 0,
				absent = 0,
				unchanged = 0;

	for (int i = 0; i < 150; i++)
		cbf_add_hash(cbf_view_of(f), hash_int(rng_next()));
	CHECK_U64(stats_of(f).counters_saturated, 0);
	before = copy_of(f, length);
	for (int i = 0; i < 200; i++)
	{
		uint64_t	hash = hash_int(rng_next());

		cbf_add_hash(cbf_view_of(f), hash);
		CHECK(cbf_remove_hash(cbf_view_of(f), hash));
		restored += memcmp(f, before, (size_t) length) == 0;
	}
	CHECK(restored == 200);

	for (int tries = 0; absent < 100 && tries < 100000; tries++)
	{
		uint64_t	hash = hash_int(rng_next());

		if (cbf_contains_hash(cbf_view_of(f), hash))
			continue;
		absent++;
		unchanged += !cbf_remove_hash(cbf_view_of(f), hash) && memcmp(f, before, (size_t) length) == 0;
	}
	CHECK(absent == 100 && unchanged == 100);
	free(before);
	free(f);
}

/* ---- saturation ---- */

/*
 * 20 adds of one value: its counters stop at 15.  20 removes then never
 * lower them (a saturated counter may stand for any number of adds), each
 * remove reports "found", and the value stays contained.
 */
static void
test_counting_saturation_one(void)
{
	const uint64_t nblocks = 3;
	const int	k = 7;
	uint8_t    *f = new_counting(nblocks, k);
	uint64_t	hash = hash_int(rng_next());
	const uint8_t *block = cbf_block_of_hash(cbf_view_of(f), hash);
	uint8_t    *after_adds;
	int			at_max = 0,
				distinct = 0;

	for (int i = 0; i < 20; i++)
		cbf_add_hash(cbf_view_of(f), hash);
	for (int i = 0; i < k; i++)
		at_max += cbf_counter(block, bf_bit_position(hash, i)) == CBF_COUNTER_MAX;
	CHECK(at_max == k);
	for (unsigned j = 0; j < BF_BLOCK_BITS; j++)
		distinct += cbf_counter(block, j) != 0;
	CHECK_U64(stats_of(f).counters_saturated, distinct);
	CHECK_U64(stats_of(f).counters_set, distinct);

	after_adds = copy_of(f, cbf_filter_bytes(nblocks));
	for (int i = 0; i < 20; i++)
	{
		CHECK(cbf_remove_hash(cbf_view_of(f), hash));
		CHECK(cbf_contains_hash(cbf_view_of(f), hash));
	}
	CHECK(memcmp(f, after_adds, (size_t) cbf_filter_bytes(nblocks)) == 0);
	free(after_adds);
	free(f);
}

/*
 * With saturated counters, and removes only of values that were not
 * saturated: the cast is still the bloomfilter of what remains.
 */
static void
test_counting_saturation_cast(uint64_t nblocks, int k)
{
	uint64_t	count = COUNTING_PER_BLOCK * nblocks;
	uint64_t	base = rng_next();
	uint8_t    *f = new_counting(nblocks, k);
	uint8_t    *bloom = new_filter(nblocks, k, count, 0.01);
	uint64_t	refused = 0;

	for (uint64_t s = 0; s < 3; s++)
	{
		for (int i = 0; i < 20; i++)
			cbf_add_hash(cbf_view_of(f), hash_int(base + count + s));
		bf_add_hash(bf_view_of(bloom), hash_int(base + count + s));
	}
	for (uint64_t i = 0; i < count; i++)
		cbf_add_hash(cbf_view_of(f), hash_int(base + i));
	CHECK(stats_of(f).counters_saturated >= 1);
	for (uint64_t i = 0; i < count; i++)
		if (i % 2 == 0)
			refused += !cbf_remove_hash(cbf_view_of(f), hash_int(base + i));
		else
			bf_add_hash(bf_view_of(bloom), hash_int(base + i));
	CHECK_U64(refused, 0);
	CHECK(cast_equals(f, bloom));
	free(bloom);
	free(f);
}

/* ---- removes of values never added ---- */

/*
 * A value never added whose k counters are all > 0 (because of others) is
 * "found" by remove, like any false positive: remove decrements its
 * counters, and the members that shared a counter it brought to 0 are
 * lost (false negatives: remove only what you added).  Only its counters
 * change, each by how often it is among the k positions, stopping at 0.
 */
static void
test_counting_remove_collision(void)
{
	const int	k = 7;
	uint8_t    *f = new_counting(1, k);
	uint8_t    *block = f + BF_HEADER_BYTES;
	uint64_t	members[60];
	uint64_t	stranger = 0;
	uint8_t    *before;
	int			wrong = 0,
				lost = 0,
				lost_explained = 0;

	for (int i = 0; i < 60; i++)
	{
		members[i] = hash_int(rng_next());
		cbf_add_hash(cbf_view_of(f), members[i]);
	}
	while (stranger == 0)
	{
		uint64_t	hash = hash_int(rng_next());

		if (cbf_contains_hash(cbf_view_of(f), hash))
			stranger = hash;
	}
	before = copy_of(block, CBF_BLOCK_BYTES);
	CHECK(cbf_remove_hash(cbf_view_of(f), stranger));
	for (unsigned j = 0; j < BF_BLOCK_BITS; j++)
	{
		unsigned	uses = 0;
		unsigned	old = cbf_counter(before, j);

		for (int i = 0; i < k; i++)
			uses += bf_bit_position(stranger, i) == j;
		wrong += cbf_counter(block, j) != (old > uses ? old - uses : 0);
	}
	CHECK(wrong == 0);
	for (int i = 0; i < 60; i++)
	{
		bool		explained = false;

		if (cbf_contains_hash(cbf_view_of(f), members[i]))
			continue;
		lost++;
		for (int a = 0; a < k; a++)
			for (int b = 0; b < k; b++)
				explained |= bf_bit_position(members[i], a) == bf_bit_position(stranger, b) &&
					cbf_counter(block, bf_bit_position(stranger, b)) == 0;
		lost_explained += explained;
	}
	CHECK(lost == lost_explained);
	free(before);
	free(f);
}

/*
 * A hash whose two positions (k = 2) coincide: its add counts 2 on that
 * counter and its remove takes both back.  Where something else left that
 * counter at 1, the remove stops at 0: it never wraps to 15.
 */
static void
test_counting_remove_clamps(void)
{
	uint8_t    *f = new_counting(1, 2);
	uint8_t    *block = f + BF_HEADER_BYTES;
	uint64_t	hash = 0;
	unsigned	position;

	for (uint64_t v = 0; hash == 0; v++)
		if (bf_bit_position(hash_int(v), 0) == bf_bit_position(hash_int(v), 1))
			hash = hash_int(v);
	position = bf_bit_position(hash, 0);

	cbf_add_hash(cbf_view_of(f), hash);
	CHECK_U64(cbf_counter(block, position), 2);
	CHECK_U64(stats_of(f).counters_set, 1);
	CHECK(cbf_remove_hash(cbf_view_of(f), hash));
	CHECK_U64(popcount_bytes(block, CBF_BLOCK_BYTES), 0);

	poke_counter(block, position, 1);
	CHECK(cbf_remove_hash(cbf_view_of(f), hash));
	CHECK_U64(cbf_counter(block, position), 0);
	CHECK_U64(popcount_bytes(block, CBF_BLOCK_BYTES), 0);
	CHECK(!cbf_remove_hash(cbf_view_of(f), hash));
	free(f);
}

/* ---- union ---- */

/* Every (a, b) of 4-bit counters, in both nibbles of a byte: a + b, stopping at 15. */
static void
test_counting_saturating_add(void)
{
	uint8_t		dst[2 * CBF_BLOCK_BYTES];
	uint8_t		src[2 * CBF_BLOCK_BYTES];
	uint8_t		want[2 * CBF_BLOCK_BYTES];
	int			wrong = 0;

	/* block 0: counter j is a = (j / 2) % 16 plus b = j / 32: each pair once in each nibble */
	memset(dst, 0, sizeof(dst));
	memset(src, 0, sizeof(src));
	for (unsigned j = 0; j < BF_BLOCK_BITS; j++)
	{
		poke_counter(dst, j, (j / 2) % 16);
		poke_counter(src, j, j / 32);
	}
	/* block 1: random counters */
	for (int i = 0; i < CBF_BLOCK_BYTES; i++)
	{
		dst[CBF_BLOCK_BYTES + i] = (uint8_t) rng_next();
		src[CBF_BLOCK_BYTES + i] = (uint8_t) rng_next();
	}
	memset(want, 0, sizeof(want));
	for (unsigned j = 0; j < 2 * BF_BLOCK_BITS; j++)
	{
		unsigned	sum = cbf_counter(dst, j) + cbf_counter(src, j);

		poke_counter(want, j, sum > CBF_COUNTER_MAX ? CBF_COUNTER_MAX : sum);
	}
	/* one block at a time, block 1 first: each call does only its range */
	cbf_add_blocks(dst, src, 1, 1);
	CHECK(memcmp(dst + CBF_BLOCK_BYTES, want + CBF_BLOCK_BYTES, CBF_BLOCK_BYTES) == 0);
	cbf_add_blocks(dst, src, 0, 1);
	for (unsigned j = 0; j < 2 * BF_BLOCK_BITS; j++)
		wrong += cbf_counter(dst, j) != cbf_counter(want, j);
	CHECK(wrong == 0);
}

/*
 * Union of two countingblooms of one shape (bf_plan_combine's rules): the
 * counters add, saturating, and the cast is the OR of the two bloomfilters,
 * saturated counters or not.
 */
static void
test_counting_union(uint64_t nblocks, int k)
{
	uint64_t	count = COUNTING_PER_BLOCK * nblocks;
	uint8_t    *a = new_counting(nblocks, k);
	uint8_t    *b = new_counting(nblocks, k);
	uint8_t    *bloom_a = new_filter(nblocks, k, count, 0.01);
	uint8_t    *bloom_b = new_filter(nblocks, k, count, 0.01);
	uint8_t    *model = xcalloc(nblocks * BF_BLOCK_BITS);
	uint8_t    *u;
	bf_header	ha,
				hb;
	bf_combine_plan plan;

	for (uint64_t i = 0; i < count; i++)
	{
		uint64_t	hash = hash_int(rng_next());
		bool		to_a = i % 3 != 0;
		int			times = i % 11 == 0 ? 9 : 1;	/* 9 + 9 saturates */

		for (int t = 0; t < times; t++)
		{
			cbf_add_hash(cbf_view_of(to_a ? a : b), hash);
			model_add(model, nblocks, k, hash);
			if (i % 2 == 0)		/* in both */
			{
				cbf_add_hash(cbf_view_of(to_a ? b : a), hash);
				model_add(model, nblocks, k, hash);
			}
		}
		bf_add_hash(bf_view_of(to_a ? bloom_a : bloom_b), hash);
		if (i % 2 == 0)
			bf_add_hash(bf_view_of(to_a ? bloom_b : bloom_a), hash);
	}
	bf_store_u32(a + BF_OFF_VALUE_KIND, BF_KIND_INTEGER);
	bf_store_u64(a + BF_OFF_N_ADDED, count);
	bf_store_u32(b + BF_OFF_VALUE_KIND, BF_KIND_INTEGER);
	bf_store_u64(b + BF_OFF_N_ADDED, count);
	CHECK_STATUS(cbf_check_header(a, cbf_filter_bytes(nblocks), &ha), BF_OK);
	CHECK_STATUS(cbf_check_header(b, cbf_filter_bytes(nblocks), &hb), BF_OK);
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_OK);
	CHECK(plan.result_is == BF_RESULT_COMBINED && plan.fold_a == 1 && plan.fold_b == 1);
	CHECK(plan.result.nblocks == nblocks && plan.result.n_added == 2 * count);

	/* a's counters plus b's, in chunks of 2 blocks, as the glue's loop runs */
	u = copy_of(a, cbf_filter_bytes(nblocks));
	for (uint64_t first = 0; first < nblocks; first += 2)
		cbf_add_blocks(u + BF_HEADER_BYTES, b + BF_HEADER_BYTES, first, nblocks - first < 2 ? nblocks - first : 2);
	bf_write_header_as(u, &cbf_layout, &plan.result);
	CHECK_STATUS(cbf_validate(u, cbf_filter_bytes(nblocks), &ha, 1, NULL), BF_OK);
	CHECK(model_matches(u, model));
	CHECK(stats_of(u).counters_saturated > 0);	/* value 0: 9 + 9 adds */
	bf_or_blocks(bloom_a + BF_HEADER_BYTES, bloom_b + BF_HEADER_BYTES, 0, nblocks);
	CHECK(cast_equals(u, bloom_a));

	free(u);
	free(model);
	free(bloom_b);
	free(bloom_a);
	free(b);
	free(a);
}

/* ---- the cast, word by word ---- */

/*
 * Random counters, half of them 0: bit j of the cast is counter j > 0, for
 * every j of 3 blocks, and a cast of [first, first+count) writes only
 * those blocks.
 */
static void
test_counting_cast_bits(void)
{
	uint8_t		counting[3 * CBF_BLOCK_BYTES];
	uint8_t		bloom[3 * BF_BLOCK_BYTES];
	int			wrong = 0;

	memset(counting, 0, sizeof(counting));
	for (unsigned j = 0; j < 3 * BF_BLOCK_BITS; j++)
	{
		uint64_t	r = rng_next();

		poke_counter(counting, j, (r & 1) ? (unsigned) (r >> 1) % 16 : 0);
	}
	poke_counter(counting, 0, 0);
	poke_counter(counting, 511, 15);
	poke_counter(counting, 512, 1);

	memset(bloom, 0xEE, sizeof(bloom));
	cbf_to_bloom_blocks(counting, bloom, 1, 1);
	CHECK(bloom[0] == 0xEE && bloom[BF_BLOCK_BYTES - 1] == 0xEE);
	CHECK(bloom[2 * BF_BLOCK_BYTES] == 0xEE && bloom[3 * BF_BLOCK_BYTES - 1] == 0xEE);
	cbf_to_bloom_blocks(counting, bloom, 0, 1);
	cbf_to_bloom_blocks(counting, bloom, 2, 1);
	for (unsigned j = 0; j < 3 * BF_BLOCK_BITS; j++)
	{
		bool		bit = (bf_load_u64(bloom + 8 * (j >> 6)) >> (j & 63)) & 1;

		wrong += bit != (cbf_counter(counting, j) > 0);
	}
	CHECK(wrong == 0);
	CHECK((bloom[0] & 1) == 0 && (bloom[BF_BLOCK_BYTES - 1] & 0x80) && (bloom[BF_BLOCK_BYTES] & 1));
}

/* ---- the cast's header ---- */

/* Field by field: a struct's padding need not be copied. */
static bool
headers_equal(const bf_header *a, const bf_header *b)
{
	return a->version == b->version && a->hash_scheme == b->hash_scheme && a->k == b->k &&
		a->value_kind == b->value_kind && a->flags == b->flags && a->nblocks == b->nblocks &&
		a->n_added == b->n_added && a->design_n == b->design_n && a->design_p == b->design_p;
}

static void
test_counting_bloom_header(void)
{
	bf_header	counting;
	bf_header	bloom;
	uint8_t    *f = new_counting(3, 7);
	uint8_t    *empty_bloom = new_filter(3, 7, 1000, 0.01);
	uint8_t    *cast = xcalloc(bf_filter_bytes(3));
	uint64_t	hash = hash_int(rng_next());

	CHECK_STATUS(cbf_check_header(f, cbf_filter_bytes(3), &counting), BF_OK);

	/* n_added copied, with the rest */
	counting.value_kind = BF_KIND_TEXT;
	counting.n_added = 5;
	cbf_bloom_header(&counting, true, &bloom);
	CHECK(headers_equal(&bloom, &counting));
	/* everything removed and no counter left: the empty bloomfilter */
	counting.n_added = 0;
	cbf_bloom_header(&counting, false, &bloom);
	CHECK(bloom.n_added == 0 && bloom.value_kind == BF_KIND_NONE);
	CHECK(bloom.nblocks == 3 && bloom.k == 7 && bloom.design_n == 1000 && bloom.design_p == 0.01);
	/* everything removed, saturated counters left: one element, the kind kept */
	cbf_bloom_header(&counting, true, &bloom);
	CHECK(bloom.n_added == 1 && bloom.value_kind == BF_KIND_TEXT);
	/* nothing ever added */
	counting.value_kind = BF_KIND_NONE;
	cbf_bloom_header(&counting, false, &bloom);
	CHECK(bloom.n_added == 0 && bloom.value_kind == BF_KIND_NONE);

	/* a whole cast, as the glue makes it: add, remove to n_added 0; then saturated */
	for (int round = 0; round < 2; round++)
	{
		int			times = round == 0 ? 1 : 20;
		cbf_stats	stats;

		for (int i = 0; i < times; i++)
			cbf_add_hash(cbf_view_of(f), hash);
		for (int i = 0; i < times; i++)
			CHECK(cbf_remove_hash(cbf_view_of(f), hash));
		set_added(f, BF_KIND_INTEGER, 0);
		CHECK_STATUS(cbf_validate(f, cbf_filter_bytes(3), &counting, 2, NULL), BF_OK);
		stats = stats_of(f);
		cbf_bloom_header(&counting, stats.counters_set > 0, &bloom);
		bf_write_header(cast, &bloom);
		cbf_to_bloom_blocks(f + BF_HEADER_BYTES, cast + BF_HEADER_BYTES, 0, 3);
		CHECK_STATUS(bf_validate_filter(cast, bf_filter_bytes(3), &bloom, 2, NULL), BF_OK);
		if (round == 0)
			CHECK(memcmp(cast, empty_bloom, (size_t) bf_filter_bytes(3)) == 0);
		else
			CHECK(bloom.n_added == 1 && bloom.value_kind == BF_KIND_INTEGER && bf_contains_hash(bf_view_of(cast), hash));
	}
	free(cast);
	free(empty_bloom);
	free(f);
}

/* ---- the stored format ---- */

static int	between_calls;

static void
count_between(void)
{
	between_calls++;
}

/* cbf_validate's verdict, the same in chunks of 1, 2 and 100 blocks. */
static bf_status
validate_counting(const uint8_t *f, uint64_t length)
{
	bf_header	h;
	bf_status	status = cbf_validate(f, length, &h, 1, NULL);

	if (cbf_validate(f, length, &h, 2, NULL) != status || cbf_validate(f, length, &h, 100, NULL) != status)
		return BF_ERR_FORMAT_STATE;		/* not a status cbf_validate returns */
	return status;
}

static void
test_counting_format(void)
{
	const uint64_t nblocks = 7;
	const uint64_t length = cbf_filter_bytes(nblocks);
	uint8_t    *f = new_counting(nblocks, 7);
	uint8_t    *bloom = new_filter(nblocks, 7, 1000, 0.01);
	uint8_t    *last_block = f + BF_HEADER_BYTES + (nblocks - 1) * CBF_BLOCK_BYTES;
	bf_header	h;

	CHECK_STATUS(validate_counting(f, length), BF_OK);
	between_calls = 0;
	CHECK_STATUS(cbf_validate(f, length, &h, 3, count_between), BF_OK);
	CHECK(between_calls == 3);	/* blocks 0-2, 3-5, 6 */

	/* the magic tells the types apart, both ways */
	CHECK_STATUS(cbf_check_header(bloom, bf_filter_bytes(nblocks), &h), BF_ERR_FORMAT_MAGIC);
	CHECK_STATUS(cbf_validate(bloom, bf_filter_bytes(nblocks), &h, 1, NULL), BF_ERR_FORMAT_MAGIC);
	CHECK_STATUS(check_filter(f, length), BF_ERR_FORMAT_MAGIC);
	CHECK_STATUS(check_filter(f, bf_filter_bytes(nblocks)), BF_ERR_FORMAT_MAGIC);
	CHECK_STATUS(bf_validate_filter(f, length, &h, 1, NULL), BF_ERR_FORMAT_MAGIC);

	/* the length: the header's, of 256-byte blocks */
	CHECK_STATUS(validate_counting(f, length - 1), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(validate_counting(f, length + 1), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(validate_counting(f, bf_filter_bytes(nblocks)), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(validate_counting(f, BF_HEADER_BYTES - 1), BF_ERR_FORMAT_LENGTH);

	/* nblocks: 1 .. CBF_MAX_BLOCKS */
	bf_store_u64(f + BF_OFF_NBLOCKS, 0);
	CHECK_STATUS(validate_counting(f, BF_HEADER_BYTES), BF_ERR_FORMAT_NBLOCKS);
	bf_store_u64(f + BF_OFF_NBLOCKS, CBF_MAX_BLOCKS + 1);
	CHECK_STATUS(validate_counting(f, length), BF_ERR_FORMAT_NBLOCKS);
	bf_store_u64(f + BF_OFF_NBLOCKS, CBF_MAX_BLOCKS);
	CHECK_STATUS(validate_counting(f, length), BF_ERR_FORMAT_LENGTH);	/* in range, wrong length */
	bf_store_u64(f + BF_OFF_NBLOCKS, nblocks);

	/* the other fields, as bloomfilter's */
	f[BF_OFF_K] = 0;
	CHECK_STATUS(validate_counting(f, length), BF_ERR_FORMAT_K);
	f[BF_OFF_K] = BF_MAX_K + 1;
	CHECK_STATUS(validate_counting(f, length), BF_ERR_FORMAT_K);
	f[BF_OFF_K] = 7;
	f[BF_OFF_VERSION] = 2;
	CHECK_STATUS(validate_counting(f, length), BF_ERR_FORMAT_VERSION);
	f[BF_OFF_VERSION] = BF_FORMAT_VERSION;
	bf_store_u32(f + BF_OFF_RESERVED, 1);
	CHECK_STATUS(validate_counting(f, length), BF_ERR_FORMAT_FLAGS);
	bf_store_u32(f + BF_OFF_RESERVED, 0);
	bf_store_f64(f + BF_OFF_DESIGN_P, 1.0);
	CHECK_STATUS(validate_counting(f, length), BF_ERR_FORMAT_DESIGN);
	bf_store_f64(f + BF_OFF_DESIGN_P, 0.01);

	/* kind none: nothing ever added, so n_added 0 and every counter 0 */
	set_added(f, BF_KIND_NONE, 1);
	CHECK_STATUS(validate_counting(f, length), BF_ERR_FORMAT_COUNT);
	set_added(f, BF_KIND_NONE, 0);
	poke_counter(last_block, 511, 1);
	CHECK_STATUS(cbf_check_header(f, length, &h), BF_OK);	/* O(1): the header alone */
	CHECK_STATUS(validate_counting(f, length), BF_ERR_FORMAT_COUNTERS);
	/* a kind and n_added 0: everything was removed; counters may be left */
	set_added(f, BF_KIND_INTEGER, 0);
	CHECK_STATUS(validate_counting(f, length), BF_OK);
	between_calls = 0;
	CHECK_STATUS(cbf_validate(f, length, &h, 1, count_between), BF_OK);
	CHECK(between_calls == 0);	/* no scan once a kind is set */
	poke_counter(last_block, 511, 0);
	CHECK_STATUS(validate_counting(f, length), BF_OK);
	set_added(f, BF_KIND_INTEGER, 3);
	CHECK_STATUS(validate_counting(f, length), BF_OK);
	free(bloom);
	free(f);
}

/* ---- statistics ---- */

static void
test_counting_stats(void)
{
	const uint64_t nblocks = 3;
	uint8_t    *f = new_counting(nblocks, 7);
	uint8_t    *blocks = f + BF_HEADER_BYTES;
	uint8_t    *cast;
	cbf_stats	whole;
	cbf_stats	chunked;
	bf_stats	bloom;

	whole = stats_of(f);
	CHECK(whole.counters_set == 0 && whole.counters_saturated == 0 && whole.bloom.bits_set == 0);
	CHECK(whole.bloom.fpp_sum == 0.0 && whole.bloom.cardinality == 0.0);

	/* 6 counters > 0, 3 of them at 15, in both nibbles and every block */
	poke_counter(blocks, 0, 15);
	poke_counter(blocks, 1, 1);
	poke_counter(blocks + CBF_BLOCK_BYTES, 255, 15);
	poke_counter(blocks + CBF_BLOCK_BYTES, 256, 14);
	poke_counter(blocks + 2 * CBF_BLOCK_BYTES, 511, 15);
	poke_counter(blocks + 2 * CBF_BLOCK_BYTES, 100, 8);
	whole = stats_of(f);
	CHECK_U64(whole.counters_set, 6);
	CHECK_U64(whole.counters_saturated, 3);

	/* then a load: the bloom part is bf_stats_blocks of the cast, exactly */
	for (int i = 0; i < 200; i++)
		cbf_add_hash(cbf_view_of(f), hash_int(rng_next()));
	whole = stats_of(f);
	cast = cast_blocks(f);
	memset(&bloom, 0, sizeof(bloom));
	bf_stats_blocks(cast, 7, 0, nblocks, &bloom);
	CHECK_U64(whole.bloom.bits_set, popcount_bytes(cast, nblocks * BF_BLOCK_BYTES));
	CHECK_U64(whole.counters_set, whole.bloom.bits_set);
	CHECK(whole.bloom.fpp_sum == bloom.fpp_sum && whole.bloom.cardinality == bloom.cardinality);
	CHECK(whole.counters_saturated >= 3 && whole.counters_saturated <= whole.counters_set);

	/* in chunks: the same sums */
	memset(&chunked, 0, sizeof(chunked));
	cbf_stats_blocks(blocks, 7, 0, 2, &chunked);
	cbf_stats_blocks(blocks, 7, 2, 1, &chunked);
	CHECK(chunked.counters_set == whole.counters_set && chunked.counters_saturated == whole.counters_saturated);
	CHECK(chunked.bloom.bits_set == whole.bloom.bits_set);
	CHECK(fabs(chunked.bloom.fpp_sum - whole.bloom.fpp_sum) < 1e-12);
	free(cast);
	free(f);
}

void
test_counting(void)
{
	test_counting_layout();
	for (size_t i = 0; i < COUNTING_NSHAPES_NBLOCKS; i++)
		for (size_t j = 0; j < COUNTING_NSHAPES_K; j++)
		{
			test_counting_add_contains(counting_nblocks[i], counting_ks[j]);
			test_counting_add_remove(counting_nblocks[i], counting_ks[j]);
			test_counting_saturation_cast(counting_nblocks[i], counting_ks[j]);
			test_counting_union(counting_nblocks[i], counting_ks[j]);
		}
	test_counting_remove_exact();
	test_counting_saturation_one();
	test_counting_remove_collision();
	test_counting_remove_clamps();
	test_counting_saturating_add();
	test_counting_cast_bits();
	test_counting_bloom_header();
	test_counting_format();
	test_counting_stats();
}

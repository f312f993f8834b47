/*
 * test_filter.c - unit tests of bf_filter.c and bf_simd.c: hashing and the bit operations, folding, union and intersection, statistics, and the SIMD kernels against the scalar code.
 */
#include "harness.h"

/* ---- hashing and the bit operations ---- */

void
test_hashing(void)
{
	const uint64_t count = 10000;
	uint64_t   *hashes = xcalloc(count * sizeof(uint64_t));
	uint8_t    *hashes_le = xcalloc(count * 8);
	uint64_t	nblocks;
	int			k;
	uint8_t    *one;
	uint8_t    *many;
	uint8_t    *many_le;
	bf_view		view;
	uint64_t	missing = 0;
	uint64_t	false_positives = 0;
	uint8_t		zeros[8] = {0};

	/* pinned values: stored filters depend on them never changing */
	CHECK_U64(bf_hash_bytes("", 0), UINT64_C(0x2D06800538D394C2));
	/* these three were checked against an independent XXH3 (len 4..8 path) */
	CHECK_U64(bf_hash_bytes(zeros, 8), UINT64_C(0xc77b3abb6f87acd9));
	CHECK_U64(hash_int(42), UINT64_C(0xd5a6f8c838df27c8));
	CHECK_U64(bf_hash_bytes("BLOM", 4), UINT64_C(0xa80a401d9dda05c4));
	CHECK(bf_hash_bytes("BLOM", 4) != bf_hash_bytes("BLOM", 3));
	CHECK(hash_int(0) == bf_hash_bytes(zeros, 8));

	for (uint64_t i = 0; i < count; i++)
	{
		hashes[i] = hash_int(i);
		bf_store_u64(hashes_le + 8 * i, hashes[i]);
	}

	CHECK_STATUS(bf_plan((int64_t) count, 0.01, &nblocks, &k), BF_OK);
	one = new_filter(nblocks, k, count, 0.01);
	many = new_filter(nblocks, k, count, 0.01);
	many_le = new_filter(nblocks, k, count, 0.01);

	/* bf_init wrote zeroed blocks and a header that bf_view_of reads back */
	CHECK_U64(popcount_bytes(one + BF_HEADER_BYTES, nblocks * BF_BLOCK_BYTES), 0);
	view = bf_view_of(one);
	CHECK(view.blocks == one + BF_HEADER_BYTES);
	CHECK_U64(view.nblocks, nblocks);
	CHECK(view.k == k);

	/* an empty filter contains nothing */
	for (uint64_t i = 0; i < 1000; i++)
		missing += bf_contains_hash(view, hashes[i]) ? 0 : 1;
	CHECK_U64(missing, 1000);

	missing = 0;
	for (uint64_t i = 0; i < count; i++)
		bf_add_hash(view, hashes[i]);
	bf_add_hashes(bf_view_of(many), hashes, count);
	bf_add_hashes_le(bf_view_of(many_le), hashes_le, count);
	for (uint64_t i = 0; i < count; i++)
	{
		missing += bf_contains_hash(view, hashes[i]) ? 0 : 1;
		missing += bf_contains_hash(bf_view_of(many), hashes[i]) ? 0 : 1;
		missing += bf_contains_hash(bf_view_of(many_le), hashes[i]) ? 0 : 1;
	}
	CHECK_U64(missing, 0);		/* no false negatives */
	CHECK(memcmp(one, many, (size_t) bf_filter_bytes(nblocks)) == 0);
	CHECK(memcmp(one, many_le, (size_t) bf_filter_bytes(nblocks)) == 0);

	/* adding again changes nothing */
	bf_add_hashes(bf_view_of(many), hashes, count);
	CHECK(memcmp(one, many, (size_t) bf_filter_bytes(nblocks)) == 0);

	/* the false-positive rate of other values is near the planned 1% */
	for (uint64_t i = count; i < count + 100000; i++)
		false_positives += bf_contains_hash(view, hash_int(i)) ? 1 : 0;
	CHECK(false_positives > 500 && false_positives < 1500);

	/* the hash count and batch sizes that skip or use prefetching */
	for (uint64_t batch = 0; batch <= 40; batch++)
	{
		uint8_t    *a = new_filter(7, 3, batch, 0.01);
		uint8_t    *b = new_filter(7, 3, batch, 0.01);

		for (uint64_t i = 0; i < batch; i++)
			bf_add_hash(bf_view_of(a), hashes[i]);
		bf_add_hashes_le(bf_view_of(b), hashes_le, batch);
		CHECK(memcmp(a, b, (size_t) bf_filter_bytes(7)) == 0);
		free(a);
		free(b);
	}

	/*
	 * The hashing scheme (bf_core.h), pinned by what one add writes:
	 *   block = ((h >> 32) * nblocks) >> 32,  bit 0 = (h * salt0) >> 55.
	 */
	{
		const uint64_t salt0 = UINT64_C(0x9e3779b97f4a7c15);
		uint64_t	bad = 0;

		for (uint64_t i = 0; i < 200; i++)
		{
			uint8_t    *f = new_filter(1000, 1, 1, 0.5);
			uint64_t	h = hashes[i];
			uint64_t	block = ((h >> 32) * 1000) >> 32;
			unsigned	position = (unsigned) ((h * salt0) >> 55);
			const uint8_t *byte = f + BF_HEADER_BYTES + block * BF_BLOCK_BYTES + position / 8;

			bf_add_hash(bf_view_of(f), h);
			bad += popcount_bytes(f + BF_HEADER_BYTES, 1000 * BF_BLOCK_BYTES) != 1;
			bad += *byte != (uint8_t) (1u << (position % 8));
			free(f);
		}
		CHECK_U64(bad, 0);
	}

	/* each add sets 1..k bits, all in one block, for every k */
	{
		uint64_t	bad = 0;

		for (int kk = 1; kk <= BF_MAX_K; kk++)
		{
			for (uint64_t i = 0; i < 20; i++)
			{
				uint8_t    *f = new_filter(13, kk, 1, 0.5);
				uint64_t	h = hashes[i * 31 + (uint64_t) kk];
				uint64_t	block = ((h >> 32) * 13) >> 32;
				uint64_t	in_block;
				uint64_t	total;

				bf_add_hash(bf_view_of(f), h);
				in_block = popcount_bytes(f + BF_HEADER_BYTES + block * BF_BLOCK_BYTES, BF_BLOCK_BYTES);
				total = popcount_bytes(f + BF_HEADER_BYTES, 13 * BF_BLOCK_BYTES);
				bad += in_block < 1 || in_block > (uint64_t) kk || total != in_block;
				bad += !bf_contains_hash(bf_view_of(f), h);
				free(f);
			}
		}
		CHECK_U64(bad, 0);
	}

	/* the largest filter's block index stays in range (64-bit arithmetic) */
	{
		uint64_t	top = UINT64_MAX;
		uint64_t	block = ((top >> 32) * BF_MAX_BLOCKS) >> 32;

		CHECK(block < BF_MAX_BLOCKS);
	}

	free(one);
	free(many);
	free(many_le);
	free(hashes);
	free(hashes_le);
}

/* ---- folding: the key property ---- */

void
test_folding(void)
{
	const uint64_t big = 360;
	const int	k = 7;
	const uint64_t count = 3000;
	uint8_t    *source = filter_of_range(big, k, 1000, count);
	uint64_t	divisors_checked = 0;

	for (uint64_t d = 1; d <= big; d++)
	{
		uint64_t	small = big / d;
		uint8_t    *folded;
		uint8_t    *chunked;
		uint8_t    *direct;
		uint64_t	missing = 0;

		if (big % d != 0)
			continue;
		folded = new_filter(small, k, count, 0.01);
		chunked = new_filter(small, k, count, 0.01);
		set_added(folded, BF_KIND_INTEGER, count);
		set_added(chunked, BF_KIND_INTEGER, count);
		direct = filter_of_range(small, k, 1000, count);

		bf_fold_or_blocks(folded + BF_HEADER_BYTES, source + BF_HEADER_BYTES, d, 0, small);
		/* in two chunks, the second first */
		bf_fold_or_blocks(chunked + BF_HEADER_BYTES, source + BF_HEADER_BYTES, d, small / 2, small - small / 2);
		bf_fold_or_blocks(chunked + BF_HEADER_BYTES, source + BF_HEADER_BYTES, d, 0, small / 2);

		if (memcmp(folded, direct, (size_t) bf_filter_bytes(small)) != 0)
			printf("  fold by %" PRIu64 " differs from a direct build\n", d);
		CHECK(memcmp(folded, direct, (size_t) bf_filter_bytes(small)) == 0);
		CHECK(memcmp(chunked, direct, (size_t) bf_filter_bytes(small)) == 0);
		for (uint64_t v = 1000; v < 1000 + count; v++)
			missing += bf_contains_hash(bf_view_of(folded), hash_int(v)) ? 0 : 1;
		CHECK_U64(missing, 0);
		divisors_checked++;
		free(folded);
		free(chunked);
		free(direct);
	}
	CHECK_U64(divisors_checked, 24);	/* 360 = 2^3 3^2 5 has 24 divisors */

	/* a fold of the aggregate's base size: 720720 blocks folded by 1001 into 720 */
	{
		uint64_t	base = BF_AGG_FOLD_BASE_BLOCKS;
		uint8_t    *huge = filter_of_range(base, k, 0, 5000);
		uint8_t    *folded = new_filter(base / 1001, k, 5000, 0.01);
		uint8_t    *direct = filter_of_range(base / 1001, k, 0, 5000);

		set_added(folded, BF_KIND_INTEGER, 5000);
		bf_fold_or_blocks(folded + BF_HEADER_BYTES, huge + BF_HEADER_BYTES, 1001, 0, base / 1001);
		CHECK(memcmp(folded, direct, (size_t) bf_filter_bytes(base / 1001)) == 0);
		free(huge);
		free(folded);
		free(direct);
	}
	free(source);
}

/* ---- union and intersection ---- */

void
test_union_intersection(void)
{
	const int	k = 6;
	const uint64_t nblocks = 120;
	uint8_t    *a = filter_of_range(nblocks, k, 0, 2000);	/* values 0..1999 */
	uint8_t    *b = filter_of_range(nblocks, k, 1000, 2000);	/* values 1000..2999 */
	uint8_t    *both = filter_of_range(nblocks, k, 0, 3000);
	uint8_t    *u = malloc((size_t) bf_filter_bytes(nblocks));
	uint8_t    *x = malloc((size_t) bf_filter_bytes(nblocks));
	uint64_t	bytes = nblocks * BF_BLOCK_BYTES;
	uint64_t	missing = 0;
	uint64_t	outside = 0;
	bf_header	ha,
				hb;
	bf_combine_plan plan;
	uint32_t	kind = 99;

	/* union: the same bits as one filter of both sets */
	memcpy(u, a, (size_t) bf_filter_bytes(nblocks));
	bf_or_blocks(u + BF_HEADER_BYTES, b + BF_HEADER_BYTES, 0, nblocks);
	CHECK(memcmp(u + BF_HEADER_BYTES, both + BF_HEADER_BYTES, (size_t) bytes) == 0);

	/* bf_combine_blocks, fold 1, in two chunks: the same union */
	memcpy(x, a, (size_t) bf_filter_bytes(nblocks));
	bf_combine_blocks(x + BF_HEADER_BYTES, b + BF_HEADER_BYTES, 1, false, 0, nblocks / 2);
	bf_combine_blocks(x + BF_HEADER_BYTES, b + BF_HEADER_BYTES, 1, false, nblocks / 2, nblocks - nblocks / 2);
	CHECK(memcmp(x + BF_HEADER_BYTES, both + BF_HEADER_BYTES, (size_t) bytes) == 0);

	/* bf_combine_blocks with a fold: a (40 blocks) |= fold3(b of 120 blocks) = one filter of both at 40 */
	{
		uint8_t    *small_a = filter_of_range(nblocks / 3, k, 0, 2000);
		uint8_t    *small_both = filter_of_range(nblocks / 3, k, 0, 3000);
		uint8_t    *small_common = filter_of_range(nblocks / 3, k, 1000, 1000);

		bf_combine_blocks(small_a + BF_HEADER_BYTES, b + BF_HEADER_BYTES, 3, false, 0, nblocks / 3);
		CHECK(memcmp(small_a + BF_HEADER_BYTES, small_both + BF_HEADER_BYTES, (size_t) (bytes / 3)) == 0);
		/* and intersection: every common value stays */
		bf_combine_blocks(small_common + BF_HEADER_BYTES, a + BF_HEADER_BYTES, 3, true, 0, nblocks / 3);
		for (uint64_t v = 1000; v < 2000; v++)
			missing += bf_contains_hash(bf_view_of(small_common), hash_int(v)) ? 0 : 1;
		CHECK_U64(missing, 0);
		free(small_a);
		free(small_both);
		free(small_common);
	}

	/* intersection: contains the common values, and only bits of both */
	memcpy(x, a, (size_t) bf_filter_bytes(nblocks));
	bf_and_blocks(x + BF_HEADER_BYTES, b + BF_HEADER_BYTES, 0, nblocks);
	for (uint64_t v = 1000; v < 2000; v++)
		missing += bf_contains_hash(bf_view_of(x), hash_int(v)) ? 0 : 1;
	CHECK_U64(missing, 0);
	for (uint64_t i = 0; i < bytes; i++)
	{
		uint8_t		xb = x[BF_HEADER_BYTES + i];

		outside += (xb & ~a[BF_HEADER_BYTES + i]) != 0 || (xb & ~b[BF_HEADER_BYTES + i]) != 0 ||
			xb != (a[BF_HEADER_BYTES + i] & b[BF_HEADER_BYTES + i]);
	}
	CHECK_U64(outside, 0);

	/* with itself, both are the identity */
	memcpy(x, a, (size_t) bf_filter_bytes(nblocks));
	bf_and_blocks(x + BF_HEADER_BYTES, a + BF_HEADER_BYTES, 0, nblocks);
	bf_or_blocks(x + BF_HEADER_BYTES, a + BF_HEADER_BYTES, 0, nblocks);
	CHECK(memcmp(x, a, (size_t) bf_filter_bytes(nblocks)) == 0);

	/* a range touches only its blocks */
	memcpy(u, a, (size_t) bf_filter_bytes(nblocks));
	bf_or_blocks(u + BF_HEADER_BYTES, b + BF_HEADER_BYTES, 10, 20);
	CHECK(memcmp(u, a, BF_HEADER_BYTES + 10 * BF_BLOCK_BYTES) == 0);
	CHECK(memcmp(u + BF_HEADER_BYTES + 10 * BF_BLOCK_BYTES, both + BF_HEADER_BYTES + 10 * BF_BLOCK_BYTES,
				 20 * BF_BLOCK_BYTES) == 0);
	CHECK(memcmp(u + BF_HEADER_BYTES + 30 * BF_BLOCK_BYTES, a + BF_HEADER_BYTES + 30 * BF_BLOCK_BYTES,
				 (size_t) ((nblocks - 30) * BF_BLOCK_BYTES)) == 0);
	memcpy(x, a, (size_t) bf_filter_bytes(nblocks));
	bf_and_blocks(x + BF_HEADER_BYTES, b + BF_HEADER_BYTES, 10, 20);
	CHECK(memcmp(x, a, BF_HEADER_BYTES + 10 * BF_BLOCK_BYTES) == 0);
	CHECK(memcmp(x + BF_HEADER_BYTES + 30 * BF_BLOCK_BYTES, a + BF_HEADER_BYTES + 30 * BF_BLOCK_BYTES,
				 (size_t) ((nblocks - 30) * BF_BLOCK_BYTES)) == 0);

	/* same shape: union and intersection combine block for block */
	bf_read_header(a, &ha);
	bf_read_header(b, &hb);
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_OK);
	CHECK(plan.result_is == BF_RESULT_COMBINED && plan.fold_a == 1 && plan.fold_b == 1);
	CHECK_U64(plan.result.nblocks, nblocks);
	CHECK_U64(plan.result.n_added, ha.n_added + hb.n_added);
	CHECK_STATUS(bf_plan_combine(&ha, &hb, true, &plan), BF_OK);
	CHECK_U64(plan.result.n_added, ha.n_added < hb.n_added ? ha.n_added : hb.n_added);

	/* and bf_combine_run gives the union's bits, into a new buffer or in place, in chunks */
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_OK);
	bf_combine_run(&plan, x + BF_HEADER_BYTES, a + BF_HEADER_BYTES, b + BF_HEADER_BYTES, 0, 7);
	bf_combine_run(&plan, x + BF_HEADER_BYTES, a + BF_HEADER_BYTES, b + BF_HEADER_BYTES, 7, nblocks - 7);
	CHECK(memcmp(x + BF_HEADER_BYTES, both + BF_HEADER_BYTES, (size_t) bytes) == 0);
	memcpy(x, a, (size_t) bf_filter_bytes(nblocks));
	bf_combine_run(&plan, x + BF_HEADER_BYTES, x + BF_HEADER_BYTES, b + BF_HEADER_BYTES, 0, nblocks);
	CHECK(memcmp(x + BF_HEADER_BYTES, both + BF_HEADER_BYTES, (size_t) bytes) == 0);

	/* n saturates */
	ha.n_added = UINT64_MAX - 1;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_OK);
	CHECK_U64(plan.result.n_added, UINT64_MAX);
	bf_read_header(a, &ha);

	/* the result's design is the larger of the two, whichever side: a | b = b | a */
	hb.design_n = ha.design_n + 10;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_OK);
	CHECK_U64(plan.result.design_n, hb.design_n);
	CHECK_STATUS(bf_plan_combine(&hb, &ha, false, &plan), BF_OK);
	CHECK_U64(plan.result.design_n, hb.design_n);
	hb.design_n = ha.design_n;
	hb.design_p = ha.design_p / 2;
	CHECK_STATUS(bf_plan_combine(&hb, &ha, true, &plan), BF_OK);
	CHECK(plan.result.design_p == ha.design_p);
	bf_read_header(b, &hb);

	/* a union of different sizes is refused, either way, even when they divide */
	hb.nblocks = 40;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_ERR_UNION_SIZES);
	CHECK_STATUS(bf_plan_combine(&hb, &ha, false, &plan), BF_ERR_UNION_SIZES);
	hb.nblocks = 1;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_ERR_UNION_SIZES);

	/* an intersection folds the larger to the smaller's size, whichever side it is on */
	hb.nblocks = 40;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, true, &plan), BF_OK);
	CHECK(plan.fold_a == 3 && plan.fold_b == 1 && plan.result.nblocks == 40);
	CHECK_STATUS(bf_plan_combine(&hb, &ha, true, &plan), BF_OK);
	CHECK(plan.fold_a == 1 && plan.fold_b == 3 && plan.result.nblocks == 40);
	hb.nblocks = 360;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, true, &plan), BF_OK);
	CHECK(plan.fold_a == 1 && plan.fold_b == 3 && plan.result.nblocks == nblocks);
	CHECK_U64(plan.result.design_n, ha.design_n);

	/* and the folded intersection keeps every common value */
	{
		uint8_t    *small_b = filter_of_range(40, k, 1000, 2000);
		uint8_t    *result = new_filter(40, k, 1000, 0.01);

		bf_read_header(small_b, &hb);
		CHECK_STATUS(bf_plan_combine(&ha, &hb, true, &plan), BF_OK);
		bf_combine_run(&plan, result + BF_HEADER_BYTES, a + BF_HEADER_BYTES, small_b + BF_HEADER_BYTES, 0, 40);
		for (uint64_t v = 1000; v < 2000; v++)
			CHECK(bf_contains_hash(bf_view_of(result), hash_int(v)));
		free(small_b);
		free(result);
	}

	/* an intersection of sizes that do not divide is refused */
	bf_read_header(b, &hb);
	hb.nblocks = 50;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, true, &plan), BF_ERR_INCOMPATIBLE);
	CHECK_STATUS(bf_plan_combine(&hb, &ha, true, &plan), BF_ERR_INCOMPATIBLE);
	hb.nblocks = 7;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, true, &plan), BF_ERR_INCOMPATIBLE);

	/* different k, different hash scheme */
	bf_read_header(b, &hb);
	hb.k = (uint8_t) (k + 1);
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_ERR_INCOMPATIBLE);
	CHECK_STATUS(bf_plan_combine(&ha, &hb, true, &plan), BF_ERR_INCOMPATIBLE);
	bf_read_header(b, &hb);
	hb.hash_scheme = 2;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_ERR_INCOMPATIBLE);

	/* value kinds */
	bf_read_header(b, &hb);
	hb.value_kind = BF_KIND_TEXT;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_ERR_KIND_MISMATCH);
	hb.value_kind = BF_KIND_ARRAY_FLAG | BF_KIND_INTEGER;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, true, &plan), BF_ERR_KIND_MISMATCH);

	/* empty operands: neutral for a union, absorbing for an intersection, whatever their k or kind */
	bf_read_header(b, &hb);
	hb.n_added = 0;
	hb.value_kind = BF_KIND_NONE;
	hb.k = (uint8_t) (k + 3);
	hb.nblocks = 40;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_OK);
	CHECK(plan.result_is == BF_RESULT_A);
	CHECK_STATUS(bf_plan_combine(&hb, &ha, false, &plan), BF_OK);
	CHECK(plan.result_is == BF_RESULT_B);
	CHECK_STATUS(bf_plan_combine(&ha, &hb, true, &plan), BF_OK);
	CHECK(plan.result_is == BF_RESULT_B);
	CHECK_STATUS(bf_plan_combine(&hb, &ha, true, &plan), BF_OK);
	CHECK(plan.result_is == BF_RESULT_A);
	/* but a union never loses the room of a larger empty filter (bloom_empty(n, p) | small) */
	hb.nblocks = 360;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_ERR_UNION_SIZES);
	CHECK_STATUS(bf_plan_combine(&hb, &ha, false, &plan), BF_ERR_UNION_SIZES);
	CHECK_STATUS(bf_plan_combine(&hb, &ha, true, &plan), BF_OK);
	/* two empty filters: the larger, whichever side */
	ha.n_added = 0;
	ha.value_kind = BF_KIND_NONE;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_OK);
	CHECK(plan.result_is == BF_RESULT_B);
	CHECK_STATUS(bf_plan_combine(&hb, &ha, true, &plan), BF_OK);
	CHECK(plan.result_is == BF_RESULT_A);
	hb.nblocks = ha.nblocks;
	hb.k = ha.k;
	hb.design_n = ha.design_n;
	hb.design_p = ha.design_p;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_OK);
	CHECK(memcmp(&plan.result, &ha, sizeof(ha)) == 0);
	bf_read_header(a, &ha);

	CHECK_STATUS(bf_combine_kinds(BF_KIND_NONE, BF_KIND_NONE, &kind), BF_OK);
	CHECK_U64(kind, BF_KIND_NONE);
	CHECK_STATUS(bf_combine_kinds(BF_KIND_INTEGER, BF_KIND_NONE, &kind), BF_OK);
	CHECK_U64(kind, BF_KIND_INTEGER);
	CHECK_STATUS(bf_combine_kinds(BF_KIND_NONE, BF_KIND_TEXT, &kind), BF_OK);
	CHECK_U64(kind, BF_KIND_TEXT);
	CHECK_STATUS(bf_combine_kinds(BF_KIND_FLOAT, BF_KIND_FLOAT, &kind), BF_OK);
	CHECK_U64(kind, BF_KIND_FLOAT);
	kind = 99;
	CHECK_STATUS(bf_combine_kinds(BF_KIND_INTEGER, BF_KIND_FLOAT, &kind), BF_ERR_KIND_MISMATCH);
	CHECK_U64(kind, 99);
	CHECK_STATUS(bf_combine_kinds(BF_KIND_BUILTIN_FLAG | 23, BF_KIND_BUILTIN_FLAG | 20, &kind),
				 BF_ERR_KIND_MISMATCH);

	free(a);
	free(b);
	free(both);
	free(u);
	free(x);
}


/* ---- statistics ---- */

void
test_stats(void)
{
	bf_stats	stats;
	uint64_t	nblocks;
	int			k;
	uint8_t    *filter;

	/* an empty filter */
	filter = new_filter(16, 7, 0, 0.01);
	memset(&stats, 0, sizeof(stats));
	bf_stats_blocks(filter + BF_HEADER_BYTES, 7, 0, 16, &stats);
	CHECK(stats.bits_set == 0 && stats.fpp_sum == 0.0 && stats.cardinality == 0.0);

	/* one element: about one */
	bf_add_hash(bf_view_of(filter), hash_int(1));
	memset(&stats, 0, sizeof(stats));
	bf_stats_blocks(filter + BF_HEADER_BYTES, 7, 0, 16, &stats);
	CHECK(stats.bits_set >= 1 && stats.bits_set <= 7);
	CHECK(stats.cardinality > 0.5 && stats.cardinality < 1.5);
	CHECK(stats.fpp_sum > 0.0 && stats.fpp_sum < 1e-9);

	/* a full block counts as 511.5 bits: finite */
	memset(filter + BF_HEADER_BYTES + 5 * BF_BLOCK_BYTES, 0xFF, BF_BLOCK_BYTES);
	memset(&stats, 0, sizeof(stats));
	bf_stats_blocks(filter + BF_HEADER_BYTES, 7, 5, 1, &stats);
	CHECK_U64(stats.bits_set, 512);
	CHECK(stats.fpp_sum == 1.0);
	CHECK(isfinite(stats.cardinality) && stats.cardinality > 100 && stats.cardinality < 1000);
	free(filter);

	/* n distinct values in a filter sized for them: estimates near n and p */
	{
		const int64_t ns[] = {10000, 100000};
		const double ps[] = {0.01, 0.001};

		for (size_t t = 0; t < 2; t++)
		{
			int64_t		n = ns[t];
			double		p = ps[t];
			bf_stats	halves;
			uint64_t	half;

			CHECK_STATUS(bf_plan(n, p, &nblocks, &k), BF_OK);
			filter = filter_of_range(nblocks, k, UINT64_C(1) << 33, (uint64_t) n);
			memset(&stats, 0, sizeof(stats));
			bf_stats_blocks(filter + BF_HEADER_BYTES, k, 0, nblocks, &stats);
			if (!(fabs(stats.cardinality - (double) n) <= 0.05 * (double) n) ||
				!(stats.fpp_sum / (double) nblocks >= 0.5 * p && stats.fpp_sum / (double) nblocks <= 2 * p))
				printf("  n = %" PRId64 ": estimate %.1f, rate %.6f\n", n, stats.cardinality,
					   stats.fpp_sum / (double) nblocks);
			CHECK(fabs(stats.cardinality - (double) n) <= 0.05 * (double) n);
			CHECK(stats.fpp_sum / (double) nblocks >= 0.5 * p);
			CHECK(stats.fpp_sum / (double) nblocks <= 2 * p);
			CHECK_U64(stats.bits_set, popcount_bytes(filter + BF_HEADER_BYTES, nblocks * BF_BLOCK_BYTES));
			CHECK(stats.bits_set <= (uint64_t) n * (uint64_t) k);

			/* in chunks: the same sums (same order of additions) */
			half = nblocks / 3;
			memset(&halves, 0, sizeof(halves));
			bf_stats_blocks(filter + BF_HEADER_BYTES, k, 0, half, &halves);
			bf_stats_blocks(filter + BF_HEADER_BYTES, k, half, nblocks - half, &halves);
			CHECK(halves.bits_set == stats.bits_set && halves.fpp_sum == stats.fpp_sum &&
				  halves.cardinality == stats.cardinality);
			free(filter);
		}
	}
}

/*
 * The SIMD kernels against the scalar definition of the layout: the same
 * bits for every k (1..BF_MAX_K, so groups of 8 lanes and partial groups),
 * by single adds and by the bulk add, and the same answer for members,
 * non-members and filters from sparse to nearly full.
 */
void
test_simd_kernels(bool simd_available)
{
	const int	nblocks = 61;	/* odd, not a power of two */
	const uint64_t bytes = bf_filter_bytes(nblocks);

	if (!simd_available)
	{
		printf("NOTE: this CPU has no AVX-512 F+DQ: SIMD kernels not compared (scalar code tested)\n");
		return;
	}
	for (int k = 1; k <= BF_MAX_K; k++)
	{
		uint8_t    *scalar = xcalloc(bytes);
		uint8_t    *single = xcalloc(bytes);
		uint8_t    *bulk = xcalloc(bytes);
		uint8_t    *hashes = xcalloc(8 * 4000);
		bool		same_answers = true;
		int			members_found = 0;

		bf_init(scalar, nblocks, k, BF_KIND_INTEGER, 1000, 0.01);
		bf_init(single, nblocks, k, BF_KIND_INTEGER, 1000, 0.01);
		bf_init(bulk, nblocks, k, BF_KIND_INTEGER, 1000, 0.01);
		for (int round = 0; round < 4; round++)
		{
			/* 1000 more each round: from 16 bits per element down to 2 */
			for (int i = 0; i < 1000; i++)
			{
				uint64_t	h = rng_next();
				bf_view		view = bf_view_of(scalar);

				memcpy(hashes + 8 * (1000 * round + i), &h, 8);
				bf_block_add_hash_scalar(view.blocks + bf_block_of(h, nblocks) * BF_BLOCK_BYTES, k, h);
				view = bf_view_of(single);
				bf_block_add_hash_simd(view.blocks + bf_block_of(h, nblocks) * BF_BLOCK_BYTES, k, h);
			}
			bf_add_hashes_simd(bf_view_of(bulk), hashes + 8 * 1000 * round, 1000);
			CHECK(memcmp(scalar, single, bytes) == 0);
			CHECK(memcmp(scalar, bulk, bytes) == 0);
			for (int i = 0; i < 20000; i++)
			{
				uint64_t	h;
				const uint8_t *block;

				if (i % 2 == 0)
					memcpy(&h, hashes + 8 * (i / 2 % (1000 * (round + 1))), 8);
				else
					h = rng_next();
				block = bf_view_of(scalar).blocks + bf_block_of(h, nblocks) * BF_BLOCK_BYTES;
				if (bf_block_contains_hash_scalar(block, k, h) != bf_block_contains_hash_simd(block, k, h))
					same_answers = false;
				if (i % 2 == 0)
					members_found += bf_block_contains_hash_simd(block, k, h) ? 1 : 0;
			}
		}
		CHECK(same_answers);
		CHECK(members_found == 4 * 10000);
		free(scalar);
		free(single);
		free(bulk);
		free(hashes);
	}
}

/* Any of blocks[i] has its ks[i] bits of h: the definition, one block at a time. */
static bool
any_block_contains(const uint8_t *const *blocks, const uint8_t *ks, int count, uint64_t h)
{
	for (int i = 0; i < count; i++)
		if (bf_block_contains_hash_scalar(blocks[i], ks[i], h))
			return true;
	return false;
}

/*
 * The kernels that test one hash against several blocks (a bloomwindow's
 * run, a scalablebloom's sub-filters) agree with the one-block test, SIMD
 * and scalar, for 1 to 8 blocks, every k (one k for all blocks, k <= 8, k <=
 * 16 and mixed up to 32) and random live masks, with the hash's bits set in
 * none, one or several of the blocks, or all but one of them.
 */
void
test_multi_block_kernels(bool simd_available)
{
	enum
	{
		MAX_BLOCKS = 8
	};
	uint8_t    *run = xcalloc(MAX_BLOCKS * BF_BLOCK_BYTES);
	int			disagreements = 0;
	int			found = 0;
	int			trials = 0;

	for (int trial = 0; trial < 40000; trial++)
	{
		int			count = 1 + (int) (rng_next() % MAX_BLOCKS);
		int			k_limit = trial % 3 == 0 ? 8 : trial % 3 == 1 ? 16 : BF_MAX_K;
		int			same_k = 1 + (int) (rng_next() % (uint64_t) k_limit);
		unsigned	live = (unsigned) (rng_next() & ((1u << count) - 1));
		uint64_t	h = rng_next();
		const uint8_t *blocks[MAX_BLOCKS];
		const uint8_t *live_blocks[MAX_BLOCKS];
		uint8_t		ks[MAX_BLOCKS];
		uint8_t		live_ks[MAX_BLOCKS];
		int			live_count = 0;
		bool		want;

		for (int i = 0; i < count; i++)
		{
			uint8_t    *block = run + i * BF_BLOCK_BYTES;

			/* about a third of the bits set at random, and h's own bits in some blocks */
			for (int w = 0; w < BF_BLOCK_WORDS; w++)
			{
				uint64_t	word = rng_next() & rng_next();

				memcpy(block + 8 * w, &word, 8);
			}
			ks[i] = (uint8_t) (trial % 2 == 0 ? same_k : 1 + (int) (rng_next() % (uint64_t) k_limit));
			switch (rng_next() % 4)
			{
				case 0:
					bf_block_add_hash_scalar(block, ks[i], h);
					break;
				case 1:
					{
						/* all of h's bits but one: only a test of that bit says no */
						unsigned	position = bf_bit_position(h, (int) (rng_next() % ks[i]));
						uint64_t	word;

						bf_block_add_hash_scalar(block, ks[i], h);
						memcpy(&word, block + 8 * (position >> 6), 8);
						word &= ~(UINT64_C(1) << (position & 63));
						memcpy(block + 8 * (position >> 6), &word, 8);
						break;
					}
				default:
					break;
			}
			blocks[i] = block;
		}
		want = any_block_contains(blocks, ks, count, h);
		for (int pass = 0; pass < (simd_available ? 2 : 1); pass++)
		{
			(void) bf_select_kernels(pass == 0 && simd_available);
			if (bf_blocks_contain_hash(blocks, ks, count, h) != want)
				disagreements++;
		}
		/* a run: adjacent blocks of one k, those in live */
		for (int i = 0; i < count; i++)
			if (live >> i & 1)
			{
				live_blocks[live_count] = blocks[i];
				live_ks[live_count++] = (uint8_t) same_k;
			}
		want = any_block_contains(live_blocks, live_ks, live_count, h);
		for (int pass = 0; pass < (simd_available ? 2 : 1); pass++)
		{
			(void) bf_select_kernels(pass == 0 && simd_available);
			if (bf_run_contains_hash(run, count, live, same_k, h) != want)
				disagreements++;
		}
		found += want ? 1 : 0;
		trials++;
	}
	(void) bf_select_kernels(simd_available);
	CHECK(disagreements == 0);
	/* both answers occur often: the test can tell them apart */
	CHECK(found > trials / 20 && found < trials - trials / 20);
	free(run);
}


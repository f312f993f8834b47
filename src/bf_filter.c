/*
 * bf_filter.c - the bulk operations of the blocked layout: batched adds
 * with prefetching, union, intersection, folding, statistics, and the
 * compatibility rules.  The per-row add and test are inline in bf_core.h,
 * with the hashing scheme.
 */
#include "bf_core.h"

#include <math.h>
#include <string.h>

void
bf_add_hashes(bf_view view, const uint64_t *hashes, size_t count)
{
	if (bf_simd_kernels)
	{
		bf_add_hashes_simd(view, (const uint8_t *) hashes, count);
		return;
	}
	for (size_t i = 0; i < count; i++)
	{
		if (i + BF_PREFETCH_DISTANCE < count)
			bf_prefetch_hash(view, hashes[i + BF_PREFETCH_DISTANCE]);
		bf_add_hash(view, hashes[i]);
	}
}

void
bf_add_hashes_le(bf_view view, const uint8_t *hashes_le, size_t count)
{
	/* the SIMD kernels exist only on x86-64, which is little-endian */
	if (bf_simd_kernels)
	{
		bf_add_hashes_simd(view, hashes_le, count);
		return;
	}
	for (size_t i = 0; i < count; i++)
	{
		if (i + BF_PREFETCH_DISTANCE < count)
			bf_prefetch_hash(view, bf_load_u64(hashes_le + 8 * (i + BF_PREFETCH_DISTANCE)));
		bf_add_hash(view, bf_load_u64(hashes_le + 8 * i));
	}
}

void
bf_or_blocks(uint8_t *dst_blocks, const uint8_t *src_blocks, uint64_t first, uint64_t count)
{
	uint64_t	words = count * BF_BLOCK_WORDS;
	uint8_t    *dst = dst_blocks + first * BF_BLOCK_BYTES;
	const uint8_t *src = src_blocks + first * BF_BLOCK_BYTES;

	for (uint64_t w = 0; w < words; w++)
		bf_store_u64(dst + 8 * w, bf_load_u64(dst + 8 * w) | bf_load_u64(src + 8 * w));
}

void
bf_and_blocks(uint8_t *dst_blocks, const uint8_t *src_blocks, uint64_t first, uint64_t count)
{
	uint64_t	words = count * BF_BLOCK_WORDS;
	uint8_t    *dst = dst_blocks + first * BF_BLOCK_BYTES;
	const uint8_t *src = src_blocks + first * BF_BLOCK_BYTES;

	for (uint64_t w = 0; w < words; w++)
		bf_store_u64(dst + 8 * w, bf_load_u64(dst + 8 * w) & bf_load_u64(src + 8 * w));
}

void
bf_fold_or_blocks(uint8_t *dst_blocks, const uint8_t *src_blocks, uint64_t factor,
				  uint64_t first, uint64_t count)
{
	for (uint64_t j = first; j < first + count; j++)
	{
		uint8_t    *dst = dst_blocks + j * BF_BLOCK_BYTES;

		for (uint64_t part = 0; part < factor; part++)
			bf_or_blocks(dst, src_blocks + (j * factor + part) * BF_BLOCK_BYTES, 0, 1);
	}
}

void
bf_combine_blocks(uint8_t *dst_blocks, const uint8_t *src_blocks, uint64_t fold, bool intersect,
				  uint64_t first, uint64_t count)
{
	uint8_t		folded[BF_BLOCK_BYTES];

	if (fold <= 1)
	{
		if (intersect)
			bf_and_blocks(dst_blocks, src_blocks, first, count);
		else
			bf_or_blocks(dst_blocks, src_blocks, first, count);
		return;
	}
	/* one folded source block at a time, then combined into dst */
	for (uint64_t j = first; j < first + count; j++)
	{
		memset(folded, 0, sizeof(folded));
		bf_fold_or_blocks(folded, src_blocks + j * fold * BF_BLOCK_BYTES, fold, 0, 1);
		if (intersect)
			bf_and_blocks(dst_blocks + j * BF_BLOCK_BYTES, folded, 0, 1);
		else
			bf_or_blocks(dst_blocks + j * BF_BLOCK_BYTES, folded, 0, 1);
	}
}

/*
 * Per block, c of 512 bits set:
 *   a probe that lands here is a false positive with probability (c/512)^k
 *   (positions are drawn with replacement), and the block's elements number
 *   about ln(1 - c/512) / (k ln(1 - 1/512))  (Swamidass & Baldi 2007).
 * A full block has no finite estimate; it counts as 511.5 bits set.
 */
void
bf_stats_blocks(const uint8_t *blocks, int k, uint64_t first, uint64_t count, bf_stats *stats)
{
	double		per_set_bit = 1.0 / ((double) k * log1p(-1.0 / BF_BLOCK_BITS));

	for (uint64_t b = first; b < first + count; b++)
	{
		const uint8_t *block = blocks + b * BF_BLOCK_BYTES;
		int			set = 0;
		double		fill;

		for (int w = 0; w < BF_BLOCK_WORDS; w++)
			set += __builtin_popcountll(bf_load_u64(block + 8 * w));
		if (set == 0)
			continue;
		fill = (double) set / BF_BLOCK_BITS;
		stats->bits_set += (uint64_t) set;
		stats->fpp_sum += pow(fill, k);
		stats->cardinality += log1p(-(set == BF_BLOCK_BITS ? 511.5 / BF_BLOCK_BITS : fill)) * per_set_bit;
	}
}

bf_status
bf_combine_kinds(uint32_t a, uint32_t b, uint32_t *combined)
{
	if (a != BF_KIND_NONE && b != BF_KIND_NONE && a != b)
		return BF_ERR_KIND_MISMATCH;
	*combined = a != BF_KIND_NONE ? a : b;
	return BF_OK;
}

/*
 * A total order of headers, for results that must not depend on the order
 * of the operands: by size (nblocks, k), then design (design_n, design_p),
 * then the rest.  Two empty filters equal under it are equal byte for byte.
 */
static int
bf_compare_shapes(const bf_header *a, const bf_header *b)
{
#define BF_ORDER_BY(field) \
	if (a->field != b->field) \
		return a->field < b->field ? -1 : 1
	BF_ORDER_BY(nblocks);
	BF_ORDER_BY(k);
	BF_ORDER_BY(design_n);
	BF_ORDER_BY(design_p);
	BF_ORDER_BY(hash_scheme);
	BF_ORDER_BY(version);
	BF_ORDER_BY(value_kind);
#undef BF_ORDER_BY
	return 0;
}

/*
 * Union and intersection.
 *
 * A union holds every element of both operands, so it needs the room of
 * both.  It is defined when both have the same shape (nblocks and k): the
 * bits OR together, exactly the filter that adding every element to one of
 * them would give.  It is refused for shapes that differ: folding the
 * larger into the smaller's blocks would put all the elements into less
 * room than either was sized for (a blacklist OR-ed with a batch of 30
 * would answer "maybe" to everything), and the smaller's bits cannot be
 * spread over more blocks (an element's block among the larger's d
 * candidates is unknown; copying into all d adds d times its load).
 *
 * An intersection's bits are a subset of each operand's, so its rate is at
 * most the smaller operand's: a larger filter may fold (exactly, see
 * bf_core.h) to the smaller's size when that divides it.
 *
 * An empty filter (nothing added) is neutral for a union and absorbing for
 * an intersection, except that a union never gives a filter smaller than
 * an empty operand that was made larger (bloom_empty(n, p) asked for room).
 *
 * Every rule is symmetric: the result's design fields are those of the
 * larger operand under bf_compare_shapes, or, for an intersection that
 * folds, of the smaller one, whose size it has.  So a | b = b | a and
 * a & b = b & a byte for byte, and a union of many filters is the same in
 * any order.
 */
bf_status
bf_plan_combine(const bf_header *a, const bf_header *b, bool intersect, bf_combine_plan *plan)
{
	bool		a_empty = a->n_added == 0;
	bool		b_empty = b->n_added == 0;
	const bf_header *larger = bf_compare_shapes(a, b) >= 0 ? a : b;
	uint32_t	kind;

	memset(plan, 0, sizeof(*plan));
	plan->fold_a = 1;
	plan->fold_b = 1;
	plan->intersect = intersect;

	if (a_empty || b_empty)
	{
		const bf_header *taken;

		if (a_empty && b_empty)
			taken = larger;
		else if (intersect)
			taken = a_empty ? a : b;
		else
		{
			const bf_header *empty = a_empty ? a : b;

			taken = a_empty ? b : a;
			if (empty->nblocks > taken->nblocks)
				return BF_ERR_UNION_SIZES;
		}
		plan->result = *taken;
		plan->result_is = taken == a ? BF_RESULT_A : BF_RESULT_B;
		return BF_OK;
	}

	if (a->hash_scheme != b->hash_scheme || a->k != b->k)
		return BF_ERR_INCOMPATIBLE;
	if (bf_combine_kinds(a->value_kind, b->value_kind, &kind) != BF_OK)
		return BF_ERR_KIND_MISMATCH;
	plan->result_is = BF_RESULT_COMBINED;
	plan->result = *larger;
	if (a->nblocks != b->nblocks)
	{
		const bf_header *smaller = a->nblocks < b->nblocks ? a : b;
		const bf_header *bigger = smaller == a ? b : a;

		if (!intersect)
			return BF_ERR_UNION_SIZES;
		if (bigger->nblocks % smaller->nblocks != 0)
			return BF_ERR_INCOMPATIBLE;
		plan->result = *smaller;
		if (bigger == a)
			plan->fold_a = a->nblocks / b->nblocks;
		else
			plan->fold_b = b->nblocks / a->nblocks;
	}
	plan->result.value_kind = kind;
	if (intersect)
		plan->result.n_added = a->n_added < b->n_added ? a->n_added : b->n_added;
	else
		plan->result.n_added = bf_sat_add_u64(a->n_added, b->n_added);
	return BF_OK;
}

void
bf_combine_run(const bf_combine_plan *plan, uint8_t *result_blocks, const uint8_t *a_blocks,
			   const uint8_t *b_blocks, uint64_t first, uint64_t count)
{
	if (result_blocks != a_blocks)
	{
		memset(result_blocks + first * BF_BLOCK_BYTES, 0, count * BF_BLOCK_BYTES);
		bf_combine_blocks(result_blocks, a_blocks, plan->fold_a, false, first, count);
	}
	bf_combine_blocks(result_blocks, b_blocks, plan->fold_b, plan->intersect, first, count);
}

void
bf_combine_run_chunked(const bf_combine_plan *plan, uint8_t *result_blocks, const uint8_t *a_blocks,
					   const uint8_t *b_blocks, uint64_t chunk_blocks, bf_between_chunks_fn between)
{
	uint64_t	fold = plan->fold_a > plan->fold_b ? plan->fold_a : plan->fold_b;
	uint64_t	chunk = chunk_blocks / (fold > 0 ? fold : 1);
	uint64_t	nblocks = plan->result.nblocks;

	if (chunk == 0)
		chunk = 1;
	for (uint64_t first = 0; first < nblocks; first += chunk)
	{
		if (between != NULL)
			between();
		bf_combine_run(plan, result_blocks, a_blocks, b_blocks, first, nblocks - first < chunk ? nblocks - first : chunk);
	}
}

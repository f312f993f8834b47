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
 * Two filters combine when they hash alike (same scheme and k) and one's
 * block count divides the other's: the larger one then folds to the smaller
 * (see bf_core.h), which is exact, not an approximation.
 */
bf_status
bf_check_compatible(const bf_header *a, const bf_header *b, uint64_t *fold_a, uint64_t *fold_b)
{
	uint32_t	kind;

	if (a->hash_scheme != b->hash_scheme || a->k != b->k)
		return BF_ERR_INCOMPATIBLE;
	if (bf_combine_kinds(a->value_kind, b->value_kind, &kind) != BF_OK)
		return BF_ERR_KIND_MISMATCH;
	*fold_a = 1;
	*fold_b = 1;
	if (a->nblocks >= b->nblocks && a->nblocks % b->nblocks == 0)
		*fold_a = a->nblocks / b->nblocks;
	else if (b->nblocks > a->nblocks && b->nblocks % a->nblocks == 0)
		*fold_b = b->nblocks / a->nblocks;
	else
		return BF_ERR_INCOMPATIBLE;
	return BF_OK;
}

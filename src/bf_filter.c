/*
 * bf_filter.c - hashing and the bit operations of the blocked layout.
 *
 * hashing scheme
 *   One XXH3-64 hash per value, computed once and reused: its high 32 bits
 *   choose the block by multiply-shift (no division, and folding-friendly,
 *   see bf_core.h), and k multiplications of the whole 64-bit hash by fixed
 *   odd salts give the k bit positions inside the block (top 9 bits of each
 *   product).  The salts are odd 64-bit constants drawn once at random; odd
 *   makes each product a bijection of the hash, so every position is uniform.
 *
 * branch-free tests
 *   A probe builds the block's 8-word mask of its k bits, then checks
 *   (block & mask) == mask over all 8 words with no early exit: the compiler
 *   turns the loop into a few vector instructions, and there is no branch to
 *   mispredict on the answer.
 */
#include "bf_core.h"

#include <math.h>
#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

static const uint64_t BF_POSITION_SALT[BF_MAX_K] = {
	UINT64_C(0x9e3779b97f4a7c15), UINT64_C(0xc2b2ae3d27d4eb4f), UINT64_C(0x165667b19e3779f9),
	UINT64_C(0xd6e8feb86659fd93), UINT64_C(0xff51afd7ed558ccd), UINT64_C(0xc4ceb9fe1a85ec53),
	UINT64_C(0x27d4eb2f165667c5), UINT64_C(0x94d049bb133111eb), UINT64_C(0xbf58476d1ce4e5b9),
	UINT64_C(0x2545f4914f6cdd1d), UINT64_C(0x8cb92ba72f3d8dd7), UINT64_C(0x5851f42d4c957f2d),
	UINT64_C(0xa0761d6478bd642f), UINT64_C(0xe7037ed1a0b428db), UINT64_C(0x8ebc6af09c88c6e3),
	UINT64_C(0x589965cc75374cc3), UINT64_C(0x1d8e4e27c47d124f), UINT64_C(0xd1b54a32d192ed03),
	UINT64_C(0xaef17502108ef2d9), UINT64_C(0xdb4f0b9175ae2165), UINT64_C(0x3c6ef372fe94f82b),
	UINT64_C(0xa54ff53a5f1d36f1), UINT64_C(0x510e527fade682d1), UINT64_C(0x9b05688c2b3e6c1f),
	UINT64_C(0x1f83d9abfb41bd6b), UINT64_C(0x5be0cd19137e2179), UINT64_C(0xcbbb9d5dc1059ed9),
	UINT64_C(0x629a292a367cd507), UINT64_C(0x9159015a3070dd17), UINT64_C(0x152fecd8f70e5939),
	UINT64_C(0x67332667ffc00b31), UINT64_C(0x8eb44a8768581511),
};

uint64_t
bf_hash_bytes(const void *data, size_t length)
{
	return XXH3_64bits(data, length);
}

bf_view
bf_view_of(uint8_t *filter)
{
	bf_view		view;

	view.blocks = filter + BF_HEADER_BYTES;
	view.nblocks = bf_load_u64(filter + BF_OFF_NBLOCKS);
	view.k = filter[BF_OFF_K];
	return view;
}

static inline void
bf_block_mask(uint64_t hash, int k, uint64_t mask[BF_BLOCK_WORDS])
{
	memset(mask, 0, BF_BLOCK_WORDS * sizeof(uint64_t));
	for (int i = 0; i < k; i++)
	{
		unsigned	position = (unsigned) ((hash * BF_POSITION_SALT[i]) >> 55);	/* 0..511 */

		mask[position >> 6] |= UINT64_C(1) << (position & 63);
	}
}

/* Block words are little-endian 64-bit words. */
static inline uint64_t
bf_word_load(const uint8_t *p)
{
	return bf_load_u64(p);
}

static inline void
bf_word_store(uint8_t *p, uint64_t v)
{
	bf_store_u64(p, v);
}

void
bf_add_hash(bf_view view, uint64_t hash)
{
	uint64_t	mask[BF_BLOCK_WORDS];
	uint8_t    *block = view.blocks + bf_block_of(hash, view.nblocks) * BF_BLOCK_BYTES;

	bf_block_mask(hash, view.k, mask);
	for (int w = 0; w < BF_BLOCK_WORDS; w++)
		bf_word_store(block + 8 * w, bf_word_load(block + 8 * w) | mask[w]);
}

bool
bf_contains_hash(bf_view view, uint64_t hash)
{
	uint64_t	mask[BF_BLOCK_WORDS];
	uint64_t	missing = 0;
	const uint8_t *block = view.blocks + bf_block_of(hash, view.nblocks) * BF_BLOCK_BYTES;

	bf_block_mask(hash, view.k, mask);
	for (int w = 0; w < BF_BLOCK_WORDS; w++)
		missing |= mask[w] & ~bf_word_load(block + 8 * w);
	return missing == 0;
}

/*
 * A filter larger than the caches costs a memory miss per add.  Issuing the
 * prefetch of the block BF_PREFETCH_DISTANCE hashes ahead lets that many
 * misses overlap; 16 covers a ~100 ns miss at a few ns per add.
 */
#define BF_PREFETCH_DISTANCE 16

void
bf_add_hashes(bf_view view, const uint64_t *hashes, size_t count)
{
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
	for (size_t i = 0; i < count; i++)
	{
		if (i + BF_PREFETCH_DISTANCE < count)
			bf_prefetch_hash(view, bf_word_load(hashes_le + 8 * (i + BF_PREFETCH_DISTANCE)));
		bf_add_hash(view, bf_word_load(hashes_le + 8 * i));
	}
}

void
bf_or_blocks(uint8_t *dst_blocks, const uint8_t *src_blocks, uint64_t first, uint64_t count)
{
	uint64_t	words = count * BF_BLOCK_WORDS;
	uint8_t    *dst = dst_blocks + first * BF_BLOCK_BYTES;
	const uint8_t *src = src_blocks + first * BF_BLOCK_BYTES;

	for (uint64_t w = 0; w < words; w++)
		bf_word_store(dst + 8 * w, bf_word_load(dst + 8 * w) | bf_word_load(src + 8 * w));
}

void
bf_and_blocks(uint8_t *dst_blocks, const uint8_t *src_blocks, uint64_t first, uint64_t count)
{
	uint64_t	words = count * BF_BLOCK_WORDS;
	uint8_t    *dst = dst_blocks + first * BF_BLOCK_BYTES;
	const uint8_t *src = src_blocks + first * BF_BLOCK_BYTES;

	for (uint64_t w = 0; w < words; w++)
		bf_word_store(dst + 8 * w, bf_word_load(dst + 8 * w) & bf_word_load(src + 8 * w));
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
			set += __builtin_popcountll(bf_word_load(block + 8 * w));
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

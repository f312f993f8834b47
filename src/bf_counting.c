/*
 * bf_counting.c - the core of countingbloom: 4-bit counters in bloomfilter's
 * blocks.  The layout and the rules of add, remove and the cast are in
 * bf_counting.h; this file keeps them and adds the bulk loops.
 *
 * Counters in words
 * -----------------
 * The bulk loops (cast, union, statistics, validation) read a 256-byte block
 * as 32 little-endian 64-bit words of 16 counters each.  Counter j of a word
 * is its bits 4j .. 4j+3: byte j / 2, the low nibble for even j, which is
 * the stored layout.  So word w holds counters 16w .. 16w+15, and the four
 * words 4v .. 4v+3 give word v (bits 64v .. 64v+63) of the bloomfilter
 * block.  Each word is worked on as 16 counters at once with plain 64-bit
 * operations (SWAR); each trick is explained where it is used.
 *
 * Indexes
 * -------
 * A block starts at block * CBF_BLOCK_BYTES, up to CBF_MAX_BLOCKS * 256 =
 * 768,000,000 bytes: every offset is computed in uint64_t, never in int.
 */
#include "bf_counting.h"

#include <string.h>

#define CBF_WORDS_PER_BLOCK		(CBF_BLOCK_BYTES / 8)	/* 32 words of 16 counters */
#define CBF_WORDS_PER_BLOOM_WORD 4	/* 4 x 16 counters = the 64 bits of a bloom word */

/* Masks of the counter lanes: bit 0 of every nibble, bit 3, and bits 0-2. */
#define CBF_NIBBLE_BIT0			UINT64_C(0x1111111111111111)
#define CBF_NIBBLE_BIT3			UINT64_C(0x8888888888888888)
#define CBF_NIBBLE_BITS012		UINT64_C(0x7777777777777777)

const bf_layout cbf_layout = {
	{'C', 'B', 'L', 'M'}, CBF_BLOCK_BYTES, CBF_MAX_BLOCKS, false
};

static inline uint64_t
cbf_min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

void
cbf_init(uint8_t *filter, uint64_t nblocks, int k, uint32_t value_kind,
		 uint64_t design_n, double design_p)
{
	bf_header	header;

	header.version = BF_FORMAT_VERSION;
	header.hash_scheme = BF_HASH_SCHEME_XXH3;
	header.k = (uint8_t) k;
	header.value_kind = value_kind;
	header.flags = 0;
	header.nblocks = nblocks;
	header.n_added = 0;
	header.design_n = design_n;
	header.design_p = design_p;
	bf_write_header_as(filter, &cbf_layout, &header);
	memset(filter + BF_HEADER_BYTES, 0, nblocks * CBF_BLOCK_BYTES);
}

bf_status
cbf_check_header(const uint8_t *filter, uint64_t length, bf_header *header)
{
	return bf_check_header_as(filter, length, &cbf_layout, header);
}

/* BF_OK if every counter of blocks [first, first+count) is 0. */
static bf_status
cbf_check_counters_zero(const uint8_t *blocks, uint64_t first, uint64_t count)
{
	uint8_t		any = 0;

	for (uint64_t i = first * CBF_BLOCK_BYTES; i < (first + count) * CBF_BLOCK_BYTES; i++)
		any |= blocks[i];
	return any == 0 ? BF_OK : BF_ERR_FORMAT_COUNTERS;
}

/*
 * Only a filter that never held anything (kind none) has contents known
 * from its header: all zero.  Once a kind is set, any counters are
 * possible: saturated counters outlive the removes of their values, and a
 * remove of a value never added may clear counters of others, so neither
 * n_added nor the counters bound each other, and checking more than the
 * header would cost a scan of every value read for nothing.
 */
bf_status
cbf_validate(const uint8_t *filter, uint64_t length, bf_header *header,
			 uint64_t chunk_blocks, bf_between_chunks_fn between)
{
	bf_status	status = cbf_check_header(filter, length, header);

	if (status != BF_OK || header->value_kind != BF_KIND_NONE)
		return status;
	/* 0 would never advance: one chunk of everything */
	if (chunk_blocks == 0)
		chunk_blocks = header->nblocks;
	for (uint64_t first = 0; first < header->nblocks && status == BF_OK; first += chunk_blocks)
	{
		if (between != NULL)
			between();
		status = cbf_check_counters_zero(filter + BF_HEADER_BYTES, first,
										 cbf_min_u64(chunk_blocks, header->nblocks - first));
	}
	return status;
}

/* ---- add and remove: one counter at a time, k of them ---- */

static inline uint8_t *
cbf_block_to_update(bf_view view, uint64_t hash)
{
	return view.blocks + bf_block_of(hash, view.nblocks) * CBF_BLOCK_BYTES;
}

static inline void
cbf_increment(uint8_t *block, unsigned position)
{
	uint8_t    *byte = block + (position >> 1);
	unsigned	shift = (position & 1) * 4;

	if (((*byte >> shift) & 0x0F) < CBF_COUNTER_MAX)
		*byte = (uint8_t) (*byte + (1u << shift));
}

/* A saturated counter may stand for more than 15 adds: it is never lowered. */
static inline void
cbf_decrement(uint8_t *block, unsigned position)
{
	uint8_t    *byte = block + (position >> 1);
	unsigned	shift = (position & 1) * 4;
	unsigned	counter = (*byte >> shift) & 0x0F;

	if (counter != 0 && counter != CBF_COUNTER_MAX)
		*byte = (uint8_t) (*byte - (1u << shift));
}

void
cbf_add_hash(bf_view view, uint64_t hash)
{
	uint8_t    *block = cbf_block_to_update(view, hash);

	for (int i = 0; i < view.k; i++)
		cbf_increment(block, bf_bit_position(hash, i));
}

void
cbf_add_hashes_le(bf_view view, const uint8_t *hashes_le, uint64_t count)
{
	for (uint64_t i = 0; i < count; i++)
	{
#if defined(__GNUC__) || defined(__clang__)
		if (i + BF_PREFETCH_DISTANCE < count)
		{
			const uint8_t *ahead = cbf_block_of_hash(view, bf_load_u64(hashes_le + 8 * (i + BF_PREFETCH_DISTANCE)));

			for (int line = 0; line < CBF_BLOCK_BYTES; line += 64)
				__builtin_prefetch(ahead + line, 1, 3);
		}
#endif
		cbf_add_hash(view, bf_load_u64(hashes_le + 8 * i));
	}
}

/*
 * A position that two of the k positions share was incremented twice by the
 * add, and is decremented twice here.  The test for 0 before each decrement
 * only matters after a remove of a value never added (it may have cleared
 * what this value set): the counter stops at 0, it never wraps to 15.
 */
bool
cbf_remove_hash(bf_view view, uint64_t hash)
{
	uint8_t    *block = cbf_block_to_update(view, hash);

	if (!cbf_contains_hash(view, hash))
		return false;
	for (int i = 0; i < view.k; i++)
		cbf_decrement(block, bf_bit_position(hash, i));
	return true;
}

/* ---- the cast to bloomfilter ---- */

/*
 * Bit j (0 .. 15) of the result is set when counter j of the word is > 0.
 * OR-ing each nibble's four bits into its bit 0 leaves one flag per counter,
 * at bits 0, 4, .., 60; four shift-and-mask steps then pack them, each
 * halving the gaps: flags 4 apart become 2 bits per byte (>> 3), then 4 per
 * 16 bits (>> 6), 8 per 32 bits (>> 12), 16 in all (>> 24).
 */
static inline uint64_t
cbf_nonzero_counters(uint64_t word)
{
	uint64_t	flags = (word | word >> 1 | word >> 2 | word >> 3) & CBF_NIBBLE_BIT0;

	flags = (flags | flags >> 3) & UINT64_C(0x0303030303030303);
	flags = (flags | flags >> 6) & UINT64_C(0x000F000F000F000F);
	flags = (flags | flags >> 12) & UINT64_C(0x000000FF000000FF);
	return (flags | flags >> 24) & UINT64_C(0xFFFF);
}

/* One 256-byte counting block to its 64-byte bloomfilter block. */
static void
cbf_block_to_bloom(const uint8_t *counting_block, uint8_t *bloom_block)
{
	for (int v = 0; v < BF_BLOCK_WORDS; v++)
	{
		const uint8_t *counters = counting_block + 8 * CBF_WORDS_PER_BLOOM_WORD * v;
		uint64_t	bits = 0;

		for (int part = 0; part < CBF_WORDS_PER_BLOOM_WORD; part++)
			bits |= cbf_nonzero_counters(bf_load_u64(counters + 8 * part)) << (16 * part);
		bf_store_u64(bloom_block + 8 * v, bits);
	}
}

void
cbf_to_bloom_blocks(const uint8_t *counting_blocks, uint8_t *bloom_blocks, uint64_t first,
					uint64_t count)
{
	for (uint64_t b = first; b < first + count; b++)
		cbf_block_to_bloom(counting_blocks + b * CBF_BLOCK_BYTES, bloom_blocks + b * BF_BLOCK_BYTES);
}

/*
 * bloomfilter requires n_added = 0 exactly when the kind is none and no bit
 * is set.  A countingbloom whose removes brought n_added to 0 keeps its
 * kind: with no counter left its cast is the empty bloomfilter; with
 * counters left (saturated ones, which removes never lower) the cast has
 * bits, so it claims one element.
 */
void
cbf_bloom_header(const bf_header *counting, bool any_counter_set, bf_header *bloom)
{
	*bloom = *counting;
	if (counting->n_added != 0)
		return;
	if (any_counter_set)
		bloom->n_added = 1;
	else
		bloom->value_kind = BF_KIND_NONE;
}

/* ---- union ---- */

/*
 * Sixteen saturating 4-bit additions in one word.  The low three bits of
 * each nibble add without leaving it (7 + 7 = 14), so bit 3 of that partial
 * sum is the carry c into the nibble's top bit.  The nibble's sum is then
 * partial ^ x3 ^ y3 in bit 3, and it overflows 15 when the carry out of bit
 * 3, majority(x3, y3, c), is 1; those nibbles are set to 15.
 */
static inline uint64_t
cbf_saturating_add_counters(uint64_t x, uint64_t y)
{
	uint64_t	partial = (x & CBF_NIBBLE_BITS012) + (y & CBF_NIBBLE_BITS012);
	uint64_t	sum = partial ^ ((x ^ y) & CBF_NIBBLE_BIT3);
	uint64_t	overflow = ((x & y) | ((x | y) & partial)) & CBF_NIBBLE_BIT3;

	return sum | (overflow >> 3) * CBF_COUNTER_MAX;
}

void
cbf_add_blocks(uint8_t *dst_blocks, const uint8_t *src_blocks, uint64_t first, uint64_t count)
{
	uint64_t	words = count * CBF_WORDS_PER_BLOCK;
	uint8_t    *dst = dst_blocks + first * CBF_BLOCK_BYTES;
	const uint8_t *src = src_blocks + first * CBF_BLOCK_BYTES;

	for (uint64_t w = 0; w < words; w++)
		bf_store_u64(dst + 8 * w, cbf_saturating_add_counters(bf_load_u64(dst + 8 * w),
															   bf_load_u64(src + 8 * w)));
}

/* ---- statistics ---- */

/* Bit 0 of each nibble that is 15 (all four bits set). */
static inline uint64_t
cbf_saturated_counters(uint64_t word)
{
	return word & word >> 1 & word >> 2 & word >> 3 & CBF_NIBBLE_BIT0;
}

/*
 * A counter > 0 is a set bit of the cast, so the cast's statistics are
 * bloomfilter's own (bf_stats_blocks), computed on each block's cast.
 */
void
cbf_stats_blocks(const uint8_t *blocks, int k, uint64_t first, uint64_t count, cbf_stats *stats)
{
	uint8_t		bloom_block[BF_BLOCK_BYTES];

	for (uint64_t b = first; b < first + count; b++)
	{
		const uint8_t *block = blocks + b * CBF_BLOCK_BYTES;
		uint64_t	bits_before = stats->bloom.bits_set;

		for (int w = 0; w < CBF_WORDS_PER_BLOCK; w++)
			stats->counters_saturated +=
				(uint64_t) __builtin_popcountll(cbf_saturated_counters(bf_load_u64(block + 8 * w)));
		cbf_block_to_bloom(block, bloom_block);
		bf_stats_blocks(bloom_block, k, 0, 1, &stats->bloom);
		stats->counters_set += stats->bloom.bits_set - bits_before;
	}
}

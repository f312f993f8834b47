/*
 * bf_counting.h - the pure C core of countingbloom, a counting Bloom filter
 * in bloomfilter's layout (no postgres.h, like bf_core.h).
 *
 * Same blocks, same k, same hashing as bloomfilter: an element of hash h
 * touches block bf_block_of(h, nblocks) and positions bf_bit_position(h, i),
 * i = 0 .. k-1.  Each of the 512 bits of a block becomes a 4-bit counter, so
 * a block is 256 bytes: counter j lives in byte j / 2, in the low nibble for
 * even j and the high nibble for odd j.
 *
 *   add     increments the k counters, saturating at 15;
 *   remove  if any of the k counters is 0 the value is certainly absent:
 *           nothing changes and it reports "not found"; otherwise it
 *           decrements each counter that is neither 0 nor saturated;
 *   probe   all k counters > 0.
 * A saturated counter is never decremented again: it may stand for more
 * adds than 15, so it stays "maybe" for good, and saturation never makes a
 * false negative.  Counters at a position that two of the k positions share
 * are incremented and decremented twice, consistently.
 *
 * Casting to bloomfilter (counter > 0 becomes a set bit) gives exactly the
 * bloomfilter the same adds would have built, header included: the header
 * is the same 52 bytes with its own magic "CBLM" (see bf_layout).
 * n_added counts adds minus removes that found the value (never below 0).
 * When removes bring n_added to 0 the kind is kept; the cast then gives the
 * empty bloomfilter if no counter is left, or n_added = 1 if saturated
 * counters remain (bloomfilter requires n_added = 0 exactly when its bits
 * are empty and its kind is none).
 *
 * Union adds counters, saturating, for filters of the same shape (the rules
 * are bloomfilter's, bf_plan_combine, with intersect = false).
 */
#ifndef BF_COUNTING_H
#define BF_COUNTING_H

#include "bf_core.h"

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility push(hidden)
#endif

#define CBF_MAGIC_BYTES			"CBLM"
#define CBF_BLOCK_BYTES			256		/* 512 counters of 4 bits */
#define CBF_COUNTER_MAX			15
/* 768,000,000 bytes of counters, as bloomfilter's limit: the text form fits in 1 GB */
#define CBF_MAX_BLOCKS			(BF_MAX_BLOCKS / 4)

extern const bf_layout cbf_layout;

static inline uint64_t
cbf_filter_bytes(uint64_t nblocks)
{
	return BF_HEADER_BYTES + nblocks * CBF_BLOCK_BYTES;
}

/* Writes a header ("CBLM") and zeroes the counters; buffer holds cbf_filter_bytes(nblocks). */
extern void cbf_init(uint8_t *filter, uint64_t nblocks, int k, uint32_t value_kind,
					 uint64_t design_n, double design_p);

/* The header alone against the length (bf_check_header_as with cbf_layout). */
extern bf_status cbf_check_header(const uint8_t *filter, uint64_t length, bf_header *header);

/*
 * Every check of a value read or received: the header, and for kind none
 * (nothing ever added) that every counter is 0, chunk_blocks blocks at a
 * time with between() before each chunk.
 */
extern bf_status cbf_validate(const uint8_t *filter, uint64_t length, bf_header *header,
							  uint64_t chunk_blocks, bf_between_chunks_fn between);

/* What a per-row loop needs: filter + BF_HEADER_BYTES, nblocks and k (bf_view's fields). */
static inline bf_view
cbf_view_of(uint8_t *filter)
{
	bf_view		view;

	view.blocks = filter + BF_HEADER_BYTES;
	view.nblocks = bf_load_u64(filter + BF_OFF_NBLOCKS);
	view.k = filter[BF_OFF_K];
	return view;
}

/* Counter `position` (0 .. 511) of a 256-byte block. */
static inline unsigned
cbf_counter(const uint8_t *block, unsigned position)
{
	return (block[position >> 1] >> ((position & 1) * 4)) & 0x0F;
}

static inline const uint8_t *
cbf_block_of_hash(bf_view view, uint64_t hash)
{
	return view.blocks + bf_block_of(hash, view.nblocks) * CBF_BLOCK_BYTES;
}

/* All k counters of hash > 0 in its block (no early exit: no branch on the answer). */
static inline bool
cbf_block_contains_hash(const uint8_t *block, int k, uint64_t hash)
{
	unsigned	zero = 0;

	for (int i = 0; i < k; i++)
		zero |= cbf_counter(block, bf_bit_position(hash, i)) == 0;
	return zero == 0;
}

/*
 * A block is 4 cache lines and a probe reads about 3 of them: asking for all
 * 4 first lets the misses overlap instead of following one another.
 */
static inline bool
cbf_contains_hash(bf_view view, uint64_t hash)
{
	const uint8_t *block = cbf_block_of_hash(view, hash);

#if defined(__GNUC__) || defined(__clang__)
	for (int line = 0; line < CBF_BLOCK_BYTES; line += 64)
		__builtin_prefetch(block + line, 0, 3);
#endif
	return cbf_block_contains_hash(block, view.k, hash);
}

/* Increments the k counters of hash, saturating at CBF_COUNTER_MAX. */
extern void cbf_add_hash(bf_view view, uint64_t hash);

/*
 * cbf_add_hash of count little-endian hashes, each block's 4 lines asked
 * for BF_PREFETCH_DISTANCE hashes ahead: in a filter larger than the caches
 * the misses of successive adds then overlap.
 */
extern void cbf_add_hashes_le(bf_view view, const uint8_t *hashes_le, uint64_t count);

/* Removes hash: false (and nothing changed) if it is certainly absent. */
extern bool cbf_remove_hash(bf_view view, uint64_t hash);

/*
 * Bloom blocks [first, first+count) from counting blocks: bit j of block b
 * is set exactly when counter j of block b is > 0.
 */
extern void cbf_to_bloom_blocks(const uint8_t *counting_blocks, uint8_t *bloom_blocks, uint64_t first,
								uint64_t count);

/*
 * The bloomfilter header of a countingbloom's cast, given its header and
 * whether any counter is > 0 (see above for n_added = 0).
 */
extern void cbf_bloom_header(const bf_header *counting, bool any_counter_set, bf_header *bloom);

/* dst += src, saturating at CBF_COUNTER_MAX, over blocks [first, first+count). */
extern void cbf_add_blocks(uint8_t *dst_blocks, const uint8_t *src_blocks, uint64_t first, uint64_t count);

/*
 * The counter statistics of blocks [first, first+count), accumulated into
 * stats (zero it first): counters > 0, saturated counters, and bloomfilter's
 * statistics of the cast (bits_set, fpp_sum, cardinality).
 */
typedef struct cbf_stats
{
	uint64_t	counters_set;
	uint64_t	counters_saturated;
	bf_stats	bloom;
} cbf_stats;

extern void cbf_stats_blocks(const uint8_t *blocks, int k, uint64_t first, uint64_t count, cbf_stats *stats);

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

#endif							/* BF_COUNTING_H */

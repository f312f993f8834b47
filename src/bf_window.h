/*
 * bf_window.h - the pure C core of bloomwindow, a sliding-window Bloom
 * filter: a set that forgets (no postgres.h, like bf_core.h).
 *
 * A ring of G generations (2 .. 8) of blocked Bloom filters of one shape
 * (nblocks, k), with bloomfilter's blocks and hashing: an element of hash h
 * touches block j = bf_block_of(h, nblocks) at the bits bf_bit_position(h,
 * i) of the generation it goes into.  Adds go into the current generation;
 * a probe tests block j of every generation still inside the window.  When
 * the current generation has had its span, the oldest one is zeroed and
 * becomes current: everything it held is forgotten at once.
 *
 * Interleaved layout
 * ------------------
 * Block j of generation g is at (j*G + g) * 64 bytes after the header, so
 * the G blocks a probe reads are one run of G*64 bytes (one TOAST slice of a
 * stored window, G adjacent cache lines in memory).
 *
 * Count mode: the window is the last W insertions
 * ------------------------------------------------
 * Each generation takes c = ceil(W / (G-1)) insertions; the add after the
 * c-th of the current generation first rotates.  Insertion number i goes
 * into the generation that started at S <= i < S + c, and that generation
 * is zeroed by the add of insertion S + G*c.  So after n insertions it is
 * still there if n <= S + G*c, which holds for every i >= n - W since
 * n <= i + W < S + c + (G-1)*c.  Guarantee: no false negative for any of
 * the last W insertions; an item is forgotten after at most G*c more
 * insertions, W*G/(G-1) when G-1 divides W.
 *
 * Time mode: the window is the last T of time
 * -------------------------------------------
 * The time is an argument (microseconds since the PostgreSQL epoch), so the
 * functions stay immutable.  Generations span s = ceil(T / (G-1)) and start
 * on the grid floor(t/s)*s, so two windows of the same parameters share
 * their grid, and the generation of grid start S is slot (S/s) mod G.  An
 * add at t goes into the generation of t's grid start: if it is newer than
 * the newest, the ring first rotates forward to it (after an idle gap of G
 * spans or more, every generation is zeroed: at most G rotations whatever
 * the gap); if it is an older generation still kept (a clock that went
 * backwards), the item goes there; if it is older than every kept
 * generation, the item is already outside the window and the window is
 * returned unchanged.  So the same set of (item, t) gives the same bytes in
 * any order, and union and parallel aggregation are exact.
 * A probe at t tests the generations of start S with S + s > t - T: an item
 * added at t0 (S <= t0 < S + s) is tested by every probe at t <= t0 + T, and
 * its generation is still kept while the newest start is <= t: S + G*s >
 * t0 + T >= t.  Guarantee: no false negative for an item added within the
 * last T (inclusive); an item is forgotten at most T + s after its insertion,
 * T*G/(G-1) when G-1 divides T.
 *
 * Sizing
 * ------
 * A probe may hit every generation, so each one is sized for c (count mode)
 * or ceil(n/(G-1)) (time mode: n expected items per window) elements at
 * p_g = 1 - (1-p)^(1/G): then 1 - (1-p_g)^G = p, the window's rate when
 * every generation is full.
 *
 * Union (same parameters only): time mode merges generation by generation
 * aligned by grid start, keeping the newest G starts of the two; count mode
 * aligns by age, current with current (the newer count wins the starts).
 */
#ifndef BF_WINDOW_H
#define BF_WINDOW_H

#include "bf_core.h"

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility push(hidden)
#endif

#define BW_MAGIC_BYTES			"BWIN"
#define BW_FORMAT_VERSION		1

#define BW_MODE_COUNT			1
#define BW_MODE_TIME			2

#define BW_MIN_GENERATIONS		2
#define BW_MAX_GENERATIONS		8	/* the header has room for 8 generation records */

/* Header field offsets (after the varlena header), all little-endian. */
#define BW_OFF_MAGIC			0	/* 4 bytes "BWIN" */
#define BW_OFF_VERSION			4	/* uint16 */
#define BW_OFF_HASH_SCHEME		6	/* uint8, BF_HASH_SCHEME_XXH3 */
#define BW_OFF_K				7	/* uint8 */
#define BW_OFF_VALUE_KIND		8	/* uint32, BF_KIND_* */
#define BW_OFF_MODE				12	/* uint8, BW_MODE_* */
#define BW_OFF_GENERATIONS		13	/* uint8, G */
#define BW_OFF_CURRENT			14	/* uint8, slot of the current generation */
#define BW_OFF_RESERVED1		15	/* uint8, 0 */
#define BW_OFF_NBLOCKS			16	/* uint64, blocks per generation */
#define BW_OFF_DESIGN_N			24	/* uint64: W (count) or n per window (time) */
#define BW_OFF_DESIGN_P			32	/* binary64 */
#define BW_OFF_WINDOW			40	/* uint64: W insertions or T microseconds */
#define BW_OFF_SPAN				48	/* uint64: ceil(window / (G-1)) */
#define BW_OFF_INSERTIONS		56	/* uint64, see bw_header */
#define BW_OFF_RECORDS			64	/* 8 records of 16 bytes: start int64, n_added uint64 */
#define BW_RECORD_BYTES			16
#define BW_OFF_RESERVED2		192	/* uint32, 0 */
/* 196: with the 4-byte varlena header the blocks start on an 8-byte boundary */
#define BW_HEADER_BYTES			196

/* G * nblocks is at most bloomfilter's limit: the text form fits in one 1 GB value. */
#define BW_MAX_TOTAL_BLOCKS		BF_MAX_BLOCKS

/*
 * Time-mode limits: timestamps are PostgreSQL's finite range (4713 BC ..
 * 294276 AD, microseconds since 2000-01-01), and T at most 10,000 years, so
 * grid starts minus (G-1) spans never overflow int64.
 */
#define BW_MIN_TIME				INT64_C(-211813488000000000)
#define BW_END_TIME				INT64_C(9223371331200000000)	/* exclusive */
#define BW_MAX_WINDOW_US		(INT64_C(10000) * 366 * 86400 * 1000000)
/* Count mode: W below 2^62, so starts + spans never overflow. */
#define BW_MAX_WINDOW_COUNT		(UINT64_C(1) << 62)

typedef struct bw_generation
{
	int64_t		start;			/* count: insertion number; time: microseconds */
	uint64_t	n_added;
} bw_generation;

typedef struct bw_header
{
	uint16_t	version;
	uint8_t		hash_scheme;
	uint8_t		k;
	uint32_t	value_kind;
	uint8_t		mode;
	uint8_t		generations;
	uint8_t		current;
	uint64_t	nblocks;
	uint64_t	design_n;
	double		design_p;
	uint64_t	window;
	uint64_t	span;
	/*
	 * Count mode: every insertion ever (a union adds them up).  Time mode:
	 * the sum of the kept generations' n_added, so that it depends on the
	 * set of (item, t) only, not on the order of the adds.
	 */
	uint64_t	insertions;
	bw_generation gen[BW_MAX_GENERATIONS];	/* by slot; unused slots beyond G are zero */
} bw_header;

static inline uint64_t
bw_window_bytes(uint64_t generations, uint64_t nblocks)
{
	return BW_HEADER_BYTES + generations * nblocks * BF_BLOCK_BYTES;
}

/* Offset (from the start of the format) of block j of generation slot g. */
static inline uint64_t
bw_block_offset(const bw_header *header, uint64_t j, unsigned slot)
{
	return BW_HEADER_BYTES + (j * header->generations + slot) * BF_BLOCK_BYTES;
}

extern void bw_read_header(const uint8_t *window, bw_header *header);
extern void bw_write_header(uint8_t *window, const bw_header *header);

/*
 * The sizing of a new window: per generation capacity, rate p_g, blocks and
 * k, span.  count mode: window = W insertions, design_n = W; time mode:
 * window = T microseconds, design_n = n.  Checks every parameter.
 */
extern bf_status bw_plan(int mode, uint64_t window, uint64_t design_n, double p, int generations,
						 bw_header *header);

/* The rate each generation is sized for: 1 - (1-p)^(1/G). */
extern double bw_generation_rate(double p, int generations);

/* Writes the header of a plan and zeroes the blocks; buffer holds bw_window_bytes. */
extern void bw_init(uint8_t *window, const bw_header *plan);

/* The header alone against the length: O(1), on every value a function receives. */
extern bf_status bw_check_header(const uint8_t *window, uint64_t length, bw_header *header);

/*
 * Every check of a value read or received: the header, the ring's canonical
 * form (starts on the grid and consistent with the current slot, counts
 * consistent) and that every generation with n_added = 0 has no bit set,
 * chunk_blocks blocks at a time with between() before each chunk.
 */
extern bf_status bw_validate(const uint8_t *window, uint64_t length, bw_header *header,
							 uint64_t chunk_blocks, bf_between_chunks_fn between);

/* The canonical form of the ring alone (part of bw_validate). */
extern bf_status bw_check_ring(const bw_header *header);

/* Grid start of a time: floor(t / span) * span. */
extern int64_t bw_grid_start(int64_t t, uint64_t span);

/* The slot of generation age (0: current). */
static inline unsigned
bw_slot_of_age(const bw_header *header, unsigned age)
{
	return (header->current + header->generations - age) % header->generations;
}

/*
 * Prepares one add at time t (time mode; count mode ignores t) in place:
 * rotates the ring as needed, zeroing the generations it reuses in chunks
 * (between() before each), counts the add, and gives the slot the item goes
 * into.  The caller then sets the item's bits (bw_add_hash), the value kind,
 * and writes the header.  *expired: time mode, t is older than every kept
 * generation, the item is already outside the window and nothing changed.
 * BF_ERR_OUT_OF_RANGE: t outside PostgreSQL's finite timestamps;
 * BF_ERR_TOO_LARGE: count mode, more than 2^62 insertions.
 */
extern bf_status bw_prepare_add(uint8_t *window, bw_header *header, int64_t t, unsigned *slot, bool *expired,
								uint64_t chunk_blocks, bf_between_chunks_fn between);

/* Sets hash's bits in generation slot (bf_simd kernels when in use). */
static inline void
bw_add_hash(uint8_t *window, const bw_header *header, unsigned slot, uint64_t hash)
{
	uint8_t    *block = window + bw_block_offset(header, bf_block_of(hash, header->nblocks), slot);

	if (bf_simd_kernels)
		bf_block_add_hash_simd(block, header->k, hash);
	else
		bf_block_add_hash_scalar(block, header->k, hash);
}

/*
 * count hashes added at time t, in order: the same window and header as
 * bw_prepare_add and bw_add_hash for each, but prepared once for each run
 * that goes into one generation (count mode: until it holds span; time
 * mode: all of them, at one time), whose blocks are prefetched
 * BF_PREFETCH_DISTANCE hashes ahead.  between() runs before every
 * BF_HASHES_PER_CHUNK adds.  *added: the hashes added, all of them unless
 * time mode found t expired (then none) or an error stopped it.
 */
extern bf_status bw_add_hashes(uint8_t *window, bw_header *header, int64_t t, const uint64_t *hashes,
							   uint64_t count, uint64_t *added, uint64_t chunk_blocks, bf_between_chunks_fn between);

/*
 * The slots a probe at t tests, as a bit mask: count mode, every slot;
 * time mode, the generations with start + span > t - T (and newer ones).
 */
extern unsigned bw_live_slots(const bw_header *header, int64_t t);

/* The same, read straight from a checked window's bytes (the per-row probe path). */
extern unsigned bw_live_slots_in(const uint8_t *window, int64_t t);

/*
 * Probe of one run of G blocks (block j of every generation, as the layout
 * stores them, from the header's block j on): any live slot has all k bits.
 */
static inline bool
bw_run_contains_hash(const uint8_t *run, const bw_header *header, unsigned live, uint64_t hash)
{
	return bf_run_contains_hash(run, (int) header->generations, live, header->k, hash);
}

static inline bool
bw_contains_hash(const uint8_t *window, const bw_header *header, unsigned live, uint64_t hash)
{
	return bw_run_contains_hash(window + bw_block_offset(header, bf_block_of(hash, header->nblocks), 0),
								header, live, hash);
}

/*
 * Union.  bw_check_compatible names the parameter that differs (NULL when
 * they agree).  bw_union_into: dst |= src in place, for compatible windows,
 * with the kind the caller combined (bf_combine_kinds); chunked as above;
 * writes dst's header.
 */
extern bf_status bw_check_compatible(const bw_header *a, const bw_header *b, const char **parameter);
extern void bw_union_into(uint8_t *dst, bw_header *dst_header, const uint8_t *src, const bw_header *src_header,
						  uint32_t value_kind, uint64_t chunk_blocks, bf_between_chunks_fn between);

/* Bits set in generation slot (for info), chunk_blocks blocks at a time with between() before each. */
extern uint64_t bw_generation_bits(const uint8_t *window, const bw_header *header, unsigned slot,
								   uint64_t chunk_blocks, bf_between_chunks_fn between);

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

#endif							/* BF_WINDOW_H */

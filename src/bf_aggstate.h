/*
 * bf_aggstate.h - the transition state of bloom_agg (SQL type bloom_agg_state).
 *
 * The state is a real varlena type, not `internal`, so that partial states
 * can cross process and server boundaries through ordinary type I/O
 * (parallel workers, and Citus, which pushes an aggregate down to its
 * workers only when the state type is not a pseudo-type).
 *
 * sizing from the rows seen (bloom_agg(x) and bloom_agg(x, p))
 *   mode "hashes": the first values (up to the setting
 *   bloomfilter.agg_hash_limit, at most BF_AGG_MAX_HASHES) are kept as their
 *   64-bit hashes: 8 bytes a row, appended in order, which costs about as
 *   much as counting them.  The final function then builds a filter of
 *   exactly the size the rows need, adding the hashes with prefetching.
 *   mode "filter": past that, the hashes go into a filter sized for
 *   BF_AGG_AUTO_CAPACITY rows whose block count is 720720 * 2^j.  Because
 *   multiply-shift block selection folds exactly (bf_core.h), the final
 *   function folds it by the largest divisor of its block count that still
 *   leaves enough blocks for the rows seen.  720720 = 2^4 3^2 5 7 11 13 has
 *   240 divisors, so the folded size is close to the exact one below a fifth
 *   of the capacity (at most 1.2x) and at most 2x above it.
 *   Memory while aggregating is therefore bounded: 8 bytes a row up to the
 *   hash limit (128 MiB at the default 2^24 rows), then one fixed-size filter
 *   (92 MB at p = 0.1, 184 MB at 0.01).  Adds into that large filter miss
 *   the caches, a memory access each, which is why the hash list goes on so
 *   long.
 * fixed size (bloom_agg(x, n, p))
 *   mode "filter" from the first row, sized for n at p; no folding.
 *
 * prefetching adds (mode filter)
 *   A filter larger than the caches costs a memory miss per add.  The state
 *   keeps the hashes of the last BF_AGG_PENDING rows in a ring: each new
 *   row's block is prefetched and its hash parked, and the hash parked
 *   BF_AGG_PENDING rows earlier, whose block has arrived by now, is set.
 *   Readers of the state apply the parked hashes too (final, combine).
 *
 * Byte layout after the varlena header (all little-endian):
 *   0  "BLAS"   4  uint16 version   6  uint8 mode   7  uint8 sizing
 *   8  uint32 value kind            12 uint32 hash capacity (mode hashes)
 *   16 float64 p                    24 uint64 rows (non-null values added)
 *   32 uint64 design n (fixed sizing; 0 for auto)   40 uint32 reserved = 0
 *   44 mode hashes: capacity uint64 hashes, the first `rows` in use
 *   44 mode filter: uint32 parked hashes (0..16), at 48 a complete filter
 *      (FORMAT.md), then 16 uint64 slots for the parked hashes; the hash of
 *      row r (counting from 0) is parked in slot r mod 16
 */
#ifndef BF_AGGSTATE_H
#define BF_AGGSTATE_H

#include "bf_core.h"

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility push(hidden)
#endif

#define BF_STATE_MAGIC_BYTES	"BLAS"
#define BF_STATE_VERSION		1
#define BF_STATE_HEADER_BYTES	44
#define BF_STATE_FILTER_OFFSET	48	/* with the varlena header, blocks land 8-aligned */

/* Offsets of the header fields (the layout above) */
#define BF_STATE_OFF_VERSION	4	/* uint8, then a zero byte */
#define BF_STATE_OFF_ZERO		5	/* uint8 = 0 */
#define BF_STATE_OFF_MODE		6	/* uint8, BF_STATE_MODE_* */
#define BF_STATE_OFF_SIZING		7	/* uint8, BF_STATE_SIZING_* */
#define BF_STATE_OFF_VALUE_KIND	8	/* uint32 */
#define BF_STATE_OFF_CAPACITY	12	/* uint32, mode hashes */
#define BF_STATE_OFF_P			16	/* float64 */
#define BF_STATE_OFF_ROWS		24	/* uint64 */
#define BF_STATE_OFF_DESIGN_N	32	/* uint64 */
#define BF_STATE_OFF_RESERVED	40	/* uint32 = 0 */

#define BF_STATE_MODE_HASHES	1
#define BF_STATE_MODE_FILTER	2
#define BF_STATE_SIZING_AUTO	1
#define BF_STATE_SIZING_FIXED	2

/*
 * A hash list's capacities make its state, with the 4-byte header it has
 * as a varlena, a power of two of bytes (128, 256, ...): allocators round a
 * small request up to one, and 2^j slots would leave almost half of each
 * unused.  The first, 10 slots, keeps a group of a few rows small.
 */
#define BF_STATE_VARLENA_HEADER_BYTES	4
#define BF_STATE_CAPACITY_IN(bytes)	(((bytes) - BF_STATE_VARLENA_HEADER_BYTES - BF_STATE_HEADER_BYTES) / 8)
#define BF_AGG_INITIAL_STATE_BYTES	128
#define BF_AGG_INITIAL_HASHES	BF_STATE_CAPACITY_IN(BF_AGG_INITIAL_STATE_BYTES)
/* bloomfilter.agg_hash_limit's least value; a lower limit caps the first capacity too */
#define BF_AGG_LEAST_HASH_LIMIT	8
#define BF_AGG_MAX_HASHES		(UINT32_C(1) << 24)	/* 128 MiB of hashes; the default limit */
#define BF_AGG_AUTO_CAPACITY	(INT64_C(1) << 27)	/* 134M rows at the requested p */
#define BF_AGG_FOLD_BASE_BLOCKS	UINT64_C(720720)
#define BF_AGG_PENDING			16	/* parked hashes; covers a ~100 ns miss */

typedef struct bf_state_header
{
	uint8_t		mode;
	uint8_t		sizing;
	uint32_t	value_kind;
	uint32_t	hash_capacity;
	double		p;
	uint64_t	rows;
	uint64_t	design_n;
} bf_state_header;

extern void bf_state_read_header(const uint8_t *state, bf_state_header *header);
extern void bf_state_write_header(uint8_t *state, const bf_state_header *header);

static inline uint64_t
bf_state_bytes_hashes(uint32_t capacity)
{
	return BF_STATE_HEADER_BYTES + (uint64_t) capacity * 8;
}

static inline uint64_t
bf_state_bytes_filter(uint64_t nblocks)
{
	return BF_STATE_FILTER_OFFSET + bf_filter_bytes(nblocks) + 8 * BF_AGG_PENDING;
}

static inline uint8_t *
bf_state_filter(uint8_t *state)
{
	return state + BF_STATE_FILTER_OFFSET;
}

static inline uint8_t *
bf_state_hashes(uint8_t *state)
{
	return state + BF_STATE_HEADER_BYTES;
}

/*
 * The rows hashes of a mode-hashes state, ascending, into sorted (scratch:
 * work space; each has room for rows values).  The order the hashes arrived
 * in depends on the plan (a parallel plan appends each worker's list in
 * turn); their sorted order does not, so a structure whose bytes depend on
 * the order of its inserts (a cuckoo filter's evictions) is built from the
 * same sequence in every plan.  Calls between() now and then.
 */
extern void bf_state_sorted_hashes(const uint8_t *state, uint64_t *sorted, uint64_t *scratch,
								   bf_between_chunks_fn between);

/* Checks a whole state (header, sizes, embedded filter) of length bytes. */
extern bf_status bf_state_check(const uint8_t *state, uint64_t length, bf_state_header *header);

/*
 * Every check of a state read or received: bf_state_check, and for a state
 * in filter mode, bf_validate_filter of its filter.
 */
extern bf_status bf_validate_state(const uint8_t *state, uint64_t length,
								   uint64_t chunk_blocks, bf_between_chunks_fn between);

/* Blocks of the filter an auto-sized state switches to at rate p. */
extern bf_status bf_state_auto_blocks(double p, uint64_t *nblocks, int *k);

/*
 * Room for `more` hashes in a state: a state in filter mode, or with room
 * enough, needs nothing; else the hash list doubles its bytes up to
 * hash_limit (bloomfilter.agg_hash_limit), past which the state switches to
 * a filter.  *capacity: the slots to grow to (BF_RESERVE_GROW).
 */
typedef enum bf_reserve
{
	BF_RESERVE_FITS,
	BF_RESERVE_GROW,
	BF_RESERVE_SWITCH
} bf_reserve;
extern bf_reserve bf_state_reserve_plan(const bf_state_header *header, uint64_t more, uint64_t hash_limit,
										uint32_t *capacity);

/* Writes an empty state: mode hashes with capacity slots. */
extern void bf_state_init_hashes(uint8_t *state, uint32_t capacity, double p);

/* Writes an empty state in mode filter (sizing auto or fixed). */
extern void bf_state_init_filter(uint8_t *state, uint64_t nblocks, int k, uint8_t sizing,
								 double p, uint64_t design_n);

/*
 * Records one value: its hash, its kind and the row count.  In mode hashes
 * the caller made room first.
 */
extern void bf_state_add(uint8_t *state, uint64_t hash, uint32_t value_kind);

/*
 * The hot path of bloom_agg: a mode-hashes state with room (rows <
 * capacity) and a value of the kind it already holds.  Only the hash and
 * the row count change.
 */
static inline void
bf_state_append_hash(uint8_t *state, uint64_t rows, uint64_t hash)
{
	bf_store_u64(bf_state_hashes(state) + 8 * rows, hash);
	bf_store_u64(state + 24, rows + 1);
}

/* Adds the parked hashes of a mode-filter state to another filter of its shape. */
extern void bf_state_add_parked_into(const uint8_t *state, uint8_t *filter);

/*
 * Sets the kind and the row count after bulk changes (both header copies);
 * applies the parked hashes first.
 */
extern void bf_state_set_counts(uint8_t *state, uint32_t value_kind, uint64_t rows);

/*
 * The final filter: *nblocks and *k for it, and *fold, the factor by which
 * the state's filter folds into it (0 when the state is in mode hashes).
 */
extern bf_status bf_state_final_shape(const uint8_t *state, uint64_t *nblocks, int *k, uint64_t *fold);

/*
 * bf_plan for a state's row count at its p: BF_ERR_TOO_LARGE also for a
 * count past what any filter is sized for (1e18; a state's count is
 * unsigned and saturates), so that such a state keeps every block.
 */
extern bf_status bf_state_plan_rows(const bf_state_header *header, uint64_t *nblocks, int *k);

/* Writes the final filter (bf_filter_bytes(nblocks) bytes) for blocks [first, first+count). */
extern void bf_state_final_blocks(uint8_t *state, uint8_t *filter, uint64_t fold,
								  uint64_t first, uint64_t count);

/*
 * Writes the final filter's header and, in mode filter, adds the parked
 * hashes.  In mode hashes the caller then adds the hash list
 * (bf_state_hashes, rows of them) with bf_add_hashes_le: it may be 2^24
 * hashes, and the caller may want to do it in slices.
 */
extern void bf_state_final_finish(uint8_t *state, uint8_t *filter, uint64_t nblocks, int k);

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

#endif							/* BF_AGGSTATE_H */

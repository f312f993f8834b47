/*
 * bf_scalable.h - scalablebloom: a chain of blocked Bloom filters that grows
 * with the set (Almeida, Baquero, Preguica & Hutchison, "Scalable Bloom
 * Filters", 2007; RedisBloom's BF.RESERVE ... EXPANSION).
 *
 * The chain
 * ---------
 * Parameters fixed at creation: initial capacity n0, design rate p,
 * expansion s (an integer, 2 .. SBF_MAX_EXPANSION) and tightening ratio r
 * (0 < r < 1).  Sub-filter i is a bloomfilter (the same 64-byte blocks,
 * bf_block_of, bf_bit_position, the SIMD kernels) planned by bf_plan for
 *     capacity_i = n0 * s^i      at rate  p_i = p * (1 - r) * r^i,
 * so the chain's rate is at most sum p_i = p (1 - r)(1 + r + r^2 + ...) < p
 * at any length.  p_i is computed by repeated multiplication, p_0 = p*(1-r),
 * p_i = p_(i-1) * r, the same on every IEEE-754 machine.
 *
 * add: the value's one hash is tested in every sub-filter first; if any says
 * "maybe", nothing changes (duplicates are not counted, as in RedisBloom).
 * Otherwise its k_i bits are set in the newest sub-filter, which counts it.
 * When the newest holds its capacity, the next add of a new value appends
 * sub-filter i+1 first.  The chain ends at SBF_MAX_SUBFILTERS sub-filters,
 * SBF_MAX_BYTES bytes or a rate below BF_MIN_P: an add past that is an error
 * and the value is left as it was.
 *
 * probe: one block per sub-filter, all prefetched before any is tested, so
 * their cache misses overlap.
 *
 * union: only between chains of the same n0, p, s and r (then sub-filter i
 * has the same shape in both): sub-filter-wise OR of the common prefix, the
 * longer chain's further sub-filters appended as they are, counts added.
 *
 * The stored format (little-endian, FORMAT.md)
 * --------------------------------------------
 * 52 header bytes, then one 32-byte descriptor per sub-filter, then each
 * sub-filter's blocks in order.  With PostgreSQL's 4-byte varlena header
 * the blocks start 56 + 32 * count bytes into the value: 8-byte aligned.
 */
#ifndef BF_SCALABLE_H
#define BF_SCALABLE_H

#include "bf_core.h"

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility push(hidden)
#endif

#define SBF_MAGIC_BYTES			"SBLM"
#define SBF_FORMAT_VERSION		1

#define SBF_HEADER_BYTES		52
#define SBF_OFF_MAGIC			0	/* 4 bytes "SBLM" */
#define SBF_OFF_VERSION			4	/* uint16 */
#define SBF_OFF_HASH_SCHEME		6	/* uint8 */
#define SBF_OFF_EXPANSION		7	/* uint8 */
#define SBF_OFF_VALUE_KIND		8	/* uint32, BF_KIND_* */
#define SBF_OFF_SUBFILTERS		12	/* uint32, 1 .. SBF_MAX_SUBFILTERS */
#define SBF_OFF_N_ADDED			16	/* uint64: sum of the sub-filters' counts */
#define SBF_OFF_INITIAL_CAPACITY 24 /* uint64 n0 */
#define SBF_OFF_DESIGN_P		32	/* binary64 */
#define SBF_OFF_TIGHTENING		40	/* binary64 r */
#define SBF_OFF_FLAGS			48	/* uint32, 0 in version 1 */

#define SBF_DESCRIPTOR_BYTES	32
#define SBF_DOFF_NBLOCKS		0	/* uint64 */
#define SBF_DOFF_CAPACITY		8	/* uint64, n0 * s^i */
#define SBF_DOFF_N_ADDED		16	/* uint64 */
#define SBF_DOFF_K				24	/* uint32 */
#define SBF_DOFF_RESERVED		28	/* uint32, 0 */

/*
 * Limits.  32 sub-filters: at s = 2 that is 2^31 times the initial capacity,
 * and at r = 0.5 the last rate is p / 2^32, near BF_MIN_P for p = 0.001.
 * A larger expansion than 16 would leave most of each new sub-filter empty
 * for a long time.  The bytes stop where bloomfilter's do, so that the text
 * form (base64) still fits in one 1 GB value.
 */
#define SBF_MAX_SUBFILTERS		32
#define SBF_MIN_EXPANSION		2
#define SBF_MAX_EXPANSION		16
#define SBF_MAX_BYTES			(BF_HEADER_BYTES + BF_MAX_BLOCKS * BF_BLOCK_BYTES)
#define SBF_MAX_INITIAL_CAPACITY INT64_C(1000000000000)	/* 1e12 */

typedef struct sbf_header
{
	uint16_t	version;
	uint8_t		hash_scheme;
	uint8_t		expansion;
	uint32_t	value_kind;
	uint32_t	subfilters;
	uint32_t	flags;
	uint64_t	n_added;
	uint64_t	initial_capacity;
	double		design_p;
	double		tightening;
} sbf_header;

typedef struct sbf_subfilter
{
	uint64_t	nblocks;
	uint64_t	capacity;
	uint64_t	n_added;
	int			k;
	uint64_t	offset;			/* of its first block, from the start of the format */
} sbf_subfilter;

/* Bytes of a chain's header and descriptors: where the first block starts. */
static inline uint64_t
sbf_table_end(uint32_t subfilters)
{
	return SBF_HEADER_BYTES + (uint64_t) subfilters * SBF_DESCRIPTOR_BYTES;
}

/* Checks the parameters of a new chain: BF_ERR_N, BF_ERR_P, BF_ERR_EXPANSION, BF_ERR_TIGHTENING. */
extern bf_status sbf_check_params(int64_t initial_capacity, double p, int64_t expansion, double tightening);

/* The target rate of sub-filter `index`: p (1 - r) r^index, the same bits everywhere. */
extern double sbf_subfilter_rate(const sbf_header *header, uint32_t index);

/*
 * The plan of sub-filter `index` of a chain with these parameters: capacity,
 * blocks, k and target rate.  BF_ERR_CHAIN_FULL past the chain's end.
 */
extern bf_status sbf_plan_subfilter(const sbf_header *header, uint32_t index, sbf_subfilter *plan,
									double *rate);

/* Bytes of a new empty chain (one empty sub-filter), or an error status. */
extern bf_status sbf_empty_bytes(int64_t initial_capacity, double p, int64_t expansion, double tightening,
								 uint64_t *bytes);

/* Writes an empty chain into buffer (sbf_empty_bytes bytes). */
extern void sbf_init(uint8_t *buffer, int64_t initial_capacity, double p, int64_t expansion, double tightening);

extern void sbf_read_header(const uint8_t *bytes, sbf_header *header);
extern void sbf_write_header(uint8_t *bytes, const sbf_header *header);

/*
 * The fixed header alone (the first SBF_HEADER_BYTES of a value of
 * `length` bytes): magic, version, parameters, flags, and that the length
 * holds the descriptor table.
 */
extern bf_status sbf_check_fixed_header(const uint8_t *bytes, uint64_t length, sbf_header *header);

/*
 * The descriptor table (bytes holds at least sbf_table_end(subfilters)
 * bytes, header already checked): every descriptor against the parameters,
 * the sum of the blocks against the length, and the counts (see
 * bf_scalable.c).  O(sub-filters): done on every value read.
 */
extern bf_status sbf_check_table(const uint8_t *bytes, uint64_t length, const sbf_header *header,
								 sbf_subfilter subs[SBF_MAX_SUBFILTERS]);

/* Both of the above on a whole value. */
extern bf_status sbf_check(const uint8_t *bytes, uint64_t length, sbf_header *header,
						   sbf_subfilter subs[SBF_MAX_SUBFILTERS]);

/*
 * Every check of a value read as text or received: sbf_check, and for an
 * empty chain that no bit is set (chunk_blocks at a time, between() before
 * each).  A sub-filter's blocks and k are not checked against today's plan
 * (see sbf_validate).
 */
extern bf_status sbf_validate(const uint8_t *bytes, uint64_t length, sbf_header *header,
							  sbf_subfilter subs[SBF_MAX_SUBFILTERS], uint64_t chunk_blocks,
							  bf_between_chunks_fn between);

/* What a probe needs of a checked chain: a bf_view per sub-filter. */
typedef struct sbf_chain
{
	uint32_t	count;
	bf_view		views[SBF_MAX_SUBFILTERS];
} sbf_chain;

/* The views of a chain whose table was checked (bytes: the format's start). */
static inline void
sbf_chain_of(uint8_t *bytes, sbf_chain *chain)
{
	uint32_t	count = bf_load_u32(bytes + SBF_OFF_SUBFILTERS);
	uint8_t    *blocks = bytes + sbf_table_end(count);

	chain->count = count;
	for (uint32_t i = 0; i < count; i++)
	{
		const uint8_t *descriptor = bytes + SBF_HEADER_BYTES + (uint64_t) i * SBF_DESCRIPTOR_BYTES;

		chain->views[i].blocks = blocks;
		chain->views[i].nblocks = bf_load_u64(descriptor + SBF_DOFF_NBLOCKS);
		chain->views[i].k = (int) bf_load_u32(descriptor + SBF_DOFF_K);
		blocks += chain->views[i].nblocks * BF_BLOCK_BYTES;
	}
}

/*
 * Any sub-filter says "maybe"?  Every sub-filter's block is asked for before
 * any is tested, so the misses overlap: a chain of c costs about one miss,
 * not c.  No early exit: no branch on the answer.
 */
static inline bool
sbf_chain_contains_hash(const sbf_chain *chain, uint64_t hash)
{
	const uint8_t *blocks[SBF_MAX_SUBFILTERS];
	uint8_t		ks[SBF_MAX_SUBFILTERS];

	for (uint32_t i = 0; i < chain->count; i++)
	{
		blocks[i] = chain->views[i].blocks + bf_block_of(hash, chain->views[i].nblocks) * BF_BLOCK_BYTES;
		ks[i] = (uint8_t) chain->views[i].k;
#if defined(__GNUC__) || defined(__clang__)
		__builtin_prefetch(blocks[i], 0, 3);
#endif
	}
	return bf_blocks_contain_hash(blocks, ks, (int) chain->count, hash);
}

/* What sbf_add_hash did. */
typedef enum sbf_add_result
{
	SBF_ADD_PRESENT,			/* some sub-filter says "maybe": nothing changed */
	SBF_ADD_ADDED,				/* set in the newest sub-filter and counted */
	SBF_ADD_NEEDS_GROWTH		/* new, but the newest is full: sbf_append first, then add again */
} sbf_add_result;

/*
 * Adds one hash of value_kind (the caller checked the kind) to a checked
 * chain, in place, updating the counts and the kind.
 */
extern sbf_add_result sbf_add_hash(uint8_t *bytes, uint64_t hash, uint32_t value_kind);

/*
 * The chain one sub-filter longer: its size (sbf_grown_bytes) and the copy
 * (sbf_append, into a buffer of that size: header and descriptors updated,
 * blocks copied, the new sub-filter empty).  BF_ERR_CHAIN_FULL at the end.
 */
extern bf_status sbf_grown_bytes(const uint8_t *bytes, uint64_t length, uint64_t *grown);
extern void sbf_append(const uint8_t *bytes, uint64_t length, uint8_t *grown);

/*
 * Adds count hashes of value_kind to a checked chain, growing it as the glue
 * does: when the newest sub-filter is full, the chain is copied one
 * sub-filter longer into a buffer from allocator->alloc (sbf_grown_bytes,
 * sbf_append), *bytes and *length then point at the copy, and the old
 * buffer goes to allocator->free if that is not NULL (an aggregate's
 * executor frees its old state itself).  between() runs every
 * BF_HASHES_PER_CHUNK hashes.  Returns BF_OK, or BF_ERR_CHAIN_FULL (or an
 * alloc that gave NULL: BF_ERR_TOO_LARGE) with the hashes before it added.
 */
typedef struct sbf_allocator
{
	uint8_t    *(*alloc) (uint64_t bytes, void *context);
	void		(*free) (uint8_t *bytes, void *context);
	void	   *context;
} sbf_allocator;

extern bf_status sbf_add_hashes(uint8_t **bytes, uint64_t *length, const uint64_t *hashes, uint64_t count,
								uint32_t value_kind, const sbf_allocator *allocator, bf_between_chunks_fn between);

/*
 * Union.  sbf_union_check: BF_OK when the chains unite (*differs: NULL),
 * else BF_ERR_CHAIN_PARAMS with *differs naming the parameter, or
 * BF_ERR_KIND_MISMATCH.  The result has the longer chain's length
 * (sbf_union_bytes).  sbf_union_into: dst, a copy of the longer chain (or
 * of either when they are as long), gets the other's sub-filters OR-ed in,
 * chunk_blocks at a time with between() before each, and the counts and
 * kind of both.  It first checks, writing nothing otherwise, that dst is
 * at least as long (BF_ERR_FORMAT_CHAIN) and that their common sub-filters
 * have the same nblocks and k (BF_ERR_CHAIN_SHAPES: validation does not
 * replan them, so chains built elsewhere may differ).
 */
extern bf_status sbf_union_check(const sbf_header *a, const sbf_header *b, const char **differs);
extern bf_status sbf_union_into(uint8_t *dst, const uint8_t *other, uint64_t chunk_blocks,
								bf_between_chunks_fn between);

/* Sub-filter statistics for info: its blocks' bf_stats. */
extern void sbf_subfilter_stats(const uint8_t *bytes, const sbf_subfilter *sub, uint64_t chunk_blocks,
								bf_between_chunks_fn between, bf_stats *stats);

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

#endif							/* BF_SCALABLE_H */

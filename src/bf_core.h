/*
 * bf_core.h - the pure C core of the bloomfilter extension.
 *
 * Nothing here includes postgres.h: sizing, hashing, the block layout,
 * add/contains/union/intersect/fold, statistics, the stored byte format and
 * its validation, and base64 text encoding.  The core never allocates and
 * never reports errors itself: callers pass buffers in and turn the returned
 * bf_status into an error of their own (see bloomfilter_glue.c).  This keeps
 * the core testable and fuzzable on its own (test/unit, test/fuzz).
 *
 * Layout ("blocked" Bloom filter, Putze, Sanders & Singler 2007)
 * -------------------------------------------------------------
 * The bit array is a sequence of 512-bit blocks, one 64-byte cache line each.
 * An element sets k bits, all inside one block, so an add or a probe touches
 * one cache line instead of k.  The price is a slightly higher false-positive
 * rate for the same number of bits, because blocks receive a Poisson-varying
 * number of elements; bf_plan() sizes the filter with the exact formula for
 * that layout, so the promised rate p still holds (see "sizing" below).
 *
 * Hashing scheme (scheme 1)
 * -------------------------
 * h = XXH3_64bits(canonical bytes of the value), seed 0.
 *   block    = ((h >> 32) * nblocks) >> 32            multiply-shift, no division
 *   bit i    = (h * BF_POSITION_SALT[i]) >> 55         i = 0 .. k-1, 9 bits each
 * Multiply-shift range reduction has a property we rely on: for any divisor d
 * of nblocks, the block in a filter of nblocks/d blocks is exactly
 * floor(block / d).  So a filter "folds" to a d-times smaller one by OR-ing
 * runs of d adjacent blocks, and the result is bit-identical to building the
 * small filter directly.  bloom_agg uses this to size itself after the scan,
 * and union uses it to combine filters whose sizes divide one another.
 *
 * Sizing
 * ------
 * Classic filter (the SQL helpers bloom_optimal_m/_k, bloom_fpp, bloom_capacity):
 *   m = ceil(-n ln p / (ln 2)^2),   k = max(1, round(m/n ln 2)),
 *   fpp = (1 - e^(-kn/m))^k,        capacity = ceil(-m ln(1 - p^(1/k)) / k).
 * Blocked filter (what bf_plan allocates): with b bits per element a block
 * holds on average L = 512/b elements, its load i is Poisson(L), and
 *   fpp(b, k) = sum_i Poisson(i; L) * E[(c/512)^k | k i positions drawn],
 * c being the bits set in the block (bf_sizing.c computes it exactly).
 * bf_plan picks the k that needs the fewest bits for fpp(b, k) <= p.  That is
 * 1.01x the classic bits at p = 0.1, 1.04x at 0.01, 1.15x at 1e-4 and 1.35x
 * at 1e-6.
 */
#ifndef BF_CORE_H
#define BF_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

/*
 * The core's functions are internal to the library: hidden, they are called
 * directly rather than through the symbol table (the PLT).
 */
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility push(hidden)
#endif

/* A function inlined wherever it is called, for a hot path that must not build its arguments in memory. */
#if defined(__GNUC__) || defined(__clang__)
#define BF_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define BF_ALWAYS_INLINE inline
#endif

/* ---- the stored format (all integers little-endian, see FORMAT.md) ---- */

#define BF_MAGIC_BYTES			"BLOM"	/* first four bytes of every filter */
#define BF_FORMAT_VERSION		1
#define BF_HASH_SCHEME_XXH3		1		/* XXH3-64, seed 0, canonical encoding v1 */

#define BF_BLOCK_BITS			512		/* one 64-byte cache line */
#define BF_BLOCK_BYTES			64
#define BF_BLOCK_WORDS			8		/* uint64 words per block */

/*
 * 52 header bytes: with PostgreSQL's 4-byte varlena header in front, the
 * blocks start on an 8-byte boundary of a palloc'd (MAXALIGNed) value.
 */
#define BF_HEADER_BYTES			52

/* Header field offsets, from the start of the format (after the varlena header). */
#define BF_OFF_MAGIC			0	/* 4 bytes "BLOM" */
#define BF_OFF_VERSION			4	/* uint16 */
#define BF_OFF_HASH_SCHEME		6	/* uint8 */
#define BF_OFF_K				7	/* uint8 */
#define BF_OFF_VALUE_KIND		8	/* uint32, see BF_KIND_* */
#define BF_OFF_FLAGS			12	/* uint32, must be 0 in version 1 */
#define BF_OFF_NBLOCKS			16	/* uint64 */
#define BF_OFF_N_ADDED			24	/* uint64 */
#define BF_OFF_DESIGN_N			32	/* uint64 */
#define BF_OFF_DESIGN_P			40	/* IEEE-754 binary64 */
#define BF_OFF_RESERVED			48	/* uint32, must be 0 */

/*
 * Largest filter: 12,000,000 blocks = 768,000,000 bytes = 6.144e9 bits.  The
 * limit is the text form: base64 makes 4 characters of every 3 bytes, and the
 * text of the largest filter (1,024,000,072 characters) must still fit in one
 * 1 GB PostgreSQL value, so that pg_dump can always write it out.
 */
#define BF_MAX_BLOCKS			UINT64_C(12000000)
#define BF_MAX_K				32		/* BF_POSITION_SALT has this many salts */
#define BF_MIN_P				1e-12	/* below this k would exceed BF_MAX_K */

/*
 * What kind of values a filter holds (header field value_kind).  Values are
 * hashed over a canonical encoding, and values of one kind are comparable:
 * int2/int4/int8 all hash the same 42.  Small numbers are families; the
 * high bits mark the others.
 */
#define BF_KIND_NONE			0		/* nothing added yet: adopts the first kind */
#define BF_KIND_INTEGER			1		/* int2, int4, int8: int64 LE */
#define BF_KIND_FLOAT			2		/* float4, float8: binary64 LE, -0 = 0, one NaN */
#define BF_KIND_NUMERIC			3		/* numeric: normalized decimal text */
#define BF_KIND_TEXT			4		/* text, varchar, bpchar, name, enum labels: UTF-8 */
#define BF_KIND_INTERVAL		5		/* interval: 128-bit microsecond span */
#define BF_KIND_ARRAY_FLAG		UINT32_C(0x40000000)	/* | element kind */
#define BF_KIND_BUILTIN_FLAG	UINT32_C(0x80000000)	/* | built-in type OID: its binary send form */
#define BF_KIND_BUILTIN_OID_LIMIT 10000	/* hand-assigned, stable built-in OIDs (FirstGenbkiObjectId) */
/*
 * Composite values and types from extensions have no stable OID, so their
 * kind carries a 28-bit fingerprint instead: of the field kinds in order
 * (records), or of the type's name (extension and user-defined types).
 */
#define BF_KIND_RECORD_FLAG		UINT32_C(0x20000000)	/* | fingerprint of the field kinds */
#define BF_KIND_NAMED_FLAG		UINT32_C(0x10000000)	/* | fingerprint of the type name */
#define BF_KIND_FINGERPRINT_MASK UINT32_C(0x0FFFFFFF)

typedef enum bf_status
{
	BF_OK = 0,
	BF_ERR_N,					/* n negative, not finite, or too large */
	BF_ERR_N_NOT_POSITIVE,		/* n is 0 where a rate per element is asked for */
	BF_ERR_OUT_OF_RANGE,		/* a sizing result does not fit in int64 */
	BF_ERR_P,					/* p outside (0,1) or NaN */
	BF_ERR_P_TOO_SMALL,			/* p below BF_MIN_P */
	BF_ERR_M,					/* m not positive */
	BF_ERR_K,					/* k outside 1..BF_MAX_K (or result too large) */
	BF_ERR_TOO_LARGE,			/* result over BF_MAX_BLOCKS or int64 */
	BF_ERR_FORMAT_LENGTH,		/* shorter than a header, or length != header + blocks */
	BF_ERR_FORMAT_MAGIC,
	BF_ERR_FORMAT_VERSION,
	BF_ERR_FORMAT_HASH_SCHEME,
	BF_ERR_FORMAT_K,
	BF_ERR_FORMAT_KIND,
	BF_ERR_FORMAT_FLAGS,
	BF_ERR_FORMAT_NBLOCKS,
	BF_ERR_FORMAT_DESIGN,		/* design_p outside (0,1) */
	BF_ERR_FORMAT_COUNT,		/* n_added = 0 without kind none, or the reverse */
	BF_ERR_FORMAT_EMPTY_BITS,	/* n_added = 0 but bits are set */
	BF_ERR_FORMAT_STATE,		/* aggregate state: bad mode, capacity or payload */
	BF_ERR_BASE64,				/* not canonical base64 */
	BF_ERR_INCOMPATIBLE,		/* union/intersect: different k, or sizes that do not divide */
	BF_ERR_UNION_SIZES,			/* union of non-empty filters of different sizes */
	BF_ERR_KIND_MISMATCH,		/* value kinds differ */
	BF_ERR_FORMAT_COUNTERS,		/* counting/cuckoo: stored counts disagree with the contents */
	BF_ERR_FORMAT_FINGERPRINT,	/* cuckoo: fingerprint size or victim out of range */
	BF_ERR_FILTER_FULL,			/* cuckoo: no room for another fingerprint (nothing was changed) */
	BF_ERR_TOO_MANY_COPIES,		/* cuckoo: the value is already stored CF_MAX_COPIES times */
	BF_ERR_WINDOW,				/* bloomwindow: window, n or generations out of range */
	BF_ERR_FORMAT_WINDOW,		/* bloomwindow: generation starts, slots or counts inconsistent */
	BF_ERR_EXPANSION,			/* scalable: expansion outside 2 .. SBF_MAX_EXPANSION */
	BF_ERR_TIGHTENING,			/* scalable: tightening ratio outside (0, 1) */
	BF_ERR_CHAIN_FULL,			/* scalable: no room for another sub-filter (nothing was changed) */
	BF_ERR_CHAIN_PARAMS,		/* scalable: union of chains of different parameters */
	BF_ERR_FORMAT_CHAIN,		/* scalable: a sub-filter descriptor disagrees with the parameters */
	BF_ERR_CHAIN_SHAPES			/* scalable: union of chains whose common sub-filters differ in nblocks or k */
} bf_status;

/* Human-readable text for a status (lower case, no period). */
extern const char *bf_status_message(bf_status status);

/*
 * ---- little-endian access, whatever the host byte order ----
 * On a little-endian host a memcpy is the whole conversion and compiles to
 * one load or store; these run for every row, so that matters.
 */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define BF_HOST_IS_LITTLE_ENDIAN 1
#endif

static inline uint64_t
bf_load_u64(const uint8_t *p)
{
	uint64_t	v = 0;

#ifdef BF_HOST_IS_LITTLE_ENDIAN
	memcpy(&v, p, sizeof(v));
#else
	for (int i = 7; i >= 0; i--)
		v = (v << 8) | p[i];
#endif
	return v;
}

static inline void
bf_store_u64(uint8_t *p, uint64_t v)
{
#ifdef BF_HOST_IS_LITTLE_ENDIAN
	memcpy(p, &v, sizeof(v));
#else
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t) (v >> (8 * i));
#endif
}

static inline uint32_t
bf_load_u32(const uint8_t *p)
{
	return (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16 | (uint32_t) p[3] << 24;
}

static inline void
bf_store_u32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t) (v >> (8 * i));
}

extern double bf_load_f64(const uint8_t *p);
extern void bf_store_f64(uint8_t *p, double v);

/* ---- the decoded header ---- */

typedef struct bf_header
{
	uint16_t	version;
	uint8_t		hash_scheme;
	uint8_t		k;
	uint32_t	value_kind;
	uint32_t	flags;
	uint64_t	nblocks;
	uint64_t	n_added;
	uint64_t	design_n;
	double		design_p;
} bf_header;

/* Total stored bytes (without PostgreSQL's varlena header) of a filter of nblocks. */
static inline uint64_t
bf_filter_bytes(uint64_t nblocks)
{
	return BF_HEADER_BYTES + nblocks * BF_BLOCK_BYTES;
}

extern void bf_read_header(const uint8_t *filter, bf_header *header);
extern void bf_write_header(uint8_t *filter, const bf_header *header);

/*
 * The block-structured formats that share this 52-byte header: bloomfilter
 * ("BLOM", 64-byte blocks of bits) and countingbloom ("CBLM", 256-byte
 * blocks of 4-bit counters, bf_counting.h).  The header layout and its
 * checks are the same; the magic, block size and limits differ.
 */
typedef struct bf_layout
{
	char		magic[4];
	uint64_t	block_bytes;
	uint64_t	max_blocks;
	/*
	 * bloomfilter: n_added = 0 exactly when the kind is none.  countingbloom
	 * keeps its kind when removes bring n_added back to 0, so only
	 * "kind none implies n_added = 0" holds there.
	 */
	bool		empty_iff_no_kind;
} bf_layout;

extern const bf_layout bf_bloom_layout;

/* Writes a header with layout's magic (bf_write_header writes "BLOM"). */
extern void bf_write_header_as(uint8_t *filter, const bf_layout *layout, const bf_header *header);

/*
 * Checks the header alone against the stored length: O(1), done on every
 * value a function receives, so a damaged value is an error, never a crash.
 */
extern bf_status bf_check_header(const uint8_t *filter, uint64_t length, bf_header *header);
extern bf_status bf_check_header_as(const uint8_t *filter, uint64_t length, const bf_layout *layout,
									bf_header *header);

/*
 * Full validation for input and receive: the header, and that an empty
 * filter (n_added = 0) has no bits set.  Check blocks [first, first+count)
 * of the bit array; call with the whole range, or in chunks.
 */
extern bf_status bf_check_empty_bits(const uint8_t *filter, uint64_t first_block, uint64_t count);

/*
 * Long loops over a value (validation, base64) run in chunks and call
 * between() before each chunk: the glue checks for interrupts there, so a
 * 1 GB value can be cancelled.  NULL: nothing to call.
 */
typedef void (*bf_between_chunks_fn) (void);

/* Loops over a batch of hashes call between() once every this many. */
#define BF_HASHES_PER_CHUNK	65536

/*
 * Every check of a filter value read or received: the header against the
 * length, and for a filter with nothing added, that no bit is set (scanned
 * chunk_blocks blocks at a time; 0: all at once).
 */
extern bf_status bf_validate_filter(const uint8_t *filter, uint64_t length, bf_header *header,
									uint64_t chunk_blocks, bf_between_chunks_fn between);

/*
 * The fields whose rules every format of blocks and k hash positions shares
 * (bloomfilter, countingbloom, bloomwindow): its version, hash scheme 1,
 * k in 1 .. BF_MAX_K, a known value kind.
 */
extern bf_status bf_check_block_format_fields(uint16_t version, uint16_t known_version, uint8_t hash_scheme,
											  uint8_t k, uint32_t value_kind);

/* A value kind this version knows how to produce (BF_KIND_*). */
extern bool bf_kind_is_known(uint32_t kind);

/*
 * The name of a plain kind (BF_KIND_NONE .. BF_KIND_INTERVAL: those without
 * a flag), as bloom_info shows it; NULL for any other number.  A new plain
 * kind is a BF_KIND_* constant above and a row of the table in bf_format.c.
 */
extern const char *bf_plain_kind_name(uint32_t kind);

/* Writes a header and zeroes the blocks; buffer holds bf_filter_bytes(nblocks). */
extern void bf_init(uint8_t *filter, uint64_t nblocks, int k, uint32_t value_kind,
					uint64_t design_n, double design_p);

/* ---- sizing ---- */

extern bf_status bf_optimal_m(int64_t n, double p, int64_t *m);
extern bf_status bf_optimal_k(int64_t n, int64_t m, int32_t *k);
extern bf_status bf_fpp(int64_t n, int64_t m, int32_t k, double *fpp);
extern bf_status bf_capacity(int64_t m, int32_t k, double p, int64_t *n);

/* Expected false-positive rate of the blocked layout at bits_per_element and k. */
extern double bf_blocked_fpp(double bits_per_element, int k);

/*
 * The same at a mean load of elements_per_block, in bounded time for any load
 * (bf_blocked_fpp's cost grows with the load): what the planner and ANALYZE use.
 */
extern double bf_blocked_fpp_at_load(double elements_per_block, int k);

/* Bits per element and k that the blocked layout needs for rate p. */
extern bf_status bf_plan_rate(double p, double *bits_per_element, int *k);

/* Largest n any sizing function accepts: beyond this int64 m can overflow. */
#define BF_MAX_SIZING_N		INT64_C(1000000000000000000)	/* 1e18 */

/* Blocks and k for n elements at rate p (n = 0 gives one block). */
extern bf_status bf_plan(int64_t n, double p, uint64_t *nblocks, int *k);

/* Blocks for n elements at bits_per_element (bf_plan's second step; at least one). */
extern bf_status bf_plan_blocks(int64_t n, double bits_per_element, uint64_t *nblocks);

/* ---- hashing and the bit operations ---- */

/*
 * The per-row operations are inline: they run once per row of a scan, and a
 * call through the shared library's symbol table costs as much as they do.
 */
static inline uint64_t
bf_hash_bytes(const void *data, size_t length)
{
	return XXH3_64bits(data, length);
}

/*
 * The canonical hash of each plain family's values, one place each: every
 * path (fast, slow, nested in arrays and records through the same bytes)
 * agrees with these.
 */

/* integer (int2, int4, int8): the int64, little-endian */
static inline uint64_t
bf_hash_int64(int64_t value)
{
	uint8_t		bytes[8];

	bf_store_u64(bytes, (uint64_t) value);
	return bf_hash_bytes(bytes, 8);
}

/* text: its UTF-8 bytes */
static inline uint64_t
bf_hash_text_utf8(const char *chars, size_t length)
{
	return bf_hash_bytes(chars, length);
}

/* What a hot loop needs of a filter, read once from its header. */
typedef struct bf_view
{
	uint8_t    *blocks;			/* const for probes; written by adds */
	uint64_t	nblocks;
	int			k;
} bf_view;

static inline bf_view
bf_view_of(uint8_t *filter)
{
	bf_view		view;

	view.blocks = filter + BF_HEADER_BYTES;
	view.nblocks = bf_load_u64(filter + BF_OFF_NBLOCKS);
	view.k = filter[BF_OFF_K];
	return view;
}

/* Block index in 64-bit arithmetic: (h >> 32) < 2^32 and nblocks < 2^32. */
static inline uint64_t
bf_block_of(uint64_t hash, uint64_t nblocks)
{
	return ((hash >> 32) * nblocks) >> 32;
}

/*
 * A filter larger than the caches costs a memory miss per add.  Issuing the
 * prefetch of the block BF_PREFETCH_DISTANCE hashes ahead lets that many
 * misses overlap; 16 covers a ~100 ns miss at a few ns per add.
 */
#define BF_PREFETCH_DISTANCE	16

/* Asks for the cache line of hash's block, to be set or tested soon. */
static inline void
bf_prefetch_hash(bf_view view, uint64_t hash)
{
#if defined(__GNUC__) || defined(__clang__)
	__builtin_prefetch(view.blocks + bf_block_of(hash, view.nblocks) * BF_BLOCK_BYTES, 1, 3);
#else
	(void) view;
	(void) hash;
#endif
}

/*
 * Bit positions: odd 64-bit salts drawn once at random.  Odd makes each
 * product a bijection of the hash, so every position is uniform.  Part of
 * hash scheme 1: never change them.
 */
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

/* Bit i of hash (0..511 within its block). */
static inline unsigned
bf_bit_position(uint64_t hash, int i)
{
	return (unsigned) ((hash * BF_POSITION_SALT[i]) >> 55);
}

/*
 * Sets the k bits of hash in its block.  This scalar function and
 * bf_block_contains_hash_scalar define the layout; the SIMD kernels below
 * must set and test exactly the same bits.
 */
static inline void
bf_block_add_hash_scalar(uint8_t *block, int k, uint64_t hash)
{
	for (int i = 0; i < k; i++)
	{
		unsigned	position = bf_bit_position(hash, i);
		uint8_t    *word = block + 8 * (position >> 6);

		bf_store_u64(word, bf_load_u64(word) | UINT64_C(1) << (position & 63));
	}
}

/*
 * All k bits set?  The k words are read from the one cache line and the
 * missing bits OR-ed together, with no early exit: no branch on the answer
 * to mispredict.  (Building an 8-word mask first would be stored and
 * reloaded through the stack, which stalls store forwarding.)
 */
static inline bool
bf_block_contains_hash_scalar(const uint8_t *block, int k, uint64_t hash)
{
	uint64_t	missing = 0;

	for (int i = 0; i < k; i++)
	{
		unsigned	position = bf_bit_position(hash, i);

		missing |= ~bf_load_u64(block + 8 * (position >> 6)) & UINT64_C(1) << (position & 63);
	}
	return missing == 0;
}

/*
 * SIMD kernels (bf_simd.c).  On x86-64 CPUs with AVX-512 F and DQ, one
 * 8-lane multiply gives eight bit positions at once; a test permutes the
 * block's eight words into the lanes that need them and checks all k bits
 * with one mask test, an add ORs a 512-bit mask into the line in one store.
 * That is about a third of the scalar instructions.  The kernel is chosen
 * once per process (a constructor calls bf_select_kernels(true)); the CPU
 * flags, not the build machine, decide, so one binary runs everywhere.
 * Under valgrind, which hides AVX-512, the scalar code runs.
 */
extern bool bf_simd_kernels;	/* true: the AVX-512 kernels are in use */

/* Chooses the kernels: SIMD if allowed and the CPU has it.  Returns bf_simd_kernels. */
extern bool bf_select_kernels(bool allow_simd);

extern bool bf_block_contains_hash_simd(const uint8_t *block, int k, uint64_t hash);
extern void bf_block_add_hash_simd(uint8_t *block, int k, uint64_t hash);
/* count hashes, 8 bytes each in host order (x86 is little-endian), added with prefetching */
extern void bf_add_hashes_simd(bf_view view, const uint8_t *hashes, size_t count);
extern bool bf_blocks_contain_hash_simd(const uint8_t *const *blocks, const uint8_t *ks, int count, uint64_t hash);
extern bool bf_run_contains_hash_simd(const uint8_t *run, int count, unsigned live, int k, uint64_t hash);

static inline bool
bf_block_contains_hash(const uint8_t *block, int k, uint64_t hash)
{
	if (bf_simd_kernels)
		return bf_block_contains_hash_simd(block, k, hash);
	return bf_block_contains_hash_scalar(block, k, hash);
}

static inline void
bf_add_hash(bf_view view, uint64_t hash)
{
	uint8_t    *block = view.blocks + bf_block_of(hash, view.nblocks) * BF_BLOCK_BYTES;

	if (bf_simd_kernels)
		bf_block_add_hash_simd(block, view.k, hash);
	else
		bf_block_add_hash_scalar(block, view.k, hash);
}

/*
 * Has any of count blocks all of its bits of hash, ks[i] of them in
 * blocks[i]?  For a bloomwindow's generations and a scalablebloom's
 * sub-filters: bit i of hash has the same position in every block, so the
 * SIMD kernel computes the positions once for all of them.
 */
static inline bool
bf_blocks_contain_hash(const uint8_t *const *blocks, const uint8_t *ks, int count, uint64_t hash)
{
	bool		found = false;

	if (bf_simd_kernels)
		return bf_blocks_contain_hash_simd(blocks, ks, count, hash);
	for (int i = 0; i < count; i++)
		found |= bf_block_contains_hash_scalar(blocks[i], ks[i], hash);
	return found;
}

/* The same for count adjacent blocks of the same k, those with bit i of live set. */
static inline bool
bf_run_contains_hash(const uint8_t *run, int count, unsigned live, int k, uint64_t hash)
{
	bool		found = false;

	if (bf_simd_kernels)
		return bf_run_contains_hash_simd(run, count, live, k, hash);
	for (int i = 0; i < count; i++)
		found |= (live >> i & 1) && bf_block_contains_hash_scalar(run + i * BF_BLOCK_BYTES, k, hash);
	return found;
}

static inline bool
bf_contains_hash(bf_view view, uint64_t hash)
{
	return bf_block_contains_hash(view.blocks + bf_block_of(hash, view.nblocks) * BF_BLOCK_BYTES, view.k, hash);
}

/* Adds many hashes, prefetching the block of a hash a few hashes ahead. */
extern void bf_add_hashes(bf_view view, const uint64_t *hashes, size_t count);

/* Same, with the hashes stored little-endian (as in an aggregate state). */
extern void bf_add_hashes_le(bf_view view, const uint8_t *hashes_le, size_t count);

/* dst |= src and dst &= src over blocks [first, first+count). */
extern void bf_or_blocks(uint8_t *dst_blocks, const uint8_t *src_blocks, uint64_t first, uint64_t count);
extern void bf_and_blocks(uint8_t *dst_blocks, const uint8_t *src_blocks, uint64_t first, uint64_t count);

/*
 * dst (nblocks / factor blocks) |= src folded by factor: dst block j gets
 * src blocks j*factor .. j*factor+factor-1.  For dst blocks [first, first+count).
 */
extern void bf_fold_or_blocks(uint8_t *dst_blocks, const uint8_t *src_blocks, uint64_t factor,
							  uint64_t first, uint64_t count);

/*
 * dst |= fold(src) (or &= for an intersection) over dst blocks
 * [first, first+count): src has `fold` times as many blocks (1 = same shape).
 */
extern void bf_combine_blocks(uint8_t *dst_blocks, const uint8_t *src_blocks, uint64_t fold, bool intersect,
							  uint64_t first, uint64_t count);

/*
 * What a union (or intersection) of two filters gives: bf_plan_combine
 * checks the headers (the rules are in bf_filter.c) and plans the result.
 * BF_RESULT_A / BF_RESULT_B: the result is that operand, unchanged (an
 * empty operand is neutral or absorbing).  BF_RESULT_COMBINED: a new filter
 * of result.nblocks blocks, fold(a, fold_a) op fold(b, fold_b), with the
 * header result.
 */
#define BF_RESULT_COMBINED	0
#define BF_RESULT_A			1
#define BF_RESULT_B			2

typedef struct bf_combine_plan
{
	bf_header	result;
	int			result_is;		/* BF_RESULT_* */
	uint64_t	fold_a;			/* a's blocks fold by this into the result's (1: as they are) */
	uint64_t	fold_b;
	bool		intersect;
} bf_combine_plan;

extern bf_status bf_plan_combine(const bf_header *a, const bf_header *b, bool intersect,
								 bf_combine_plan *plan);

/*
 * Result blocks [first, first+count) of a BF_RESULT_COMBINED plan.  The
 * result may be a's own blocks (updated in place) when fold_a is 1.
 */
extern void bf_combine_run(const bf_combine_plan *plan, uint8_t *result_blocks, const uint8_t *a_blocks,
						   const uint8_t *b_blocks, uint64_t first, uint64_t count);

/*
 * The whole block work of a combination, in chunks of about chunk_blocks
 * source blocks (fewer result blocks when one side folds), calling between()
 * before each.
 */
extern void bf_combine_run_chunked(const bf_combine_plan *plan, uint8_t *result_blocks, const uint8_t *a_blocks,
								   const uint8_t *b_blocks, uint64_t chunk_blocks, bf_between_chunks_fn between);

/* a + b, or UINT64_MAX if that overflows (element counts saturate). */
static inline uint64_t
bf_sat_add_u64(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* Value kinds combine if equal or if either is BF_KIND_NONE. */
extern bf_status bf_combine_kinds(uint32_t a, uint32_t b, uint32_t *combined);

/* ---- statistics (for bloom_info) ---- */

typedef struct bf_stats
{
	uint64_t	bits_set;
	double		fpp_sum;		/* sum over blocks of (bits set / 512)^k */
	double		cardinality;	/* sum over blocks of the Swamidass-Baldi estimate */
} bf_stats;

/* Accumulates blocks [first, first+count) into stats (zero it first). */
extern void bf_stats_blocks(const uint8_t *blocks, int k, uint64_t first, uint64_t count, bf_stats *stats);

/* ---- base64 (the text form) ---- */

static inline uint64_t
bf_base64_length(uint64_t bytes)
{
	return (bytes + 2) / 3 * 4;
}

/* Encodes bytes; out holds bf_base64_length(length) characters (no NUL added). */
extern void bf_base64_encode(const uint8_t *data, uint64_t length, char *out);

/* Decoded length of canonical base64 text, or BF_ERR_BASE64. */
extern bf_status bf_base64_decoded_length(const char *text, uint64_t length, uint64_t *decoded);

/* Decodes canonical base64: padding required, no whitespace, unused bits zero. */
extern bf_status bf_base64_decode(const char *text, uint64_t length, uint8_t *out);

/*
 * The same, chunk_chars characters at a time (rounded down to a multiple of
 * 4, at least 4, so each chunk decodes to whole bytes), for text of any
 * size; out holds
 * bf_base64_decoded_length bytes.  '=' may only pad the very end.
 */
extern bf_status bf_base64_decode_chunked(const char *text, uint64_t length, uint8_t *out,
										  uint64_t chunk_chars, bf_between_chunks_fn between);

/* bf_base64_encode, chunk_chars characters (rounded down to a multiple of 4, at least 4) at a time. */
extern void bf_base64_encode_chunked(const uint8_t *data, uint64_t length, char *out,
									 uint64_t chunk_chars, bf_between_chunks_fn between);

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

#endif							/* BF_CORE_H */

/*
 * bloomfilter.h - what the PostgreSQL glue files share.
 *
 * The glue turns Datums into the core's byte arrays and the core's status
 * codes into ereport()s; it owns detoasting, memory contexts and fmgr.
 */
#ifndef BLOOMFILTER_H
#define BLOOMFILTER_H

#include "postgres.h"

#include "bloomfilter_compat.h"

#include "access/detoast.h"
#include "fmgr.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/memutils.h"

#include "bf_core.h"

/* Shared by the glue files only: hidden, like the core (see bf_core.h). */
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility push(hidden)
#endif

/* Default false-positive rate of bloom_agg(x) and bloom_empty(n). */
#define BLOOM_DEFAULT_P		0.01

/*
 * Long loops over blocks run in chunks of this many blocks (4 MiB) with an
 * interrupt check between chunks, so cancel and statement_timeout work on
 * the largest filters.
 */
#define BLOOM_BLOCKS_PER_CHUNK	UINT64_C(65536)

/*
 * Where a malformed value came from decides the SQLSTATE of its error, and
 * which type its message names.
 */
typedef enum BloomValueSource
{
	BLOOM_FROM_TEXT,			/* invalid_text_representation */
	BLOOM_FROM_BINARY,			/* invalid_binary_representation */
	BLOOM_FROM_STORAGE,			/* data_corrupted */
	BLOOM_STATE_FROM_TEXT,		/* the same, for bloom_agg_state */
	BLOOM_STATE_FROM_BINARY
} BloomValueSource;

/*
 * bloomfilter.agg_hash_limit: rows a self-sizing bloom_agg keeps as hashes
 * before it switches to a fixed-size filter (see bf_aggstate.h).
 */
extern int	bloom_agg_hash_limit;

/* Raises the ERROR for a core status; returns if status is BF_OK. */
extern void bloom_check_status(bf_status status, BloomValueSource source);

/* The same for a value of type_name (countingbloom, cuckoofilter): source is a BLOOM_FROM_*. */
extern void bloom_check_status_of(bf_status status, BloomValueSource source, const char *type_name);

/* ---- text and binary I/O of every type of the extension (bloomfilter_io.c) ---- */

/* Checks a value's bytes completely, raising the ERROR of source. */
typedef void (*BloomValidator) (const uint8_t *bytes, uint64_t length, BloomValueSource source);

extern bytea *bloom_from_base64(const char *text, BloomValidator validate, BloomValueSource source,
								 const char *type_name);
extern char *bloom_to_base64(bytea *value);
extern bytea *bloom_from_binary(StringInfo buffer, BloomValidator validate, BloomValueSource source);
extern bytea *bloom_to_binary(bytea *value);

/* Format bytes of a (detoasted) varlena. */
#define BLOOM_BYTES(v)			((uint8_t *) VARDATA(v))
#define BLOOM_LENGTH(v)			((uint64_t) VARSIZE(v) - VARHDRSZ)

/* Allocates an uninitialized varlena with room for `bytes` format bytes. */
extern bytea *bloom_alloc_varlena(uint64_t bytes);

/*
 * A filter of `bytes` format bytes to build before it is returned, where a
 * build that adds at random over its blocks (one cache line each when they
 * start on a line, two when not) finds them on line boundaries: the result,
 * one block longer, and *building, the place inside it where the blocks
 * start on a line.  Build in *building, then bloom_placed_filter_finish
 * moves it to the start of the result (one pass over the bytes).
 */
extern bytea *bloom_alloc_placed_filter(uint64_t bytes, bytea **building);
extern void bloom_placed_filter_finish(bytea *result, bytea *building);

/*
 * Where in memory (BF_BLOCK_BYTES - 1 bytes more than needed: the place is
 * at most that far in) to put bytes whose byte at offset must start a cache
 * line: the first block of a filter, so that each block is one line.
 */
static inline void *
bloom_place(void *memory, uint64 offset)
{
	return (void *) (TYPEALIGN(BF_BLOCK_BYTES, (uintptr_t) memory + offset) - offset);
}

/* A detoasted filter whose header passed its checks (XX001 otherwise). */
extern bytea *bloom_checked(bytea *value, bf_header *header);

/* Detoasts argument argno (a copy only if needed) and checks its header. */
extern bytea *bloom_filter_arg(FunctionCallInfo fcinfo, int argno, bf_header *header);

/* Same, into a fresh copy the caller may modify. */
extern bytea *bloom_filter_arg_copy(FunctionCallInfo fcinfo, int argno, bf_header *header);

/* An empty filter for n elements at rate p (checks both, and the size). */
extern bytea *bloom_make_empty(int64 n, double p);

/*
 * Asks the kernel to back a large buffer with huge pages, before it is first
 * touched: random adds into a filter of more than a few megabytes then miss
 * the TLB far less.  A hint only; does nothing where unsupported.
 */
extern void bloom_advise_huge_pages(void *buffer, uint64_t bytes);

/*
 * Memory in context for a copy that probes will read at random (a stored
 * value kept whole, or what a type derives from it): bytes +
 * BF_BLOCK_BYTES usable from the address returned.  From 8 MiB up that
 * address is 2 MiB aligned and the whole 2 MiB pages of the bytes are asked
 * to be huge pages.  *allocation is what to pfree.
 */
extern void *bloom_alloc_probed(MemoryContext context, uint64 bytes, void **allocation);

/*
 * The backend's list buffers (bloomfilter_glue.c), each for the hash list
 * of one aggregate state at a time: take gives the address of a free one
 * with room for bytes, and in *taken the buffer, or NULL (every buffer is
 * held, bloomfilter.agg_keep_list_memory is off, or the memory cannot be
 * had); resize makes room for bytes, moving the pages if it must, and gives
 * the new address (ERROR if the memory cannot be had); give_back frees it
 * for the next state, as resetting or deleting owner does.  Their memory is
 * not in owner, so that a hash aggregate's check of work_mem does not see
 * it.
 */
typedef struct BloomListBuffer BloomListBuffer;
extern bool bloom_agg_keep_list_memory;
extern void *bloom_list_buffer_take(MemoryContext owner, uint64 bytes, bool share_of_rows, BloomListBuffer **taken);
extern void *bloom_list_buffer_resize(BloomListBuffer *buffer, uint64 bytes);
extern void bloom_list_buffer_give_back(BloomListBuffer *buffer);

/*
 * Blocks [0, nblocks) in chunks of about BLOOM_BLOCKS_PER_CHUNK blocks read
 * (fewer for work that reads `scale` blocks per block, as a fold does), with
 * an interrupt check before each:
 *     BloomChunks chunks = bloom_chunks(nblocks, 1);
 *     while (bloom_next_chunk(&chunks))
 *         work(chunks.first, chunks.count);
 */
typedef struct BloomChunks
{
	uint64_t	first;			/* the current chunk */
	uint64_t	count;
	uint64_t	nblocks;
	uint64_t	size;
} BloomChunks;

static inline BloomChunks
bloom_chunks(uint64_t nblocks, uint64_t scale)
{
	BloomChunks chunks = {0, 0, nblocks, Max(BLOOM_BLOCKS_PER_CHUNK / Max(scale, 1), 1)};

	return chunks;
}

static inline bool
bloom_next_chunk(BloomChunks *chunks)
{
	chunks->first += chunks->count;
	if (chunks->first >= chunks->nblocks)
		return false;
	CHECK_FOR_INTERRUPTS();
	chunks->count = Min(chunks->size, chunks->nblocks - chunks->first);
	return true;
}

/*
 * countingbloom_agg(x [, p]) and cuckoo_agg(x [, p]) are built from a
 * self-sizing bloom_agg_state's hash list; neither type can be made from
 * the bloomfilter such a state becomes past bloomfilter.agg_hash_limit
 * rows.  So their transition, bloom_agg_trans_hash_list, is bloom_agg's
 * with the row past the limit an ERROR (54000) at once, and their combine,
 * bloom_agg_combine_hash_list, bloom_agg's with two partial states past it
 * together that ERROR; its hint names aggregate's form with n.  function
 * and aggregate name the caller in messages; check_rows, if not NULL, is
 * called every BLOOM_HASH_LIST_CHECK_ROWS rows with the rows the state would
 * hold and its p, for a limit of the caller's own.  bloom_agg_hash_list_state
 * gives their final functions the checked bytes of state argument 0, with
 * the same ERROR for a state past the limit.
 */
#define BLOOM_HASH_LIST_CHECK_ROWS	65536
typedef void (*bloom_hash_list_check_fn) (uint64 rows, double p);
extern Datum bloom_agg_trans_hash_list(FunctionCallInfo fcinfo, const char *function, const char *aggregate,
									   bloom_hash_list_check_fn check_rows);
extern Datum bloom_agg_combine_hash_list(FunctionCallInfo fcinfo, const char *aggregate);
extern const uint8_t *bloom_agg_hash_list_state(FunctionCallInfo fcinfo, const char *aggregate);

/* The aggregate's memory context; ERROR if not called as an aggregate (name: the function's). */
extern MemoryContext bloom_aggregate_context(FunctionCallInfo fcinfo, const char *name);

/* Checks the header of filter argument argno (an ERROR if it fails). */
typedef void (*BloomArgCheck) (FunctionCallInfo fcinfo, int argno);

/*
 * The NULL rule of every union and union aggregate: NULL is the empty set,
 * as in array_cat, so f | NULL keeps f (an UPDATE that ORs in the filter of
 * an empty batch loses nothing).  True if argument 0 or 1 is NULL, with
 * *result the other one (checked) or NULL (fcinfo->isnull set): return it.
 * A union aggregate that returns argument 1 as its new state is right too:
 * the executor copies a new state into the aggregate's memory.
 */
extern bool bloom_union_nulls(FunctionCallInfo fcinfo, BloomArgCheck check, Datum *result);

/* CHECK_FOR_INTERRUPTS as a function: what the core's chunked loops call between chunks. */
extern void bloom_check_interrupts(void);

/* Adds little-endian hashes to a filter in slices, checking for interrupts. */
#define BLOOM_HASHES_PER_CHUNK	UINT64_C(1048576)
extern void bloom_add_hashes_interruptible(uint8_t *filter, const uint8_t *hashes_le, uint64_t count);

/* ERROR (42804) unless values of value_kind may go into or be probed in the filter. */
extern void bloom_check_value_kind(const bf_header *header, uint32 value_kind);

/* The same for a filter of any type holding filter_kind: holder names it in the message. */
extern void bloom_check_kind(uint32 filter_kind, uint32 value_kind, const char *holder);

/* A readable name of a value kind, for messages and bloom_info. */
extern char *bloom_kind_name(uint32 value_kind, bool resolve_type_names);

/* ---- values: canonical encoding and hashing (bloomfilter_hash.c) ---- */

/* The name of a type of this database with this named kind, or NULL (reads all of pg_type). */
extern char *bloom_named_kind_type_name(uint32 kind);

typedef struct BloomValueHasher BloomValueHasher;

/*
 * A stored filter that a call site has met, known by its TOAST pointer
 * (TOAST values never change): probed through slices until they have cost as
 * much as reading it whole, then read whole once and kept (bloomfilter_probe.c).
 */
typedef struct BloomStoredFilter
{
	Oid			toastrelid;
	Oid			valueid;		/* InvalidOid: a free entry */
	bf_header	header;			/* checked */
	bool		compressed;		/* stored compressed: a slice decompresses up to it */
	bytea	   *whole;			/* in copy, or NULL */
	struct BloomKeptCopy *copy; /* the kept copy shared in fn_mcxt (bloomfilter_probe.c) */
	uint64		slice_probes;	/* probes through slices since rent_began */
	uint64		rent_began;		/* call-site tick of the first of them */
	uint64		last_used;		/* call-site tick of its last probe */
} BloomStoredFilter;

/*
 * Stored filters a call site keeps account of (a join may probe a few in
 * turn), and how many of them it keeps whole: more than one only within
 * work_mem, so a call site holds at most one filter beyond work_mem.
 */
#define BLOOM_STORED_FILTERS	8
#define BLOOM_KEPT_FILTERS		4

/*
 * A stored value of the other types (countingbloom, cuckoofilter,
 * bloomwindow, scalablebloom) that a call site probes: probed in
 * slices until they have cost as much as reading it whole, then read whole
 * once and kept (one value per call site, as bloomfilter's simplest case).
 */
#define BLOOM_OTHER_HEADER_BYTES	64	/* the longest header: cuckoofilter's */

typedef struct BloomOtherStored
{
	Oid			toastrelid;
	Oid			valueid;		/* InvalidOid: none */
	uint64		slice_probes;
	bytea	   *whole;			/* in copy, or NULL */
	struct BloomKeptCopy *copy; /* the kept copy shared in fn_mcxt (bloomfilter_probe.c) */
	/*
	 * The value whose header and kind the last row checked (see
	 * bloom_other_known): the kept whole value, or a constant or parameter
	 * read in place, known by its address and the in-place length and
	 * header bytes below.
	 */
	bool		known;
	const uint8_t *known_bytes;
	/*
	 * The length and header bytes of the last value read in place that a
	 * row checked, wherever it lay (bloom_other_checked_in_place).
	 */
	bool		in_place_checked;
	uint64		in_place_length;
	uint8		in_place_header[BLOOM_OTHER_HEADER_BYTES];
	/*
	 * What a type's probes derive once from the kept whole value
	 * (bloom_other_derived): countingbloom's cast (a quarter of its bytes),
	 * cuckoofilter's unpacked table, scalablebloom's chain.  Held by copy,
	 * with whole.  derive_pending: whole may still be derived from, once it
	 * has served whole_probes enough (bloom_other_derive).
	 */
	const void *derived;		/* on a cache line boundary, or NULL */
	bool		derive_pending;
	uint64		whole_probes;
} BloomOtherStored;

/*
 * Per call site state kept in fn_extra, one struct per concern.
 */

/*
 * The hasher of the value argument: type lookups happen once per query, not
 * per row, and again only after a type changed (see bloomfilter_hash.c).
 */
typedef struct BloomHashingCache
{
	BloomValueHasher *hasher;	/* in context */
	uint64		generation;		/* of the type information it was built from; 0: none */
	MemoryContext context;
	uint8		fast_encoding;	/* BLOOM_FAST_*, set with the hasher */
} BloomHashingCache;

/*
 * The stored filters met (bloomfilter_probe.c), so a filter from a table or
 * subquery is detoasted at most once per query (while it stays kept), not
 * once per row.
 */
typedef struct BloomStoredCache
{
	BloomStoredFilter entries[BLOOM_STORED_FILTERS];
	uint64		tick;			/* counts lookups in entries[] */
} BloomStoredCache;

/*
 * Whether an argument of the other types cannot change during the
 * query (a constant or a query parameter, get_fn_expr_arg_stable), for
 * bloom_other_remember.  checked: stability looked up.
 */
typedef struct BloomStableArg
{
	bool		checked;
	bool		is_stable;
} BloomStableArg;

/*
 * The last filter read in place whose header was checked
 * (bloom_filter_bytes_arg).  A header check reads only the length and the
 * header bytes, so a filter with the same ones needs none, wherever it lies
 * and whatever argument it is: a constant, a small filter stored inline in
 * its row, a subquery's output.
 */
typedef struct BloomCheckedHeader
{
	bool		valid;
	uint64		length;
	uint8_t		header_bytes[BF_HEADER_BYTES];
	bf_header	header;
} BloomCheckedHeader;

/* The probe fast path for a stored filter (bloom_probe): view is the TOAST value identified by key. */
typedef struct BloomFastPath
{
	bool		ready;
	uint64		key[2];
	bf_view		view;
} BloomFastPath;

typedef struct BloomCallCache
{
	BloomHashingCache hashing;
	BloomStoredCache stored;
	BloomStableArg stable;
	BloomCheckedHeader checked;
	BloomFastPath fast;
	BloomOtherStored other;		/* probes of the other types */
} BloomCallCache;

static inline BloomCallCache *
bloom_call_cache(FunctionCallInfo fcinfo)
{
	if (unlikely(fcinfo->flinfo->fn_extra == NULL))
		fcinfo->flinfo->fn_extra = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt,
														  sizeof(BloomCallCache));
	return (BloomCallCache *) fcinfo->flinfo->fn_extra;
}

/*
 * The probe fast paths.  A scan probes one filter with values of one type,
 * row after row.  Once a row has found the filter by the usual path (header
 * checked, value kind checked), the next rows need only a hash and one cache
 * line, provided the filter is known: the same TOAST value (toast relation
 * and value id: TOAST values never change), read whole once; or a filter in
 * memory with the length and header of the one checked last
 * (BloomCheckedHeader), whose value kind follows from that header and whose
 * bits are read where they are.  Value types whose canonical bytes are at
 * hand and whose kind is fixed take them: integers and text.
 */
#define BLOOM_FAST_NONE		0
#define BLOOM_FAST_INT4		1
#define BLOOM_FAST_INT8		2
#define BLOOM_FAST_TEXT		3	/* text or varchar in a UTF-8 or SQL_ASCII database */

/* In memory and uncompressed: its bytes can be read where they are. */
static inline bool
bloom_varlena_in_place(const struct varlena *raw)
{
	return !VARATT_IS_EXTENDED(raw) || (VARATT_IS_SHORT(raw) && !VARATT_IS_EXTERNAL(raw));
}

/* Is raw a filter in memory with the length and header of the one checked last? */
static inline bool
bloom_header_checked(const BloomCallCache *cache, const struct varlena *raw)
{
	return cache->checked.valid && bloom_varlena_in_place(raw) &&
		VARSIZE_ANY_EXHDR(raw) == cache->checked.length &&
		memcmp(VARDATA_ANY(raw), cache->checked.header_bytes, BF_HEADER_BYTES) == 0;
}

/* Identity of a stored filter argument for the fast path; false if it has none. */
static inline bool
bloom_filter_identity(Datum datum, uint64 key[2])
{
	struct varlena *raw = (struct varlena *) DatumGetPointer(datum);

	if (VARATT_IS_EXTERNAL_ONDISK(raw))
	{
		struct varatt_external pointer;

		VARATT_EXTERNAL_GET_POINTER(pointer, raw);
		key[0] = 1 | (uint64) pointer.va_toastrelid << 32;
		key[1] = pointer.va_valueid;
		return true;
	}
	return false;
}

/* Is the filter argument the one whose identity the fast path keeps (cache->fast.key)? */
static inline bool
bloom_filter_is_cached(const BloomCallCache *cache, Datum datum)
{
	uint64		key[2];

	return bloom_filter_identity(datum, key) && key[0] == cache->fast.key[0] && key[1] == cache->fast.key[1];
}

/*
 * A text probe that ends in spaces is also tested without them (see
 * bloom_probe_hashes): on a miss of the fast path, one look at the last byte
 * of a value that bloom_fast_hash read in place.
 */
static inline bool
bloom_fast_padded_contains(const BloomCallCache *cache, bf_view view, Datum value)
{
	const struct varlena *raw;
	const char *chars;
	size_t		length;

	if (cache->hashing.fast_encoding != BLOOM_FAST_TEXT)
		return false;
	raw = (const struct varlena *) DatumGetPointer(value);
	chars = VARDATA_ANY(raw);
	length = VARSIZE_ANY_EXHDR(raw);
	if (length == 0 || chars[length - 1] != ' ')
		return false;
	while (length > 0 && chars[length - 1] == ' ')
		length--;
	return bf_contains_hash(view, bf_hash_text_utf8(chars, length));
}


/* The value kind of a fast-path encoding (one of them). */
static inline uint32
bloom_fast_kind(uint8 encoding)
{
	return encoding == BLOOM_FAST_TEXT ? BF_KIND_TEXT : BF_KIND_INTEGER;
}

/*
 * Can raw, a filter in memory, be probed by the fast path?  Its header is
 * the one checked last, and that header says what the usual path would
 * check next: the filter holds values (an empty one answers false there),
 * of the fast encoding's kind (a checked header with values has a kind).
 */
static inline bool
bloom_in_place_fast(const BloomCallCache *cache, const struct varlena *raw)
{
	return cache->hashing.fast_encoding != BLOOM_FAST_NONE && bloom_header_checked(cache, raw) &&
		cache->checked.header.n_added != 0 &&
		cache->checked.header.value_kind == bloom_fast_kind(cache->hashing.fast_encoding);
}

/* The hash of a value by a fast-path encoding (false: take the usual path). */
static pg_attribute_always_inline bool
bloom_fast_hash(uint8 encoding, Datum value, uint64 *hash)
{
	switch (encoding)
	{
		case BLOOM_FAST_INT4:
			*hash = bf_hash_int64((int64) DatumGetInt32(value));
			return true;
		case BLOOM_FAST_INT8:
			*hash = bf_hash_int64(DatumGetInt64(value));
			return true;
		case BLOOM_FAST_TEXT:
			{
				struct varlena *raw = (struct varlena *) DatumGetPointer(value);

				/* in line and uncompressed: hashed where it is */
				if (VARATT_IS_EXTENDED(raw) && !(VARATT_IS_SHORT(raw) && !VARATT_IS_EXTERNAL(raw)))
					return false;
				*hash = bf_hash_text_utf8(VARDATA_ANY(raw), VARSIZE_ANY_EXHDR(raw));
				return true;
			}
		default:
			return false;
	}
}

/*
 * bloom_fast_hash for the types without bloomfilter's padded-text fast path
 * (countingbloom, cuckoofilter): false also for text ending in a space,
 * whose probe tests the trimmed value too (the usual path does).
 */
static pg_attribute_always_inline bool
bloom_fast_hash_unpadded(uint8 encoding, Datum value, uint64 *hash)
{
	if (encoding == BLOOM_FAST_TEXT)
	{
		const struct varlena *raw = (const struct varlena *) DatumGetPointer(value);

		if (bloom_varlena_in_place(raw) && VARSIZE_ANY_EXHDR(raw) > 0 &&
			VARDATA_ANY(raw)[VARSIZE_ANY_EXHDR(raw) - 1] == ' ')
			return false;
	}
	return bloom_fast_hash(encoding, value, hash);
}

/* A hasher for values of a type (ERROR if the type cannot be hashed canonically). */
extern BloomValueHasher *bloom_type_hasher(Oid type, Oid collation, MemoryContext context);

/* Hash of one value, and its kind. */
extern uint64 bloom_hash_value(BloomValueHasher *hasher, Datum value, uint32 *value_kind);

/* Hash of argument argno, and its value kind. */
extern uint64 bloom_hash_arg(FunctionCallInfo fcinfo, int argno, uint32 *value_kind);

/*
 * The hashes a probe of a value tests (any one found is a yes), and its
 * kind: its hash, and for text or varchar that ends in spaces, also the hash
 * without them, so that a filter of char(n) finds what char(n)'s `=` finds.
 * Returns how many.
 */
#define BLOOM_PROBE_MAX_HASHES	2
extern int	bloom_probe_hashes(BloomValueHasher *hasher, Datum value, uint64 hashes[BLOOM_PROBE_MAX_HASHES],
							   uint32 *value_kind);
extern int	bloom_probe_hashes_arg(FunctionCallInfo fcinfo, int argno, uint64 hashes[BLOOM_PROBE_MAX_HASHES],
								   uint32 *value_kind);

/*
 * Hashes of the non-NULL elements of array argument argno (palloc'd, *count
 * of them) and their common kind (BF_KIND_NONE if there are none).
 */
extern uint64 *bloom_hash_array_arg(FunctionCallInfo fcinfo, int argno, int *count, uint32 *value_kind);

/* ---- the probe path: reading the filters a call site probes (bloomfilter_probe.c) ---- */

/*
 * The format bytes of filter argument argno, for reading only: a value in
 * memory is read in place, and one stored out of line is detoasted once per
 * call site and kept for later rows (while it stays among the kept filters).
 * The header is checked.
 */
extern const uint8_t *bloom_filter_bytes_arg(FunctionCallInfo fcinfo, int argno, bf_header *header);

/*
 * A stored filter read by byte ranges: true if argument argno is stored out
 * of line uncompressed, with its header checked into *header and its TOAST
 * pointer in *stored.  Nothing else of the value is read.
 */
extern bool bloom_stored_header(FunctionCallInfo fcinfo, int argno, bf_header *header,
								struct varlena **stored);

/* Same, with the header read once per stored value at the call site. */
extern bool bloom_stored_header_cached(FunctionCallInfo fcinfo, int argno, bf_header *header);

/* Bytes [offset, offset+length) of a value that bloom_stored_header accepted. */
extern bytea *bloom_stored_slice(struct varlena *stored, uint64 offset, uint64 length);

/*
 * Point probe of a stored filter through slices, for the first probes of a
 * value at a call site: sets *member (any of the hashes found) and returns
 * true, or returns false when the whole value is better read once (see
 * bloomfilter_probe.c).
 */
extern bool bloom_stored_probe(FunctionCallInfo fcinfo, int argno, const uint64 *hashes, int hash_count,
							   uint32 value_kind, bool *member);

/*
 * For probes of the other types: true if argument argno is
 * stored out of line uncompressed and is still best probed in slices at
 * this call site (each call counts as one slice probe), with its TOAST
 * pointer in *stored and its stored length in *stored_bytes.
 */
extern bool bloom_probe_in_slices(FunctionCallInfo fcinfo, int argno, struct varlena **stored,
								  uint64 *stored_bytes);

/*
 * Where a format's first 64-byte block begins, from its first bytes (at
 * least 4096 of them, or all if fewer), read before the value is checked:
 * a stored value kept whole is placed so that its blocks lie on cache line
 * boundaries (bloomfilter_probe.c).
 */
typedef uint64 (*bloom_first_block_fn) (const uint8_t *bytes, uint64 available);

/*
 * The bytes of argument argno for reading only, not yet checked: in place
 * if in memory, else detoasted; a value stored out of line is fetched once
 * per call site and kept, its blocks placed by first_block.
 */
extern const uint8_t *bloom_value_bytes_arg(FunctionCallInfo fcinfo, int argno, bloom_first_block_fn first_block,
											uint64 *length);

/*
 * The fast path of probes of the other types.  After a row has
 * checked the header of argument argno's bytes (from bloom_value_bytes_arg)
 * and the value's kind, bloom_other_remember keeps them; bloom_other_known
 * gives them back on later rows while the argument is the same value (its
 * TOAST pointer, whose whole value is kept, or a constant or parameter at
 * the same address with the same length and header), else NULL.
 */
extern void bloom_other_remember(FunctionCallInfo fcinfo, int argno, const uint8_t *bytes, uint64 length);

/*
 * The bytes of argument argno if it is in place with the length and header
 * bytes of the last value read in place that bloom_other_remember kept,
 * else NULL: a small filter stored inline in each row, or one from a
 * subquery, needs no header check again, wherever it lies.  A header check
 * reads only those bytes, so they may be probed; nothing derived applies
 * to them (they are not known to be the same value).
 */
extern const uint8_t *bloom_other_checked_in_place(FunctionCallInfo fcinfo, int argno);

/* (inline: it runs on every row of the fast path) */
static inline const uint8_t *
bloom_other_known(FunctionCallInfo fcinfo, int argno)
{
	const BloomOtherStored *entry = &bloom_call_cache(fcinfo)->other;
	struct varlena *raw = (struct varlena *) PG_GETARG_POINTER(argno);

	if (!entry->known)
		return NULL;
	if (VARATT_IS_EXTERNAL_ONDISK(raw))
	{
		struct varatt_external pointer;

		VARATT_EXTERNAL_GET_POINTER(pointer, raw);
		return pointer.va_valueid == entry->valueid && pointer.va_toastrelid == entry->toastrelid &&
			entry->whole != NULL && entry->known_bytes == BLOOM_BYTES(entry->whole) ? entry->known_bytes : NULL;
	}
	/* PL/pgSQL may put another value at the same address: length and header must match too */
	return bloom_other_checked_in_place(fcinfo, argno) == entry->known_bytes ? entry->known_bytes : NULL;
}

/*
 * What a type's probe derives from a checked value: size(bytes) bytes on a
 * cache line boundary (0: none), filled by derive(bytes, out).  Only a
 * stored value kept whole has derived bytes, since a value in place may
 * change at the same address and a stored one cannot.
 */
typedef struct BloomDeriver
{
	uint64		(*size) (const uint8_t *bytes);
	void		(*derive) (const uint8_t *bytes, void *out);
} BloomDeriver;

extern const void *bloom_other_derive(FunctionCallInfo fcinfo, const BloomDeriver *deriver);

/*
 * What deriver derived from known, or NULL (known is not the kept whole
 * value, or not yet derived from): each call is a probe of the kept value,
 * and bloom_other_derive derives once they have paid for it.
 */
static inline const void *
bloom_other_derived(FunctionCallInfo fcinfo, const uint8_t *known, const BloomDeriver *deriver)
{
	const BloomOtherStored *entry = &bloom_call_cache(fcinfo)->other;

	if (known == NULL || entry->whole == NULL || known != BLOOM_BYTES(entry->whole))
		return NULL;
	if (entry->derived != NULL)
		return entry->derived;
	return entry->derive_pending ? bloom_other_derive(fcinfo, deriver) : NULL;
}

/*
 * A parallel plan's partial state from BLOOM_SHIP_MIN_BYTES up goes to
 * the combine through the query's shared memory (bloomfilter_ship.c):
 * bloom_ship_area is the area a state of this call (a plain partial
 * aggregate of ours under a Gather) may ship through, or NULL;
 * bloom_ship_state copies the first `bytes` of state there, or, in the
 * leader, keeps state where it is (of state_context) with that length
 * (false: not long enough; a worker: no room, or it shipped into that
 * area already; the leader: it keeps one already), and returns where the
 * state to pass on is in *copy, for the caller to adjust its header;
 * bloom_ship_write_reference writes the reference to it, a varlena of
 * VARHDRSZ + BLOOM_SHIPPED_REFERENCE_BYTES.  In the combine,
 * bloom_ship_receive puts the shipped state in place of a reference in
 * argument argno (true), and bloom_ship_release frees it afterwards.
 * bloom_ship_forget: the end of a transaction.
 */
#define BLOOM_SHIP_MIN_BYTES			((uint64) 2 * 1024 * 1024)
#define BLOOM_SHIPPED_REFERENCE_BYTES	40

typedef struct BloomShipment
{
	int32		pid;			/* the process that shipped it */
	uint64		place;			/* its area: a worker's parallel segment, or none: kept in the leader */
	uint64		pointer;		/* the chunk's dsa_pointer, or the kept state's address */
	uint64		token;
} BloomShipment;

typedef struct BloomReceipt
{
	struct dsa_area *area;		/* NULL: the leader's own part, kept in its memory */
	uint64		pointer;
} BloomReceipt;

extern struct dsa_area *bloom_ship_area(FunctionCallInfo fcinfo);
extern bool bloom_ship_state(struct dsa_area *area, bytea *state, uint64 bytes, MemoryContext state_context,
							 BloomShipment *shipment, bytea **copy);
extern void bloom_ship_write_reference(const BloomShipment *shipment, bytea *result);
extern bool bloom_ship_receive(FunctionCallInfo fcinfo, int argno, BloomReceipt *receipt);
extern void bloom_ship_release(BloomReceipt *receipt);
extern void bloom_ship_forget(void);

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

/* the combine functions of bloom_agg_state, which take a shipped reference (SQL-callable, so exported) */
extern PGDLLEXPORT Datum bloom_agg_combine(PG_FUNCTION_ARGS);
extern PGDLLEXPORT Datum countingbloom_agg_hashes_combine(PG_FUNCTION_ARGS);
extern PGDLLEXPORT Datum cuckoo_agg_hashes_combine(PG_FUNCTION_ARGS);

#endif							/* BLOOMFILTER_H */

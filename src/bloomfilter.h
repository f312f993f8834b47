/*
 * bloomfilter.h - what the PostgreSQL glue files share.
 *
 * The glue turns Datums into the core's byte arrays and the core's status
 * codes into ereport()s; it owns detoasting, memory contexts and fmgr.
 */
#ifndef BLOOMFILTER_H
#define BLOOMFILTER_H

#include "postgres.h"

#include "fmgr.h"
#include "lib/stringinfo.h"

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

/* Where a malformed value came from decides the SQLSTATE of its error. */
typedef enum BloomValueSource
{
	BLOOM_FROM_TEXT,			/* invalid_text_representation */
	BLOOM_FROM_BINARY,			/* invalid_binary_representation */
	BLOOM_FROM_STORAGE			/* data_corrupted */
} BloomValueSource;

/*
 * bloomfilter.agg_hash_limit: rows a self-sizing bloom_agg keeps as hashes
 * before it switches to a fixed-size filter (see bf_aggstate.h).
 */
extern int	bloom_agg_hash_limit;

/* Raises the ERROR for a core status; returns if status is BF_OK. */
extern void bloom_check_status(bf_status status, BloomValueSource source);

/* Format bytes of a (detoasted) varlena. */
#define BLOOM_BYTES(v)			((uint8_t *) VARDATA(v))
#define BLOOM_LENGTH(v)			((uint64_t) VARSIZE(v) - VARHDRSZ)

/* Allocates an uninitialized varlena with room for `bytes` format bytes. */
extern bytea *bloom_alloc_varlena(uint64_t bytes);

/* Detoasts argument argno (a copy only if needed) and checks its header. */
extern bytea *bloom_filter_arg(FunctionCallInfo fcinfo, int argno, bf_header *header);

/* Same, into a fresh copy the caller may modify. */
extern bytea *bloom_filter_arg_copy(FunctionCallInfo fcinfo, int argno, bf_header *header);

/* An empty filter for n elements at rate p (checks both, and the size). */
extern bytea *bloom_make_empty(int64 n, double p);

/*
 * Asks the kernel to back a large buffer with huge pages, before it is first
 * touched: random adds into a filter of hundreds of megabytes then miss the
 * TLB far less.  A hint only; does nothing where unsupported.
 */
extern void bloom_advise_huge_pages(void *buffer, uint64_t bytes);

/* Runs fn over blocks [0, nblocks) in chunks, checking for interrupts. */
typedef void (*BloomChunkFn) (void *arg, uint64_t first, uint64_t count);
extern void bloom_for_each_chunk(uint64_t nblocks, BloomChunkFn fn, void *arg);

/* Same, for work that reads `scale` blocks for each block of the range (folds). */
extern void bloom_for_each_chunk_scaled(uint64_t nblocks, uint64_t scale, BloomChunkFn fn, void *arg);

/* Adds little-endian hashes to a filter in slices, checking for interrupts. */
#define BLOOM_HASHES_PER_CHUNK	UINT64_C(1048576)
extern void bloom_add_hashes_interruptible(uint8_t *filter, const uint8_t *hashes_le, uint64_t count);

/* ERROR (42804) unless values of value_kind may go into or be probed in the filter. */
extern void bloom_check_value_kind(const bf_header *header, uint32 value_kind);

/* A readable name of a value kind, for messages and bloom_info. */
extern char *bloom_kind_name(uint32 value_kind);

/* ---- values: canonical encoding and hashing (bloomfilter_hash.c) ---- */

typedef struct BloomValueHasher BloomValueHasher;

/*
 * Per call site state kept in fn_extra: the hasher of the value argument
 * (type lookups happen once per query, not per row) and the last detoasted
 * stored filter, so a filter from a table or subquery is detoasted once per
 * query, not once per row.
 */
typedef struct BloomCallCache
{
	BloomValueHasher *hasher;
	Oid			filter_toastrelid;
	Oid			filter_valueid;
	bytea	   *filter;			/* detoasted copy, in fn_mcxt */
	bf_header	filter_header;
	/* the stored filter read in slices (see bloom_stored_probe) */
	Oid			slice_toastrelid;
	Oid			slice_valueid;
	bf_header	slice_header;
	uint64		slice_probes;
} BloomCallCache;

extern BloomCallCache *bloom_call_cache(FunctionCallInfo fcinfo);

/* A hasher for values of a type (ERROR if the type cannot be hashed canonically). */
extern BloomValueHasher *bloom_type_hasher(Oid type, Oid collation, MemoryContext context);

/* Hash of one value, and its kind. */
extern uint64 bloom_hash_value(BloomValueHasher *hasher, Datum value, uint32 *value_kind);

/* Hash of argument argno, and its value kind. */
extern uint64 bloom_hash_arg(FunctionCallInfo fcinfo, int argno, uint32 *value_kind);

/*
 * Hashes of the non-NULL elements of array argument argno (palloc'd, *count
 * of them) and their common kind (BF_KIND_NONE if there are none).
 */
extern uint64 *bloom_hash_array_arg(FunctionCallInfo fcinfo, int argno, int *count, uint32 *value_kind);

/*
 * The format bytes of filter argument argno, for reading only: a value in
 * memory is read in place, and one stored out of line is detoasted once per
 * call site and kept for later rows.  The header is checked.
 */
extern const uint8_t *bloom_filter_bytes_arg(FunctionCallInfo fcinfo, int argno, bf_header *header);

/*
 * A stored filter read by byte ranges: true if argument argno is stored out
 * of line uncompressed, with its header checked into *header and its TOAST
 * pointer in *stored.  Nothing else of the value is read.
 */
extern bool bloom_stored_header(FunctionCallInfo fcinfo, int argno, bf_header *header,
								struct varlena **stored);

/* Bytes [offset, offset+length) of a value that bloom_stored_header accepted. */
extern bytea *bloom_stored_slice(struct varlena *stored, uint64 offset, uint64 length);

/*
 * Point probe of a stored filter through slices, for the first probes of a
 * value at a call site: sets *member and returns true, or returns false when
 * the whole value is better read once (see bloomfilter_glue.c).
 */
extern bool bloom_stored_probe(FunctionCallInfo fcinfo, int argno, uint64 hash, uint32 value_kind,
							   bool *member);

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

#endif							/* BLOOMFILTER_H */

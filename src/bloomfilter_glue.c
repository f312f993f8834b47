/*
 * bloomfilter_glue.c - errors, detoasting and chunked loops shared by the
 * SQL-callable functions.
 */
#include "bloomfilter.h"

#include <sys/mman.h>

#include "access/detoast.h"
#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "utils/memutils.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"

#include "utils/guc.h"

#include "bf_aggstate.h"

PG_MODULE_MAGIC;

int			bloom_agg_hash_limit = BF_AGG_MAX_HASHES;

void		_PG_init(void);

void
_PG_init(void)
{
	DefineCustomIntVariable("bloomfilter.agg_hash_limit",
							"Rows a self-sizing bloom_agg keeps as 8-byte hashes before it switches to a fixed-size filter.",
							"Up to this many rows, bloom_agg(x) and bloom_agg(x, p) build a filter of exactly the right size "
							"at the end; past it they add into a filter with room for 134 million rows and fold it.",
							&bloom_agg_hash_limit,
							BF_AGG_MAX_HASHES, BF_AGG_INITIAL_HASHES, BF_AGG_MAX_HASHES,
							PGC_USERSET, 0, NULL, NULL, NULL);
	MarkGUCPrefixReserved("bloomfilter");
}

void
bloom_check_status(bf_status status, BloomValueSource source)
{
	int			code;

	switch (status)
	{
		case BF_OK:
			return;
		case BF_ERR_N:
		case BF_ERR_N_NOT_POSITIVE:
		case BF_ERR_P:
		case BF_ERR_P_TOO_SMALL:
		case BF_ERR_M:
		case BF_ERR_K:
			code = ERRCODE_INVALID_PARAMETER_VALUE;
			break;
		case BF_ERR_TOO_LARGE:
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("%s", bf_status_message(status)),
					 errdetail("A bloom filter holds at most " UINT64_FORMAT " bits (%d MB).",
							   BF_MAX_BLOCKS * BF_BLOCK_BITS,
							   (int) (bf_filter_bytes(BF_MAX_BLOCKS) / 1000000)),
					 errhint("Use a larger false-positive rate, or split the set over several filters.")));
			return;
		case BF_ERR_INCOMPATIBLE:
			ereport(ERROR,
					(errcode(ERRCODE_DATA_EXCEPTION),
					 errmsg("%s", bf_status_message(status)),
					 errdetail("Filters combine only when they have the same number of hash functions, "
							   "and an intersection only when one's size divides the other's."),
					 errhint("Build both filters with the same n and p, for example with bloom_empty(n, p) or bloom_agg(x, n, p).")));
			return;
		case BF_ERR_UNION_SIZES:
			ereport(ERROR,
					(errcode(ERRCODE_DATA_EXCEPTION),
					 errmsg("%s", bf_status_message(status)),
					 errdetail("A union needs the room of both filters: folding the larger into the smaller's size "
							   "would raise its false-positive rate, and the smaller's bits cannot be spread over more blocks."),
					 errhint("Build the new values in the shape of the filter they join, with bloom_agg(x, filter), "
							 "or add them with bloom_add_all(filter, array).")));
			return;
		case BF_ERR_KIND_MISMATCH:
			code = ERRCODE_DATATYPE_MISMATCH;
			break;
		case BF_ERR_OUT_OF_RANGE:
			code = ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE;
			break;
		default:
			/* a malformed stored value: what to call it depends on where it came from */
			code = (source == BLOOM_FROM_TEXT || source == BLOOM_STATE_FROM_TEXT) ? ERRCODE_INVALID_TEXT_REPRESENTATION :
				(source == BLOOM_FROM_BINARY || source == BLOOM_STATE_FROM_BINARY) ? ERRCODE_INVALID_BINARY_REPRESENTATION :
				ERRCODE_DATA_CORRUPTED;
			ereport(ERROR,
					(errcode(code),
					 errmsg("invalid %s value: %s",
							(source == BLOOM_STATE_FROM_TEXT || source == BLOOM_STATE_FROM_BINARY) ?
							"bloom_agg_state" : "bloomfilter",
							bf_status_message(status))));
			return;
	}
	ereport(ERROR, (errcode(code), errmsg("%s", bf_status_message(status))));
}

bytea *
bloom_alloc_varlena(uint64_t bytes)
{
	bytea	   *result;

	if (bytes + VARHDRSZ > MaxAllocSize)
		bloom_check_status(BF_ERR_TOO_LARGE, BLOOM_FROM_STORAGE);
	result = (bytea *) palloc(bytes + VARHDRSZ);
	SET_VARSIZE(result, bytes + VARHDRSZ);
	return result;
}

static bytea *
bloom_checked(bytea *value, bf_header *header)
{
	bloom_check_status(bf_check_header(BLOOM_BYTES(value), BLOOM_LENGTH(value), header),
					   BLOOM_FROM_STORAGE);
	return value;
}

bytea *
bloom_filter_arg(FunctionCallInfo fcinfo, int argno, bf_header *header)
{
	return bloom_checked((bytea *) PG_DETOAST_DATUM(PG_GETARG_DATUM(argno)), header);
}

bytea *
bloom_filter_arg_copy(FunctionCallInfo fcinfo, int argno, bf_header *header)
{
	return bloom_checked((bytea *) PG_DETOAST_DATUM_COPY(PG_GETARG_DATUM(argno)), header);
}

/*
 * Stored filters of a call site.
 *
 * A value stored out of line is identified by its TOAST pointer
 * (toast relation, value id); TOAST values are never changed in place, so
 * while the pointer is the same, so is the value, and a copy detoasted for
 * an earlier row serves.  A call site keeps account of the last
 * BLOOM_STORED_FILTERS filters it met (least recently used out), and keeps
 * up to BLOOM_KEPT_FILTERS of them whole, within work_mem beyond the first.
 */

/* The entry of a stored filter, marked used; NULL if the call site has none. */
static BloomStoredFilter *
bloom_stored_lookup(BloomCallCache *cache, const struct varatt_external *pointer)
{
	cache->stored_tick++;
	for (int i = 0; i < BLOOM_STORED_FILTERS; i++)
	{
		BloomStoredFilter *entry = &cache->stored[i];

		if (entry->valueid == pointer->va_valueid && entry->toastrelid == pointer->va_toastrelid &&
			OidIsValid(entry->valueid))
		{
			entry->last_used = cache->stored_tick;
			return entry;
		}
	}
	return NULL;
}

/*
 * A new entry: a free one, else the least recently used of those not kept
 * whole (there are always BLOOM_STORED_FILTERS - BLOOM_KEPT_FILTERS of them).
 */
static BloomStoredFilter *
bloom_stored_enter(BloomCallCache *cache, const struct varatt_external *pointer, const bf_header *header)
{
	BloomStoredFilter *chosen = NULL;

	for (int i = 0; i < BLOOM_STORED_FILTERS; i++)
	{
		BloomStoredFilter *entry = &cache->stored[i];

		if (!OidIsValid(entry->valueid))
		{
			chosen = entry;
			break;
		}
		if (entry->whole == NULL && (chosen == NULL || entry->last_used < chosen->last_used))
			chosen = entry;
	}
	if (chosen == NULL)
		elog(ERROR, "every stored filter entry of the call site is kept whole");
	chosen->toastrelid = pointer->va_toastrelid;
	chosen->valueid = pointer->va_valueid;
	chosen->header = *header;
	chosen->slice_probes = 0;
	chosen->rent_began = cache->stored_tick;
	chosen->last_used = cache->stored_tick;
	return chosen;
}

/* Bytes the kept filters may take beyond the first: work_mem. */
static uint64
bloom_kept_budget(void)
{
	return (uint64) work_mem * 1024;
}

/*
 * Keeps a detoasted filter whole, making room first: least recently used
 * copies go (their entries start again in slices) until the filters kept
 * number fewer than BLOOM_KEPT_FILTERS and, with this one, fit the budget.
 */
static void
bloom_stored_keep(BloomCallCache *cache, BloomStoredFilter *entry, bytea *whole)
{
	for (;;)
	{
		BloomStoredFilter *oldest = NULL;
		uint64		kept_bytes = 0;
		int			kept = 0;

		for (int i = 0; i < BLOOM_STORED_FILTERS; i++)
		{
			BloomStoredFilter *other = &cache->stored[i];

			if (other->whole == NULL)
				continue;
			kept++;
			kept_bytes += BLOOM_LENGTH(other->whole);
			if (oldest == NULL || other->last_used < oldest->last_used)
				oldest = other;
		}
		if (kept < BLOOM_KEPT_FILTERS && (kept == 0 || kept_bytes + BLOOM_LENGTH(whole) <= bloom_kept_budget()))
			break;
		pfree(oldest->whole);
		oldest->whole = NULL;
		oldest->slice_probes = 0;
		oldest->rent_began = cache->stored_tick;
	}
	entry->whole = whole;
}

/*
 * A value in memory is read where it is, short header or not: the core reads
 * through unaligned loads, so no copy is made.
 */
const uint8_t *
bloom_filter_bytes_arg(FunctionCallInfo fcinfo, int argno, bf_header *header)
{
	struct varlena *raw = (struct varlena *) PG_GETARG_POINTER(argno);
	BloomCallCache *cache;
	struct varatt_external pointer;
	BloomStoredFilter *entry;
	bytea	   *fetched;
	bf_header	fetched_header;
	MemoryContext old;

	if (bloom_varlena_in_place(raw))
	{
		const uint8_t *bytes = (const uint8_t *) VARDATA_ANY(raw);

		cache = bloom_call_cache(fcinfo);
		if (!cache->stable_checked)
		{
			cache->filter_is_stable = get_fn_expr_arg_stable(fcinfo->flinfo, argno);
			cache->stable_checked = true;
		}
		/* the same constant as on the last row: checked then (bloomfilter.h) */
		if (cache->filter_is_stable && bloom_stable_unchanged(cache, raw))
		{
			*header = cache->stable_header;
			return bytes;
		}
		bloom_check_status(bf_check_header(bytes, VARSIZE_ANY_EXHDR(raw), header), BLOOM_FROM_STORAGE);
		if (cache->filter_is_stable)
		{
			cache->stable_bytes = bytes;
			cache->stable_length = VARSIZE_ANY_EXHDR(raw);
			memcpy(cache->stable_header_bytes, bytes, BF_HEADER_BYTES);
			cache->stable_header = *header;
		}
		return bytes;
	}
	if (!VARATT_IS_EXTERNAL_ONDISK(raw))
		return BLOOM_BYTES(bloom_filter_arg(fcinfo, argno, header));

	cache = bloom_call_cache(fcinfo);
	VARATT_EXTERNAL_GET_POINTER(pointer, raw);
	entry = bloom_stored_lookup(cache, &pointer);
	if (entry != NULL && entry->whole != NULL)
	{
		*header = entry->header;
		return BLOOM_BYTES(entry->whole);
	}

	/* fetched and decompressed (a value may be stored compressed), then checked */
	old = MemoryContextSwitchTo(fcinfo->flinfo->fn_mcxt);
	fetched = (bytea *) detoast_attr(raw);
	MemoryContextSwitchTo(old);
	bloom_checked(fetched, &fetched_header);
	/* only a value that passed enters the cache */
	if (entry == NULL)
		entry = bloom_stored_enter(cache, &pointer, &fetched_header);
	bloom_stored_keep(cache, entry, fetched);
	*header = fetched_header;
	return BLOOM_BYTES(fetched);
}

/*
 * Slices of a stored filter.
 *
 * A filter stored out of line is cut into TOAST chunks of about 2 kB, and
 * detoast_attr_slice fetches only the chunks that hold a byte range, through
 * the TOAST index.  The type's STORAGE is external (uncompressed), so a byte
 * range of the value is a byte range of the chunks.  A point probe needs the
 * header (52 bytes, in chunk 0) and the one 64-byte block of its hash: two
 * index lookups instead of reading a value of up to 768 MB.  A value that
 * was compressed after all (the column's STORAGE changed) is read whole.
 */
bool
bloom_stored_header(FunctionCallInfo fcinfo, int argno, bf_header *header, struct varlena **stored)
{
	struct varlena *raw = (struct varlena *) PG_GETARG_POINTER(argno);
	struct varatt_external pointer;
	bytea	   *slice;

	if (!VARATT_IS_EXTERNAL_ONDISK(raw))
		return false;
	VARATT_EXTERNAL_GET_POINTER(pointer, raw);
	if (VARATT_EXTERNAL_IS_COMPRESSED(pointer))
		return false;
	slice = (bytea *) detoast_attr_slice(raw, 0, BF_HEADER_BYTES);
	/* the length the header must agree with is the stored value's */
	bloom_check_status(bf_check_header(BLOOM_BYTES(slice), VARATT_EXTERNAL_GET_EXTSIZE(pointer), header),
					   BLOOM_FROM_STORAGE);
	pfree(slice);
	*stored = raw;
	return true;
}

/*
 * The checked header of stored filter argument argno, read through a slice
 * once per TOAST value at this call site (kept in its table of stored
 * filters); false if the argument is not stored out of line uncompressed.
 */
bool
bloom_stored_header_cached(FunctionCallInfo fcinfo, int argno, bf_header *header)
{
	struct varlena *raw = (struct varlena *) PG_GETARG_POINTER(argno);
	BloomCallCache *cache;
	BloomStoredFilter *entry;
	struct varatt_external pointer;
	struct varlena *stored;

	if (!VARATT_IS_EXTERNAL_ONDISK(raw))
		return false;
	cache = bloom_call_cache(fcinfo);
	VARATT_EXTERNAL_GET_POINTER(pointer, raw);
	entry = bloom_stored_lookup(cache, &pointer);
	if (entry == NULL)
	{
		if (!bloom_stored_header(fcinfo, argno, header, &stored))
			return false;
		entry = bloom_stored_enter(cache, &pointer, header);
	}
	*header = entry->header;
	return true;
}

bytea *
bloom_stored_slice(struct varlena *stored, uint64 offset, uint64 length)
{
	bytea	   *slice = (bytea *) detoast_attr_slice(stored, (int32) offset, (int32) length);

	if (BLOOM_LENGTH(slice) != length)
		bloom_check_status(BF_ERR_FORMAT_LENGTH, BLOOM_FROM_STORAGE);
	return slice;
}

/*
 * Slices or the whole value?  A slice probe (two TOAST index lookups) costs
 * about as much as reading 4 kB of a stored filter whole (test/bench/run
 * measures both, per point probe and per whole read).  So a call
 * site probes a value through slices until its probes have cost as much as
 * one whole read, then reads it whole once and keeps it (the cached path of
 * bloom_filter_bytes_arg): a point probe of a 124 MB filter reads 116 bytes,
 * and a scan that probes it on every row pays at most twice the whole read
 * (the rent-or-buy bound).  The account is kept per filter, so filters that
 * take turns (a join probing one per group) each switch in their own time.
 *
 * A filter is read whole only if it can be kept without dropping a kept
 * filter probed since its own slices began: two large filters in turn beyond
 * work_mem leave one kept and the other in slices, rather than reading one of
 * them whole on every row.  Its account then starts again, so a kept filter
 * no longer probed gives way at the next break-even.
 */
#define BLOOM_SLICE_PROBE_BYTES	UINT64_C(4096)

/* May the entry be kept whole without dropping a filter probed since its slices began? */
static bool
bloom_stored_may_keep(const BloomCallCache *cache, const BloomStoredFilter *entry)
{
	uint64		active_bytes = 0;
	int			active = 0;

	for (int i = 0; i < BLOOM_STORED_FILTERS; i++)
	{
		const BloomStoredFilter *other = &cache->stored[i];

		if (other->whole != NULL && other->last_used >= entry->rent_began)
		{
			active++;
			active_bytes += BLOOM_LENGTH(other->whole);
		}
	}
	return active < BLOOM_KEPT_FILTERS &&
		(active == 0 || active_bytes + bf_filter_bytes(entry->header.nblocks) <= bloom_kept_budget());
}

bool
bloom_stored_probe(FunctionCallInfo fcinfo, int argno, const uint64 *hashes, int hash_count,
				   uint32 value_kind, bool *member)
{
	BloomCallCache *cache = bloom_call_cache(fcinfo);
	struct varlena *raw = (struct varlena *) PG_GETARG_POINTER(argno);
	struct varatt_external pointer;
	struct varlena *stored;
	BloomStoredFilter *entry;
	bf_header	header;
	bytea	   *block;
	uint64		block_index;

	if (!VARATT_IS_EXTERNAL_ONDISK(raw))
		return false;
	VARATT_EXTERNAL_GET_POINTER(pointer, raw);
	entry = bloom_stored_lookup(cache, &pointer);
	/* already read whole for this call site */
	if (entry != NULL && entry->whole != NULL)
		return false;
	if (entry == NULL)
	{
		if (!bloom_stored_header(fcinfo, argno, &header, &stored))
			return false;
		entry = bloom_stored_enter(cache, &pointer, &header);
	}
	if (entry->slice_probes * BLOOM_SLICE_PROBE_BYTES >= bf_filter_bytes(entry->header.nblocks))
	{
		if (bloom_stored_may_keep(cache, entry))
			return false;
		entry->slice_probes = 0;
		entry->rent_began = cache->stored_tick;
	}
	entry->slice_probes++;

	if (entry->header.n_added == 0)
	{
		*member = false;
		return true;
	}
	bloom_check_value_kind(&entry->header, value_kind);
	*member = false;
	for (int i = 0; i < hash_count && !*member; i++)
	{
		block_index = bf_block_of(hashes[i], entry->header.nblocks);
		block = bloom_stored_slice(raw, BF_HEADER_BYTES + block_index * BF_BLOCK_BYTES, BF_BLOCK_BYTES);
		*member = bf_block_contains_hash(BLOOM_BYTES(block), entry->header.k, hashes[i]);
		pfree(block);
	}
	return true;
}

bytea *
bloom_make_empty(int64 n, double p)
{
	uint64_t	nblocks;
	int			k;
	bytea	   *result;

	bloom_check_status(bf_plan(n, p, &nblocks, &k), BLOOM_FROM_STORAGE);
	result = bloom_alloc_varlena(bf_filter_bytes(nblocks));
	bf_init(BLOOM_BYTES(result), nblocks, k, BF_KIND_NONE, (uint64_t) n, p);
	return result;
}

#define BLOOM_HUGE_PAGE_BYTES	((uintptr_t) 2 * 1024 * 1024)
#define BLOOM_PAGE_BYTES		((uintptr_t) 4096)

void
bloom_advise_huge_pages(void *buffer, uint64_t bytes)
{
#ifdef MADV_HUGEPAGE
	/*
	 * From 4 MiB up: a 12 MB filter that bloom_agg(x, n, p) fills while
	 * scanning is already past the TLB's reach, so each random add would miss
	 * it, and each fresh 4 kB page faults on its own.  The advice covers the
	 * buffer's pages out to their boundaries: a buffer this large is a
	 * mapping of its own (malloc's), and advice for part of it would split
	 * the mapping in three, which realloc's mremap cannot move as one (it
	 * then copies).  The kernel backs the 2 MiB-aligned parts with huge pages.
	 */
	uintptr_t	start = TYPEALIGN_DOWN(BLOOM_PAGE_BYTES, (uintptr_t) buffer);
	uintptr_t	end = TYPEALIGN(BLOOM_PAGE_BYTES, (uintptr_t) buffer + bytes);

	if (bytes >= 2 * BLOOM_HUGE_PAGE_BYTES)
		(void) madvise((void *) start, end - start, MADV_HUGEPAGE);
#endif
}

void
bloom_check_interrupts(void)
{
	CHECK_FOR_INTERRUPTS();
}

void
bloom_for_each_chunk(uint64_t nblocks, BloomChunkFn fn, void *arg)
{
	bloom_for_each_chunk_scaled(nblocks, 1, fn, arg);
}

void
bloom_for_each_chunk_scaled(uint64_t nblocks, uint64_t scale, BloomChunkFn fn, void *arg)
{
	uint64_t	chunk = Max(BLOOM_BLOCKS_PER_CHUNK / Max(scale, 1), 1);

	for (uint64_t first = 0; first < nblocks; first += chunk)
	{
		CHECK_FOR_INTERRUPTS();
		fn(arg, first, Min(chunk, nblocks - first));
	}
}

void
bloom_add_hashes_interruptible(uint8_t *filter, const uint8_t *hashes_le, uint64_t count)
{
	bf_view		view = bf_view_of(filter);

	for (uint64_t first = 0; first < count; first += BLOOM_HASHES_PER_CHUNK)
	{
		CHECK_FOR_INTERRUPTS();
		bf_add_hashes_le(view, hashes_le + 8 * first, Min(BLOOM_HASHES_PER_CHUNK, count - first));
	}
}

char *
bloom_kind_name(uint32 value_kind, bool resolve_type_names)
{
	uint32		element = value_kind & ~BF_KIND_ARRAY_FLAG;
	const char *name = NULL;

	/* a type's name in messages; its fingerprint in bloom_info, read per row and stable across databases */
	if ((element & BF_KIND_NAMED_FLAG) && resolve_type_names)
		name = bloom_named_kind_type_name(element);
	if (name == NULL && (element & BF_KIND_BUILTIN_FLAG))
		name = format_type_extended((Oid) (element & ~BF_KIND_BUILTIN_FLAG), -1, FORMAT_TYPE_ALLOW_INVALID);
	else if (name == NULL && (element & BF_KIND_RECORD_FLAG))
		name = psprintf("record %07x", element & BF_KIND_FINGERPRINT_MASK);
	else if (name == NULL && (element & BF_KIND_NAMED_FLAG))
		name = psprintf("type %07x", element & BF_KIND_FINGERPRINT_MASK);
	else if (name == NULL && element == BF_KIND_NONE)
		return pstrdup("none");
	else if (name == NULL)
		name = bf_plain_kind_name(element) != NULL ? bf_plain_kind_name(element) : "unknown";
	return (value_kind & BF_KIND_ARRAY_FLAG) ? psprintf("%s[]", name) : pstrdup(name);
}

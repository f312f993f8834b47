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
					 errdetail("Filters combine only when they have the same number of hash functions and one's size divides the other's."),
					 errhint("Build both filters with the same n and p, for example with bloom_empty(n, p) or bloom_agg(x, n, p).")));
			return;
		case BF_ERR_KIND_MISMATCH:
			code = ERRCODE_DATATYPE_MISMATCH;
			break;
		default:
			/* a malformed stored value: what to call it depends on where it came from */
			code = source == BLOOM_FROM_TEXT ? ERRCODE_INVALID_TEXT_REPRESENTATION :
				source == BLOOM_FROM_BINARY ? ERRCODE_INVALID_BINARY_REPRESENTATION :
				ERRCODE_DATA_CORRUPTED;
			ereport(ERROR,
					(errcode(code),
					 errmsg("invalid bloomfilter value: %s", bf_status_message(status))));
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
 * A value stored out of line is identified by its TOAST pointer
 * (toast relation, value id); TOAST values are never changed in place, so
 * while the pointer is the same, so is the value, and the copy detoasted for
 * an earlier row serves.  A value in memory is read where it is, short
 * header or not: the core reads through unaligned loads, so no copy is made.
 */
const uint8_t *
bloom_filter_bytes_arg(FunctionCallInfo fcinfo, int argno, bf_header *header)
{
	struct varlena *raw = (struct varlena *) PG_GETARG_POINTER(argno);
	BloomCallCache *cache;
	struct varatt_external pointer;
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
	if (cache->filter == NULL || cache->filter_toastrelid != pointer.va_toastrelid ||
		cache->filter_valueid != pointer.va_valueid)
	{
		bytea	   *fetched;
		bf_header	fetched_header;

		/* fetched and decompressed (a value may be stored compressed), then checked */
		old = MemoryContextSwitchTo(fcinfo->flinfo->fn_mcxt);
		fetched = (bytea *) detoast_attr(raw);
		MemoryContextSwitchTo(old);
		bloom_checked(fetched, &fetched_header);
		/* only a value that passed replaces the cached one */
		if (cache->filter != NULL)
			pfree(cache->filter);
		cache->filter = fetched;
		cache->filter_header = fetched_header;
		cache->filter_toastrelid = pointer.va_toastrelid;
		cache->filter_valueid = pointer.va_valueid;
	}
	*header = cache->filter_header;
	return BLOOM_BYTES(cache->filter);
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

bytea *
bloom_stored_slice(struct varlena *stored, uint64 offset, uint64 length)
{
	bytea	   *slice = (bytea *) detoast_attr_slice(stored, (int32) offset, (int32) length);

	if (BLOOM_LENGTH(slice) != length)
		bloom_check_status(BF_ERR_FORMAT_LENGTH, BLOOM_FROM_STORAGE);
	return slice;
}

/*
 * Slices or the whole value?  A slice probe (two TOAST index lookups) was
 * measured here at 2.8 us, and reading a stored filter whole at 0.66 us per
 * kB: one slice probe costs about as much as reading 4 kB whole.  So a call
 * site probes a value through slices until its probes have cost as much as
 * one whole read, then reads it whole once and keeps it (the cached path of
 * bloom_filter_bytes_arg): a point probe of a 124 MB filter reads 116 bytes,
 * and a scan that probes it on every row pays at most twice the whole read
 * (the rent-or-buy bound).
 */
#define BLOOM_SLICE_PROBE_BYTES	UINT64_C(4096)

bool
bloom_stored_probe(FunctionCallInfo fcinfo, int argno, const uint64 *hashes, int hash_count,
				   uint32 value_kind, bool *member)
{
	BloomCallCache *cache = bloom_call_cache(fcinfo);
	struct varlena *raw = (struct varlena *) PG_GETARG_POINTER(argno);
	struct varatt_external pointer;
	struct varlena *stored;
	bytea	   *block;
	uint64		block_index;

	if (!VARATT_IS_EXTERNAL_ONDISK(raw))
		return false;
	VARATT_EXTERNAL_GET_POINTER(pointer, raw);
	/* already read whole for this call site */
	if (cache->filter != NULL && cache->filter_toastrelid == pointer.va_toastrelid &&
		cache->filter_valueid == pointer.va_valueid)
		return false;
	if (cache->slice_toastrelid != pointer.va_toastrelid || cache->slice_valueid != pointer.va_valueid)
	{
		if (!bloom_stored_header(fcinfo, argno, &cache->slice_header, &stored))
			return false;
		cache->slice_toastrelid = pointer.va_toastrelid;
		cache->slice_valueid = pointer.va_valueid;
		cache->slice_probes = 0;
	}
	if (cache->slice_probes * BLOOM_SLICE_PROBE_BYTES >= bf_filter_bytes(cache->slice_header.nblocks))
		return false;
	cache->slice_probes++;

	if (cache->slice_header.n_added == 0)
	{
		*member = false;
		return true;
	}
	bloom_check_value_kind(&cache->slice_header, value_kind);
	*member = false;
	for (int i = 0; i < hash_count && !*member; i++)
	{
		block_index = bf_block_of(hashes[i], cache->slice_header.nblocks);
		block = bloom_stored_slice(raw, BF_HEADER_BYTES + block_index * BF_BLOCK_BYTES, BF_BLOCK_BYTES);
		*member = bf_block_contains_hash(BLOOM_BYTES(block), cache->slice_header.k, hashes[i]);
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

void
bloom_advise_huge_pages(void *buffer, uint64_t bytes)
{
#ifdef MADV_HUGEPAGE
	/*
	 * Only whole 2 MiB pages inside the buffer, from 4 MiB up: a 12 MB
	 * filter that bloom_agg(x, n, p) fills while scanning is already past
	 * the TLB's reach, and measured 1.4x faster built on huge pages.
	 */
	uintptr_t	start = TYPEALIGN(BLOOM_HUGE_PAGE_BYTES, (uintptr_t) buffer);
	uintptr_t	end = TYPEALIGN_DOWN(BLOOM_HUGE_PAGE_BYTES, (uintptr_t) buffer + bytes);

	if (bytes >= 2 * BLOOM_HUGE_PAGE_BYTES && end > start)
		(void) madvise((void *) start, end - start, MADV_HUGEPAGE);
#endif
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
bloom_kind_name(uint32 value_kind)
{
	uint32		element = value_kind & ~BF_KIND_ARRAY_FLAG;
	char	   *name;

	if (element & BF_KIND_BUILTIN_FLAG)
		name = format_type_extended((Oid) (element & ~BF_KIND_BUILTIN_FLAG), -1, FORMAT_TYPE_ALLOW_INVALID);
	else if (element & BF_KIND_RECORD_FLAG)
		name = psprintf("record %07x", element & BF_KIND_FINGERPRINT_MASK);
	else if (element & BF_KIND_NAMED_FLAG)
		name = psprintf("type %07x", element & BF_KIND_FINGERPRINT_MASK);
	else
	{
		switch (element)
		{
			case BF_KIND_NONE:
				return pstrdup("none");
			case BF_KIND_INTEGER:
				name = "integer";
				break;
			case BF_KIND_FLOAT:
				name = "float";
				break;
			case BF_KIND_NUMERIC:
				name = "numeric";
				break;
			case BF_KIND_TEXT:
				name = "text";
				break;
			case BF_KIND_INTERVAL:
				name = "interval";
				break;
			default:
				name = "unknown";
				break;
		}
	}
	return (value_kind & BF_KIND_ARRAY_FLAG) ? psprintf("%s[]", name) : pstrdup(name);
}

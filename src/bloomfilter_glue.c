/*
 * bloomfilter_glue.c - module init and the setting, errors, allocation,
 * argument detoasting, interrupt checks and value-kind names, shared by the
 * SQL-callable functions.  The probe path is bloomfilter_probe.c.
 */
#include "bloomfilter.h"

#include <sys/mman.h>

#include "access/detoast.h"
#include "access/xact.h"
#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "utils/memutils.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"

#include "utils/guc.h"

#include "bf_aggstate.h"

PG_MODULE_MAGIC;

int			bloom_agg_hash_limit = BF_AGG_MAX_HASHES;
bool		bloom_agg_keep_list_memory = true;

void		_PG_init(void);
static void bloom_agg_keep_list_memory_assign(bool newval, void *extra);
static void bloom_xact_callback(XactEvent event, void *arg);

/*
 * bloomfilter.agg_hash_limit is a superuser's setting (GRANT SET ON PARAMETER
 * gives it to others).  Past the limit a group's state is the fixed filter
 * with room for BF_AGG_AUTO_CAPACITY rows (184 MB at p = 0.01).  A low limit
 * would let any user make a GROUP BY hold that much for each group of a few
 * rows, which work_mem cannot stop: a hash aggregate checks its memory only
 * when it creates a group.  At the default, a state past the limit has taken
 * 2^24 rows, so it holds at most 11 bytes a row at p = 0.01 (44 at 1e-6),
 * as the hash list holds 8.
 */
void
_PG_init(void)
{
	DefineCustomIntVariable("bloomfilter.agg_hash_limit",
							"Rows a self-sizing bloom_agg keeps as 8-byte hashes before it switches to a fixed-size filter.",
							"Up to this many rows, bloom_agg(x) and bloom_agg(x, p) build a filter of exactly the right size "
							"at the end; past it they add into a filter with room for 134 million rows and fold it.",
							&bloom_agg_hash_limit,
							BF_AGG_MAX_HASHES, BF_AGG_LEAST_HASH_LIMIT, BF_AGG_MAX_HASHES,
							PGC_SUSET, 0, NULL, NULL, NULL);
	DefineCustomBoolVariable("bloomfilter.agg_keep_list_memory",
							 "Keeps the memory of the longest bloom_agg hash lists for the backend's next aggregates.",
							 "The pages (two mappings of up to 128 MiB) stay with the backend, given back to the kernel to take "
							 "under memory pressure, so that the next aggregate does not fault in fresh memory. "
							 "Off: the memory is unmapped, and each aggregate allocates its own.",
							 &bloom_agg_keep_list_memory,
							 true, PGC_USERSET, 0, NULL, bloom_agg_keep_list_memory_assign, NULL);
	MarkGUCPrefixReserved("bloomfilter");
	RegisterXactCallback(bloom_xact_callback, NULL);
}

void
bloom_check_status(bf_status status, BloomValueSource source)
{
	bool		state = source == BLOOM_STATE_FROM_TEXT || source == BLOOM_STATE_FROM_BINARY;

	bloom_check_status_of(status, source, state ? "bloom_agg_state" : "bloomfilter");
}

void
bloom_check_status_of(bf_status status, BloomValueSource source, const char *type_name)
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
		case BF_ERR_WINDOW:
		case BF_ERR_EXPANSION:
		case BF_ERR_TIGHTENING:
			code = ERRCODE_INVALID_PARAMETER_VALUE;
			break;
		case BF_ERR_TOO_LARGE:
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 strcmp(type_name, "bloomfilter") == 0 ? errmsg("%s", bf_status_message(status)) :
					 errmsg("%s would exceed the maximum size", type_name),
					 strcmp(type_name, "bloomfilter") == 0 ?
					 errdetail("A bloom filter holds at most " UINT64_FORMAT " bits (%d MB).",
							   BF_MAX_BLOCKS * BF_BLOCK_BITS, (int) (bf_filter_bytes(BF_MAX_BLOCKS) / 1000000)) :
					 errdetail("A %s takes at most %d MB, so that its text form fits in one value.",
							   type_name, (int) (bf_filter_bytes(BF_MAX_BLOCKS) / 1000000)),
					 errhint("Use a larger false-positive rate, or split the set over several filters.")));
			return;
		case BF_ERR_FILTER_FULL:
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("%s", bf_status_message(status)),
					 errdetail("Its table and its one-slot stash are full; nothing was added, and the value is unchanged."),
					 errhint("Rebuild it with a larger n: cuckoo_agg(x, n, p) or cuckoo_empty(n, p).")));
			return;
		case BF_ERR_TOO_MANY_COPIES:
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("%s", bf_status_message(status)),
					 errdetail("A cuckoo filter holds at most %d copies of one value (4 slots in each of its 2 buckets).",
							   2 * 4),
					 errhint("Add each value once: cuckoo_agg(DISTINCT x, n, p), or test with @> before adding.")));
			return;
		case BF_ERR_INCOMPATIBLE:
		case BF_ERR_UNION_SIZES:
			if (strcmp(type_name, "bloomfilter") != 0)
				ereport(ERROR,
						(errcode(ERRCODE_DATA_EXCEPTION),
						 errmsg("%s", bf_status_message(status)),
						 errdetail("Filters of type %s unite only when they have the same size and number of hash functions.",
								   type_name),
						 errhint("Build both with the same n and p.")));
			if (status == BF_ERR_INCOMPATIBLE)
				ereport(ERROR,
						(errcode(ERRCODE_DATA_EXCEPTION),
						 errmsg("%s", bf_status_message(status)),
						 errdetail("Filters combine only when they have the same number of hash functions, "
								   "and an intersection only when one's size divides the other's."),
						 errhint("Build both filters with the same n and p, for example with bloom_empty(n, p) or bloom_agg(x, n, p).")));
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
					 errmsg("invalid %s value: %s", type_name, bf_status_message(status))));
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

bytea *
bloom_alloc_placed_filter(uint64_t bytes, bytea **building)
{
	bytea	   *result = bloom_alloc_varlena(bytes + BF_BLOCK_BYTES);

	/* building's first block on a line boundary */
	*building = (bytea *) bloom_place(result, VARHDRSZ + BF_HEADER_BYTES);
	SET_VARSIZE(*building, bytes + VARHDRSZ);
	return result;
}

void
bloom_placed_filter_finish(bytea *result, bytea *building)
{
	uint64_t	bytes = BLOOM_LENGTH(building);

	if (building != result)
		memmove(BLOOM_BYTES(result), BLOOM_BYTES(building), bytes);
	SET_VARSIZE(result, bytes + VARHDRSZ);
}

bytea *
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
/* bloom_alloc_probed's copies from this size up get huge pages: past the second-level TLB's reach */
#define BLOOM_PROBED_HUGE_BYTES	((uint64) 8 * 1024 * 1024)

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

void *
bloom_alloc_probed(MemoryContext context, uint64 bytes, void **allocation)
{
	uintptr_t	base;

	if (bytes + BF_BLOCK_BYTES + BLOOM_HUGE_PAGE_BYTES > MaxAllocHugeSize)
		bloom_check_status(BF_ERR_TOO_LARGE, BLOOM_FROM_STORAGE);
	if (bytes < BLOOM_PROBED_HUGE_BYTES)
	{
		*allocation = MemoryContextAllocHuge(context, bytes + BF_BLOCK_BYTES);
		return *allocation;
	}

	/*
	 * Probes read the copy at random, one line each.  Past the reach of the
	 * second-level TLB (1,536 entries of 4 kB, 6 MiB, on common x86 cores) a
	 * line's 4 kB page is mostly not in it, and costs a page walk first
	 * (nested under a hypervisor).  Starting the copy on a 2 MiB boundary
	 * lets its whole 2 MiB pages be huge pages, one TLB entry each; the tail
	 * past the last of them keeps 4 kB pages, so that no memory is touched
	 * beyond the bytes.  The 2 MiB before the boundary are address space
	 * only.  The advice does not change pages already there, and malloc
	 * often hands out memory it has used before, so those pages are dropped
	 * first: the copy is about to overwrite them, and its writes then fault
	 * in huge pages.
	 */
	*allocation = MemoryContextAllocHuge(context, bytes + BF_BLOCK_BYTES + BLOOM_HUGE_PAGE_BYTES);
	base = TYPEALIGN(BLOOM_HUGE_PAGE_BYTES, (uintptr_t) *allocation);
#ifdef MADV_HUGEPAGE
	if (madvise((void *) base, TYPEALIGN_DOWN(BLOOM_HUGE_PAGE_BYTES, bytes), MADV_HUGEPAGE) == 0)
		(void) madvise((void *) base, TYPEALIGN_DOWN(BLOOM_HUGE_PAGE_BYTES, bytes), MADV_DONTNEED);
#endif
	return (void *) base;
}

/*
 * The backend's list buffers: BLOOM_LIST_BUFFERS mappings, each holding the
 * hash list of one aggregate state (bf_aggstate.h) at a time and kept for
 * the next.  A list in fresh memory has every page faulted in and zeroed by
 * the kernel as it is first written, 8 bytes a row and every query (under a
 * hypervisor, a page the guest has not touched before costs a fault of the
 * host as well).  In a kept buffer the next aggregate writes to pages that
 * are already there.  When its state ends, the pages are given back with
 * MADV_FREE: the kernel takes them only under memory pressure (they then
 * read as zeros), and until then a write reuses them without a fault.  A
 * mapping grows with mremap, which moves pages, not bytes, and never
 * shrinks: each keeps the most its lists have needed, at most 128 MiB
 * (BF_AGG_MAX_HASHES hashes).  bloomfilter.agg_keep_list_memory = off
 * unmaps them and stops their use.
 *
 * Two, because a parallel plan's leader holds two long lists in every
 * query: its own partial state, alive until the plan ends, and the state
 * that combines the workers' lists with it.
 *
 * The state that took a buffer gives it back when its memory context is
 * reset or deleted.  An ERROR can leave that context alive but unused (a SQL
 * function's executor state, kept by a PL/pgSQL expression whose call
 * failed, even across the COMMITs of a DO block), so the end of the
 * transaction gives them back too: by then every query of the transaction
 * has ended, a cursor kept past it having been run to completion.  Not the
 * abort of a subtransaction: a cursor opened before it and fetched in it
 * lives on, its aggregate half done.
 */
#define BLOOM_LIST_BUFFERS 2

struct BloomListBuffer
{
	uint8	   *base;			/* NULL while unmapped */
	uint64		mapped;			/* bytes mapped at base, whole huge pages */
	bool		held;			/* a state's list is in it */
	uint64		taken;			/* when it was last taken (bloom_list_buffer_takes): tells a claim still
								 * held from an old one */
};

static BloomListBuffer bloom_list_buffers[BLOOM_LIST_BUFFERS];
static uint64 bloom_list_buffer_takes;

/* The reset callback of the context of the state that took a buffer, and which taking it was. */
typedef struct BloomListBufferClaim
{
	MemoryContextCallback callback;
	BloomListBuffer *buffer;
	uint64		taken;
} BloomListBufferClaim;

/* Makes buffer's mapping hold at least bytes; false if the memory cannot be had (the mapping is unchanged). */
static bool
bloom_list_buffer_fit(BloomListBuffer *buffer, uint64 bytes)
{
#ifdef MREMAP_MAYMOVE
	uint64		wanted = TYPEALIGN(BLOOM_HUGE_PAGE_BYTES, bytes);
	void	   *moved;

	if (bytes <= buffer->mapped)
		return true;
	if (buffer->base == NULL)
		moved = mmap(NULL, wanted, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	else
		moved = mremap(buffer->base, buffer->mapped, wanted, MREMAP_MAYMOVE);
	if (moved == MAP_FAILED)
		return false;
#ifdef MADV_HUGEPAGE
	(void) madvise(moved, wanted, MADV_HUGEPAGE);
#endif
	buffer->base = moved;
	buffer->mapped = wanted;
	return true;
#else
	return false;				/* no mremap: lists grow with repalloc */
#endif
}

static void
bloom_list_buffer_unmap(BloomListBuffer *buffer)
{
	if (buffer->base != NULL)
		(void) munmap(buffer->base, buffer->mapped);
	buffer->base = NULL;
	buffer->mapped = 0;
}

static void
bloom_list_buffer_reset_callback(void *arg)
{
	BloomListBufferClaim *claim = (BloomListBufferClaim *) arg;

	if (claim->buffer->held && claim->buffer->taken == claim->taken)
		bloom_list_buffer_give_back(claim->buffer);
}

/*
 * The free buffer for a list.  A partial state under a Gather
 * (share_of_rows) holds only its own process's share of the rows: it takes
 * the smallest mapping, and leaves the largest to the state that combines
 * it with the workers' lists.  Any other list takes the largest.  A list
 * longer than its mapping grows it, which faults in fresh pages; so the
 * largest goes to the list likely to be longest, and a backend keeps one
 * large mapping and one the size of a leader's share, not two large ones.
 */
static BloomListBuffer *
bloom_list_buffer_choose(bool share_of_rows)
{
	BloomListBuffer *chosen = NULL;

	for (int i = 0; i < BLOOM_LIST_BUFFERS; i++)
	{
		BloomListBuffer *buffer = &bloom_list_buffers[i];

		if (buffer->held)
			continue;
		if (chosen == NULL || (share_of_rows ? buffer->mapped < chosen->mapped : buffer->mapped > chosen->mapped))
			chosen = buffer;
	}
	return chosen;
}

/*
 * DEBUG2 lines for the tests: the mapping a list took, and any growth.  An
 * elog below ERROR ends with CHECK_FOR_INTERRUPTS, and the caller has yet to
 * store the buffer's new address: a cancel must wait until it has.
 */
static void
bloom_list_buffer_report(const BloomListBuffer *buffer, uint64 mapped_before, bool taken)
{
	HOLD_INTERRUPTS();
	if (taken)
		elog(DEBUG2, "bloom_agg: a hash list takes a list buffer of " UINT64_FORMAT " MiB", mapped_before >> 20);
	if (buffer->mapped != mapped_before)
		elog(DEBUG2, "bloom_agg: a list buffer grows from " UINT64_FORMAT " to " UINT64_FORMAT " MiB",
			 mapped_before >> 20, buffer->mapped >> 20);
	RESUME_INTERRUPTS();
}

void *
bloom_list_buffer_take(MemoryContext owner, uint64 bytes, bool share_of_rows, BloomListBuffer **taken)
{
	BloomListBuffer *buffer;
	BloomListBufferClaim *claim;
	uint64		mapped_before;

	if (!bloom_agg_keep_list_memory)
		return NULL;
	buffer = bloom_list_buffer_choose(share_of_rows);
	if (buffer == NULL)
		return NULL;
	mapped_before = buffer->mapped;
	if (!bloom_list_buffer_fit(buffer, bytes))
		return NULL;
	claim = MemoryContextAlloc(owner, sizeof(BloomListBufferClaim));
	claim->buffer = buffer;
	claim->taken = ++bloom_list_buffer_takes;
	claim->callback.func = bloom_list_buffer_reset_callback;
	claim->callback.arg = claim;
	MemoryContextRegisterResetCallback(owner, &claim->callback);
	buffer->taken = claim->taken;
	buffer->held = true;
	*taken = buffer;
	bloom_list_buffer_report(buffer, mapped_before, true);
	return buffer->base;
}

static void
bloom_xact_callback(XactEvent event, void *arg)
{
	switch (event)
	{
		case XACT_EVENT_COMMIT:
		case XACT_EVENT_PARALLEL_COMMIT:
		case XACT_EVENT_ABORT:
		case XACT_EVENT_PARALLEL_ABORT:
		case XACT_EVENT_PREPARE:
			for (int i = 0; i < BLOOM_LIST_BUFFERS; i++)
				if (bloom_list_buffers[i].held)
					bloom_list_buffer_give_back(&bloom_list_buffers[i]);
			bloom_ship_forget();
			break;
		default:
			break;
	}
}

void *
bloom_list_buffer_resize(BloomListBuffer *buffer, uint64 bytes)
{
	uint64		mapped_before = buffer->mapped;

	Assert(buffer->held);
	if (!bloom_list_buffer_fit(buffer, bytes))
		ereport(ERROR,
				(errcode(ERRCODE_OUT_OF_MEMORY),
				 errmsg("out of memory"),
				 errdetail("Failed on request of size " UINT64_FORMAT " for an aggregate's hash list.", bytes)));
	bloom_list_buffer_report(buffer, mapped_before, false);
	return buffer->base;
}

void
bloom_list_buffer_give_back(BloomListBuffer *buffer)
{
	Assert(buffer->held);
	buffer->held = false;
	if (!bloom_agg_keep_list_memory)
	{
		bloom_list_buffer_unmap(buffer);
		return;
	}
#ifdef MADV_FREE
	(void) madvise(buffer->base, buffer->mapped, MADV_FREE);
#endif
}

/* bloomfilter.agg_keep_list_memory = off: the memory goes back now, but for the buffers states are using. */
static void
bloom_agg_keep_list_memory_assign(bool newval, void *extra)
{
	if (newval)
		return;
	for (int i = 0; i < BLOOM_LIST_BUFFERS; i++)
		if (!bloom_list_buffers[i].held)
			bloom_list_buffer_unmap(&bloom_list_buffers[i]);
}

MemoryContext
bloom_aggregate_context(FunctionCallInfo fcinfo, const char *name)
{
	MemoryContext aggregate_context;

	if (!AggCheckCallContext(fcinfo, &aggregate_context))
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("%s called in a non-aggregate context", name)));
	return aggregate_context;
}

bool
bloom_union_nulls(FunctionCallInfo fcinfo, BloomArgCheck check, Datum *result)
{
	int			present;

	if (!PG_ARGISNULL(0) && !PG_ARGISNULL(1))
		return false;
	present = PG_ARGISNULL(0) ? 1 : 0;
	if (PG_ARGISNULL(present))
	{
		fcinfo->isnull = true;
		*result = (Datum) 0;
		return true;
	}
	check(fcinfo, present);
	*result = PG_GETARG_DATUM(present);
	return true;
}

void
bloom_check_interrupts(void)
{
	CHECK_FOR_INTERRUPTS();
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
	/* a built-in type's OID; one that names no type (a crafted value) is shown as the OID */
	if (name == NULL && (element & BF_KIND_BUILTIN_FLAG))
		name = SearchSysCacheExists1(TYPEOID, ObjectIdGetDatum(element & ~BF_KIND_BUILTIN_FLAG)) ?
			format_type_be((Oid) (element & ~BF_KIND_BUILTIN_FLAG)) :
			psprintf("type with OID %u", element & ~BF_KIND_BUILTIN_FLAG);
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

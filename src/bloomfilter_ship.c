/*
 * bloomfilter_ship.c - a long partial state of a parallel plan goes to the
 * combine function through the query's dynamic shared memory, not the
 * worker's tuple queue.
 *
 * A worker's partial bloom_agg state is a list of 8-byte hashes (or a
 * filter): for 10M rows and 2 workers, 27 MB each.  Through the tuple
 * queue it is flattened into a tuple, copied into a 64 kB ring in turns
 * with the leader (one wake-up of each process per 64 kB), assembled again
 * by the leader and copied once more into the tuple slot, every copy in
 * fresh memory; the leader's own part is copied as often on its way to the
 * combine.  Instead, a worker copies its state once into the query's DSA
 * area (es_query_dsa, which lives until the Gather ends) and passes on a
 * 40-byte reference; the combine reads the state where it is and frees
 * it.  The leader passes on a reference to its own part where it is.
 *
 * The reference is a bloom_agg_state value of its own form: "BLAS", the
 * state version, mode BLOOM_SHIPPED_MODE, then the shipping process, the
 * state's address, where it is, and a random token that the shipped copy
 * repeats (or the leader keeps).  Its length (40) is below a state
 * header's (44), so every reader of states but the combine below refuses
 * it (bf_state_check), and no input function makes one.  It is made only for a plain partial
 * aggregate whose combine function is one of ours, and read only by that
 * combine, in the same query.
 *
 * An area made in place in a parallel query's segment has no handle of its
 * own, so the reference names the area by the process that shipped into it
 * (a parallel worker) and the handle of the parallel query's DSM segment,
 * which the worker was started with.  The combine finds it as the area the
 * same process is running in (es_query_dsa), or as the area of the Gather
 * or Gather Merge under its Agg node whose parallel segment is the one
 * named.
 *
 * The leader's own part (the leader running the plan under its Gather) is
 * combined by the leader, so it is not copied at all: the reference names
 * the state where it is, in the leader's memory (place BLOOM_SHIPPED_LOCAL),
 * and this process keeps the one such state it passed on, with its token,
 * until the combine has read it, the state's memory is reset, or the
 * transaction ends.  A reference that names no state kept here is refused.
 */
#include "bloomfilter.h"

#include <sys/mman.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "access/htup_details.h"
#include "access/parallel.h"
#include "catalog/pg_aggregate.h"
#include "common/pg_prng.h"
#include "executor/execParallel.h"
#include "nodes/execnodes.h"
#include "nodes/nodeFuncs.h"
#include "postmaster/bgworker.h"
#include "storage/dsm_impl.h"
#include "utils/dsa.h"
#include "utils/syscache.h"

#include "bf_aggstate.h"

/* the reference's fields, after the state's magic and version */
#define BLOOM_SHIPPED_MODE			3	/* at BF_STATE_OFF_MODE: no state has it */
#define BLOOM_SHIPPED_OFF_PID		8	/* int32: the process that shipped it */
#define BLOOM_SHIPPED_OFF_POINTER	16	/* uint64: the chunk's dsa_pointer */
#define BLOOM_SHIPPED_OFF_PLACE		24	/* uint64: a worker's parallel segment handle, or BLOOM_SHIPPED_LOCAL */
#define BLOOM_SHIPPED_OFF_TOKEN		32	/* uint64: repeated at the chunk's start */
#define BLOOM_SHIPPED_LOCAL			PG_UINT64_MAX	/* the place of a state left in the leader's memory (no segment handle) */
StaticAssertDecl(BLOOM_SHIPPED_REFERENCE_BYTES < BF_STATE_HEADER_BYTES,
				 "a reference is shorter than any state, so state readers refuse it");

/* the chunk in the area: the token, the length, then the state's varlena */
typedef struct BloomShippedChunk
{
	uint64		token;
	uint64		bytes;
	char		state[FLEXIBLE_ARRAY_MEMBER];
} BloomShippedChunk;

/*
 * Shared memory that this process may still take for a state: free space
 * behind dynamic shared memory, less a reserve.  A segment that cannot be
 * made is an ERROR, not a failed allocation, and the area makes segments
 * larger than the request once it holds many (their size doubles every two
 * segments), while other processes take space too; so a state ships only
 * where four times its size and BLOOM_SHIP_RESERVE_BYTES are free: on
 * /dev/shm (POSIX segments; a container's is often 64 MB, where nothing
 * ships), the data directory's file system (mmap segments) or free memory
 * (System V segments).
 */
#define BLOOM_SHIP_RESERVE_BYTES	((uint64) 1024 * 1024 * 1024)

static bool
bloom_ship_room(uint64 bytes)
{
	struct statvfs fs;
	long		free_pages;
	uint64		free_bytes;

	switch (dynamic_shared_memory_type)
	{
		case DSM_IMPL_POSIX:
		case DSM_IMPL_MMAP:
			if (statvfs(dynamic_shared_memory_type == DSM_IMPL_POSIX ? "/dev/shm" : PG_DYNSHMEM_DIR, &fs) != 0)
				return false;
			free_bytes = (uint64) fs.f_bavail * fs.f_frsize;
			break;
		case DSM_IMPL_SYSV:
			free_pages = sysconf(_SC_AVPHYS_PAGES);
			if (free_pages <= 0)
				return false;
			free_bytes = (uint64) free_pages * (uint64) sysconf(_SC_PAGESIZE);
			break;
		default:
			return false;
	}
	return free_bytes >= BLOOM_SHIP_RESERVE_BYTES && free_bytes / 4 >= bytes;
}

/*
 * Maps (and, for writing, allocates) the pages of [start, start + bytes) in
 * one call rather than one fault per page, where the kernel can (Linux 5.14
 * and later); otherwise the accesses fault them in.
 */
static void
bloom_ship_populate(void *start, uint64 bytes, bool for_writing)
{
#if defined(MADV_POPULATE_READ) && defined(MADV_POPULATE_WRITE)
	uintptr_t	page = (uintptr_t) sysconf(_SC_PAGESIZE);
	uintptr_t	first = (uintptr_t) start / page * page;

	(void) madvise((void *) first, (uintptr_t) start + bytes - first,
				   for_writing ? MADV_POPULATE_WRITE : MADV_POPULATE_READ);
#endif
}

/* Is the combine function of this aggregate one of bloom_agg_state's, which take a reference? */
static bool
bloom_ship_combine_is_ours(Oid aggregate)
{
	HeapTuple	tuple = SearchSysCache1(AGGFNOID, ObjectIdGetDatum(aggregate));
	Oid			combine;
	FmgrInfo	info;

	if (!HeapTupleIsValid(tuple))
		return false;
	combine = ((Form_pg_aggregate) GETSTRUCT(tuple))->aggcombinefn;
	ReleaseSysCache(tuple);
	if (!OidIsValid(combine))
		return false;
	fmgr_info(combine, &info);
	return info.fn_addr == bloom_agg_combine || info.fn_addr == countingbloom_agg_hashes_combine ||
		info.fn_addr == cuckoo_agg_hashes_combine;
}

dsa_area *
bloom_ship_area(FunctionCallInfo fcinfo)
{
	AggState   *aggregate;
	Aggref	   *aggref;

	/*
	 * es_query_dsa: set in a worker, and in the leader while it runs its own
	 * part under a Gather.  A plain aggregate only: it has one state, which
	 * the process held anyway, where a GROUP BY's partial states, shipped
	 * ahead of a leader that sorts them all first, would all wait in shared
	 * memory at once.
	 */
	if (fcinfo->context == NULL || !IsA(fcinfo->context, AggState))
		return NULL;
	aggregate = (AggState *) fcinfo->context;
	if (!DO_AGGSPLIT_SKIPFINAL(aggregate->aggsplit) || aggregate->aggstrategy != AGG_PLAIN ||
		aggregate->ss.ps.state->es_query_dsa == NULL)
		return NULL;
	aggref = AggGetAggref(fcinfo);
	if (aggref == NULL || !bloom_ship_combine_is_ours(aggref->aggfnoid))
		return NULL;
	return aggregate->ss.ps.state->es_query_dsa;
}

/* Where a worker's area is: the handle of its parallel query's segment, which it was started with. */
static uint64
bloom_ship_worker_place(void)
{
	Assert(IsParallelWorker());
	return (uint64) DatumGetUInt32(MyBgworkerEntry->bgw_main_arg);
}

/*
 * The leader's own part passed on in place: the state, its token, and the
 * reset callback of its memory, which forgets it.
 */
typedef struct BloomLocalShipment
{
	const bytea *state;
	uint64		token;
	MemoryContextCallback forget;
} BloomLocalShipment;

static BloomLocalShipment *bloom_ship_local;

static void
bloom_ship_forget_local(void *arg)
{
	if (bloom_ship_local == (BloomLocalShipment *) arg)
		bloom_ship_local = NULL;
}

/*
 * Has this worker shipped a state?  A worker runs one query and exits, and
 * ships one state, so that a query of many aggregates does not fill shared
 * memory; the others take the tuple queue.
 */
static bool bloom_ship_worker_shipped;

/* At the end of a transaction, whose queries have all ended. */
void
bloom_ship_forget(void)
{
	bloom_ship_worker_shipped = false;
	bloom_ship_local = NULL;
}

/* The leader's own part: it stays where it is, and this process keeps it for its combine. */
static void
bloom_ship_keep_local(bytea *state, uint64 bytes, MemoryContext state_context, BloomShipment *shipment)
{
	BloomLocalShipment *local = MemoryContextAllocZero(state_context, sizeof(BloomLocalShipment));

	local->state = state;
	local->token = pg_prng_uint64(&pg_global_prng_state);
	local->forget.func = bloom_ship_forget_local;
	local->forget.arg = local;
	MemoryContextRegisterResetCallback(state_context, &local->forget);
	bloom_ship_local = local;
	SET_VARSIZE(state, bytes);
	shipment->pid = MyProcPid;
	shipment->place = BLOOM_SHIPPED_LOCAL;
	shipment->pointer = (uint64) (uintptr_t) state;
	shipment->token = local->token;
}

bool
bloom_ship_state(dsa_area *area, bytea *state, uint64 bytes, MemoryContext state_context, BloomShipment *shipment,
				 bytea **copy)
{
	dsa_pointer pointer;
	BloomShippedChunk *chunk;

	if (bytes < BLOOM_SHIP_MIN_BYTES)
		return false;
	if (!IsParallelWorker())
	{
		/* one kept at a time, and no shared memory taken: another, not yet combined, stays as it is */
		if (bloom_ship_local != NULL)
			return false;
		bloom_ship_keep_local(state, bytes, state_context, shipment);
		*copy = state;
		return true;
	}
	if (bloom_ship_worker_shipped || !bloom_ship_room(bytes))
		return false;
	pointer = dsa_allocate_extended(area, offsetof(BloomShippedChunk, state) + bytes,
									DSA_ALLOC_HUGE | DSA_ALLOC_NO_OOM);
	if (!DsaPointerIsValid(pointer))
		return false;
	bloom_ship_worker_shipped = true;
	chunk = dsa_get_address(area, pointer);
	bloom_ship_populate(chunk, offsetof(BloomShippedChunk, state) + bytes, true);
	chunk->token = pg_prng_uint64(&pg_global_prng_state);
	chunk->bytes = bytes;
	memcpy(chunk->state, state, bytes);
	SET_VARSIZE(chunk->state, bytes);
	*copy = (bytea *) chunk->state;
	shipment->pid = MyProcPid;
	shipment->place = bloom_ship_worker_place();
	shipment->pointer = (uint64) pointer;
	shipment->token = chunk->token;
	return true;
}

void
bloom_ship_write_reference(const BloomShipment *shipment, bytea *result)
{
	uint8	   *reference = BLOOM_BYTES(result);

	SET_VARSIZE(result, VARHDRSZ + BLOOM_SHIPPED_REFERENCE_BYTES);
	memset(reference, 0, BLOOM_SHIPPED_REFERENCE_BYTES);
	memcpy(reference, BF_STATE_MAGIC_BYTES, 4);
	reference[BF_STATE_OFF_VERSION] = BF_STATE_VERSION;
	reference[BF_STATE_OFF_MODE] = BLOOM_SHIPPED_MODE;
	bf_store_u32(reference + BLOOM_SHIPPED_OFF_PID, (uint32) shipment->pid);
	bf_store_u64(reference + BLOOM_SHIPPED_OFF_POINTER, shipment->pointer);
	bf_store_u64(reference + BLOOM_SHIPPED_OFF_PLACE, shipment->place);
	bf_store_u64(reference + BLOOM_SHIPPED_OFF_TOKEN, shipment->token);
}

/* The worker's segment a reference names, and the area found for it. */
typedef struct BloomAreaSearch
{
	uint64		place;
	dsa_area   *found;
} BloomAreaSearch;

/* Finds the area of the Gather or Gather Merge in this plan subtree whose parallel segment is the one sought. */
static bool
bloom_ship_find_area(PlanState *node, void *context)
{
	BloomAreaSearch *search = (BloomAreaSearch *) context;
	struct ParallelExecutorInfo *parallel = NULL;

	check_stack_depth();
	if (node == NULL)
		return false;
	if (IsA(node, GatherState))
		parallel = ((GatherState *) node)->pei;
	else if (IsA(node, GatherMergeState))
		parallel = ((GatherMergeState *) node)->pei;
	if (parallel != NULL && parallel->area != NULL && parallel->pcxt->seg != NULL &&
		(uint64) dsm_segment_handle(parallel->pcxt->seg) == search->place)
	{
		search->found = parallel->area;
		return true;
	}
	return planstate_tree_walker(node, bloom_ship_find_area, context);
}

static void
bloom_ship_refuse(void)
{
	ereport(ERROR,
			(errcode(ERRCODE_DATA_EXCEPTION),
			 errmsg("bloom_agg_state value is a reference to a partial state outside the parallel query that made it")));
}

/* The leader's own part, if the reference names the one this process keeps. */
static const bytea *
bloom_ship_receive_local(const uint8 *reference)
{
	if (bloom_ship_local == NULL ||
		bf_load_u64(reference + BLOOM_SHIPPED_OFF_POINTER) != (uint64) (uintptr_t) bloom_ship_local->state ||
		bf_load_u64(reference + BLOOM_SHIPPED_OFF_TOKEN) != bloom_ship_local->token)
		bloom_ship_refuse();
	elog(DEBUG2, "bloom_agg: a partial state of %u bytes passed on in the leader's memory",
		 (unsigned) VARSIZE(bloom_ship_local->state));
	return bloom_ship_local->state;
}

bool
bloom_ship_receive(FunctionCallInfo fcinfo, int argno, BloomReceipt *receipt)
{
	Pointer		value;
	const uint8 *bytes;
	bool		shipped_here;
	AggState   *aggregate;
	dsa_area   *running;
	BloomAreaSearch search;
	BloomShippedChunk *chunk;
	dsa_pointer pointer;

	if (PG_ARGISNULL(argno))
		return false;
	/*
	 * Read in place, never detoasted: an expanded object (a state passed on
	 * in memory) or a compressed or out-of-line value is no reference, and
	 * flattening a long state only to look at its header would copy it
	 * whole.
	 */
	value = DatumGetPointer(PG_GETARG_DATUM(argno));
	if (VARATT_IS_EXTERNAL(value) || VARATT_IS_COMPRESSED(value) ||
		VARSIZE_ANY_EXHDR(value) != BLOOM_SHIPPED_REFERENCE_BYTES)
		return false;
	bytes = (const uint8 *) VARDATA_ANY(value);
	if (memcmp(bytes, BF_STATE_MAGIC_BYTES, 4) != 0 || bytes[BF_STATE_OFF_MODE] != BLOOM_SHIPPED_MODE)
		return false;
	shipped_here = (int32) bf_load_u32(bytes + BLOOM_SHIPPED_OFF_PID) == MyProcPid;

	/* a combine of an Agg node, in the process that shipped it or the leader above its Gather */
	if (fcinfo->context == NULL || !IsA(fcinfo->context, AggState))
		bloom_ship_refuse();
	aggregate = (AggState *) fcinfo->context;
	if (!DO_AGGSPLIT_COMBINE(aggregate->aggsplit))
		bloom_ship_refuse();
	search.place = bf_load_u64(bytes + BLOOM_SHIPPED_OFF_PLACE);
	if (shipped_here && search.place == BLOOM_SHIPPED_LOCAL)
	{
		receipt->area = NULL;
		receipt->pointer = InvalidDsaPointer;
		fcinfo->args[argno].value = PointerGetDatum(bloom_ship_receive_local(bytes));
		return true;
	}
	search.found = NULL;
	running = aggregate->ss.ps.state->es_query_dsa;
	if (shipped_here && IsParallelWorker() && running != NULL && bloom_ship_worker_place() == search.place)
		search.found = running;
	else if (!bloom_ship_find_area(outerPlanState(aggregate), &search))
		bloom_ship_refuse();

	pointer = (dsa_pointer) bf_load_u64(bytes + BLOOM_SHIPPED_OFF_POINTER);
	chunk = dsa_get_address(search.found, pointer);
	if (chunk->token != bf_load_u64(bytes + BLOOM_SHIPPED_OFF_TOKEN) || chunk->bytes < VARHDRSZ ||
		VARSIZE(chunk->state) != chunk->bytes)
		bloom_ship_refuse();
	bloom_ship_populate(chunk->state, chunk->bytes, false);
	elog(DEBUG2, "bloom_agg: a partial state of " UINT64_FORMAT " bytes read from shared memory", chunk->bytes);
	receipt->area = search.found;
	receipt->pointer = pointer;
	fcinfo->args[argno].value = PointerGetDatum(chunk->state);
	return true;
}

void
bloom_ship_release(BloomReceipt *receipt)
{
	BloomShippedChunk *chunk;

	/* the leader's own part is read once: a second reference to it is refused */
	if (receipt->area == NULL)
	{
		bloom_ship_local = NULL;
		return;
	}
	chunk = dsa_get_address(receipt->area, receipt->pointer);
	/* a stale reference to it, were there one, would then not match its token */
	chunk->token = 0;
	dsa_free(receipt->area, receipt->pointer);
}

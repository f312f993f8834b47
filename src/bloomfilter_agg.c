/*
 * bloomfilter_agg.c - bloom_agg: transition, combine and final functions.
 *
 * The state (bloom_agg_state, see bf_aggstate.h) is a flat varlena, so it
 * can be shipped between processes and servers.  In memory it is kept as an
 * expanded object (utils/expandeddatum.h) owning one flat buffer in its own
 * memory context, a child of the aggregate's context.  The executor does not
 * copy a read-write expanded object that lives there, so the transition and
 * combine functions update the state in place, and when it must grow (more
 * hash slots, or the switch to a filter) they swap the buffer behind the
 * same Datum: no per-row copies, and no copy of a large state when it grows.
 * A flat state that arrives from elsewhere (a parallel worker's partial
 * state, a window aggregate's copy) is updated in place while it has room,
 * and moved into an expanded object when it must grow.  The final function
 * only reads the state: with window functions it may run more than once.
 */
#include "bloomfilter.h"

#include "access/htup_details.h"
#include "catalog/pg_aggregate.h"
#include "catalog/pg_type.h"
#include "executor/executor.h"
#include "nodes/nodeFuncs.h"
#include "nodes/pg_list.h"
#include "nodes/primnodes.h"
#include "optimizer/optimizer.h"
#include "utils/expandeddatum.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/syscache.h"

#include "bf_aggstate.h"

/* What a flattening of the state saw: a later one of the same bytes gives the same answer. */
typedef struct BloomShipKey
{
	const bytea *flat;
	uint64		rows;
	uint8		mode;
} BloomShipKey;

typedef struct BloomAggState
{
	ExpandedObjectHeader header;
	bytea	   *flat;			/* in header.eoh_context, or in list_buffer */
	void	   *flat_allocation;	/* the chunk holding flat, to free: flat, or before it when placed;
									 * NULL when flat is in list_buffer */
	BloomListBuffer *list_buffer;	/* the backend's list buffer holding flat, or NULL */
	struct dsa_area *ship_area; /* a partial state under a Gather: the area it ships through (bloom_ship_area) */
	BloomShipKey shipped_as;	/* which flat bytes the last flattening looked at, */
	bool		shipped;		/* and whether it shipped them (into shipment) */
	BloomShipment shipment;
} BloomAggState;

/*
 * A hash list from this size up is kept in one of the backend's list
 * buffers (bloom_list_buffer_take), when one is free: a list this long
 * is one that goes on growing, and from here its pages are reused.
 */
#define BLOOM_LIST_BUFFER_MIN_BYTES	((uint64) 2 * 1024 * 1024)

/*
 * A state up to this size is a plain value in the aggregate's memory: a
 * GROUP BY of many small groups then costs one small allocation per group.
 * An expanded object brings a memory context of its own, and the hash
 * aggregate walks every context after each new group to check its memory
 * use: with a context per group that walk grows with the groups, and the
 * query with their square.  Only states past this size (a group of more
 * than about a thousand rows) become expanded objects.  Every byte of a
 * state is allocated in the aggregate's memory contexts, where the hash
 * aggregate counts it against work_mem.
 */
#define BLOOM_FLAT_STATE_MAX_BYTES	8192

/* the core sizes hash lists with the varlena header counted in (bf_aggstate.h) */
StaticAssertDecl(BF_STATE_VARLENA_HEADER_BYTES == VARHDRSZ, "a state's varlena header is 4 bytes");

/* The bytes of a state that carry it: a hash list's header and its rows' hashes; all of a filter. */
static uint64
bloom_state_used_bytes(const bytea *flat, const bf_state_header *header)
{
	if (header->mode == BF_STATE_MODE_HASHES)
		return Min(VARSIZE(flat), VARHDRSZ + BF_STATE_HEADER_BYTES + 8 * header->rows);
	return VARSIZE(flat);
}

/*
 * Does this flattening of the state ship it to the combine through shared
 * memory (bloomfilter_ship.c)?  Decided once for the bytes as they are,
 * since the size given before the flattening must be the size it writes:
 * a partial state under a Gather, long enough, and, in a worker, room in
 * shared memory.
 * A hash list ships as a state of exactly its rows (capacity = rows).
 */
static bool
bloom_agg_state_ships(BloomAggState *object)
{
	bf_state_header header;
	BloomShipKey key;
	bytea	   *copy;

	if (object->ship_area == NULL)
		return false;
	bf_state_read_header(BLOOM_BYTES(object->flat), &header);
	memset(&key, 0, sizeof(key));
	key.flat = object->flat;
	key.rows = header.rows;
	key.mode = header.mode;
	if (memcmp(&key, &object->shipped_as, sizeof(key)) == 0)
		return object->shipped;
	object->shipped_as = key;
	object->shipped = bloom_ship_state(object->ship_area, object->flat, bloom_state_used_bytes(object->flat, &header),
									   object->header.eoh_context, &object->shipment, &copy);
	if (object->shipped && header.mode == BF_STATE_MODE_HASHES)
	{
		header.hash_capacity = (uint32) header.rows;
		bf_state_write_header(BLOOM_BYTES(copy), &header);
	}
	return object->shipped;
}

static Size
bloom_agg_state_flat_size(ExpandedObjectHeader *eoh)
{
	BloomAggState *object = (BloomAggState *) eoh;

	if (bloom_agg_state_ships(object))
		return VARHDRSZ + BLOOM_SHIPPED_REFERENCE_BYTES;
	return VARSIZE(object->flat);
}

/*
 * A hash list's unused slots are never written while it grows (that would
 * fault in its pages early): they leave the object as zeros, never as
 * whatever memory held before.
 */
static void
bloom_agg_state_flatten(ExpandedObjectHeader *eoh, void *result, Size allocated_size)
{
	BloomAggState *object = (BloomAggState *) eoh;
	bytea	   *flat = object->flat;
	bf_state_header header;
	Size		used;

	if (bloom_agg_state_ships(object))
	{
		Assert(allocated_size == VARHDRSZ + BLOOM_SHIPPED_REFERENCE_BYTES);
		bloom_ship_write_reference(&object->shipment, (bytea *) result);
		return;
	}
	bf_state_read_header(BLOOM_BYTES(flat), &header);
	used = Min(allocated_size, bloom_state_used_bytes(flat, &header));
	memcpy(result, flat, used);
	memset((char *) result + used, 0, allocated_size - used);
}

static const ExpandedObjectMethods bloom_agg_state_methods = {
	bloom_agg_state_flat_size,
	bloom_agg_state_flatten
};

/*
 * A state being updated: its flat bytes, and the expanded object owning
 * them, if any.  new_allocation and new_list_buffer: where the buffer
 * that bloom_state_new_buffer or bloom_state_list_buffer made last is, for
 * bloom_state_replace (the chunk holding it, or the list buffer).
 */
typedef struct BloomStateRef
{
	MemoryContext aggregate_context;
	BloomAggState *object;
	bytea	   *flat;
	void	   *new_allocation;
	BloomListBuffer *new_list_buffer;
	bool		list_buffer_allowed;	/* bloom_agg_memory_unchecked */
	FunctionCallInfo fcinfo;	/* the call, for a new object's bloom_ship_area (NULL: none) */
} BloomStateRef;

/*
 * May this call's state use the backend's list buffer?  Only where no one
 * counts the aggregate's memory: a hash aggregate checks what its memory
 * contexts hold against work_mem, and the list buffer is not in them.  A
 * plain or sorted aggregate's memory is not checked.
 */
static bool
bloom_agg_memory_unchecked(FunctionCallInfo fcinfo)
{
	AggStrategy strategy;

	if (fcinfo->context == NULL || !IsA(fcinfo->context, AggState))
		return false;
	strategy = ((AggState *) fcinfo->context)->aggstrategy;
	return strategy == AGG_PLAIN || strategy == AGG_SORTED;
}

static BloomAggState *
bloom_state_object(Datum datum, bool read_write)
{
	Pointer		pointer = DatumGetPointer(datum);

	if (read_write ? VARATT_IS_EXTERNAL_EXPANDED_RW(pointer) : VARATT_IS_EXTERNAL_EXPANDED(pointer))
	{
		/* DatumGetEOHP, inline: this runs once per row */
		varatt_expanded expanded;

		memcpy(&expanded, VARDATA_EXTERNAL(pointer), sizeof(expanded));
		if (expanded.eohptr->eoh_methods == &bloom_agg_state_methods)
			return (BloomAggState *) expanded.eohptr;
	}
	return NULL;
}

/* The bytes of a state of ours that can be updated where they are: an expanded object's, or a plain value's. */
static pg_attribute_always_inline uint8_t *
bloom_state_bytes_in_place(Datum datum)
{
	BloomAggState *object = bloom_state_object(datum, true);

	if (object != NULL)
		return BLOOM_BYTES(object->flat);
	if (!VARATT_IS_EXTENDED(DatumGetPointer(datum)))
		return (uint8_t *) VARDATA(DatumGetPointer(datum));
	return NULL;
}

/* The flat bytes of state argument argno, for reading. */
static bytea *
bloom_state_arg(FunctionCallInfo fcinfo, int argno)
{
	BloomAggState *object = bloom_state_object(PG_GETARG_DATUM(argno), false);

	return object ? object->flat : (bytea *) PG_DETOAST_DATUM(PG_GETARG_DATUM(argno));
}

/* State argument argno, to be updated in place: inside an aggregate it is ours. */
static BloomStateRef
bloom_state_ref(FunctionCallInfo fcinfo, int argno, MemoryContext aggregate_context)
{
	BloomStateRef ref;

	ref.aggregate_context = aggregate_context;
	ref.object = bloom_state_object(PG_GETARG_DATUM(argno), true);
	ref.flat = ref.object ? ref.object->flat : (bytea *) PG_DETOAST_DATUM(PG_GETARG_DATUM(argno));
	ref.new_allocation = NULL;
	ref.new_list_buffer = NULL;
	ref.list_buffer_allowed = bloom_agg_memory_unchecked(fcinfo);
	ref.fcinfo = fcinfo;
	return ref;
}

static Datum
bloom_state_datum(BloomStateRef ref)
{
	return ref.object ? EOHPGetRWDatum(&ref.object->header) : PointerGetDatum(ref.flat);
}

/* Gives the state an expanded object, under the aggregate context, if it has none. */
static void
bloom_state_ensure_object(BloomStateRef *ref)
{
	MemoryContext context;

	if (ref->object != NULL)
		return;
	context = AllocSetContextCreate(ref->aggregate_context, "bloom_agg state", ALLOCSET_SMALL_SIZES);
	ref->object = MemoryContextAllocZero(context, sizeof(BloomAggState));
	EOH_init_header(&ref->object->header, &bloom_agg_state_methods, context);
	ref->object->ship_area = ref->fcinfo != NULL ? bloom_ship_area(ref->fcinfo) : NULL;
}

/*
 * A new, uninitialized buffer of `bytes` for the state.  A small state
 * without an expanded object stays a plain value: the buffer is made in the
 * call's memory, and the executor copies the value returned into the
 * aggregate's memory (and frees the old one).  Otherwise the buffer belongs
 * to the state's expanded object, made now, under the aggregate context, if
 * the state has none.  Fill it from the old one, then call
 * bloom_state_replace().
 *
 * filter_mode: the buffer is for a state in mode filter, whose blocks are
 * then placed on cache line boundaries.  A transition adds each row to one
 * 64-byte block of a filter larger than the caches, prefetched rows ahead;
 * a block across two lines costs two loads and two stores of split lines,
 * and its second line is not the one prefetched.  A large palloc chunk is
 * a malloc mapping of its own and starts 72 bytes past a page (malloc's
 * and palloc's headers), so without placement every block of such a state
 * straddles two lines.
 */
static bytea *
bloom_state_new_buffer(BloomStateRef *ref, uint64 bytes, bool filter_mode)
{
	uint64		placement = filter_mode ? BF_BLOCK_BYTES : 0;
	void	   *allocation;
	bytea	   *buffer;

	if (ref->object == NULL && bytes + VARHDRSZ <= BLOOM_FLAT_STATE_MAX_BYTES)
		return bloom_alloc_varlena(bytes);
	bloom_state_ensure_object(ref);
	if (bytes + VARHDRSZ + placement > MaxAllocHugeSize)
		bloom_check_status(BF_ERR_TOO_LARGE, BLOOM_FROM_STORAGE);
	allocation = MemoryContextAllocHuge(ref->object->header.eoh_context, bytes + VARHDRSZ + placement);
	buffer = (bytea *) (filter_mode ?
						bloom_place(allocation, VARHDRSZ + BF_STATE_FILTER_OFFSET + BF_HEADER_BYTES) :
						allocation);
	SET_VARSIZE(buffer, bytes + VARHDRSZ);
	bloom_advise_huge_pages(allocation, bytes + VARHDRSZ + placement);
	ref->new_allocation = allocation;
	ref->new_list_buffer = NULL;
	return buffer;
}

/*
 * The same for a hash list, in one of the backend's list buffers; NULL
 * where the state may not use them (ref->list_buffer_allowed), if the list
 * is shorter than BLOOM_LIST_BUFFER_MIN_BYTES, or if none is free.
 */
static bytea *
bloom_state_list_buffer(BloomStateRef *ref, uint64 bytes)
{
	bytea	   *buffer;

	if (!ref->list_buffer_allowed || bytes + VARHDRSZ < BLOOM_LIST_BUFFER_MIN_BYTES)
		return NULL;
	bloom_state_ensure_object(ref);
	buffer = bloom_list_buffer_take(ref->object->header.eoh_context, bytes + VARHDRSZ,
								   ref->object->ship_area != NULL, &ref->new_list_buffer);
	if (buffer != NULL)
	{
		SET_VARSIZE(buffer, bytes + VARHDRSZ);
		ref->new_allocation = NULL;
	}
	return buffer;
}

/* Makes buffer (from bloom_state_new_buffer or _list_buffer) the state's bytes, freeing the old ones if the object owned them. */
static void
bloom_state_replace(BloomStateRef *ref, bytea *buffer)
{
	if (ref->object != NULL && ref->flat != NULL && ref->object->flat == ref->flat)
	{
		if (ref->object->list_buffer != NULL)
			bloom_list_buffer_give_back(ref->object->list_buffer);
		else
			pfree(ref->object->flat_allocation);
	}
	if (ref->object != NULL)
	{
		ref->object->flat = buffer;
		ref->object->flat_allocation = ref->new_allocation;
		ref->object->list_buffer = ref->new_list_buffer;
	}
	ref->flat = buffer;
}

/* A new state for the arguments of the first row. */
static BloomStateRef
bloom_state_create(FunctionCallInfo fcinfo, MemoryContext aggregate_context, bool fixed, int64 n, double p)
{
	BloomStateRef ref = {aggregate_context, NULL, NULL, NULL, NULL, bloom_agg_memory_unchecked(fcinfo), fcinfo};
	uint64_t	nblocks;
	int			k;
	bytea	   *buffer;

	if (fixed)
	{
		bloom_check_status(bf_plan(n, p, &nblocks, &k), BLOOM_FROM_STORAGE);
		buffer = bloom_state_new_buffer(&ref, bf_state_bytes_filter(nblocks), true);
		bf_state_init_filter(BLOOM_BYTES(buffer), nblocks, k, BF_STATE_SIZING_FIXED, p, (uint64_t) n);
	}
	else
	{
		/* never more slots than the limit: the list switches to a filter past it */
		uint32		capacity = Min(BF_AGG_INITIAL_HASHES, (uint32) bloom_agg_hash_limit);

		/* checks p now, not after the scan */
		bloom_check_status(bf_plan(0, p, &nblocks, &k), BLOOM_FROM_STORAGE);
		buffer = bloom_state_new_buffer(&ref, bf_state_bytes_hashes(capacity), false);
		bf_state_init_hashes(BLOOM_BYTES(buffer), capacity, p);
	}
	bloom_state_replace(&ref, buffer);
	return ref;
}

/*
 * A new fixed-size state in the shape of a filter (its blocks, k, design n
 * and p), so that the result combines with that filter by a plain OR.
 */
static BloomStateRef
bloom_state_create_shaped(FunctionCallInfo fcinfo, MemoryContext aggregate_context, const bf_header *shape)
{
	BloomStateRef ref = {aggregate_context, NULL, NULL, NULL, NULL, false, fcinfo};
	bytea	   *buffer;

	if (!(shape->design_p >= BF_MIN_P))
		bloom_check_status(BF_ERR_P_TOO_SMALL, BLOOM_FROM_STORAGE);
	buffer = bloom_state_new_buffer(&ref, bf_state_bytes_filter(shape->nblocks), true);
	bf_state_init_filter(BLOOM_BYTES(buffer), shape->nblocks, shape->k, BF_STATE_SIZING_FIXED,
							shape->design_p, shape->design_n);
	bloom_state_replace(&ref, buffer);
	return ref;
}

/*
 * A private copy of a flat state (checked), for a combine function to keep:
 * a long hash list in a list buffer where the call may use one, as the
 * lists of the states combined into it will make it longer.
 */
static BloomStateRef
bloom_state_copy(FunctionCallInfo fcinfo, MemoryContext aggregate_context, bytea *flat)
{
	BloomStateRef ref = {aggregate_context, NULL, NULL, NULL, NULL, bloom_agg_memory_unchecked(fcinfo), fcinfo};
	bool		filter_mode = BLOOM_BYTES(flat)[BF_STATE_OFF_MODE] == BF_STATE_MODE_FILTER;
	bytea	   *buffer = NULL;

	if (!filter_mode)
		buffer = bloom_state_list_buffer(&ref, BLOOM_LENGTH(flat));
	if (buffer == NULL)
		buffer = bloom_state_new_buffer(&ref, BLOOM_LENGTH(flat), filter_mode);

	memcpy(BLOOM_BYTES(buffer), BLOOM_BYTES(flat), BLOOM_LENGTH(flat));
	bloom_state_replace(&ref, buffer);
	return ref;
}

/*
 * Mode hashes, with room for `capacity` hashes: the same rows, more slots.
 * A list in the list buffer grows where it is; other lists move into it
 * once long enough, while no other state holds it.  Otherwise the object's
 * own buffer grows in place, and a plain value is copied once into a new
 * one.
 */
static void
bloom_state_grow_hashes(BloomStateRef *ref, uint32 capacity)
{
	bf_state_header header;
	uint64		bytes = bf_state_bytes_hashes(capacity);
	bool		owned = ref->object != NULL && ref->object->flat == ref->flat;
	bytea	   *grown = NULL;

	bf_state_read_header(BLOOM_BYTES(ref->flat), &header);
	if (owned && ref->object->list_buffer != NULL)
	{
		/* the buffer may move (its pages do, not its bytes) */
		grown = bloom_list_buffer_resize(ref->object->list_buffer, bytes + VARHDRSZ);
		SET_VARSIZE(grown, bytes + VARHDRSZ);
		ref->object->flat = grown;
		ref->flat = grown;
	}
	else
	{
		grown = bloom_state_list_buffer(ref, bytes);
		/* a hash list's buffer is never placed: it is its own chunk */
		if (grown == NULL && owned && ref->object->flat_allocation == ref->flat)
		{
			/* glibc moves a large block's pages (mremap) rather than copy them */
			grown = (bytea *) repalloc_huge(ref->flat, bytes + VARHDRSZ);
			SET_VARSIZE(grown, bytes + VARHDRSZ);
			bloom_advise_huge_pages(grown, bytes + VARHDRSZ);
			ref->object->flat = grown;
			ref->object->flat_allocation = grown;
			ref->flat = grown;
		}
		else
		{
			if (grown == NULL)
				grown = bloom_state_new_buffer(ref, bytes, false);
			memcpy(BLOOM_BYTES(grown), BLOOM_BYTES(ref->flat), BF_STATE_HEADER_BYTES + 8 * header.rows);
			bloom_state_replace(ref, grown);
		}
	}
	/* a plain value goes out as it is: its unused slots are zeros, not old memory */
	if (ref->object == NULL)
		memset(bf_state_hashes(BLOOM_BYTES(grown)) + 8 * header.rows, 0, 8 * ((uint64) capacity - header.rows));
	header.hash_capacity = capacity;
	bf_state_write_header(BLOOM_BYTES(ref->flat), &header);
}

/* Mode filter (auto-sized, foldable), holding every hash of a mode-hashes state. */
static void
bloom_state_to_filter(BloomStateRef *ref)
{
	bf_state_header header;
	uint64_t	nblocks;
	int			k;
	bytea	   *filter_state;

	bf_state_read_header(BLOOM_BYTES(ref->flat), &header);
	bloom_check_status(bf_state_auto_blocks(header.p, &nblocks, &k), BLOOM_FROM_STORAGE);
	filter_state = bloom_state_new_buffer(ref, bf_state_bytes_filter(nblocks), true);
	bf_state_init_filter(BLOOM_BYTES(filter_state), nblocks, k, BF_STATE_SIZING_AUTO, header.p, 0);
	bloom_add_hashes_interruptible(bf_state_filter(BLOOM_BYTES(filter_state)),
								   bf_state_hashes(BLOOM_BYTES(ref->flat)), header.rows);
	bf_state_set_counts(BLOOM_BYTES(filter_state), header.value_kind, header.rows);
	bloom_state_replace(ref, filter_state);
}

/*
 * Makes room for `more` hashes in a mode-hashes state: doubles the slots, or
 * past bloomfilter.agg_hash_limit switches to a filter.
 */
static void
bloom_state_reserve(BloomStateRef *ref, uint64 more)
{
	bf_state_header header;
	uint32		capacity = 0;

	bf_state_read_header(BLOOM_BYTES(ref->flat), &header);
	switch (bf_state_reserve_plan(&header, more, (uint64) bloom_agg_hash_limit, &capacity))
	{
		case BF_RESERVE_FITS:
			break;
		case BF_RESERVE_GROW:
			bloom_state_grow_hashes(ref, capacity);
			break;
		case BF_RESERVE_SWITCH:
			bloom_state_to_filter(ref);
			break;
	}
}

/*
 * Adds argument 1 of a transition call to the state.  A shape, if given, is
 * a filter whose kind the value must have.
 */
static Datum
bloom_agg_add_row(FunctionCallInfo fcinfo, BloomStateRef state, const bf_header *shape)
{
	uint8_t    *bytes;
	uint32		value_kind;
	uint32		kind;
	uint64		hash;

	if (PG_ARGISNULL(1))
		return bloom_state_datum(state);

	hash = bloom_hash_arg(fcinfo, 1, &value_kind);
	if (shape != NULL)
		bloom_check_value_kind(shape, value_kind);
	bytes = BLOOM_BYTES(state.flat);
	/* mode hashes and full: header fields at offsets 6, 12 and 24 (bf_aggstate.h) */
	if (bytes[BF_STATE_OFF_MODE] == BF_STATE_MODE_HASHES && bf_load_u64(bytes + BF_STATE_OFF_ROWS) == bf_load_u32(bytes + BF_STATE_OFF_CAPACITY))
	{
		bloom_state_reserve(&state, 1);
		bytes = BLOOM_BYTES(state.flat);
	}
	bloom_check_status(bf_combine_kinds(bf_load_u32(bytes + BF_STATE_OFF_VALUE_KIND), value_kind, &kind), BLOOM_FROM_STORAGE);
	bf_state_add(bytes, hash, kind);
	return bloom_state_datum(state);
}

/*
 * Sizing arguments: the same on every row.
 *
 * The state is made for the sizing arguments of the first row.  Were later
 * rows allowed others, a serial plan would size the filter by whichever row
 * came first, and a parallel plan each worker's part by its own first row,
 * parts that then do not combine: the answer would depend on the plan.  So
 * every row's arguments are compared with those the state keeps (p and the
 * design n; a shape's blocks, k, design n and p), in every plan, and a
 * difference is an ERROR.  Constants, parameters and PL/pgSQL variables are
 * the same on every row by construction; the compare costs two loads.
 */

/* Does this row of bloom_agg_trans(state, value [, [n,] p]) give the state's sizing arguments? */
static pg_attribute_always_inline bool
bloom_agg_sizing_unchanged(FunctionCallInfo fcinfo, const uint8_t *state)
{
	int			p_argno = PG_NARGS() - 1;
	double		p;
	uint64		p_bits;

	if (PG_NARGS() < 3)
		return true;
	if (PG_ARGISNULL(p_argno) || (PG_NARGS() == 4 && PG_ARGISNULL(2)))
		return false;
	/* p is kept as given: its bits compare */
	p = PG_GETARG_FLOAT8(p_argno);
	memcpy(&p_bits, &p, sizeof(p_bits));
	return p_bits == bf_load_u64(state + BF_STATE_OFF_P) &&
		(PG_NARGS() < 4 || (uint64) PG_GETARG_INT64(2) == bf_load_u64(state + BF_STATE_OFF_DESIGN_N));
}

/*
 * The aggregate a transition or combine call works for, for messages:
 * bloom_agg's transition and combine also serve countingbloom_agg(x) and
 * cuckoo_agg(x).  A state shared by several aggregates is named after the
 * first; in a window PostgreSQL gives no Aggref, and the name is bloom_agg.
 */
static const char *
bloom_agg_name(FunctionCallInfo fcinfo)
{
	Aggref	   *aggref = AggGetAggref(fcinfo);
	char	   *name = aggref != NULL ? get_func_name(aggref->aggfnoid) : NULL;

	return name != NULL ? name : "bloom_agg";
}

/* aggregate: the caller's name for messages, or NULL for bloom_agg_name's */
static void
bloom_agg_check_sizing_not_null(FunctionCallInfo fcinfo, const char *aggregate)
{
	if ((PG_NARGS() >= 3 && PG_ARGISNULL(PG_NARGS() - 1)) || (PG_NARGS() == 4 && PG_ARGISNULL(2)))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("%s sizing arguments must not be null", aggregate ? aggregate : bloom_agg_name(fcinfo))));
}

/* The ERROR for a row whose sizing arguments are not the state's. */
static pg_noinline void
bloom_agg_sizing_error(FunctionCallInfo fcinfo, const uint8_t *state, const char *aggregate)
{
	double		first_p = bf_load_f64(state + BF_STATE_OFF_P);

	if (aggregate == NULL)
		aggregate = bloom_agg_name(fcinfo);
	bloom_agg_check_sizing_not_null(fcinfo, aggregate);
	if (PG_NARGS() == 4)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s sizing arguments must be the same for every row", aggregate),
				 errdetail("The aggregate began with n = " UINT64_FORMAT " and p = %g; this row gives n = " INT64_FORMAT " and p = %g.",
						   bf_load_u64(state + BF_STATE_OFF_DESIGN_N), first_p,
						   PG_GETARG_INT64(2), PG_GETARG_FLOAT8(3))));
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("%s sizing arguments must be the same for every row", aggregate),
			 errdetail("The aggregate began with p = %g; this row gives p = %g.",
					   first_p, PG_GETARG_FLOAT8(PG_NARGS() - 1))));
}

/*
 * bloom_agg_trans(state, value [, [n,] p]).  The sizing arguments are read
 * on the first row and must not change; p defaults to BLOOM_DEFAULT_P.
 * bloom_agg_trans_row does the work for it and for the transitions built on
 * it (bloom_agg_trans_hash_list): function and aggregate name the caller in
 * messages (aggregate NULL: bloom_agg_name's).
 */
static pg_noinline Datum bloom_agg_trans_slow(FunctionCallInfo fcinfo, const char *function, const char *aggregate);

static pg_attribute_always_inline Datum
bloom_agg_trans_row(FunctionCallInfo fcinfo, const char *function, const char *aggregate)
{
	BloomCallCache *cache = bloom_call_cache(fcinfo);
	uint8_t    *bytes;
	uint64		hash;

	/*
	 * The common row: a state of ours with a filter, or room in its hash
	 * list, and a value whose hash and kind are at hand (bloomfilter.h, the
	 * fast path).  The kind check: the state already holds that fixed kind.
	 * Inside an Agg node the state is the aggregate's own, an expanded
	 * object or a plain value, and is updated in place.
	 */
	if (!PG_ARGISNULL(0) && !PG_ARGISNULL(1) && fcinfo->context != NULL && IsA(fcinfo->context, AggState) &&
		(bytes = bloom_state_bytes_in_place(PG_GETARG_DATUM(0))) != NULL &&
		bloom_fast_hash(cache->hashing.fast_encoding, PG_GETARG_DATUM(1), &hash))
	{
		uint32		fixed_kind = bloom_fast_kind(cache->hashing.fast_encoding);

		/* header fields at offsets 6 (mode), 8 (kind), 12 (capacity), 24 (rows): bf_aggstate.h */
		if (bf_load_u32(bytes + BF_STATE_OFF_VALUE_KIND) == fixed_kind && bloom_agg_sizing_unchanged(fcinfo, bytes))
		{
			uint64		rows = bf_load_u64(bytes + BF_STATE_OFF_ROWS);

			if (bytes[BF_STATE_OFF_MODE] == BF_STATE_MODE_HASHES && rows < bf_load_u32(bytes + BF_STATE_OFF_CAPACITY))
			{
				bf_state_append_hash(bytes, rows, hash);
				PG_RETURN_DATUM(PG_GETARG_DATUM(0));
			}
			if (bytes[BF_STATE_OFF_MODE] == BF_STATE_MODE_FILTER)
			{
				bf_state_add(bytes, hash, fixed_kind);
				PG_RETURN_DATUM(PG_GETARG_DATUM(0));
			}
		}
	}
	return bloom_agg_trans_slow(fcinfo, function, aggregate);
}

PG_FUNCTION_INFO_V1(bloom_agg_trans);
Datum
bloom_agg_trans(PG_FUNCTION_ARGS)
{
	return bloom_agg_trans_row(fcinfo, "bloom_agg_trans", NULL);
}

/* Every other row: the first, NULLs, other kinds, a full hash list (grown here). */
static Datum
bloom_agg_trans_slow(FunctionCallInfo fcinfo, const char *function, const char *aggregate)
{
	MemoryContext aggregate_context = bloom_aggregate_context(fcinfo, function);
	BloomStateRef state;

	if (PG_ARGISNULL(0))
	{
		bool		fixed = PG_NARGS() == 4;

		bloom_agg_check_sizing_not_null(fcinfo, aggregate);
		state = bloom_state_create(fcinfo, aggregate_context, fixed, fixed ? PG_GETARG_INT64(2) : 0,
								   PG_NARGS() >= 3 ? PG_GETARG_FLOAT8(PG_NARGS() - 1) : BLOOM_DEFAULT_P);
	}
	else
	{
		state = bloom_state_ref(fcinfo, 0, aggregate_context);
		if (!bloom_agg_sizing_unchanged(fcinfo, BLOOM_BYTES(state.flat)))
			bloom_agg_sizing_error(fcinfo, BLOOM_BYTES(state.flat), aggregate);
	}

	PG_RETURN_DATUM(bloom_agg_add_row(fcinfo, state, NULL));
}

/*
 * The checked header of shape argument argno, read as cheaply as the value
 * allows on every row: in place in memory; through a slice if it is stored
 * out of line, once per TOAST value (bloom_stored_header_cached); else
 * detoasted once and kept (bloom_filter_bytes_arg).
 */
static void
bloom_shape_arg(FunctionCallInfo fcinfo, int argno, bf_header *shape)
{
	if (!bloom_stored_header_cached(fcinfo, argno, shape))
		(void) bloom_filter_bytes_arg(fcinfo, argno, shape);
}

/* Is the state in this shape (blocks, k, design n and p)? */
static bool
bloom_state_has_shape(const uint8_t *state, const bf_header *shape)
{
	bf_header	filter;

	if (state[BF_STATE_OFF_MODE] != BF_STATE_MODE_FILTER)
		return false;
	bf_read_header(state + BF_STATE_FILTER_OFFSET, &filter);
	return filter.nblocks == shape->nblocks && filter.k == shape->k &&
		filter.design_n == shape->design_n && filter.design_p == shape->design_p;
}

/*
 * bloom_agg_trans_shaped(state, value, shape).  A NULL value adds nothing
 * and its shape is not read; the state begins with the first value.  Every
 * value must be of a kind its row's shape holds, and every row's shape must
 * be the first one's.
 */
PG_FUNCTION_INFO_V1(bloom_agg_trans_shaped);
Datum
bloom_agg_trans_shaped(PG_FUNCTION_ARGS)
{
	MemoryContext aggregate_context = bloom_aggregate_context(fcinfo, "bloom_agg_trans_shaped");
	bf_header	shape;
	BloomStateRef state;

	if (PG_ARGISNULL(1))
	{
		if (PG_ARGISNULL(0))
			PG_RETURN_NULL();
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	}
	if (PG_ARGISNULL(2))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("bloom_agg shape must not be null")));
	bloom_shape_arg(fcinfo, 2, &shape);
	if (PG_ARGISNULL(0))
		state = bloom_state_create_shaped(fcinfo, aggregate_context, &shape);
	else
	{
		state = bloom_state_ref(fcinfo, 0, aggregate_context);
		if (!bloom_state_has_shape(BLOOM_BYTES(state.flat), &shape))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("bloom_agg sizing arguments must be the same for every row"),
					 errdetail("This row's shape is not the shape the aggregate began with.")));
	}
	PG_RETURN_DATUM(bloom_agg_add_row(fcinfo, state, &shape));
}

/*
 * Were two checked states made for the same sizing arguments?  Two filters
 * of one sizing have the same blocks and k (from n and p, from p alone, or
 * from the shape), so different ones are different shapes.
 */
static bool
bloom_states_sized_alike(const uint8_t *a, const bf_state_header *a_header,
						 const uint8_t *b, const bf_state_header *b_header)
{
	const uint8_t *a_filter = a + BF_STATE_FILTER_OFFSET;
	const uint8_t *b_filter = b + BF_STATE_FILTER_OFFSET;

	if (a_header->sizing != b_header->sizing || a_header->p != b_header->p ||
		a_header->design_n != b_header->design_n)
		return false;
	return a_header->mode != BF_STATE_MODE_FILTER || b_header->mode != BF_STATE_MODE_FILTER ||
		(bf_load_u64(a_filter + BF_OFF_NBLOCKS) == bf_load_u64(b_filter + BF_OFF_NBLOCKS) &&
		 a_filter[BF_OFF_K] == b_filter[BF_OFF_K]);
}

/*
 * Combines partial states (parallel workers, or Citus workers).  Both were
 * made for the same sizing arguments; a state received from elsewhere was
 * validated by its input function, and is checked again here.
 */
static Datum
bloom_agg_combine_states(FunctionCallInfo fcinfo)
{
	MemoryContext aggregate_context = bloom_aggregate_context(fcinfo, "bloom_agg_combine");
	BloomStateRef state;
	bytea	   *other;
	bf_state_header header;
	bf_state_header other_header;
	uint32		kind;

	if (PG_ARGISNULL(1))
	{
		if (PG_ARGISNULL(0))
			PG_RETURN_NULL();
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	}
	other = bloom_state_arg(fcinfo, 1);
	bloom_check_status(bf_state_check(BLOOM_BYTES(other), BLOOM_LENGTH(other), &other_header), BLOOM_FROM_STORAGE);
	if (PG_ARGISNULL(0))
		PG_RETURN_DATUM(bloom_state_datum(bloom_state_copy(fcinfo, aggregate_context, other)));

	state = bloom_state_ref(fcinfo, 0, aggregate_context);
	bloom_check_status(bf_state_check(BLOOM_BYTES(state.flat), BLOOM_LENGTH(state.flat), &header), BLOOM_FROM_STORAGE);
	/* the per-row check, between parts of the rows: the same ERROR in every plan */
	if (!bloom_states_sized_alike(BLOOM_BYTES(state.flat), &header, BLOOM_BYTES(other), &other_header))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s sizing arguments must be the same for every row", bloom_agg_name(fcinfo)),
				 errdetail("Partial aggregates of the rows were built with different sizing arguments.")));
	bloom_check_status(bf_combine_kinds(header.value_kind, other_header.value_kind, &kind), BLOOM_FROM_STORAGE);

	/* a hash list meets a filter: the result is a copy of the filter with the hashes added */
	if (header.mode == BF_STATE_MODE_HASHES && other_header.mode == BF_STATE_MODE_FILTER)
	{
		bytea	   *filter_copy = bloom_state_new_buffer(&state, BLOOM_LENGTH(other), true);

		memcpy(BLOOM_BYTES(filter_copy), BLOOM_BYTES(other), BLOOM_LENGTH(other));
		bloom_add_hashes_interruptible(bf_state_filter(BLOOM_BYTES(filter_copy)),
									   bf_state_hashes(BLOOM_BYTES(state.flat)), header.rows);
		bf_state_set_counts(BLOOM_BYTES(filter_copy), kind,
							bf_sat_add_u64(header.rows, other_header.rows));
		bloom_state_replace(&state, filter_copy);
		PG_RETURN_DATUM(bloom_state_datum(state));
	}

	if (other_header.mode == BF_STATE_MODE_HASHES)
	{
		bloom_state_reserve(&state, other_header.rows);
		bf_state_read_header(BLOOM_BYTES(state.flat), &header);
		if (header.mode == BF_STATE_MODE_HASHES)
			memcpy(bf_state_hashes(BLOOM_BYTES(state.flat)) + 8 * header.rows,
				   bf_state_hashes(BLOOM_BYTES(other)), 8 * other_header.rows);
		else
			bloom_add_hashes_interruptible(bf_state_filter(BLOOM_BYTES(state.flat)),
										   bf_state_hashes(BLOOM_BYTES(other)), other_header.rows);
	}
	else
	{
		uint8_t    *filter = bf_state_filter(BLOOM_BYTES(state.flat));
		uint8_t    *other_filter = bf_state_filter(BLOOM_BYTES(other));
		BloomChunks chunks = bloom_chunks(bf_load_u64(filter + BF_OFF_NBLOCKS), 1);

		while (bloom_next_chunk(&chunks))
			bf_or_blocks(filter + BF_HEADER_BYTES, other_filter + BF_HEADER_BYTES, chunks.first, chunks.count);
		bf_state_add_parked_into(BLOOM_BYTES(other), filter);
	}
	bf_state_set_counts(BLOOM_BYTES(state.flat), kind,
						bf_sat_add_u64(header.rows, other_header.rows));
	PG_RETURN_DATUM(bloom_state_datum(state));
}

/*
 * Zero rows.
 *
 * Over zero rows the transition function never runs, and the final function
 * gets no state: it finds the sizing arguments in the call, which
 * PostgreSQL does not pass to it.  Zero rows give what rows without a value
 * give: bloom_agg(x, n, p) the filter of bloom_empty(n, p), bloom_agg(x, p)
 * that of bloom_empty(0, p), bloom_agg(x) that of bloom_empty(0, 0.01); and
 * bloom_agg(x, shape) NULL, as a shape is only read with a value.  The
 * answer must not depend on the plan, so the call is found wherever the
 * plan put it:
 *   - an Aggregate: AggGetAggref(); the arguments are its target entries
 *     that are not ORDER BY keys (which follow them, marked resjunk);
 *   - a Finalize Aggregate (a parallel or partitionwise plan): its Aggref has
 *     one argument, the partial state; the call's own arguments are those of
 *     the Aggref of the same aggno in the Partial Aggregate below, a plan the
 *     leader initializes whether it runs it or not;
 *   - a window: AggGetAggref() is NULL and nothing says which of the
 *     window's aggregates is being finished; those with this final function
 *     are the candidates, and they must agree.
 * Sizing arguments that cannot differ between rows (constants, parameters,
 * PL/pgSQL variables, outer references, initplan outputs, and expressions of
 * them without volatile functions) are then evaluated in the executor's
 * expression context: the same values in every plan.  Others (a column, a
 * volatile function) have no value without a row, and give NULL; so does a
 * call that cannot be found (the final function called by hand, or by a
 * system that combines the partial states itself).
 */

/* What zero rows of one call give: NULL, or the empty filter for n and p. */
typedef struct BloomZeroRowsCall
{
	bool		gives_null;
	ExprState  *n;				/* NULL: n = 0 */
	ExprState  *p;				/* NULL: p = BLOOM_DEFAULT_P */
} BloomZeroRowsCall;

/* fn_extra of bloom_agg_final, made on its first call without a state */
typedef struct BloomZeroRowsCalls
{
	List	   *calls;			/* of BloomZeroRowsCall: one, or a window's candidates */
	ExprContext *econtext;
} BloomZeroRowsCalls;

/* The arguments a call gave: its target entries that are not ORDER BY keys. */
static List *
bloom_aggref_call_args(Aggref *aggref)
{
	List	   *args = NIL;
	ListCell   *cell;

	foreach(cell, aggref->args)
	{
		TargetEntry *entry = lfirst_node(TargetEntry, cell);

		if (!entry->resjunk)
			args = lappend(args, entry->expr);
	}
	return args;
}

static bool
bloom_depends_on_rows_walker(Node *node, void *context)
{
	if (node == NULL)
		return false;
	if (IsA(node, Var) || IsA(node, PlaceHolderVar) || IsA(node, Aggref) || IsA(node, WindowFunc) ||
		IsA(node, GroupingFunc) || IsA(node, SubPlan) || IsA(node, AlternativeSubPlan))
		return true;
	return expression_tree_walker(node, bloom_depends_on_rows_walker, context);
}

/* Could the value of expr differ between the rows of one aggregate? */
static bool
bloom_depends_on_rows(Node *expr)
{
	return bloom_depends_on_rows_walker(expr, NULL) || contain_volatile_functions(expr);
}

typedef struct BloomPartialSearch
{
	int			aggno;
	Oid			aggfnoid;
	Aggref	   *found;
} BloomPartialSearch;

/*
 * The Aggref of the Partial Aggregate below a Finalize Aggregate that has
 * the aggno of the final one (both are copies of the call, in one query
 * level).  The first Agg nodes down each path are the partial ones; what
 * lies below them belongs to other query levels.
 */
static bool
bloom_partial_aggref_walker(PlanState *planstate, BloomPartialSearch *search)
{
	AggState   *partial;
	ListCell   *cell;

	if (!IsA(planstate, AggState))
		return planstate_tree_walker(planstate, bloom_partial_aggref_walker, search);
	partial = (AggState *) planstate;
	if (partial->aggsplit != AGGSPLIT_INITIAL_SERIAL)
		return false;
	foreach(cell, partial->aggs)
	{
		Aggref	   *aggref = lfirst_node(Aggref, cell);

		if (aggref->aggno == search->aggno && aggref->aggfnoid == search->aggfnoid)
		{
			search->found = aggref;
			return true;
		}
	}
	return false;
}

/*
 * Adds to *calls the zero-row answer of a call of aggregate aggfnoid with
 * arguments of types argtypes: args, or NIL if they are not known.  An
 * aggregate of another final function is not a candidate.  The form is told
 * by the argument types; one of another aggregate made with this final
 * function gives the default filter for one argument, else NULL.
 */
static void
bloom_add_zero_rows_call(FunctionCallInfo fcinfo, List **calls, Oid aggfnoid, List *argtypes, List *args)
{
	HeapTuple	tuple = SearchSysCache1(AGGFNOID, ObjectIdGetDatum(aggfnoid));
	BloomZeroRowsCall *call;
	int			nargs = list_length(argtypes);
	Node	   *n_expr = NULL;
	Node	   *p_expr = NULL;
	bool		ours;

	if (!HeapTupleIsValid(tuple))
		return;
	ours = ((Form_pg_aggregate) GETSTRUCT(tuple))->aggfinalfn == fcinfo->flinfo->fn_oid;
	ReleaseSysCache(tuple);
	if (!ours)
		return;

	call = palloc0(sizeof(BloomZeroRowsCall));
	*calls = lappend(*calls, call);
	call->gives_null = true;
	if (nargs == 1)
	{
		call->gives_null = false;
		return;
	}
	if (list_length(args) != nargs)
		return;
	if (nargs == 2 && list_nth_oid(argtypes, 1) == FLOAT8OID)
		p_expr = list_nth(args, 1);
	else if (nargs == 3 && list_nth_oid(argtypes, 1) == INT8OID && list_nth_oid(argtypes, 2) == FLOAT8OID)
	{
		n_expr = list_nth(args, 1);
		p_expr = list_nth(args, 2);
	}
	else
		return;
	if ((n_expr != NULL && bloom_depends_on_rows(n_expr)) || bloom_depends_on_rows(p_expr))
		return;
	/* without a parent: parameters are read from the expression context when evaluated */
	call->n = n_expr != NULL ? ExecInitExpr((Expr *) n_expr, NULL) : NULL;
	call->p = ExecInitExpr((Expr *) p_expr, NULL);
	call->gives_null = false;
}

/* The calls the final function may be finishing, looked up on its first call without a state. */
static BloomZeroRowsCalls *
bloom_zero_rows_calls(FunctionCallInfo fcinfo)
{
	BloomZeroRowsCalls *found = (BloomZeroRowsCalls *) fcinfo->flinfo->fn_extra;
	MemoryContext old;

	if (found != NULL)
		return found;
	old = MemoryContextSwitchTo(fcinfo->flinfo->fn_mcxt);
	found = palloc0(sizeof(BloomZeroRowsCalls));
	if (AggGetAggref(fcinfo) != NULL)
	{
		AggState   *aggstate = castNode(AggState, fcinfo->context);
		Aggref	   *aggref = AggGetAggref(fcinfo);
		List	   *args = NIL;

		if (!DO_AGGSPLIT_COMBINE(aggref->aggsplit))
			args = bloom_aggref_call_args(aggref);
		else
		{
			BloomPartialSearch search = {aggref->aggno, aggref->aggfnoid, NULL};

			planstate_tree_walker(&aggstate->ss.ps, bloom_partial_aggref_walker, &search);
			if (search.found != NULL)
				args = bloom_aggref_call_args(search.found);
		}
		bloom_add_zero_rows_call(fcinfo, &found->calls, aggref->aggfnoid, aggref->aggargtypes, args);
		found->econtext = aggstate->ss.ps.ps_ExprContext;
	}
	else if (fcinfo->context != NULL && IsA(fcinfo->context, WindowAggState))
	{
		WindowAggState *winstate = (WindowAggState *) fcinfo->context;
		ListCell   *cell;

		foreach(cell, winstate->funcs)
		{
			WindowFunc *wfunc = ((WindowFuncExprState *) lfirst(cell))->wfunc;
			List	   *argtypes = NIL;
			ListCell   *arg;

			/* the final function is called with the collation of its aggregate's call */
			if (!wfunc->winagg || wfunc->inputcollid != PG_GET_COLLATION())
				continue;
			foreach(arg, wfunc->args)
				argtypes = lappend_oid(argtypes, exprType((Node *) lfirst(arg)));
			bloom_add_zero_rows_call(fcinfo, &found->calls, wfunc->winfnoid, argtypes, wfunc->args);
		}
		found->econtext = winstate->ss.ps.ps_ExprContext;
	}
	MemoryContextSwitchTo(old);
	fcinfo->flinfo->fn_extra = found;
	return found;
}

/* Evaluates a call's answer: false for NULL, else true with n and p. */
static bool
bloom_zero_rows_sizing(BloomZeroRowsCall *call, ExprContext *econtext, int64 *n, double *p)
{
	bool		n_null = false;
	bool		p_null = false;

	if (call->gives_null)
		return false;
	*n = 0;
	*p = BLOOM_DEFAULT_P;
	if (call->n != NULL)
		*n = DatumGetInt64(ExecEvalExprSwitchContext(call->n, econtext, &n_null));
	if (call->p != NULL)
		*p = DatumGetFloat8(ExecEvalExprSwitchContext(call->p, econtext, &p_null));
	if (n_null || p_null)
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("bloom_agg sizing arguments must not be null")));
	return true;
}

/* The filter of zero rows, or NULL. */
static bytea *
bloom_zero_rows_filter(FunctionCallInfo fcinfo)
{
	BloomZeroRowsCalls *found = bloom_zero_rows_calls(fcinfo);
	bool		is_filter = false;
	int64		n = 0;
	double		p = 0;
	ListCell   *cell;

	foreach(cell, found->calls)
	{
		int64		call_n = 0;
		double		call_p = 0;
		bool		call_is_filter = bloom_zero_rows_sizing(lfirst(cell), found->econtext, &call_n, &call_p);

		if (cell != list_head(found->calls) &&
			(call_is_filter != is_filter || (is_filter && (call_n != n || call_p != p))))
			ereport(ERROR,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
					 errmsg("cannot tell which bloom_agg call a window frame without rows belongs to"),
					 errdetail("Calls of bloom_agg over this window give different results for zero rows, "
							   "and PostgreSQL does not tell the final function which call it finishes."),
					 errhint("Give these calls the same sizing arguments, or different window frames.")));
		is_filter = call_is_filter;
		n = call_n;
		p = call_p;
	}
	return is_filter ? bloom_make_empty(n, p) : NULL;
}

/* Rows a hash list may hold: bloomfilter.agg_hash_limit, at most BF_AGG_MAX_HASHES (as bf_state_reserve_plan). */
static uint64
bloom_agg_hash_list_limit(void)
{
	return Min((uint32) bloom_agg_hash_limit, BF_AGG_MAX_HASHES);
}

/* The ERROR of a state past bloomfilter.agg_hash_limit rows for an aggregate that needs its hash list. */
static pg_noinline void
bloom_agg_hash_list_full(const char *aggregate, uint64 rows)
{
	ereport(ERROR,
			(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
			 errmsg("%s(x) sizes itself from at most bloomfilter.agg_hash_limit rows (%d), and saw " UINT64_FORMAT,
					aggregate, (int) bloom_agg_hash_list_limit(), rows),
			 errhint("Give the number of rows: %s(x, n, p).", aggregate)));
}

const uint8_t *
bloom_agg_hash_list_state(FunctionCallInfo fcinfo, const char *aggregate)
{
	bytea	   *state = bloom_state_arg(fcinfo, 0);
	bf_state_header header;

	bloom_check_status(bf_state_check(BLOOM_BYTES(state), BLOOM_LENGTH(state), &header), BLOOM_FROM_STORAGE);
	if (header.sizing == BF_STATE_SIZING_FIXED)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("a state of bloom_agg(x, n, p) is not a state of %s(x)", aggregate)));
	if (header.mode != BF_STATE_MODE_HASHES)
		bloom_agg_hash_list_full(aggregate, header.rows);
	return BLOOM_BYTES(state);
}

/* Rows of a state of mode hashes, or -1 for a state of mode filter (or too short to tell). */
static int64
bloom_agg_hash_list_rows(FunctionCallInfo fcinfo, int argno)
{
	bytea	   *state = bloom_state_arg(fcinfo, argno);
	const uint8_t *bytes = BLOOM_BYTES(state);

	if (BLOOM_LENGTH(state) < BF_STATE_HEADER_BYTES || bytes[BF_STATE_OFF_MODE] != BF_STATE_MODE_HASHES)
		return -1;
	return (int64) bf_load_u64(bytes + BF_STATE_OFF_ROWS);
}

Datum
bloom_agg_trans_hash_list(FunctionCallInfo fcinfo, const char *function, const char *aggregate,
						  bloom_hash_list_check_fn check_rows)
{
	int64		rows;

	if (!PG_ARGISNULL(0) && !PG_ARGISNULL(1) && (rows = bloom_agg_hash_list_rows(fcinfo, 0)) >= 0)
	{
		if (rows >= (int64) bloom_agg_hash_list_limit())
			bloom_agg_hash_list_full(aggregate, (uint64) rows + 1);
		/* the state's p, checked on its first row (this row's is checked against it later) */
		if (check_rows != NULL && rows > 0 && rows % BLOOM_HASH_LIST_CHECK_ROWS == 0)
			check_rows((uint64) rows + 1, bf_load_f64(BLOOM_BYTES(bloom_state_arg(fcinfo, 0)) + BF_STATE_OFF_P));
	}
	return bloom_agg_trans_row(fcinfo, function, aggregate);
}

/*
 * The combine functions: a worker's state shipped through shared memory
 * (bloomfilter_ship.c) is read where it is, in place of its reference, and
 * freed once combined.  hash_list_aggregate: the aggregate of
 * bloom_agg_combine_hash_list, whose hash lists together must fit.
 */
static Datum
bloom_agg_combine_received(FunctionCallInfo fcinfo, const char *hash_list_aggregate)
{
	BloomReceipt receipt;
	bool		received = bloom_ship_receive(fcinfo, 1, &receipt);
	int64		rows,
				other_rows;
	Datum		result;

	/* partial states checked as bloom_agg_combine checks them (and as rows checked by the transition) */
	if (hash_list_aggregate != NULL && !PG_ARGISNULL(0) && !PG_ARGISNULL(1) &&
		(rows = bloom_agg_hash_list_rows(fcinfo, 0)) >= 0 && (other_rows = bloom_agg_hash_list_rows(fcinfo, 1)) >= 0 &&
		(uint64) rows + (uint64) other_rows > bloom_agg_hash_list_limit())
		bloom_agg_hash_list_full(hash_list_aggregate, (uint64) rows + (uint64) other_rows);
	result = bloom_agg_combine_states(fcinfo);
	if (received)
		bloom_ship_release(&receipt);
	return result;
}

PG_FUNCTION_INFO_V1(bloom_agg_combine);
Datum
bloom_agg_combine(PG_FUNCTION_ARGS)
{
	return bloom_agg_combine_received(fcinfo, NULL);
}

Datum
bloom_agg_combine_hash_list(FunctionCallInfo fcinfo, const char *aggregate)
{
	return bloom_agg_combine_received(fcinfo, aggregate);
}

/* The filter of a state; the state is only read. */
PG_FUNCTION_INFO_V1(bloom_agg_final);
Datum
bloom_agg_final(PG_FUNCTION_ARGS)
{
	bytea	   *state;
	bf_state_header header;
	uint64_t	nblocks;
	uint64_t	fold;
	int			k;
	bytea	   *result;
	bytea	   *building;
	uint8_t    *result_blocks;

	if (PG_ARGISNULL(0))
	{
		bytea	   *empty = bloom_zero_rows_filter(fcinfo);

		if (empty == NULL)
			PG_RETURN_NULL();
		PG_RETURN_BYTEA_P(empty);
	}

	state = bloom_state_arg(fcinfo, 0);
	bloom_check_status(bf_state_check(BLOOM_BYTES(state), BLOOM_LENGTH(state), &header), BLOOM_FROM_STORAGE);
	bloom_check_status(bf_state_final_shape(BLOOM_BYTES(state), &nblocks, &k, &fold), BLOOM_FROM_STORAGE);
	if (header.mode == BF_STATE_MODE_FILTER && header.sizing == BF_STATE_SIZING_AUTO)
	{
		uint64_t	needed;
		int			needed_k;

		if (bf_state_plan_rows(&header, &needed, &needed_k) == BF_ERR_TOO_LARGE || needed > nblocks)
			ereport(WARNING,
					(errmsg("bloom_agg saw " UINT64_FORMAT " rows, more than a self-sized filter holds at rate %g",
							header.rows, header.p),
					 errdetail("Every value is in the filter, but its false-positive rate is above %g.", header.p),
					 errhint("Give the number of rows: bloom_agg(x, n, p).")));
	}

	/* from hashes, the final build adds at random all over it: blocks on lines, and huge pages */
	if (header.mode == BF_STATE_MODE_HASHES)
		result = bloom_alloc_placed_filter(bf_filter_bytes(nblocks), &building);
	else
		result = building = bloom_alloc_varlena(bf_filter_bytes(nblocks));
	bloom_advise_huge_pages(result, bf_filter_bytes(nblocks) + VARHDRSZ);
	result_blocks = BLOOM_BYTES(building) + BF_HEADER_BYTES;
	if (fold == 1)
	{
		const uint8_t *state_blocks = bf_state_filter(BLOOM_BYTES(state)) + BF_HEADER_BYTES;
		BloomChunks chunks = bloom_chunks(nblocks, 1);

		while (bloom_next_chunk(&chunks))
			memcpy(result_blocks + chunks.first * BF_BLOCK_BYTES, state_blocks + chunks.first * BF_BLOCK_BYTES,
				   chunks.count * BF_BLOCK_BYTES);
	}
	else
	{
		BloomChunks chunks = bloom_chunks(fold > 1 ? nblocks : 0, fold);

		memset(result_blocks, 0, nblocks * BF_BLOCK_BYTES);
		while (bloom_next_chunk(&chunks))
			bf_state_final_blocks(BLOOM_BYTES(state), BLOOM_BYTES(building), fold, chunks.first, chunks.count);
	}
	bf_state_final_finish(BLOOM_BYTES(state), BLOOM_BYTES(building), nblocks, k);
	if (header.mode == BF_STATE_MODE_HASHES)
		bloom_add_hashes_interruptible(BLOOM_BYTES(building), bf_state_hashes(BLOOM_BYTES(state)), header.rows);
	bloom_placed_filter_finish(result, building);
	PG_RETURN_BYTEA_P(result);
}

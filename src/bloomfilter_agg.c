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

#include "catalog/pg_type.h"
#include "nodes/primnodes.h"
#include "nodes/pg_list.h"
#include "utils/expandeddatum.h"
#include "utils/memutils.h"

#include "bf_aggstate.h"

typedef struct BloomAggState
{
	ExpandedObjectHeader header;
	bytea	   *flat;			/* in header.eoh_context */
} BloomAggState;

static Size
bloom_agg_state_flat_size(ExpandedObjectHeader *eoh)
{
	return VARSIZE(((BloomAggState *) eoh)->flat);
}

static void
bloom_agg_state_flatten(ExpandedObjectHeader *eoh, void *result, Size allocated_size)
{
	memcpy(result, ((BloomAggState *) eoh)->flat, allocated_size);
}

static const ExpandedObjectMethods bloom_agg_state_methods = {
	bloom_agg_state_flat_size,
	bloom_agg_state_flatten
};

/* A state being updated: its flat bytes, and the expanded object owning them, if any. */
typedef struct BloomStateRef
{
	MemoryContext aggregate_context;
	BloomAggState *object;
	bytea	   *flat;
} BloomStateRef;

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

/* The flat bytes of state argument argno, for reading. */
static bytea *
bloom_state_arg(FunctionCallInfo fcinfo, int argno)
{
	BloomAggState *object = bloom_state_object(PG_GETARG_DATUM(argno), false);

	return object ? object->flat : (bytea *) PG_DETOAST_DATUM(PG_GETARG_DATUM(argno));
}

static MemoryContext
bloom_aggregate_context(FunctionCallInfo fcinfo, const char *name)
{
	MemoryContext aggregate_context;

	if (!AggCheckCallContext(fcinfo, &aggregate_context))
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("%s called in a non-aggregate context", name)));
	return aggregate_context;
}

/* State argument argno, to be updated in place: inside an aggregate it is ours. */
static BloomStateRef
bloom_state_ref(FunctionCallInfo fcinfo, int argno, MemoryContext aggregate_context)
{
	BloomStateRef ref;

	ref.aggregate_context = aggregate_context;
	ref.object = bloom_state_object(PG_GETARG_DATUM(argno), true);
	ref.flat = ref.object ? ref.object->flat : (bytea *) PG_DETOAST_DATUM(PG_GETARG_DATUM(argno));
	return ref;
}

static Datum
bloom_state_datum(BloomStateRef ref)
{
	return ref.object ? EOHPGetRWDatum(&ref.object->header) : PointerGetDatum(ref.flat);
}

/*
 * A new, uninitialized buffer of `bytes` for the state, owned by its expanded
 * object (made now, under the aggregate context, if the state has none).
 * Fill it from the old one, then call bloom_state_replace().
 */
static bytea *
bloom_state_new_buffer(BloomStateRef *ref, uint64 bytes)
{
	MemoryContext old;
	bytea	   *buffer;

	if (ref->object == NULL)
	{
		/* small: GROUP BY may keep one state per group, most of them tiny */
		MemoryContext context = AllocSetContextCreate(ref->aggregate_context, "bloom_agg state",
													  ALLOCSET_START_SMALL_SIZES);

		ref->object = MemoryContextAllocZero(context, sizeof(BloomAggState));
		EOH_init_header(&ref->object->header, &bloom_agg_state_methods, context);
	}
	old = MemoryContextSwitchTo(ref->object->header.eoh_context);
	buffer = bloom_alloc_varlena(bytes);
	MemoryContextSwitchTo(old);
	bloom_advise_huge_pages(buffer, bytes + VARHDRSZ);
	return buffer;
}

/* Makes buffer the state's bytes, freeing the old ones if the object owned them. */
static void
bloom_state_replace(BloomStateRef *ref, bytea *buffer)
{
	if (ref->flat != NULL && ref->object->flat == ref->flat)
		pfree(ref->flat);
	ref->object->flat = buffer;
	ref->flat = buffer;
}

/* A new state for the arguments of the first row. */
static BloomStateRef
bloom_state_create(MemoryContext aggregate_context, bool fixed, int64 n, double p)
{
	BloomStateRef ref = {aggregate_context, NULL, NULL};
	uint64_t	nblocks;
	int			k;
	bytea	   *buffer;

	if (fixed)
	{
		bloom_check_status(bf_plan(n, p, &nblocks, &k), BLOOM_FROM_STORAGE);
		buffer = bloom_state_new_buffer(&ref, bf_state_bytes_filter(nblocks));
		bf_state_init_filter(BLOOM_BYTES(buffer), nblocks, k, BF_STATE_SIZING_FIXED, p, (uint64_t) n);
	}
	else
	{
		/* checks p now, not after the scan */
		bloom_check_status(bf_plan(0, p, &nblocks, &k), BLOOM_FROM_STORAGE);
		buffer = bloom_state_new_buffer(&ref, bf_state_bytes_hashes(BF_AGG_INITIAL_HASHES));
		bf_state_init_hashes(BLOOM_BYTES(buffer), BF_AGG_INITIAL_HASHES, p);
	}
	bloom_state_replace(&ref, buffer);
	return ref;
}

/*
 * A new fixed-size state in the shape of a filter (its blocks, k, design n
 * and p), so that the result combines with that filter by a plain OR.
 */
static BloomStateRef
bloom_state_create_shaped(MemoryContext aggregate_context, const bf_header *shape)
{
	BloomStateRef ref = {aggregate_context, NULL, NULL};
	bytea	   *buffer;

	if (!(shape->design_p >= BF_MIN_P))
		bloom_check_status(BF_ERR_P_TOO_SMALL, BLOOM_FROM_STORAGE);
	buffer = bloom_state_new_buffer(&ref, bf_state_bytes_filter(shape->nblocks));
	bf_state_init_filter(BLOOM_BYTES(buffer), shape->nblocks, shape->k, BF_STATE_SIZING_FIXED,
						 shape->design_p, shape->design_n);
	bloom_state_replace(&ref, buffer);
	return ref;
}

/* A private copy of a flat state, for a combine function to keep. */
static BloomStateRef
bloom_state_copy(MemoryContext aggregate_context, bytea *flat)
{
	BloomStateRef ref = {aggregate_context, NULL, NULL};
	bytea	   *buffer = bloom_state_new_buffer(&ref, BLOOM_LENGTH(flat));

	memcpy(BLOOM_BYTES(buffer), BLOOM_BYTES(flat), BLOOM_LENGTH(flat));
	bloom_state_replace(&ref, buffer);
	return ref;
}

/*
 * Mode hashes, with room for `capacity` hashes: the same rows, more slots.
 * A buffer the state's object owns is grown with repalloc, which for large
 * buffers remaps pages instead of copying them.
 */
static void
bloom_state_grow_hashes(BloomStateRef *ref, uint32 capacity)
{
	bf_state_header header;
	uint64		bytes = bf_state_bytes_hashes(capacity);
	bytea	   *grown;

	bf_state_read_header(BLOOM_BYTES(ref->flat), &header);
	if (ref->object != NULL && ref->object->flat == ref->flat)
	{
		grown = (bytea *) repalloc(ref->flat, bytes + VARHDRSZ);
		SET_VARSIZE(grown, bytes + VARHDRSZ);
		bloom_advise_huge_pages(grown, bytes + VARHDRSZ);
		ref->object->flat = grown;
		ref->flat = grown;
	}
	else
	{
		grown = bloom_state_new_buffer(ref, bytes);
		memcpy(BLOOM_BYTES(grown), BLOOM_BYTES(ref->flat), bf_state_bytes_hashes(header.hash_capacity));
		bloom_state_replace(ref, grown);
	}
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
	filter_state = bloom_state_new_buffer(ref, bf_state_bytes_filter(nblocks));
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
	uint64		wanted;
	uint64		capacity;

	bf_state_read_header(BLOOM_BYTES(ref->flat), &header);
	if (header.mode != BF_STATE_MODE_HASHES)
		return;
	wanted = header.rows + more;
	if (wanted <= header.hash_capacity)
		return;
	if (wanted > (uint64) bloom_agg_hash_limit)
	{
		bloom_state_to_filter(ref);
		return;
	}
	for (capacity = Max(header.hash_capacity, BF_AGG_INITIAL_HASHES); capacity < wanted; capacity *= 2)
		;
	capacity = Min(capacity, (uint64) bloom_agg_hash_limit);
	bloom_state_grow_hashes(ref, (uint32) capacity);
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
	if (bytes[6] == BF_STATE_MODE_HASHES && bf_load_u64(bytes + 24) == bf_load_u32(bytes + 12))
	{
		bloom_state_reserve(&state, 1);
		bytes = BLOOM_BYTES(state.flat);
	}
	bloom_check_status(bf_combine_kinds(bf_load_u32(bytes + 8), value_kind, &kind), BLOOM_FROM_STORAGE);
	bf_state_add(bytes, hash, kind);
	return bloom_state_datum(state);
}

/*
 * bloom_agg_trans(state, value [, [n,] p]).  The sizing arguments are read
 * on the first row and must not change; p defaults to BLOOM_DEFAULT_P.
 */
static pg_noinline Datum bloom_agg_trans_slow(FunctionCallInfo fcinfo);

PG_FUNCTION_INFO_V1(bloom_agg_trans);
Datum
bloom_agg_trans(PG_FUNCTION_ARGS)
{
	BloomCallCache *cache = bloom_call_cache(fcinfo);
	BloomAggState *object;
	uint64		hash;

	/*
	 * The common row: a state of ours with a filter, or room in its hash
	 * list, and a value whose hash and kind are at hand (bloomfilter.h, the
	 * fast path).  The kind check: the state already holds that fixed kind.
	 */
	if (!PG_ARGISNULL(0) && !PG_ARGISNULL(1) && fcinfo->context != NULL && IsA(fcinfo->context, AggState) &&
		(object = bloom_state_object(PG_GETARG_DATUM(0), true)) != NULL &&
		bloom_fast_hash(cache->fast_encoding, PG_GETARG_DATUM(1), &hash))
	{
		uint8_t    *bytes = BLOOM_BYTES(object->flat);
		uint32		fixed_kind = bloom_fast_kind(cache->fast_encoding);

		/* header fields at offsets 6 (mode), 8 (kind), 12 (capacity), 24 (rows): bf_aggstate.h */
		if (bf_load_u32(bytes + 8) == fixed_kind)
		{
			uint64		rows = bf_load_u64(bytes + 24);

			if (bytes[6] == BF_STATE_MODE_HASHES && rows < bf_load_u32(bytes + 12))
			{
				bf_state_append_hash(bytes, rows, hash);
				PG_RETURN_DATUM(PG_GETARG_DATUM(0));
			}
			if (bytes[6] == BF_STATE_MODE_FILTER)
			{
				bf_state_add(bytes, hash, fixed_kind);
				PG_RETURN_DATUM(PG_GETARG_DATUM(0));
			}
		}
	}
	return bloom_agg_trans_slow(fcinfo);
}

/* Every other row: the first, NULLs, other kinds, a full hash list (grown here). */
static Datum
bloom_agg_trans_slow(FunctionCallInfo fcinfo)
{
	MemoryContext aggregate_context = bloom_aggregate_context(fcinfo, "bloom_agg_trans");
	BloomStateRef state;

	if (PG_ARGISNULL(0))
	{
		int			p_argno = PG_NARGS() - 1;
		bool		fixed = PG_NARGS() == 4;

		if ((PG_NARGS() >= 3 && PG_ARGISNULL(p_argno)) || (fixed && PG_ARGISNULL(2)))
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("bloom_agg sizing arguments must not be null")));
		state = bloom_state_create(aggregate_context, fixed, fixed ? PG_GETARG_INT64(2) : 0,
								   PG_NARGS() >= 3 ? PG_GETARG_FLOAT8(p_argno) : BLOOM_DEFAULT_P);
	}
	else
		state = bloom_state_ref(fcinfo, 0, aggregate_context);

	PG_RETURN_DATUM(bloom_agg_add_row(fcinfo, state, NULL));
}

/*
 * bloom_agg_trans_shaped(state, value, shape): the shape is read with the
 * first non-NULL value (its header only: a slice, if it is stored), and that
 * value must be of the shape's kind; later ones must match it.
 */
PG_FUNCTION_INFO_V1(bloom_agg_trans_shaped);
Datum
bloom_agg_trans_shaped(PG_FUNCTION_ARGS)
{
	MemoryContext aggregate_context = bloom_aggregate_context(fcinfo, "bloom_agg_trans_shaped");
	bf_header	shape;
	struct varlena *stored;

	if (!PG_ARGISNULL(0))
		PG_RETURN_DATUM(bloom_agg_add_row(fcinfo, bloom_state_ref(fcinfo, 0, aggregate_context), NULL));
	/* the state begins with the first value, which is checked against the shape's kind */
	if (PG_ARGISNULL(1))
		PG_RETURN_NULL();
	if (PG_ARGISNULL(2))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("bloom_agg shape must not be null")));
	if (!bloom_stored_header(fcinfo, 2, &shape, &stored))
		(void) bloom_filter_bytes_arg(fcinfo, 2, &shape);
	PG_RETURN_DATUM(bloom_agg_add_row(fcinfo, bloom_state_create_shaped(aggregate_context, &shape), &shape));
}

/* Copies (or ORs) blocks from src to dst, in chunks: finals and combines of large states. */
typedef struct BloomBlockCopy
{
	uint8_t    *dst_blocks;
	const uint8_t *src_blocks;
	bool		or;
} BloomBlockCopy;

static void
bloom_block_copy_chunk(void *arg, uint64_t first, uint64_t count)
{
	BloomBlockCopy *c = (BloomBlockCopy *) arg;

	if (c->or)
		bf_or_blocks(c->dst_blocks, c->src_blocks, first, count);
	else
		memcpy(c->dst_blocks + first * BF_BLOCK_BYTES, c->src_blocks + first * BF_BLOCK_BYTES,
			   count * BF_BLOCK_BYTES);
}

/*
 * Combines partial states (parallel workers, or Citus workers).  Both were
 * made for the same sizing arguments; a state received from elsewhere was
 * validated by its input function, and is checked again here.
 */
PG_FUNCTION_INFO_V1(bloom_agg_combine);
Datum
bloom_agg_combine(PG_FUNCTION_ARGS)
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
		PG_RETURN_DATUM(bloom_state_datum(bloom_state_copy(aggregate_context, other)));

	state = bloom_state_ref(fcinfo, 0, aggregate_context);
	bloom_check_status(bf_state_check(BLOOM_BYTES(state.flat), BLOOM_LENGTH(state.flat), &header), BLOOM_FROM_STORAGE);
	if (header.sizing != other_header.sizing || header.p != other_header.p ||
		header.design_n != other_header.design_n)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_EXCEPTION),
				 errmsg("cannot combine bloom_agg states built with different sizing arguments")));
	bloom_check_status(bf_combine_kinds(header.value_kind, other_header.value_kind, &kind), BLOOM_FROM_STORAGE);

	/* a hash list meets a filter: the result is a copy of the filter with the hashes added */
	if (header.mode == BF_STATE_MODE_HASHES && other_header.mode == BF_STATE_MODE_FILTER)
	{
		bytea	   *filter_copy = bloom_state_new_buffer(&state, BLOOM_LENGTH(other));

		memcpy(BLOOM_BYTES(filter_copy), BLOOM_BYTES(other), BLOOM_LENGTH(other));
		bloom_add_hashes_interruptible(bf_state_filter(BLOOM_BYTES(filter_copy)),
									   bf_state_hashes(BLOOM_BYTES(state.flat)), header.rows);
		bf_state_set_counts(BLOOM_BYTES(filter_copy), kind,
							header.rows > UINT64_MAX - other_header.rows ? UINT64_MAX : header.rows + other_header.rows);
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
		BloomBlockCopy or_work = {filter + BF_HEADER_BYTES, other_filter + BF_HEADER_BYTES, true};

		if (bf_load_u64(filter + BF_OFF_NBLOCKS) != bf_load_u64(other_filter + BF_OFF_NBLOCKS) ||
			filter[BF_OFF_K] != other_filter[BF_OFF_K])
			bloom_check_status(BF_ERR_INCOMPATIBLE, BLOOM_FROM_STORAGE);
		bloom_for_each_chunk(bf_load_u64(filter + BF_OFF_NBLOCKS), bloom_block_copy_chunk, &or_work);
		bf_state_add_parked_into(BLOOM_BYTES(other), filter);
	}
	bf_state_set_counts(BLOOM_BYTES(state.flat), kind,
						header.rows > UINT64_MAX - other_header.rows ? UINT64_MAX : header.rows + other_header.rows);
	PG_RETURN_DATUM(bloom_state_datum(state));
}

typedef struct BloomFinalFold
{
	uint8_t    *state;
	uint8_t    *filter;
	uint64_t	fold;
} BloomFinalFold;

static void
bloom_final_fold_chunk(void *arg, uint64_t first, uint64_t count)
{
	BloomFinalFold *f = (BloomFinalFold *) arg;

	bf_state_final_blocks(f->state, f->filter, f->fold, first, count);
}

/*
 * Argument argno of the aggregate call, if it is a non-NULL constant:
 * over zero rows the transition function never ran, so the sizing arguments
 * are read from the call itself.
 */
static bool
bloom_constant_aggregate_arg(FunctionCallInfo fcinfo, int argno, Datum *value)
{
	Aggref	   *aggref = AggGetAggref(fcinfo);
	TargetEntry *entry;

	if (aggref == NULL || list_length(aggref->args) <= argno)
		return false;
	entry = list_nth_node(TargetEntry, aggref->args, argno);
	if (!IsA(entry->expr, Const) || ((Const *) entry->expr)->constisnull)
		return false;
	*value = ((Const *) entry->expr)->constvalue;
	return true;
}

/*
 * The empty filter of zero rows: the shape the sizing arguments ask for when
 * they are constants (bloom_agg(x, n, p): that of bloom_empty(n, p)), else
 * one block at the default rate.  It contains nothing, and an empty filter
 * combines with any other.
 */
static bytea *
bloom_zero_rows_filter(FunctionCallInfo fcinfo)
{
	Aggref	   *aggref = AggGetAggref(fcinfo);
	int			nargs = aggref != NULL ? list_length(aggref->args) : 1;
	Datum		n_datum;
	Datum		p_datum;
	int64		n = 0;
	double		p = BLOOM_DEFAULT_P;

	/*
	 * bloom_agg(x, shape): NULL.  A shape that is not a constant is unknown
	 * without a row, and a constant one could become a parameter in a generic
	 * plan: NULL whatever the plan (and f | NULL is f).
	 */
	if (nargs == 2 && list_nth_oid(aggref->aggargtypes, 1) != FLOAT8OID)
		return NULL;

	if (nargs >= 2 && bloom_constant_aggregate_arg(fcinfo, nargs - 1, &p_datum))
		p = DatumGetFloat8(p_datum);
	if (nargs == 3 && bloom_constant_aggregate_arg(fcinfo, 1, &n_datum))
		n = DatumGetInt64(n_datum);
	return bloom_make_empty(n, p);
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

		if (bf_plan((int64) header.rows, header.p, &needed, &needed_k) == BF_ERR_TOO_LARGE || needed > nblocks)
			ereport(WARNING,
					(errmsg("bloom_agg saw " UINT64_FORMAT " rows, more than a self-sized filter holds at rate %g",
							header.rows, header.p),
					 errdetail("Every value is in the filter, but its false-positive rate is above %g.", header.p),
					 errhint("Give the number of rows: bloom_agg(x, n, p).")));
	}

	result = bloom_alloc_varlena(bf_filter_bytes(nblocks));
	/* the final build adds at random all over it: huge pages spare TLB misses */
	bloom_advise_huge_pages(result, bf_filter_bytes(nblocks) + VARHDRSZ);
	result_blocks = BLOOM_BYTES(result) + BF_HEADER_BYTES;
	if (fold == 1)
	{
		BloomBlockCopy copy = {result_blocks, bf_state_filter(BLOOM_BYTES(state)) + BF_HEADER_BYTES, false};

		bloom_for_each_chunk(nblocks, bloom_block_copy_chunk, &copy);
	}
	else
	{
		memset(result_blocks, 0, nblocks * BF_BLOCK_BYTES);
		if (fold > 1)
		{
			BloomFinalFold fold_work = {BLOOM_BYTES(state), BLOOM_BYTES(result), fold};

			bloom_for_each_chunk_scaled(nblocks, fold, bloom_final_fold_chunk, &fold_work);
		}
	}
	bf_state_final_finish(BLOOM_BYTES(state), BLOOM_BYTES(result), nblocks, k);
	if (header.mode == BF_STATE_MODE_HASHES)
		bloom_add_hashes_interruptible(BLOOM_BYTES(result), bf_state_hashes(BLOOM_BYTES(state)), header.rows);
	PG_RETURN_BYTEA_P(result);
}

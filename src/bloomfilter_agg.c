/*
 * bloomfilter_agg.c - bloom_agg: transition, combine and final functions.
 *
 * The state (bloom_agg_state, see bf_aggstate.h) is a varlena that lives in
 * the aggregate's memory context.  Inside an aggregate the transition and
 * combine functions own it and update it in place, returning the same
 * pointer, so the executor copies nothing per row.  When the state must grow
 * (more hash slots, or the switch to a filter) a new value is built in the
 * per-row memory context and returned; the executor copies it into the
 * aggregate context once and frees the old one.  The final function only
 * reads the state: with window functions it may run more than once.
 */
#include "bloomfilter.h"

#include "bf_aggstate.h"

static bytea *
bloom_state_alloc(uint64_t bytes)
{
	return bloom_alloc_varlena(bytes);
}

/* A new state of one of the two modes, for the arguments of the first row. */
static bytea *
bloom_state_new(bool fixed, int64 n, double p)
{
	uint64_t	nblocks;
	int			k;
	bytea	   *state;

	if (fixed)
	{
		bloom_check_status(bf_plan(n, p, &nblocks, &k), BLOOM_FROM_STORAGE);
		state = bloom_state_alloc(bf_state_bytes_filter(nblocks));
		bf_state_init_filter(BLOOM_BYTES(state), nblocks, k, BF_STATE_SIZING_FIXED, p, (uint64_t) n);
		return state;
	}
	/* checks p now, not after the scan */
	bloom_check_status(bf_plan(0, p, &nblocks, &k), BLOOM_FROM_STORAGE);
	state = bloom_state_alloc(bf_state_bytes_hashes(BF_AGG_INITIAL_HASHES));
	bf_state_init_hashes(BLOOM_BYTES(state), BF_AGG_INITIAL_HASHES, p);
	return state;
}

/* Mode hashes, with room for `capacity` hashes: the same rows, more slots. */
static bytea *
bloom_state_grow_hashes(bytea *state, uint32 capacity)
{
	bf_state_header header;
	bytea	   *grown = bloom_state_alloc(bf_state_bytes_hashes(capacity));

	bf_state_read_header(BLOOM_BYTES(state), &header);
	memcpy(BLOOM_BYTES(grown), BLOOM_BYTES(state), bf_state_bytes_hashes(header.hash_capacity));
	header.hash_capacity = capacity;
	bf_state_write_header(BLOOM_BYTES(grown), &header);
	return grown;
}

/* Mode filter (auto-sized, foldable), holding every hash of a mode-hashes state. */
static bytea *
bloom_state_to_filter(bytea *state)
{
	bf_state_header header;
	uint64_t	nblocks;
	int			k;
	bytea	   *filter_state;

	bf_state_read_header(BLOOM_BYTES(state), &header);
	bloom_check_status(bf_state_auto_blocks(header.p, &nblocks, &k), BLOOM_FROM_STORAGE);
	filter_state = bloom_state_alloc(bf_state_bytes_filter(nblocks));
	bf_state_init_filter(BLOOM_BYTES(filter_state), nblocks, k, BF_STATE_SIZING_AUTO, header.p, 0);
	bf_state_add_hashes_le(BLOOM_BYTES(filter_state), bf_state_hashes(BLOOM_BYTES(state)), header.rows);
	bf_state_set_counts(BLOOM_BYTES(filter_state), header.value_kind, header.rows);
	return filter_state;
}

/*
 * Makes room for `more` hashes in a mode-hashes state: doubles the slots, or
 * past BF_AGG_MAX_HASHES switches to a filter.  Returns the state to use.
 */
static bytea *
bloom_state_reserve(bytea *state, uint64 more)
{
	bf_state_header header;
	uint64		wanted;
	uint64		capacity;

	bf_state_read_header(BLOOM_BYTES(state), &header);
	if (header.mode != BF_STATE_MODE_HASHES)
		return state;
	wanted = header.rows + more;
	if (wanted <= header.hash_capacity)
		return state;
	if (wanted > BF_AGG_MAX_HASHES)
		return bloom_state_to_filter(state);
	for (capacity = Max(header.hash_capacity, BF_AGG_INITIAL_HASHES); capacity < wanted; capacity *= 2)
		;
	return bloom_state_grow_hashes(state, (uint32) capacity);
}

static void
bloom_require_aggregate(FunctionCallInfo fcinfo, const char *name)
{
	if (!AggCheckCallContext(fcinfo, NULL))
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("%s called in a non-aggregate context", name)));
}

/*
 * bloom_agg_trans(state, value [, [n,] p]).  The sizing arguments are read
 * on the first row and must not change; p defaults to BLOOM_DEFAULT_P.
 */
PG_FUNCTION_INFO_V1(bloom_agg_trans);
Datum
bloom_agg_trans(PG_FUNCTION_ARGS)
{
	bytea	   *state;
	bf_state_header header;
	uint32		value_kind;
	uint32		kind;
	uint64		hash;

	bloom_require_aggregate(fcinfo, "bloom_agg_trans");

	if (PG_ARGISNULL(0))
	{
		int			p_argno = PG_NARGS() - 1;
		bool		fixed = PG_NARGS() == 4;

		if ((PG_NARGS() >= 3 && PG_ARGISNULL(p_argno)) || (fixed && PG_ARGISNULL(2)))
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("bloom_agg sizing arguments must not be null")));
		state = bloom_state_new(fixed, fixed ? PG_GETARG_INT64(2) : 0,
								PG_NARGS() >= 3 ? PG_GETARG_FLOAT8(p_argno) : BLOOM_DEFAULT_P);
	}
	else
		state = PG_GETARG_BYTEA_P(0);

	if (PG_ARGISNULL(1))
		PG_RETURN_BYTEA_P(state);

	hash = bloom_hash_arg(fcinfo, 1, &value_kind);
	bf_state_read_header(BLOOM_BYTES(state), &header);
	if (header.mode == BF_STATE_MODE_HASHES && header.rows == header.hash_capacity)
		state = bloom_state_reserve(state, 1);
	bloom_check_status(bf_combine_kinds(header.value_kind, value_kind, &kind), BLOOM_FROM_STORAGE);
	bf_state_add(BLOOM_BYTES(state), hash, kind);
	PG_RETURN_BYTEA_P(state);
}

/* A private copy of argument argno, for a combine function to return. */
static bytea *
bloom_state_copy_arg(FunctionCallInfo fcinfo, int argno)
{
	return (bytea *) PG_DETOAST_DATUM_COPY(PG_GETARG_DATUM(argno));
}

/*
 * Combines partial states (parallel workers, or Citus workers).  Both were
 * made for the same sizing arguments; a state received from elsewhere was
 * validated by its input function.
 */
PG_FUNCTION_INFO_V1(bloom_agg_combine);
Datum
bloom_agg_combine(PG_FUNCTION_ARGS)
{
	bytea	   *state;
	bytea	   *other;
	bf_state_header header;
	bf_state_header other_header;
	uint32		kind;

	bloom_require_aggregate(fcinfo, "bloom_agg_combine");
	if (PG_ARGISNULL(1))
	{
		if (PG_ARGISNULL(0))
			PG_RETURN_NULL();
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	}
	if (PG_ARGISNULL(0))
		PG_RETURN_BYTEA_P(bloom_state_copy_arg(fcinfo, 1));

	state = PG_GETARG_BYTEA_P(0);
	other = PG_GETARG_BYTEA_P(1);
	bloom_check_status(bf_state_check(BLOOM_BYTES(state), BLOOM_LENGTH(state), &header), BLOOM_FROM_STORAGE);
	bloom_check_status(bf_state_check(BLOOM_BYTES(other), BLOOM_LENGTH(other), &other_header), BLOOM_FROM_STORAGE);
	if (header.sizing != other_header.sizing || header.p != other_header.p ||
		header.design_n != other_header.design_n)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_EXCEPTION),
				 errmsg("cannot combine bloom_agg states built with different sizing arguments")));
	bloom_check_status(bf_combine_kinds(header.value_kind, other_header.value_kind, &kind), BLOOM_FROM_STORAGE);

	/* keep the state that is a filter, if either is */
	if (header.mode == BF_STATE_MODE_HASHES && other_header.mode == BF_STATE_MODE_FILTER)
	{
		bytea	   *swap = state;

		state = bloom_state_copy_arg(fcinfo, 1);
		other = swap;
		bf_state_read_header(BLOOM_BYTES(state), &header);
		bf_state_read_header(BLOOM_BYTES(other), &other_header);
	}

	if (other_header.mode == BF_STATE_MODE_HASHES)
	{
		state = bloom_state_reserve(state, other_header.rows);
		bf_state_read_header(BLOOM_BYTES(state), &header);
		if (header.mode == BF_STATE_MODE_HASHES)
			memcpy(bf_state_hashes(BLOOM_BYTES(state)) + 8 * header.rows,
				   bf_state_hashes(BLOOM_BYTES(other)), 8 * other_header.rows);
		else
			bf_state_add_hashes_le(BLOOM_BYTES(state), bf_state_hashes(BLOOM_BYTES(other)), other_header.rows);
	}
	else
	{
		uint8_t    *filter = bf_state_filter(BLOOM_BYTES(state));
		uint8_t    *other_filter = bf_state_filter(BLOOM_BYTES(other));

		if (bf_load_u64(filter + BF_OFF_NBLOCKS) != bf_load_u64(other_filter + BF_OFF_NBLOCKS) ||
			filter[BF_OFF_K] != other_filter[BF_OFF_K])
			bloom_check_status(BF_ERR_INCOMPATIBLE, BLOOM_FROM_STORAGE);
		bf_or_blocks(filter + BF_HEADER_BYTES, other_filter + BF_HEADER_BYTES, 0,
					 bf_load_u64(filter + BF_OFF_NBLOCKS));
		bf_state_add_parked_into(BLOOM_BYTES(other), filter);
	}
	bf_state_set_counts(BLOOM_BYTES(state), kind, header.rows + other_header.rows);
	PG_RETURN_BYTEA_P(state);
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
 * The filter of a state.  Zero rows reach here as a NULL state and give an
 * empty filter (one block, sized for the default rate), which contains
 * nothing and combines with any filter.
 */
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
	BloomFinalFold fold_work;

	if (PG_ARGISNULL(0))
		PG_RETURN_BYTEA_P(bloom_make_empty(0, BLOOM_DEFAULT_P));

	state = PG_GETARG_BYTEA_P(0);
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
	if (fold == 1)
		memcpy(BLOOM_BYTES(result) + BF_HEADER_BYTES,
			   bf_state_filter(BLOOM_BYTES(state)) + BF_HEADER_BYTES, nblocks * BF_BLOCK_BYTES);
	else
	{
		memset(BLOOM_BYTES(result) + BF_HEADER_BYTES, 0, nblocks * BF_BLOCK_BYTES);
		if (fold > 1)
		{
			fold_work.state = BLOOM_BYTES(state);
			fold_work.filter = BLOOM_BYTES(result);
			fold_work.fold = fold;
			bloom_for_each_chunk(nblocks, bloom_final_fold_chunk, &fold_work);
		}
	}
	bf_state_final_finish(BLOOM_BYTES(state), BLOOM_BYTES(result), nblocks, k);
	PG_RETURN_BYTEA_P(result);
}

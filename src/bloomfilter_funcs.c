/*
 * bloomfilter_funcs.c - sizing helpers, adding values, set algebra, info.
 */
#include "bloomfilter.h"

#include "access/htup_details.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/builtins.h"

/* ---- sizing helpers (classic formulas, see bf_sizing.c) ---- */

PG_FUNCTION_INFO_V1(bloom_optimal_m);
Datum
bloom_optimal_m(PG_FUNCTION_ARGS)
{
	int64_t		m;

	bloom_check_status(bf_optimal_m(PG_GETARG_INT64(0), PG_GETARG_FLOAT8(1), &m), BLOOM_FROM_STORAGE);
	PG_RETURN_INT64(m);
}

PG_FUNCTION_INFO_V1(bloom_optimal_k);
Datum
bloom_optimal_k(PG_FUNCTION_ARGS)
{
	int32_t		k;

	bloom_check_status(bf_optimal_k(PG_GETARG_INT64(0), PG_GETARG_INT64(1), &k), BLOOM_FROM_STORAGE);
	PG_RETURN_INT32(k);
}

PG_FUNCTION_INFO_V1(bloom_fpp);
Datum
bloom_fpp(PG_FUNCTION_ARGS)
{
	double		fpp;

	bloom_check_status(bf_fpp(PG_GETARG_INT64(0), PG_GETARG_INT64(1), PG_GETARG_INT32(2), &fpp),
					   BLOOM_FROM_STORAGE);
	PG_RETURN_FLOAT8(fpp);
}

PG_FUNCTION_INFO_V1(bloom_capacity);
Datum
bloom_capacity(PG_FUNCTION_ARGS)
{
	int64_t		n;

	bloom_check_status(bf_capacity(PG_GETARG_INT64(0), PG_GETARG_INT32(1), PG_GETARG_FLOAT8(2), &n),
					   BLOOM_FROM_STORAGE);
	PG_RETURN_INT64(n);
}

PG_FUNCTION_INFO_V1(bloom_empty);
Datum
bloom_empty(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(bloom_make_empty(PG_GETARG_INT64(0), PG_GETARG_FLOAT8(1)));
}

/* ---- membership ---- */

void
bloom_check_value_kind(const bf_header *header, uint32 value_kind)
{
	bloom_check_kind(header->value_kind, value_kind, "bloom filter");
}

void
bloom_check_kind(uint32 filter_kind, uint32 value_kind, const char *holder)
{
	if (filter_kind != BF_KIND_NONE && filter_kind != value_kind)
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("%s holds %s values, not %s values", holder,
						bloom_kind_name(filter_kind, true), bloom_kind_name(value_kind, true)),
				 (value_kind == BF_KIND_TEXT && (filter_kind & BF_KIND_NAMED_FLAG)) ?
				 errhint("A constant of a type with an implicit cast to text, such as citext, is folded to text "
						 "before the call; probe with a column or an expression, or with (SELECT constant).") :
				 errhint("Cast the value to the type the filter was built from.")));
}

/*
 * bloom_add(filter, value): a new filter with the value added.  The input is
 * never modified.  A NULL value adds nothing; a NULL filter gives NULL.
 */
PG_FUNCTION_INFO_V1(bloom_add);
Datum
bloom_add(PG_FUNCTION_ARGS)
{
	bf_header	header;
	bytea	   *result;
	uint32		value_kind;
	uint64		hash;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	if (PG_ARGISNULL(1))
	{
		(void) bloom_filter_arg(fcinfo, 0, &header);
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	}
	hash = bloom_hash_arg(fcinfo, 1, &value_kind);
	result = bloom_filter_arg_copy(fcinfo, 0, &header);
	bloom_check_value_kind(&header, value_kind);
	bf_add_hash(bf_view_of(BLOOM_BYTES(result)), hash);
	bf_store_u32(BLOOM_BYTES(result) + BF_OFF_VALUE_KIND, value_kind);
	if (header.n_added < UINT64_MAX)
		bf_store_u64(BLOOM_BYTES(result) + BF_OFF_N_ADDED, header.n_added + 1);
	PG_RETURN_BYTEA_P(result);
}

/*
 * bloom_add_all(filter, values anyarray): a new filter with every non-NULL
 * element added, in one copy of the filter (a blacklist grows by a batch in
 * one UPDATE).  A NULL array adds nothing; a NULL filter gives NULL.
 */
PG_FUNCTION_INFO_V1(bloom_add_all);
Datum
bloom_add_all(PG_FUNCTION_ARGS)
{
	bf_header	header;
	bytea	   *result;
	uint64	   *hashes;
	int			count;
	uint32		value_kind;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	if (PG_ARGISNULL(1))
	{
		(void) bloom_filter_arg(fcinfo, 0, &header);
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	}
	hashes = bloom_hash_array_arg(fcinfo, 1, &count, &value_kind);
	result = bloom_filter_arg_copy(fcinfo, 0, &header);
	if (count == 0)
		PG_RETURN_BYTEA_P(result);
	bloom_check_value_kind(&header, value_kind);
	for (int first = 0; first < count; first += (int) BLOOM_HASHES_PER_CHUNK)
	{
		CHECK_FOR_INTERRUPTS();
		bf_add_hashes(bf_view_of(BLOOM_BYTES(result)), hashes + first,
					  (size_t) Min((uint64) (count - first), BLOOM_HASHES_PER_CHUNK));
	}
	bf_store_u32(BLOOM_BYTES(result) + BF_OFF_VALUE_KIND, value_kind);
	bf_store_u64(BLOOM_BYTES(result) + BF_OFF_N_ADDED,
				 bf_sat_add_u64(header.n_added, (uint64) count));
	PG_RETURN_BYTEA_P(result);
}

/*
 * bloom_shard(value, shards): which of `shards` filters a value belongs in,
 * 0 .. shards-1.  It takes the low 32 bits of the value's hash, which the
 * block choice (the high 32 bits) does not use: within one shard the values
 * still spread over every block of its filter.
 */
PG_FUNCTION_INFO_V1(bloom_shard);
Datum
bloom_shard(PG_FUNCTION_ARGS)
{
	int32		shards = PG_GETARG_INT32(1);
	uint32		value_kind;
	uint64		hash;

	if (shards < 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("number of shards must be at least 1, not %d", shards)));
	hash = bloom_hash_arg(fcinfo, 0, &value_kind);
	PG_RETURN_INT32((int32) (((hash & UINT64CONST(0xffffffff)) * (uint64) shards) >> 32));
}

/* ---- union and intersection ---- */

/*
 * a | b or a & b (the rules are bf_plan_combine's).  The result may be a
 * itself, updated in place when a_writable, or b itself, unchanged.
 */
static bytea *
bloom_combine(bytea *a, const bf_header *a_header, bool a_writable, bytea *b, const bf_header *b_header,
			  bool intersect)
{
	bf_combine_plan plan;
	bytea	   *result;

	bloom_check_status(bf_plan_combine(a_header, b_header, intersect, &plan), BLOOM_FROM_STORAGE);
	if (plan.result_is == BF_RESULT_A)
		return a;
	if (plan.result_is == BF_RESULT_B)
		return b;
	result = a_writable && plan.fold_a == 1 ? a : bloom_alloc_varlena(bf_filter_bytes(plan.result.nblocks));
	bf_combine_run_chunked(&plan, BLOOM_BYTES(result) + BF_HEADER_BYTES, BLOOM_BYTES(a) + BF_HEADER_BYTES,
						   BLOOM_BYTES(b) + BF_HEADER_BYTES, BLOOM_BLOCKS_PER_CHUNK, bloom_check_interrupts);
	bf_write_header(BLOOM_BYTES(result), &plan.result);
	return result;
}

static void
bloom_check_arg(FunctionCallInfo fcinfo, int argno)
{
	bf_header	header;

	(void) bloom_filter_arg(fcinfo, argno, &header);
}

PG_FUNCTION_INFO_V1(bloom_union);
Datum
bloom_union(PG_FUNCTION_ARGS)
{
	bf_header	a_header,
				b_header;
	bytea	   *a;
	bytea	   *b;
	Datum		result;

	if (bloom_union_nulls(fcinfo, bloom_check_arg, &result))
		return result;
	a = bloom_filter_arg(fcinfo, 0, &a_header);
	b = bloom_filter_arg(fcinfo, 1, &b_header);
	PG_RETURN_BYTEA_P(bloom_combine(a, &a_header, false, b, &b_header, false));
}

PG_FUNCTION_INFO_V1(bloom_intersect);
Datum
bloom_intersect(PG_FUNCTION_ARGS)
{
	bf_header	a_header,
				b_header;
	bytea	   *a = bloom_filter_arg(fcinfo, 0, &a_header);
	bytea	   *b = bloom_filter_arg(fcinfo, 1, &b_header);

	PG_RETURN_BYTEA_P(bloom_combine(a, &a_header, false, b, &b_header, true));
}

/*
 * bloom_union_agg(filter): its state is a bloomfilter, so it is its own
 * combine function.  Inside an aggregate the state belongs to us and is
 * updated in place; a fold returns a new value, which the executor copies.
 */
PG_FUNCTION_INFO_V1(bloom_union_agg_trans);
Datum
bloom_union_agg_trans(PG_FUNCTION_ARGS)
{
	bf_header	state_header,
				value_header;
	bytea	   *state;
	bytea	   *value;
	Datum		result;

	(void) bloom_aggregate_context(fcinfo, "bloom_union_agg_trans");
	if (bloom_union_nulls(fcinfo, bloom_check_arg, &result))
		return result;
	state = bloom_filter_arg(fcinfo, 0, &state_header);
	value = bloom_filter_arg(fcinfo, 1, &value_header);
	PG_RETURN_BYTEA_P(bloom_combine(state, &state_header, true, value, &value_header, false));
}

/* ---- bloom_info ---- */

/*
 * The bits of a stored filter, counted slice by slice: bloom_info never holds
 * a whole filter of hundreds of megabytes in memory.
 */
#define BLOOM_INFO_SLICE_BLOCKS	UINT64_C(16384)	/* 1 MiB */

static void
bloom_stats_stored(struct varlena *stored, const bf_header *header, bf_stats *stats)
{
	for (uint64 first = 0; first < header->nblocks; first += BLOOM_INFO_SLICE_BLOCKS)
	{
		uint64		count = Min(BLOOM_INFO_SLICE_BLOCKS, header->nblocks - first);
		bytea	   *slice = bloom_stored_slice(stored, BF_HEADER_BYTES + first * BF_BLOCK_BYTES,
											   count * BF_BLOCK_BYTES);

		CHECK_FOR_INTERRUPTS();
		bf_stats_blocks(BLOOM_BYTES(slice), header->k, 0, count, stats);
		pfree(slice);
	}
}

/*
 * bloom_info(filter, count_bits DEFAULT true).  The header fields come from
 * the header alone: of a stored filter, bloom_info reads 52 bytes.  The bit
 * statistics (bits_set, fill_ratio, fpp, cardinality) read every block, and
 * count_bits => false leaves them NULL.
 */
PG_FUNCTION_INFO_V1(bloom_info);
Datum
bloom_info(PG_FUNCTION_ARGS)
{
	bool		count_bits = PG_NARGS() < 2 || PG_GETARG_BOOL(1);
	bf_header	header;
	struct varlena *stored;
	uint64		bytes;
	uint64_t	m;
	bf_stats	stats = {0, 0.0, 0.0};
	TupleDesc	descriptor;
	Datum		values[12];
	bool		nulls[12] = {false};

	if (get_call_result_type(fcinfo, NULL, &descriptor) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "bloom_info must return a record");
	descriptor = BlessTupleDesc(descriptor);

	if (bloom_stored_header(fcinfo, 0, &header, &stored))
	{
		if (count_bits)
			bloom_stats_stored(stored, &header, &stats);
	}
	else
	{
		const uint8_t *filter = bloom_filter_bytes_arg(fcinfo, 0, &header);
		BloomChunks chunks = bloom_chunks(count_bits ? header.nblocks : 0, 1);

		while (bloom_next_chunk(&chunks))
			bf_stats_blocks(filter + BF_HEADER_BYTES, header.k, chunks.first, chunks.count, &stats);
	}
	m = header.nblocks * BF_BLOCK_BITS;
	bytes = bf_filter_bytes(header.nblocks) + VARHDRSZ;

	values[0] = Int64GetDatum((int64) m);
	values[1] = Int32GetDatum(header.k);
	values[2] = Int64GetDatum((int64) Min(header.n_added, (uint64) PG_INT64_MAX));
	values[3] = Int64GetDatum((int64) stats.bits_set);
	values[4] = Float8GetDatum((double) stats.bits_set / (double) m);
	values[5] = Float8GetDatum(stats.fpp_sum / (double) header.nblocks);
	values[6] = Float8GetDatum(stats.cardinality);
	nulls[3] = nulls[4] = nulls[5] = nulls[6] = !count_bits;
	values[7] = Int32GetDatum((int32) bytes);
	values[8] = Int64GetDatum((int64) Min(header.design_n, (uint64) PG_INT64_MAX));
	values[9] = Float8GetDatum(header.design_p);
	values[10] = CStringGetTextDatum(bloom_kind_name(header.value_kind, false));
	values[11] = Int32GetDatum(header.version);
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(descriptor, values, nulls)));
}

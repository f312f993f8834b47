/*
 * bloomfilter_counting.c - the SQL face of countingbloom, a counting Bloom
 * filter in bloomfilter's layout (the core is bf_counting.c): I/O, add and
 * remove, probes, union, the cast to bloomfilter, info and the aggregate.
 */
#include "bloomfilter.h"

#include "access/htup_details.h"
#include "funcapi.h"
#include "utils/builtins.h"

#include "bf_aggstate.h"
#include "bf_counting.h"

#define COUNTING_TYPE_NAME	"countingbloom"

/* ---- values ---- */

static void
counting_validate(const uint8_t *bytes, uint64_t length, BloomValueSource source)
{
	bf_header	header;

	bloom_check_status_of(cbf_validate(bytes, length, &header, BLOOM_BLOCKS_PER_CHUNK, bloom_check_interrupts),
						  source, COUNTING_TYPE_NAME);
}

static bytea *
counting_checked(bytea *value, bf_header *header)
{
	bloom_check_status_of(cbf_check_header(BLOOM_BYTES(value), BLOOM_LENGTH(value), header), BLOOM_FROM_STORAGE,
						  COUNTING_TYPE_NAME);
	return value;
}

/* Argument argno detoasted (a copy if `copy`, which the caller may modify), header checked. */
static bytea *
counting_arg(FunctionCallInfo fcinfo, int argno, bool copy, bf_header *header)
{
	Datum		datum = PG_GETARG_DATUM(argno);

	return counting_checked((bytea *) (copy ? PG_DETOAST_DATUM_COPY(datum) : PG_DETOAST_DATUM(datum)), header);
}

static void
counting_check_arg(FunctionCallInfo fcinfo, int argno)
{
	bf_header	header;

	(void) counting_arg(fcinfo, argno, false, &header);
}

/* bf_plan for a counting filter, whose blocks are 4 times a bloomfilter's bytes: a lower limit */
static void
counting_plan_checked(int64 n, double p, uint64_t *nblocks, int *k)
{
	bloom_check_status_of(bf_plan(n, p, nblocks, k), BLOOM_FROM_STORAGE, COUNTING_TYPE_NAME);
	if (*nblocks > CBF_MAX_BLOCKS)
		bloom_check_status_of(BF_ERR_TOO_LARGE, BLOOM_FROM_STORAGE, COUNTING_TYPE_NAME);
}

static bytea *
counting_make_empty(int64 n, double p)
{
	uint64_t	nblocks;
	int			k;
	bytea	   *result;

	counting_plan_checked(n, p, &nblocks, &k);
	result = bloom_alloc_varlena(cbf_filter_bytes(nblocks));
	cbf_init(BLOOM_BYTES(result), nblocks, k, BF_KIND_NONE, (uint64_t) n, p);
	return result;
}

PG_FUNCTION_INFO_V1(countingbloom_in);
Datum
countingbloom_in(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(bloom_from_base64(PG_GETARG_CSTRING(0), counting_validate, BLOOM_FROM_TEXT, COUNTING_TYPE_NAME));
}

PG_FUNCTION_INFO_V1(countingbloom_out);
Datum
countingbloom_out(PG_FUNCTION_ARGS)
{
	bf_header	header;

	PG_RETURN_CSTRING(bloom_to_base64(counting_arg(fcinfo, 0, false, &header)));
}

PG_FUNCTION_INFO_V1(countingbloom_recv);
Datum
countingbloom_recv(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(bloom_from_binary((StringInfo) PG_GETARG_POINTER(0), counting_validate, BLOOM_FROM_BINARY));
}

PG_FUNCTION_INFO_V1(countingbloom_send);
Datum
countingbloom_send(PG_FUNCTION_ARGS)
{
	bf_header	header;

	PG_RETURN_BYTEA_P(bloom_to_binary(counting_arg(fcinfo, 0, false, &header)));
}

PG_FUNCTION_INFO_V1(countingbloom_empty);
Datum
countingbloom_empty(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(counting_make_empty(PG_GETARG_INT64(0), PG_GETARG_FLOAT8(1)));
}

/* ---- add and remove ---- */

static void
counting_store_counts(bytea *filter, uint32 value_kind, uint64 n_added)
{
	bf_store_u32(BLOOM_BYTES(filter) + BF_OFF_VALUE_KIND, value_kind);
	bf_store_u64(BLOOM_BYTES(filter) + BF_OFF_N_ADDED, n_added);
}

/*
 * Adds (or removes) the hashes to a copy of the filter argument; returns
 * the copy.  Removes count only the hashes found.
 */
static bytea *
counting_apply(FunctionCallInfo fcinfo, const uint64 *hashes, int count, uint32 value_kind, bool remove)
{
	bf_header	header;
	bytea	   *result = counting_arg(fcinfo, 0, true, &header);
	bf_view		view = cbf_view_of(BLOOM_BYTES(result));
	uint64		n_added = header.n_added;

	if (count == 0)
		return result;
	bloom_check_kind(header.value_kind, value_kind, "counting bloom filter");
	for (int i = 0; i < count; i++)
	{
		if ((i & 0xFFFF) == 0)
			CHECK_FOR_INTERRUPTS();
		if (!remove)
		{
			cbf_add_hash(view, hashes[i]);
			n_added = bf_sat_add_u64(n_added, 1);
		}
		else if (cbf_remove_hash(view, hashes[i]) && n_added > 0)
			n_added--;
	}
	/* a remove from a filter that never held anything leaves it empty, kind none */
	counting_store_counts(result, remove ? header.value_kind : value_kind, n_added);
	return result;
}

/*
 * countingbloom_add(filter, value) and countingbloom_remove(filter, value):
 * a new filter; the input is never modified.  A NULL value changes nothing;
 * a NULL filter gives NULL.
 */
static Datum
counting_add_or_remove(FunctionCallInfo fcinfo, bool remove)
{
	bf_header	header;
	uint32		value_kind;
	uint64		hash;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	if (PG_ARGISNULL(1))
	{
		(void) counting_arg(fcinfo, 0, false, &header);
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	}
	hash = bloom_hash_arg(fcinfo, 1, &value_kind);
	PG_RETURN_BYTEA_P(counting_apply(fcinfo, &hash, 1, value_kind, remove));
}

/* countingbloom_add_all / countingbloom_remove_all(filter, values anyarray): in one copy */
static Datum
counting_add_or_remove_all(FunctionCallInfo fcinfo, bool remove)
{
	bf_header	header;
	uint32		value_kind;
	uint64	   *hashes;
	int			count;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	if (PG_ARGISNULL(1))
	{
		(void) counting_arg(fcinfo, 0, false, &header);
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	}
	hashes = bloom_hash_array_arg(fcinfo, 1, &count, &value_kind);
	PG_RETURN_BYTEA_P(counting_apply(fcinfo, hashes, count, value_kind, remove));
}

PG_FUNCTION_INFO_V1(countingbloom_add);
Datum
countingbloom_add(PG_FUNCTION_ARGS)
{
	return counting_add_or_remove(fcinfo, false);
}

PG_FUNCTION_INFO_V1(countingbloom_remove);
Datum
countingbloom_remove(PG_FUNCTION_ARGS)
{
	return counting_add_or_remove(fcinfo, true);
}

PG_FUNCTION_INFO_V1(countingbloom_add_all);
Datum
countingbloom_add_all(PG_FUNCTION_ARGS)
{
	return counting_add_or_remove_all(fcinfo, false);
}

PG_FUNCTION_INFO_V1(countingbloom_remove_all);
Datum
countingbloom_remove_all(PG_FUNCTION_ARGS)
{
	return counting_add_or_remove_all(fcinfo, true);
}

/* ---- probes ---- */

/*
 * A stored filter probed at one point reads its header and the one
 * 256-byte block of each hash, through TOAST slices.
 */
static bool
counting_probe_slices(struct varlena *stored, uint64 stored_bytes, const uint64 *hashes, int hash_count,
					  uint32 value_kind)
{
	bytea	   *slice = bloom_stored_slice(stored, 0, BF_HEADER_BYTES);
	bf_header	header;
	bool		member = false;

	bloom_check_status_of(cbf_check_header(BLOOM_BYTES(slice), stored_bytes, &header), BLOOM_FROM_STORAGE,
						  COUNTING_TYPE_NAME);
	pfree(slice);
	if (header.value_kind == BF_KIND_NONE)
		return false;
	bloom_check_kind(header.value_kind, value_kind, "counting bloom filter");
	for (int i = 0; i < hash_count && !member; i++)
	{
		uint64		block = bf_block_of(hashes[i], header.nblocks);

		slice = bloom_stored_slice(stored, BF_HEADER_BYTES + block * CBF_BLOCK_BYTES, CBF_BLOCK_BYTES);
		member = cbf_block_contains_hash(BLOOM_BYTES(slice), header.k, hashes[i]);
		pfree(slice);
	}
	return member;
}

/* Its blocks follow the header (bloom_value_bytes_arg). */
static uint64
counting_first_block(const uint8_t *bytes, uint64 available)
{
	return BF_HEADER_BYTES;
}

/* The blocks of the cast to bloomfilter, which probes of a kept filter read (bloomfilter.h). */
static uint64
counting_cast_bytes(const uint8_t *counting)
{
	return cbf_view_of((uint8_t *) counting).nblocks * BF_BLOCK_BYTES;
}

static void
counting_cast_blocks(const uint8_t *counting, void *bloom_blocks)
{
	BloomChunks chunks = bloom_chunks(cbf_view_of((uint8_t *) counting).nblocks, CBF_BLOCK_BYTES / BF_BLOCK_BYTES);

	while (bloom_next_chunk(&chunks))
		cbf_to_bloom_blocks(counting + BF_HEADER_BYTES, bloom_blocks, chunks.first, chunks.count);
}

static const BloomDeriver counting_cast = {counting_cast_bytes, counting_cast_blocks};

static pg_noinline bool
counting_probe_slow(FunctionCallInfo fcinfo, int filter_argno, int value_argno)
{
	uint64		hashes[BLOOM_PROBE_MAX_HASHES];
	uint32		value_kind;
	int			hash_count = bloom_probe_hashes_arg(fcinfo, value_argno, hashes, &value_kind);
	struct varlena *stored;
	uint64		length;
	const uint8_t *bytes;
	bf_header	header;
	bool		member = false;

	if (bloom_probe_in_slices(fcinfo, filter_argno, &stored, &length))
		return counting_probe_slices(stored, length, hashes, hash_count, value_kind);
	bytes = bloom_value_bytes_arg(fcinfo, filter_argno, counting_first_block, &length);
	bloom_check_status_of(cbf_check_header(bytes, length, &header), BLOOM_FROM_STORAGE, COUNTING_TYPE_NAME);
	if (header.value_kind != BF_KIND_NONE)
		bloom_check_kind(header.value_kind, value_kind, "counting bloom filter");
	bloom_other_remember(fcinfo, filter_argno, bytes, length);
	for (int i = 0; i < hash_count && !member; i++)
		member = cbf_contains_hash(cbf_view_of((uint8_t *) bytes), hashes[i]);
	return member;
}

/*
 * The fast path: the filter this call site checked on an earlier row, and a
 * value of a fixed kind (bloomfilter.h), need only a hash and one block.
 * An empty filter (kind none) has no counter set, so it answers false here.
 * A stored filter kept whole is probed in its cast, whose 64-byte block
 * holds the answer (a counter > 0 is a set bit) in one cache line, where
 * the counters' block is four.
 */
static pg_attribute_always_inline bool
counting_probe(FunctionCallInfo fcinfo, int filter_argno, int value_argno)
{
	const uint8_t *known = bloom_other_known(fcinfo, filter_argno);
	const uint8_t *cast;
	bf_view		view;
	uint64		hash;

	if (known != NULL &&
		bloom_fast_hash_unpadded(bloom_call_cache(fcinfo)->hashing.fast_encoding, PG_GETARG_DATUM(value_argno), &hash))
	{
		view = cbf_view_of((uint8_t *) known);
		cast = bloom_other_derived(fcinfo, known, &counting_cast);
		if (cast == NULL)
			return cbf_contains_hash(view, hash);
		view.blocks = (uint8_t *) cast;
		return bf_contains_hash(view, hash);
	}
	return counting_probe_slow(fcinfo, filter_argno, value_argno);
}

PG_FUNCTION_INFO_V1(countingbloom_contains);
Datum
countingbloom_contains(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(counting_probe(fcinfo, 0, 1));
}

PG_FUNCTION_INFO_V1(countingbloom_contained);
Datum
countingbloom_contained(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(counting_probe(fcinfo, 1, 0));
}

/* ---- union ---- */

/*
 * a + b, counters saturating (the rules are bloomfilter's union's,
 * bf_plan_combine).  The result may be a itself, updated in place when
 * a_writable, or b itself, unchanged.
 */
static bytea *
counting_union(bytea *a, const bf_header *a_header, bool a_writable, bytea *b, const bf_header *b_header)
{
	bf_combine_plan plan;
	bytea	   *result;
	BloomChunks chunks;

	bloom_check_status_of(bf_plan_combine(a_header, b_header, false, &plan), BLOOM_FROM_STORAGE,
						  COUNTING_TYPE_NAME);
	if (plan.result_is == BF_RESULT_A)
		return a;
	if (plan.result_is == BF_RESULT_B)
		return b;
	/* a union never folds (bf_plan_combine refuses different sizes) */
	Assert(plan.fold_a == 1 && plan.fold_b == 1);
	if (a_writable)
		result = a;
	else
	{
		result = bloom_alloc_varlena(BLOOM_LENGTH(a));
		memcpy(BLOOM_BYTES(result), BLOOM_BYTES(a), BLOOM_LENGTH(a));
	}
	chunks = bloom_chunks(plan.result.nblocks, CBF_BLOCK_BYTES / BF_BLOCK_BYTES);
	while (bloom_next_chunk(&chunks))
		cbf_add_blocks(BLOOM_BYTES(result) + BF_HEADER_BYTES, BLOOM_BYTES(b) + BF_HEADER_BYTES,
					   chunks.first, chunks.count);
	bf_write_header_as(BLOOM_BYTES(result), &cbf_layout, &plan.result);
	return result;
}

/* countingbloom_union(a, b) and a | b: NULL is the empty set, as for bloomfilter */
PG_FUNCTION_INFO_V1(countingbloom_union);
Datum
countingbloom_union(PG_FUNCTION_ARGS)
{
	bf_header	a_header,
				b_header;
	bytea	   *a;
	bytea	   *b;
	Datum		result;

	if (bloom_union_nulls(fcinfo, counting_check_arg, &result))
		return result;
	a = counting_arg(fcinfo, 0, false, &a_header);
	b = counting_arg(fcinfo, 1, false, &b_header);
	PG_RETURN_BYTEA_P(counting_union(a, &a_header, false, b, &b_header));
}

/* ---- the cast to bloomfilter ---- */

/*
 * countingbloom::bloomfilter: a set bit for every counter > 0, the same
 * header: exactly the bloomfilter the same adds would have built.
 */
PG_FUNCTION_INFO_V1(countingbloom_to_bloomfilter);
Datum
countingbloom_to_bloomfilter(PG_FUNCTION_ARGS)
{
	bf_header	header;
	bf_header	bloom_header;
	bytea	   *counting = counting_arg(fcinfo, 0, false, &header);
	bytea	   *result = bloom_alloc_varlena(bf_filter_bytes(header.nblocks));
	uint8_t    *bloom_blocks = BLOOM_BYTES(result) + BF_HEADER_BYTES;
	bool		any_set = false;
	BloomChunks chunks = bloom_chunks(header.nblocks, CBF_BLOCK_BYTES / BF_BLOCK_BYTES);

	while (bloom_next_chunk(&chunks))
	{
		cbf_to_bloom_blocks(BLOOM_BYTES(counting) + BF_HEADER_BYTES, bloom_blocks, chunks.first, chunks.count);
		for (uint64 i = chunks.first * BF_BLOCK_BYTES; i < (chunks.first + chunks.count) * BF_BLOCK_BYTES && !any_set; i++)
			any_set = bloom_blocks[i] != 0;
	}
	cbf_bloom_header(&header, any_set, &bloom_header);
	bf_write_header(BLOOM_BYTES(result), &bloom_header);
	PG_RETURN_BYTEA_P(result);
}

/* ---- info ---- */

#define COUNTING_INFO_SLICE_BLOCKS	UINT64_C(4096)	/* 1 MiB */

/* countingbloom_info(filter): the header's fields and the counters' statistics */
PG_FUNCTION_INFO_V1(countingbloom_info);
Datum
countingbloom_info(PG_FUNCTION_ARGS)
{
	bf_header	header;
	bytea	   *filter = counting_arg(fcinfo, 0, false, &header);
	cbf_stats	stats;
	BloomChunks chunks = bloom_chunks(header.nblocks, CBF_BLOCK_BYTES / BF_BLOCK_BYTES);
	uint64		m = header.nblocks * BF_BLOCK_BITS;
	TupleDesc	descriptor;
	Datum		values[12];
	bool		nulls[12] = {false};

	if (get_call_result_type(fcinfo, NULL, &descriptor) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "countingbloom_info must return a record");
	descriptor = BlessTupleDesc(descriptor);
	memset(&stats, 0, sizeof(stats));
	while (bloom_next_chunk(&chunks))
		cbf_stats_blocks(BLOOM_BYTES(filter) + BF_HEADER_BYTES, header.k, chunks.first, chunks.count, &stats);

	values[0] = Int64GetDatum((int64) m);
	values[1] = Int32GetDatum(header.k);
	values[2] = Int64GetDatum((int64) Min(header.n_added, (uint64) PG_INT64_MAX));
	values[3] = Int64GetDatum((int64) stats.counters_set);
	values[4] = Int64GetDatum((int64) stats.counters_saturated);
	values[5] = Float8GetDatum((double) stats.counters_set / (double) m);
	values[6] = Float8GetDatum(stats.bloom.fpp_sum / (double) header.nblocks);
	values[7] = Int64GetDatum((int64) (cbf_filter_bytes(header.nblocks) + VARHDRSZ));
	values[8] = Int64GetDatum((int64) Min(header.design_n, (uint64) PG_INT64_MAX));
	values[9] = Float8GetDatum(header.design_p);
	values[10] = CStringGetTextDatum(bloom_kind_name(header.value_kind, false));
	values[11] = Int32GetDatum(header.version);
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(descriptor, values, nulls)));
}

/* ---- the aggregate ---- */

/*
 * countingbloom_agg(value, n, p): every non-NULL row is added (duplicates
 * count, as with countingbloom_add).  The state is the filter itself, made
 * on the first row and updated in place; its
 * combine function is countingbloom_union_agg_trans.
 */
PG_FUNCTION_INFO_V1(countingbloom_agg_trans);
Datum
countingbloom_agg_trans(PG_FUNCTION_ARGS)
{
	bf_header	header;
	bytea	   *state;
	uint32		value_kind;
	uint64		hash;

	(void) bloom_aggregate_context(fcinfo, "countingbloom_agg_trans");
	if (PG_ARGISNULL(2) || PG_ARGISNULL(3))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("countingbloom_agg's n and p must not be NULL")));
	/* a new state: the executor copies it into the aggregate's memory */
	if (PG_ARGISNULL(0))
		state = counting_make_empty(PG_GETARG_INT64(2), PG_GETARG_FLOAT8(3));
	else
		state = (bytea *) PG_DETOAST_DATUM(PG_GETARG_DATUM(0));
	counting_checked(state, &header);
	if (header.design_n != (uint64) PG_GETARG_INT64(2) || header.design_p != PG_GETARG_FLOAT8(3))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("countingbloom_agg's n and p must be the same on every row")));
	if (PG_ARGISNULL(1))
		PG_RETURN_BYTEA_P(state);
	hash = bloom_hash_arg(fcinfo, 1, &value_kind);
	bloom_check_kind(header.value_kind, value_kind, "counting bloom filter");
	cbf_add_hash(cbf_view_of(BLOOM_BYTES(state)), hash);
	counting_store_counts(state, value_kind, bf_sat_add_u64(header.n_added, 1));
	PG_RETURN_BYTEA_P(state);
}

/* The size of a counting filter of rows rows at rate p: an ERROR past its limit. */
static void
counting_agg_check_rows(uint64 rows, double p)
{
	uint64_t	nblocks;
	int			k;

	counting_plan_checked((int64) rows, p, &nblocks, &k);
}

/*
 * countingbloom_agg(value [, p])'s transition: bloom_agg's on a hash list
 * (bloom_agg_trans_hash_list).  At a small p a counting filter of the rows
 * can pass its size limit long before the hash list's; the size of the
 * rows is planned (from p's remembered plan) every
 * BLOOM_HASH_LIST_CHECK_ROWS rows, so that a scan past the limit stops
 * near it, not after its last row.
 */
PG_FUNCTION_INFO_V1(countingbloom_agg_hashes_trans);
Datum
countingbloom_agg_hashes_trans(PG_FUNCTION_ARGS)
{
	return bloom_agg_trans_hash_list(fcinfo, "countingbloom_agg_hashes_trans", "countingbloom_agg",
									 counting_agg_check_rows);
}

/* countingbloom_agg(value [, p])'s combine: bloom_agg's on hash lists (bloom_agg_combine_hash_list). */
PG_FUNCTION_INFO_V1(countingbloom_agg_hashes_combine);
Datum
countingbloom_agg_hashes_combine(PG_FUNCTION_ARGS)
{
	return bloom_agg_combine_hash_list(fcinfo, "countingbloom_agg");
}

/*
 * countingbloom_agg(value [, p])'s final function: a counting filter of the
 * state's hash list, sized for its rows as countingbloom_empty(rows, p) is,
 * every hash added: its cast to bloomfilter is bloom_agg(value [, p]) of the
 * same rows, byte for byte (over one row or more: zero rows give NULL).
 * Counters commute, so the order of the hashes, which depends on the plan,
 * does not matter.
 */
PG_FUNCTION_INFO_V1(countingbloom_agg_final);
Datum
countingbloom_agg_final(PG_FUNCTION_ARGS)
{
	const uint8_t *state;
	bf_state_header header;
	bytea	   *result;
	bf_view		view;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	state = bloom_agg_hash_list_state(fcinfo, "countingbloom_agg");
	bf_state_read_header(state, &header);
	result = counting_make_empty((int64) header.rows, header.p);
	view = cbf_view_of(BLOOM_BYTES(result));
	for (uint64 first = 0; first < header.rows; first += BF_HASHES_PER_CHUNK)
	{
		CHECK_FOR_INTERRUPTS();
		cbf_add_hashes_le(view, bf_state_hashes((uint8_t *) state) + 8 * first,
						  Min(header.rows - first, BF_HASHES_PER_CHUNK));
	}
	counting_store_counts(result, header.value_kind, header.rows);
	PG_RETURN_BYTEA_P(result);
}

/*
 * countingbloom_union_agg(filter), and countingbloom_agg's combine
 * function: the state (ours, in the aggregate's memory) takes the union in
 * place.
 */
PG_FUNCTION_INFO_V1(countingbloom_union_agg_trans);
Datum
countingbloom_union_agg_trans(PG_FUNCTION_ARGS)
{
	bf_header	state_header,
				value_header;
	bytea	   *state;
	bytea	   *value;
	Datum		result;

	(void) bloom_aggregate_context(fcinfo, "countingbloom_union_agg_trans");
	if (bloom_union_nulls(fcinfo, counting_check_arg, &result))
		return result;
	state = counting_arg(fcinfo, 0, false, &state_header);
	value = counting_arg(fcinfo, 1, false, &value_header);
	PG_RETURN_BYTEA_P(counting_union(state, &state_header, true, value, &value_header));
}

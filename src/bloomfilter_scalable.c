/*
 * bloomfilter_scalable.c - the SQL face of scalablebloom, a chain of
 * bloomfilter sub-filters that grows with the set (the core, its rules and
 * its math are in bf_scalable.h): I/O, add, probes, union, info and the
 * aggregates.
 */
#include "bloomfilter.h"

#include "access/htup_details.h"
#include "funcapi.h"
#include "utils/builtins.h"

#include "bf_scalable.h"

#define SCALABLE_TYPE_NAME	"scalablebloom"
#define SCALABLE_HOLDER		"scalable bloom filter"
#define SCALABLE_DEFAULT_EXPANSION	2
#define SCALABLE_DEFAULT_TIGHTENING	0.5

/* ---- values ---- */

static void
scalable_check_status(bf_status status, BloomValueSource source)
{
	/* only sbf_check_params gives it here: bf_status_message's range is bloomfilter's n, not n0's */
	if (status == BF_ERR_N)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("initial capacity must be between 1 and %lld", (long long) SBF_MAX_INITIAL_CAPACITY)));
	if (status == BF_ERR_CHAIN_FULL)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("%s", bf_status_message(status)),
				 errdetail("A chain holds at most %d sub-filters of at most %d MB in all, at rates of at least %g; "
						   "nothing was added, and the value is unchanged.",
						   SBF_MAX_SUBFILTERS, (int) (SBF_MAX_BYTES / 1000000), BF_MIN_P),
				 errhint("Rebuild it with a larger initial capacity or a larger false-positive rate: "
						 "scalablebloom_agg(x, initial_capacity, p).")));
	bloom_check_status_of(status, source, SCALABLE_TYPE_NAME);
}

static void
scalable_validate(const uint8_t *bytes, uint64_t length, BloomValueSource source)
{
	sbf_header	header;
	sbf_subfilter subs[SBF_MAX_SUBFILTERS];

	scalable_check_status(sbf_validate(bytes, length, &header, subs, BLOOM_BLOCKS_PER_CHUNK, bloom_check_interrupts),
						  source);
}

/* A detoasted value whose header and descriptors passed their checks (XX001 otherwise). */
static bytea *
scalable_checked(bytea *value, sbf_header *header, sbf_subfilter *subs)
{
	scalable_check_status(sbf_check(BLOOM_BYTES(value), BLOOM_LENGTH(value), header, subs), BLOOM_FROM_STORAGE);
	return value;
}

/* Argument argno detoasted (a copy if `copy`, which the caller may modify), checked. */
static bytea *
scalable_arg(FunctionCallInfo fcinfo, int argno, bool copy, sbf_header *header, sbf_subfilter *subs)
{
	Datum		datum = PG_GETARG_DATUM(argno);

	return scalable_checked((bytea *) (copy ? PG_DETOAST_DATUM_COPY(datum) : PG_DETOAST_DATUM(datum)), header, subs);
}

static void
scalable_check_arg(FunctionCallInfo fcinfo, int argno)
{
	sbf_header	header;
	sbf_subfilter subs[SBF_MAX_SUBFILTERS];

	(void) scalable_arg(fcinfo, argno, false, &header, subs);
}

static bytea *
scalable_make_empty(int64 initial_capacity, double p, int64 expansion, double tightening)
{
	uint64_t	bytes;
	bytea	   *result;

	scalable_check_status(sbf_empty_bytes(initial_capacity, p, expansion, tightening, &bytes), BLOOM_FROM_STORAGE);
	result = bloom_alloc_varlena(bytes);
	sbf_init(BLOOM_BYTES(result), initial_capacity, p, expansion, tightening);
	return result;
}

PG_FUNCTION_INFO_V1(scalablebloom_in);
Datum
scalablebloom_in(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(bloom_from_base64(PG_GETARG_CSTRING(0), scalable_validate, BLOOM_FROM_TEXT, SCALABLE_TYPE_NAME));
}

PG_FUNCTION_INFO_V1(scalablebloom_out);
Datum
scalablebloom_out(PG_FUNCTION_ARGS)
{
	sbf_header	header;
	sbf_subfilter subs[SBF_MAX_SUBFILTERS];

	PG_RETURN_CSTRING(bloom_to_base64(scalable_arg(fcinfo, 0, false, &header, subs)));
}

PG_FUNCTION_INFO_V1(scalablebloom_recv);
Datum
scalablebloom_recv(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(bloom_from_binary((StringInfo) PG_GETARG_POINTER(0), scalable_validate, BLOOM_FROM_BINARY));
}

PG_FUNCTION_INFO_V1(scalablebloom_send);
Datum
scalablebloom_send(PG_FUNCTION_ARGS)
{
	sbf_header	header;
	sbf_subfilter subs[SBF_MAX_SUBFILTERS];

	PG_RETURN_BYTEA_P(bloom_to_binary(scalable_arg(fcinfo, 0, false, &header, subs)));
}

/* scalablebloom_empty(initial_capacity, p, expansion, tightening) */
PG_FUNCTION_INFO_V1(scalablebloom_empty);
Datum
scalablebloom_empty(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(scalable_make_empty(PG_GETARG_INT64(0), PG_GETARG_FLOAT8(1), PG_GETARG_INT32(2),
										  PG_GETARG_FLOAT8(3)));
}

/* ---- add ---- */

/* The glue's allocator of grown chains: varlenas in the current memory context. */
static uint8_t *
scalable_alloc(uint64_t bytes, void *context)
{
	return BLOOM_BYTES(bloom_alloc_varlena(bytes));
}

static void
scalable_free(uint8_t *bytes, void *context)
{
	pfree(bytes - VARHDRSZ);
}

/*
 * Adds the hashes to filter (which the caller may modify: a copy, or an
 * aggregate's state), growing the chain when its newest sub-filter is full
 * (sbf_add_hashes).  A grown chain is a new allocation in the current
 * memory context; the old one is freed only if free_replaced (an
 * aggregate's executor frees its old state itself).  Returns the filter,
 * the same or grown.
 */
static bytea *
scalable_add_hashes(bytea *filter, const uint64 *hashes, int count, uint32 value_kind, bool free_replaced)
{
	sbf_allocator allocator = {scalable_alloc, free_replaced ? scalable_free : NULL, NULL};
	uint8_t    *bytes = BLOOM_BYTES(filter);
	uint64_t	length = BLOOM_LENGTH(filter);

	scalable_check_status(sbf_add_hashes(&bytes, &length, hashes, (uint64_t) count, value_kind, &allocator,
										 bloom_check_interrupts),
						  BLOOM_FROM_STORAGE);
	return (bytea *) (bytes - VARHDRSZ);
}

/*
 * scalablebloom_add(filter, value) and scalablebloom_add_all(filter, values
 * anyarray): a new filter, every value (or non-NULL element) added in one
 * copy; the input is never modified.  A NULL value changes nothing; a NULL
 * filter gives NULL.
 */
static Datum
scalable_add_arg(FunctionCallInfo fcinfo, bool array)
{
	sbf_header	header;
	sbf_subfilter subs[SBF_MAX_SUBFILTERS];
	uint32		value_kind;
	uint64		hash;
	uint64	   *hashes = &hash;
	int			count = 1;
	bytea	   *result;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	if (PG_ARGISNULL(1))
	{
		scalable_check_arg(fcinfo, 0);
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	}
	if (array)
		hashes = bloom_hash_array_arg(fcinfo, 1, &count, &value_kind);
	else
		hash = bloom_hash_arg(fcinfo, 1, &value_kind);
	result = scalable_arg(fcinfo, 0, true, &header, subs);
	if (count == 0)
		PG_RETURN_BYTEA_P(result);
	bloom_check_kind(header.value_kind, value_kind, SCALABLE_HOLDER);
	PG_RETURN_BYTEA_P(scalable_add_hashes(result, hashes, count, value_kind, true));
}

PG_FUNCTION_INFO_V1(scalablebloom_add);
Datum
scalablebloom_add(PG_FUNCTION_ARGS)
{
	return scalable_add_arg(fcinfo, false);
}

PG_FUNCTION_INFO_V1(scalablebloom_add_all);
Datum
scalablebloom_add_all(PG_FUNCTION_ARGS)
{
	return scalable_add_arg(fcinfo, true);
}

/* ---- probes ---- */

/*
 * A stored chain probed at one point: one slice for the header and the
 * descriptor table, then the one 64-byte block of each sub-filter.
 */
static bool
scalable_probe_slices(struct varlena *stored, uint64 stored_bytes, const uint64 *hashes, int hash_count,
					  uint32 value_kind)
{
	uint64		table_bytes = Min(stored_bytes, sbf_table_end(SBF_MAX_SUBFILTERS));
	bytea	   *slice = bloom_stored_slice(stored, 0, table_bytes);
	sbf_header	header;
	sbf_subfilter subs[SBF_MAX_SUBFILTERS];
	bool		member = false;

	scalable_check_status(sbf_check_fixed_header(BLOOM_BYTES(slice), stored_bytes, &header), BLOOM_FROM_STORAGE);
	scalable_check_status(sbf_check_table(BLOOM_BYTES(slice), stored_bytes, &header, subs), BLOOM_FROM_STORAGE);
	pfree(slice);
	if (header.value_kind == BF_KIND_NONE)
		return false;
	bloom_check_kind(header.value_kind, value_kind, SCALABLE_HOLDER);
	for (int i = 0; i < hash_count && !member; i++)
	{
		for (uint32 s = 0; s < header.subfilters && !member; s++)
		{
			uint64		block = bf_block_of(hashes[i], subs[s].nblocks);

			slice = bloom_stored_slice(stored, subs[s].offset + block * BF_BLOCK_BYTES, BF_BLOCK_BYTES);
			member = bf_block_contains_hash(BLOOM_BYTES(slice), subs[s].k, hashes[i]);
			pfree(slice);
		}
	}
	return member;
}

/*
 * Its blocks follow the header and the descriptors (bloom_value_bytes_arg);
 * every sub-filter is whole blocks, so they all start on lines together.
 */
static uint64
scalable_first_block(const uint8_t *bytes, uint64 available)
{
	if (available < SBF_HEADER_BYTES)
		return 0;
	return sbf_table_end(Min(bf_load_u32(bytes + SBF_OFF_SUBFILTERS), SBF_MAX_SUBFILTERS));
}

/* The views of a checked chain, kept with a stored chain kept whole (bloomfilter.h). */
static uint64
scalable_chain_bytes(const uint8_t *bytes)
{
	return sizeof(sbf_chain);
}

static void
scalable_chain_of(const uint8_t *bytes, void *chain)
{
	sbf_chain_of((uint8_t *) bytes, (sbf_chain *) chain);
}

static const BloomDeriver scalable_chain = {scalable_chain_bytes, scalable_chain_of};

static pg_noinline bool
scalable_probe_slow(FunctionCallInfo fcinfo, int filter_argno, int value_argno)
{
	uint64		hashes[BLOOM_PROBE_MAX_HASHES];
	uint32		value_kind;
	int			hash_count = bloom_probe_hashes_arg(fcinfo, value_argno, hashes, &value_kind);
	struct varlena *stored;
	uint64		length;
	const uint8_t *bytes;
	sbf_header	header;
	sbf_subfilter subs[SBF_MAX_SUBFILTERS];
	sbf_chain	chain;
	bool		member = false;

	if (bloom_probe_in_slices(fcinfo, filter_argno, &stored, &length))
		return scalable_probe_slices(stored, length, hashes, hash_count, value_kind);
	bytes = bloom_value_bytes_arg(fcinfo, filter_argno, scalable_first_block, &length);
	scalable_check_status(sbf_check(bytes, length, &header, subs), BLOOM_FROM_STORAGE);
	if (header.value_kind != BF_KIND_NONE)
		bloom_check_kind(header.value_kind, value_kind, SCALABLE_HOLDER);
	bloom_other_remember(fcinfo, filter_argno, bytes, length);
	sbf_chain_of((uint8_t *) bytes, &chain);
	for (int i = 0; i < hash_count && !member; i++)
		member = sbf_chain_contains_hash(&chain, hashes[i]);
	return member;
}

/*
 * The fast path (as countingbloom's): the chain this call site checked on an
 * earlier row and a value of a fixed kind need a hash and one block per
 * sub-filter.  An empty chain has no bit set, so it answers false here.  A
 * stored chain kept whole has its views read once (bloom_other_derived).
 */
static pg_attribute_always_inline bool
scalable_probe(FunctionCallInfo fcinfo, int filter_argno, int value_argno)
{
	const uint8_t *known = bloom_other_known(fcinfo, filter_argno);
	const sbf_chain *kept_chain;
	uint64		hash;

	if (known != NULL &&
		bloom_fast_hash_unpadded(bloom_call_cache(fcinfo)->hashing.fast_encoding, PG_GETARG_DATUM(value_argno), &hash))
	{
		sbf_chain	chain;

		kept_chain = bloom_other_derived(fcinfo, known, &scalable_chain);
		if (kept_chain != NULL)
			return sbf_chain_contains_hash(kept_chain, hash);
		sbf_chain_of((uint8_t *) known, &chain);
		return sbf_chain_contains_hash(&chain, hash);
	}
	return scalable_probe_slow(fcinfo, filter_argno, value_argno);
}

PG_FUNCTION_INFO_V1(scalablebloom_contains);
Datum
scalablebloom_contains(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(scalable_probe(fcinfo, 0, 1));
}

PG_FUNCTION_INFO_V1(scalablebloom_contained);
Datum
scalablebloom_contained(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(scalable_probe(fcinfo, 1, 0));
}

/* ---- union ---- */

/*
 * a | b for chains of the same parameters (bf_scalable.h).  The result may
 * be a itself, updated in place when a_writable and a is the longer chain,
 * or an empty operand's other side, unchanged.
 */
static bytea *
scalable_union(bytea *a, const sbf_header *a_header, bool a_writable, bytea *b, const sbf_header *b_header)
{
	const char *differs;
	bf_status	status = sbf_union_check(a_header, b_header, &differs);
	bytea	   *longer;
	bytea	   *shorter;
	bytea	   *result;

	if (status == BF_ERR_CHAIN_PARAMS)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_EXCEPTION),
				 errmsg("%s", bf_status_message(status)),
				 errdetail("Their %s differs: chains unite only when their initial capacity, false-positive rate, "
						   "expansion and tightening ratio are all the same.", differs),
				 errhint("Build both with the same scalablebloom_empty(...) or scalablebloom_agg(...) parameters.")));
	bloom_check_status_of(status, BLOOM_FROM_STORAGE, SCALABLE_TYPE_NAME);
	if (b_header->n_added == 0)
		return a;
	if (a_header->n_added == 0)
		return b;
	longer = a_header->subfilters >= b_header->subfilters ? a : b;
	shorter = longer == a ? b : a;
	if (a_writable && longer == a)
		result = a;
	else
	{
		result = bloom_alloc_varlena(BLOOM_LENGTH(longer));
		memcpy(BLOOM_BYTES(result), BLOOM_BYTES(longer), BLOOM_LENGTH(longer));
	}
	status = sbf_union_into(BLOOM_BYTES(result), BLOOM_BYTES(shorter), BLOOM_BLOCKS_PER_CHUNK,
							bloom_check_interrupts);
	if (status == BF_ERR_CHAIN_SHAPES)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_EXCEPTION),
				 errmsg("%s", bf_status_message(status)),
				 errdetail("Their parameters are the same, but a common sub-filter has other blocks or k: "
						   "the chains were sized by different builds of the extension."),
				 errhint("Rebuild one of them with this build's scalablebloom_agg(...).")));
	scalable_check_status(status, BLOOM_FROM_STORAGE);
	return result;
}

/* scalablebloom_union(a, b) and a | b: NULL is the empty set, as for bloomfilter */
PG_FUNCTION_INFO_V1(scalablebloom_union);
Datum
scalablebloom_union(PG_FUNCTION_ARGS)
{
	sbf_header	a_header,
				b_header;
	sbf_subfilter subs[SBF_MAX_SUBFILTERS];
	bytea	   *a;
	bytea	   *b;
	Datum		result;

	if (bloom_union_nulls(fcinfo, scalable_check_arg, &result))
		return result;
	a = scalable_arg(fcinfo, 0, false, &a_header, subs);
	b = scalable_arg(fcinfo, 1, false, &b_header, subs);
	PG_RETURN_BYTEA_P(scalable_union(a, &a_header, false, b, &b_header));
}

/*
 * scalablebloom_union_agg(filter), and its combine function: the state (ours, in the aggregate's memory) takes the union in
 * place when it is the longer chain; otherwise the union is a new value,
 * which the executor copies into the aggregate's memory.
 */
PG_FUNCTION_INFO_V1(scalablebloom_union_agg_trans);
Datum
scalablebloom_union_agg_trans(PG_FUNCTION_ARGS)
{
	sbf_header	state_header,
				value_header;
	sbf_subfilter subs[SBF_MAX_SUBFILTERS];
	bytea	   *state;
	bytea	   *value;
	Datum		result;

	(void) bloom_aggregate_context(fcinfo, "scalablebloom_union_agg_trans");
	if (bloom_union_nulls(fcinfo, scalable_check_arg, &result))
		return result;
	state = scalable_arg(fcinfo, 0, false, &state_header, subs);
	value = scalable_arg(fcinfo, 1, false, &value_header, subs);
	PG_RETURN_BYTEA_P(scalable_union(state, &state_header, true, value, &value_header));
}

/* ---- info ---- */

/* The estimated rate of a sub-filter from its bits: the mean over blocks of (set / 512)^k. */
static double
scalable_subfilter_fpp(const uint8_t *bytes, const sbf_subfilter *sub)
{
	bf_stats	stats;

	memset(&stats, 0, sizeof(stats));
	sbf_subfilter_stats(bytes, sub, BLOOM_BLOCKS_PER_CHUNK, bloom_check_interrupts, &stats);
	return stats.fpp_sum / (double) sub->nblocks;
}

/* scalablebloom_info(filter): the chain as a whole, one row */
PG_FUNCTION_INFO_V1(scalablebloom_info);
Datum
scalablebloom_info(PG_FUNCTION_ARGS)
{
	sbf_header	header;
	sbf_subfilter subs[SBF_MAX_SUBFILTERS];
	bytea	   *filter = scalable_arg(fcinfo, 0, false, &header, subs);
	uint64		capacity = 0;
	double		none_match = 1.0;
	TupleDesc	descriptor;
	Datum		values[11];
	bool		nulls[11] = {false};

	if (get_call_result_type(fcinfo, NULL, &descriptor) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "scalablebloom_info must return a record");
	descriptor = BlessTupleDesc(descriptor);
	/* the chain says "maybe" when any sub-filter does */
	for (uint32 i = 0; i < header.subfilters; i++)
	{
		capacity += subs[i].capacity;
		none_match *= 1.0 - scalable_subfilter_fpp(BLOOM_BYTES(filter), &subs[i]);
	}
	values[0] = Int32GetDatum((int32) header.subfilters);
	values[1] = Int64GetDatum((int64) Min(header.n_added, (uint64) PG_INT64_MAX));
	values[2] = Int64GetDatum((int64) capacity);
	values[3] = Float8GetDatum(1.0 - none_match);
	values[4] = Int64GetDatum((int64) (BLOOM_LENGTH(filter) + VARHDRSZ));
	values[5] = Int64GetDatum((int64) header.initial_capacity);
	values[6] = Float8GetDatum(header.design_p);
	values[7] = Int32GetDatum(header.expansion);
	values[8] = Float8GetDatum(header.tightening);
	values[9] = CStringGetTextDatum(bloom_kind_name(header.value_kind, false));
	values[10] = Int32GetDatum(header.version);
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(descriptor, values, nulls)));
}

/* scalablebloom_chain(filter): one row per sub-filter, oldest first */
PG_FUNCTION_INFO_V1(scalablebloom_chain);
Datum
scalablebloom_chain(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	sbf_header	header;
	sbf_subfilter subs[SBF_MAX_SUBFILTERS];
	bytea	   *filter = scalable_arg(fcinfo, 0, false, &header, subs);

	InitMaterializedSRF(fcinfo, 0);
	for (uint32 i = 0; i < header.subfilters; i++)
	{
		Datum		values[8];
		bool		nulls[8] = {false};

		values[0] = Int32GetDatum((int32) i);
		values[1] = Int64GetDatum((int64) subs[i].capacity);
		values[2] = Int64GetDatum((int64) Min(subs[i].n_added, (uint64) PG_INT64_MAX));
		values[3] = Int64GetDatum((int64) subs[i].nblocks);
		values[4] = Int32GetDatum(subs[i].k);
		values[5] = Int64GetDatum((int64) (subs[i].nblocks * BF_BLOCK_BYTES));
		values[6] = Float8GetDatum(sbf_subfilter_rate(&header, i));
		values[7] = Float8GetDatum(scalable_subfilter_fpp(BLOOM_BYTES(filter), &subs[i]));
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

/* ---- the aggregate ---- */

/*
 * scalablebloom_agg(value, initial_capacity, p[, expansion, tightening]):
 * the state is the chain itself, made on the first row and updated in place
 * until it grows (a grown chain is a new value, which the executor copies
 * into the aggregate's memory, freeing the old).  It has no combine
 * function: partial chains united sub-filter by sub-filter would hold W
 * workers' values in sub-filters sized for one (see the SQL script).
 */
PG_FUNCTION_INFO_V1(scalablebloom_agg_trans);
Datum
scalablebloom_agg_trans(PG_FUNCTION_ARGS)
{
	sbf_header	header;
	sbf_subfilter subs[SBF_MAX_SUBFILTERS];
	bytea	   *state;
	uint32		value_kind;
	uint64		hash;
	int64		initial_capacity;
	double		p;
	int64		expansion = SCALABLE_DEFAULT_EXPANSION;
	double		tightening = SCALABLE_DEFAULT_TIGHTENING;
	bool		shaped = PG_NARGS() >= 6;

	(void) bloom_aggregate_context(fcinfo, "scalablebloom_agg_trans");
	if (PG_ARGISNULL(2) || PG_ARGISNULL(3) || (shaped && (PG_ARGISNULL(4) || PG_ARGISNULL(5))))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("scalablebloom_agg's initial capacity, p, expansion and tightening must not be NULL")));
	initial_capacity = PG_GETARG_INT64(2);
	p = PG_GETARG_FLOAT8(3);
	if (shaped)
	{
		expansion = PG_GETARG_INT32(4);
		tightening = PG_GETARG_FLOAT8(5);
	}
	/* a new state: the executor copies it into the aggregate's memory */
	if (PG_ARGISNULL(0))
		state = scalable_make_empty(initial_capacity, p, expansion, tightening);
	else
		state = (bytea *) PG_DETOAST_DATUM(PG_GETARG_DATUM(0));
	scalable_checked(state, &header, subs);
	if (header.initial_capacity != (uint64) initial_capacity || header.design_p != p ||
		header.expansion != expansion || header.tightening != tightening)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("scalablebloom_agg's initial capacity, p, expansion and tightening must be the same on every row")));
	if (PG_ARGISNULL(1))
		PG_RETURN_BYTEA_P(state);
	hash = bloom_hash_arg(fcinfo, 1, &value_kind);
	bloom_check_kind(header.value_kind, value_kind, SCALABLE_HOLDER);
	PG_RETURN_BYTEA_P(scalable_add_hashes(state, &hash, 1, value_kind, false));
}

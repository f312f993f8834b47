/*
 * bloomfilter_window.c - the SQL face of bloomwindow, a sliding-window
 * Bloom filter (the core, its two modes and their guarantees are in
 * bf_window.h): I/O, add, probes, union, info and the aggregates.
 *
 * Count mode takes no time: bloomwindow_add(w, x), bloomwindow_contains(w,
 * x), w @> x.  Time mode takes the time as an argument, so the functions
 * stay immutable: bloomwindow_add(w, x, at), bloomwindow_contains(w, x,
 * at), with now() or a column as `at`.  A call of the other mode's form is
 * an ERROR with a hint.
 */
#include "bloomfilter.h"

#include "access/htup_details.h"
#include "common/int.h"
#include "datatype/timestamp.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"

#include "bf_window.h"

#define WINDOW_TYPE_NAME	"bloomwindow"
#define WINDOW_HOLDER		"bloom window"

/* ---- values ---- */

static void
window_validate(const uint8_t *bytes, uint64_t length, BloomValueSource source)
{
	bw_header	header;

	bloom_check_status_of(bw_validate(bytes, length, &header, BLOOM_BLOCKS_PER_CHUNK, bloom_check_interrupts),
						  source, WINDOW_TYPE_NAME);
}

static bytea *
window_checked(bytea *value, bw_header *header)
{
	bloom_check_status_of(bw_check_header(BLOOM_BYTES(value), BLOOM_LENGTH(value), header), BLOOM_FROM_STORAGE,
						  WINDOW_TYPE_NAME);
	return value;
}

/* Argument argno detoasted (a copy if `copy`, which the caller may modify), header checked. */
static bytea *
window_arg(FunctionCallInfo fcinfo, int argno, bool copy, bw_header *header)
{
	Datum		datum = PG_GETARG_DATUM(argno);

	return window_checked((bytea *) (copy ? PG_DETOAST_DATUM_COPY(datum) : PG_DETOAST_DATUM(datum)), header);
}

static void
window_check_arg(FunctionCallInfo fcinfo, int argno)
{
	bw_header	header;

	(void) window_arg(fcinfo, argno, false, &header);
}

static const char *
window_mode_name(int mode)
{
	return mode == BW_MODE_COUNT ? "count" : "time";
}

/* ERROR unless the window is in `mode`: the other mode's functions take (or lack) a time. */
static void
window_check_mode(const bw_header *header, int mode)
{
	if (header->mode == mode)
		return;
	ereport(ERROR,
			(errcode(ERRCODE_DATA_EXCEPTION),
			 errmsg("this bloom window is in %s mode", window_mode_name(header->mode)),
			 header->mode == BW_MODE_TIME ?
			 errhint("A window made by bloomwindow_empty_time or the time form of bloomwindow_agg takes a time: "
					 "bloomwindow_add(w, x, at) and bloomwindow_contains(w, x, at).") :
			 errhint("A window made by bloomwindow_empty_count or the count form of bloomwindow_agg takes no time: "
					 "bloomwindow_add(w, x) and bloomwindow_contains(w, x).")));
}

static void
window_check_generations(int32 generations)
{
	if (generations < BW_MIN_GENERATIONS || generations > BW_MAX_GENERATIONS)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("number of generations must be between %d and %d", BW_MIN_GENERATIONS, BW_MAX_GENERATIONS)));
}

/*
 * A window length in microseconds.  Days count as 24 hours; months have no
 * fixed length, so they are refused rather than guessed.
 */
static uint64
window_interval_usecs(const Interval *span)
{
	int64		usecs;

	if ((span->month == PG_INT32_MAX || span->month == PG_INT32_MIN) && span->day == span->month)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("window length must be finite")));
	if (span->month != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("window length must not contain months or years"),
				 errhint("Months have no fixed length: give the window in days, hours or smaller units, for example '30 days'.")));
	if (pg_mul_s64_overflow((int64) span->day, USECS_PER_DAY, &usecs) ||
		pg_add_s64_overflow(usecs, span->time, &usecs) || usecs > BW_MAX_WINDOW_US)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("window length must be at most 10000 years")));
	if (usecs <= 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("window length must be positive")));
	return (uint64) usecs;
}

static Interval *
window_usecs_interval(uint64 usecs)
{
	Interval   *result = palloc0(sizeof(Interval));

	result->day = (int32) (usecs / USECS_PER_DAY);
	result->time = (int64) (usecs % USECS_PER_DAY);
	return result;
}

/*
 * A generation's start as a timestamptz: -infinity when it lies before the
 * earliest timestamp (the grid start of a time near 4714 BC, or the older
 * generations of a long window), which no timestamptz can hold.
 */
static TimestampTz
window_start_time(int64 start)
{
	TimestampTz result = (TimestampTz) start;

	if (!IS_VALID_TIMESTAMP(result))
		TIMESTAMP_NOBEGIN(result);
	return result;
}

/* The time argument argno: microseconds since 2000-01-01, finite. */
static int64
window_time_arg(FunctionCallInfo fcinfo, int argno)
{
	TimestampTz at;

	if (PG_ARGISNULL(argno))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("the time of a bloom window operation must not be NULL")));
	at = PG_GETARG_TIMESTAMPTZ(argno);
	if (TIMESTAMP_NOT_FINITE(at))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("the time of a bloom window operation must be finite")));
	return (int64) at;
}

static bytea *
window_make_empty(int mode, int64 window, int64 n, double p, int32 generations)
{
	bw_header	plan;
	bytea	   *result;

	window_check_generations(generations);
	if (n <= 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 mode == BW_MODE_COUNT ? errmsg("window size must be positive") :
				 errmsg("expected number of items per window must be positive")));
	if ((uint64) window > (mode == BW_MODE_COUNT ? BW_MAX_WINDOW_COUNT : (uint64) BW_MAX_WINDOW_US) ||
		(uint64) n > BW_MAX_WINDOW_COUNT)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("window size must be below 2^62")));
	bloom_check_status_of(bw_plan(mode, (uint64) window, (uint64) n, p, generations, &plan), BLOOM_FROM_STORAGE,
						  WINDOW_TYPE_NAME);
	result = bloom_alloc_varlena(bw_window_bytes(plan.generations, plan.nblocks));
	bw_init(BLOOM_BYTES(result), &plan);
	return result;
}

PG_FUNCTION_INFO_V1(bloomwindow_in);
Datum
bloomwindow_in(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(bloom_from_base64(PG_GETARG_CSTRING(0), window_validate, BLOOM_FROM_TEXT, WINDOW_TYPE_NAME));
}

PG_FUNCTION_INFO_V1(bloomwindow_out);
Datum
bloomwindow_out(PG_FUNCTION_ARGS)
{
	bw_header	header;

	PG_RETURN_CSTRING(bloom_to_base64(window_arg(fcinfo, 0, false, &header)));
}

PG_FUNCTION_INFO_V1(bloomwindow_recv);
Datum
bloomwindow_recv(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(bloom_from_binary((StringInfo) PG_GETARG_POINTER(0), window_validate, BLOOM_FROM_BINARY));
}

PG_FUNCTION_INFO_V1(bloomwindow_send);
Datum
bloomwindow_send(PG_FUNCTION_ARGS)
{
	bw_header	header;

	PG_RETURN_BYTEA_P(bloom_to_binary(window_arg(fcinfo, 0, false, &header)));
}

/* bloomwindow_empty_count(w, p, generations) */
PG_FUNCTION_INFO_V1(bloomwindow_empty_count);
Datum
bloomwindow_empty_count(PG_FUNCTION_ARGS)
{
	int64		w = PG_GETARG_INT64(0);

	PG_RETURN_BYTEA_P(window_make_empty(BW_MODE_COUNT, w, w, PG_GETARG_FLOAT8(1), PG_GETARG_INT32(2)));
}

/* bloomwindow_empty_time(t, n, p, generations) */
PG_FUNCTION_INFO_V1(bloomwindow_empty_time);
Datum
bloomwindow_empty_time(PG_FUNCTION_ARGS)
{
	uint64		t = window_interval_usecs(PG_GETARG_INTERVAL_P(0));

	PG_RETURN_BYTEA_P(window_make_empty(BW_MODE_TIME, (int64) t, PG_GETARG_INT64(1), PG_GETARG_FLOAT8(2),
										PG_GETARG_INT32(3)));
}

/* ---- add ---- */

/*
 * Adds the hashes at time t (count mode: t unused) to `window` in place
 * (a copy, or the aggregate's state).  In time mode, an add at a time older
 * than every kept generation changes nothing: the item is already outside
 * the window.
 */
static void
window_add_hashes(bytea *window, bw_header *header, const uint64 *hashes, int count, uint32 value_kind, int64 t)
{
	uint8_t    *bytes = BLOOM_BYTES(window);
	uint64		added;
	bf_status	status;

	if (count == 0)
		return;
	bloom_check_kind(header->value_kind, value_kind, WINDOW_HOLDER);
	status = bw_add_hashes(bytes, header, t, hashes, (uint64) count, &added, BLOOM_BLOCKS_PER_CHUNK,
						   bloom_check_interrupts);
	/* count mode's only refusal: not the size limit that BF_ERR_TOO_LARGE names elsewhere */
	if (status == BF_ERR_TOO_LARGE)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("bloom window has counted its limit of 2^62 insertions"),
				 errhint("Start a new window with bloomwindow_empty_count.")));
	bloom_check_status_of(status, BLOOM_FROM_STORAGE, WINDOW_TYPE_NAME);
	if (added > 0)
	{
		header->value_kind = value_kind;
		bw_write_header(bytes, header);
	}
}

/*
 * bloomwindow_add(w, value) and bloomwindow_add(w, value, at), and their
 * _all(w, values[]) forms: a new window; the input is never modified.  A
 * NULL value (or array) changes nothing; a NULL window gives NULL.
 */
static Datum
window_add_common(FunctionCallInfo fcinfo, bool all)
{
	int			mode = PG_NARGS() == 3 ? BW_MODE_TIME : BW_MODE_COUNT;
	bw_header	header;
	bytea	   *result;
	uint32		value_kind;
	uint64		one_hash;
	uint64	   *hashes = &one_hash;
	int			count = 1;
	int64		t = 0;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	if (mode == BW_MODE_TIME)
		t = window_time_arg(fcinfo, 2);
	if (PG_ARGISNULL(1))
	{
		(void) window_arg(fcinfo, 0, false, &header);
		window_check_mode(&header, mode);
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	}
	if (all)
		hashes = bloom_hash_array_arg(fcinfo, 1, &count, &value_kind);
	else
		one_hash = bloom_hash_arg(fcinfo, 1, &value_kind);
	result = window_arg(fcinfo, 0, true, &header);
	window_check_mode(&header, mode);
	window_add_hashes(result, &header, hashes, count, value_kind, t);
	PG_RETURN_BYTEA_P(result);
}

PG_FUNCTION_INFO_V1(bloomwindow_add);
Datum
bloomwindow_add(PG_FUNCTION_ARGS)
{
	return window_add_common(fcinfo, false);
}

PG_FUNCTION_INFO_V1(bloomwindow_add_all);
Datum
bloomwindow_add_all(PG_FUNCTION_ARGS)
{
	return window_add_common(fcinfo, true);
}

/* ---- probes ---- */

static inline bool
window_contains_in_memory(const uint8_t *bytes, unsigned live, uint64 hash)
{
	bw_header	shape;

	/* the fields a probe reads: G, nblocks, k */
	shape.generations = bytes[BW_OFF_GENERATIONS];
	shape.nblocks = bf_load_u64(bytes + BW_OFF_NBLOCKS);
	shape.k = bytes[BW_OFF_K];
	return bw_contains_hash(bytes, &shape, live, hash);
}

/*
 * A stored window probed at one point reads its header and, for each hash,
 * one slice of G*64 bytes: block j of every generation.
 */
static bool
window_probe_slices(struct varlena *stored, uint64 stored_bytes, const uint64 *hashes, int hash_count,
					uint32 value_kind, int mode, int64 t)
{
	bytea	   *slice = bloom_stored_slice(stored, 0, BW_HEADER_BYTES);
	bw_header	header;
	unsigned	live;
	bool		member = false;

	bloom_check_status_of(bw_check_header(BLOOM_BYTES(slice), stored_bytes, &header), BLOOM_FROM_STORAGE,
						  WINDOW_TYPE_NAME);
	pfree(slice);
	window_check_mode(&header, mode);
	if (header.value_kind == BF_KIND_NONE)
		return false;
	bloom_check_kind(header.value_kind, value_kind, WINDOW_HOLDER);
	live = bw_live_slots(&header, t);
	for (int i = 0; i < hash_count && !member && live != 0; i++)
	{
		uint64		block = bf_block_of(hashes[i], header.nblocks);

		slice = bloom_stored_slice(stored, bw_block_offset(&header, block, 0),
								   (uint64) header.generations * BF_BLOCK_BYTES);
		member = bw_run_contains_hash(BLOOM_BYTES(slice), &header, live, hashes[i]);
		pfree(slice);
	}
	return member;
}

/* Its blocks follow the header (bloom_value_bytes_arg). */
static uint64
window_first_block(const uint8_t *bytes, uint64 available)
{
	return BW_HEADER_BYTES;
}

static pg_noinline bool
window_probe_slow(FunctionCallInfo fcinfo, int mode, int64 t)
{
	uint64		hashes[BLOOM_PROBE_MAX_HASHES];
	uint32		value_kind;
	int			hash_count = bloom_probe_hashes_arg(fcinfo, 1, hashes, &value_kind);
	struct varlena *stored;
	uint64		length;
	const uint8_t *bytes;
	bw_header	header;
	unsigned	live;
	bool		member = false;

	if (bloom_probe_in_slices(fcinfo, 0, &stored, &length))
		return window_probe_slices(stored, length, hashes, hash_count, value_kind, mode, t);
	bytes = bloom_value_bytes_arg(fcinfo, 0, window_first_block, &length);
	bloom_check_status_of(bw_check_header(bytes, length, &header), BLOOM_FROM_STORAGE, WINDOW_TYPE_NAME);
	window_check_mode(&header, mode);
	if (header.value_kind != BF_KIND_NONE)
		bloom_check_kind(header.value_kind, value_kind, WINDOW_HOLDER);
	bloom_other_remember(fcinfo, 0, bytes, length);
	live = bw_live_slots(&header, t);
	for (int i = 0; i < hash_count && !member; i++)
		member = bw_contains_hash(bytes, &header, live, hashes[i]);
	return member;
}

/*
 * The fast path: the window this call site checked on an earlier row (its
 * mode and kind checked then), and a value of a fixed kind (bloomfilter.h),
 * need a hash and one run of G blocks.  An empty window (kind none) has no
 * bit set, so it answers false here.
 */
static pg_attribute_always_inline bool
window_probe(FunctionCallInfo fcinfo, int mode)
{
	const uint8_t *known = bloom_other_known(fcinfo, 0);
	uint64		hash;
	int64		t = mode == BW_MODE_TIME ? window_time_arg(fcinfo, 2) : 0;

	if (known != NULL &&
		bloom_fast_hash_unpadded(bloom_call_cache(fcinfo)->hashing.fast_encoding, PG_GETARG_DATUM(1), &hash))
		return window_contains_in_memory(known, bw_live_slots_in(known, t), hash);
	return window_probe_slow(fcinfo, mode, t);
}

/* bloomwindow_contains(w, value) (count mode) and bloomwindow_contains(w, value, at) (time mode) */
PG_FUNCTION_INFO_V1(bloomwindow_contains);
Datum
bloomwindow_contains(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(window_probe(fcinfo, PG_NARGS() == 3 ? BW_MODE_TIME : BW_MODE_COUNT));
}

/* ---- union ---- */

/*
 * The union of two windows of the same parameters (bf_window.h).  The
 * result may be a itself, updated in place when a_writable, or b itself,
 * unchanged.
 */
static bytea *
window_union(bytea *a, bw_header *a_header, bool a_writable, bytea *b, const bw_header *b_header)
{
	const char *parameter;
	uint32		kind;
	bytea	   *result;

	if (bw_check_compatible(a_header, b_header, &parameter) != BF_OK)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_EXCEPTION),
				 errmsg("bloom windows are not compatible"),
				 errdetail("They differ in %s.", parameter),
				 errhint("Unite windows made with the same mode, window, n, p and number of generations.")));
	bloom_check_status_of(bf_combine_kinds(a_header->value_kind, b_header->value_kind, &kind), BLOOM_FROM_STORAGE,
						  WINDOW_TYPE_NAME);
	if (b_header->insertions == 0)
		return a;
	if (a_header->insertions == 0)
		return b;
	if (a_writable)
		result = a;
	else
	{
		result = bloom_alloc_varlena(BLOOM_LENGTH(a));
		memcpy(BLOOM_BYTES(result), BLOOM_BYTES(a), BLOOM_LENGTH(a));
	}
	bw_union_into(BLOOM_BYTES(result), a_header, BLOOM_BYTES(b), b_header, kind, BLOOM_BLOCKS_PER_CHUNK,
				  bloom_check_interrupts);
	return result;
}

/* bloomwindow_union(a, b) and a | b: NULL is the empty set, as for bloomfilter */
PG_FUNCTION_INFO_V1(bloomwindow_union);
Datum
bloomwindow_union(PG_FUNCTION_ARGS)
{
	bw_header	a_header,
				b_header;
	bytea	   *a;
	bytea	   *b;
	Datum		result;

	if (bloom_union_nulls(fcinfo, window_check_arg, &result))
		return result;
	a = window_arg(fcinfo, 0, false, &a_header);
	b = window_arg(fcinfo, 1, false, &b_header);
	PG_RETURN_BYTEA_P(window_union(a, &a_header, false, b, &b_header));
}

/*
 * bloomwindow_union_agg(w), and the time-mode bloomwindow_agg's combine
 * function: the state (ours, in the aggregate's memory) takes the union in
 * place.
 */
PG_FUNCTION_INFO_V1(bloomwindow_union_agg_trans);
Datum
bloomwindow_union_agg_trans(PG_FUNCTION_ARGS)
{
	bw_header	state_header,
				value_header;
	bytea	   *state;
	bytea	   *value;
	Datum		result;

	(void) bloom_aggregate_context(fcinfo, "bloomwindow_union_agg_trans");
	if (bloom_union_nulls(fcinfo, window_check_arg, &result))
		return result;
	state = window_arg(fcinfo, 0, false, &state_header);
	value = window_arg(fcinfo, 1, false, &value_header);
	PG_RETURN_BYTEA_P(window_union(state, &state_header, true, value, &value_header));
}

/* ---- info ---- */

/* bloomwindow_info(w): the parameters and counts of a window */
PG_FUNCTION_INFO_V1(bloomwindow_info);
Datum
bloomwindow_info(PG_FUNCTION_ARGS)
{
	bw_header	header;
	bytea	   *window = window_arg(fcinfo, 0, false, &header);
	TupleDesc	descriptor;
	Datum		values[15];
	bool		nulls[15] = {false};
	bool		is_time = header.mode == BW_MODE_TIME;
	uint64		bits_set = 0;

	if (get_call_result_type(fcinfo, NULL, &descriptor) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "bloomwindow_info must return a record");
	descriptor = BlessTupleDesc(descriptor);
	for (unsigned g = 0; g < header.generations; g++)
		bits_set += bw_generation_bits(BLOOM_BYTES(window), &header, g, BLOOM_BLOCKS_PER_CHUNK, bloom_check_interrupts);
	values[0] = CStringGetTextDatum(window_mode_name(header.mode));
	values[1] = Int32GetDatum(header.generations);
	values[2] = Int64GetDatum((int64) (header.nblocks * BF_BLOCK_BITS));
	values[3] = Int32GetDatum(header.k);
	values[4] = Int64GetDatum((int64) header.window);
	nulls[4] = is_time;
	values[5] = PointerGetDatum(window_usecs_interval(header.window));
	nulls[5] = !is_time;
	values[6] = Int64GetDatum((int64) header.span);
	nulls[6] = is_time;
	values[7] = PointerGetDatum(window_usecs_interval(header.span));
	nulls[7] = !is_time;
	values[8] = Int64GetDatum((int64) Min(header.insertions, (uint64) PG_INT64_MAX));
	values[9] = Int64GetDatum((int64) bits_set);
	values[10] = Int64GetDatum((int64) (bw_window_bytes(header.generations, header.nblocks) + VARHDRSZ));
	values[11] = Int64GetDatum((int64) header.design_n);
	values[12] = Float8GetDatum(header.design_p);
	values[13] = CStringGetTextDatum(bloom_kind_name(header.value_kind, false));
	values[14] = Int32GetDatum(header.version);
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(descriptor, values, nulls)));
}

/*
 * bloomwindow_generations(w, at): one row per generation, newest first:
 * its slot, age, start, count, bits set, whether it is current, and whether
 * a probe at `at` tests it (time mode; NULL without `at`; always true in
 * count mode).
 */
PG_FUNCTION_INFO_V1(bloomwindow_generations);
Datum
bloomwindow_generations(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	bw_header	header;
	bytea	   *window;
	bool		is_time;
	unsigned	live = 0;

	/* not strict, for the default NULL at: a NULL window has no generations */
	InitMaterializedSRF(fcinfo, 0);
	if (PG_ARGISNULL(0))
		return (Datum) 0;
	window = window_arg(fcinfo, 0, false, &header);
	is_time = header.mode == BW_MODE_TIME;
	if (is_time && !PG_ARGISNULL(1))
		live = bw_live_slots(&header, window_time_arg(fcinfo, 1));
	for (unsigned age = 0; age < header.generations; age++)
	{
		unsigned	slot = bw_slot_of_age(&header, age);
		Datum		values[8];
		bool		nulls[8] = {false};
		bool		used = header.insertions > 0 &&
			(is_time || (uint64) header.gen[header.current].start / header.span >= age);

		values[0] = Int32GetDatum((int32) slot);
		values[1] = Int32GetDatum((int32) age);
		values[2] = Int64GetDatum(header.gen[slot].start);
		nulls[2] = is_time || !used;
		values[3] = TimestampTzGetDatum(window_start_time(header.gen[slot].start));
		nulls[3] = !is_time || !used;
		values[4] = Int64GetDatum((int64) Min(header.gen[slot].n_added, (uint64) PG_INT64_MAX));
		values[5] = Int64GetDatum((int64) bw_generation_bits(BLOOM_BYTES(window), &header, slot, BLOOM_BLOCKS_PER_CHUNK,
																			  bloom_check_interrupts));
		values[6] = BoolGetDatum(age == 0);
		values[7] = BoolGetDatum(is_time ? (live & (1u << slot)) != 0 : true);
		nulls[7] = is_time && PG_ARGISNULL(1);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

/* ---- the aggregates ---- */

/*
 * The state is the window itself, made on the first row and updated in
 * place.  Every row must give the same parameters.
 */
static bytea *
window_agg_state(FunctionCallInfo fcinfo, int mode, int64 window, int64 n, double p, int32 generations,
				 bw_header *header)
{
	bytea	   *state;

	if (PG_ARGISNULL(0))
		state = window_make_empty(mode, window, n, p, generations);
	else
		state = (bytea *) PG_DETOAST_DATUM(PG_GETARG_DATUM(0));
	window_checked(state, header);
	if (header->mode != mode || header->window != (uint64) window || header->design_n != (uint64) n ||
		header->design_p != p || header->generations != generations)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("bloomwindow_agg's window, n, p and generations must be the same on every row")));
	return state;
}

static void
window_agg_require(FunctionCallInfo fcinfo, int first, int last)
{
	for (int argno = first; argno <= last; argno++)
		if (PG_ARGISNULL(argno))
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("bloomwindow_agg's window, n, p and generations must not be NULL")));
}

/*
 * bloomwindow_agg(value, w, p [, generations]): count mode, every non-NULL
 * row added in the order the aggregate sees them (ORDER BY inside the call
 * makes it defined).  No combine function: the last W of a parallel scan
 * would be the last W of each worker.
 */
PG_FUNCTION_INFO_V1(bloomwindow_agg_count_trans);
Datum
bloomwindow_agg_count_trans(PG_FUNCTION_ARGS)
{
	bw_header	header;
	bytea	   *state;
	uint32		value_kind;
	uint64		hash;
	int32		generations = PG_NARGS() > 4 ? (PG_ARGISNULL(4) ? 0 : PG_GETARG_INT32(4)) : 4;

	(void) bloom_aggregate_context(fcinfo, "bloomwindow_agg_count_trans");
	window_agg_require(fcinfo, 2, PG_NARGS() - 1);
	state = window_agg_state(fcinfo, BW_MODE_COUNT, PG_GETARG_INT64(2), PG_GETARG_INT64(2), PG_GETARG_FLOAT8(3),
							 generations, &header);
	if (PG_ARGISNULL(1))
		PG_RETURN_BYTEA_P(state);
	hash = bloom_hash_arg(fcinfo, 1, &value_kind);
	window_add_hashes(state, &header, &hash, 1, value_kind, 0);
	PG_RETURN_BYTEA_P(state);
}

/*
 * bloomwindow_agg(value, at, t, n, p [, generations]): time mode, each
 * non-NULL value at its time (rows with a NULL time are skipped).  The
 * result depends on the set of (value, at) only, so union is its combine
 * function: it runs in parallel and on Citus.
 */
PG_FUNCTION_INFO_V1(bloomwindow_agg_time_trans);
Datum
bloomwindow_agg_time_trans(PG_FUNCTION_ARGS)
{
	bw_header	header;
	bytea	   *state;
	uint32		value_kind;
	uint64		hash;
	int32		generations;

	(void) bloom_aggregate_context(fcinfo, "bloomwindow_agg_time_trans");
	window_agg_require(fcinfo, 3, PG_NARGS() - 1);
	generations = PG_NARGS() > 6 ? PG_GETARG_INT32(6) : 4;
	state = window_agg_state(fcinfo, BW_MODE_TIME, (int64) window_interval_usecs(PG_GETARG_INTERVAL_P(3)),
							 PG_GETARG_INT64(4), PG_GETARG_FLOAT8(5), generations, &header);
	if (PG_ARGISNULL(1) || PG_ARGISNULL(2))
		PG_RETURN_BYTEA_P(state);
	hash = bloom_hash_arg(fcinfo, 1, &value_kind);
	window_add_hashes(state, &header, &hash, 1, value_kind, window_time_arg(fcinfo, 2));
	PG_RETURN_BYTEA_P(state);
}

/*
 * bloomfilter_cuckoo.c - the SQL face of cuckoofilter (the core is
 * bf_cuckoo.c): I/O, add and remove, probes and count, union, info and the
 * aggregate.  Every change is made on a copy: an insertion refused because
 * the filter is full (or holds the value 8 times) is an ERROR, and the
 * stored value is left as it was.
 */
#include "bloomfilter.h"

#include <math.h>

#include "access/htup_details.h"
#include "funcapi.h"
#include "utils/builtins.h"

#include "bf_aggstate.h"
#include "bf_cuckoo.h"

#define CUCKOO_TYPE_NAME	"cuckoofilter"

/* ---- values ---- */

static void
cuckoo_validate(const uint8_t *bytes, uint64_t length, BloomValueSource source)
{
	cf_header	header;

	bloom_check_status_of(cf_validate(bytes, length, &header, BLOOM_BLOCKS_PER_CHUNK, bloom_check_interrupts),
						  source, CUCKOO_TYPE_NAME);
}

static void
cuckoo_check_header(const uint8_t *bytes, uint64_t length, cf_header *header)
{
	bloom_check_status_of(cf_check_header(bytes, length, header), BLOOM_FROM_STORAGE, CUCKOO_TYPE_NAME);
}

/* Argument argno detoasted (a copy if `copy`, which the caller may modify), header checked. */
static bytea *
cuckoo_arg(FunctionCallInfo fcinfo, int argno, bool copy, cf_header *header)
{
	Datum		datum = PG_GETARG_DATUM(argno);
	bytea	   *value = (bytea *) (copy ? PG_DETOAST_DATUM_COPY(datum) : PG_DETOAST_DATUM(datum));

	cuckoo_check_header(BLOOM_BYTES(value), BLOOM_LENGTH(value), header);
	return value;
}

static void
cuckoo_check_arg(FunctionCallInfo fcinfo, int argno)
{
	cf_header	header;

	(void) cuckoo_arg(fcinfo, argno, false, &header);
}

/* cf_plan, its refusals as ERRORs */
static void
cuckoo_plan_checked(int64 n, double p, uint64_t *nbuckets, int *fp_bits)
{
	bf_status	status = cf_plan(n, p, nbuckets, fp_bits);

	/* bloomfilter's own limit is in the message of BF_ERR_P_TOO_SMALL */
	if (status == BF_ERR_P_TOO_SMALL)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("false-positive rate of a cuckoo filter must be at least %g",
						8.0 / ldexp(1.0, CF_MAX_FP_BITS))));
	bloom_check_status_of(status, BLOOM_FROM_STORAGE, CUCKOO_TYPE_NAME);
}

static bytea *
cuckoo_make_empty(int64 n, double p)
{
	uint64_t	nbuckets;
	int			fp_bits;
	bytea	   *result;

	cuckoo_plan_checked(n, p, &nbuckets, &fp_bits);
	result = bloom_alloc_varlena(cf_filter_bytes(nbuckets, fp_bits));
	cf_init(BLOOM_BYTES(result), nbuckets, fp_bits, BF_KIND_NONE, (uint64_t) n, p);
	return result;
}

PG_FUNCTION_INFO_V1(cuckoofilter_in);
Datum
cuckoofilter_in(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(bloom_from_base64(PG_GETARG_CSTRING(0), cuckoo_validate, BLOOM_FROM_TEXT, CUCKOO_TYPE_NAME));
}

PG_FUNCTION_INFO_V1(cuckoofilter_out);
Datum
cuckoofilter_out(PG_FUNCTION_ARGS)
{
	cf_header	header;

	PG_RETURN_CSTRING(bloom_to_base64(cuckoo_arg(fcinfo, 0, false, &header)));
}

PG_FUNCTION_INFO_V1(cuckoofilter_recv);
Datum
cuckoofilter_recv(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(bloom_from_binary((StringInfo) PG_GETARG_POINTER(0), cuckoo_validate, BLOOM_FROM_BINARY));
}

PG_FUNCTION_INFO_V1(cuckoofilter_send);
Datum
cuckoofilter_send(PG_FUNCTION_ARGS)
{
	cf_header	header;

	PG_RETURN_BYTEA_P(bloom_to_binary(cuckoo_arg(fcinfo, 0, false, &header)));
}

PG_FUNCTION_INFO_V1(cuckoo_empty);
Datum
cuckoo_empty(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(cuckoo_make_empty(PG_GETARG_INT64(0), PG_GETARG_FLOAT8(1)));
}

/* ---- add and remove ---- */

/*
 * Inserts (or removes) the hashes into filter, which is ours to change:
 * a refused insertion is an ERROR, so the caller's copy is thrown away.
 */
static void
cuckoo_apply(bytea *filter, const cf_header *header, const uint64 *hashes, int count, uint32 value_kind,
			 bool remove)
{
	cf_view		view = cf_view_of(BLOOM_BYTES(filter));

	if (count == 0)
		return;
	bloom_check_kind(header->value_kind, value_kind, "cuckoo filter");
	for (int i = 0; i < count; i++)
	{
		if ((i & 0xFFFF) == 0)
			CHECK_FOR_INTERRUPTS();
		if (remove)
			(void) cf_remove_hash(view, hashes[i]);
		else
			bloom_check_status_of(cf_insert_hash(view, hashes[i]), BLOOM_FROM_STORAGE, CUCKOO_TYPE_NAME);
	}
	if (!remove)
		bf_store_u32(BLOOM_BYTES(filter) + CF_OFF_VALUE_KIND, value_kind);
}

/*
 * cuckoo_add(filter, value), cuckoo_remove(filter, value): a new filter;
 * the input is never modified.  A NULL value changes nothing; a NULL filter
 * gives NULL.  A remove that finds no copy returns the filter unchanged
 * (cuckoo_count(filter, value) > 0 tells beforehand whether it will).
 */
static Datum
cuckoo_add_or_remove(FunctionCallInfo fcinfo, bool remove, bool array)
{
	cf_header	header;
	bytea	   *result;
	uint32		value_kind;
	uint64		single;
	uint64	   *hashes = &single;
	int			count = 1;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	if (PG_ARGISNULL(1))
	{
		(void) cuckoo_arg(fcinfo, 0, false, &header);
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	}
	if (array)
		hashes = bloom_hash_array_arg(fcinfo, 1, &count, &value_kind);
	else
		single = bloom_hash_arg(fcinfo, 1, &value_kind);
	result = cuckoo_arg(fcinfo, 0, true, &header);
	cuckoo_apply(result, &header, hashes, count, value_kind, remove);
	PG_RETURN_BYTEA_P(result);
}

PG_FUNCTION_INFO_V1(cuckoo_add);
Datum
cuckoo_add(PG_FUNCTION_ARGS)
{
	return cuckoo_add_or_remove(fcinfo, false, false);
}

PG_FUNCTION_INFO_V1(cuckoo_add_all);
Datum
cuckoo_add_all(PG_FUNCTION_ARGS)
{
	return cuckoo_add_or_remove(fcinfo, false, true);
}

PG_FUNCTION_INFO_V1(cuckoo_remove);
Datum
cuckoo_remove(PG_FUNCTION_ARGS)
{
	return cuckoo_add_or_remove(fcinfo, true, false);
}

PG_FUNCTION_INFO_V1(cuckoo_remove_all);
Datum
cuckoo_remove_all(PG_FUNCTION_ARGS)
{
	return cuckoo_add_or_remove(fcinfo, true, true);
}

/* ---- probes and count ---- */

/*
 * Copies of hash's fingerprint in a stored filter, read through TOAST
 * slices: its 64-byte header and its two buckets ((f - 1) / 2 bytes each,
 * one more when a bucket begins mid-byte).
 */
static int
cuckoo_count_slices(struct varlena *stored, uint64 stored_bytes, uint64 hash, uint32 value_kind)
{
	bytea	   *slice = bloom_stored_slice(stored, 0, CF_HEADER_BYTES);
	cf_header	header;
	uint32		fp;
	uint64		buckets[2];
	int			copies = 0;

	cuckoo_check_header(BLOOM_BYTES(slice), stored_bytes, &header);
	pfree(slice);
	if (header.value_kind != BF_KIND_NONE)
		bloom_check_kind(header.value_kind, value_kind, "cuckoo filter");
	if (header.n_items == 0)
		return 0;
	fp = cf_fingerprint(hash, header.fp_bits);
	buckets[0] = cf_bucket(hash, header.nbuckets, header.version);
	buckets[1] = cf_alt_bucket(buckets[0], fp, header.nbuckets, header.version);
	for (int i = 0; i < 2; i++)
	{
		uint64_t	first_byte;
		uint64_t	byte_count;
		unsigned	first_bit;

		cf_bucket_bytes(buckets[i], header.fp_bits, &first_byte, &byte_count, &first_bit);
		slice = bloom_stored_slice(stored, CF_HEADER_BYTES + first_byte, byte_count);
		copies += cf_bucket_count_in(BLOOM_BYTES(slice), byte_count, first_bit, header.fp_bits, fp);
		pfree(slice);
	}
	if ((header.flags & CF_FLAG_VICTIM) && header.victim_fp == fp &&
		(header.victim_bucket == buckets[0] || header.victim_bucket == buckets[1]))
		copies++;
	return copies;
}

/* Its table follows the header (bloom_value_bytes_arg); buckets do not follow lines. */
static uint64
cuckoo_first_block(const uint8_t *bytes, uint64 available)
{
	return CF_HEADER_BYTES;
}

/* A stored filter kept whole is probed in its unpacked table (bf_cuckoo.h), derived once. */
static uint64
cuckoo_unpacked_size(const uint8_t *bytes)
{
	cf_view		view = cf_view_of((uint8_t *) bytes);

	return view.fp_bits <= CF_UNPACKED_MAX_FP_BITS ? cf_unpacked_bytes(view.nbuckets, view.fp_bits) : 0;
}

static void
cuckoo_unpack(const uint8_t *bytes, void *unpacked)
{
	cf_view		view = cf_view_of((uint8_t *) bytes);
	BloomChunks chunks = bloom_chunks(view.nbuckets, 1);

	memset(unpacked, 0, cf_unpacked_bytes(view.nbuckets, view.fp_bits));
	while (bloom_next_chunk(&chunks))
		cf_unpack_buckets(view, unpacked, chunks.first, chunks.count);
}

static const BloomDeriver cuckoo_unpacked = {cuckoo_unpacked_size, cuckoo_unpack};

static pg_noinline int
cuckoo_count_slow(FunctionCallInfo fcinfo, int filter_argno, int value_argno)
{
	uint64		hashes[BLOOM_PROBE_MAX_HASHES];
	uint32		value_kind;
	int			hash_count = bloom_probe_hashes_arg(fcinfo, value_argno, hashes, &value_kind);
	struct varlena *stored;
	uint64		length;
	const uint8_t *bytes;
	cf_header	header;
	int			copies = 0;

	if (bloom_probe_in_slices(fcinfo, filter_argno, &stored, &length))
	{
		for (int i = 0; i < hash_count; i++)
			copies = Max(copies, cuckoo_count_slices(stored, length, hashes[i], value_kind));
		return copies;
	}
	bytes = bloom_value_bytes_arg(fcinfo, filter_argno, cuckoo_first_block, &length);
	cuckoo_check_header(bytes, length, &header);
	if (header.value_kind != BF_KIND_NONE)
		bloom_check_kind(header.value_kind, value_kind, "cuckoo filter");
	bloom_other_remember(fcinfo, filter_argno, bytes, length);
	for (int i = 0; i < hash_count; i++)
		copies = Max(copies, cf_count_hash(cf_view_of((uint8_t *) bytes), hashes[i]));
	return copies;
}

/*
 * Copies of the value's fingerprint (a probe's "maybe" is count > 0).  A
 * text value ending in spaces is also counted without them, as bloomfilter
 * probes it (bloom_probe_hashes); the larger count is returned.  The fast
 * path: the filter this call site checked on an earlier row (or a value in
 * place with the length and header of the last one checked, such as a small
 * filter stored inline in each row), and a value of a fixed kind
 * (bloomfilter.h), need only a hash and two buckets.  An empty
 * filter holds no fingerprint, so it counts 0 here.  Without all_copies
 * (a probe) the fast path stops at the first bucket that has one: the
 * answer is only compared with 0, and a stored filter kept whole is read in
 * its unpacked table, when it has one.
 */
static pg_attribute_always_inline int
cuckoo_count_arg(FunctionCallInfo fcinfo, int filter_argno, int value_argno, bool all_copies)
{
	const uint8_t *known = bloom_other_known(fcinfo, filter_argno);
	const uint8_t *bytes = known != NULL ? known : bloom_other_checked_in_place(fcinfo, filter_argno);
	const uint8_t *unpacked;
	uint64		hash;

	if (bytes != NULL &&
		bloom_fast_hash_unpadded(bloom_call_cache(fcinfo)->hashing.fast_encoding, PG_GETARG_DATUM(value_argno), &hash))
	{
		if (all_copies)
			return cf_count_hash(cf_view_of((uint8_t *) bytes), hash);
		unpacked = known != NULL ? bloom_other_derived(fcinfo, known, &cuckoo_unpacked) : NULL;
		if (unpacked != NULL)
			return cf_unpacked_contains_hash(cf_view_of((uint8_t *) known), unpacked, hash);
		return cf_filter_contains_hash(bytes, hash);
	}
	return cuckoo_count_slow(fcinfo, filter_argno, value_argno);
}

PG_FUNCTION_INFO_V1(cuckoo_contains);
Datum
cuckoo_contains(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(cuckoo_count_arg(fcinfo, 0, 1, false) > 0);
}

PG_FUNCTION_INFO_V1(cuckoo_contained);
Datum
cuckoo_contained(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(cuckoo_count_arg(fcinfo, 1, 0, false) > 0);
}

/* cuckoo_count(filter, value): copies of its fingerprint; over-counts on a collision */
PG_FUNCTION_INFO_V1(cuckoo_count);
Datum
cuckoo_count(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(cuckoo_count_arg(fcinfo, 0, 1, true));
}

/* ---- union ---- */

/*
 * a + b: every fingerprint of b inserted into a (a multiset sum), for
 * filters of the same shape; an empty filter is neutral.  The result may be
 * a itself, updated in place when a_writable, or b itself, unchanged.  A
 * result that does not fit is an ERROR.
 */
static bytea *
cuckoo_union_values(bytea *a, const cf_header *a_header, bool a_writable, bytea *b, const cf_header *b_header)
{
	uint32		kind;
	bf_status	status;
	bytea	   *result;

	if (b_header->n_items == 0)
		return a;
	if (a_header->n_items == 0)
		return b;
	if (a_header->nbuckets != b_header->nbuckets || a_header->fp_bits != b_header->fp_bits)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_EXCEPTION),
				 errmsg("cuckoo filters of different shapes cannot be united"),
				 errdetail("One has " UINT64_FORMAT " buckets of %d-bit fingerprints, the other " UINT64_FORMAT
						   " buckets of %d-bit fingerprints.", a_header->nbuckets, a_header->fp_bits,
						   b_header->nbuckets, b_header->fp_bits),
				 errhint("Build both with the same n and p, with cuckoo_empty(n, p) or cuckoo_agg(x, n, p).")));
	/* version 1's fingerprints sit in other buckets, which cannot be found again without their hashes */
	if (a_header->version != b_header->version)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_EXCEPTION),
				 errmsg("cuckoo filters of format versions %d and %d cannot be united",
						a_header->version, b_header->version),
				 errdetail("The two versions place an element's fingerprint in different buckets."),
				 errhint("Build the version 1 filter again from its rows, with cuckoo_agg(x, n, p).")));
	if (bf_combine_kinds(a_header->value_kind, b_header->value_kind, &kind) != BF_OK)
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("cuckoo filters hold different kinds of values: %s and %s",
						bloom_kind_name(a_header->value_kind, true), bloom_kind_name(b_header->value_kind, true))));
	if (a_writable)
		result = a;
	else
	{
		result = bloom_alloc_varlena(BLOOM_LENGTH(a));
		memcpy(BLOOM_BYTES(result), BLOOM_BYTES(a), BLOOM_LENGTH(a));
	}
	status = cf_insert_all(cf_view_of(BLOOM_BYTES(result)), BLOOM_BYTES(b), BLOOM_BLOCKS_PER_CHUNK,
						   bloom_check_interrupts);
	bloom_check_status_of(status, BLOOM_FROM_STORAGE, CUCKOO_TYPE_NAME);
	bf_store_u32(BLOOM_BYTES(result) + CF_OFF_VALUE_KIND, kind);
	return result;
}

/* cuckoo_union(a, b) and a | b: NULL is the empty set, as for bloomfilter */
PG_FUNCTION_INFO_V1(cuckoo_union);
Datum
cuckoo_union(PG_FUNCTION_ARGS)
{
	cf_header	a_header,
				b_header;
	bytea	   *a;
	bytea	   *b;
	Datum		result;

	if (bloom_union_nulls(fcinfo, cuckoo_check_arg, &result))
		return result;
	a = cuckoo_arg(fcinfo, 0, false, &a_header);
	b = cuckoo_arg(fcinfo, 1, false, &b_header);
	PG_RETURN_BYTEA_P(cuckoo_union_values(a, &a_header, false, b, &b_header));
}

/* ---- info ---- */

/*
 * cuckoo_info(filter).  fpp is the chance that a value not in the filter
 * finds its fingerprint in one of its 8 slots at the current load:
 * 1 - (1 - 1/(2^f - 1))^(8 load).
 */
PG_FUNCTION_INFO_V1(cuckoo_info);
Datum
cuckoo_info(PG_FUNCTION_ARGS)
{
	cf_header	header;
	bytea	   *filter = cuckoo_arg(fcinfo, 0, false, &header);
	uint64		slots = header.nbuckets * CF_SLOTS_PER_BUCKET;
	double		load = (double) header.n_items / (double) slots;
	double		match = 1.0 / (ldexp(1.0, header.fp_bits) - 1.0);
	TupleDesc	descriptor;
	Datum		values[12];
	bool		nulls[12] = {false};

	if (get_call_result_type(fcinfo, NULL, &descriptor) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "cuckoo_info must return a record");
	descriptor = BlessTupleDesc(descriptor);

	values[0] = Int64GetDatum((int64) header.nbuckets);
	values[1] = Int64GetDatum((int64) slots);
	values[2] = Int32GetDatum(header.fp_bits);
	values[3] = Int64GetDatum((int64) header.n_items);
	values[4] = Float8GetDatum(load);
	values[5] = Float8GetDatum(1.0 - pow(1.0 - match, 2.0 * CF_SLOTS_PER_BUCKET * load));
	values[6] = BoolGetDatum((header.flags & CF_FLAG_VICTIM) != 0);
	values[7] = Int64GetDatum((int64) (BLOOM_LENGTH(filter) + VARHDRSZ));
	values[8] = Int64GetDatum((int64) Min(header.design_n, (uint64) PG_INT64_MAX));
	values[9] = Float8GetDatum(header.design_p);
	values[10] = CStringGetTextDatum(bloom_kind_name(header.value_kind, false));
	values[11] = Int32GetDatum(header.version);
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(descriptor, values, nulls)));
}

/* ---- the aggregate ---- */

/*
 * cuckoo_agg(value, n, p): every non-NULL row is inserted (a value on more
 * than 8 rows is an ERROR: cuckoo_agg(DISTINCT x, n, p) takes each once).
 * The state is the filter itself, made on the first row and updated in
 * place; an ERROR discards it with the query.
 */
PG_FUNCTION_INFO_V1(cuckoo_agg_trans);
Datum
cuckoo_agg_trans(PG_FUNCTION_ARGS)
{
	cf_header	header;
	bytea	   *state;
	uint32		value_kind;
	uint64		hash;

	(void) bloom_aggregate_context(fcinfo, "cuckoo_agg_trans");
	if (PG_ARGISNULL(2) || PG_ARGISNULL(3))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("cuckoo_agg's n and p must not be NULL")));
	/* a new state: the executor copies it into the aggregate's memory */
	if (PG_ARGISNULL(0))
		state = cuckoo_make_empty(PG_GETARG_INT64(2), PG_GETARG_FLOAT8(3));
	else
		state = (bytea *) PG_DETOAST_DATUM(PG_GETARG_DATUM(0));
	cuckoo_check_header(BLOOM_BYTES(state), BLOOM_LENGTH(state), &header);
	if (header.design_n != (uint64) PG_GETARG_INT64(2) || header.design_p != PG_GETARG_FLOAT8(3))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("cuckoo_agg's n and p must be the same on every row")));
	if (PG_ARGISNULL(1))
		PG_RETURN_BYTEA_P(state);
	hash = bloom_hash_arg(fcinfo, 1, &value_kind);
	cuckoo_apply(state, &header, &hash, 1, value_kind, false);
	PG_RETURN_BYTEA_P(state);
}

/*
 * A cuckoo filter of nbuckets for design n at rate p holding the hashes in
 * their order, or NULL if one found no room: the table and stash full, or
 * its bucket pair already holding its fingerprint 8 times (copies of one
 * value, or other values that share its fingerprint and buckets, which a
 * larger table may tell apart).
 */
static bytea *
cuckoo_build(uint64 nbuckets, int fp_bits, uint64 n, double p, uint32 value_kind, const uint64 *hashes)
{
	bytea	   *result = bloom_alloc_varlena(cf_filter_bytes(nbuckets, fp_bits));
	cf_view		view;

	cf_init(BLOOM_BYTES(result), nbuckets, fp_bits, BF_KIND_NONE, n, p);
	view = cf_view_of(BLOOM_BYTES(result));
	for (uint64 first = 0; first < n; first += BF_HASHES_PER_CHUNK)
	{
		bf_status	status;

		CHECK_FOR_INTERRUPTS();
		status = cf_insert_hashes(view, hashes + first, Min(n - first, BF_HASHES_PER_CHUNK));
		if (status == BF_ERR_FILTER_FULL || status == BF_ERR_TOO_MANY_COPIES)
		{
			pfree(result);
			return NULL;
		}
		bloom_check_status_of(status, BLOOM_FROM_STORAGE, CUCKOO_TYPE_NAME);
	}
	bf_store_u32(BLOOM_BYTES(result) + CF_OFF_VALUE_KIND, value_kind);
	return result;
}

/*
 * cuckoo_agg(value [, p])'s transition: bloom_agg's on a hash list
 * (bloom_agg_trans_hash_list).  A group's first row checks p against the
 * cuckoo filter's least rate, which is above bloomfilter's: an ERROR on
 * that row, not after the scan.
 */
PG_FUNCTION_INFO_V1(cuckoo_agg_hashes_trans);
Datum
cuckoo_agg_hashes_trans(PG_FUNCTION_ARGS)
{
	if (PG_ARGISNULL(0) && PG_NARGS() == 3 && !PG_ARGISNULL(2))
	{
		uint64_t	nbuckets;
		int			fp_bits;

		cuckoo_plan_checked(0, PG_GETARG_FLOAT8(2), &nbuckets, &fp_bits);
	}
	return bloom_agg_trans_hash_list(fcinfo, "cuckoo_agg_hashes_trans", "cuckoo_agg", NULL);
}

/* cuckoo_agg(value [, p])'s combine: bloom_agg's on hash lists (bloom_agg_combine_hash_list). */
PG_FUNCTION_INFO_V1(cuckoo_agg_hashes_combine);
Datum
cuckoo_agg_hashes_combine(PG_FUNCTION_ARGS)
{
	return bloom_agg_combine_hash_list(fcinfo, "cuckoo_agg");
}

/*
 * cuckoo_agg(value [, p])'s final function: a cuckoo filter of the state's
 * hash list, sized for its rows as cuckoo_empty(rows, p) is.  The hashes go
 * in ascending, so that every plan makes the same bytes (evictions depend
 * on the order of the inserts).  The size planned holds the rows at a load
 * of at most 0.95.  Distinct values rarely fail to fit there (near that
 * load), repeated values more often: every copy of a value, and of a value
 * that shares its fingerprint and buckets, takes a slot of the same two
 * buckets.  Then the table with twice the buckets is built instead; if that
 * fails too, it is an ERROR that suggests DISTINCT.  Every non-NULL row is
 * inserted: a value on more than 8 rows is an ERROR, as in
 * cuckoo_agg(value, n, p), found in the sorted hashes before any build, so
 * that values which only share a fingerprint and buckets with it get the
 * larger table instead.  Zero rows give NULL.
 */
PG_FUNCTION_INFO_V1(cuckoo_agg_final);
Datum
cuckoo_agg_final(PG_FUNCTION_ARGS)
{
	const uint8_t *state;
	bf_state_header header;
	uint64	   *sorted;
	uint64	   *scratch;
	uint64_t	nbuckets;
	int			fp_bits;
	bytea	   *result;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	state = bloom_agg_hash_list_state(fcinfo, "cuckoo_agg");
	bf_state_read_header(state, &header);
	cuckoo_plan_checked((int64) header.rows, header.p, &nbuckets, &fp_bits);
	/* rows <= BF_AGG_MAX_HASHES: 128 MiB each at most */
	sorted = palloc(Max(header.rows, 1) * sizeof(uint64));
	scratch = palloc(Max(header.rows, 1) * sizeof(uint64));
	bf_state_sorted_hashes(state, sorted, scratch, bloom_check_interrupts);
	pfree(scratch);
	if (cf_sorted_hashes_over_copies(sorted, header.rows))
		bloom_check_status_of(BF_ERR_TOO_MANY_COPIES, BLOOM_FROM_STORAGE, CUCKOO_TYPE_NAME);
	result = cuckoo_build(nbuckets, fp_bits, header.rows, header.p, header.value_kind, sorted);
	if (result == NULL)
	{
		if (nbuckets > CF_MAX_NBUCKETS / 2 || cf_table_bytes(2 * nbuckets, fp_bits) > CF_MAX_TABLE_BYTES)
			bloom_check_status_of(BF_ERR_FILTER_FULL, BLOOM_FROM_STORAGE, CUCKOO_TYPE_NAME);
		result = cuckoo_build(2 * nbuckets, fp_bits, header.rows, header.p, header.value_kind, sorted);
	}
	if (result == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("cuckoo_agg(x) could not fit its " UINT64_FORMAT " rows in twice the buckets planned for them",
						header.rows),
				 errdetail("Copies of a value, and values that share its fingerprint and buckets, all go into the same two buckets of 4 slots."),
				 errhint("Insert each value once: cuckoo_agg(DISTINCT x).")));
	pfree(sorted);
	PG_RETURN_BYTEA_P(result);
}

/*
 * cuckoo_union_agg(filter), and cuckoo_agg's combine function: the state
 * (ours) takes the union in place.
 */
PG_FUNCTION_INFO_V1(cuckoo_union_agg_trans);
Datum
cuckoo_union_agg_trans(PG_FUNCTION_ARGS)
{
	cf_header	state_header,
				value_header;
	bytea	   *state;
	bytea	   *value;
	Datum		result;

	(void) bloom_aggregate_context(fcinfo, "cuckoo_union_agg_trans");
	if (bloom_union_nulls(fcinfo, cuckoo_check_arg, &result))
		return result;
	state = cuckoo_arg(fcinfo, 0, false, &state_header);
	value = cuckoo_arg(fcinfo, 1, false, &value_header);
	PG_RETURN_BYTEA_P(cuckoo_union_values(state, &state_header, true, value, &value_header));
}

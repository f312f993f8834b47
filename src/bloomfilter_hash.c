/*
 * bloomfilter_hash.c - canonical bytes of a SQL value, and their hash.
 *
 * values vs. hashes
 *   A filter may be dumped and restored on another machine or major version,
 *   so what it stores must not depend on PostgreSQL's own hash functions
 *   (which differ between platforms) or on OIDs assigned at run time.  Each
 *   value is turned into canonical, platform-independent bytes, and those are
 *   hashed with XXH3.  Values equal under their type's `=` get equal bytes:
 *     integer  int2, int4, int8          int64, little-endian
 *     float    float4, float8            binary64 little-endian; -0 -> 0, one NaN
 *     numeric                            numeric_normalize(): 1.0 and 1.00 -> "1"
 *     text     text, varchar, name,      the characters in UTF-8; bpchar without
 *              bpchar, enum labels       trailing spaces (they do not count in =)
 *     interval                           months*30 days + days, to a 128-bit span
 *                                        of microseconds, as interval_cmp does
 *     arrays   of any of these           dims, bounds, then per element a null
 *                                        flag, a length and its canonical bytes
 *     other    built-in types with a     their binary send form, which is
 *              hash opclass              canonical for these types
 *   Domains hash as their base type.  Types whose binary form is not canonical
 *   under `=` (jsonb, numrange, composite types) or whose identity depends on
 *   the database (extension types) are refused with an error rather than
 *   hashed in a way that could produce false negatives.
 */
#include "bloomfilter.h"

#include <math.h>

#include "catalog/pg_type.h"
#include "mb/pg_wchar.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/datetime.h"
#include "utils/lsyscache.h"
#include "utils/numeric.h"
#include "utils/timestamp.h"
#include "utils/typcache.h"

typedef enum BloomEncoding
{
	BLOOM_ENC_INT2,
	BLOOM_ENC_INT4,
	BLOOM_ENC_INT8,
	BLOOM_ENC_FLOAT4,
	BLOOM_ENC_FLOAT8,
	BLOOM_ENC_NUMERIC,
	BLOOM_ENC_TEXT,				/* text, varchar */
	BLOOM_ENC_BPCHAR,
	BLOOM_ENC_NAME,
	BLOOM_ENC_ENUM,
	BLOOM_ENC_INTERVAL,
	BLOOM_ENC_ARRAY,
	BLOOM_ENC_SEND
} BloomEncoding;

struct BloomValueHasher
{
	BloomEncoding encoding;
	uint32		value_kind;
	FmgrInfo	send;			/* BLOOM_ENC_SEND */
	/* BLOOM_ENC_ARRAY: the element's hasher and storage */
	BloomValueHasher *element;
	Oid			element_type;
	int16		element_len;
	bool		element_byval;
	char		element_align;
	StringInfoData scratch;		/* reused buffer for the canonical bytes */
	bool		text_is_utf8;	/* the database's text needs no conversion */
};

static void bloom_encode(BloomValueHasher *hasher, Datum value, StringInfo out);

/*
 * Types whose send form is not canonical under their `=` (jsonb, numrange),
 * or names an object by an OID that differs between databases (the reg*
 * types: pg_dump restores them by name, to new OIDs).
 */
static bool
bloom_send_is_canonical(Oid type)
{
	switch (type)
	{
		case JSONBOID:
		case NUMRANGEOID:
		case NUMMULTIRANGEOID:
		case REGPROCOID:
		case REGPROCEDUREOID:
		case REGOPEROID:
		case REGOPERATOROID:
		case REGCLASSOID:
		case REGTYPEOID:
		case REGCOLLATIONOID:
		case REGCONFIGOID:
		case REGDICTIONARYOID:
		case REGNAMESPACEOID:
		case REGROLEOID:
			return false;
		default:
			return true;
	}
}

static BloomValueHasher *
bloom_new_hasher(Oid type, MemoryContext context, bool allow_array)
{
	BloomValueHasher *hasher = MemoryContextAllocZero(context, sizeof(BloomValueHasher));
	Oid			base = getBaseType(type);
	char		typtype = get_typtype(base);
	Oid			element_type;

	switch (base)
	{
		case INT2OID:
		case INT4OID:
		case INT8OID:
			hasher->encoding = base == INT2OID ? BLOOM_ENC_INT2 : base == INT4OID ? BLOOM_ENC_INT4 : BLOOM_ENC_INT8;
			hasher->value_kind = BF_KIND_INTEGER;
			break;
		case FLOAT4OID:
		case FLOAT8OID:
			hasher->encoding = base == FLOAT4OID ? BLOOM_ENC_FLOAT4 : BLOOM_ENC_FLOAT8;
			hasher->value_kind = BF_KIND_FLOAT;
			break;
		case NUMERICOID:
			hasher->encoding = BLOOM_ENC_NUMERIC;
			hasher->value_kind = BF_KIND_NUMERIC;
			break;
		case TEXTOID:
		case VARCHAROID:
			hasher->encoding = BLOOM_ENC_TEXT;
			hasher->value_kind = BF_KIND_TEXT;
			break;
		case BPCHAROID:
			hasher->encoding = BLOOM_ENC_BPCHAR;
			hasher->value_kind = BF_KIND_TEXT;
			break;
		case NAMEOID:
			hasher->encoding = BLOOM_ENC_NAME;
			hasher->value_kind = BF_KIND_TEXT;
			break;
		case INTERVALOID:
			hasher->encoding = BLOOM_ENC_INTERVAL;
			hasher->value_kind = BF_KIND_INTERVAL;
			break;
		default:
			if (typtype == TYPTYPE_ENUM)
			{
				hasher->encoding = BLOOM_ENC_ENUM;
				hasher->value_kind = BF_KIND_TEXT;
			}
			else if (allow_array && (element_type = get_element_type(base)) != InvalidOid)
			{
				hasher->encoding = BLOOM_ENC_ARRAY;
				hasher->element = bloom_new_hasher(element_type, context, false);
				hasher->element_type = element_type;
				hasher->value_kind = BF_KIND_ARRAY_FLAG | hasher->element->value_kind;
				get_typlenbyvalalign(element_type, &hasher->element_len,
									 &hasher->element_byval, &hasher->element_align);
			}
			else if (base < BF_KIND_BUILTIN_OID_LIMIT &&
					 (typtype == TYPTYPE_BASE || typtype == TYPTYPE_RANGE || typtype == TYPTYPE_MULTIRANGE) &&
					 OidIsValid(lookup_type_cache(base, TYPECACHE_HASH_PROC)->hash_proc) &&
					 bloom_send_is_canonical(base))
			{
				Oid			send_function;
				bool		is_varlena;

				getTypeBinaryOutputInfo(base, &send_function, &is_varlena);
				fmgr_info_cxt(send_function, &hasher->send, context);
				hasher->encoding = BLOOM_ENC_SEND;
				hasher->value_kind = BF_KIND_BUILTIN_FLAG | base;
			}
			else
				ereport(ERROR,
						(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
						 errmsg("bloom filters cannot hold values of type %s", format_type_be(type)),
						 errdetail("Supported are integers, floats, numeric, text types, enums, interval, "
								   "arrays of these, and built-in types with a hash operator class "
								   "except jsonb, numrange and the reg* types."),
						 errhint("Cast the values to text, or to a supported type, first.")));
	}
	{
		MemoryContext old = MemoryContextSwitchTo(context);

		initStringInfo(&hasher->scratch);
		MemoryContextSwitchTo(old);
	}
	hasher->text_is_utf8 = GetDatabaseEncoding() == PG_UTF8 || GetDatabaseEncoding() == PG_SQL_ASCII;
	return hasher;
}

static void
bloom_append_u32(StringInfo out, uint32 v)
{
	uint8_t		bytes[4];

	bf_store_u32(bytes, v);
	appendBinaryStringInfo(out, (char *) bytes, 4);
}

static void
bloom_append_u64(StringInfo out, uint64 v)
{
	uint8_t		bytes[8];

	bf_store_u64(bytes, v);
	appendBinaryStringInfo(out, (char *) bytes, 8);
}

/* Text in the database encoding, as UTF-8 (no conversion for UTF-8 and SQL_ASCII). */
static void
bloom_append_text(StringInfo out, const char *chars, int length)
{
	int			encoding = GetDatabaseEncoding();
	char	   *converted;

	if (encoding == PG_UTF8 || encoding == PG_SQL_ASCII)
	{
		appendBinaryStringInfo(out, chars, length);
		return;
	}
	converted = pg_server_to_any(chars, length, PG_UTF8);
	appendBinaryStringInfo(out, converted, converted == chars ? length : (int) strlen(converted));
	if (converted != chars)
		pfree(converted);
}

/* -0 and 0 are equal, and all NaNs are equal, under float8 `=`. */
static uint64
bloom_canonical_float_bits(double value)
{
	uint64		bits;

	if (value == 0.0)
		value = 0.0;
	if (isnan(value))
		return UINT64CONST(0x7ff8000000000000);
	memcpy(&bits, &value, sizeof(bits));
	return bits;
}

static void
bloom_encode_array(BloomValueHasher *hasher, Datum value, StringInfo out)
{
	ArrayType  *array = DatumGetArrayTypeP(value);
	int			ndims = ARR_NDIM(array);
	int		   *dims = ARR_DIMS(array);
	int		   *lower_bounds = ARR_LBOUND(array);
	Datum	   *elements;
	bool	   *nulls;
	int			count;

	bloom_append_u32(out, (uint32) ndims);
	for (int d = 0; d < ndims; d++)
	{
		bloom_append_u32(out, (uint32) dims[d]);
		bloom_append_u32(out, (uint32) lower_bounds[d]);
	}
	deconstruct_array(array, hasher->element_type, hasher->element_len,
					  hasher->element_byval, hasher->element_align,
					  &elements, &nulls, &count);
	for (int i = 0; i < count; i++)
	{
		int			length_at;

		appendStringInfoChar(out, nulls[i] ? 0 : 1);
		if (nulls[i])
			continue;
		/* length prefix, so {"ab","c"} and {"a","bc"} differ */
		length_at = out->len;
		bloom_append_u32(out, 0);
		bloom_encode(hasher->element, elements[i], out);
		bf_store_u32((uint8_t *) out->data + length_at, (uint32) (out->len - length_at - 4));
	}
	pfree(elements);
	pfree(nulls);
}

static void
bloom_encode(BloomValueHasher *hasher, Datum value, StringInfo out)
{
	switch (hasher->encoding)
	{
		case BLOOM_ENC_INT2:
			bloom_append_u64(out, (uint64) (int64) DatumGetInt16(value));
			break;
		case BLOOM_ENC_INT4:
			bloom_append_u64(out, (uint64) (int64) DatumGetInt32(value));
			break;
		case BLOOM_ENC_INT8:
			bloom_append_u64(out, (uint64) DatumGetInt64(value));
			break;
		case BLOOM_ENC_FLOAT4:
			bloom_append_u64(out, bloom_canonical_float_bits((double) DatumGetFloat4(value)));
			break;
		case BLOOM_ENC_FLOAT8:
			bloom_append_u64(out, bloom_canonical_float_bits(DatumGetFloat8(value)));
			break;
		case BLOOM_ENC_NUMERIC:
			{
				char	   *normalized = numeric_normalize(DatumGetNumeric(value));

				appendStringInfoString(out, normalized);
				pfree(normalized);
				break;
			}
		case BLOOM_ENC_TEXT:
			{
				text	   *t = DatumGetTextPP(value);

				bloom_append_text(out, VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t));
				break;
			}
		case BLOOM_ENC_BPCHAR:
			{
				text	   *t = DatumGetTextPP(value);
				int			length = VARSIZE_ANY_EXHDR(t);
				const char *chars = VARDATA_ANY(t);

				while (length > 0 && chars[length - 1] == ' ')
					length--;
				bloom_append_text(out, chars, length);
				break;
			}
		case BLOOM_ENC_NAME:
			{
				const char *chars = NameStr(*DatumGetName(value));

				bloom_append_text(out, chars, strlen(chars));
				break;
			}
		case BLOOM_ENC_ENUM:
			{
				/* the label, not the OID, which differs between databases */
				char	   *label = DatumGetCString(DirectFunctionCall1(enum_out, value));

				bloom_append_text(out, label, strlen(label));
				pfree(label);
				break;
			}
		case BLOOM_ENC_INTERVAL:
			{
				/* interval_cmp_value: the span in microseconds, as 128 bits */
				Interval   *interval = DatumGetIntervalP(value);
				int64		days = (int64) interval->month * DAYS_PER_MONTH + interval->day;
				int128		span = (int128) days * USECS_PER_DAY + interval->time;

				bloom_append_u64(out, (uint64) span);
				bloom_append_u64(out, (uint64) (span >> 64));
				break;
			}
		case BLOOM_ENC_ARRAY:
			bloom_encode_array(hasher, value, out);
			break;
		case BLOOM_ENC_SEND:
			{
				bytea	   *sent = SendFunctionCall(&hasher->send, value);

				appendBinaryStringInfo(out, VARDATA(sent), VARSIZE(sent) - VARHDRSZ);
				pfree(sent);
				break;
			}
	}
}

uint64
bloom_hash_arg(FunctionCallInfo fcinfo, int argno, uint32 *value_kind)
{
	BloomCallCache *cache = bloom_call_cache(fcinfo);
	BloomValueHasher *hasher;
	Datum		value = PG_GETARG_DATUM(argno);

	/* a call site's argument types are fixed: look them up on the first row only */
	if (cache->hasher == NULL)
	{
		Oid			type = get_fn_expr_argtype(fcinfo->flinfo, argno);
		Oid			collation = PG_GET_COLLATION();
		BloomValueHasher *new_hasher;

		if (!OidIsValid(type))
			elog(ERROR, "could not determine the type of argument %d", argno + 1);
		new_hasher = bloom_new_hasher(type, fcinfo->flinfo->fn_mcxt, true);
		/* text equal under a nondeterministic collation may differ in bytes */
		if ((new_hasher->value_kind & ~BF_KIND_ARRAY_FLAG) == BF_KIND_TEXT && OidIsValid(collation) &&
			!get_collation_isdeterministic(collation))
			ereport(ERROR,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
					 errmsg("bloom filters do not support nondeterministic collations"),
					 errhint("Normalize the text first, for example with lower(), and use a deterministic collation.")));
		cache->hasher = new_hasher;
	}
	hasher = cache->hasher;
	*value_kind = hasher->value_kind;

	/* the common cases hash the value where it is, without the buffer */
	switch (hasher->encoding)
	{
		case BLOOM_ENC_TEXT:
			if (hasher->text_is_utf8)
			{
				text	   *t = DatumGetTextPP(value);
				uint64		hash = bf_hash_bytes(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t));

				if ((Pointer) t != DatumGetPointer(value))
					pfree(t);
				return hash;
			}
			break;
		case BLOOM_ENC_INT4:
		case BLOOM_ENC_INT8:
			{
				uint8_t		bytes[8];

				bf_store_u64(bytes, hasher->encoding == BLOOM_ENC_INT4 ?
							 (uint64) (int64) DatumGetInt32(value) : (uint64) DatumGetInt64(value));
				return bf_hash_bytes(bytes, 8);
			}
		default:
			break;
	}
	resetStringInfo(&hasher->scratch);
	bloom_encode(hasher, value, &hasher->scratch);
	return bf_hash_bytes(hasher->scratch.data, hasher->scratch.len);
}

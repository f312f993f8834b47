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
 *              bpchar, enum labels,      trailing spaces (they do not count in =)
 *              untyped literals
 *     interval                           months*30 days + days, to a 128-bit span
 *                                        of microseconds, as interval_cmp does
 *     arrays   of any of these           dims, bounds, then per element a null
 *                                        flag, a length and its canonical bytes
 *     jsonb                              its tokens in order (object keys are stored
 *                                        sorted and unique); numbers normalized
 *     ranges   numrange, user-defined    flags, then each finite bound's canonical
 *              ranges, multiranges       bytes (numeric bounds 1.0 = 1.00)
 *     records  composite types, row()    per field a null flag, a length and its
 *                                        canonical bytes
 *     other    built-in types with a     their binary send form, which is
 *              hash opclass              canonical for these types
 *     types from extensions (citext,     the type's own 64-bit extended hash
 *     hstore, ltree...) with a hash      function (seed 0): the one hash indexes
 *     opclass                            and hash partitioning use
 *   Domains hash as their base type.  The last row is the one exception to
 *   "never persist PostgreSQL's hashes": an extension type has no encoding we
 *   could know to be canonical under its `=`, while its hash opclass promises
 *   equal hashes for equal values.  Such a filter is exact in its database and
 *   moves, like a hash-partitioned table, between servers of the same byte
 *   order and extension version.  The reg* types (OIDs that pg_dump restores
 *   by name, to new OIDs) and types without a hash opclass are refused.
 *
 * char(n) against text
 *   bpchar's `=` ignores trailing spaces, and PostgreSQL compares varchar
 *   with char(n) as bpchar.  No one encoding serves both text's `=` and
 *   bpchar's, and changing one would change the hashes of stored filters;
 *   so a probe of text or varchar that ends in spaces also tests the value
 *   without them (bloom_probe_hashes).  Under text's `=` the second test can
 *   only add a false positive, which a Bloom filter may give anyway.
 *
 * cached type information
 *   A call site keeps its hasher across rows and, in PL/pgSQL, across
 *   statements, while ALTER TYPE may change a composite type's fields, a
 *   type's name (part of a named kind) or its hash function.  Every
 *   invalidation of pg_type, pg_opclass or a relation (a composite type's
 *   attributes) bumps bloom_type_generation, and a cached hasher built
 *   under another generation is built again.  The fields of a record are
 *   also checked against the row type's tuple descriptor identifier before
 *   each value is read, so the field hashers always match the descriptor
 *   that deforms the value.
 */
#include "bloomfilter.h"

#include <math.h>

#include "access/genam.h"
#include "access/htup_details.h"
#include "access/table.h"
#include "catalog/pg_aggregate.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "funcapi.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "nodes/nodeFuncs.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/datetime.h"
#include "utils/inval.h"
#include "utils/jsonb.h"
#include "utils/lsyscache.h"
#include "utils/multirangetypes.h"
#include "utils/numeric.h"
#include "utils/rangetypes.h"
#include "utils/syscache.h"
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
	BLOOM_ENC_CSTRING,			/* unknown: an untyped literal, hashed as text */
	BLOOM_ENC_ENUM,
	BLOOM_ENC_INTERVAL,
	BLOOM_ENC_ARRAY,
	BLOOM_ENC_JSONB,
	BLOOM_ENC_RANGE,
	BLOOM_ENC_MULTIRANGE,
	BLOOM_ENC_RECORD,
	BLOOM_ENC_SEND,
	BLOOM_ENC_TYPE_HASH			/* extension types: their extended hash function */
} BloomEncoding;

struct BloomValueHasher
{
	BloomEncoding encoding;
	uint32		value_kind;
	FmgrInfo	send;			/* BLOOM_ENC_SEND; BLOOM_ENC_TYPE_HASH: the hash */
	bool		hash_is_extended;	/* BLOOM_ENC_TYPE_HASH: 64-bit (or 32-bit) */
	Oid			collation;		/* BLOOM_ENC_TYPE_HASH */
	/* BLOOM_ENC_ARRAY: the element's hasher and storage; RANGE: the subtype's */
	BloomValueHasher *element;
	Oid			element_type;
	int16		element_len;
	bool		element_byval;
	char		element_align;
	/* BLOOM_ENC_RANGE, BLOOM_ENC_MULTIRANGE */
	TypeCacheEntry *range_type;
	/* BLOOM_ENC_RECORD: field hashers for the row type seen last */
	Oid			row_type;
	int32		row_typmod;
	uint64		row_identifier; /* of its tuple descriptor (typcache) */
	int			field_count;	/* attributes, dropped ones included */
	BloomValueHasher **fields;	/* NULL for dropped attributes */
	List	   *row_shapes;		/* every row type seen: BloomRowShape */
	MemoryContext context;		/* where field hashers live */
	StringInfoData scratch;		/* reused buffer for the canonical bytes */
	bool		text_is_utf8;	/* the database's text needs no conversion */
};

/* The field hashers of one row type, kept for records whose row type varies. */
typedef struct BloomRowShape
{
	Oid			row_type;
	int32		row_typmod;
	uint64		row_identifier;
	int			field_count;
	BloomValueHasher **fields;
} BloomRowShape;

static void bloom_encode(BloomValueHasher *hasher, Datum value, StringInfo out);
static void bloom_encode_nested(BloomValueHasher *hasher, Datum value, StringInfo out);

/*
 * Bumped by every invalidation that may change what a hasher was built from
 * (see "cached type information" above).  Starts at 1: a call cache's 0
 * means "no hasher yet".
 */
static uint64 bloom_type_generation = 1;

static void
bloom_type_catalog_changed(Datum arg, int cacheid, uint32 hashvalue)
{
	bloom_type_generation++;
}

static void
bloom_relation_changed(Datum arg, Oid relid)
{
	bloom_type_generation++;
}

/*
 * Registers the callbacks once per backend, before the first hasher is
 * built.  A composite type's attributes are those of its relation: ALTER
 * TYPE ... ALTER ATTRIBUTE invalidates the relation, not the pg_type row.
 */
static void
bloom_watch_type_changes(void)
{
	static bool registered = false;

	if (registered)
		return;
	CacheRegisterSyscacheCallback(TYPEOID, bloom_type_catalog_changed, (Datum) 0);
	CacheRegisterSyscacheCallback(CLAOID, bloom_type_catalog_changed, (Datum) 0);
	CacheRegisterRelcacheCallback(bloom_relation_changed, (Datum) 0);
	registered = true;
}

/* 28 bits of XXH3 over some bytes: the fingerprint in a record or named kind. */
static uint32
bloom_kind_fingerprint(const void *bytes, size_t length)
{
	return (uint32) bf_hash_bytes(bytes, length) & BF_KIND_FINGERPRINT_MASK;
}

static void
bloom_refuse_type(Oid type, const char *why)
{
	ereport(ERROR,
			(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
			 errmsg("bloom filters cannot hold values of type %s", format_type_be(type)),
			 errdetail("%s", why),
			 errhint("Cast the values to text, or to a supported type, first.")));
}

/*
 * Text equal under a nondeterministic collation may differ in bytes, so its
 * bytes cannot be the canonical form.
 */
static void
bloom_check_collation(const BloomValueHasher *hasher, Oid collation)
{
	uint32		kind = hasher->value_kind & ~BF_KIND_ARRAY_FLAG;

	if (kind == BF_KIND_TEXT && OidIsValid(collation) && !get_collation_isdeterministic(collation))
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("bloom filters do not support nondeterministic collations"),
				 errhint("Normalize the text first, for example with lower(), and use a deterministic collation.")));
}

/*
 * The value kind of a non-built-in type: the fingerprint of its name, not of
 * its OID, which a restore into another database assigns anew.  hash_bits:
 * 32 or 64 when the values are hashed by the type's own hash function (which
 * one is part of the identity), 0 when they are encoded.
 */
static uint32
bloom_named_kind_of(const char *type_name, int hash_bits)
{
	StringInfoData identity;
	uint32		kind;

	initStringInfo(&identity);
	appendStringInfoString(&identity, type_name);
	if (hash_bits != 0)
		appendStringInfo(&identity, "/hash%d", hash_bits);
	kind = BF_KIND_NAMED_FLAG | bloom_kind_fingerprint(identity.data, identity.len);
	pfree(identity.data);
	return kind;
}

static uint32
bloom_named_kind(Oid type, int hash_bits)
{
	HeapTuple	type_tuple = SearchSysCache1(TYPEOID, ObjectIdGetDatum(type));
	uint32		kind;

	if (!HeapTupleIsValid(type_tuple))
		elog(ERROR, "cache lookup failed for type %u", type);
	kind = bloom_named_kind_of(NameStr(((Form_pg_type) GETSTRUCT(type_tuple))->typname), hash_bits);
	ReleaseSysCache(type_tuple);
	return kind;
}

/*
 * The name of a type of this database whose named kind is `kind`, or NULL:
 * the reverse of bloom_named_kind, for messages only (it reads all of
 * pg_type).  The identity is the bare type name, so every match has the same
 * name, barring a collision of the 28-bit fingerprint.
 */
char *
bloom_named_kind_type_name(uint32 kind)
{
	Relation	pg_type_rel = table_open(TypeRelationId, AccessShareLock);
	SysScanDesc scan = systable_beginscan(pg_type_rel, InvalidOid, false, NULL, 0, NULL);
	HeapTuple	tuple;
	char	   *found = NULL;

	while (found == NULL && HeapTupleIsValid(tuple = systable_getnext(scan)))
	{
		Form_pg_type type = (Form_pg_type) GETSTRUCT(tuple);
		static const int hash_bits[] = {0, 32, 64};

		if (type->oid < BF_KIND_BUILTIN_OID_LIMIT)
			continue;
		for (int i = 0; i < lengthof(hash_bits) && found == NULL; i++)
			if (bloom_named_kind_of(NameStr(type->typname), hash_bits[i]) == kind)
				found = pstrdup(NameStr(type->typname));
	}
	systable_endscan(scan);
	table_close(pg_type_rel, AccessShareLock);
	return found;
}

static void bloom_prepare_record(BloomValueHasher *hasher, Oid row_type, int32 row_typmod, TupleDesc descriptor);

static BloomValueHasher *bloom_new_hasher(Oid type, Oid collation, MemoryContext context, bool allow_array);

/* The scalar types with an encoding of their own, and the kind of value each is. */
static const struct
{
	Oid			type;
	BloomEncoding encoding;
	uint32		value_kind;
}			bloom_scalar_encodings[] =
{
	{INT2OID, BLOOM_ENC_INT2, BF_KIND_INTEGER},
	{INT4OID, BLOOM_ENC_INT4, BF_KIND_INTEGER},
	{INT8OID, BLOOM_ENC_INT8, BF_KIND_INTEGER},
	{FLOAT4OID, BLOOM_ENC_FLOAT4, BF_KIND_FLOAT},
	{FLOAT8OID, BLOOM_ENC_FLOAT8, BF_KIND_FLOAT},
	{NUMERICOID, BLOOM_ENC_NUMERIC, BF_KIND_NUMERIC},
	{TEXTOID, BLOOM_ENC_TEXT, BF_KIND_TEXT},
	{VARCHAROID, BLOOM_ENC_TEXT, BF_KIND_TEXT},
	{BPCHAROID, BLOOM_ENC_BPCHAR, BF_KIND_TEXT},
	{NAMEOID, BLOOM_ENC_NAME, BF_KIND_TEXT},
	/* a literal string not yet given a type: row(1, 'a'), bloom_shard('a', n) */
	{UNKNOWNOID, BLOOM_ENC_CSTRING, BF_KIND_TEXT},
	{INTERVALOID, BLOOM_ENC_INTERVAL, BF_KIND_INTERVAL},
	{JSONBOID, BLOOM_ENC_JSONB, BF_KIND_BUILTIN_FLAG | JSONBOID},
};

/* Types whose values are OIDs, which pg_dump restores by name to different OIDs. */
static const Oid bloom_oid_types[] = {
	REGPROCOID, REGPROCEDUREOID, REGOPEROID, REGOPERATOROID, REGCLASSOID, REGTYPEOID,
	REGCOLLATIONOID, REGCONFIGOID, REGDICTIONARYOID, REGNAMESPACEOID, REGROLEOID,
};

/*
 * A composite type or record.  A named composite type knows its fields now,
 * so its kind does not wait for a value (a NULL nested row would leave it
 * unknown); an anonymous record's come with its first value.
 */
static void
bloom_prepare_composite(BloomValueHasher *hasher, Oid base, char typtype)
{
	hasher->encoding = BLOOM_ENC_RECORD;
	hasher->value_kind = BF_KIND_RECORD_FLAG;
	if (typtype == TYPTYPE_COMPOSITE)
	{
		TupleDesc	descriptor = lookup_rowtype_tupdesc(base, -1);

		bloom_prepare_record(hasher, base, -1, descriptor);
		ReleaseTupleDesc(descriptor);
	}
}

static void
bloom_prepare_array(BloomValueHasher *hasher, Oid element_type, Oid collation, MemoryContext context)
{
	hasher->encoding = BLOOM_ENC_ARRAY;
	hasher->element = bloom_new_hasher(element_type, collation, context, false);
	hasher->element_type = element_type;
	hasher->value_kind = BF_KIND_ARRAY_FLAG | hasher->element->value_kind;
	get_typlenbyvalalign(element_type, &hasher->element_len, &hasher->element_byval, &hasher->element_align);
}

/* A range or multirange whose bounds' send form is not canonical (numeric), or of any subtype. */
static void
bloom_prepare_range(BloomValueHasher *hasher, Oid base, char typtype, bool is_builtin, MemoryContext context)
{
	TypeCacheEntry *range_type = lookup_type_cache(typtype == TYPTYPE_RANGE ? base : get_multirange_range(base),
												   TYPECACHE_RANGE_INFO);

	hasher->encoding = typtype == TYPTYPE_RANGE ? BLOOM_ENC_RANGE : BLOOM_ENC_MULTIRANGE;
	hasher->range_type = range_type;
	hasher->element = bloom_new_hasher(range_type->rngelemtype->type_id, range_type->rng_collation, context, true);
	bloom_check_collation(hasher->element, range_type->rng_collation);
	hasher->value_kind = is_builtin ? BF_KIND_BUILTIN_FLAG | base : bloom_named_kind(base, 0);
}

/*
 * Any other type with a hash operator class: a built-in type by its send
 * form, which is canonical under `=` for all built-in hashable base types;
 * an extension type by its own hash function.
 */
static void
bloom_prepare_hashable(BloomValueHasher *hasher, Oid type, Oid base, bool is_builtin, Oid collation,
					   MemoryContext context)
{
	TypeCacheEntry *type_cache = lookup_type_cache(base, TYPECACHE_HASH_PROC | TYPECACHE_HASH_EXTENDED_PROC);

	if (!OidIsValid(type_cache->hash_proc) && !OidIsValid(type_cache->hash_extended_proc))
		bloom_refuse_type(type, "It has no hash operator class, so no notion of equal values to hash alike.");
	if (is_builtin)
	{
		Oid			send_function;
		bool		is_varlena;

		getTypeBinaryOutputInfo(base, &send_function, &is_varlena);
		fmgr_info_cxt(send_function, &hasher->send, context);
		hasher->encoding = BLOOM_ENC_SEND;
		hasher->value_kind = BF_KIND_BUILTIN_FLAG | base;
		return;
	}
	hasher->hash_is_extended = OidIsValid(type_cache->hash_extended_proc);
	fmgr_info_cxt(hasher->hash_is_extended ? type_cache->hash_extended_proc : type_cache->hash_proc,
				  &hasher->send, context);
	hasher->encoding = BLOOM_ENC_TYPE_HASH;
	hasher->value_kind = bloom_named_kind(base, hasher->hash_is_extended ? 64 : 32);
	/* the collation `=` uses at this call site decides which values are equal */
	hasher->collation = OidIsValid(collation) ? collation : get_typcollation(base);
}

/* The hasher of a scalar type with an encoding of its own; false for other types. */
static bool
bloom_prepare_scalar(BloomValueHasher *hasher, Oid base)
{
	for (int i = 0; i < lengthof(bloom_scalar_encodings); i++)
	{
		if (base == bloom_scalar_encodings[i].type)
		{
			hasher->encoding = bloom_scalar_encodings[i].encoding;
			hasher->value_kind = bloom_scalar_encodings[i].value_kind;
			return true;
		}
	}
	return false;
}

/* What every hasher has, once its encoding is known. */
static BloomValueHasher *
bloom_finish_hasher(BloomValueHasher *hasher)
{
	MemoryContext old = MemoryContextSwitchTo(hasher->context);

	initStringInfo(&hasher->scratch);
	MemoryContextSwitchTo(old);
	hasher->text_is_utf8 = GetDatabaseEncoding() == PG_UTF8 || GetDatabaseEncoding() == PG_SQL_ASCII;
	return hasher;
}

static BloomValueHasher *
bloom_new_hasher(Oid type, Oid collation, MemoryContext context, bool allow_array)
{
	BloomValueHasher *hasher;
	Oid			base;
	char		typtype;
	bool		is_builtin;
	Oid			element_type;

	/* nested composite, array and range types recurse */
	check_stack_depth();
	hasher = MemoryContextAllocZero(context, sizeof(BloomValueHasher));
	base = getBaseType(type);
	typtype = get_typtype(base);
	is_builtin = base < BF_KIND_BUILTIN_OID_LIMIT;
	hasher->context = context;
	for (int i = 0; i < lengthof(bloom_oid_types); i++)
		if (base == bloom_oid_types[i])
			bloom_refuse_type(type, "Its values are OIDs, which pg_dump restores by name to different OIDs.");
	if (bloom_prepare_scalar(hasher, base))
		return bloom_finish_hasher(hasher);
	if (typtype == TYPTYPE_ENUM)
	{
		hasher->encoding = BLOOM_ENC_ENUM;
		hasher->value_kind = BF_KIND_TEXT;
	}
	else if (typtype == TYPTYPE_COMPOSITE || base == RECORDOID)
		bloom_prepare_composite(hasher, base, typtype);
	else if (allow_array && (element_type = get_element_type(base)) != InvalidOid)
		bloom_prepare_array(hasher, element_type, collation, context);
	else if ((typtype == TYPTYPE_RANGE || typtype == TYPTYPE_MULTIRANGE) &&
			 (base == NUMRANGEOID || base == NUMMULTIRANGEOID || !is_builtin))
		bloom_prepare_range(hasher, base, typtype, is_builtin, context);
	else
		bloom_prepare_hashable(hasher, type, base, is_builtin, collation, context);
	return bloom_finish_hasher(hasher);
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
	ArrayType  *array;
	int			ndims;
	int		   *dims;
	int		   *lower_bounds;
	Datum	   *elements;
	bool	   *nulls;
	int			count;

	/* elements of composite or range types recurse */
	check_stack_depth();
	array = DatumGetArrayTypeP(value);
	ndims = ARR_NDIM(array);
	dims = ARR_DIMS(array);
	lower_bounds = ARR_LBOUND(array);
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
		appendStringInfoChar(out, nulls[i] ? 0 : 1);
		/* length prefix, so {"ab","c"} and {"a","bc"} differ */
		if (!nulls[i])
			bloom_encode_nested(hasher->element, elements[i], out);
	}
	pfree(elements);
	pfree(nulls);
}

/* A nested value's canonical bytes behind their length, so that fields cannot run together. */
static void
bloom_encode_nested(BloomValueHasher *hasher, Datum value, StringInfo out)
{
	int			length_at = out->len;

	/* the way into every nested value */
	check_stack_depth();
	bloom_append_u32(out, 0);
	bloom_encode(hasher, value, out);
	bf_store_u32((uint8_t *) out->data + length_at, (uint32) (out->len - length_at - 4));
}

/*
 * jsonb `=` compares containers token by token: object keys are stored
 * sorted (by length, then bytes) and without duplicates, strings compare as
 * bytes, numbers as numeric.  So the token stream, with numbers normalized,
 * is canonical.
 */
static void
bloom_encode_jsonb_scalar(const JsonbValue *scalar, StringInfo out)
{
	appendStringInfoChar(out, (char) scalar->type);
	switch (scalar->type)
	{
		case jbvString:
			{
				int			length_at = out->len;

				bloom_append_u32(out, 0);
				bloom_append_text(out, scalar->val.string.val, scalar->val.string.len);
				bf_store_u32((uint8_t *) out->data + length_at, (uint32) (out->len - length_at - 4));
				break;
			}
		case jbvNumeric:
			{
				char	   *normalized = numeric_normalize(scalar->val.numeric);

				bloom_append_u32(out, (uint32) strlen(normalized));
				appendStringInfoString(out, normalized);
				pfree(normalized);
				break;
			}
		case jbvBool:
			appendStringInfoChar(out, scalar->val.boolean ? 1 : 0);
			break;
		default:				/* jbvNull */
			break;
	}
}

static void
bloom_encode_jsonb(Datum value, StringInfo out)
{
	Jsonb	   *jsonb = DatumGetJsonbP(value);
	JsonbIterator *iterator = JsonbIteratorInit(&jsonb->root);
	JsonbIteratorToken token;
	JsonbValue	item;

	while ((token = JsonbIteratorNext(&iterator, &item, false)) != WJB_DONE)
	{
		appendStringInfoChar(out, (char) token);
		switch (token)
		{
			case WJB_BEGIN_ARRAY:
				/* a bare scalar is a one-element "raw scalar" array, unequal to [scalar] */
				appendStringInfoChar(out, item.val.array.rawScalar ? 1 : 0);
				bloom_append_u32(out, (uint32) item.val.array.nElems);
				break;
			case WJB_BEGIN_OBJECT:
				bloom_append_u32(out, (uint32) item.val.object.nPairs);
				break;
			case WJB_KEY:
			case WJB_VALUE:
			case WJB_ELEM:
				bloom_encode_jsonb_scalar(&item, out);
				break;
			default:
				break;
		}
	}
	if ((Pointer) jsonb != DatumGetPointer(value))
		pfree(jsonb);
}

/*
 * Range `=`: both empty, or the same bound flags and equal bound values under
 * the subtype's comparison, which the subtype's canonical bytes follow.
 */
static void
bloom_encode_range(BloomValueHasher *hasher, const RangeType *range, StringInfo out)
{
	RangeBound	lower;
	RangeBound	upper;
	bool		empty;

	/* bounds of composite or range types recurse */
	check_stack_depth();
	range_deserialize(hasher->range_type, range, &lower, &upper, &empty);
	appendStringInfoChar(out, (char) ((empty ? 1 : 0) |
									  (!empty && lower.infinite ? 2 : 0) | (!empty && lower.inclusive ? 4 : 0) |
									  (!empty && upper.infinite ? 8 : 0) | (!empty && upper.inclusive ? 16 : 0)));
	if (empty)
		return;
	if (!lower.infinite)
		bloom_encode_nested(hasher->element, lower.val, out);
	if (!upper.infinite)
		bloom_encode_nested(hasher->element, upper.val, out);
}

/* Multiranges are stored merged and sorted, so equal ones list the same ranges. */
static void
bloom_encode_multirange(BloomValueHasher *hasher, Datum value, StringInfo out)
{
	MultirangeType *multirange = DatumGetMultirangeTypeP(value);
	RangeType **ranges;
	int32		count;

	check_stack_depth();
	multirange_deserialize(hasher->range_type, multirange, &count, &ranges);
	bloom_append_u32(out, (uint32) count);
	for (int32 i = 0; i < count; i++)
		bloom_encode_range(hasher, ranges[i], out);
}

/*
 * The field hashers for a row type, as descriptor (the row type's current
 * tuple descriptor) has its fields.  A named composite type has one row
 * type; an anonymous record column could change between rows in principle,
 * so the hashers follow the row type of the value at hand.  ALTER TYPE
 * gives a named composite type a new descriptor under the same type and
 * typmod, with a new identifier: field hashers built for another one are
 * built again, so that no field hasher reads a datum of another type.
 */
static void
bloom_prepare_record(BloomValueHasher *hasher, Oid row_type, int32 row_typmod, TupleDesc descriptor)
{
	ListCell   *cell;
	BloomRowShape *shape;
	MemoryContext old;
	uint64		identifier;

	/* a field of a composite type recurses into bloom_new_hasher */
	check_stack_depth();
	/* the typcache entry that gave descriptor: same type, same descriptor, its identifier */
	identifier = assign_record_type_identifier(row_type, row_typmod);
	if (hasher->fields != NULL && hasher->row_type == row_type && hasher->row_typmod == row_typmod &&
		hasher->row_identifier == identifier)
		return;
	/* a row type seen before keeps its hashers: rows alternating between types allocate nothing */
	shape = NULL;
	foreach(cell, hasher->row_shapes)
	{
		BloomRowShape *candidate = (BloomRowShape *) lfirst(cell);

		if (candidate->row_type == row_type && candidate->row_typmod == row_typmod)
		{
			shape = candidate;
			break;
		}
	}
	/* new, or altered since: (re)built in place, the list keeps one shape per row type */
	if (shape == NULL || shape->row_identifier != identifier)
	{
		bool		is_new = shape == NULL;

		if (is_new)
			shape = MemoryContextAllocZero(hasher->context, sizeof(BloomRowShape));
		shape->row_type = row_type;
		shape->row_typmod = row_typmod;
		/* unusable until its fields are all built: an ERROR below leaves it so */
		shape->row_identifier = 0;
		shape->field_count = descriptor->natts;
		shape->fields = MemoryContextAllocZero(hasher->context,
											   sizeof(BloomValueHasher *) * Max(descriptor->natts, 1));
		for (int i = 0; i < descriptor->natts; i++)
		{
			Form_pg_attribute attribute = TupleDescAttr(descriptor, i);

			if (attribute->attisdropped)
				continue;
			shape->fields[i] = bloom_new_hasher(attribute->atttypid, attribute->attcollation,
												hasher->context, true);
			bloom_check_collation(shape->fields[i], attribute->attcollation);
		}
		shape->row_identifier = identifier;
		if (is_new)
		{
			old = MemoryContextSwitchTo(hasher->context);
			hasher->row_shapes = lappend(hasher->row_shapes, shape);
			MemoryContextSwitchTo(old);
		}
	}
	hasher->fields = shape->fields;
	hasher->field_count = shape->field_count;
	hasher->row_type = row_type;
	hasher->row_typmod = row_typmod;
	hasher->row_identifier = identifier;
}

/* Field kinds a record's frame of bloom_hasher_kind holds; wider rows allocate. */
#define BLOOM_FIELD_KINDS_ON_STACK	16

/*
 * The kind of the values a hasher has seen.  That of a record is known once
 * a value has shown its row type: the fingerprint of its field kinds, so
 * that (1, 'a') and ('a', 1) do not compare.
 */
static uint32
bloom_hasher_kind(const BloomValueHasher *hasher)
{
	/* small, as this recurses once per nesting level */
	uint8_t		few_field_kinds[4 * BLOOM_FIELD_KINDS_ON_STACK];
	uint8_t    *field_kinds;
	size_t		length = 0;
	uint32		kind;

	/* nested records and arrays recurse */
	check_stack_depth();
	switch (hasher->encoding)
	{
		case BLOOM_ENC_ARRAY:
			return BF_KIND_ARRAY_FLAG | bloom_hasher_kind(hasher->element);
		case BLOOM_ENC_RECORD:
			field_kinds = hasher->field_count <= BLOOM_FIELD_KINDS_ON_STACK ? few_field_kinds :
				palloc(4 * (size_t) hasher->field_count);
			for (int i = 0; i < hasher->field_count; i++)
			{
				if (hasher->fields[i] == NULL)
					continue;
				bf_store_u32(field_kinds + length, bloom_hasher_kind(hasher->fields[i]));
				length += 4;
			}
			kind = BF_KIND_RECORD_FLAG | bloom_kind_fingerprint(field_kinds, length);
			if (field_kinds != few_field_kinds)
				pfree(field_kinds);
			return kind;
		default:
			return hasher->value_kind;
	}
}

/* record `=` compares field by field, each with its type's `=`, NULL equal to NULL. */
static void
bloom_encode_record(BloomValueHasher *hasher, Datum value, StringInfo out)
{
	HeapTupleHeader row;
	Oid			row_type;
	int32		row_typmod;
	TupleDesc	descriptor;
	HeapTupleData tuple;
	Datum	   *fields;
	bool	   *nulls;
	int			live_fields = 0;
	int			count_at = out->len;

	/* fields of composite types recurse */
	check_stack_depth();
	row = DatumGetHeapTupleHeader(value);
	row_type = HeapTupleHeaderGetTypeId(row);
	row_typmod = HeapTupleHeaderGetTypMod(row);
	descriptor = lookup_rowtype_tupdesc(row_type, row_typmod);
	fields = palloc(sizeof(Datum) * Max(descriptor->natts, 1));
	nulls = palloc(sizeof(bool) * Max(descriptor->natts, 1));
	/* field hashers for this very descriptor, which deforms the value */
	bloom_prepare_record(hasher, row_type, row_typmod, descriptor);
	tuple.t_len = HeapTupleHeaderGetDatumLength(row);
	ItemPointerSetInvalid(&tuple.t_self);
	tuple.t_tableOid = InvalidOid;
	tuple.t_data = row;
	heap_deform_tuple(&tuple, descriptor, fields, nulls);

	bloom_append_u32(out, 0);
	for (int i = 0; i < hasher->field_count; i++)
	{
		if (hasher->fields[i] == NULL)
			continue;
		live_fields++;
		appendStringInfoChar(out, nulls[i] ? 0 : 1);
		if (!nulls[i])
			bloom_encode_nested(hasher->fields[i], fields[i], out);
	}
	bf_store_u32((uint8_t *) out->data + count_at, (uint32) live_fields);
	ReleaseTupleDesc(descriptor);
	pfree(fields);
	pfree(nulls);
}

/* Values of the text family: text, varchar, char(n), name, untyped literals, enum labels. */
static void
bloom_encode_text_family(BloomValueHasher *hasher, Datum value, StringInfo out)
{
	switch (hasher->encoding)
	{
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
		case BLOOM_ENC_CSTRING:
			{
				const char *chars = DatumGetCString(value);

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
		default:
			elog(ERROR, "not a text encoding: %d", (int) hasher->encoding);
	}
}

/* interval_cmp_value: the span in microseconds, as 128 bits, so equal spans are equal */
static void
bloom_encode_interval(Datum value, StringInfo out)
{
	Interval   *interval = DatumGetIntervalP(value);
	int64		days = (int64) interval->month * DAYS_PER_MONTH + interval->day;
	int128		span = (int128) days * USECS_PER_DAY + interval->time;

	bloom_append_u64(out, (uint64) span);
	bloom_append_u64(out, (uint64) (span >> 64));
}

/* A built-in type's send form, or an extension type's own hash. */
static void
bloom_encode_by_type_function(BloomValueHasher *hasher, Datum value, StringInfo out)
{
	if (hasher->encoding == BLOOM_ENC_SEND)
	{
		bytea	   *sent = SendFunctionCall(&hasher->send, value);

		appendBinaryStringInfo(out, VARDATA(sent), VARSIZE(sent) - VARHDRSZ);
		pfree(sent);
	}
	else if (hasher->hash_is_extended)
		bloom_append_u64(out, DatumGetUInt64(FunctionCall2Coll(&hasher->send, hasher->collation,
															   value, Int64GetDatum(0))));
	else
		bloom_append_u32(out, DatumGetUInt32(FunctionCall1Coll(&hasher->send, hasher->collation, value)));
}

static void
bloom_encode(BloomValueHasher *hasher, Datum value, StringInfo out)
{
	/* arrays, ranges and records recurse */
	check_stack_depth();
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
		case BLOOM_ENC_BPCHAR:
		case BLOOM_ENC_NAME:
		case BLOOM_ENC_CSTRING:
		case BLOOM_ENC_ENUM:
			bloom_encode_text_family(hasher, value, out);
			break;
		case BLOOM_ENC_INTERVAL:
			bloom_encode_interval(value, out);
			break;
		case BLOOM_ENC_ARRAY:
			bloom_encode_array(hasher, value, out);
			break;
		case BLOOM_ENC_JSONB:
			bloom_encode_jsonb(value, out);
			break;
		case BLOOM_ENC_RANGE:
			bloom_encode_range(hasher, DatumGetRangeTypeP(value), out);
			break;
		case BLOOM_ENC_MULTIRANGE:
			bloom_encode_multirange(hasher, value, out);
			break;
		case BLOOM_ENC_RECORD:
			bloom_encode_record(hasher, value, out);
			break;
		case BLOOM_ENC_TYPE_HASH:
		case BLOOM_ENC_SEND:
			bloom_encode_by_type_function(hasher, value, out);
			break;
	}
}

/* The type of an argument expression, looking through an implicit relabeling (see below). */
static Oid
bloom_expr_type_as_written(Node *arg)
{
	while (IsA(arg, RelabelType) && ((RelabelType *) arg)->relabelformat == COERCE_IMPLICIT_CAST)
		arg = (Node *) ((RelabelType *) arg)->arg;
	return exprType(arg);
}

/*
 * Could aggregate aggfnoid be running the function being called?  In an
 * Aggregate node only as its transition function; in a window also as its
 * moving-aggregate transition or inverse function.
 */
static bool
bloom_aggregate_may_call(FunctionCallInfo fcinfo, Oid aggfnoid, bool in_window)
{
	HeapTuple	tuple = SearchSysCache1(AGGFNOID, ObjectIdGetDatum(aggfnoid));
	Form_pg_aggregate aggregate;
	Oid			called = fcinfo->flinfo->fn_oid;
	bool		may;

	if (!HeapTupleIsValid(tuple))
		return false;
	aggregate = (Form_pg_aggregate) GETSTRUCT(tuple);
	may = aggregate->aggtransfn == called ||
		(in_window && (aggregate->aggmtransfn == called || aggregate->aggminvtransfn == called));
	ReleaseSysCache(tuple);
	return may;
}

/*
 * For a transition function, the type of value argument argno (the state is
 * argument 0) as written in its aggregate's call, or InvalidOid when that is
 * not known for sure: not an aggregate; an aggregate that does not run this
 * function (Citus's worker_partial_agg calls our transition function from
 * its own); or a window in which more than one call might be running it
 * with different types as written, since nothing says which one is running.
 */
static Oid
bloom_aggregate_arg_type(FunctionCallInfo fcinfo, int argno)
{
	Aggref	   *aggref = AggGetAggref(fcinfo);
	Oid			type = InvalidOid;

	if (argno < 1)
		return InvalidOid;
	if (aggref != NULL)
	{
		if (argno <= list_length(aggref->args) && bloom_aggregate_may_call(fcinfo, aggref->aggfnoid, false))
			type = bloom_expr_type_as_written((Node *) list_nth_node(TargetEntry, aggref->args, argno - 1)->expr);
	}
	else if (fcinfo->context != NULL && IsA(fcinfo->context, WindowAggState))
	{
		ListCell   *cell;

		foreach(cell, ((WindowAggState *) fcinfo->context)->funcs)
		{
			WindowFunc *wfunc = ((WindowFuncExprState *) lfirst(cell))->wfunc;
			Oid			call_type;

			if (!wfunc->winagg || !bloom_aggregate_may_call(fcinfo, wfunc->winfnoid, true))
				continue;
			if (argno > list_length(wfunc->args))
				return InvalidOid;
			call_type = bloom_expr_type_as_written((Node *) list_nth(wfunc->args, argno - 1));
			if (OidIsValid(type) && call_type != type)
				return InvalidOid;
			type = call_type;
		}
	}
	return type;
}

/* The declared type of argument argno, or InvalidOid if it is polymorphic. */
static Oid
bloom_declared_arg_type(FunctionCallInfo fcinfo, int argno)
{
	HeapTuple	tuple = SearchSysCache1(PROCOID, ObjectIdGetDatum(fcinfo->flinfo->fn_oid));
	Oid			type = InvalidOid;

	if (!HeapTupleIsValid(tuple))
		return InvalidOid;
	if (argno < ((Form_pg_proc) GETSTRUCT(tuple))->pronargs)
		type = ((Form_pg_proc) GETSTRUCT(tuple))->proargtypes.values[argno];
	ReleaseSysCache(tuple);
	return IsPolymorphicType(type) ? InvalidOid : type;
}

/*
 * The type of the value argument.  The text forms of bloom_add, @> and
 * bloom_agg exist for untyped literals, but PostgreSQL also picks them for
 * types with an implicit binary cast to text, such as citext, and relabels
 * the value as text.  Hashing it as text would give 'A'::citext and
 * 'a'::citext different hashes, a false negative under citext's `=`: so an
 * implicit relabeling is looked through, and the value hashed as what it is.
 * An explicit cast (x::text) is respected.  Without an expression tree (a
 * caller such as Citus's worker_partial_agg), the declared type of a
 * concrete overload tells.
 */
static Oid
bloom_value_arg_type(FunctionCallInfo fcinfo, int argno)
{
	Node	   *call = fcinfo->flinfo->fn_expr;
	Oid			type = bloom_aggregate_arg_type(fcinfo, argno);
	List	   *args = NIL;

	if (OidIsValid(type))
		return type;
	if (call != NULL && IsA(call, FuncExpr))
		args = ((FuncExpr *) call)->args;
	else if (call != NULL && IsA(call, OpExpr))
		args = ((OpExpr *) call)->args;
	if (argno < list_length(args))
		return bloom_expr_type_as_written((Node *) list_nth(args, argno));
	type = get_fn_expr_argtype(fcinfo->flinfo, argno);
	return OidIsValid(type) ? type : bloom_declared_arg_type(fcinfo, argno);
}

BloomValueHasher *
bloom_type_hasher(Oid type, Oid collation, MemoryContext context)
{
	BloomValueHasher *hasher = bloom_new_hasher(type, collation, context, true);

	bloom_check_collation(hasher, collation);
	return hasher;
}

/*
 * A call site's hasher for argument argno, made on its first row and kept
 * while no type changed (bloom_type_generation).  The argument's type is
 * fixed; what the hasher learned of it may change.  The fast paths need no
 * check: int4, int8 and text (or domains over them, whose base type cannot
 * change) hash the same whatever happens to other types.
 */
static BloomValueHasher *
bloom_arg_hasher(FunctionCallInfo fcinfo, int argno)
{
	BloomCallCache *cache = bloom_call_cache(fcinfo);

	if (unlikely(cache->hashing.generation != bloom_type_generation))
	{
		Oid			type = bloom_value_arg_type(fcinfo, argno);
		Oid			collation = PG_GET_COLLATION();
		uint64		generation;

		if (!OidIsValid(type))
			elog(ERROR, "could not determine the type of argument %d", argno + 1);
		bloom_watch_type_changes();
		/* the old hasher goes with its memory; an ERROR below leaves none */
		cache->hashing.hasher = NULL;
		cache->hashing.generation = 0;
		cache->hashing.fast_encoding = BLOOM_FAST_NONE;
		/* the stored filter the fast path keeps was checked against the old hasher's kind */
		cache->fast.ready = false;
		if (cache->hashing.context == NULL)
			cache->hashing.context = AllocSetContextCreate(fcinfo->flinfo->fn_mcxt, "bloomfilter hasher",
														  ALLOCSET_SMALL_SIZES);
		else
			MemoryContextReset(cache->hashing.context);
		/* read first: a change while the hasher is built makes the next row build it again */
		generation = bloom_type_generation;
		cache->hashing.hasher = bloom_type_hasher(type, collation, cache->hashing.context);
		cache->hashing.generation = generation;
		cache->hashing.fast_encoding =
			cache->hashing.hasher->encoding == BLOOM_ENC_INT4 ? BLOOM_FAST_INT4 :
			cache->hashing.hasher->encoding == BLOOM_ENC_INT8 ? BLOOM_FAST_INT8 :
			cache->hashing.hasher->encoding == BLOOM_ENC_TEXT && cache->hashing.hasher->text_is_utf8 ? BLOOM_FAST_TEXT :
			BLOOM_FAST_NONE;
	}
	return cache->hashing.hasher;
}

uint64
bloom_hash_value(BloomValueHasher *hasher, Datum value, uint32 *value_kind)
{
	*value_kind = hasher->value_kind;	/* the fast paths' kinds are fixed */

	/* the common cases hash the value where it is, without the buffer */
	switch (hasher->encoding)
	{
		case BLOOM_ENC_TEXT:
			if (hasher->text_is_utf8)
			{
				text	   *t = DatumGetTextPP(value);
				uint64		hash = bf_hash_text_utf8(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t));

				if ((Pointer) t != DatumGetPointer(value))
					pfree(t);
				return hash;
			}
			break;
		case BLOOM_ENC_INT4:
			return bf_hash_int64((int64) DatumGetInt32(value));
		case BLOOM_ENC_INT8:
			return bf_hash_int64(DatumGetInt64(value));
		default:
			break;
	}
	resetStringInfo(&hasher->scratch);
	bloom_encode(hasher, value, &hasher->scratch);
	*value_kind = bloom_hasher_kind(hasher);
	return bf_hash_bytes(hasher->scratch.data, hasher->scratch.len);
}

uint64
bloom_hash_arg(FunctionCallInfo fcinfo, int argno, uint32 *value_kind)
{
	return bloom_hash_value(bloom_arg_hasher(fcinfo, argno), PG_GETARG_DATUM(argno), value_kind);
}

int
bloom_probe_hashes(BloomValueHasher *hasher, Datum value, uint64 hashes[BLOOM_PROBE_MAX_HASHES],
				   uint32 *value_kind)
{
	text	   *t;
	const char *chars;
	int			length;
	int			trimmed;

	hashes[0] = bloom_hash_value(hasher, value, value_kind);
	if (hasher->encoding != BLOOM_ENC_TEXT)
		return 1;
	/* text or varchar that ends in spaces: also without them, as char(n) holds it */
	t = DatumGetTextPP(value);
	chars = VARDATA_ANY(t);
	length = VARSIZE_ANY_EXHDR(t);
	trimmed = length;
	while (trimmed > 0 && chars[trimmed - 1] == ' ')
		trimmed--;
	if (trimmed < length)
	{
		resetStringInfo(&hasher->scratch);
		bloom_append_text(&hasher->scratch, chars, trimmed);
		hashes[1] = bf_hash_bytes(hasher->scratch.data, hasher->scratch.len);
	}
	if ((Pointer) t != DatumGetPointer(value))
		pfree(t);
	return trimmed < length ? 2 : 1;
}

int
bloom_probe_hashes_arg(FunctionCallInfo fcinfo, int argno, uint64 hashes[BLOOM_PROBE_MAX_HASHES],
					   uint32 *value_kind)
{
	return bloom_probe_hashes(bloom_arg_hasher(fcinfo, argno), PG_GETARG_DATUM(argno), hashes, value_kind);
}

uint64 *
bloom_hash_array_arg(FunctionCallInfo fcinfo, int argno, int *count, uint32 *value_kind)
{
	BloomValueHasher *hasher = bloom_arg_hasher(fcinfo, argno);
	ArrayType  *array = PG_GETARG_ARRAYTYPE_P(argno);
	Datum	   *elements;
	bool	   *nulls;
	int			element_count;
	uint64	   *hashes;

	if (hasher->encoding != BLOOM_ENC_ARRAY)
		elog(ERROR, "argument %d is not an array", argno + 1);
	deconstruct_array(array, hasher->element_type, hasher->element_len,
					  hasher->element_byval, hasher->element_align,
					  &elements, &nulls, &element_count);
	hashes = palloc(sizeof(uint64) * Max(element_count, 1));
	*count = 0;
	*value_kind = BF_KIND_NONE;
	for (int i = 0; i < element_count; i++)
	{
		uint32		element_kind;
		uint32		combined;

		if (nulls[i])
			continue;
		hashes[(*count)++] = bloom_hash_value(hasher->element, elements[i], &element_kind);
		/* anonymous records may differ in row type from element to element */
		bloom_check_status(bf_combine_kinds(*value_kind, element_kind, &combined), BLOOM_FROM_STORAGE);
		*value_kind = combined;
	}
	pfree(elements);
	pfree(nulls);
	return hashes;
}

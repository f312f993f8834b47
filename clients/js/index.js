'use strict';
/*
 * bloomfilter-pg - read, probe and build the PostgreSQL `bloomfilter` type's
 * bytes in Node.js, answering exactly as the server does.
 *
 * The format is the extension's FORMAT.md: a 52-byte little-endian header,
 * then 512-bit blocks.  A value is hashed with XXH3-64 (seed 0) over its
 * canonical bytes; the hash picks one block and k bits in it:
 *
 *   block = ((h >> 32) * nblocks) >> 32
 *   bit i = ((h * SALT[i]) mod 2^64) >> 55           i = 0 .. k-1
 *
 * The 64-bit products are BigInt arithmetic.  Only `bloomfilter` is read;
 * countingbloom and cuckoofilter have magics of their own and are refused.
 */
const { xxh3 } = require('@node-rs/xxhash');

const MAGIC = Buffer.from('BLOM', 'latin1');
const FORMAT_VERSION = 1;
const HASH_SCHEME_XXH3 = 1;
const HEADER_BYTES = 52;
const BLOCK_BYTES = 64;
const BLOCK_BITS = 512;
const MAX_BLOCKS = 12000000;
const MAX_K = 32;

// Header offsets (BF_OFF_* in src/bf_core.h).
const OFF = {
  magic: 0, version: 4, hashScheme: 6, k: 7, valueKind: 8, flags: 12,
  nblocks: 16, nAdded: 24, designN: 32, designP: 40, reserved: 48,
};

// Odd 64-bit salts of hash scheme 1 (BF_POSITION_SALT): never change.
const SALT = [
  0x9e3779b97f4a7c15n, 0xc2b2ae3d27d4eb4fn, 0x165667b19e3779f9n, 0xd6e8feb86659fd93n,
  0xff51afd7ed558ccdn, 0xc4ceb9fe1a85ec53n, 0x27d4eb2f165667c5n, 0x94d049bb133111ebn,
  0xbf58476d1ce4e5b9n, 0x2545f4914f6cdd1dn, 0x8cb92ba72f3d8dd7n, 0x5851f42d4c957f2dn,
  0xa0761d6478bd642fn, 0xe7037ed1a0b428dbn, 0x8ebc6af09c88c6e3n, 0x589965cc75374cc3n,
  0x1d8e4e27c47d124fn, 0xd1b54a32d192ed03n, 0xaef17502108ef2d9n, 0xdb4f0b9175ae2165n,
  0x3c6ef372fe94f82bn, 0xa54ff53a5f1d36f1n, 0x510e527fade682d1n, 0x9b05688c2b3e6c1fn,
  0x1f83d9abfb41bd6bn, 0x5be0cd19137e2179n, 0xcbbb9d5dc1059ed9n, 0x629a292a367cd507n,
  0x9159015a3070dd17n, 0x152fecd8f70e5939n, 0x67332667ffc00b31n, 0x8eb44a8768581511n,
];
const MASK64 = (1n << 64n) - 1n;
const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

// Value kinds (header offset 8).
const KIND = {
  NONE: 0, INTEGER: 1, FLOAT: 2, NUMERIC: 3, TEXT: 4, INTERVAL: 5,
  ARRAY_FLAG: 0x40000000, BUILTIN_FLAG: 0x80000000, RECORD_FLAG: 0x20000000, NAMED_FLAG: 0x10000000,
};
const FINGERPRINT_MASK = 0x0fffffff;
const BUILTIN_OID_LIMIT = 10000;
const OID = { bool: 16, bytea: 17, uuid: 2950 };
// The built-in types' names, as bloom_info shows a built-in kind (format_type(oid, NULL)) in
// PostgreSQL 15: SELECT string_agg(oid || ' ' || format_type(oid, NULL), '|' ORDER BY oid)
// FROM pg_type WHERE oid < 10000.  Any other OID below 10000 shows as 'type with OID n', as on the server.
const BUILTIN_NAMES = new Map((''
  + '16 boolean|17 bytea|18 "char"|19 name|20 bigint|21 smallint|22 int2vector|23 integer|24 regproc|'
  + '25 text|26 oid|27 tid|28 xid|29 cid|30 oidvector|32 pg_ddl_command|71 pg_type|75 pg_attribute|'
  + '81 pg_proc|83 pg_class|114 json|142 xml|143 xml[]|194 pg_node_tree|199 json[]|210 pg_type[]|'
  + '269 table_am_handler|270 pg_attribute[]|271 xid8[]|272 pg_proc[]|273 pg_class[]|'
  + '325 index_am_handler|600 point|601 lseg|602 path|603 box|604 polygon|628 line|629 line[]|'
  + '650 cidr|651 cidr[]|700 real|701 double precision|705 unknown|718 circle|719 circle[]|'
  + '774 macaddr8|775 macaddr8[]|790 money|791 money[]|829 macaddr|869 inet|1000 boolean[]|'
  + '1001 bytea[]|1002 "char"[]|1003 name[]|1005 smallint[]|1006 int2vector[]|1007 integer[]|'
  + '1008 regproc[]|1009 text[]|1010 tid[]|1011 xid[]|1012 cid[]|1013 oidvector[]|1014 character[]|'
  + '1015 character varying[]|1016 bigint[]|1017 point[]|1018 lseg[]|1019 path[]|1020 box[]|'
  + '1021 real[]|1022 double precision[]|1027 polygon[]|1028 oid[]|1033 aclitem|1034 aclitem[]|'
  + '1040 macaddr[]|1041 inet[]|1042 character|1043 character varying|1082 date|'
  + '1083 time without time zone|1114 timestamp without time zone|1115 timestamp without time zone[]|'
  + '1182 date[]|1183 time without time zone[]|1184 timestamp with time zone|'
  + '1185 timestamp with time zone[]|1186 interval|1187 interval[]|1231 numeric[]|1248 pg_database|'
  + '1263 cstring[]|1266 time with time zone|1270 time with time zone[]|1560 bit|1561 bit[]|'
  + '1562 bit varying|1563 bit varying[]|1700 numeric|1790 refcursor|2201 refcursor[]|'
  + '2202 regprocedure|2203 regoper|2204 regoperator|2205 regclass|2206 regtype|2207 regprocedure[]|'
  + '2208 regoper[]|2209 regoperator[]|2210 regclass[]|2211 regtype[]|2249 record|2275 cstring|'
  + '2276 "any"|2277 anyarray|2278 void|2279 trigger|2280 language_handler|2281 internal|'
  + '2283 anyelement|2287 record[]|2776 anynonarray|2842 pg_authid|2843 pg_auth_members|'
  + '2949 txid_snapshot[]|2950 uuid|2951 uuid[]|2970 txid_snapshot|3115 fdw_handler|3220 pg_lsn|'
  + '3221 pg_lsn[]|3310 tsm_handler|3361 pg_ndistinct|3402 pg_dependencies|3500 anyenum|'
  + '3614 tsvector|3615 tsquery|3642 gtsvector|3643 tsvector[]|3644 gtsvector[]|3645 tsquery[]|'
  + '3734 regconfig|3735 regconfig[]|3769 regdictionary|3770 regdictionary[]|3802 jsonb|3807 jsonb[]|'
  + '3831 anyrange|3838 event_trigger|3904 int4range|3905 int4range[]|3906 numrange|3907 numrange[]|'
  + '3908 tsrange|3909 tsrange[]|3910 tstzrange|3911 tstzrange[]|3912 daterange|3913 daterange[]|'
  + '3926 int8range|3927 int8range[]|4066 pg_shseclabel|4072 jsonpath|4073 jsonpath[]|'
  + '4089 regnamespace|4090 regnamespace[]|4096 regrole|4097 regrole[]|4191 regcollation|'
  + '4192 regcollation[]|4451 int4multirange|4532 nummultirange|4533 tsmultirange|'
  + '4534 tstzmultirange|4535 datemultirange|4536 int8multirange|4537 anymultirange|'
  + '4538 anycompatiblemultirange|4600 pg_brin_bloom_summary|4601 pg_brin_minmax_multi_summary|'
  + '5017 pg_mcv_list|5038 pg_snapshot|5039 pg_snapshot[]|5069 xid8|5077 anycompatible|'
  + '5078 anycompatiblearray|5079 anycompatiblenonarray|5080 anycompatiblerange|6101 pg_subscription|'
  + '6150 int4multirange[]|6151 nummultirange[]|6152 tsmultirange[]|6153 tstzmultirange[]|'
  + '6155 datemultirange[]|6157 int8multirange[]'
).split('|').map((entry) => { const space = entry.indexOf(' '); return [Number(entry.slice(0, space)), entry.slice(space + 1)]; }));
const PLAIN_NAMES = ['none', 'integer', 'float', 'numeric', 'text', 'interval'];

class BloomFilterError extends Error {
  constructor(message, sqlstate) {
    super(message);
    this.name = this.constructor.name;
    this.sqlstate = sqlstate;
  }
}
/** Malformed bytes (the server's 22P03) or text (22P02). */
class FormatError extends BloomFilterError {}
/** The filter holds values of another kind (the server's 42804). */
class KindMismatchError extends BloomFilterError {}
/** A JavaScript value with no canonical encoding here. */
class UnsupportedValueError extends BloomFilterError {}

function kindName(kind) {
  const element = (kind & ~KIND.ARRAY_FLAG) >>> 0;
  let name;
  if (element & KIND.BUILTIN_FLAG) {
    const oid = (element & ~KIND.BUILTIN_FLAG) >>> 0;
    name = BUILTIN_NAMES.get(oid) || `type with OID ${oid}`;
  } else if (element & KIND.RECORD_FLAG) {
    name = `record ${(element & FINGERPRINT_MASK).toString(16).padStart(7, '0')}`;
  } else if (element & KIND.NAMED_FLAG) {
    name = `type ${(element & FINGERPRINT_MASK).toString(16).padStart(7, '0')}`;
  } else if (element === KIND.NONE) {
    return 'none';
  } else {
    name = PLAIN_NAMES[element] || 'unknown';
  }
  return kind & KIND.ARRAY_FLAG ? `${name}[]` : name;
}

// bf_kind_is_known
function kindIsKnown(kind) {
  const element = (kind & ~KIND.ARRAY_FLAG) >>> 0;
  const isArray = (kind & KIND.ARRAY_FLAG) !== 0;
  if (element & KIND.BUILTIN_FLAG) {
    const oid = (element & ~KIND.BUILTIN_FLAG) >>> 0;
    return oid > 0 && oid < BUILTIN_OID_LIMIT;
  }
  if (element & KIND.RECORD_FLAG) return ((element & ~(KIND.RECORD_FLAG | FINGERPRINT_MASK)) >>> 0) === 0;
  if (element & KIND.NAMED_FLAG) return ((element & ~(KIND.NAMED_FLAG | FINGERPRINT_MASK)) >>> 0) === 0;
  return element < PLAIN_NAMES.length && !(isArray && element === KIND.NONE);
}

// uuid_in's grammar: 32 hex digits, a hyphen allowed after any group of 4 but the last, braces around all or none
const UUID_TEXT = /^(\{?)((?:[0-9a-fA-F]{4}-?){7}[0-9a-fA-F]{4})(\}?)$/;

/** A uuid value (the explicit helper: a string alone is text). */
class Uuid {
  constructor(text) {
    const match = UUID_TEXT.exec(String(text));
    if (!match || (match[1] === '{') !== (match[3] === '}')) {
      throw new UnsupportedValueError(`invalid input syntax for type uuid: "${text}"`, '22P02');
    }
    this.bytes = Buffer.from(match[2].replace(/-/g, ''), 'hex');
  }
  toString() {
    const h = this.bytes.toString('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
}
const uuid = (text) => new Uuid(text);

/** A float8 value (a plain number is an integer). */
class Float64 {
  constructor(value) {
    // a number only: Number(null) and Number('') are 0, Number(undefined) NaN, values no one added
    if (typeof value !== 'number') {
      throw new UnsupportedValueError(`float64() takes a number, not ${value === null ? 'null' : typeof value}`, '22P02');
    }
    this.value = value;
  }
}
const float64 = (value) => new Float64(value);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const FLOAT_NAN = Buffer.from([0, 0, 0, 0, 0, 0, 0xf8, 0x7f]);

/**
 * { kind, bytes }: the canonical bytes the server hashes.  number (an
 * integer) and bigint -> integer (int64 LE); string -> text (UTF-8);
 * Buffer/Uint8Array -> bytea; uuid(s) -> uuid; float64(x) -> float; boolean.
 */
function canonicalBytes(value) {
  switch (typeof value) {
    case 'bigint':
    case 'number': {
      if (typeof value === 'number' && !Number.isInteger(value)) {
        throw new UnsupportedValueError(`${value} is not an integer: a number is hashed as an integer; use float64(x) for a float8`, '22P02');
      }
      // beyond 2^53 a number may already be another integer (9007199254740993 reads as ...992): a bigint is exact
      if (typeof value === 'number' && !Number.isSafeInteger(value)) {
        throw new UnsupportedValueError(`${value} is beyond Number.MAX_SAFE_INTEGER, where a number may have been rounded: pass a bigint`, '22P02');
      }
      const big = BigInt(value);
      if (big < INT64_MIN || big > INT64_MAX) throw new BloomFilterError('bigint out of range', '22003');
      const bytes = Buffer.allocUnsafe(8);
      bytes.writeBigInt64LE(big);
      return { kind: KIND.INTEGER, bytes };
    }
    case 'string':
      // Buffer.from would write a lone surrogate as U+FFFD, another text's bytes (isWellFormed is Node 20+)
      if (LONE_SURROGATE.test(value)) {
        throw new UnsupportedValueError('text has a lone surrogate: not valid UTF-8', '22021');
      }
      return { kind: KIND.TEXT, bytes: Buffer.from(value, 'utf8') };
    case 'boolean':
      return { kind: (KIND.BUILTIN_FLAG | OID.bool) >>> 0, bytes: Buffer.from([value ? 1 : 0]) };
    default:
      break;
  }
  if (value instanceof Uint8Array) return { kind: (KIND.BUILTIN_FLAG | OID.bytea) >>> 0, bytes: value };
  if (value instanceof Uuid) return { kind: (KIND.BUILTIN_FLAG | OID.uuid) >>> 0, bytes: value.bytes };
  if (value instanceof Float64) {
    if (Number.isNaN(value.value)) return { kind: KIND.FLOAT, bytes: FLOAT_NAN };
    const bytes = Buffer.allocUnsafe(8);
    bytes.writeDoubleLE(value.value === 0 ? 0 : value.value);
    return { kind: KIND.FLOAT, bytes };
  }
  const what = value === null ? 'null' : (value.constructor && value.constructor.name) || typeof value;
  throw new UnsupportedValueError(`bloom filters from JavaScript cannot hold values of type ${what}`, '0A000');
}

/** XXH3-64 (seed 0) of bytes, as an unsigned BigInt. */
function xxh3_64(bytes) {
  return xxh3.xxh64(bytes);
}

// a hash outside 64 bits would pick a block past the end, or none
function checkHash(h) {
  if (typeof h !== 'bigint' || h < 0n || h > MASK64) {
    throw new BloomFilterError(`a hash is an unsigned 64-bit bigint, not ${typeof h === 'bigint' ? `${h}n` : String(h)}`, '22003');
  }
}

const ZERO_CHUNK = Buffer.alloc(65536);
const minBig = (a, b) => (a < b ? a : b);

function popcount32(x) {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

class BloomFilter {
  constructor(bytes, { validate = true } = {}) {
    this.data = Buffer.from(bytes); // a copy: never written through the caller's buffer
    if (validate) this.validate();
    this.nblocks = Number(this.data.readBigUInt64LE(OFF.nblocks));
    this.nblocksBig = BigInt(this.nblocks);
    this.k = this.data[OFF.k];
    this.salts = SALT.slice(0, this.k);
  }

  /** The binary form: bloomfilter_send(f), or a binary parameter/column of type bloomfilter. */
  static fromBytes(bytes) {
    if (!(bytes instanceof Uint8Array)) throw new TypeError('fromBytes takes a Buffer or Uint8Array');
    return new BloomFilter(bytes);
  }

  /** The text form (f::text, what pg_dump writes): canonical base64. */
  static fromText(text) {
    const data = Buffer.from(String(text), 'base64');
    // canonical: padding, no whitespace, unused bits zero - it re-encodes to itself
    if (!text || data.toString('base64') !== text) {
      throw new FormatError('invalid input syntax for type bloomfilter: invalid base64', '22P02');
    }
    try {
      return new BloomFilter(data);
    } catch (error) {
      if (error instanceof FormatError) {
        throw new FormatError(error.message.replace('invalid binary', 'invalid input syntax'), '22P02');
      }
      throw error;
    }
  }

  /** An empty filter of a shape: bloom_info(bloom_empty(n, p)) gives m = 512 * nblocks and k. */
  static empty(nblocks, k, designN = 0, designP = 0.01) {
    // checked before allocating: 1e12 blocks would be 64 TB
    if (!Number.isInteger(nblocks) || nblocks < 1 || nblocks > MAX_BLOCKS) {
      throw new BloomFilterError(`number of blocks must be an integer from 1 to ${MAX_BLOCKS}, not ${nblocks}`, '22023');
    }
    const data = Buffer.alloc(HEADER_BYTES + BLOCK_BYTES * nblocks);
    MAGIC.copy(data, OFF.magic);
    data.writeUInt16LE(FORMAT_VERSION, OFF.version);
    data[OFF.hashScheme] = HASH_SCHEME_XXH3;
    data[OFF.k] = k;
    data.writeBigUInt64LE(BigInt(nblocks), OFF.nblocks);
    data.writeBigUInt64LE(BigInt(designN), OFF.designN);
    data.writeDoubleLE(designP, OFF.designP);
    return new BloomFilter(data);
  }

  get n() { return this.data.readBigUInt64LE(OFF.nAdded); }

  get valueKind() { return this.data.readUInt32LE(OFF.valueKind); }

  /** The checks of bloomfilter_recv (bf_validate_filter); throws FormatError (22P03). */
  validate() {
    const d = this.data;
    const fail = (reason) => { throw new FormatError(`invalid binary bloomfilter: ${reason}`, '22P03'); };
    if (d.length < HEADER_BYTES) fail('length does not match the header');
    if (!d.subarray(0, 4).equals(MAGIC)) {
      const magic = d.subarray(0, 4).toString('latin1');
      fail(`bad magic bytes${magic === 'CBLM' || magic === 'CKOO' ? ` (${magic} is another type: this client reads bloomfilter only)` : ''}`);
    }
    const kind = d.readUInt32LE(OFF.valueKind);
    const nblocks = d.readBigUInt64LE(OFF.nblocks);
    const nAdded = d.readBigUInt64LE(OFF.nAdded);
    const designP = d.readDoubleLE(OFF.designP);
    if (d.readUInt16LE(OFF.version) !== FORMAT_VERSION) fail('unsupported format version');
    if (d[OFF.hashScheme] !== HASH_SCHEME_XXH3) fail('unsupported hash scheme');
    if (d[OFF.k] < 1 || d[OFF.k] > MAX_K) fail('number of hash functions out of range');
    if (!kindIsKnown(kind)) fail('unknown value kind');
    if (d.readUInt32LE(OFF.flags) !== 0 || d.readUInt32LE(OFF.reserved) !== 0) fail('reserved fields are not zero');
    if (nblocks < 1n || nblocks > BigInt(MAX_BLOCKS)) fail('number of blocks out of range');
    if (BigInt(d.length) !== BigInt(HEADER_BYTES) + nblocks * BigInt(BLOCK_BYTES)) fail('length does not match the header');
    if (!(designP > 0 && designP < 1)) fail('design false-positive rate out of range');
    if ((kind === KIND.NONE) !== (nAdded === 0n)) fail('element count and value kind disagree');
    if (nAdded === 0n) {
      // compared a chunk at a time against zeros: a loop over 768 MB of bytes took 7 s
      for (let i = HEADER_BYTES; i < d.length; i += ZERO_CHUNK.length) {
        const end = Math.min(d.length, i + ZERO_CHUNK.length);
        if (d.compare(ZERO_CHUNK, 0, end - i, i, end) !== 0) fail('empty filter has bits set');
      }
    }
    return this;
  }

  checkKind(kind) {
    const stored = this.valueKind;
    if (stored !== KIND.NONE && stored !== kind) {
      throw new KindMismatchError(`bloom filter holds ${kindName(stored)} values, not ${kindName(kind)} values`, '42804');
    }
  }

  /** All k bits of hash h (a BigInt, 0 to 2^64 - 1) set in its block? */
  containsHash(h) {
    checkHash(h);
    return this.allBitsSet(h);
  }

  // containsHash without the check of h, for hashes XXH3 just gave
  allBitsSet(h) {
    const d = this.data;
    const base = HEADER_BYTES + Number(((h >> 32n) * this.nblocksBig) >> 32n) * BLOCK_BYTES;
    for (const salt of this.salts) {
      const position = Number(((h * salt) & MASK64) >> 55n);
      if (((d[base + (position >> 3)] >> (position & 7)) & 1) === 0) return false;
    }
    return true;
  }

  /** false: certainly not added; true: added or a false positive.  As `f @> value`. */
  mightContain(value) {
    const { kind, bytes } = canonicalBytes(value);
    this.checkKind(kind);
    if (this.allBitsSet(xxh3.xxh64(bytes))) return true;
    // as the server: text ending in spaces also matches the char(n) value without them
    if (kind === KIND.TEXT && value.endsWith(' ')) {
      return this.allBitsSet(xxh3.xxh64(Buffer.from(value.replace(/ +$/, ''), 'utf8')));
    }
    return false;
  }

  has(value) { return this.mightContain(value); }

  addHash(h, kind) {
    checkHash(h);
    // the kind goes into the header: one the server refuses would spoil the filter's bytes
    if (!Number.isInteger(kind) || kind <= 0 || kind > 0xffffffff || !kindIsKnown(kind)) {
      throw new BloomFilterError(`not a value kind a filter can hold: ${kind}`, '22023');
    }
    this.checkKind(kind);
    const d = this.data;
    const base = HEADER_BYTES + Number(((h >> 32n) * this.nblocksBig) >> 32n) * BLOCK_BYTES;
    for (const salt of this.salts) {
      const position = Number(((h * salt) & MASK64) >> 55n);
      d[base + (position >> 3)] |= 1 << (position & 7);
    }
    d.writeUInt32LE(kind, OFF.valueKind);
    const n = d.readBigUInt64LE(OFF.nAdded);
    if (n < MASK64) d.writeBigUInt64LE(n + 1n, OFF.nAdded);
  }

  /** As bloom_add(f, value): sets the value's bits and counts it.  Returns this. */
  add(value) {
    const { kind, bytes } = canonicalBytes(value);
    this.addHash(xxh3.xxh64(bytes), kind);
    return this;
  }

  /** The binary form (a copy), which the server reads as a binary parameter: $1::bloomfilter. */
  toBytes() { return Buffer.from(this.data); }

  /** The text form, which bloomfilter_in reads. */
  toText() { return this.data.toString('base64'); }

  /** As bloom_info(f, countBits); the bit statistics are null without countBits. */
  info(countBits = true) {
    const m = this.nblocks * BLOCK_BITS;
    let bitsSet = null; let fill = null; let fpp = null; let cardinality = null;
    if (countBits) {
      const perSetBit = 1 / (this.k * Math.log1p(-1 / BLOCK_BITS));
      let fppSum = 0;
      bitsSet = 0; cardinality = 0;
      for (let b = 0; b < this.nblocks; b++) {
        let count = 0;
        const base = HEADER_BYTES + b * BLOCK_BYTES;
        for (let w = 0; w < BLOCK_BYTES; w += 4) count += popcount32(this.data.readUInt32LE(base + w));
        if (count === 0) continue;
        const share = count / BLOCK_BITS;
        bitsSet += count;
        fppSum += Math.pow(share, this.k);
        cardinality += Math.log1p(-(count === BLOCK_BITS ? 511.5 / BLOCK_BITS : share)) * perSetBit;
      }
      fill = bitsSet / m;
      fpp = fppSum / this.nblocks;
    }
    return {
      // n and design_n as bloom_info's bigint columns show them: at most 2^63 - 1
      m, k: this.k, n: minBig(this.n, INT64_MAX), bits_set: bitsSet, fill_ratio: fill, fpp, cardinality,
      bytes: this.data.length + 4, design_n: minBig(this.data.readBigUInt64LE(OFF.designN), INT64_MAX),
      design_p: this.data.readDoubleLE(OFF.designP), value_kind: kindName(this.valueKind),
      format_version: this.data.readUInt16LE(OFF.version),
    };
  }
}

module.exports = {
  BloomFilter, BloomFilterError, FormatError, KindMismatchError, UnsupportedValueError,
  Uuid, uuid, Float64, float64, canonicalBytes, kindName, xxh3_64, KIND, SALT,
};

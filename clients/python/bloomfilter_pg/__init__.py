"""bloomfilter_pg - read, probe and build the PostgreSQL `bloomfilter` type's bytes.

The stored format is documented in the extension's FORMAT.md: a 52-byte
little-endian header, then 512-bit blocks.  A value is hashed with XXH3-64
(seed 0) over its canonical bytes; the hash picks one block and k bits in it:

    block = ((h >> 32) * nblocks) >> 32
    bit i = ((h * SALT[i]) mod 2^64) >> 55            i = 0 .. k-1

Every answer here is the server's answer for the same filter and value:
the conformance test (test/clients/run) checks 100,000 members and 100,000
non-members per filter, false positives included.

Only `bloomfilter` is read; `countingbloom` and `cuckoofilter` have magics of
their own and are refused.
"""

import base64
import datetime as _dt
import decimal
import math
import struct
import uuid
from collections import namedtuple

import xxhash

__all__ = [
    "BloomFilter", "BloomFilterError", "FormatError", "KindMismatchError",
    "UnsupportedValueError", "Info", "canonical_bytes", "value_kind_of", "hash_value",
    "kind_name", "register",
]

# ---- the format (FORMAT.md; src/bf_core.h names the same offsets BF_OFF_*) ----

MAGIC = b"BLOM"
FORMAT_VERSION = 1
HASH_SCHEME_XXH3 = 1
HEADER_BYTES = 52
BLOCK_BYTES = 64
BLOCK_BITS = 512
MAX_BLOCKS = 12_000_000
MAX_K = 32

OFF_MAGIC = 0
OFF_VERSION = 4          # uint16
OFF_HASH_SCHEME = 6      # uint8
OFF_K = 7                # uint8
OFF_VALUE_KIND = 8       # uint32
OFF_FLAGS = 12           # uint32, 0
OFF_NBLOCKS = 16         # uint64
OFF_N_ADDED = 24         # uint64
OFF_DESIGN_N = 32        # uint64
OFF_DESIGN_P = 40        # binary64
OFF_RESERVED = 48        # uint32, 0

# Odd 64-bit salts of hash scheme 1 (BF_POSITION_SALT in src/bf_core.h): never change.
SALT = (
    0x9e3779b97f4a7c15, 0xc2b2ae3d27d4eb4f, 0x165667b19e3779f9, 0xd6e8feb86659fd93,
    0xff51afd7ed558ccd, 0xc4ceb9fe1a85ec53, 0x27d4eb2f165667c5, 0x94d049bb133111eb,
    0xbf58476d1ce4e5b9, 0x2545f4914f6cdd1d, 0x8cb92ba72f3d8dd7, 0x5851f42d4c957f2d,
    0xa0761d6478bd642f, 0xe7037ed1a0b428db, 0x8ebc6af09c88c6e3, 0x589965cc75374cc3,
    0x1d8e4e27c47d124f, 0xd1b54a32d192ed03, 0xaef17502108ef2d9, 0xdb4f0b9175ae2165,
    0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1, 0x510e527fade682d1, 0x9b05688c2b3e6c1f,
    0x1f83d9abfb41bd6b, 0x5be0cd19137e2179, 0xcbbb9d5dc1059ed9, 0x629a292a367cd507,
    0x9159015a3070dd17, 0x152fecd8f70e5939, 0x67332667ffc00b31, 0x8eb44a8768581511,
)
MASK64 = (1 << 64) - 1

# ---- value kinds (header offset 8) ----

KIND_NONE = 0
KIND_INTEGER = 1
KIND_FLOAT = 2
KIND_NUMERIC = 3
KIND_TEXT = 4
KIND_INTERVAL = 5
KIND_ARRAY_FLAG = 0x40000000
KIND_BUILTIN_FLAG = 0x80000000     # | the built-in type's OID: its binary send form
KIND_RECORD_FLAG = 0x20000000
KIND_NAMED_FLAG = 0x10000000
KIND_FINGERPRINT_MASK = 0x0FFFFFFF
BUILTIN_OID_LIMIT = 10000

# Built-in types a client encodes (by their send form).
OID_BOOL, OID_BYTEA, OID_DATE, OID_TIMESTAMP, OID_TIMESTAMPTZ, OID_UUID = 16, 17, 1082, 1114, 1184, 2950
# The built-in types' names, as bloom_info shows a built-in kind (format_type(oid, NULL)) in
# PostgreSQL 15: SELECT string_agg(oid || ' ' || format_type(oid, NULL), '|' ORDER BY oid)
# FROM pg_type WHERE oid < 10000.  Any other OID below 10000 shows as 'type with OID n', as on the server.
_BUILTIN_NAMES = dict((int(oid), name) for oid, name in (entry.split(" ", 1) for entry in (
    '16 boolean|17 bytea|18 "char"|19 name|20 bigint|21 smallint|22 int2vector|23 integer|24 regproc|'
    '25 text|26 oid|27 tid|28 xid|29 cid|30 oidvector|32 pg_ddl_command|71 pg_type|75 pg_attribute|'
    '81 pg_proc|83 pg_class|114 json|142 xml|143 xml[]|194 pg_node_tree|199 json[]|210 pg_type[]|'
    '269 table_am_handler|270 pg_attribute[]|271 xid8[]|272 pg_proc[]|273 pg_class[]|'
    '325 index_am_handler|600 point|601 lseg|602 path|603 box|604 polygon|628 line|629 line[]|'
    '650 cidr|651 cidr[]|700 real|701 double precision|705 unknown|718 circle|719 circle[]|'
    '774 macaddr8|775 macaddr8[]|790 money|791 money[]|829 macaddr|869 inet|1000 boolean[]|'
    '1001 bytea[]|1002 "char"[]|1003 name[]|1005 smallint[]|1006 int2vector[]|1007 integer[]|'
    '1008 regproc[]|1009 text[]|1010 tid[]|1011 xid[]|1012 cid[]|1013 oidvector[]|1014 character[]|'
    '1015 character varying[]|1016 bigint[]|1017 point[]|1018 lseg[]|1019 path[]|1020 box[]|'
    '1021 real[]|1022 double precision[]|1027 polygon[]|1028 oid[]|1033 aclitem|1034 aclitem[]|'
    '1040 macaddr[]|1041 inet[]|1042 character|1043 character varying|1082 date|'
    '1083 time without time zone|1114 timestamp without time zone|1115 timestamp without time zone[]|'
    '1182 date[]|1183 time without time zone[]|1184 timestamp with time zone|'
    '1185 timestamp with time zone[]|1186 interval|1187 interval[]|1231 numeric[]|1248 pg_database|'
    '1263 cstring[]|1266 time with time zone|1270 time with time zone[]|1560 bit|1561 bit[]|'
    '1562 bit varying|1563 bit varying[]|1700 numeric|1790 refcursor|2201 refcursor[]|'
    '2202 regprocedure|2203 regoper|2204 regoperator|2205 regclass|2206 regtype|2207 regprocedure[]|'
    '2208 regoper[]|2209 regoperator[]|2210 regclass[]|2211 regtype[]|2249 record|2275 cstring|'
    '2276 "any"|2277 anyarray|2278 void|2279 trigger|2280 language_handler|2281 internal|'
    '2283 anyelement|2287 record[]|2776 anynonarray|2842 pg_authid|2843 pg_auth_members|'
    '2949 txid_snapshot[]|2950 uuid|2951 uuid[]|2970 txid_snapshot|3115 fdw_handler|3220 pg_lsn|'
    '3221 pg_lsn[]|3310 tsm_handler|3361 pg_ndistinct|3402 pg_dependencies|3500 anyenum|'
    '3614 tsvector|3615 tsquery|3642 gtsvector|3643 tsvector[]|3644 gtsvector[]|3645 tsquery[]|'
    '3734 regconfig|3735 regconfig[]|3769 regdictionary|3770 regdictionary[]|3802 jsonb|3807 jsonb[]|'
    '3831 anyrange|3838 event_trigger|3904 int4range|3905 int4range[]|3906 numrange|3907 numrange[]|'
    '3908 tsrange|3909 tsrange[]|3910 tstzrange|3911 tstzrange[]|3912 daterange|3913 daterange[]|'
    '3926 int8range|3927 int8range[]|4066 pg_shseclabel|4072 jsonpath|4073 jsonpath[]|'
    '4089 regnamespace|4090 regnamespace[]|4096 regrole|4097 regrole[]|4191 regcollation|'
    '4192 regcollation[]|4451 int4multirange|4532 nummultirange|4533 tsmultirange|'
    '4534 tstzmultirange|4535 datemultirange|4536 int8multirange|4537 anymultirange|'
    '4538 anycompatiblemultirange|4600 pg_brin_bloom_summary|4601 pg_brin_minmax_multi_summary|'
    '5017 pg_mcv_list|5038 pg_snapshot|5039 pg_snapshot[]|5069 xid8|5077 anycompatible|'
    '5078 anycompatiblearray|5079 anycompatiblenonarray|5080 anycompatiblerange|6101 pg_subscription|'
    '6150 int4multirange[]|6151 nummultirange[]|6152 tsmultirange[]|6153 tstzmultirange[]|'
    '6155 datemultirange[]|6157 int8multirange[]'
).split("|")))
_PLAIN_NAMES = {KIND_NONE: "none", KIND_INTEGER: "integer", KIND_FLOAT: "float",
                KIND_NUMERIC: "numeric", KIND_TEXT: "text", KIND_INTERVAL: "interval"}


class BloomFilterError(ValueError):
    """Base class; `sqlstate` is the code the server gives for the same case."""
    sqlstate = None

    def __init__(self, message, sqlstate=None):
        super().__init__(message)
        if sqlstate is not None:
            self.sqlstate = sqlstate


class FormatError(BloomFilterError):
    """Malformed filter bytes or text: what bloomfilter_recv (22P03) or bloomfilter_in (22P02) refuses."""
    sqlstate = "22P03"


class KindMismatchError(BloomFilterError, TypeError):
    """The filter holds values of another kind (the server's 42804, datatype_mismatch)."""
    sqlstate = "42804"


class UnsupportedValueError(BloomFilterError, TypeError):
    """A Python value this client has no canonical encoding for."""
    sqlstate = "0A000"


def kind_name(kind):
    """The kind as bloom_info(f).value_kind shows it ('integer', 'text', 'uuid', 'bytea[]' ...)."""
    element = kind & ~KIND_ARRAY_FLAG
    if element & KIND_BUILTIN_FLAG:
        oid = element & ~KIND_BUILTIN_FLAG
        name = _BUILTIN_NAMES.get(oid, "type with OID %d" % oid)
    elif element & KIND_RECORD_FLAG:
        name = "record %07x" % (element & KIND_FINGERPRINT_MASK)
    elif element & KIND_NAMED_FLAG:
        name = "type %07x" % (element & KIND_FINGERPRINT_MASK)
    elif element == KIND_NONE:
        return "none"
    else:
        name = _PLAIN_NAMES.get(element, "unknown")
    return name + "[]" if kind & KIND_ARRAY_FLAG else name


def _kind_is_known(kind):
    """bf_kind_is_known: a kind this version of the format can hold."""
    element = kind & ~KIND_ARRAY_FLAG
    is_array = kind & KIND_ARRAY_FLAG
    if element & KIND_BUILTIN_FLAG:
        oid = element & ~KIND_BUILTIN_FLAG
        return 0 < oid < BUILTIN_OID_LIMIT
    if element & KIND_RECORD_FLAG:
        return element & ~(KIND_RECORD_FLAG | KIND_FINGERPRINT_MASK) == 0
    if element & KIND_NAMED_FLAG:
        return element & ~(KIND_NAMED_FLAG | KIND_FINGERPRINT_MASK) == 0
    return element in _PLAIN_NAMES and not (is_array and element == KIND_NONE)


# ---- canonical encodings (src/bloomfilter_hash.c) ----

_POSTGRES_EPOCH_DATE = _dt.date(2000, 1, 1)
_POSTGRES_EPOCH = _dt.datetime(2000, 1, 1)
_POSTGRES_EPOCH_UTC = _dt.datetime(2000, 1, 1, tzinfo=_dt.timezone.utc)
_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1
_FLOAT_NAN_BITS = b"\x00\x00\x00\x00\x00\x00\xf8\x7f"
_NUMERIC_MAX_INTEGER_DIGITS = 131072   # numeric's limits: digits before the point
_NUMERIC_MAX_SCALE = 16383             # and after it (NUMERIC_DSCALE_MAX)


def _numeric_text(value):
    """numeric_normalize(): plain decimal notation, no trailing fractional zeros, no '-0'."""
    if value.is_nan():
        if value.is_snan():
            raise UnsupportedValueError("numeric has no signaling NaN", "22P02")
        return "NaN"
    if value.is_infinite():
        return "-Infinity" if value < 0 else "Infinity"
    # beyond numeric's limits the server refuses the value; checked before the digits are
    # written out, which for 1E+999999999 would take minutes
    if value.as_tuple().exponent < -_NUMERIC_MAX_SCALE or \
            (not value.is_zero() and value.adjusted() >= _NUMERIC_MAX_INTEGER_DIGITS):
        raise BloomFilterError("value overflows numeric format", "22003")
    if value.is_zero():
        return "0"
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text in ("-0", ""):
        text = "0"
    return text


def _micros_since(delta):
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def canonical_bytes(value):
    """(kind, the bytes the server hashes) for a Python value.

    int -> integer (int64 LE); float -> float (binary64 LE, -0 as 0, one NaN);
    decimal.Decimal -> numeric (normalized text); str -> text (UTF-8);
    bytes/bytearray/memoryview -> bytea; uuid.UUID -> uuid; bool -> boolean;
    datetime.date -> date; datetime.datetime -> timestamp (naive) or
    timestamptz (aware, as UTC).  The last four are their binary send form
    (big-endian, PostgreSQL epoch 2000-01-01).
    """
    if isinstance(value, bool):
        return KIND_BUILTIN_FLAG | OID_BOOL, b"\x01" if value else b"\x00"
    if isinstance(value, int):
        if not _INT64_MIN <= value <= _INT64_MAX:
            raise BloomFilterError("integer %d is out of range for type bigint" % value, "22003")
        return KIND_INTEGER, struct.pack("<q", value)
    if isinstance(value, str):
        try:
            return KIND_TEXT, value.encode("utf-8")
        except UnicodeEncodeError as error:
            raise UnsupportedValueError("text is not valid UTF-8: %s" % error, "22021") from None
    if isinstance(value, (bytes, bytearray, memoryview)):
        return KIND_BUILTIN_FLAG | OID_BYTEA, bytes(value)
    if isinstance(value, float):
        if math.isnan(value):
            return KIND_FLOAT, _FLOAT_NAN_BITS
        return KIND_FLOAT, struct.pack("<d", value + 0.0 if value == 0.0 else value)
    if isinstance(value, decimal.Decimal):
        return KIND_NUMERIC, _numeric_text(value).encode("ascii")
    if isinstance(value, uuid.UUID):
        return KIND_BUILTIN_FLAG | OID_UUID, value.bytes
    if isinstance(value, _dt.datetime):
        if value.tzinfo is not None and value.utcoffset() is not None:
            return KIND_BUILTIN_FLAG | OID_TIMESTAMPTZ, struct.pack(">q", _micros_since(value - _POSTGRES_EPOCH_UTC))
        return KIND_BUILTIN_FLAG | OID_TIMESTAMP, struct.pack(">q", _micros_since(value - _POSTGRES_EPOCH))
    if isinstance(value, _dt.date):
        return KIND_BUILTIN_FLAG | OID_DATE, struct.pack(">i", (value - _POSTGRES_EPOCH_DATE).days)
    raise UnsupportedValueError("bloom filters from Python cannot hold values of type %s" % type(value).__name__)


def value_kind_of(value):
    return canonical_bytes(value)[0]


def hash_value(value):
    """(kind, XXH3-64 of the canonical bytes)."""
    kind, data = canonical_bytes(value)
    return kind, xxhash.xxh3_64_intdigest(data)


Info = namedtuple("Info", "m k n bits_set fill_ratio fpp cardinality bytes design_n design_p "
                          "value_kind format_version")


class BloomFilter:
    """A `bloomfilter` value in memory: from_bytes / from_text, might_contain, add, to_bytes."""

    __slots__ = ("_data", "_nblocks", "_k", "_salts")

    def __init__(self, data, validate=True):
        self._data = bytearray(data)
        if validate:
            self.validate()
        self._nblocks = struct.unpack_from("<Q", self._data, OFF_NBLOCKS)[0]
        self._k = self._data[OFF_K]
        self._salts = SALT[:self._k]

    # ---- construction ----

    @classmethod
    def from_bytes(cls, data):
        """The binary form: bloomfilter_send(f), binary COPY, or a bytea column holding those bytes."""
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError("from_bytes takes bytes, not %s" % type(data).__name__)
        return cls(data)

    @classmethod
    def from_text(cls, text):
        """The text form (f::text, what pg_dump writes): canonical base64."""
        if isinstance(text, (bytes, bytearray)):
            text = bytes(text).decode("ascii", "replace")
        try:
            data = base64.b64decode(text, validate=True) if text else b""
        except (ValueError, TypeError):
            raise FormatError("invalid input syntax for type bloomfilter: invalid base64", "22P02") from None
        # canonical: padding required, no whitespace, unused bits zero - i.e. it re-encodes to itself
        if not text or base64.b64encode(data).decode("ascii") != text:
            raise FormatError("invalid input syntax for type bloomfilter: invalid base64", "22P02")
        try:
            return cls(data)
        except FormatError as error:
            raise FormatError(str(error).replace("invalid binary", "invalid input syntax"), "22P02") from None

    @classmethod
    def empty(cls, nblocks, k, design_n=0, design_p=0.01):
        """An empty filter of a given shape.  bloom_empty(n, p) on the server gives the shape
        for (n, p): bloom_info(bloom_empty(n, p)) has m = 512 * nblocks and k."""
        # checked before allocating: 10**12 blocks would be 64 TB
        if not isinstance(nblocks, int) or not 1 <= nblocks <= MAX_BLOCKS:
            raise BloomFilterError("number of blocks must be an integer from 1 to %d, not %r" % (MAX_BLOCKS, nblocks),
                                   "22023")
        data = bytearray(HEADER_BYTES + BLOCK_BYTES * nblocks)
        data[0:4] = MAGIC
        struct.pack_into("<HBBIIQQQdI", data, OFF_VERSION, FORMAT_VERSION, HASH_SCHEME_XXH3, k,
                         KIND_NONE, 0, nblocks, 0, design_n, design_p, 0)
        return cls(data)

    def copy(self):
        return BloomFilter(self._data, validate=False)

    # ---- the header ----

    def _u32(self, offset):
        return struct.unpack_from("<I", self._data, offset)[0]

    def _u64(self, offset):
        return struct.unpack_from("<Q", self._data, offset)[0]

    @property
    def nblocks(self):
        return self._nblocks

    @property
    def k(self):
        return self._k

    @property
    def n(self):
        """Elements added, duplicates counted (bloom_info(f, false).n)."""
        return self._u64(OFF_N_ADDED)

    @property
    def value_kind(self):
        return self._u32(OFF_VALUE_KIND)

    def validate(self):
        """The checks of bloomfilter_recv (bf_validate_filter), raising FormatError (22P03)."""
        data = self._data
        length = len(data)

        def fail(reason):
            raise FormatError("invalid binary bloomfilter: " + reason)

        if length < HEADER_BYTES:
            fail("length does not match the header")
        if bytes(data[0:4]) != MAGIC:
            fail("bad magic bytes" + (" (%r is another type: this client reads bloomfilter only)"
                                      % bytes(data[0:4]).decode("latin-1")
                                      if bytes(data[0:4]) in (b"CBLM", b"CKOO") else ""))
        version, scheme, k, kind, flags, nblocks, n_added, _design_n, design_p, reserved = \
            struct.unpack_from("<HBBIIQQQdI", data, OFF_VERSION)
        if version != FORMAT_VERSION:
            fail("unsupported format version")
        if scheme != HASH_SCHEME_XXH3:
            fail("unsupported hash scheme")
        if not 1 <= k <= MAX_K:
            fail("number of hash functions out of range")
        if not _kind_is_known(kind):
            fail("unknown value kind")
        if flags != 0 or reserved != 0:
            fail("reserved fields are not zero")
        if not 1 <= nblocks <= MAX_BLOCKS:
            fail("number of blocks out of range")
        if length != HEADER_BYTES + nblocks * BLOCK_BYTES:
            fail("length does not match the header")
        if not 0.0 < design_p < 1.0:
            fail("design false-positive rate out of range")
        if (kind == KIND_NONE) != (n_added == 0):
            fail("element count and value kind disagree")
        # count() runs in C: any() over 768 MB took 10 s
        if n_added == 0 and data.count(0, HEADER_BYTES) != length - HEADER_BYTES:
            fail("empty filter has bits set")
        return self

    # ---- probes ----

    def _check_kind(self, kind):
        stored = self.value_kind
        if stored != KIND_NONE and stored != kind:
            raise KindMismatchError("bloom filter holds %s values, not %s values" % (kind_name(stored), kind_name(kind)))

    @staticmethod
    def _check_hash(h):
        # a hash outside 64 bits would pick a block past the end, or from the end backwards
        if not isinstance(h, int) or not 0 <= h <= MASK64:
            raise BloomFilterError("a hash is an unsigned 64-bit integer, not %r" % (h,), "22003")

    def contains_hash(self, h):
        """All k bits of hash h (an XXH3-64 of canonical bytes, 0 to 2^64 - 1) set in its block?"""
        self._check_hash(h)
        return self._all_bits_set(h)

    def _all_bits_set(self, h):
        data = self._data
        base = HEADER_BYTES + (((h >> 32) * self._nblocks) >> 32) * BLOCK_BYTES
        for salt in self._salts:
            position = ((h * salt) & MASK64) >> 55
            if not data[base + (position >> 3)] >> (position & 7) & 1:
                return False
        return True

    def might_contain(self, value):
        """False: certainly not added.  True: added, or a false positive.  As `f @> value`."""
        kind, data = canonical_bytes(value)
        self._check_kind(kind)
        if self._all_bits_set(xxhash.xxh3_64_intdigest(data)):
            return True
        # as the server: text ending in spaces also matches the char(n) value without them
        if kind == KIND_TEXT and value.endswith(" "):
            return self._all_bits_set(xxhash.xxh3_64_intdigest(value.rstrip(" ").encode("utf-8")))
        return False

    __contains__ = might_contain

    # ---- adds ----

    def add_hash(self, h, kind):
        """Sets the bits of hash h (0 to 2^64 - 1) for a value of `kind`, and counts it."""
        self._check_hash(h)
        # the kind goes into the header: one the server refuses would spoil the filter's bytes
        if not isinstance(kind, int) or not 0 < kind <= 0xFFFFFFFF or not _kind_is_known(kind):
            raise BloomFilterError("not a value kind a filter can hold: %r" % (kind,), "22023")
        self._check_kind(kind)
        data = self._data
        base = HEADER_BYTES + (((h >> 32) * self._nblocks) >> 32) * BLOCK_BYTES
        for salt in self._salts:
            position = ((h * salt) & MASK64) >> 55
            data[base + (position >> 3)] |= 1 << (position & 7)
        struct.pack_into("<I", data, OFF_VALUE_KIND, kind)
        n = self._u64(OFF_N_ADDED)
        if n < MASK64:
            struct.pack_into("<Q", data, OFF_N_ADDED, n + 1)

    def add(self, value):
        """As bloom_add(f, value): sets the value's bits and counts it.  Returns self."""
        kind, data = canonical_bytes(value)
        self.add_hash(xxhash.xxh3_64_intdigest(data), kind)
        return self

    def update(self, values):
        for value in values:
            self.add(value)
        return self

    # ---- output ----

    def to_bytes(self):
        """The binary form, which bloomfilter_recv accepts (a binary parameter of type bloomfilter)."""
        return bytes(self._data)

    def to_text(self):
        """The text form, which bloomfilter_in accepts ('...'::bloomfilter)."""
        return base64.b64encode(self._data).decode("ascii")

    def __bytes__(self):
        return self.to_bytes()

    def __eq__(self, other):
        return isinstance(other, BloomFilter) and self._data == other._data

    __hash__ = None

    def info(self, count_bits=True):
        """As bloom_info(f, count_bits); bits_set, fill_ratio, fpp and cardinality are None without count_bits."""
        m = self._nblocks * BLOCK_BITS
        bits_set = fill = fpp = cardinality = None
        if count_bits:
            k = self._k
            per_set_bit = 1.0 / (k * math.log1p(-1.0 / BLOCK_BITS))
            bits_set, fpp_sum, cardinality = 0, 0.0, 0.0
            blocks = memoryview(self._data)[HEADER_BYTES:]
            for b in range(self._nblocks):
                block = int.from_bytes(blocks[b * BLOCK_BYTES:(b + 1) * BLOCK_BYTES], "little")
                if not block:
                    continue
                count = bin(block).count("1")
                share = count / BLOCK_BITS
                bits_set += count
                fpp_sum += math.pow(share, k)
                cardinality += math.log1p(-(511.5 / BLOCK_BITS if count == BLOCK_BITS else share)) * per_set_bit
            fill = bits_set / m
            fpp = fpp_sum / self._nblocks
        return Info(m=m, k=self._k, n=min(self.n, _INT64_MAX), bits_set=bits_set, fill_ratio=fill, fpp=fpp,
                    cardinality=cardinality, bytes=len(self._data) + 4,
                    design_n=min(self._u64(OFF_DESIGN_N), _INT64_MAX),
                    design_p=struct.unpack_from("<d", self._data, OFF_DESIGN_P)[0],
                    value_kind=kind_name(self.value_kind), format_version=self._data[OFF_VERSION])

    def __repr__(self):
        return "<BloomFilter m=%d k=%d n=%d kind=%s>" % (self._nblocks * BLOCK_BITS, self._k, self.n,
                                                          kind_name(self.value_kind))


def register(conn):
    """psycopg 3: columns of type bloomfilter load as BloomFilter, and BloomFilter parameters
    are sent in binary (bloomfilter_recv).  Returns the type's OID."""
    from .psycopg_adapt import register as _register
    return _register(conn)

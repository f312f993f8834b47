"""Conformance of the Python client (clients/python) against the server.

Run by test/clients/run, with PGHOST/PGPORT/PGUSER/PGDATABASE set to a
throwaway cluster where the extension is created.  It

  1. builds filters on the server (table conformance_filters): every kind the
     clients encode, shapes from p = 0.1 to 1e-6, empty to 10M bits, an
     overfull one, one sized by bloom_agg's fold and one made by a union;
  2. for each, asks the server once for 100,000 members and 100,000
     non-members with its answer (`f @> v`), loads the filter in the client
     from the binary form (bloomfilter_send) and the text form, and counts
     every answer that differs, false positives included;
  3. builds the same filter in the client (same shape, same inserts) and
     compares it byte for byte with the server's; sends the client's bytes
     back (binary parameter -> bloomfilter_recv, and text -> bloomfilter_in)
     and checks that the server reads the same filter and finds every member;
  4. checks XXH3-64 against golden vectors from the C libxxhash (argv[1]);
  5. damages a filter in each way the server refuses and checks that both
     refuse it; so for numerics beyond the type's limits; and names every
     built-in kind as bloom_info does;
  6. measures probes per second: the client, and `SELECT f @> $1` per key
     over the Unix socket (prepared).

Prints "python disagreements: N" and "python byte-identical: A of B"; exits
1 if any count is off.
"""

import base64
import datetime
import decimal
import os
import struct
import sys
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "clients", "python"))

import psycopg  # noqa: E402
import xxhash  # noqa: E402

import bloomfilter_pg  # noqa: E402
from bloomfilter_pg import BloomFilter, FormatError  # noqa: E402

MEMBERS = int(os.environ.get("CLIENTS_MEMBERS", "100000"))

# name, kind, member expression, non-member expression (of i: members i = 1..MEMBERS,
# non-members i = MEMBERS+1 .. 2*MEMBERS), design n (None: bloom_agg sizes it), p, how
M = MEMBERS
INT_MEMBER = "i::bigint * 1000003 - 50000000000"
INT_NONMEMBER = "i::bigint * 1000003 - 50000000000 + 1"
TEXT_MEMBER = "'key-' || i"
# every 50th non-member is a member with trailing spaces, which the server also tests trimmed
TEXT_NONMEMBER = "CASE WHEN i % 50 = 0 THEN 'key-' || (i - {M}) || '  ' ELSE 'key-' || i END".format(M=M)
FILTERS = [
    # the integer family in several shapes
    ("int_p0.1", "integer", INT_MEMBER, INT_NONMEMBER, M, 0.1, "agg"),
    ("int_p0.01", "integer", INT_MEMBER, INT_NONMEMBER, M, 0.01, "agg"),
    ("int_p1e-4", "integer", INT_MEMBER, INT_NONMEMBER, M, 1e-4, "agg"),
    ("int_p1e-6_10Mbits", "integer", INT_MEMBER, INT_NONMEMBER, 258000, 1e-6, "agg"),
    ("int_overfull", "integer", INT_MEMBER, INT_NONMEMBER, M // 10, 0.01, "agg"),
    ("int4_tiny", "integer", "i::int4", "i::int4", 100, 0.05, "agg"),
    ("int_empty", "none", INT_MEMBER, INT_NONMEMBER, 0, 0.01, "empty"),
    ("int_folded", "integer", INT_MEMBER, INT_NONMEMBER, None, 0.01, "agg"),
    ("int_union", "integer", INT_MEMBER, INT_NONMEMBER, M, 0.02, "union"),
    # the other kinds
    ("text_p0.1", "text", TEXT_MEMBER, TEXT_NONMEMBER, M, 0.1, "agg"),
    ("text_p1e-3", "text", "'ключ-' || i || '-€'", "'ключ-' || i || '-$'", M, 1e-3, "agg"),
    ("bytea", "bytea", "decode(md5(i::text), 'hex')", "decode(md5(i::text), 'hex')", M, 0.01, "agg"),
    ("uuid", "uuid", "md5(i::text)::uuid", "md5(i::text)::uuid", M, 0.01, "agg"),
    ("float8", "float", "CASE i WHEN 1 THEN 'NaN'::float8 WHEN 2 THEN '-0'::float8 WHEN 3 THEN 'Infinity' "
                        "WHEN 4 THEN '-Infinity' ELSE i / 7.0::float8 END",
     "CASE i WHEN {a} THEN 'NaN'::float8 WHEN {b} THEN '0'::float8 ELSE i / 7.0::float8 + 1e-9 END"
     .format(a=M + 1, b=M + 2), M, 0.01, "agg"),
    ("numeric", "numeric", "CASE i WHEN 1 THEN 'NaN'::numeric WHEN 2 THEN 'Infinity' WHEN 3 THEN '-Infinity' "
                           "WHEN 4 THEN '-0.000' ELSE round((i - 50000)::numeric / 8, i % 5 + 3) END",
     "CASE i WHEN {a} THEN 'NaN'::numeric WHEN {b} THEN 0 WHEN {c} THEN 1.50000 "
     "ELSE i::numeric / 8 * 1e-20 END".format(a=M + 1, b=M + 2, c=M + 3), M, 0.01, "agg"),
    ("date", "date", "date '2000-01-01' + (i - 50000)", "date '2000-01-01' + i", M, 0.01, "agg"),
    ("timestamp", "timestamp without time zone", "timestamp '1999-12-31 23:00' + i * interval '1001 us'",
     "timestamp '1999-12-31 23:00' + i * interval '1001 us' + interval '3 us'", M, 0.01, "agg"),
    ("timestamptz", "timestamp with time zone", "timestamptz '1999-12-31 23:00+05' + i * interval '997 ms'",
     "timestamptz '1999-12-31 23:00+05' + i * interval '997 ms' + interval '1 ms'", M, 0.01, "agg"),
    ("bool", "boolean", "true", "false", 10, 0.01, "agg"),
]

disagreements = 0
failures = []


def fail(message):
    global disagreements
    disagreements += 1
    if len(failures) < 20:
        failures.append(message)
        print("  DISAGREE: " + message, flush=True)


def build_server_filters(conn):
    conn.execute("DROP TABLE IF EXISTS conformance_filters")
    conn.execute("CREATE TABLE conformance_filters (name text PRIMARY KEY, kind text, member_sql text, "
                 "nonmember_sql text, f bloomfilter)")
    for name, kind, member, nonmember, design_n, p, how in FILTERS:
        series = "generate_series(1, %d) i" % M
        if how == "empty":
            build = "SELECT bloom_empty(%d, %r)" % (design_n, p)
        elif how == "union":
            build = ("SELECT bloom_union((SELECT bloom_agg({v}, {n}, {p}) FROM {s} WHERE i % 2 = 0), "
                     "(SELECT bloom_agg({v}, {n}, {p}) FROM {s} WHERE i % 2 = 1))"
                     .format(v=member, n=design_n, p=repr(p), s=series))
        elif design_n is None:
            build = "SELECT bloom_agg({v}, {p}) FROM {s}".format(v=member, p=repr(p), s=series)
        else:
            build = "SELECT bloom_agg({v}, {n}, {p}) FROM {s}".format(v=member, n=design_n, p=repr(p), s=series)
        conn.execute("INSERT INTO conformance_filters VALUES (%s, %s, %s, %s, (" + build.replace("%", "%%") + "))",
                     (name, kind, member, nonmember))
    conn.commit()


def check_filter(conn, name, member, nonmember):
    """Client answers against the server's, and client-built bytes against the server's."""
    row = conn.execute("SELECT bloomfilter_send(f), f::text, (bloom_info(f, false)).* FROM conformance_filters "
                       "WHERE name = %s", (name,)).fetchone()
    sent, text, info = row[0], row[1], row[2:]
    server_m, server_k, server_n, design_n, design_p, kind = info[0], info[1], info[2], info[8], info[9], info[10]
    from_binary = BloomFilter.from_bytes(sent)
    from_text = BloomFilter.from_text(text)
    if from_binary.to_bytes() != bytes(sent) or from_text.to_bytes() != bytes(sent):
        fail("%s: the text and binary forms load differently" % name)
    client_info = from_binary.info()
    server_info = conn.execute("SELECT (bloom_info(f)).* FROM conformance_filters WHERE name = %s",
                               (name,)).fetchone()
    if tuple(client_info)[:3] + tuple(client_info)[7:] != tuple(server_info)[:3] + tuple(server_info)[7:] or \
            client_info.bits_set != server_info[3] or abs(client_info.fpp - server_info[5]) > 1e-12 * max(1, server_info[5]):
        fail("%s: info() %r differs from bloom_info %r" % (name, tuple(client_info), tuple(server_info)))

    values, answers = [], []
    rows = conn.execute(
        "SELECT v, f @> v, i <= {M} FROM conformance_filters, "
        "LATERAL (SELECT i, CASE WHEN i <= {M} THEN {member} ELSE {nonmember} END AS v "
        "         FROM generate_series(1, {M2}) i) s WHERE name = %s ORDER BY i"
        .format(M=M, M2=2 * M, member=member.replace("%", "%%"), nonmember=nonmember.replace("%", "%%")), (name,)).fetchall()
    probes = 0
    false_positives = 0
    for value, server_answer, is_member in rows:
        for loaded in (from_binary, from_text):
            answer = loaded.might_contain(value)
            probes += 1
            if answer != server_answer:
                fail("%s: %r: client %s, server %s" % (name, value, answer, server_answer))
        if not is_member and server_answer:
            false_positives += 1
        values.append(value)
        answers.append(server_answer)

    # the same filter built by the client: same shape, same inserts
    built = BloomFilter.empty(server_m // 512, server_k, design_n, design_p)
    if server_n:
        if name == "int_union":
            built.update(v for i, v in enumerate(values[:M], 1) if i % 2 == 0)
            built.update(v for i, v in enumerate(values[:M], 1) if i % 2 == 1)
        else:
            built.update(values[:M] if design_n != 10 else values[:M])
    identical = built.to_bytes() == bytes(sent)
    if not identical:
        fail("%s: the client's filter differs from the server's (n %d vs %d)" % (name, built.n, server_n))
    # the server reads the client's bytes: binary (bloomfilter_recv) and text (bloomfilter_in)
    back = conn.execute(
        "SELECT bloomfilter_send(%s) = bloomfilter_send(f), bloomfilter_send(%s::bloomfilter) = bloomfilter_send(f), "
        "(SELECT count(*) FROM generate_series(1, {M}) i WHERE NOT %s @> ({member})) "
        "FROM conformance_filters WHERE name = %s".format(M=M, member=member.replace("%", "%%")),
        (built, built.to_text(), built, name)).fetchone()
    accepted = back[0] and back[1] and (back[2] == 0 or server_n == 0)
    if not accepted:
        fail("%s: the server read the client's filter differently: %r" % (name, back))
    print("  %-20s m=%-9d k=%-2d n=%-6d kind=%-28s FP=%-6d probes=%d byte-identical=%s server-accepts=%s"
          % (name, server_m, server_k, server_n, kind, false_positives, probes, identical, accepted), flush=True)
    return identical and accepted


def check_golden(path):
    count = 0
    data = bytes((i * 167 + 13) % 256 for i in range(2048))
    with open(path) as lines:
        for line in lines:
            length, expected = line.split()
            count += 1
            got = xxhash.xxh3_64_intdigest(data[:int(length)])
            if got != int(expected, 16):
                fail("XXH3 of %s bytes: %016x, libxxhash %s" % (length, got, expected))
    print("  XXH3-64 golden vectors checked: %d (lengths 0..2048)" % count)


def check_malformed(conn):
    """Each way the server refuses a value: the client must refuse it too, and accept the good one."""
    good = bytes(conn.execute("SELECT bloomfilter_send(f) FROM conformance_filters WHERE name = 'int4_tiny'")
                 .fetchone()[0])
    empty = bytes(conn.execute("SELECT bloomfilter_send(bloom_empty(100, 0.01))").fetchone()[0])

    def patched(base, offset, fmt, value):
        b = bytearray(base)
        struct.pack_into(fmt, b, offset, value)
        return bytes(b)

    cases = [
        ("good", good), ("good empty", empty),
        ("short", good[:40]), ("one byte less", good[:-1]), ("one byte more", good + b"\0"),
        ("magic", b"BLOX" + good[4:]), ("counting magic", b"CBLM" + good[4:]),
        ("version", patched(good, 4, "<H", 2)), ("scheme", patched(good, 6, "<B", 2)),
        ("k 0", patched(good, 7, "<B", 0)), ("k 33", patched(good, 7, "<B", 33)),
        ("kind 6", patched(good, 8, "<I", 6)), ("kind array of none", patched(good, 8, "<I", 0x40000000)),
        ("kind oid 0", patched(good, 8, "<I", 0x80000000)), ("kind oid 10000", patched(good, 8, "<I", 0x80000000 | 10000)),
        ("kind record bits", patched(good, 8, "<I", 0x30000000)),
        ("flags", patched(good, 12, "<I", 1)), ("reserved", patched(good, 48, "<I", 1)),
        ("nblocks 0", patched(good, 16, "<Q", 0)), ("nblocks 2", patched(good, 16, "<Q", 2)),
        ("p 0", patched(good, 40, "<d", 0.0)), ("p 1", patched(good, 40, "<d", 1.0)),
        ("p NaN", patched(good, 40, "<d", float("nan"))),
        ("n 0 with a kind", patched(good, 24, "<Q", 0)), ("kind none with n", patched(good, 8, "<I", 0)),
        ("empty with bits", empty[:-1] + b"\x01"),
    ]
    # every case as text: the client's from_text and the server's bloomfilter_in
    texts = [(label, base64.b64encode(data).decode()) for label, data in cases]
    text = conn.execute("SELECT bloom_empty(100, 0.01)::text").fetchone()[0]
    texts += [("whitespace", " " + text), ("no padding", text.rstrip("=")), ("empty", ""),
              ("unused bits", text[:-3] + "B==" if text.endswith("==") else text[:-2] + "B=")]
    for label, value in texts:
        try:
            BloomFilter.from_text(value)
            client_ok = True
        except FormatError:
            client_ok = False
        try:
            with conn.transaction():
                conn.execute("SELECT %s::bloomfilter", (value,))
            server_ok = True
        except psycopg.errors.InvalidTextRepresentation:
            server_ok = False
        if client_ok != server_ok:
            fail("malformed %s: client accepts %s, server %s" % (label, client_ok, server_ok))
    checked = len(texts)
    print("  malformed values checked: %d, each refused (or accepted) by both" % checked)


def check_numeric_limits(conn):
    """Numerics at and beyond the type's limits: the client refuses exactly what the server refuses
    (22003), at once, and hashes the others as the server does."""
    texts = ["1" + "0" * 131071, "-" + "9" * 131072 + ".5", "0." + "0" * 16382 + "1", "0." + "0" * 16383,
             "1" + "0" * 131072, "0." + "0" * 16383 + "1", "1." + "0" * 16384, "0." + "0" * 16384]
    for text in texts:
        label = "%s... (%d characters)" % (text[:6], len(text))
        try:
            client = BloomFilter.empty(4, 6, 200, 0.01).add(decimal.Decimal(text)).to_bytes()
        except bloomfilter_pg.BloomFilterError as error:
            client = error.sqlstate
        try:
            with conn.transaction():
                server = bytes(conn.execute("SELECT bloomfilter_send(bloom_add(bloom_empty(200, 0.01), %s::numeric))",
                                            (text,)).fetchone()[0])
        except psycopg.errors.NumericValueOutOfRange:
            server = "22003"
        if client != server:
            fail("numeric %s: client %s, server %s" % (label, client if isinstance(client, str) else "hashes",
                                                       server if isinstance(server, str) else "hashes"))
    print("  numerics at and beyond the type's limits checked: %d" % len(texts))


# every built-in kind 0x80000000 | oid (oid 1 to 9999), as bloom_info names it: int4_tiny's bytes with its kind patched
BUILTIN_KIND_NAMES_SQL = (
    "SELECT oid, (bloom_info(translate(encode(set_byte(set_byte(set_byte(b, 8, oid % 256), 9, oid / 256), 11, 128), "
    "'base64'), E'\\n', '')::bloomfilter, false)).value_kind "
    "FROM (SELECT bloomfilter_send(f) AS b FROM conformance_filters WHERE name = 'int4_tiny') s, "
    "generate_series(1, 9999) oid ORDER BY oid")


def check_kind_names(conn):
    """info().value_kind (and the kind errors' names) as bloom_info shows every built-in kind."""
    rows = conn.execute(BUILTIN_KIND_NAMES_SQL).fetchall()
    for oid, name in rows:
        for kind in (bloomfilter_pg.KIND_BUILTIN_FLAG | oid, bloomfilter_pg.KIND_BUILTIN_FLAG | bloomfilter_pg.KIND_ARRAY_FLAG | oid):
            expected = name + "[]" if kind & bloomfilter_pg.KIND_ARRAY_FLAG else name
            if bloomfilter_pg.kind_name(kind) != expected:
                fail("kind 0x%08x: client names it %r, bloom_info %r" % (kind, bloomfilter_pg.kind_name(kind), expected))
    print("  built-in kinds named as bloom_info names them: %d (and their arrays)" % len(rows))


def kind_errors(conn):
    """A value of another kind raises, as the server does."""
    f = BloomFilter.from_bytes(conn.execute("SELECT bloomfilter_send(f) FROM conformance_filters "
                                            "WHERE name = 'int_p0.01'").fetchone()[0])
    try:
        f.might_contain("42")
        fail("a text probe of an integer filter did not raise")
    except bloomfilter_pg.KindMismatchError as error:
        try:
            with conn.transaction():
                conn.execute("SELECT f @> '42'::text FROM conformance_filters WHERE name = 'int_p0.01'")
            fail("the server accepted a text probe of an integer filter")
        except psycopg.errors.DatatypeMismatch as server_error:
            if str(error) != str(server_error).splitlines()[0]:
                fail("kind error %r, server %r" % (str(error), str(server_error)))
    print("  a probe of the wrong kind raises as the server does: %s" % "bloom filter holds integer values, not text values")


# FORMAT.md's examples for third implementations: SQL literal, the Python value
FORMAT_EXAMPLES = [
    ("42", 42), ("(-1)::int2", -1),
    ("1.5::float8", 1.5), ("'-0'::float8", -0.0), ("'NaN'::float8", float("nan")),
    ("1.50::numeric", decimal.Decimal("1.50")), ("'-0.000'::numeric", decimal.Decimal("-0.000")),
    ("1e3::numeric", decimal.Decimal("1e3")), ("'-Infinity'::numeric", decimal.Decimal("-Infinity")),
    ("'NaN'::numeric", decimal.Decimal("NaN")),
    ("'h\u00e9llo'::text", "h\u00e9llo"), ("'\\xdeadbeef'::bytea", b"\xde\xad\xbe\xef"),
    ("'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid", uuid.UUID("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11")),
    ("true", True), ("'2024-02-29'::date", datetime.date(2024, 2, 29)),
    ("'2024-02-29 12:34:56.789'::timestamp", datetime.datetime(2024, 2, 29, 12, 34, 56, 789000)),
    ("'2024-02-29 12:34:56.789+01'::timestamptz",
     datetime.datetime(2024, 2, 29, 12, 34, 56, 789000, tzinfo=datetime.timezone(datetime.timedelta(hours=1)))),
]
EXAMPLE_NBLOCKS, EXAMPLE_K = 4, 6       # bloom_empty(200, 0.01)


def format_example_rows():
    rows = []
    for literal, value in FORMAT_EXAMPLES:
        kind, data = bloomfilter_pg.canonical_bytes(value)
        h = xxhash.xxh3_64_intdigest(data)
        block = ((h >> 32) * EXAMPLE_NBLOCKS) >> 32
        bits = [((h * salt) & bloomfilter_pg.MASK64) >> 55 for salt in bloomfilter_pg.SALT[:EXAMPLE_K]]
        rows.append((literal, value, "| `%s` | `%s` | %s | `%016x` | %d | %s |" % (
            literal.replace("|", "\\|"), bloomfilter_pg.kind_name(kind), " ".join("%02x" % b for b in data) or "(none)",
            h, block, ", ".join(map(str, bits)))))
    return rows


def check_format_examples(conn):
    """Each example row of FORMAT.md is what the client computes, and the server sets exactly those bits."""
    with open(os.path.join(HERE, "..", "..", "FORMAT.md"), encoding="utf-8") as doc:
        text = doc.read()
    for literal, value, row in format_example_rows():
        if row not in text:
            fail("FORMAT.md lacks the row: " + row)
        server = conn.execute("SELECT bloomfilter_send(bloom_add(bloom_empty(200, 0.01), %s))" % literal.replace("%", "%%")).fetchone()[0]
        client = BloomFilter.empty(EXAMPLE_NBLOCKS, EXAMPLE_K, 200, 0.01).add(value)
        if client.to_bytes() != bytes(server):
            fail("FORMAT.md example %s: the server sets other bits" % literal)
    print("  FORMAT.md examples checked against the client and the server: %d" % len(FORMAT_EXAMPLES))


def speed(conn):
    f = BloomFilter.from_bytes(conn.execute("SELECT bloomfilter_send(f) FROM conformance_filters "
                                            "WHERE name = 'int_p0.01'").fetchone()[0])
    keys = [(i * 1000003) - 50000000000 + (i % 2) for i in range(1, 200001)]
    start = time.perf_counter()
    hits = sum(1 for key in keys if f.might_contain(key))
    client_rate = len(keys) / (time.perf_counter() - start)
    keys_sql = keys[:5000]
    with conn.cursor() as cur:
        cur.execute("SELECT f @> %s::bigint FROM conformance_filters WHERE name = 'int_p0.01'", (keys_sql[0],),
                    prepare=True)
        start = time.perf_counter()
        for key in keys_sql:
            cur.execute("SELECT f @> %s::bigint FROM conformance_filters WHERE name = 'int_p0.01'", (key,),
                        prepare=True)
            cur.fetchone()
        server_rate = len(keys_sql) / (time.perf_counter() - start)
    print("  speed: python client %.0f probes/s (%d keys, %d maybe); SELECT f @> $1 per key over the Unix socket "
          "(psycopg, prepared): %.0f probes/s; ratio %.0fx" % (client_rate, len(keys), hits, server_rate,
                                                              server_rate and client_rate / server_rate))


def main():
    if "--format-examples" in sys.argv:
        for _literal, _value, row in format_example_rows():
            print(row)
        return 0
    golden = sys.argv[1]
    with psycopg.connect() as conn:
        bloomfilter_pg.register(conn)
        if "--build" in sys.argv:
            build_server_filters(conn)
        conn.autocommit = True
        names = [row[0] for row in conn.execute("SELECT name, member_sql, nonmember_sql FROM conformance_filters "
                                                "ORDER BY name")]
        identical = 0
        for name, _kind, member, nonmember, *_ in FILTERS:
            identical += check_filter(conn, name, member, nonmember)
        check_golden(golden)
        check_format_examples(conn)
        check_malformed(conn)
        check_numeric_limits(conn)
        check_kind_names(conn)
        kind_errors(conn)
        speed(conn)
    print("python byte-identical and accepted by the server: %d of %d filters" % (identical, len(names)))
    print("python disagreements: %d" % disagreements)
    return 0 if disagreements == 0 and identical == len(names) else 1


if __name__ == "__main__":
    sys.exit(main())

"""Offline checks of the client against FORMAT.md's worked examples ("For a
third implementation"): canonical bytes, XXH3-64, block and bits of each
value, in a filter of 4 blocks and k = 6.  test/clients/run checks the same
rows against the server.  Run: /usr/bin/python3 -m unittest discover clients/python/tests"""

import datetime
import decimal
import os
import sys
import unittest
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

import xxhash  # noqa: E402

import bloomfilter_pg  # noqa: E402
from bloomfilter_pg import BloomFilter, FormatError, KindMismatchError  # noqa: E402

EXAMPLES = {
    "42": 42, "(-1)::int2": -1, "1.5::float8": 1.5, "'-0'::float8": -0.0, "'NaN'::float8": float("nan"),
    "1.50::numeric": decimal.Decimal("1.50"), "'-0.000'::numeric": decimal.Decimal("-0.000"),
    "1e3::numeric": decimal.Decimal("1e3"), "'-Infinity'::numeric": decimal.Decimal("-Infinity"),
    "'NaN'::numeric": decimal.Decimal("NaN"), "'h\u00e9llo'::text": "h\u00e9llo",
    "'\\xdeadbeef'::bytea": b"\xde\xad\xbe\xef",
    "'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid": uuid.UUID("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"),
    "true": True, "'2024-02-29'::date": datetime.date(2024, 2, 29),
    "'2024-02-29 12:34:56.789'::timestamp": datetime.datetime(2024, 2, 29, 12, 34, 56, 789000),
    "'2024-02-29 12:34:56.789+01'::timestamptz": datetime.datetime(
        2024, 2, 29, 12, 34, 56, 789000, tzinfo=datetime.timezone(datetime.timedelta(hours=1))),
}


def format_rows():
    rows = {}
    with open(os.path.join(HERE, "..", "..", "..", "FORMAT.md"), encoding="utf-8") as doc:
        for line in doc:
            cells = line.rstrip("\n").split(" | ")
            if len(cells) == 6 and cells[0].startswith("| `"):
                rows[cells[0][3:-1]] = cells
    return rows


class FormatExamples(unittest.TestCase):
    def test_examples(self):
        rows = format_rows()
        for literal, value in EXAMPLES.items():
            cells = rows[literal]
            kind, data = bloomfilter_pg.canonical_bytes(value)
            h = xxhash.xxh3_64_intdigest(data)
            bits = [((h * salt) & bloomfilter_pg.MASK64) >> 55 for salt in bloomfilter_pg.SALT[:6]]
            self.assertEqual(cells[1], "`%s`" % bloomfilter_pg.kind_name(kind), literal)
            self.assertEqual(cells[2], " ".join("%02x" % b for b in data), literal)
            self.assertEqual(cells[3], "`%016x`" % h, literal)
            self.assertEqual(cells[4], str(((h >> 32) * 4) >> 32), literal)
            self.assertEqual(cells[5], ", ".join(map(str, bits)) + " |", literal)
            self.assertIn(value, BloomFilter.empty(4, 6, 200, 0.01).add(value))

    def test_round_trips_kinds_and_damage(self):
        f = BloomFilter.empty(2, 3, 10, 0.1).add(1).add(2)
        self.assertEqual(BloomFilter.from_text(f.to_text()), f)
        self.assertEqual(f.n, 2)
        self.assertIn(1, BloomFilter.from_bytes(f.to_bytes()))
        with self.assertRaises(KindMismatchError):
            f.might_contain("1")
        with self.assertRaises(FormatError):
            BloomFilter.from_bytes(f.to_bytes()[:60])
        with self.assertRaises(FormatError):
            BloomFilter.from_text(" " + f.to_text())
        damaged = bytearray(f.to_bytes())
        damaged[7] = 0
        with self.assertRaisesRegex(FormatError, "number of hash functions out of range"):
            BloomFilter.from_bytes(bytes(damaged))
        with self.assertRaises(bloomfilter_pg.BloomFilterError):
            f.add(1 << 63)

    def test_empty_checks_its_size_first(self):
        for nblocks in (0, -1, bloomfilter_pg.MAX_BLOCKS + 1, 10**12, 2.0):
            with self.assertRaisesRegex(bloomfilter_pg.BloomFilterError, "number of blocks must be") as raised:
                BloomFilter.empty(nblocks, 6)
            self.assertEqual(raised.exception.sqlstate, "22023")
        self.assertEqual(BloomFilter.empty(1, 6).nblocks, 1)

    def test_empty_filter_bits_checked_everywhere(self):
        # the bit check of an empty filter, at its first and last byte, in small and large filters
        for nblocks in (1, 3, 100000):
            data = BloomFilter.empty(nblocks, 6).to_bytes()
            BloomFilter.from_bytes(data)
            for offset in (bloomfilter_pg.HEADER_BYTES, len(data) // 2, len(data) - 1):
                damaged = bytearray(data)
                damaged[offset] = 0x80
                with self.assertRaisesRegex(FormatError, "empty filter has bits set"):
                    BloomFilter.from_bytes(bytes(damaged))

    def test_hashes_are_64_bit(self):
        f = BloomFilter.empty(4, 6, 200, 0.01)
        for h in (-1, 1 << 64, 1 << 70, 1.0):
            with self.assertRaisesRegex(bloomfilter_pg.BloomFilterError, "unsigned 64-bit"):
                f.add_hash(h, bloomfilter_pg.KIND_INTEGER)
            with self.assertRaisesRegex(bloomfilter_pg.BloomFilterError, "unsigned 64-bit"):
                f.contains_hash(h)
        self.assertEqual(f, BloomFilter.empty(4, 6, 200, 0.01))
        f.add_hash(bloomfilter_pg.MASK64, bloomfilter_pg.KIND_INTEGER)
        self.assertTrue(f.contains_hash(bloomfilter_pg.MASK64))

    def test_add_hash_takes_known_kinds_only(self):
        f = BloomFilter.empty(4, 6, 200, 0.01)
        for kind in (0, 6, 0x40000000, 0x80000000, 0x80000000 | 10000, 1 << 32, -1, "1"):
            with self.assertRaisesRegex(bloomfilter_pg.BloomFilterError, "not a value kind"):
                f.add_hash(1, kind)
        self.assertEqual(f, BloomFilter.empty(4, 6, 200, 0.01))
        for kind in (1, 0x40000001, 0x80000000 | 3904, 0x20000000 | 0x1234567):
            g = BloomFilter.empty(4, 6, 200, 0.01)
            g.add_hash(1, kind)
            BloomFilter.from_bytes(g.to_bytes())

    def test_numeric_limits(self):
        # as the server: 131,072 digits before the point and 16,383 after; beyond, an error
        # (22003) at once, not minutes spent writing out the digits of 1E+999999999
        f = BloomFilter.empty(2, 3, 10, 0.1)
        for text in ("1E+131071", "-9.99E+131071", "1E-16383", "0E-16383", "0E+999999999"):
            f.might_contain(decimal.Decimal(text))
        for text in ("1E+131072", "1E+999999999", "1E+999999999999999999", "1E-16384", "1.0E-16383",
                     "0E-16384", "-1E-999999999"):
            with self.assertRaises(bloomfilter_pg.BloomFilterError) as raised:
                f.might_contain(decimal.Decimal(text))
            self.assertEqual(raised.exception.sqlstate, "22003", text)
        self.assertEqual(bloomfilter_pg.canonical_bytes(decimal.Decimal("0E+999999999"))[1], b"0")


if __name__ == "__main__":
    unittest.main()

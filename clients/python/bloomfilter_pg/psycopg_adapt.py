"""psycopg 3 adapters: bloomfilter columns load as BloomFilter, BloomFilter parameters dump in binary."""

from psycopg.adapt import Dumper, Loader
from psycopg.pq import Format
from psycopg.types import TypeInfo

from . import BloomFilter


def register(conn):
    info = TypeInfo.fetch(conn, "bloomfilter")
    if info is None:
        raise LookupError("type bloomfilter not found: CREATE EXTENSION bloomfilter first")

    class BloomFilterBinaryDumper(Dumper):
        format = Format.BINARY
        oid = info.oid

        def dump(self, obj):
            return obj.to_bytes()

    class BloomFilterBinaryLoader(Loader):
        format = Format.BINARY

        def load(self, data):
            return BloomFilter.from_bytes(bytes(data))

    class BloomFilterTextLoader(Loader):
        format = Format.TEXT

        def load(self, data):
            return BloomFilter.from_text(bytes(data).decode("ascii"))

    conn.adapters.register_dumper(BloomFilter, BloomFilterBinaryDumper)
    conn.adapters.register_loader(info.oid, BloomFilterBinaryLoader)
    conn.adapters.register_loader(info.oid, BloomFilterTextLoader)
    return info.oid

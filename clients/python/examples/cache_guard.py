#!/usr/bin/python3
"""cache_guard.py - a Bloom filter in front of a key-value table (cache-penetration defense).

A lookup asks the local copy of the table's filter first: a key that is
certainly absent never reaches the database.  The filter lives in the
database (table kv_filter, kept by the writers with bloom_add), and the
application keeps its bytes, refreshed when bloom_info(f, false).n changes,
a read of the 52-byte header, done at most once every CHECK_EVERY lookups.

Run against a database with the extension (PGHOST, PGPORT, PGUSER,
PGDATABASE, as psql):
    /usr/bin/python3 clients/python/examples/cache_guard.py [keys] [lookups]
It makes the tables kv and kv_filter, looks up keys of which 90% are absent,
adds new keys half-way (the guard sees them after its next check), and
prints how many database queries the filter avoided.
"""

import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import psycopg  # noqa: E402

import bloomfilter_pg  # noqa: E402
from bloomfilter_pg import BloomFilter  # noqa: E402

CHECK_EVERY = 1000      # lookups between two checks of the stored filter's n


class GuardedStore:
    def __init__(self, conn):
        self.conn = conn
        self.filter = None
        self.filter_n = None
        self.since_check = 0
        self.table_queries = 0      # lookups that reached kv
        self.false_positives = 0    # of which kv had no row: the filter's "maybe" was wrong
        self.filtered_out = 0       # lookups the filter answered alone ("certainly absent")
        self.filter_queries = 0     # header checks and refreshes
        self.refreshes = 0
        self.check()

    def check(self):
        """Reads the stored filter's n (its header only) and fetches the bytes when it changed."""
        self.filter_queries += 1
        n = self.conn.execute("SELECT (bloom_info(f, false)).n FROM kv_filter").fetchone()[0]
        if n != self.filter_n:
            self.filter_queries += 1
            self.refreshes += 1
            sent = self.conn.execute("SELECT bloomfilter_send(f) FROM kv_filter").fetchone()[0]
            self.filter = BloomFilter.from_bytes(sent)
            self.filter_n = n
        self.since_check = 0

    def get(self, key):
        self.since_check += 1
        if self.since_check >= CHECK_EVERY:
            self.check()
        if key not in self.filter:
            self.filtered_out += 1
            return None                     # certainly absent: no query
        self.table_queries += 1
        row = self.conn.execute("SELECT value FROM kv WHERE key = %s", (key,), prepare=True).fetchone()
        if row is None:
            self.false_positives += 1
        return row[0] if row else None

    def put(self, key, value):
        """A writer: the row and the stored filter in one transaction."""
        with self.conn.transaction():
            self.conn.execute("INSERT INTO kv VALUES (%s, %s)", (key, value))
            self.conn.execute("UPDATE kv_filter SET f = bloom_add(f, %s::text)", (key,))


def unguarded_get(conn, key):
    row = conn.execute("SELECT value FROM kv WHERE key = %s", (key,), prepare=True).fetchone()
    return row[0] if row else None


def main():
    keys = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    lookups = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    rng = random.Random(18)
    with psycopg.connect(autocommit=True) as conn:
        conn.execute("DROP TABLE IF EXISTS kv, kv_filter")
        conn.execute("CREATE TABLE kv (key text PRIMARY KEY, value text NOT NULL)")
        conn.execute("INSERT INTO kv SELECT 'user:' || i, 'profile ' || i FROM generate_series(1, %s) i", (keys,))
        # sized for twice the keys at 1%: room for the writers
        conn.execute("CREATE TABLE kv_filter AS SELECT bloom_agg(key, %s::bigint, 0.01) AS f FROM kv", (2 * keys,))
        bloomfilter_pg.register(conn)

        store = GuardedStore(conn)
        present = absent = wrong = 0
        workload = []
        for _ in range(lookups):
            if rng.random() < 0.9:
                workload.append(("user:%d" % rng.randint(keys + 1, 100 * keys), False))
            else:
                workload.append(("user:%d" % rng.randint(1, keys), True))
        added = []
        start = time.perf_counter()
        for i, (key, expected) in enumerate(workload):
            if i == lookups // 2:
                # writers add keys half-way; the guard sees them at its next check
                for j in range(1, 101):
                    new_key = "user:new-%d" % j
                    store.put(new_key, "profile new %d" % j)
                    added.append(new_key)
            value = store.get(key)
            if value is None:
                absent += 1
                wrong += expected               # a false negative: must never happen
            else:
                present += 1
        guarded_seconds = time.perf_counter() - start
        # the workload's figures, before the new keys' lookups below add their own queries
        table_queries, false_positives, filtered_out = store.table_queries, store.false_positives, store.filtered_out
        filter_queries, refreshes = store.filter_queries, store.refreshes
        store.check()
        missing_new = sum(1 for key in added if store.get(key) is None)

        start = time.perf_counter()
        sample = workload[:20_000]
        for key, _expected in sample:
            unguarded_get(conn, key)
        unguarded_rate = len(sample) / (time.perf_counter() - start)

        guarded_queries = table_queries + filter_queries
        print("keys: %d, lookups: %d (90%% absent), filter: %d bytes, k %d"
              % (keys, lookups, len(store.filter.to_bytes()), store.filter.k))
        print("found: %d, absent: %d, false negatives: %d, new keys missed after refresh: %d"
              % (present, absent, wrong, missing_new))
        print("table queries: %d (of which false positives: %d); answered by the filter alone: %d; "
              "filter checks and refreshes: %d (%d refreshes)"
              % (table_queries, false_positives, filtered_out, filter_queries, refreshes))
        print("database queries avoided: %d of %d lookups (%.1f%%)"
              % (lookups - guarded_queries, lookups, 100.0 * (lookups - guarded_queries) / lookups))
        print("lookups per second: %.0f with the guard, %.0f querying every key"
              % (lookups / guarded_seconds, unguarded_rate))
        conn.execute("DROP TABLE kv, kv_filter")
    return 0 if wrong == 0 and missing_new == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

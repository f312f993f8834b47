-- test/citus/bench.sql: bloom joins on a Citus cluster, run by
-- test/citus/run --bench on the coordinator (psql variable runs).
-- big: 5M rows distributed by id, with a join key k that is not the
-- distribution column (a permutation of 0 .. 5M-1); small: 50k rows
-- distributed by id whose k match 1% of big; small_local_10k and
-- small_local_1m: local tables of big's ids.
\set ON_ERROR_STOP 1
\pset footer off
SET citus.enable_repartition_joins = on;
CREATE TABLE big (id int8, k int8, payload text);
SELECT create_distributed_table('big', 'id', shard_count => 8) \gset
INSERT INTO big SELECT g, (g::int8 * 7919) % 5000000, md5(g::text) FROM generate_series(1, 5000000) g;
CREATE TABLE small (id int8, k int8);
SELECT create_distributed_table('small', 'id', shard_count => 8) \gset
INSERT INTO small SELECT g, (g::int8 * 100 * 7919) % 5000000 FROM generate_series(1, 50000) g;
CREATE TABLE small_local_10k AS SELECT g * 500 AS id FROM generate_series(1, 10000) g;
CREATE TABLE small_local_1m AS SELECT g * 5 AS id FROM generate_series(1, 1000000) g;
ANALYZE big; ANALYZE small; ANALYZE small_local_10k; ANALYZE small_local_1m;

CREATE TABLE pairs (name text, plain text, bloom text);
INSERT INTO pairs VALUES
  ('1: local 10k keys against big (5M), count of matches',
   'SELECT count(*) FROM big WHERE id IN (SELECT id FROM small_local_10k)',
   'SELECT count(*) FROM (SELECT id FROM big WHERE (SELECT bloom_agg(id, 0.001) FROM small_local_10k) @> big.id OFFSET 0) b '
   'WHERE b.id IN (SELECT id FROM small_local_10k)'),
  ('2: local 1M keys against big (5M), count of matches',
   'SELECT count(*) FROM big WHERE id IN (SELECT id FROM small_local_1m)',
   'SELECT count(*) FROM (SELECT id FROM big WHERE (SELECT bloom_agg(id, 0.001) FROM small_local_1m) @> big.id OFFSET 0) b '
   'WHERE b.id IN (SELECT id FROM small_local_1m)'),
  ('3: big (5M) join small (50k) on k, not the distribution column',
   'SELECT count(*), max(b.payload) FROM big b JOIN small s ON b.k = s.k',
   'SELECT count(*), max(b.payload) FROM (SELECT * FROM big WHERE (SELECT bloom_agg(k, 0.01) FROM small) @> k) b '
   'JOIN small s ON b.k = s.k');

-- both sides of every pair give the same answer
CREATE FUNCTION answer(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  result text;
BEGIN
  EXECUTE 'SELECT row(q.*)::text FROM (' || query || ') q' INTO result;
  RETURN result;
END $$;
SELECT name, answer(plain) AS answer, answer(plain) = answer(bloom) AS same_answer FROM pairs ORDER BY name;

\echo == plans of pair 1 (EXPLAIN ANALYZE: the intermediate results are what is sent to the workers)
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM big WHERE id IN (SELECT id FROM small_local_10k);
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
SELECT count(*) FROM (SELECT id FROM big WHERE (SELECT bloom_agg(id, 0.001) FROM small_local_10k) @> big.id OFFSET 0) b
WHERE b.id IN (SELECT id FROM small_local_10k);
\echo == plans of pair 2
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM big WHERE id IN (SELECT id FROM small_local_1m);
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
SELECT count(*) FROM (SELECT id FROM big WHERE (SELECT bloom_agg(id, 0.001) FROM small_local_1m) @> big.id OFFSET 0) b
WHERE b.id IN (SELECT id FROM small_local_1m);
\echo == plans of pair 3 (EXPLAIN ANALYZE of a plan with worker_partial_agg fails inside Citus 13.0.5: "pseudo-type cstring")
EXPLAIN (COSTS OFF) SELECT count(*), max(b.payload) FROM big b JOIN small s ON b.k = s.k;
EXPLAIN (COSTS OFF) SELECT count(*), max(b.payload) FROM (SELECT * FROM big WHERE (SELECT bloom_agg(k, 0.01) FROM small) @> k) b
JOIN small s ON b.k = s.k;

\echo == pair 3: rows of big that leave their shards (the repartition join: all; the bloom join: those that pass the filter)
SELECT count(*) AS big_rows,
       count(*) FILTER (WHERE f @> k) AS passing_filter,
       round(100 * (1 - count(*) FILTER (WHERE f @> k)::numeric / count(*)), 2) AS drop_percent
FROM big, (SELECT bloom_agg(k, 0.01) AS f FROM small) s;

\echo == the sizes of the filters, and the rows of big that pass them (what pairs 1 and 2 get back; what pair 3 moves)
SELECT (SELECT (bloom_info(bloom_agg(k, 0.01), false)).bytes FROM small) AS pair3_filter_bytes,
       (SELECT (bloom_info(bloom_agg(id, 0.001), false)).bytes FROM small_local_10k) AS pair1_filter_bytes,
       (SELECT (bloom_info(bloom_agg(id, 0.001), false)).bytes FROM small_local_1m) AS pair2_filter_bytes,
       (SELECT count(*) FROM big WHERE (SELECT bloom_agg(id, 0.001) FROM small_local_10k) @> big.id) AS pair1_rows_back,
       (SELECT count(*) FROM big WHERE (SELECT bloom_agg(id, 0.001) FROM small_local_1m) @> big.id) AS pair2_rows_back;
\echo == bloom_agg pushed down
EXPLAIN (VERBOSE, COSTS OFF) SELECT bloom_agg(id) FROM big;

CREATE TABLE timings (name text, side text, run int, ms float8);
CREATE FUNCTION time_query(name text, side text, run int, query text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  started timestamptz := clock_timestamp();
BEGIN
  EXECUTE query;
  INSERT INTO timings VALUES (name, side, run, extract(epoch FROM clock_timestamp() - started) * 1000);
END $$;
\o /dev/null
SELECT format('SELECT time_query(%L, %L, %s, %L)', p.name, side.side, r, CASE side.side WHEN 'plain' THEN p.plain ELSE p.bloom END)
FROM generate_series(1, :runs) r, pairs p, (VALUES ('plain'), ('bloom')) side(side)
ORDER BY r, p.name, side.side \gexec
\o

\echo == medians over the interleaved runs (ms)
SELECT name, round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) FILTER (WHERE side = 'plain')::numeric, 1) AS plain_ms,
       round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) FILTER (WHERE side = 'bloom')::numeric, 1) AS bloom_ms,
       round((percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) FILTER (WHERE side = 'plain') /
              percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) FILTER (WHERE side = 'bloom'))::numeric, 2) AS speedup
FROM timings GROUP BY name ORDER BY name;

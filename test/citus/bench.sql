-- test/citus/bench.sql: bloom joins on a Citus cluster, run by
-- test/citus/run --bench on the coordinator (psql variable runs).
-- big: 5M rows distributed by id, with a join key k that is not the
-- distribution column; small: 50k rows distributed by id whose k match 1% of
-- big; small_local_10k and small_local_1m: local tables of big's ids.
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

CREATE TABLE timings (name text, side text, run int, ms float8);
CREATE FUNCTION time_query(name text, side text, run int, query text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  started timestamptz := clock_timestamp();
BEGIN
  EXECUTE query;
  INSERT INTO timings VALUES (name, side, run, extract(epoch FROM clock_timestamp() - started) * 1000);
END $$;
CREATE TABLE pairs (name text, plain text, bloom text);
INSERT INTO pairs VALUES
  ('local 10k keys against big',
   'SELECT count(*) FROM big WHERE id IN (SELECT id FROM small_local_10k)',
   'SELECT count(*) FROM big WHERE (SELECT bloom_agg(id, 0.001) FROM small_local_10k) @> big.id'),
  ('local 1M keys against big',
   'SELECT count(*) FROM big WHERE id IN (SELECT id FROM small_local_1m)',
   'SELECT count(*) FROM big WHERE (SELECT bloom_agg(id, 0.001) FROM small_local_1m) @> big.id'),
  ('repartition join big.k = small.k',
   'SELECT count(*), max(b.payload) FROM big b JOIN small s ON b.k = s.k',
   'SELECT count(*), max(b.payload) FROM big b JOIN small s ON b.k = s.k WHERE (SELECT bloom_agg(k, 0.01) FROM small) @> b.k');

-- same answers (the bloom form keeps false positives only before the exact join)
SELECT name, (SELECT count(*) FROM big WHERE id IN (SELECT id FROM small_local_10k)) AS plain_10k,
       (SELECT count(*) FROM big WHERE (SELECT bloom_agg(id, 0.001) FROM small_local_10k) @> big.id) AS bloom_10k
FROM (SELECT 'answers' AS name) s;
SELECT (SELECT count(*) FROM big b JOIN small s ON b.k = s.k) AS plain_join_rows,
       (SELECT count(*) FROM big b JOIN small s ON b.k = s.k WHERE (SELECT bloom_agg(k, 0.01) FROM small) @> b.k) AS bloom_join_rows;

\echo == plans
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM big WHERE (SELECT bloom_agg(id, 0.001) FROM small_local_10k) @> big.id;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM big WHERE id IN (SELECT id FROM small_local_10k);
EXPLAIN (COSTS OFF) SELECT count(*), max(b.payload) FROM big b JOIN small s ON b.k = s.k WHERE (SELECT bloom_agg(k, 0.01) FROM small) @> b.k;

\echo == rows of big that enter the repartition: all of them, or those that pass the filter
SELECT count(*) AS big_rows,
       count(*) FILTER (WHERE f @> k) AS passing_filter,
       round(100 * (1 - count(*) FILTER (WHERE f @> k)::numeric / count(*)), 2) AS drop_percent
FROM big, (SELECT bloom_agg(k, 0.01) AS f FROM small) s;

SELECT format('SELECT time_query(%L, %L, %s, %L)', p.name, side.side, r, CASE side.side WHEN 'plain' THEN p.plain ELSE p.bloom END)
FROM generate_series(1, :runs) r, pairs p, (VALUES ('plain'), ('bloom')) side(side)
ORDER BY r, p.name, side.side \gexec

\echo == medians over the interleaved runs (ms)
SELECT name, round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) FILTER (WHERE side = 'plain')::numeric, 1) AS plain_ms,
       round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) FILTER (WHERE side = 'bloom')::numeric, 1) AS bloom_ms,
       round((percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) FILTER (WHERE side = 'plain') /
              percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) FILTER (WHERE side = 'bloom'))::numeric, 2) AS speedup
FROM timings GROUP BY name ORDER BY name;

-- test/bench/bench.sql: run by test/bench/run (psql variables rows, runs, mem_gbps).
\set ON_ERROR_STOP 1
\pset footer off
CREATE EXTENSION bloomfilter;
SET max_parallel_workers_per_gather = 0;
SELECT set_config('bench.runs', :'runs', false) AS runs \gset

CREATE TABLE big AS
  SELECT (random() * 9e18)::int8 AS x, md5(g::text) AS s FROM generate_series(1, :rows) g;
VACUUM ANALYZE big;
-- into shared buffers, so scans compare CPU work, not reads from the kernel's cache
CREATE EXTENSION pg_prewarm;
SELECT pg_prewarm('big') > 0 AS prewarmed \gset
CREATE TABLE small AS SELECT x FROM big LIMIT 100000;        -- 100k of the values
ANALYZE small;
CREATE TABLE sf AS SELECT bloom_agg(x) AS f FROM small;       -- their filter (120 KB)
CREATE TABLE sf_big AS SELECT bloom_agg(x) AS f FROM big;     -- a filter of every row (out of cache)
-- 1,000 distinct filters of 100k elements: one built, then one more value added to each copy
CREATE TABLE many AS
  SELECT i, bloom_add(f, -i) AS f FROM (SELECT bloom_agg(x, 100000, 0.01) AS f FROM small) b, generate_series(1, 1000) i;
SELECT pg_size_pretty(pg_total_relation_size('big')) AS big, (SELECT (bloom_info(f)).bytes FROM sf) AS sf_bytes,
       (SELECT (bloom_info(f)).bytes FROM sf_big) AS sf_big_bytes,
       (SELECT sum((bloom_info(f)).bytes) FROM many) AS many_bytes;

-- milliseconds of one statement, with `workers` parallel workers allowed
CREATE FUNCTION pg_temp.ms(query text, workers int DEFAULT 0) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE
  started timestamptz;
  elapsed float8;
BEGIN
  -- with workers, a parallel plan is forced (no cost may talk the planner out of it)
  PERFORM set_config('max_parallel_workers_per_gather', workers::text, false);
  PERFORM set_config('parallel_setup_cost', CASE WHEN workers > 0 THEN '0' ELSE '1000' END, false);
  PERFORM set_config('parallel_tuple_cost', CASE WHEN workers > 0 THEN '0' ELSE '0.1' END, false);
  PERFORM set_config('min_parallel_table_scan_size', CASE WHEN workers > 0 THEN '0' ELSE '8MB' END, false);
  started := clock_timestamp();
  EXECUTE query;
  elapsed := extract(epoch FROM clock_timestamp() - started) * 1000;
  PERFORM set_config('max_parallel_workers_per_gather', '0', false);
  RETURN elapsed;
END $$;

CREATE TEMP TABLE pairs (id int, name text, a text, a_workers int, b text, b_workers int, goal float8);
INSERT INTO pairs VALUES
  (1, 'bloom_agg(x) / count(x)',
      'SELECT bloom_agg(x) IS NOT NULL FROM big', 0, 'SELECT count(x) FROM big', 0, 1.20),
  (2, 'bloom_agg(s) / count(s)',
      'SELECT bloom_agg(s) IS NOT NULL FROM big', 0, 'SELECT count(s) FROM big', 0, 1.25),
  (3, 'probe 100k filter / x = 42 scan',
      'SELECT count(*) FROM big WHERE (SELECT f FROM sf) @> x', 0, 'SELECT count(*) FROM big WHERE x = 42', 0, 1.20),
  (4, 'probe 100k filter / hash semi join',
      'SELECT count(*) FROM big WHERE (SELECT f FROM sf) @> x', 0,
      'SELECT count(*) FROM big WHERE x IN (SELECT x FROM small)', 0, 0.50),
  (5, 'probe all-rows filter / x = 42 scan',
      'SELECT count(*) FROM big WHERE (SELECT f FROM sf_big) @> x', 0, 'SELECT count(*) FROM big WHERE x = 42', 0, NULL),
  (6, 'bloom_agg(x) 2 workers / serial',
      'SELECT bloom_agg(x) IS NOT NULL FROM big', 2, 'SELECT bloom_agg(x) IS NOT NULL FROM big', 0, 0.60),
  (7, 'bloom_union_agg of 1,000 filters',
      'SELECT bloom_union_agg(f) IS NOT NULL FROM many', 0, 'SELECT count(*) FROM many', 0, NULL),
  -- what reading the same values out of TOAST costs alone (detoast and one copy)
  (8, 'bloom_union_agg / reading them (send)',
      'SELECT bloom_union_agg(f) IS NOT NULL FROM many', 0,
      'SELECT sum(octet_length(bloomfilter_send(f))) FROM many', 0, NULL),
  -- n given: no hash list, every row goes straight into the filter
  (9, 'bloom_agg(x, 10M, 0.01) / count(x)',
      'SELECT bloom_agg(x, 10000000, 0.01) IS NOT NULL FROM big', 0, 'SELECT count(x) FROM big', 0, NULL);

CREATE TEMP TABLE timings (id int, side text, run int, ms float8);
-- interleaved: every run does a then b for each pair, so drift hits both sides alike
DO $$
DECLARE
  run int;
  pair record;
BEGIN
  FOR run IN 1 .. current_setting('bench.runs')::int LOOP
    FOR pair IN SELECT * FROM pairs ORDER BY id LOOP
      INSERT INTO timings VALUES (pair.id, 'a', run, pg_temp.ms(pair.a, pair.a_workers));
      INSERT INTO timings VALUES (pair.id, 'b', run, pg_temp.ms(pair.b, pair.b_workers));
    END LOOP;
  END LOOP;
END $$;

\echo
\echo '== medians over' :runs 'interleaved runs (ms)'
SELECT p.id, p.name,
       round(a.ms::numeric, 1) AS a_ms, round(b.ms::numeric, 1) AS b_ms,
       round((a.ms / b.ms)::numeric, 2) AS ratio, p.goal,
       CASE WHEN p.goal IS NULL THEN '' WHEN a.ms / b.ms <= p.goal THEN 'met' ELSE 'missed' END AS verdict
FROM pairs p
JOIN (SELECT id, percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS ms FROM timings WHERE side = 'a' GROUP BY id) a USING (id)
JOIN (SELECT id, percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS ms FROM timings WHERE side = 'b' GROUP BY id) b USING (id)
ORDER BY p.id;

\echo '== per probe into the all-rows filter, over the x = 42 scan (ns per row)'
SELECT round(((a.ms - b.ms) * 1e6 / :rows)::numeric, 1) AS ns_per_probe
FROM (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS ms FROM timings WHERE id = 5 AND side = 'a') a,
     (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS ms FROM timings WHERE id = 5 AND side = 'b') b;

\echo '== bloom_union_agg: bytes read against memory bandwidth'
SELECT round(a.ms::numeric, 1) AS union_ms, round((bytes / 1e6)::numeric, 1) AS mb_read,
       round((bytes / 1e9 / :mem_gbps * 1000)::numeric, 1) AS ms_at_bandwidth,
       round((a.ms / (bytes / 1e9 / :mem_gbps * 1000))::numeric, 2) AS times_bandwidth_bound,
       CASE WHEN a.ms <= 2 * (bytes / 1e9 / :mem_gbps * 1000) THEN 'met' ELSE 'missed' END AS within_2x
FROM (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS ms FROM timings WHERE id = 7 AND side = 'a') a,
     (SELECT sum((bloom_info(f)).bytes)::float8 AS bytes FROM many) m;

\echo '== planner estimates of probes (serial plans; the estimate must be within 3x of the actual rows)'
ANALYZE sf;
SELECT f AS small_filter FROM sf \gset
CREATE FUNCTION pg_temp.rows_of(query text, OUT estimated float8, OUT actual float8) LANGUAGE plpgsql AS $$
DECLARE
  plan json;
BEGIN
  EXECUTE 'EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ' || query INTO plan;
  estimated := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::float8;
  actual := (plan -> 0 -> 'Plan' ->> 'Actual Rows')::float8;
END $$;
PREPARE custom_plan(bloomfilter) AS SELECT x FROM big WHERE $1 @> x;
SET plan_cache_mode = force_custom_plan;
SELECT name, round(r.estimated) AS estimated, r.actual, round((r.estimated / r.actual)::numeric, 2) AS ratio,
       CASE WHEN r.estimated BETWEEN r.actual / 3 AND r.actual * 3 THEN 'met' ELSE 'missed' END AS within_3x
FROM (VALUES
  ('stored filter: (SELECT f FROM sf) @> x', 'SELECT x FROM big WHERE (SELECT f FROM sf) @> x'),
  ('aggregated: (SELECT bloom_agg(x) FROM small) @> x', 'SELECT x FROM big WHERE (SELECT bloom_agg(x) FROM small) @> x'),
  ('constant filter (custom plan of $1 @> x)', format('EXECUTE custom_plan(%L)', :'small_filter')),
  ('join: sf.f @> big.x', 'SELECT x FROM sf, big WHERE sf.f @> big.x'),
  ('no match: (SELECT f FROM sf) @> -x', 'SELECT x FROM big WHERE (SELECT f FROM sf) @> -x')
) q(name, query), LATERAL pg_temp.rows_of(q.query) r;
RESET plan_cache_mode;

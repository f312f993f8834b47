-- test/bench/bench.sql: run once by test/bench/run (psql variables rows,
-- groupby_rows): the tables, the pairs of queries, and the functions that time
-- them.  Everything the reports need lives in schema bench, in ordinary
-- tables, so that it outlives the restart between configurations A and B.
\set ON_ERROR_STOP 1
\pset footer off
CREATE EXTENSION bloomfilter;
CREATE EXTENSION hll;
CREATE EXTENSION pg_prewarm;
SET max_parallel_workers_per_gather = 0;

CREATE TABLE big AS
  SELECT (random() * 9e18)::int8 AS x, md5(g::text) AS s FROM generate_series(1, :rows) g;
VACUUM ANALYZE big;
CREATE TABLE small AS SELECT x FROM big LIMIT 100000;        -- 100k of the values
ANALYZE small;
CREATE TABLE mid AS SELECT x FROM big LIMIT 1000000;        -- 1M of the values
ANALYZE mid;
CREATE TABLE sf AS SELECT bloom_agg(x) AS f FROM small;       -- their filter (120 KB)
CREATE TABLE sf_big AS SELECT bloom_agg(x) AS f FROM big;     -- a filter of every row (out of cache)
-- 1,000 distinct filters of 100k elements: one built, then one more value added to each copy
CREATE TABLE many AS
  SELECT i, bloom_add(f, -i) AS f FROM (SELECT bloom_agg(x, 100000, 0.01) AS f FROM small) b, generate_series(1, 1000) i;
VACUUM ANALYZE sf, sf_big, many;

-- GROUP BY: groupby_rows rows (2M) with k = row % groups, for groups of 100,
-- 10 and 1 rows (20k, 200k and 2M groups of 2M rows)
SELECT :groupby_rows > 0 AS groupby \gset
\if :groupby
SELECT format('CREATE TABLE %I AS SELECT (g %% %s)::int AS k, (random() * 9e18)::int8 AS x FROM generate_series(1, %s) g',
              'g_' || groups, groups, :groupby_rows)
FROM (VALUES (:groupby_rows / 100), (:groupby_rows / 10), (:groupby_rows)) v(groups) \gexec
SELECT format('VACUUM ANALYZE %I', relname) FROM pg_class WHERE relname ~ '^g_[0-9]+$' AND relkind = 'r' \gexec
\endif

SELECT pg_size_pretty(pg_total_relation_size('big')) AS big, (SELECT (bloom_info(f)).bytes FROM sf) AS sf_bytes,
       (SELECT (bloom_info(f)).bytes FROM sf_big) AS sf_big_bytes,
       (SELECT sum((bloom_info(f)).bytes) FROM many) AS many_bytes,
       (SELECT pg_size_pretty(sum(pg_total_relation_size(oid))) FROM pg_class WHERE relname ~ '^g_[0-9]+$' AND relkind = 'r') AS groupby_tables;

CREATE SCHEMA bench;

-- A pair: a ÷ b, timed side by side.  plan: 'serial'; 'default' (every
-- parallel setting at its server default: the plan the planner picks, today
-- 2 workers at 10M rows); 'workers=N' (a parallel plan forced, no cost may
-- talk the planner out of it).  work_mem: for this pair only (NULL: the
-- session's).  agg: the row of the "aggregates ÷ count" tables it feeds.
CREATE TABLE bench.pairs (
  id int PRIMARY KEY, name text, a_label text, a text, a_plan text, b_label text, b text, b_plan text,
  goal float8, agg text, work_mem text, groups int);
INSERT INTO bench.pairs (id, name, a_label, a, a_plan, b_label, b, b_plan, goal, agg) VALUES
  (1, 'bloom_agg(x) / count(x)',
      'bloom_agg(x)', 'SELECT bloom_agg(x) IS NOT NULL FROM big', 'serial',
      'count(x)', 'SELECT count(x) FROM big', 'serial', 1.20, 'bloom_agg(x)'),
  (2, 'bloom_agg(s) / count(s)',
      'bloom_agg(s)', 'SELECT bloom_agg(s) IS NOT NULL FROM big', 'serial',
      'count(s)', 'SELECT count(s) FROM big', 'serial', 1.25, 'bloom_agg(s)'),
  (3, 'probe 100k filter / x = 42 scan',
      'probe 100k filter', 'SELECT count(*) FROM big WHERE (SELECT f FROM sf) @> x', 'serial',
      'x = 42 scan', 'SELECT count(*) FROM big WHERE x = 42', 'serial', 1.20, NULL),
  (4, 'probe 100k filter / hash semi join',
      'probe 100k filter', 'SELECT count(*) FROM big WHERE (SELECT f FROM sf) @> x', 'serial',
      'hash semi join', 'SELECT count(*) FROM big WHERE x IN (SELECT x FROM small)', 'serial', 0.50, NULL),
  (5, 'probe all-rows filter / x = 42 scan',
      'probe all-rows filter', 'SELECT count(*) FROM big WHERE (SELECT f FROM sf_big) @> x', 'serial',
      'x = 42 scan', 'SELECT count(*) FROM big WHERE x = 42', 'serial', NULL, NULL),
  (6, 'bloom_agg(x) 2 workers / serial',
      'bloom_agg(x)', 'SELECT bloom_agg(x) IS NOT NULL FROM big', 'workers=2',
      'bloom_agg(x)', 'SELECT bloom_agg(x) IS NOT NULL FROM big', 'serial', 0.60, NULL),
  (7, 'bloom_union_agg of 1,000 filters',
      'bloom_union_agg(f)', 'SELECT bloom_union_agg(f) IS NOT NULL FROM many', 'serial',
      'count(*)', 'SELECT count(*) FROM many', 'serial', NULL, NULL),
  -- what reading the same values out of TOAST costs alone (detoast and one copy)
  (8, 'bloom_union_agg / reading them (send)',
      'bloom_union_agg(f)', 'SELECT bloom_union_agg(f) IS NOT NULL FROM many', 'serial',
      'bloomfilter_send(f)', 'SELECT sum(octet_length(bloomfilter_send(f))) FROM many', 'serial', NULL, NULL),
  -- n given: no hash list, every row goes straight into the filter
  (9, 'bloom_agg(x, 10M, 0.01) / count(x)',
      'bloom_agg(x, 10M, 0.01)', 'SELECT bloom_agg(x, 10000000, 0.01) IS NOT NULL FROM big', 'serial',
      'count(x)', 'SELECT count(x) FROM big', 'serial', NULL, 'bloom_agg(x, 10000000, 0.01)'),
  -- the same aggregation by postgresql-hll, for comparison
  (10, 'hll_add_agg(hll_hash_bigint(x)) / count(x)',
      'hll_add_agg(x)', 'SELECT hll_add_agg(hll_hash_bigint(x)) IS NOT NULL FROM big', 'serial',
      'count(x)', 'SELECT count(x) FROM big', 'serial', NULL, 'hll_add_agg(hll_hash_bigint(x))'),
  (11, 'hll_add_agg(hll_hash_text(s)) / count(s)',
      'hll_add_agg(s)', 'SELECT hll_add_agg(hll_hash_text(s)) IS NOT NULL FROM big', 'serial',
      'count(s)', 'SELECT count(s) FROM big', 'serial', NULL, 'hll_add_agg(hll_hash_text(s))');
-- the README's join: orders (big) joined to a selective dimension, with the
-- filter of the dimension's keys built in the query and tested in the scan
-- of big, against the same join unfiltered; default plans.  12: 100k keys,
-- the hash table in memory (the session's work_mem); 13: 1M keys at the
-- server's default work_mem, where the hash join splits into batches and
-- every row of big that reaches it is written to a temporary file.
INSERT INTO bench.pairs (id, name, a_label, a, a_plan, b_label, b, b_plan, goal, work_mem) VALUES
  (12, 'join prefiltered / plain join, 100k keys, in memory',
      'prefiltered join', 'SELECT count(*), sum(length(o.s)) FROM big o JOIN small v USING (x) WHERE (SELECT bloom_agg(x) FROM small) @> o.x', 'default',
      'plain join', 'SELECT count(*), sum(length(o.s)) FROM big o JOIN small v USING (x)', 'default', NULL, NULL),
  (13, 'join prefiltered / plain join, 1M keys, work_mem 4MB',
      'prefiltered join', 'SELECT count(*), sum(length(o.s)) FROM big o JOIN mid v USING (x) WHERE (SELECT bloom_agg(x) FROM mid) @> o.x', 'default',
      'plain join', 'SELECT count(*), sum(length(o.s)) FROM big o JOIN mid v USING (x)', 'default', NULL, '4MB');
-- the hash list of bloom_agg(x) in the memory the backend kept from its last
-- aggregate, against fresh memory (bloomfilter.agg_keep_list_memory = off)
INSERT INTO bench.pairs (id, name, a_label, a, a_plan, b_label, b, b_plan) VALUES
  (14, 'bloom_agg(x): list in kept memory / in fresh memory',
      'bloom_agg(x), kept', 'SELECT bloom_agg(x) IS NOT NULL FROM big', 'serial',
      'bloom_agg(x), fresh', 'SELECT bloom_agg(x) IS NOT NULL FROM big', 'serial, fresh list memory');
-- Pair 14's fresh side gives the backend's kept list memory back to the
-- kernel.  test/bench/run calls this, untimed, after it: one parallel and
-- one serial bloom_agg(x) map the two list buffers again (a leader's share
-- and a whole list), so that every side after it finds the backend as any
-- backend that has run bloom_agg before (the cost of a first aggregate is
-- pair 14's own measure).
CREATE FUNCTION bench.refill_kept_memory() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bench.apply_plan('workers=2', NULL);
  PERFORM bloom_agg(x) IS NOT NULL FROM big;
  PERFORM bench.apply_plan('serial', NULL);
  PERFORM bloom_agg(x) IS NOT NULL FROM big;
END $$;
-- the aggregate pairs again, each side in the plan the planner picks
INSERT INTO bench.pairs (id, name, a_label, a, a_plan, b_label, b, b_plan, goal, agg)
SELECT id + 20, name || ', default plans', a_label, a, 'default', b_label, b, 'default', NULL, agg
FROM bench.pairs WHERE agg IS NOT NULL;

-- GROUP BY k, consumed so that the aggregate cannot be dropped, at the
-- default work_mem (4MB) and at 1GB, in the plan the planner picks:
-- 101-103 and 111-113 for 20k, 200k and 2M groups
\if :groupby
INSERT INTO bench.pairs (id, name, a_label, a, a_plan, b_label, b, b_plan, goal, work_mem, groups)
SELECT 100 + 10 * w.i + g.i,
       format('GROUP BY k, %s groups, work_mem %s', to_char(g.groups, 'FM9,999,999,999'), w.work_mem),
       'GROUP BY bloom_agg(x)',
       format('SELECT count(*) FROM (SELECT k, bloom_agg(x) AS f FROM %I GROUP BY k) s WHERE f IS NOT NULL', 'g_' || g.groups),
       'default', 'GROUP BY count(x)',
       format('SELECT count(*) FROM (SELECT k, count(x) AS f FROM %I GROUP BY k) s WHERE f IS NOT NULL', 'g_' || g.groups),
       'default', 2.0, w.work_mem, g.groups
FROM (VALUES (0, '4MB'), (1, '1GB')) w(i, work_mem),
     (VALUES (1, :groupby_rows / 100), (2, :groupby_rows / 10), (3, :groupby_rows)) g(i, groups);
\endif

-- status: 'ok'; 'timeout' (statement_timeout); 'cancelled' (procmon's
-- memory limit); 'repeat' (not run again: it failed in an earlier run);
-- 'skipped' (not run: the same GROUP BY side, in the same plan, timed out at
-- fewer groups, so it would take longer still)
CREATE TABLE bench.timings (config text, id int, side text, run int, ms float8, status text, limit_s int);
-- test/bench/procmon.c's line per query (memory in kB)
CREATE TABLE bench.procstats (
  config text, id int, side text, run int, backend int, rss_start_kb bigint, rss_peak_kb bigint,
  rss_end_kb bigint, minflt bigint, workers int, workers_minflt bigint, workers_minflt_sampled bigint,
  worker_peaks_kb bigint[], system_pgfault bigint, notes text);
CREATE TABLE bench.plans (config text, id int, side text, plan text, workers_planned int);

CREATE VIEW bench.pair_sides AS
  SELECT id, 'a' AS side, a_label AS label, a AS query, a_plan AS plan, work_mem FROM bench.pairs
  UNION ALL
  SELECT id, 'b', b_label, b, b_plan, work_mem FROM bench.pairs;

-- The settings of a plan: 'serial' is the server's defaults with no workers.
CREATE FUNCTION bench.apply_plan(plan text, work_mem text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  setting record;
BEGIN
  FOR setting IN SELECT name, reset_val FROM pg_settings
                 WHERE name ~ 'parallel' AND context IN ('user', 'superuser') LOOP
    PERFORM set_config(setting.name, setting.reset_val, false);
  END LOOP;
  PERFORM set_config('bloomfilter.agg_keep_list_memory', (plan <> 'serial, fresh list memory')::text, false);
  IF plan IN ('serial', 'serial, fresh list memory') THEN
    PERFORM set_config('max_parallel_workers_per_gather', '0', false);
  ELSIF plan ~ '^workers=' THEN
    PERFORM set_config('max_parallel_workers_per_gather', substr(plan, 9), false);
    PERFORM set_config('parallel_setup_cost', '0', false);
    PERFORM set_config('parallel_tuple_cost', '0', false);
    PERFORM set_config('min_parallel_table_scan_size', '0', false);
  ELSIF plan <> 'default' THEN
    RAISE EXCEPTION 'unknown plan %', plan;
  END IF;
  PERFORM set_config('work_mem', coalesce(work_mem, (SELECT reset_val || coalesce(unit, '') FROM pg_settings WHERE name = 'work_mem')), false);
END $$;

-- A plan as the chain of nodes from the top down (outer children only):
-- "Finalize Aggregate > Gather (2 workers) > Partial Aggregate > Parallel Seq Scan"
CREATE FUNCTION bench.plan_chain(node json) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  name text := node ->> 'Node Type';
  child json;
BEGIN
  IF node IS NULL THEN
    RETURN NULL;
  END IF;
  IF name = 'Aggregate' THEN
    name := CASE node ->> 'Strategy' WHEN 'Hashed' THEN 'HashAggregate' WHEN 'Sorted' THEN 'GroupAggregate'
                                      WHEN 'Mixed' THEN 'MixedAggregate' ELSE 'Aggregate' END;
    IF node ->> 'Partial Mode' <> 'Simple' THEN
      name := (node ->> 'Partial Mode') || ' ' || name;
    END IF;
  ELSIF name IN ('Gather', 'Gather Merge') THEN
    name := format('%s (%s workers)', name, node ->> 'Workers Planned');
  ELSIF (node ->> 'Parallel Aware')::bool THEN
    name := 'Parallel ' || name;
  END IF;
  SELECT c INTO child FROM json_array_elements(node -> 'Plans') c
  WHERE c ->> 'Parent Relationship' = 'Outer' LIMIT 1;
  RETURN name || coalesce(' > ' || bench.plan_chain(child), '');
END $$;

-- EXPLAIN of every side, in its plan, once per configuration.
CREATE FUNCTION bench.explain_pairs(cfg text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s record;
  plan json;
  chain text;
BEGIN
  FOR s IN SELECT * FROM bench.pair_sides ORDER BY id, side LOOP
    PERFORM bench.apply_plan(s.plan, s.work_mem);
    EXECUTE 'EXPLAIN (FORMAT JSON) ' || s.query INTO plan;
    chain := bench.plan_chain(plan -> 0 -> 'Plan');
    INSERT INTO bench.plans
    VALUES (cfg, s.id, s.side, chain,
            coalesce((SELECT sum(m[1]::int) FROM regexp_matches(chain, '\((\d+) workers\)', 'g') m), 0));
  END LOOP;
  PERFORM bench.apply_plan('serial', NULL);
END $$;

-- Times one side of a pair and records it.  The caller sets statement_timeout;
-- a query that passes it, or that procmon cancels, is recorded as such, and
-- not run again in this configuration.
CREATE FUNCTION bench.run_side(cfg text, pair_id int, which text, run int, limit_s int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  s bench.pair_sides;
  failed text;
  started timestamptz;
  elapsed float8;
  status text := 'ok';
BEGIN
  SELECT * INTO s FROM bench.pair_sides WHERE id = pair_id AND side = which;
  SELECT 'repeat' INTO failed FROM bench.timings t
  WHERE t.config = cfg AND t.id = pair_id AND t.side = which AND t.status <> 'ok' LIMIT 1;
  IF failed IS NULL THEN
    -- a GROUP BY side that timed out at fewer groups, in the same plan, would take longer
    SELECT 'skipped' INTO failed
    FROM bench.pairs p, bench.pairs fewer, bench.timings t, bench.plans pp, bench.plans fp
    WHERE p.id = pair_id AND fewer.work_mem = p.work_mem AND fewer.groups < p.groups
      AND t.config = cfg AND t.id = fewer.id AND t.side = which AND t.status IN ('timeout', 'skipped')
      AND pp.config = cfg AND pp.id = p.id AND pp.side = which
      AND fp.config = cfg AND fp.id = fewer.id AND fp.side = which AND fp.plan = pp.plan
    LIMIT 1;
  END IF;
  IF failed IS NOT NULL THEN
    INSERT INTO bench.timings VALUES (cfg, pair_id, which, run, NULL, failed, limit_s);
    RETURN;
  END IF;
  PERFORM bench.apply_plan(s.plan, s.work_mem);
  BEGIN
    started := clock_timestamp();
    EXECUTE s.query;
    elapsed := extract(epoch FROM clock_timestamp() - started) * 1000;
  EXCEPTION WHEN query_canceled THEN
    status := CASE WHEN SQLERRM ~ 'statement timeout' THEN 'timeout' ELSE 'cancelled' END;
  END;
  PERFORM bench.apply_plan('serial', NULL);
  INSERT INTO bench.timings VALUES (cfg, pair_id, which, run, elapsed, status, limit_s);
END $$;

-- Medians of each side, and of each query in each plan over all the sides
-- that run it (count(x) serial is the b side of several pairs); failure: the
-- worst that happened to it, if anything did.
CREATE FUNCTION bench.worst(statuses text[]) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT s FROM unnest(ARRAY['cancelled', 'timeout', 'skipped']) s WHERE s = ANY (statuses) LIMIT 1
$$;
CREATE VIEW bench.side_medians AS
  SELECT t.config, t.id, t.side,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY t.ms) FILTER (WHERE t.status = 'ok') AS ms,
         bench.worst(array_agg(t.status)) AS failure, max(t.limit_s) AS limit_s
  FROM bench.timings t GROUP BY t.config, t.id, t.side;
CREATE VIEW bench.query_medians AS
  SELECT t.config, s.query, s.plan,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY t.ms) FILTER (WHERE t.status = 'ok') AS ms,
         bench.worst(array_agg(t.status)) AS failure, max(t.limit_s) AS limit_s
  FROM bench.timings t JOIN bench.pair_sides s ON s.id = t.id AND s.side = t.side
  GROUP BY t.config, s.query, s.plan;
-- procmon's lines of the queries that ran
CREATE VIEW bench.procstats_run AS
  SELECT ps.* FROM bench.procstats ps
  JOIN bench.timings t USING (config, id, side, run)
  WHERE t.status IN ('ok', 'timeout', 'cancelled');

-- "812.3", or "> 120 s (timeout)" and the like
CREATE FUNCTION bench.ms_text(ms float8, failure text, limit_s int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN failure = 'cancelled' THEN 'cancelled (memory limit)'
              WHEN failure = 'skipped' THEN format('> %s s (not run)', limit_s)
              WHEN failure IS NOT NULL THEN format('> %s s (timeout)', limit_s)
              ELSE to_char(ms, 'FM999999990.0') END
$$;
-- a ÷ b, or a bound when a side failed
CREATE FUNCTION bench.ratio_text(a float8, a_failure text, b float8, b_failure text, limit_s int) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN a_failure = 'cancelled' OR b_failure IS NOT NULL THEN '?'
              WHEN a_failure IS NOT NULL THEN '> ' || to_char(limit_s * 1000 / b, 'FM999999990.00')
              ELSE to_char(a / b, 'FM999999990.00') END
$$;

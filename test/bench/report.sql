-- test/bench/report.sql: the tables across configurations A (the tables in
-- shared buffers) and B (shared_buffers = 256MB: read through the kernel's
-- page cache), printed by test/bench/run at the end (psql variable runs).
\set ON_ERROR_STOP 1
\pset footer off

CREATE TEMP TABLE agg_goals (agg text, goal float8, rival text);
INSERT INTO agg_goals VALUES
  ('bloom_agg(x)', 1.25, 'hll_add_agg(hll_hash_bigint(x))'),
  ('bloom_agg(s)', 1.30, 'hll_add_agg(hll_hash_text(s))'),
  ('bloom_agg(x, 10000000, 0.01)', 1.25, 'hll_add_agg(hll_hash_bigint(x))'),
  ('hll_add_agg(hll_hash_bigint(x))', NULL, NULL),
  ('hll_add_agg(hll_hash_text(s))', NULL, NULL);

-- every aggregate pair: its ratio, and the rival hll's in the same configuration and plan
CREATE TEMP VIEW agg_ratios AS
  SELECT a.config, p.a_plan AS plan, p.agg, p.b_label AS base, a.ms AS agg_ms, b.ms AS base_ms,
         a.ms / b.ms AS ratio, a.failure IS NOT NULL OR b.failure IS NOT NULL AS failed
  FROM bench.pairs p
  JOIN bench.side_medians a ON a.id = p.id AND a.side = 'a'
  JOIN bench.side_medians b ON b.config = a.config AND b.id = p.id AND b.side = 'b'
  WHERE p.agg IS NOT NULL;
CREATE TEMP VIEW agg_verdicts AS
  SELECT r.*, g.goal, h.ratio AS rival_ratio,
         CASE WHEN g.goal IS NULL THEN ''
              WHEN r.failed THEN 'missed (failed)'
              WHEN r.ratio <= g.goal AND r.ratio < h.ratio THEN 'met'
              WHEN r.ratio <= g.goal THEN 'missed (hll lower)'
              WHEN r.ratio < h.ratio THEN 'missed (goal)'
              ELSE 'missed (goal, hll lower)' END AS verdict
  FROM agg_ratios r JOIN agg_goals g USING (agg)
  LEFT JOIN agg_ratios h ON h.config = r.config AND h.plan = r.plan AND h.agg = g.rival;

\echo
\echo '== aggregates ÷ count, each pair side by side, medians of' :runs 'interleaved runs'
\echo '   A: the tables in shared buffers; B: shared_buffers = 256MB, read through the page cache'
\echo '   serial, or each side in its default plan; hll: the matching hll_add_agg ÷ count in the same column, ours must be lower'
SELECT v.config AS cfg, v.plan, v.agg || ' ÷ ' || v.base AS pair,
       round(v.agg_ms::numeric, 1) AS agg_ms, round(v.base_ms::numeric, 1) AS count_ms,
       round(v.ratio::numeric, 2) AS ratio, round(v.rival_ratio::numeric, 2) AS hll,
       CASE WHEN v.goal IS NOT NULL THEN '<= ' || v.goal END AS goal, v.verdict
FROM agg_verdicts v JOIN agg_goals g USING (agg)
ORDER BY v.config, v.plan DESC, array_position(ARRAY(SELECT agg FROM agg_goals), v.agg);

\echo '== the same ratios, one row per aggregate: every goal must hold in both configurations'
SELECT g.agg,
       max(round(v.ratio::numeric, 2)) FILTER (WHERE v.config = 'A' AND v.plan = 'serial') AS a_serial,
       max(round(v.ratio::numeric, 2)) FILTER (WHERE v.config = 'A' AND v.plan = 'default') AS a_default,
       max(round(v.ratio::numeric, 2)) FILTER (WHERE v.config = 'B' AND v.plan = 'serial') AS b_serial,
       max(round(v.ratio::numeric, 2)) FILTER (WHERE v.config = 'B' AND v.plan = 'default') AS b_default,
       CASE WHEN g.goal IS NOT NULL THEN '<= ' || g.goal || ', < hll' END AS goal,
       CASE WHEN g.goal IS NULL THEN ''
            WHEN bool_and(v.verdict = 'met') THEN 'met (' || string_agg(v.config || ' ' || v.plan, ', ' ORDER BY v.config, v.plan DESC) || ')'
            ELSE 'missed: ' || string_agg(v.config || ' ' || v.plan, ', ' ORDER BY v.config, v.plan DESC) FILTER (WHERE v.verdict <> 'met')
       END AS verdict
FROM agg_goals g LEFT JOIN agg_verdicts v USING (agg)
GROUP BY g.agg, g.goal
ORDER BY array_position(ARRAY(SELECT agg FROM agg_goals), g.agg);

\echo '== the floor: the bloom work alone, by the extension''s core outside PostgreSQL (test/bench/buildfloor.c, median of 5)'
\echo '   hash' :floor_hash 'ms (md5 text:' :floor_hash_text 'ms), store' :floor_store 'ms, build' :floor_build 'ms, fixed' :floor_fixed 'ms, for' :rows 'rows'
\echo '   least ratio: (count''s time + the part no plan avoids) ÷ count''s time, in each column; a goal below it cannot hold here'
\echo '   serial: bloom_agg(x) hash + store + build, bloom_agg(s) the same with the md5 text hashing, n given: hash + fixed'
\echo '   default: the final build, which runs once, in the leader, after the scan, and the leader''s copies of the workers'' hashes'
\echo '   (bloom_agg(x), bloom_agg(s)); shipping (test/bench/shipfloor.c): every row''s hash copied once into fresh memory,'
\echo '  ' :ship_4k 'ms on 4 kB pages,' :ship_huge 'ms on huge pages; the floor takes the huge pages'' time for the 2 workers'' share, 2 / 3'
SELECT v.config AS cfg, v.plan, v.agg, round(v.base_ms::numeric, 1) AS count_ms, round(f.ms::numeric, 1) AS floor_ms,
       round(((v.base_ms + f.ms) / v.base_ms)::numeric, 2) AS least_ratio, round(v.ratio::numeric, 2) AS ratio,
       '<= ' || v.goal AS goal,
       CASE WHEN (v.base_ms + f.ms) / v.base_ms > v.goal THEN 'floor above the goal' ELSE 'floor below the goal' END AS verdict
FROM agg_verdicts v
JOIN (VALUES ('serial', 'bloom_agg(x)', :floor_hash + :floor_store + :floor_build),
             ('serial', 'bloom_agg(s)', :floor_hash_text + :floor_store + :floor_build),
             ('serial', 'bloom_agg(x, 10000000, 0.01)', :floor_hash + :floor_fixed),
             ('default', 'bloom_agg(x)', :floor_build + :ship_huge * 2 / 3),
             ('default', 'bloom_agg(s)', :floor_build + :ship_huge * 2 / 3)) f(plan, agg, ms)
  ON f.plan = v.plan AND f.agg = v.agg
WHERE NOT v.failed
ORDER BY v.config, v.plan DESC, array_position(ARRAY(SELECT agg FROM agg_goals), v.agg);

\echo '== parallel ÷ serial of each aggregate (medians of every side that runs it), against count(x)''s own'
\echo '   goal for every bloom_agg form: at most count(x)''s parallel ÷ serial × 1.1, in the same configuration'
\echo '   floor (the self-sizing forms): count''s parallel time (count(x) or count(s)) + the final build + the leader''s copies of'
\echo '   the workers'' hashes (shipfloor, huge pages, workers ÷ (workers + 1) of the rows) + the hashing and storing spread over'
\echo '  ' :cores 'cores (buildfloor); least_ratio: the floor ÷ this aggregate''s serial time'
WITH q AS (
  SELECT DISTINCT s.label, s.query FROM bench.pair_sides s JOIN bench.pairs p USING (id)
  WHERE p.agg IS NOT NULL OR p.id = 6),
r AS (
  SELECT par.config, q.label, par.plan, ser.ms AS serial_ms, par.ms AS parallel_ms, par.ms / ser.ms AS ratio,
         par.failure IS NOT NULL OR ser.failure IS NOT NULL AS failed,
         (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY ps.workers)
          FROM bench.procstats_run ps JOIN bench.pair_sides s ON s.id = ps.id AND s.side = ps.side
          WHERE ps.config = par.config AND s.query = q.query AND s.plan = par.plan) AS workers
  FROM q
  JOIN bench.query_medians par ON par.query = q.query AND par.plan NOT IN ('serial', 'serial, fresh list memory')
  JOIN bench.query_medians ser ON ser.config = par.config AND ser.query = q.query AND ser.plan = 'serial'),
c AS (SELECT config, ratio AS count_ratio FROM r WHERE label = 'count(x)' AND plan = 'default'),
-- the floor of a self-sizing form's parallel plan: what no plan of it avoids
f AS (
  SELECT r.config, r.label, r.plan,
         base.parallel_ms + :floor_build + :ship_huge * r.workers / (r.workers + 1) +
           (CASE WHEN r.label = 'bloom_agg(x)' THEN :floor_hash ELSE :floor_hash_text END + :floor_store) / :cores AS floor_ms
  FROM r JOIN r base ON base.config = r.config AND base.plan = 'default' AND NOT base.failed AND
                        base.label = CASE r.label WHEN 'bloom_agg(x)' THEN 'count(x)' ELSE 'count(s)' END
  WHERE r.label IN ('bloom_agg(x)', 'bloom_agg(s)') AND r.workers > 0)
SELECT r.config AS cfg, r.label AS aggregate, r.plan AS parallel_plan, r.workers,
       round(r.serial_ms::numeric, 1) AS serial_ms, round(r.parallel_ms::numeric, 1) AS parallel_ms,
       round(r.ratio::numeric, 2) AS ratio,
       CASE WHEN r.label ~ '^bloom_agg' THEN round((c.count_ratio * 1.1)::numeric, 2) END AS bound,
       CASE WHEN r.label !~ '^bloom_agg' THEN ''
            WHEN r.workers = 0 THEN 'no workers: n/a'
            WHEN NOT r.failed AND r.ratio <= c.count_ratio * 1.1 THEN 'met' ELSE 'missed' END AS verdict,
       round(f.floor_ms::numeric, 1) AS floor_ms, round((f.floor_ms / r.serial_ms)::numeric, 2) AS least_ratio,
       CASE WHEN f.floor_ms IS NULL THEN ''
            WHEN f.floor_ms / r.serial_ms > c.count_ratio * 1.1 THEN 'floor above the bound'
            ELSE 'floor below the bound' END AS floor_verdict
FROM r LEFT JOIN c USING (config) LEFT JOIN f USING (config, label, plan)
ORDER BY r.config, r.label ~ '^bloom_agg', r.label, r.plan;

SELECT EXISTS (SELECT FROM bench.pairs WHERE groups IS NOT NULL) AS groupby \gset
\if :groupby
\echo '== GROUP BY k: SELECT count(*) FROM (SELECT k, bloom_agg(x) AS f FROM g GROUP BY k) s WHERE f IS NOT NULL,'
\echo '   ÷ the same with count(x); each in the plan the planner picks (the aggregate nodes: bloom_agg''s plan; count''s if other)'
\echo '   goal: <= 2, and linear in the groups: the time grows no faster than the groups (x10 a row)'
\echo '   (not run: the same side timed out at fewer groups in the same plan, so it would take longer still)'
-- a failed side: its time is at least the limit (timeout, not run) or unknown (cancelled)
WITH s AS (
  SELECT a.config, p.id, p.work_mem, p.groups, a.ms AS a_ms, a.failure AS a_failure, b.ms AS b_ms,
         b.failure AS b_failure, a.limit_s,
         coalesce(a.ms, CASE WHEN a.failure IN ('timeout', 'skipped') THEN a.limit_s * 1000.0 END) AS a_least
  FROM bench.pairs p
  JOIN bench.side_medians a ON a.id = p.id AND a.side = 'a'
  JOIN bench.side_medians b ON b.config = a.config AND b.id = p.id AND b.side = 'b'
  WHERE p.groups IS NOT NULL),
g AS (
  SELECT s.*, lag(s.a_ms) OVER w AS prev_ms, lag(s.groups) OVER w AS prev_groups
  FROM s WINDOW w AS (PARTITION BY s.config, s.work_mem ORDER BY s.groups))
SELECT g.config AS cfg, g.work_mem, to_char(g.groups, 'FM9,999,999,999') AS groups,
       bench.ms_text(g.a_ms, g.a_failure, g.limit_s) AS bloom_agg_ms, bench.ms_text(g.b_ms, g.b_failure, g.limit_s) AS count_ms,
       bench.ratio_text(g.a_ms, g.a_failure, g.b_ms, g.b_failure, g.limit_s) AS ratio,
       CASE WHEN g.b_failure IS NOT NULL OR g.a_least IS NULL THEN '?'
            WHEN g.a_least / g.b_ms <= 2 THEN CASE WHEN g.a_failure IS NULL THEN 'met' ELSE '?' END
            ELSE 'missed' END AS "<= 2",
       CASE WHEN g.prev_groups IS NULL THEN ''
            WHEN g.prev_ms IS NULL OR g.a_least IS NULL THEN '?'
            ELSE CASE WHEN g.a_failure IS NOT NULL THEN '> ' ELSE '' END || to_char(g.a_least / g.prev_ms, 'FM999999990.0')
       END AS growth,
       CASE WHEN g.prev_groups IS NULL THEN ''
            WHEN g.prev_ms IS NULL OR g.a_least IS NULL THEN '?'
            WHEN g.a_least / g.prev_ms > g.groups::float8 / g.prev_groups THEN 'missed'
            WHEN g.a_failure IS NULL THEN 'met' ELSE '?' END AS linear,
       regexp_replace(pa.plan, '^Aggregate > | > (Parallel )?Seq Scan$', '', 'g')
         || CASE WHEN pb.plan <> pa.plan THEN '; count: ' || regexp_replace(pb.plan, '^Aggregate > | > (Parallel )?Seq Scan$', '', 'g') ELSE '' END AS plan
FROM g
JOIN bench.plans pa ON pa.config = g.config AND pa.id = g.id AND pa.side = 'a'
JOIN bench.plans pb ON pb.config = g.config AND pb.id = g.id AND pb.side = 'b'
ORDER BY g.config, g.work_mem DESC, g.groups;
\endif

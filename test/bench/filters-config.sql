-- test/bench/filters-config.sql: one configuration of test/bench/run_filters
-- (psql variables cfg, runs, timeout, probe_rows, n, batch): EXPLAIN of the
-- sides, the interleaved runs, and the tables of this configuration.
\set ON_ERROR_STOP 1
\pset footer off
\o /dev/null
SET client_min_messages = warning;
SELECT fb.explain_sides(:'cfg');

-- every side of a group, then the next group, run after run; within a
-- group the order turns by one side per run
SELECT set_config('statement_timeout', :'timeout' || 's', false);
SELECT format('SELECT fb.run_side(%L, %s, %s, %s)', :'cfg', s.id, r.run, :timeout)
FROM generate_series(1, :runs) r(run), fb.sides s
ORDER BY r.run, s.grp, (s.pos + r.run) % (SELECT count(*) FROM fb.sides g WHERE g.grp = s.grp), s.id
\gexec
RESET statement_timeout;
-- what the rolled-back writes left behind
VACUUM filters_bloom, filters_counting, filters_cuckoo, filters_window, filters_scalable;
\o

CREATE TEMP TABLE goals (kind text PRIMARY KEY, goal float8);
INSERT INTO goals VALUES ('counting', 1.2), ('cuckoo', 1.3), ('window', 1.3), ('windowtime', 1.3), ('scalable', 1.3);
CREATE TEMP VIEW m AS
  SELECT md.*, p.paired FROM fb.medians md LEFT JOIN fb.paired p USING (config, id) WHERE md.config = :'cfg';

\echo
\echo '== config' :cfg': 1. probes of' :probe_rows 'rows (1 in 10 a member), filters of n =' :n 'at p = 0.01, medians of' :runs 'interleaved runs'
\echo '   SELECT count(*) FROM probes WHERE (SELECT f FROM filters_<type> WHERE col = ...) @> x (or s)'
\echo '   ns/probe: over the same scan without a filter (WHERE x = -1, s = ''''); ratio: of the medians;'
\echo '   paired: the median of the runs'' own ratios (each side against the bloomfilter side run just before or after it); verdict: on paired'
\echo '   filter_n 1000: filters of the first 1,000 members, which stay in the CPU''s caches (the cost of the call and the arithmetic)'
SELECT p.plan, p.vals AS "values", p.filter_n, p.label AS filter,
       fb.ms_text(p.ms, p.failure, p.limit_s) AS ms,
       CASE WHEN p.kind <> 'base' THEN round(((p.ms - b.ms) * 1e6 / p.elements)::numeric, 1) END AS ns_per_probe,
       CASE WHEN p.kind NOT IN ('base', 'bloom') THEN round((p.ms / r.ms)::numeric, 2) END AS ratio,
       CASE WHEN p.kind NOT IN ('base', 'bloom') THEN round(p.paired::numeric, 2) END AS paired,
       CASE WHEN p.filter_n = :n THEN g.goal END AS goal,
       fb.verdict(CASE WHEN p.kind NOT IN ('base', 'bloom') AND p.filter_n = :n THEN p.paired END, g.goal) AS verdict
FROM m p
JOIN m b ON b.section = p.section AND b.plan = p.plan AND b.vals = p.vals AND b.kind = 'base'
JOIN m r ON r.grp = p.grp AND r.kind = 'bloom'
LEFT JOIN goals g ON g.kind = p.kind
WHERE p.section = 'probe'
ORDER BY p.plan DESC, p.vals, p.filter_n DESC, p.pos;

\echo '== config' :cfg': 1b. the stored filter probed by a join: SELECT count(*) FROM filters_<type> t JOIN probes p ON t.f @> p.x WHERE t.col = ...'
SELECT p.plan, p.vals AS "values", p.label AS filter, fb.ms_text(p.ms, p.failure, p.limit_s) AS ms,
       round((p.ms * 1e6 / p.elements)::numeric, 1) AS ns_per_row,
       CASE WHEN p.kind <> 'bloom' THEN round((p.ms / r.ms)::numeric, 2) END AS ratio,
       CASE WHEN p.kind <> 'bloom' THEN round(p.paired::numeric, 2) END AS paired,
       g.goal, fb.verdict(CASE WHEN p.kind <> 'bloom' THEN p.paired END, g.goal) AS verdict
FROM m p
JOIN m r ON r.grp = p.grp AND r.kind = 'bloom'
LEFT JOIN goals g ON g.kind = p.kind
WHERE p.section = 'join'
ORDER BY p.grp, p.pos;

\echo '== config' :cfg': 2a. building a filter of the' :n 'members with the aggregate (ns/row: over count)'
SELECT p.plan, p.vals AS "values", p.label AS aggregate, fb.ms_text(p.ms, p.failure, p.limit_s) AS ms,
       CASE WHEN p.kind <> 'base' THEN round(((p.ms - b.ms) * 1e6 / p.elements)::numeric, 1) END AS ns_per_row,
       CASE WHEN p.kind NOT IN ('base', 'bloom') THEN round((p.ms / r.ms)::numeric, 2) END AS ratio_to_bloom_agg,
       CASE WHEN p.kind NOT IN ('base', 'bloom') THEN round(p.paired::numeric, 2) END AS paired
FROM m p
JOIN m b ON b.grp = p.grp AND b.kind = 'base'
JOIN m r ON r.grp = p.grp AND r.kind = 'bloom'
WHERE p.section = 'agg'
ORDER BY p.grp, p.pos;

\echo '== config' :cfg': 2b. rebuilding the stored filter from its table: UPDATE filters_<type> SET f = (SELECT <agg>(x, n, 0.01) FROM members) (rolled back)'
SELECT p.label AS statement, fb.ms_text(p.ms, p.failure, p.limit_s) AS ms,
       CASE WHEN p.kind <> 'bloom' THEN round((p.ms / r.ms)::numeric, 2) END AS ratio_to_bloom,
       CASE WHEN p.kind <> 'bloom' THEN round(p.paired::numeric, 2) END AS paired
FROM m p JOIN m r ON r.grp = p.grp AND r.kind = 'bloom'
WHERE p.section = 'rebuild'
ORDER BY p.pos;

\echo '== config' :cfg': 2c. batches of x = 1..batch: adds into the filter that lacks them, removes from the full one'
\echo '   query: SELECT fn(f, batch) FROM filters_<type>; stored: UPDATE filters_<type> SET f = fn(f, batch) (rolled back)'
SELECT CASE WHEN p.rollback THEN 'stored' ELSE 'query' END AS form, p.label AS operation, p.elements AS "values",
       fb.ms_text(p.ms, p.failure, p.limit_s) AS ms, round((p.ms * 1e3 / p.elements)::numeric, 3) AS us_per_value,
       CASE WHEN p.id <> r.id AND p.elements = r.elements THEN round((p.ms / r.ms)::numeric, 2) END
         AS ratio_to_bloom_add_all,
       CASE WHEN p.id <> r.id AND p.elements = r.elements THEN round(p.paired::numeric, 2) END AS paired
FROM m p JOIN m r ON r.grp = p.grp AND r.kind = 'bloom'
WHERE p.section = 'batch'
ORDER BY p.grp, p.pos;

\echo '== config' :cfg': 2d. single adds and removes, one value each'
\echo '   stored: one UPDATE filters_<type> SET f = fn(f, v) per value (rolled back); memory: f := fn(f, v) in PL/pgSQL'
SELECT CASE WHEN p.rollback THEN 'stored' ELSE 'memory' END AS form, p.label AS operation, p.elements AS ops,
       fb.ms_text(p.ms, p.failure, p.limit_s) AS total_ms, round((p.ms * 1e3 / p.elements)::numeric, 1) AS us_per_op,
       CASE WHEN p.kind <> 'bloom' THEN round((p.ms / r.ms)::numeric, 2) END AS ratio_to_bloom_add,
       CASE WHEN p.kind <> 'bloom' THEN round(p.paired::numeric, 2) END AS paired
FROM m p JOIN m r ON r.grp = p.grp AND r.kind = 'bloom'
WHERE p.section = 'single'
ORDER BY p.grp, p.pos;

-- Break-even.  Rebuilding: the UPDATE of 2b with bloom_agg (own: with the
-- type's own aggregate).  One by one: k stored single removes (2d).  In a
-- batch: one stored remove_all of k values costs fixed + per_value * k, where
-- per_value comes from the two batches in a query (the batch and its tenth:
-- the same fixed cost, so their difference is the values' alone), and fixed
-- is what the two stored batches leave of their time beyond their values
-- (their mean: reading, copying and writing the stored value).
\echo '== config' :cfg': 4. when deleting beats rebuilding: the largest k for which removing k values costs less than one rebuild'
\echo '   rebuild: UPDATE ... SET f = (SELECT bloom_agg(x, n, 0.01) FROM members) (2b); own: with the type''s own aggregate;'
\echo '   one by one: k stored single removes (2d); batch: one stored remove_all of k values, fixed + per value * k (2c)'
WITH rebuild AS (SELECT kind, ms FROM m WHERE section = 'rebuild'),
single AS (SELECT kind, ms / elements AS ms_per_op FROM m WHERE section = 'single' AND rollback AND label LIKE '%remove'),
batch AS (
  SELECT qb.kind, (qb.ms - qt.ms) / (qb.elements - qt.elements) AS per_value, sb.ms AS stored_batch_ms, sb.elements AS batch,
         st.ms AS stored_tenth_ms, st.elements AS tenth
  FROM m qb
  JOIN m qt ON qt.kind = qb.kind AND qt.section = 'batch' AND NOT qt.rollback AND qt.label LIKE '%remove_all(tenth)'
  JOIN m sb ON sb.kind = qb.kind AND sb.section = 'batch' AND sb.rollback AND sb.label LIKE '%remove_all(batch)'
  JOIN m st ON st.kind = qb.kind AND st.section = 'batch' AND st.rollback AND st.label LIKE '%remove_all(tenth)'
  WHERE qb.section = 'batch' AND NOT qb.rollback AND qb.label LIKE '%remove_all(batch)'),
rows AS (
  SELECT t.kind, t.label, rb.ms AS rebuild_bloom_ms, ro.ms AS rebuild_own_ms, s.ms_per_op, b.per_value,
         ((b.stored_batch_ms - b.per_value * b.batch) + (b.stored_tenth_ms - b.per_value * b.tenth)) / 2 AS fixed
  FROM (VALUES ('counting', 'countingbloom'), ('cuckoo', 'cuckoofilter')) t(kind, label)
  JOIN rebuild rb ON rb.kind = 'bloom' JOIN rebuild ro ON ro.kind = t.kind
  JOIN single s ON s.kind = t.kind JOIN batch b ON b.kind = t.kind)
SELECT label AS type, round(rebuild_bloom_ms::numeric, 1) AS rebuild_ms, round(rebuild_own_ms::numeric, 1) AS own_rebuild_ms,
       round(ms_per_op::numeric, 1) AS single_ms, fb.break_even(rebuild_bloom_ms, 0, ms_per_op, :n) AS k_single,
       fb.break_even(rebuild_own_ms, 0, ms_per_op, :n) AS k_single_own,
       round(fixed::numeric, 1) AS batch_fixed_ms, round((per_value * 1e3)::numeric, 3) AS batch_us_per_value,
       fb.break_even(rebuild_bloom_ms, fixed, per_value, :n) AS k_batch,
       fb.break_even(rebuild_own_ms, fixed, per_value, :n) AS k_batch_own
FROM rows ORDER BY kind;

\echo '== config' :cfg': plans (EXPLAIN once; JIT: the plan costs more than jit_above_cost)'
SELECT s.section, s.plan, s.vals AS "values", s.filter_n, string_agg(DISTINCT s.kind, ', ') AS sides, p.plan AS nodes
FROM fb.sides s JOIN fb.plans p ON p.id = s.id AND p.config = :'cfg'
GROUP BY s.section, s.grp, s.plan, s.vals, s.filter_n, p.plan
ORDER BY s.grp, sides;

-- test/bench/filters-report.sql: the tables across configurations, printed
-- by test/bench/run_filters at the end (psql variables n, runs).
\set ON_ERROR_STOP 1
\pset footer off

\echo
\echo '== 3. bytes per element at n =' :n': pg_column_size of the stored filter (info: the type''s info function);'
\echo '   seen fpp: members found among up to 1M probes that are not members'
SELECT s.type, s.p, s.stored_bytes, s.info_bytes, round((s.stored_bytes::numeric / :n), 2) AS bytes_per_element,
       round((s.stored_bytes::numeric * 8 / :n), 1) AS bits_per_element,
       round((s.stored_bytes::numeric / b.stored_bytes), 2) AS ratio_to_bloom,
       round(s.seen_fpp::numeric, 5) AS seen_fpp, round(s.info_fpp::numeric, 5) AS info_fpp, s.shape
FROM fb.sizes s JOIN fb.sizes b ON b.type = 'bloomfilter' AND b.p = s.p
ORDER BY s.p DESC, s.type_order;

\echo '== the probe goals in every configuration: paired ratios to the bloomfilter probe of the same plan and values'
\echo '   (the median of the runs'' own ratios; the verdict on the worse of A and B)'
WITH r AS (
  SELECT s.section, s.plan, s.vals, s.kind, s.label, p.config, p.paired
  FROM fb.sides s JOIN fb.paired p ON p.id = s.id
  WHERE s.section IN ('probe', 'join') AND s.kind IN ('counting', 'cuckoo', 'window', 'windowtime', 'scalable') AND s.filter_n = :n)
SELECT CASE r.section WHEN 'probe' THEN 'scan, (SELECT f ...) @> v' ELSE 'join, t.f @> p.v' END AS probe,
       r.plan, r.vals AS "values", r.label AS filter,
       round(max(r.paired) FILTER (WHERE r.config = 'A')::numeric, 2) AS a,
       round(max(r.paired) FILTER (WHERE r.config = 'B')::numeric, 2) AS b,
       g.goal, fb.verdict(max(r.paired), g.goal) AS verdict
FROM r JOIN (VALUES ('counting', 1.2), ('cuckoo', 1.3), ('window', 1.3), ('windowtime', 1.3), ('scalable', 1.3)) g(kind, goal) ON g.kind = r.kind
GROUP BY r.section, r.plan, r.vals, r.kind, r.label, g.goal
ORDER BY r.section DESC, r.kind, r.plan DESC, r.vals;

\echo
\echo '== 5. the floor of the scan probe goals (serial, int8): the bloomfilter side''s median plus, per probe, what the same'
\echo '   probes cost over the bloomfilter''s in test/bench/probefloor.c (the core alone, no PostgreSQL, each probe'
\echo '   independent of the last so that their misses overlap, the values read 73 bytes apart as the table''s rows);'
\echo '   least_ratio: the floor over the bloomfilter side; a goal below it cannot be met on this machine'
WITH k(kind, type, filter_n) AS (
  VALUES ('cuckoo', 'cuckoofilter', :n), ('scalable', 'scalablebloom_chain_of_4', :n))
SELECT m.config, m.label AS filter, m.filter_n, round(f.ns::numeric, 1) AS floor_ns, round(b.ns::numeric, 1) AS bloom_floor_ns,
       round(bm.ms::numeric, 1) AS bloom_ms,
       round(((bm.ms + (f.ns - b.ns) * m.elements / 1e6) / bm.ms)::numeric, 2) AS least_ratio,
       round(p.paired::numeric, 2) AS paired, g.goal,
       CASE WHEN (bm.ms + (f.ns - b.ns) * m.elements / 1e6) / bm.ms > g.goal THEN 'floor above the goal'
            ELSE 'floor below the goal' END AS floor_verdict
FROM k
JOIN fb.medians m ON m.section = 'probe' AND m.plan = 'serial' AND m.vals = 'int8' AND m.kind = k.kind
     AND m.filter_n = k.filter_n
JOIN fb.medians bm ON bm.grp = m.grp AND bm.kind = 'bloom' AND bm.config = m.config
JOIN fb.paired p ON p.id = m.id AND p.config = m.config
JOIN fb.probe_floor f ON f.type = k.type
JOIN fb.probe_floor b ON b.type = 'bloomfilter'
JOIN (VALUES ('cuckoo', 1.3), ('scalable', 1.3)) g(kind, goal) ON g.kind = m.kind
ORDER BY m.config, m.kind DESC, m.filter_n DESC;

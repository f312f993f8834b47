-- test/bench/report-config.sql: the tables of one configuration, printed by
-- test/bench/run after its runs (psql variables cfg, runs, rows, mem_gbps,
-- estimates).
\set ON_ERROR_STOP 1
\pset footer off

\echo
\echo '== config' :cfg': medians over' :runs 'interleaved runs (ms)'
SELECT p.id, p.name,
       round(a.ms::numeric, 1) AS a_ms, round(b.ms::numeric, 1) AS b_ms,
       round((a.ms / b.ms)::numeric, 2) AS ratio, p.goal,
       CASE WHEN p.goal IS NULL THEN '' WHEN a.ms / b.ms <= p.goal THEN 'met' ELSE 'missed' END AS verdict
FROM bench.pairs p
JOIN bench.side_medians a ON a.config = :'cfg' AND a.id = p.id AND a.side = 'a'
JOIN bench.side_medians b ON b.config = :'cfg' AND b.id = p.id AND b.side = 'b'
WHERE p.id < 10
ORDER BY p.id;

\echo '== config' :cfg': the README''s join, prefiltered by a filter built in the query, against the plain join (default plans)'
SELECT p.id, p.name, round(a.ms::numeric, 1) AS prefiltered_ms, round(b.ms::numeric, 1) AS plain_ms,
       round((a.ms / b.ms)::numeric, 2) AS ratio
FROM bench.pairs p
JOIN bench.side_medians a ON a.config = :'cfg' AND a.id = p.id AND a.side = 'a'
JOIN bench.side_medians b ON b.config = :'cfg' AND b.id = p.id AND b.side = 'b'
WHERE p.id IN (12, 13)
ORDER BY p.id;

\echo '== config' :cfg': bloom_agg(x)''s hash list in the memory the backend kept, against fresh memory (serial plans;'
\echo '   fresh: bloomfilter.agg_keep_list_memory = off); minor page faults of the backend, medians'
SELECT round(a.ms::numeric, 1) AS kept_ms, round(b.ms::numeric, 1) AS fresh_ms,
       round((a.ms / b.ms)::numeric, 2) AS ratio,
       (SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY minflt)) FROM bench.procstats_run
        WHERE config = :'cfg' AND id = 14 AND side = 'a') AS kept_minflt,
       (SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY minflt)) FROM bench.procstats_run
        WHERE config = :'cfg' AND id = 14 AND side = 'b') AS fresh_minflt
FROM bench.side_medians a, bench.side_medians b
WHERE a.config = :'cfg' AND a.id = 14 AND a.side = 'a' AND b.config = :'cfg' AND b.id = 14 AND b.side = 'b';

\echo '== config' :cfg': per probe into the all-rows filter, over the x = 42 scan (ns per row)'
SELECT round(((a.ms - b.ms) * 1e6 / :rows)::numeric, 1) AS ns_per_probe
FROM bench.side_medians a, bench.side_medians b
WHERE a.config = :'cfg' AND a.id = 5 AND a.side = 'a' AND b.config = :'cfg' AND b.id = 5 AND b.side = 'b';

\echo '== config' :cfg': bloom_union_agg: bytes read against memory bandwidth'
SELECT round(a.ms::numeric, 1) AS union_ms, round((bytes / 1e6)::numeric, 1) AS mb_read,
       round((bytes / 1e9 / :mem_gbps * 1000)::numeric, 1) AS ms_at_bandwidth,
       round((a.ms / (bytes / 1e9 / :mem_gbps * 1000))::numeric, 2) AS times_bandwidth_bound,
       CASE WHEN a.ms <= 2 * (bytes / 1e9 / :mem_gbps * 1000) THEN 'met' ELSE 'missed' END AS within_2x
FROM bench.side_medians a, (SELECT sum((bloom_info(f)).bytes)::float8 AS bytes FROM many) m
WHERE a.config = :'cfg' AND a.id = 7 AND a.side = 'a';

\if :estimates
\echo '== planner estimates of probes (serial plans; the estimate must be within 3x of the actual rows)'
SET max_parallel_workers_per_gather = 0;
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
\endif

\echo '== config' :cfg': plans (EXPLAIN once; workers seen: median over the runs, from procmon)'
SELECT s.id, s.side, s.label, s.plan || coalesce(', work_mem ' || s.work_mem, '') AS settings,
       pl.plan AS nodes, pl.workers_planned AS planned,
       percentile_disc(0.5) WITHIN GROUP (ORDER BY ps.workers) AS seen
FROM bench.pair_sides s
JOIN bench.pairs p USING (id)
JOIN bench.plans pl ON pl.config = :'cfg' AND pl.id = s.id AND pl.side = s.side
LEFT JOIN bench.procstats_run ps ON ps.config = :'cfg' AND ps.id = s.id AND ps.side = s.side
WHERE p.agg IS NOT NULL OR p.groups IS NOT NULL OR p.id IN (6, 12, 13)
GROUP BY s.id, s.side, s.label, s.plan, s.work_mem, pl.plan, pl.workers_planned
ORDER BY s.id, s.side;

\echo '== config' :cfg': every side, medians over the runs: time, peak private memory (RssAnon) and minor page faults'
\echo '   backend MB: peak RssAnon during the query (+ its rise over the start); worker MB: each worker''s peak,'
\echo '   sampled every ms; workers minflt: all of them, exact (the postmaster''s cminflt)'
WITH worker_mb AS (
  SELECT config, id, side, string_agg(to_char(mb, 'FM99990.0'), ' / ' ORDER BY rank) AS worker_mb
  FROM (SELECT ps.config, ps.id, ps.side, u.rank, percentile_cont(0.5) WITHIN GROUP (ORDER BY u.kb) / 1024 AS mb
        FROM bench.procstats_run ps, unnest(ps.worker_peaks_kb) WITH ORDINALITY u(kb, rank)
        WHERE ps.config = :'cfg'
        GROUP BY 1, 2, 3, 4) r
  GROUP BY 1, 2, 3),
stats AS (
  SELECT id, side,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY rss_peak_kb) / 1024 AS peak_mb,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY rss_peak_kb - rss_start_kb) / 1024 AS rise_mb,
         percentile_disc(0.5) WITHIN GROUP (ORDER BY workers) AS workers,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY minflt) AS minflt,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY workers_minflt) AS workers_minflt,
         string_agg(DISTINCT notes, ',') AS notes
  FROM bench.procstats_run WHERE config = :'cfg' GROUP BY id, side)
SELECT s.id, s.side, s.label,
       CASE WHEN s.plan = 'serial' THEN 'serial' WHEN s.plan = 'default' THEN 'default' ELSE s.plan END
         || coalesce(', ' || s.work_mem, '') AS plan,
       bench.ms_text(m.ms, m.failure, m.limit_s) AS ms,
       to_char(st.peak_mb, 'FM99990.0') || ' (+' || to_char(st.rise_mb, 'FM99990.0') || ')' AS backend_mb,
       st.workers, w.worker_mb, round(st.minflt) AS backend_minflt, round(st.workers_minflt) AS workers_minflt,
       coalesce(st.notes, '') AS notes
FROM bench.pair_sides s
JOIN bench.side_medians m ON m.config = :'cfg' AND m.id = s.id AND m.side = s.side
LEFT JOIN stats st ON st.id = s.id AND st.side = s.side
LEFT JOIN worker_mb w ON w.config = :'cfg' AND w.id = s.id AND w.side = s.side
ORDER BY s.id, s.side;

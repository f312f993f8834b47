-- Parallel aggregation: a forced parallel plan shows Partial Aggregate and
-- gives the same filter as a serial plan.

CREATE TABLE par AS SELECT g AS x, md5(g::text) AS s FROM generate_series(1, 300000) g;
ANALYZE par;

-- serial
SET max_parallel_workers_per_gather = 0;
CREATE TABLE serial_result AS
  SELECT bloom_agg(x) AS fx, bloom_agg(s, 0.001) AS fs, bloom_agg(x, 1000000, 0.01) AS fixed FROM par;
CREATE TABLE serial_union AS SELECT bloom_union_agg(f) AS u FROM (SELECT bloom_agg(x, 1000, 0.01) AS f FROM par GROUP BY x % 300) s;

-- parallel, forced
SET max_parallel_workers_per_gather = 2;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET parallel_leader_participation = off;
EXPLAIN (COSTS OFF) SELECT bloom_agg(x) FROM par;
EXPLAIN (COSTS OFF) SELECT bloom_agg(x, 1000000, 0.01) FROM par;
CREATE TABLE parallel_result AS
  SELECT bloom_agg(x) AS fx, bloom_agg(s, 0.001) AS fs, bloom_agg(x, 1000000, 0.01) AS fixed FROM par;

SELECT p.fx::text = s.fx::text AS same_fx, p.fs::text = s.fs::text AS same_fs,
       p.fixed::text = s.fixed::text AS same_fixed, (bloom_info(p.fx)).n AS n
FROM parallel_result p, serial_result s;
SELECT count(*) FILTER (WHERE NOT (r.fx @> x)) AS missing_x, count(*) FILTER (WHERE NOT (r.fs @> s)) AS missing_s
FROM par, parallel_result r;

-- bloom_union_agg in parallel
CREATE TABLE per_group AS SELECT x % 300 AS g, bloom_agg(x, 1000, 0.01) AS f FROM par GROUP BY x % 300;
EXPLAIN (COSTS OFF) SELECT bloom_union_agg(f) FROM per_group;
SELECT bloom_union_agg(f)::text = (SELECT u::text FROM serial_union) AS same_union FROM per_group;

RESET ALL;
DROP TABLE par, serial_result, serial_union, parallel_result, per_group;

-- bloom_agg in every plan.  Zero rows give the same filter whether the plan is
-- serial or parallel, generic or custom, a window, or sorts inside the
-- aggregate; and the sizing arguments must be the same for every row, which
-- is checked in every plan, so that no plan answers where another fails.

CREATE TABLE t AS SELECT g AS x, g % 10 AS y FROM generate_series(1, 20000) g;
ANALYZE t;

-- Zero rows.  The transition function never runs, so the final function finds
-- the sizing arguments in the call: bloom_agg(x, n, p) gives bloom_empty(n, p),
-- bloom_agg(x, p) bloom_empty(0, p), bloom_agg(x) bloom_empty(0, 0.01), and
-- bloom_agg(x, shape) NULL.  Sizing arguments that depend on the rows cannot
-- be evaluated without a row: NULL.
CREATE VIEW zero_rows AS SELECT
  (SELECT bloom_agg(x) FROM t WHERE y > x)::text = bloom_empty(0, 0.01)::text AS self_sized,
  (SELECT bloom_agg(x, 0.001) FROM t WHERE y > x)::text = bloom_empty(0, 0.001)::text AS rate,
  (SELECT bloom_agg(x, 1000, 0.001) FROM t WHERE y > x)::text = bloom_empty(1000, 0.001)::text AS sized,
  (SELECT bloom_agg(x, bloom_empty(1000, 0.001)) FROM t WHERE y > x) IS NULL AS shaped,
  (SELECT bloom_agg(x, 1000 + 0 * y, 0.001) FROM t WHERE y > x) IS NULL AS from_rows,
  (SELECT bloom_agg(x, 1000, 0.001 + 0 * random()) FROM t WHERE y > x) IS NULL AS volatile;
-- ORDER BY inside the aggregate puts its sort keys after the arguments
CREATE VIEW zero_rows_ordered AS SELECT
  (SELECT bloom_agg(x ORDER BY y) FROM t WHERE y > x)::text = bloom_empty(0, 0.01)::text AS self_sized,
  (SELECT bloom_agg(x, 0.001 ORDER BY y) FROM t WHERE y > x)::text = bloom_empty(0, 0.001)::text AS rate,
  (SELECT bloom_agg(x, 1000, 0.001 ORDER BY y DESC, x) FROM t WHERE y > x)::text = bloom_empty(1000, 0.001)::text AS sized,
  (SELECT bloom_agg(x, bloom_empty(1000, 0.001) ORDER BY y) FROM t WHERE y > x) IS NULL AS shaped,
  (SELECT bloom_agg(DISTINCT x, 1000, 0.001) FROM t WHERE y > x)::text = bloom_empty(1000, 0.001)::text AS sized_distinct;
-- a parameter of the outer query (a correlated subquery) and an initplan's output
CREATE VIEW zero_rows_outer AS
  SELECT n, (SELECT bloom_agg(x, o.n, 0.001) FROM t WHERE y > x)::text = bloom_empty(n, 0.001)::text AS sized,
         (SELECT bloom_agg(x, (SELECT max(n) FROM (VALUES (10::bigint), (1000)) v(n)), 0.001) FROM t WHERE y > x)::text
           = bloom_empty(1000, 0.001)::text AS initplan
  FROM (VALUES (10::bigint), (1000), (100000)) o(n);
-- zero rows in every group (FILTER): one final call per group
CREATE VIEW zero_rows_grouped AS
  SELECT count(*) AS groups, bool_and(f::text = bloom_empty(1000, 0.001)::text) AS sized
  FROM (SELECT y, bloom_agg(x, 1000, 0.001) FILTER (WHERE y > x) AS f FROM t GROUP BY y) s;

-- serial
SET max_parallel_workers_per_gather = 0;
SELECT * FROM zero_rows;
SELECT * FROM zero_rows_ordered;
SELECT * FROM zero_rows_outer;
SELECT * FROM zero_rows_grouped;

-- parallel: a Finalize Aggregate, whose Aggref's only argument is the partial state
SET max_parallel_workers_per_gather = 2;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
-- (PostgreSQL 17 no longer prints "(returns $n)" after an InitPlan: left out here)
CREATE FUNCTION plan_lines(query text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
  line text;
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
    RETURN NEXT regexp_replace(line, ' \(returns \$[0-9]+\)', '');
  END LOOP;
END $$;
SELECT plan_lines('SELECT * FROM zero_rows');
EXPLAIN (COSTS OFF) SELECT y, bloom_agg(x, 1000, 0.001) FILTER (WHERE y > x) FROM t GROUP BY y;
SELECT * FROM zero_rows;
SELECT * FROM zero_rows_ordered;
SELECT * FROM zero_rows_outer;
SELECT * FROM zero_rows_grouped;
SET parallel_leader_participation = off;
SELECT * FROM zero_rows;
SELECT * FROM zero_rows_outer;
SELECT * FROM zero_rows_grouped;
RESET parallel_leader_participation;

-- partitionwise aggregation: Finalize over an Append of Partial Aggregates, serial
CREATE TABLE tp (x int, y int) PARTITION BY RANGE (x);
CREATE TABLE tp1 PARTITION OF tp FOR VALUES FROM (MINVALUE) TO (10000);
CREATE TABLE tp2 PARTITION OF tp FOR VALUES FROM (10000) TO (MAXVALUE);
INSERT INTO tp SELECT x, y FROM t;
ANALYZE tp;
SET max_parallel_workers_per_gather = 0;
SET enable_partitionwise_aggregate = on;
EXPLAIN (COSTS OFF) SELECT y, bloom_agg(x, 1000, 0.001) FILTER (WHERE y > x) FROM tp GROUP BY y;
SELECT count(*) AS groups, bool_and(f::text = bloom_empty(1000, 0.001)::text) AS sized
FROM (SELECT y, bloom_agg(x, 1000, 0.001) FILTER (WHERE y > x) AS f FROM tp GROUP BY y) s;
RESET enable_partitionwise_aggregate;

-- generic plans: the sizing arguments are parameters
PREPARE zero_sized(bigint, float8) AS SELECT bloom_agg(x, $1, $2) FROM t WHERE y > x;
PREPARE zero_rate(float8) AS SELECT bloom_agg(x, $1 ORDER BY y) FROM t WHERE y > x;
SET plan_cache_mode = force_generic_plan;
SET max_parallel_workers_per_gather = 0;
EXPLAIN (COSTS OFF) EXECUTE zero_sized(1000, 0.001);
EXECUTE zero_sized(1000, 0.001) \gset serial_sized_
EXECUTE zero_rate(0.001) \gset serial_rate_
-- a plan is cached as it was made: prepared again for a parallel one
DEALLOCATE zero_sized;
SET max_parallel_workers_per_gather = 2;
PREPARE zero_sized(bigint, float8) AS SELECT bloom_agg(x, $1, $2) FROM t WHERE y > x;
EXPLAIN (COSTS OFF) EXECUTE zero_sized(1000, 0.001);
EXECUTE zero_sized(1000, 0.001) \gset parallel_sized_
SELECT :'serial_sized_bloom_agg' = bloom_empty(1000, 0.001)::text AS serial_sized,
       :'serial_rate_bloom_agg' = bloom_empty(0, 0.001)::text AS serial_rate,
       :'parallel_sized_bloom_agg' = bloom_empty(1000, 0.001)::text AS parallel_sized;
-- a parameter that is NULL, or out of range, fails as it does with rows
EXECUTE zero_sized(1000, NULL);
EXECUTE zero_sized(1000, 1.5);
-- (in a parallel plan the leader or a worker may read the first row: no CONTEXT line)
\set VERBOSITY terse
SELECT bloom_agg(x, 1000, 1.5) FROM t;
\set VERBOSITY default
RESET plan_cache_mode;
DEALLOCATE zero_sized;
DEALLOCATE zero_rate;

-- PL/pgSQL variables are parameters too
CREATE FUNCTION zero_rows_plpgsql(n bigint, p float8) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  f bloomfilter;
BEGIN
  SELECT bloom_agg(x, n, p) INTO f FROM t WHERE y > x;
  RETURN f::text = bloom_empty(n, p)::text;
END $$;
SET max_parallel_workers_per_gather = 0;
SELECT zero_rows_plpgsql(1000, 0.001) AS serial, zero_rows_plpgsql(50, 0.1) AS serial_other;
SET max_parallel_workers_per_gather = 2;
SELECT zero_rows_plpgsql(1000, 0.001) AS parallel, zero_rows_plpgsql(50, 0.1) AS parallel_other;

-- windows: a frame with no rows (the last row's "1 FOLLOWING"), or none left by FILTER
SELECT x, (bloom_info(f)).n, f::text = bloom_empty(1000, 0.001)::text AS empty_sized
FROM (SELECT x, bloom_agg(x, 1000, 0.001) OVER (ORDER BY x ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING) AS f
      FROM generate_series(1, 3) x) s ORDER BY x;
SELECT x, bloom_agg(x) OVER (ORDER BY x ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING)::text
            = bloom_empty(0, 0.01)::text AS self_sized,
       bloom_agg(x, 0.001) OVER (ORDER BY x ROWS BETWEEN 1 FOLLOWING AND 2 FOLLOWING)::text
            = bloom_empty(0, 0.001)::text AS rate,
       bloom_agg(x, 1000, 0.001) FILTER (WHERE x < 0) OVER (ORDER BY x ROWS BETWEEN CURRENT ROW AND 1 FOLLOWING)::text
            = bloom_empty(1000, 0.001)::text AS sized,
       bloom_agg(x, bloom_empty(1000, 0.001)) OVER (ORDER BY x ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING)
            IS NULL AS shaped
FROM generate_series(1, 3) x ORDER BY x DESC LIMIT 1;
-- calls over one window that agree on their empty filter, and a generic plan
SELECT x, bloom_agg(x, 1000, 0.001) OVER w::text = bloom_empty(1000, 0.001)::text AS one,
       bloom_agg(-x, 1000, 0.001) OVER w::text = bloom_empty(1000, 0.001)::text AS other
FROM generate_series(1, 2) x WINDOW w AS (ORDER BY x ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING) ORDER BY x;
PREPARE window_sized(bigint, float8) AS
  SELECT bloom_agg(x, $1, $2) OVER (ORDER BY x ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING)::text = bloom_empty($1, $2)::text
  FROM generate_series(1, 2) x ORDER BY x DESC LIMIT 1;
SET plan_cache_mode = force_generic_plan;
EXECUTE window_sized(1000, 0.001);
RESET plan_cache_mode;
DEALLOCATE window_sized;
-- PostgreSQL does not tell a window's final function which call it finishes:
-- calls over one window whose empty filters differ cannot be told apart
SELECT x, bloom_agg(x, 1000, 0.001) OVER w, bloom_agg(x, 0.01) OVER w
FROM generate_series(1, 2) x WINDOW w AS (ORDER BY x ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING);
\echo :LAST_ERROR_SQLSTATE
-- (over windows that differ, as above, there is no doubt)

-- Sizing arguments that change from row to row: an ERROR in every plan.  A
-- parallel plan would size each worker's part by its own first row.
\set VERBOSITY terse
SET max_parallel_workers_per_gather = 0;
SELECT bloom_agg(x, CASE WHEN x < 15000 THEN 0.01 ELSE 0.02 END) FROM t;
\echo :LAST_ERROR_SQLSTATE
SELECT bloom_agg(x, CASE WHEN x < 15000 THEN 1000 ELSE 2000 END, 0.01) FROM t;
SELECT bloom_agg(x, CASE WHEN x < 15000 THEN 0.01 END) FROM t;
\echo :LAST_ERROR_SQLSTATE
SELECT bloom_agg(x, CASE WHEN x < 15000 THEN bloom_empty(1000, 0.01) ELSE bloom_empty(2000, 0.01) END) FROM t;
\echo :LAST_ERROR_SQLSTATE
-- every row counts, a NULL value too; but a NULL value's shape is not read (it adds nothing)
SELECT bloom_agg(NULLIF(x, 17), CASE WHEN x = 17 THEN 0.02 ELSE 0.01 END) FROM t;
SELECT (bloom_info(bloom_agg(NULLIF(x, 17), CASE WHEN x = 17 THEN NULL ELSE bloom_empty(30000, 0.01) END))).n FROM t;
-- a window aggregate checks each row too
SELECT bloom_agg(x, CASE WHEN x < 3 THEN 0.01 ELSE 0.02 END) OVER (ORDER BY x) FROM generate_series(1, 5) x;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT bloom_agg(x, CASE WHEN x < 15000 THEN 0.01 ELSE 0.02 END) FROM t;
SELECT bloom_agg(x, CASE WHEN x < 15000 THEN 0.01 ELSE 0.02 END) FROM t;
\echo :LAST_ERROR_SQLSTATE
SELECT bloom_agg(x, CASE WHEN x < 15000 THEN 1000 ELSE 2000 END, 0.01) FROM t;
SELECT bloom_agg(x, CASE WHEN x < 15000 THEN bloom_empty(1000, 0.01) ELSE bloom_empty(2000, 0.01) END) FROM t;
SET parallel_leader_participation = off;
SELECT bloom_agg(x, CASE WHEN x < 15000 THEN 0.01 ELSE 0.02 END) FROM t;
RESET parallel_leader_participation;
-- partial states of different sizing arguments do not combine: the same error
CREATE AGGREGATE bloom_agg_partial(anyelement, float8) (
    SFUNC = bloom_agg_trans, STYPE = bloom_agg_state, COMBINEFUNC = bloom_agg_combine);
CREATE AGGREGATE bloom_agg_merge(bloom_agg_state) (
    SFUNC = bloom_agg_combine, STYPE = bloom_agg_state, FINALFUNC = bloom_agg_final);
SELECT bloom_agg_merge(s) FROM (SELECT bloom_agg_partial(x, 0.01) FROM t
                                UNION ALL SELECT bloom_agg_partial(x, 0.02) FROM t) p(s);
\echo :LAST_ERROR_SQLSTATE
-- zero rows of an aggregate whose transition is another's: the default filter
SELECT bloom_agg_merge(s)::text = bloom_empty(0, 0.01)::text AS merge_zero_rows
FROM (SELECT bloom_agg_partial(x, 0.01) FROM t) p(s) WHERE false;
DROP AGGREGATE bloom_agg_partial(anyelement, float8);
DROP AGGREGATE bloom_agg_merge(bloom_agg_state);
\set VERBOSITY default

-- A constant, a parameter and a PL/pgSQL variable are the same on every row:
-- each plan gives the serial filter
SET max_parallel_workers_per_gather = 0;
CREATE TABLE serial_filters AS
  SELECT bloom_agg(x, 0.001) AS rate, bloom_agg(x, 30000, 0.001) AS sized,
         bloom_agg(x, bloom_empty(30000, 0.01)) AS shaped FROM t;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT bloom_agg(x, 0.001), bloom_agg(x, 30000, 0.001), bloom_agg(x, bloom_empty(30000, 0.01)) FROM t;
SELECT s.rate::text = p.rate::text AS rate, s.sized::text = p.sized::text AS sized, s.shaped::text = p.shaped::text AS shaped
FROM serial_filters s, (SELECT bloom_agg(x, 0.001) AS rate, bloom_agg(x, 30000, 0.001) AS sized,
                               bloom_agg(x, bloom_empty(30000, 0.01)) AS shaped FROM t) p;
PREPARE sized(bigint, float8) AS SELECT bloom_agg(x, $1, $2) FROM t;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE sized(30000, 0.001);
EXECUTE sized(30000, 0.001) \gset generic_
SELECT :'generic_bloom_agg' = (SELECT sized::text FROM serial_filters) AS generic_parallel;
RESET plan_cache_mode;
DEALLOCATE sized;
CREATE FUNCTION sized_plpgsql(n bigint, p float8) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  f bloomfilter;
BEGIN
  SELECT bloom_agg(x, n, p) INTO f FROM t;
  RETURN f::text;
END $$;
SELECT sized_plpgsql(30000, 0.001) = (SELECT sized::text FROM serial_filters) AS plpgsql_variable;
-- ORDER BY inside the aggregate changes nothing either
SELECT bloom_agg(x, 0.001 ORDER BY y)::text = (SELECT rate::text FROM serial_filters) AS rate_ordered,
       bloom_agg(x, 30000, 0.001 ORDER BY y DESC)::text = (SELECT sized::text FROM serial_filters) AS sized_ordered
FROM t;
-- the planner's estimate of a probe reads p as the final function does: the
-- last argument, not an ORDER BY key
CREATE FUNCTION estimated_rows(query text) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE
  plan json;
BEGIN
  EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan;
  RETURN (plan -> 0 -> 'Plan' ->> 'Plan Rows')::float8;
END $$;
SELECT estimated_rows('SELECT * FROM t WHERE (SELECT bloom_agg(x, 0.2 ORDER BY y) FROM t WHERE y = 1) @> -x')
     = estimated_rows('SELECT * FROM t WHERE (SELECT bloom_agg(x, 0.2) FROM t WHERE y = 1) @> -x') AS same_estimate,
       estimated_rows('SELECT * FROM t WHERE (SELECT bloom_agg(x, 0.2) FROM t WHERE y = 1) @> -x')
     > estimated_rows('SELECT * FROM t WHERE (SELECT bloom_agg(x, 0.01) FROM t WHERE y = 1) @> -x') AS rate_counts;

RESET ALL;
DROP FUNCTION zero_rows_plpgsql(bigint, float8);
DROP FUNCTION sized_plpgsql(bigint, float8);
DROP FUNCTION estimated_rows(text), plan_lines(text);
DROP VIEW zero_rows, zero_rows_ordered, zero_rows_outer, zero_rows_grouped;
DROP TABLE t, tp, serial_filters;

-- The planner's row estimates for probes: within 3x of the actual rows.
SET max_parallel_workers_per_gather = 0;
-- 20,000 rows (ANALYZE reads them all, so the statistics are the same every run):
-- x unique, c skewed (most rows have small values)
CREATE TABLE big AS
  SELECT g::int8 * 7919 AS x, floor(200 * (g / 20000.0) ^ 4)::int AS c FROM generate_series(1, 20000) g;
CREATE TABLE small AS SELECT x FROM big WHERE x % 40 = 0;            -- 500 of the values
CREATE TABLE sf AS SELECT bloom_agg(x) AS f FROM small;                -- their filter
CREATE TABLE absent AS SELECT bloom_agg(-g::int8) AS f FROM generate_series(1, 5000) g;
CREATE TABLE frequent AS SELECT bloom_agg(c) AS f FROM (VALUES (0), (1), (2)) v(c);  -- the common values
ANALYZE big, small, sf, absent, frequent;

-- estimated and actual rows of the plan's top node
CREATE FUNCTION rows_of(query text, OUT estimated float8, OUT actual float8) LANGUAGE plpgsql AS $$
DECLARE
  plan json;
BEGIN
  EXECUTE 'EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ' || query INTO plan;
  estimated := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::float8;
  actual := (plan -> 0 -> 'Plan' ->> 'Actual Rows')::float8;
END $$;
CREATE FUNCTION within_3x(query text) RETURNS boolean LANGUAGE sql AS $$
  SELECT estimated BETWEEN actual / 3 AND actual * 3 FROM rows_of(query) $$;

SELECT f AS filter FROM sf \gset
SELECT f AS frequent_filter FROM frequent \gset
SELECT f AS absent_filter FROM absent \gset

-- a stored filter in an initplan: ANALYZE's facts of sf.f (elements, rate)
SELECT within_3x('SELECT * FROM big WHERE (SELECT f FROM sf) @> x') AS stored_filter;
SELECT within_3x('SELECT * FROM big WHERE x <@ (SELECT f FROM sf)') AS commuted;
-- a filter aggregated in an initplan: the subquery's rows, at the aggregate's rate
SELECT within_3x('SELECT * FROM big WHERE (SELECT bloom_agg(x) FROM small) @> x') AS aggregated_filter;
SELECT within_3x('SELECT * FROM big WHERE (SELECT bloom_agg(x, 0.2) FROM small) @> x') AS aggregated_at_20_percent;
-- a constant filter: the column's common values and histogram probed through it
SELECT within_3x(format('SELECT * FROM big WHERE %L::bloomfilter @> x', :'filter')) AS constant_filter;
SELECT within_3x(format('SELECT * FROM big WHERE %L::bloomfilter @> c', :'frequent_filter')) AS skewed_column;
SELECT within_3x(format('SELECT * FROM big WHERE %L::bloomfilter @> x', :'absent_filter')) AS values_absent;
-- a parameter of a custom plan is a constant too
PREPARE probe(bloomfilter) AS SELECT * FROM big WHERE $1 @> c;
SELECT within_3x(format('EXECUTE probe(%L)', :'frequent_filter')) AS custom_plan;
DEALLOCATE probe;
-- a join: ANALYZE's facts of sf.f, and its elements taken for values of big.x
SELECT within_3x('SELECT * FROM sf, big WHERE sf.f @> big.x') AS join_clause;
-- ANALYZE keeps its facts in a statistics slot of its own kind (8383): 500 elements at about 1%
SELECT stakind1, round(stanumbers1[1]) AS elements, stanumbers1[2] BETWEEN 0.005 AND 0.02 AS rate_near_1_percent
FROM pg_statistic WHERE starelid = 'sf'::regclass;

-- the estimates as numbers, for the record
SELECT round(estimated) AS estimated, actual FROM rows_of('SELECT * FROM big WHERE (SELECT f FROM sf) @> x');
SELECT round(estimated) AS estimated, actual
FROM rows_of(format('SELECT * FROM big WHERE %L::bloomfilter @> c', :'frequent_filter'));

-- an absurd header (n = 2^62 elements in one block) still validates; the planner
-- and ANALYZE must take it for a filter that says yes to everything, not crash
SELECT translate(encode(overlay(overlay(decode(bloom_empty(0)::text, 'base64')
         PLACING '\x01000000'::bytea FROM 9 FOR 4)
         PLACING '\x0000000000000040'::bytea FROM 25 FOR 8), 'base64'), E'\n', '') AS overfull \gset
SELECT (bloom_info(:'overfull'::bloomfilter)).n, (bloom_info(:'overfull'::bloomfilter)).fpp;
-- its bits are all zero (it answers no), so the constant is estimated by its bits
SELECT estimated, actual FROM rows_of(format('SELECT * FROM big WHERE %L::bloomfilter @> x', :'overfull'));
CREATE TABLE overfull AS SELECT :'overfull'::bloomfilter AS f;
ANALYZE overfull;
SELECT stanumbers1 FROM pg_statistic WHERE starelid = 'overfull'::regclass;
-- known only through ANALYZE (n from the header): every row
SELECT estimated FROM rows_of('SELECT * FROM big WHERE (SELECT f FROM overfull) @> x');
DROP TABLE overfull;

DROP TABLE big, small, sf, absent, frequent;
DROP FUNCTION within_3x(text);
DROP FUNCTION rows_of(text);

-- bloom_agg: the three forms, NULLs, zero rows, self-sizing, GROUP BY, the state type.

-- zero rows: an empty filter, not NULL
SELECT f IS NOT NULL AS not_null, (bloom_info(f)).n, NOT (f @> 1) AS contains_nothing
FROM (SELECT bloom_agg(x) AS f FROM generate_series(1, 0) x) s;
-- zero rows with constant sizing arguments: the shape they ask for
SELECT (SELECT bloom_agg(x, 1000, 0.001) FROM generate_series(1, 0) x)::text = bloom_empty(1000, 0.001)::text AS fixed_shape,
       (SELECT (bloom_info(bloom_agg(x, 0.001))).k FROM generate_series(1, 0) x) = (bloom_info(bloom_empty(0, 0.001))).k AS rate_kept;
-- NULLs are skipped
SELECT n, value_kind FROM (SELECT bloom_agg(x) AS f FROM (VALUES (1), (NULL), (2), (NULL)) v(x)) s, bloom_info(f);
SELECT n, value_kind, m FROM (SELECT bloom_agg(x, 1000, 0.01) AS f FROM (VALUES (NULL::int)) v(x)) s, bloom_info(f);

-- self-sized from the rows seen: n and design_n are the non-null rows, the rate is p
SELECT n, design_n, design_p, k, m >= bloom_optimal_m(10000, 0.01) AS enough_bits,
       m <= 1.5 * bloom_optimal_m(10000, 0.01) AS not_too_many_bits
FROM (SELECT bloom_agg(x) AS f FROM generate_series(1, 10000) x) s, bloom_info(f);
SELECT n, design_p, k FROM (SELECT bloom_agg(x, 0.001) AS f FROM generate_series(1, 10000) x) s, bloom_info(f);
-- sized for n given
SELECT n, design_n, m = (bloom_info(bloom_empty(1000000, 0.01))).m AS same_as_empty
FROM (SELECT bloom_agg(x, 1000000, 0.01) AS f FROM generate_series(1, 10000) x) s, bloom_info(f);
-- a filter from bloom_agg(x, n, p) and one from bloom_empty(n, p) are the same value
SELECT (SELECT bloom_agg(x, 100, 0.01) FROM generate_series(1, 3) x)::text
     = bloom_add(bloom_add(bloom_add(bloom_empty(100, 0.01), 1), 2), 3)::text AS agg_equals_adds;

-- past bloomfilter.agg_hash_limit rows (default 2^24) the aggregate switches from a
-- hash list to a filter with room for 2^27 rows and folds it at the end; a low limit
-- exercises that path on a small table
SHOW bloomfilter.agg_hash_limit;
SET bloomfilter.agg_hash_limit = 65536;
CREATE TABLE big AS SELECT g AS x FROM generate_series(1, 200000) g;
CREATE TABLE big_filter AS SELECT bloom_agg(x) AS f FROM big;
SELECT n, design_n, k, m >= bloom_optimal_m(200000, 0.01) AS enough_bits,
       m <= 2 * bloom_optimal_m(200000, 0.01) AS at_most_twice, fpp <= 0.01 AS fill_rate_ok
FROM big_filter, bloom_info(f);
SELECT count(*) FILTER (WHERE NOT (f @> x)) AS false_negatives FROM big, big_filter;
SELECT count(*) FILTER (WHERE f @> g) < 2500 AS rate_ok FROM big_filter, generate_series(3000001, 3200000) g;
-- the same rows under the default limit: an exactly sized filter with the same members
RESET bloomfilter.agg_hash_limit;
SELECT m < (bloom_info(f)).m AS exact_is_smaller, fpp < 0.0125 AS fill_rate_ok,
       (SELECT count(*) FROM big WHERE NOT (e @> x)) AS false_negatives
FROM big_filter, (SELECT bloom_agg(x) AS e FROM big) s, bloom_info(e);
-- the least limit, 8 (the first hash list is capped at it), builds a filter of every row
SET bloomfilter.agg_hash_limit = 8;
SHOW bloomfilter.agg_hash_limit;
SELECT count(*) FILTER (WHERE NOT (f @> x)) AS false_negatives, min((bloom_info(f)).n) AS n
FROM (SELECT bloom_agg(x) AS f FROM generate_series(1, 1000) x) s, generate_series(1, 1000) x;
SET bloomfilter.agg_hash_limit = 65536;

-- GROUP BY: one filter per group, each with its own members (1% of 2,000 others: about 20)
WITH groups AS (SELECT x % 3 AS g, bloom_agg(x) AS f FROM generate_series(1, 3000) x GROUP BY x % 3)
SELECT g, (bloom_info(f)).n,
       (SELECT count(*) FROM generate_series(1, 3000) y WHERE y % 3 = g AND NOT f @> y) AS missing,
       (SELECT count(*) FROM generate_series(1, 3000) y WHERE y % 3 <> g AND f @> y) < 60 AS few_false_positives
FROM groups ORDER BY g;

-- as a window function the final function runs once per row on a growing state
SELECT x, (bloom_info(bloom_agg(x) OVER (ORDER BY x))).n AS running_n,
       bloom_agg(x) OVER (ORDER BY x) @> 3 AS has_3
FROM generate_series(1, 5) x;

-- sizing arguments are checked on the first row
\set VERBOSITY sqlstate
SELECT bloom_agg(x, 0) FROM generate_series(1, 3) x;
SELECT bloom_agg(x, 1.5) FROM generate_series(1, 3) x;
SELECT bloom_agg(x, -1, 0.01) FROM generate_series(1, 3) x;
SELECT bloom_agg(x, NULL::float8) FROM generate_series(1, 3) x;
SELECT bloom_agg(x, 10000000000, 0.01) FROM generate_series(1, 3) x;
SELECT bloom_agg(x::point) FROM (VALUES ('(1,2)')) v(x);
SELECT bloom_agg_trans(NULL, 1);
\set VERBOSITY default

-- The transition state is a real type (bloom_agg_state) with text and binary I/O:
-- partial states of partitions can be shipped (as Citus does) and combined.
CREATE AGGREGATE bloom_agg_partial(anyelement) (
    SFUNC = bloom_agg_trans, STYPE = bloom_agg_state, COMBINEFUNC = bloom_agg_combine);
CREATE AGGREGATE bloom_agg_partial(anyelement, bigint, float8) (
    SFUNC = bloom_agg_trans, STYPE = bloom_agg_state, COMBINEFUNC = bloom_agg_combine);
CREATE AGGREGATE bloom_agg_partial(anyelement, bloomfilter) (
    SFUNC = bloom_agg_trans_shaped, STYPE = bloom_agg_state, COMBINEFUNC = bloom_agg_combine);
CREATE AGGREGATE bloom_agg_merge(bloom_agg_state) (
    SFUNC = bloom_agg_combine, STYPE = bloom_agg_state, FINALFUNC = bloom_agg_final);

-- small partitions (hash lists), shipped as text
CREATE TABLE parts AS
  SELECT x % 4 AS part, bloom_agg_partial(x)::text AS state FROM generate_series(1, 10000) x GROUP BY x % 4;
SELECT (SELECT bloom_agg_merge(state::bloom_agg_state) FROM parts)::text
     = (SELECT bloom_agg(x) FROM generate_series(1, 10000) x)::text AS merged_text_equals_serial;
-- fixed size, shipped through binary send/receive
CREATE TABLE parts_fixed AS
  SELECT x % 4 AS part, bloom_agg_partial(x, 10000, 0.01) AS state FROM generate_series(1, 10000) x GROUP BY x % 4;
\copy parts_fixed TO 'results/parts_fixed.bin' WITH (FORMAT binary)
CREATE TABLE parts_fixed_copy (LIKE parts_fixed);
\copy parts_fixed_copy FROM 'results/parts_fixed.bin' WITH (FORMAT binary)
SELECT (SELECT bloom_agg_merge(state) FROM parts_fixed_copy)::text
     = (SELECT bloom_agg(x, 10000, 0.01) FROM generate_series(1, 10000) x)::text AS merged_binary_equals_serial;
-- in the shape of another filter, shipped as text
SELECT (SELECT bloom_agg_merge(state::bloom_agg_state) FROM (
          SELECT bloom_agg_partial(x, bloom_empty(5000, 0.001))::text AS state
          FROM generate_series(1, 10000) x GROUP BY x % 3) s)::text
     = (SELECT bloom_agg(x, bloom_empty(5000, 0.001)) FROM generate_series(1, 10000) x)::text AS merged_shaped_equals_serial;
-- large partitions (past the hash limit: filters) combined with each other and with a small one
CREATE TABLE parts_big AS
  SELECT 1 AS part, bloom_agg_partial(x) AS state FROM big
  UNION ALL SELECT 2, bloom_agg_partial(x) FROM generate_series(200001, 400000) x
  UNION ALL SELECT 3, bloom_agg_partial(x) FROM generate_series(400001, 400100) x;
SELECT (SELECT bloom_agg_merge(state) FROM parts_big)::text
     = (SELECT bloom_agg(x) FROM generate_series(1, 400100) x)::text AS merged_big_equals_serial;
-- hash lists that together pass the limit
SELECT (SELECT bloom_agg_merge(state) FROM (SELECT bloom_agg_partial(x) AS state FROM generate_series(1, 100000) x GROUP BY x % 3) s)::text
     = (SELECT bloom_agg(x) FROM generate_series(1, 100000) x)::text AS merged_lists_equal_serial;
SELECT part, state::text::bloom_agg_state::text = state::text AS state_text_round_trip
FROM parts_big WHERE part = 3;
RESET bloomfilter.agg_hash_limit;
-- a malformed state is refused by its input function
\set VERBOSITY sqlstate
SELECT 'QkxBUw=='::bloom_agg_state;
SELECT 'not base64'::bloom_agg_state;
\set VERBOSITY default
-- the state's input errors name the state's type
SELECT 'QkxBUw=='::bloom_agg_state;
SELECT 'not base64'::bloom_agg_state;

DROP AGGREGATE bloom_agg_partial(anyelement);
DROP AGGREGATE bloom_agg_partial(anyelement, bigint, float8);
DROP AGGREGATE bloom_agg_partial(anyelement, bloomfilter);
DROP AGGREGATE bloom_agg_merge(bloom_agg_state);
DROP TABLE big, big_filter, parts, parts_fixed, parts_fixed_copy, parts_big;

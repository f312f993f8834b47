-- Union and intersection rules: a union never shrinks a filter below the
-- room its elements need, and every result is independent of operand order.

-- A blacklist OR-ed with a small self-sized batch: refused (it used to fold
-- the blacklist into the batch's single block and answer "maybe" to all).
CREATE TABLE blk (id int PRIMARY KEY, f bloomfilter);
INSERT INTO blk SELECT 1, bloom_agg(g, 100000, 0.01) FROM generate_series(1, 100000) g;
UPDATE blk SET f = f | (SELECT bloom_agg(x) FROM generate_series(2000001, 2000030) x);
SELECT m / 512 AS nblocks, n, design_n FROM blk, bloom_info(f);
-- what the hint says: build the batch in the filter's shape, or add its values
UPDATE blk SET f = f | (SELECT bloom_agg(x, blk.f) FROM generate_series(2000001, 2000030) x);
UPDATE blk SET f = bloom_add_all(f, ARRAY(SELECT generate_series(2000031, 2000040)));
SELECT m / 512 AS nblocks, n, design_n, fpp < 0.0125 AS within_rate,
       (SELECT count(*) FROM generate_series(2000001, 2000040) x WHERE NOT (f @> x)) AS missing
FROM blk, bloom_info(f);
-- an empty batch in any shape changes nothing; NULL neither
UPDATE blk SET f = f | (SELECT bloom_agg(x) FROM generate_series(1, 0) x);
UPDATE blk SET f = f | NULL;
SELECT n FROM blk, bloom_info(f, false);
-- bloom_union_agg has the same rule
\set VERBOSITY sqlstate
SELECT bloom_union_agg(f)
FROM (SELECT f FROM blk UNION ALL SELECT bloom_agg(x) FROM generate_series(1, 30) x) s;
\set VERBOSITY default

-- An empty pre-sized filter keeps its size: a union with a smaller filter is refused ...
SELECT bloom_empty(1000000, 0.001) | (SELECT bloom_agg(x) FROM generate_series(1, 40) x);
-- ... and one built in its shape keeps it
SELECT m, k, n, design_n, design_p
FROM bloom_info((SELECT bloom_empty(1000000, 0.001) | bloom_agg(x, bloom_empty(1000000, 0.001))
                 FROM generate_series(1, 40) x), false);
-- a smaller empty filter is neutral
SELECT (bloom_empty(10) | f)::text = f::text AS small_empty_is_neutral FROM blk;

-- bloom_union_agg does not depend on row order: filters of 2, 4 and 6 blocks
CREATE TABLE shapes AS
  SELECT o, bloom_add(bloom_empty(n, 0.01), o) AS f
  FROM (VALUES (1, 100), (2, 200), (3, 300)) v(o, n);
SELECT o, m / 512 AS nblocks FROM shapes, bloom_info(f, false) ORDER BY o;
\set VERBOSITY sqlstate
SELECT bloom_union_agg(f ORDER BY o) FROM shapes;
SELECT bloom_union_agg(f ORDER BY o DESC) FROM shapes;
\set VERBOSITY default
-- one shape, with empty filters of that size or smaller mixed in: the same bytes in any order
CREATE TABLE parts AS
  SELECT o, CASE WHEN o % 3 = 0 THEN bloom_empty(o % 2 * 1000 + 10, 0.01)
                 ELSE (SELECT bloom_agg(x, 1000, 0.01) FROM generate_series(o * 100, o * 100 + 99) x) END AS f
  FROM generate_series(1, 9) o;
SELECT count(DISTINCT u::text) AS distinct_results, min(n) AS n
FROM (SELECT bloom_union_agg(f ORDER BY o) AS u FROM parts
      UNION ALL SELECT bloom_union_agg(f ORDER BY o DESC) FROM parts
      UNION ALL SELECT bloom_union_agg(f ORDER BY md5(o::text)) FROM parts) s, bloom_info(u, false);
-- with an empty filter larger than the others, every order refuses
INSERT INTO parts VALUES (10, bloom_empty(100000, 0.01));
\set VERBOSITY sqlstate
SELECT bloom_union_agg(f ORDER BY o) FROM parts;
SELECT bloom_union_agg(f ORDER BY o DESC) FROM parts;
\set VERBOSITY default

-- | and & commute, byte for byte: filters of 1000 and 1010 design elements share a size
CREATE TABLE pair AS
  SELECT (SELECT bloom_agg(x, 1000, 0.01) FROM generate_series(1, 500) x) AS a,
         (SELECT bloom_agg(x, 1010, 0.01) FROM generate_series(300, 800) x) AS b;
SELECT (bloom_info(a)).m = (bloom_info(b)).m AS same_size,
       (a | b)::text = (b | a)::text AS union_commutes,
       (a & b)::text = (b & a)::text AS intersection_commutes,
       (bloom_info(a | b)).design_n AS union_design_n,
       (bloom_info(a & b)).design_n AS intersection_design_n
FROM pair;
-- the planner may swap them; so may bloom_union_agg
SELECT (SELECT bloom_union_agg(f ORDER BY i) FROM (VALUES (1, a), (2, b)) v(i, f))::text
     = (SELECT bloom_union_agg(f ORDER BY i DESC) FROM (VALUES (1, a), (2, b)) v(i, f))::text AS union_agg_commutes
FROM pair;

-- intersection folds the larger to the smaller (its bits are a subset of the smaller's)
SELECT (bloom_info(a & s)).m = (bloom_info(s)).m AS folded,
       (SELECT count(*) FROM generate_series(300, 500) x WHERE NOT ((a & s) @> x)) AS common_missing
FROM pair, LATERAL (SELECT bloom_agg(x, 200, 0.01) FROM generate_series(300, 800) x) t(s)
WHERE (bloom_info(a)).m % (bloom_info(s)).m = 0;

-- sizing helpers: messages that match what they reject
SELECT bloom_optimal_k(0, 100);
SELECT bloom_optimal_m(1000000000000000000, 1e-300);

DROP TABLE blk, shapes, parts, pair;

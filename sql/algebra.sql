-- Union, intersection, bloom_union_agg: compatible shapes, folding, errors.

CREATE TABLE sets AS
  SELECT bloom_agg(x, 1000, 0.01) FILTER (WHERE x <= 600) AS a,
         bloom_agg(x, 1000, 0.01) FILTER (WHERE x > 400) AS b
  FROM generate_series(1, 1000) x;

-- union holds both sets; intersection holds the common part
SELECT (SELECT count(*) FROM generate_series(1, 1000) x WHERE NOT ((a | b) @> x)) AS union_missing,
       (SELECT count(*) FROM generate_series(401, 600) x WHERE NOT ((a & b) @> x)) AS intersect_missing,
       (bloom_info(a | b)).n AS union_n, (bloom_info(a & b)).n AS intersect_n,
       bloom_union(a, b)::text = (a | b)::text AS union_fn,
       bloom_intersect(a, b)::text = (a & b)::text AS intersect_fn,
       (a | b)::text = (b | a)::text AS commutative
FROM sets;
-- the union of disjoint parts equals the filter built from all values at once
SELECT (SELECT bloom_agg(x, 1000, 0.01) FILTER (WHERE x <= 500) | bloom_agg(x, 1000, 0.01) FILTER (WHERE x > 500)
        FROM generate_series(1, 1000) x)::text
     = (SELECT bloom_agg(x, 1000, 0.01) FROM generate_series(1, 1000) x)::text AS union_is_exact;
-- intersection: members of one side only are mostly gone
SELECT (SELECT count(*) FROM generate_series(1, 400) x WHERE (a & b) @> x) < 40 AS only_a_mostly_gone FROM sets;
-- inputs are not modified
SELECT (bloom_info(a)).n AS a_n, (bloom_info(b)).n AS b_n FROM sets, LATERAL (SELECT a | b) u;

-- empty filters are neutral for union and absorbing for intersection (a union never shrinks one: union_rules.sql)
SELECT (bloom_empty(5) | a)::text = a::text AS empty_union, (bloom_info(bloom_empty(5) & a)).n AS empty_intersect_n
FROM sets;

-- an intersection of sizes that divide each other folds the larger: exact, no false negatives
SELECT (bloom_info(big & small)).m = (bloom_info(small)).m AS intersection_folded_to_smaller,
       (SELECT count(*) FROM generate_series(1, 200) x WHERE (big @> x AND small @> x) AND NOT ((big & small) @> x)) AS missing
FROM (SELECT bloom_agg(x, 10000, 0.01) FILTER (WHERE x <= 150) AS big,
             bloom_agg(x, 1, 0.01) FILTER (WHERE x > 100) AS small
      FROM generate_series(1, 200) x) s
WHERE (bloom_info(big)).m % (bloom_info(small)).m = 0;
-- a union keeps the room of both, so sizes must match (see union_rules.sql)
\set VERBOSITY sqlstate
SELECT big | small
FROM (SELECT bloom_agg(x, 10000, 0.01) FILTER (WHERE x <= 100) AS big,
             bloom_agg(x, 1, 0.01) FILTER (WHERE x > 100) AS small
      FROM generate_series(1, 200) x) s;
\set VERBOSITY default

-- incompatible filters are an error, not a wrong answer
\set VERBOSITY sqlstate
SELECT bloom_add(bloom_empty(1000, 0.01), 1) | bloom_add(bloom_empty(1000, 0.0001), 1);
SELECT bloom_add(bloom_empty(1000, 0.01), 1) | bloom_add(bloom_empty(1500, 0.01), 1);
SELECT bloom_add(bloom_empty(1000), 1) & bloom_add(bloom_empty(1000), 'x');
\set VERBOSITY default
SELECT bloom_add(bloom_empty(1000, 0.01), 1) | bloom_add(bloom_empty(1500, 0.01), 1);

-- bloom_union_agg: NULLs skipped, no rows gives NULL, result holds everything
CREATE TABLE daily AS
  SELECT d, bloom_agg(x, 10000, 0.01) AS f
  FROM generate_series(1, 10) d, generate_series(d * 1000, d * 1000 + 999) x GROUP BY d;
INSERT INTO daily VALUES (11, NULL);
SELECT (bloom_info(u)).n AS n,
       (SELECT count(*) FROM generate_series(1000, 10999) x WHERE NOT (u @> x)) AS missing,
       u::text = (SELECT bloom_agg(x, 10000, 0.01) FROM generate_series(1000, 10999) x)::text AS exact
FROM (SELECT bloom_union_agg(f) AS u FROM daily) s;
SELECT bloom_union_agg(f) IS NULL AS no_rows_is_null FROM daily WHERE false;
\set VERBOSITY sqlstate
SELECT bloom_union_agg(f) FROM (SELECT bloom_add(bloom_empty(10, p), 1) AS f FROM unnest(ARRAY[0.1, 0.001]) p) s;
SELECT bloom_union_agg_trans(NULL, bloom_empty(1));
\set VERBOSITY default

DROP TABLE sets, daily;

-- NULL: the empty set for a union (nothing of f is lost), unknown for an intersection
SELECT (bloom_add(bloom_empty(10), 1) | NULL) @> 1 AS union_with_null_keeps_f,
       (NULL | bloom_add(bloom_empty(10), 1)) @> 1 AS null_union_keeps_f,
       (bloom_add(bloom_empty(10), 1) & NULL) IS NULL AS intersection_with_null_is_null;

-- Membership: @>, <@, bloom_contains, bloom_add; literals; NULLs; no false negatives.

CREATE TABLE blacklist (id int PRIMARY KEY, emails bloomfilter);
INSERT INTO blacklist VALUES (1, bloom_empty(1000, 0.001));
UPDATE blacklist SET emails = bloom_add(emails, 'spam@example.com');
UPDATE blacklist SET emails = bloom_add(emails, 'fraud@example.org'::varchar);

-- untyped literals work as text, on either side
SELECT emails @> 'spam@example.com' AS has_spam,
       'fraud@example.org' <@ emails AS has_fraud,
       emails @> 'friend@example.com' AS has_friend,
       bloom_contains(emails, 'spam@example.com') AS contains_fn
FROM blacklist;
SELECT n, value_kind FROM blacklist, bloom_info(emails);

-- bloom_add never modifies its input
SELECT f @> 'a' AS before_has_a, bloom_add(f, 'a') @> 'a' AS after_has_a, f @> 'a' AS input_still_without_a
FROM (SELECT bloom_empty(10) AS f) s;

-- NULLs: a NULL probe gives NULL; adding NULL changes nothing; a NULL filter stays NULL
SELECT bloom_add(bloom_empty(10), 'x') @> NULL::text AS null_probe,
       bloom_contains(NULL, 1) AS null_filter,
       bloom_add(NULL, 1) IS NULL AS add_to_null,
       bloom_add(bloom_empty(10), NULL::int)::text = bloom_empty(10)::text AS add_null_is_noop;

-- an empty filter contains nothing, so NOT (f @> x) keeps every row
SELECT count(*) AS kept FROM generate_series(1, 1000) x WHERE NOT (bloom_empty(10) @> x);

-- no false negatives: every added value is found
CREATE TABLE members AS SELECT g AS x, md5(g::text) AS s FROM generate_series(1, 100000) g;
CREATE TABLE filters AS
  SELECT bloom_agg(x) AS fx, bloom_agg(s) AS fs, bloom_agg(x, 0.0001) AS fx_tight FROM members;
SELECT count(*) FILTER (WHERE NOT (f.fx @> m.x)) AS missing_x,
       count(*) FILTER (WHERE NOT (f.fs @> m.s)) AS missing_s,
       count(*) FILTER (WHERE NOT (m.x <@ f.fx_tight)) AS missing_tight
FROM members m, filters f;

-- the false-positive rate on 200,000 non-members is near the design rate (0.01, 0.0001)
SELECT count(*) FILTER (WHERE f.fx @> g) BETWEEN 1000 AND 2500 AS fx_rate_ok,
       count(*) FILTER (WHERE f.fs @> md5(g::text)) BETWEEN 1000 AND 2500 AS fs_rate_ok,
       count(*) FILTER (WHERE f.fx_tight @> g) <= 50 AS tight_rate_ok
FROM filters f, generate_series(100001, 300000) g;

-- a stored, TOASTed filter probed for every row of a join
CREATE TABLE stored AS SELECT 1 AS id, fx FROM filters;
SELECT count(*) AS found FROM members m JOIN stored s ON s.fx @> m.x;
SELECT count(*) AS found_subquery FROM members m WHERE (SELECT fx FROM stored) @> m.x;

-- bloom_add keeps counting and keeps what was there
SELECT n, (bloom_add(fx, 0) @> 0) AND (bloom_add(fx, 0) @> 1) AS both_found,
       (bloom_info(bloom_add(fx, 0))).n AS n_after
FROM filters, bloom_info(fx);

-- a filter stored compressed and out of line (storage changed to extended) is
-- decompressed on the way in: probes work, row after row
CREATE TABLE compressed (id int, f bloomfilter);
ALTER TABLE compressed ALTER COLUMN f SET STORAGE EXTENDED;
INSERT INTO compressed SELECT 1, bloom_add(bloom_add(bloom_empty(1000000), 42), 4242);
SELECT pg_column_compression(f) IS NOT NULL AS stored_compressed, pg_column_size(f) < (bloom_info(f)).bytes AS smaller,
       f @> 42 AS has_42, f @> 4242 AS has_4242, f @> 43 AS has_43
FROM compressed;
SELECT count(*) FILTER (WHERE c.f @> g) AS found FROM compressed c, generate_series(1, 10000) g;

DROP TABLE blacklist, members, filters, stored, compressed;

-- PL/pgSQL evaluates a simple expression again and again with the same
-- function cache while a variable is freed and a new value takes its place:
-- the cache of a checked filter must notice (new filters at the same address,
-- an empty one among them, and an inline compressed one)
CREATE TABLE compressed_inline (f bloomfilter);
ALTER TABLE compressed_inline ALTER COLUMN f SET STORAGE main;
INSERT INTO compressed_inline SELECT bloom_add(bloom_empty(20000, 0.01), 42);
SELECT pg_column_size(f) < 2000 AS stored_compressed FROM compressed_inline;
DO $$
DECLARE
  f bloomfilter;
  found int := 0;
  missed int := 0;
  sizes_right int := 0;
BEGIN
  FOR i IN 1 .. 40 LOOP
    f := NULL;
    IF i % 10 = 0 THEN
      SELECT c.f INTO f FROM compressed_inline c;
    ELSIF i % 7 = 0 THEN
      f := bloom_empty(100 * (i % 3 + 1), 0.01);
    ELSE
      f := bloom_add(bloom_empty(100 * (i % 3 + 1), 0.01), 42);
    END IF;
    IF bloom_contains(f, 42) THEN found := found + 1;
    ELSIF i % 7 <> 0 OR i % 10 = 0 THEN missed := missed + 1;
    END IF;
    IF (bloom_info(f, false)).m = (bloom_info(bloom_empty(CASE WHEN i % 10 = 0 THEN 20000 ELSE 100 * (i % 3 + 1) END, 0.01), false)).m
    THEN sizes_right := sizes_right + 1;
    END IF;
  END LOOP;
  RAISE NOTICE 'found %, missed %, sizes right %', found, missed, sizes_right;
END $$;
DROP TABLE compressed_inline;

-- Stored filters: point probes read slices, bloom_info(f, false) reads the
-- header, blacklists grow by batches, and large sets split into shards.
SET stats_fetch_consistency = none;
CREATE TABLE blacklists (id int PRIMARY KEY, f bloomfilter);
-- 300,000 elements at 1%: 372 kB, stored out of line and uncompressed
INSERT INTO blacklists SELECT 1, bloom_agg(g, 300000, 0.01) FROM generate_series(1, 300000) g;
SELECT attstorage FROM pg_attribute WHERE attrelid = 'blacklists'::regclass AND attname = 'f';
SELECT pg_column_size(f) > 300000 AS stored_whole, (bloom_info(f, false)).bytes FROM blacklists;

-- TOAST pages read (hit or not) so far; the counters reach the statistics at the
-- end of each transaction, so they are read between statements
CREATE TEMP TABLE pages (what text, touched bigint);
CREATE FUNCTION toast_pages() RETURNS bigint LANGUAGE sql AS $$
  SELECT coalesce(toast_blks_hit, 0) + coalesce(toast_blks_read, 0)
  FROM pg_statio_user_tables WHERE relname = 'blacklists' $$;
SELECT pg_stat_force_next_flush();
INSERT INTO pages VALUES ('start', toast_pages());
SELECT f @> 123456 AS member, f @> 123456789 AS non_member FROM blacklists WHERE id = 1;
SELECT pg_stat_force_next_flush();
INSERT INTO pages VALUES ('two point probes', toast_pages());
SELECT n, bits_set IS NULL AS bits_not_counted FROM bloom_info((SELECT f FROM blacklists WHERE id = 1), false);
SELECT pg_stat_force_next_flush();
INSERT INTO pages VALUES ('bloom_info(f, false)', toast_pages());
SELECT n, bits_set > 0 AS bits_counted FROM bloom_info((SELECT f FROM blacklists WHERE id = 1));
SELECT pg_stat_force_next_flush();
INSERT INTO pages VALUES ('bloom_info(f)', toast_pages());
-- the whole value is about 47 TOAST pages; a point probe reads the header's and its block's
SELECT what, touched - lag(touched) OVER (ORDER BY ctid) < 10 AS under_10_pages,
       touched - lag(touched) OVER (ORDER BY ctid) > 40 AS over_40_pages
FROM pages ORDER BY ctid OFFSET 1;

-- probing through slices, then (past the break-even) the whole value: the same answers
SELECT count(*) FILTER (WHERE b.f @> g) AS stored, count(*) FILTER (WHERE m.f @> g) AS in_memory,
       count(*) FILTER (WHERE g <= 300000 AND NOT b.f @> g) AS false_negatives
FROM blacklists b, (SELECT bloom_add_all(f, '{}'::int[]) AS f FROM blacklists) m, generate_series(299001, 301000) g
WHERE b.id = 1;
SELECT count(*) FILTER (WHERE b.f @> g) = count(*) FILTER (WHERE m.f @> g) AS same_over_5000_probes
FROM blacklists b, (SELECT bloom_add_all(f, '{}'::int[]) AS f FROM blacklists) m, generate_series(295001, 300000) g
WHERE b.id = 1;
-- a stored value of another kind, probed through slices: the same error as in memory
SELECT f @> 'text' FROM blacklists WHERE id = 1;
-- compressed after all (the column's storage changed): read whole, same answers
CREATE TABLE compressed (id int, f bloomfilter);
ALTER TABLE compressed ALTER COLUMN f SET STORAGE extended;
INSERT INTO compressed SELECT 1, bloom_agg(g, 1000000, 0.01) FROM generate_series(1, 1000) g;
SELECT pg_column_size(f) < 100000 AS compressed, f @> 500 AS member, f @> 5000 AS non_member,
       (bloom_info(f, false)).n FROM compressed;
DROP TABLE compressed;

-- batches: bloom_add_all adds an array in one copy; NULL elements and a NULL array add nothing
UPDATE blacklists SET f = bloom_add_all(f, ARRAY[2000001, NULL, 2000002]) WHERE id = 1;
SELECT f @> 2000001 AS first, f @> 2000002 AS second, (bloom_info(f, false)).n FROM blacklists;
UPDATE blacklists SET f = bloom_add_all(f, NULL::int[]) WHERE id = 1;
SELECT (bloom_info(f, false)).n FROM blacklists;
SELECT bloom_add_all(bloom_empty(10), ARRAY[[1, 2], [3, 4]]) @> 4 AS two_dimensional,
       bloom_add_all(bloom_empty(10), '{}'::text[]) IS NOT NULL AS empty_array,
       bloom_add_all(NULL, ARRAY[1]) IS NULL AS null_filter;
SELECT bloom_add_all(bloom_add(bloom_empty(10), 'x'), ARRAY[1, 2]);
SELECT bloom_add_all(bloom_empty(10), ARRAY[row(1, 'a'::text), row('b'::text, 2)]);

-- bloom_agg(x, shape): a filter of the batch in the shape of the stored one, OR-ed in
CREATE TABLE batch (x int);
INSERT INTO batch SELECT g FROM generate_series(3000001, 3010000) g;
UPDATE blacklists b SET f = b.f | (SELECT bloom_agg(x, b.f) FROM batch) WHERE id = 1;
SELECT (bloom_info(f, false)).n, (SELECT count(*) FROM batch WHERE bl.f @> x) AS batch_found
FROM blacklists bl;
-- an empty batch: the aggregate is NULL, and f | NULL keeps f
TRUNCATE batch;
UPDATE blacklists b SET f = b.f | (SELECT bloom_agg(x, b.f) FROM batch) WHERE id = 1;
SELECT f IS NOT NULL AS kept, (bloom_info(f, false)).n FROM blacklists;
-- NULL for a constant shape too, so that a generic plan (the shape a parameter) answers alike
SELECT (SELECT bloom_agg(x, bloom_empty(1000, 0.001)) FROM batch) IS NULL AS constant_shape_gives_null;
SELECT bloom_agg(x, bloom_empty(1000, 0.001)) IS NULL AS only_nulls_give_null FROM (VALUES (NULL::int)) v(x);
SELECT bloom_union(NULL, NULL) IS NULL AS null_union_null;
-- the shape decides m and k; values of another kind than the shape's are refused
SELECT (bloom_info(bloom_agg(g, bloom_empty(5000, 0.05)))).m = (bloom_info(bloom_empty(5000, 0.05))).m AS same_m
FROM generate_series(1, 100) g;
SELECT bloom_agg(g::text, (SELECT f FROM blacklists)) FROM generate_series(1, 3) g;
SELECT bloom_agg(g, NULL::bloomfilter) FROM generate_series(1, 3) g;
-- the shape's kind is checked against the first value, even after NULLs
SELECT bloom_agg(v, bloom_add(bloom_empty(10), 1)) FROM (VALUES (NULL), ('text')) t(v);

-- shards: one filter per shard of the key space; an UPDATE rewrites one shard
SELECT bloom_shard(42, 16) AS int4, bloom_shard(42::int8, 16) AS int8, bloom_shard('x', 16) AS literal,
       bloom_shard('x'::varchar, 16) AS varchar;
SELECT bloom_shard(1, 0);
SELECT bool_and(s BETWEEN 0 AND 6) AS in_range, count(DISTINCT s) AS shards_used
FROM (SELECT bloom_shard(g, 7) AS s FROM generate_series(1, 10000) g) t;
CREATE TABLE shards AS
  SELECT bloom_shard(g, 8) AS shard, bloom_agg(g, 2500, 0.01) AS f
  FROM generate_series(1, 20000) g GROUP BY 1;
-- every value is found in its shard; non-members pass at about 1% (a shard's
-- values still spread over all of its filter's blocks)
SELECT count(*) FILTER (WHERE s.f @> g) AS members_found
FROM generate_series(1, 20000) g JOIN shards s ON s.shard = bloom_shard(g, 8);
SELECT count(*) FILTER (WHERE s.f @> g) BETWEEN 140 AND 260 AS false_positives_near_1_percent
FROM generate_series(100001, 120000) g JOIN shards s ON s.shard = bloom_shard(g, 8);
DROP TABLE shards, batch, blacklists, pages;
DROP FUNCTION toast_pages();

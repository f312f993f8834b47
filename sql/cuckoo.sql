-- cuckoofilter: fingerprints in buckets of 4 slots, with remove and count.
\set VERBOSITY terse

-- sizing: f = ceil(log2(8 / p)), buckets n / 3.8 rounded up to even (format version 2)
SELECT fingerprint_bits, buckets, slots, n, design_n, design_p, value_kind, stash_used, format_version
FROM cuckoo_info(cuckoo_empty(1000, 0.01));
SELECT fingerprint_bits FROM cuckoo_info(cuckoo_empty(1000, 0.001));
SELECT cuckoo_empty(-1);
SELECT cuckoo_empty(10, 0);
SELECT cuckoo_empty(10, 1e-10);
SELECT cuckoo_empty(1000000000000, 0.01);

-- add, probe, count, remove
SELECT cuckoo_add(cuckoo_add(cuckoo_empty(1000), 1), 2) AS f \gset
SELECT :'f'::cuckoofilter @> 1 AS has_1, :'f'::cuckoofilter @> 2 AS has_2, :'f'::cuckoofilter @> 3 AS has_3,
       2 <@ :'f'::cuckoofilter AS two_in, cuckoo_count(:'f'::cuckoofilter, 1) AS count_1;
SELECT cuckoo_remove(:'f'::cuckoofilter, 1) @> 1 AS has_1_after_remove,
       cuckoo_remove(:'f'::cuckoofilter, 1) @> 2 AS keeps_2,
       (cuckoo_info(cuckoo_remove(:'f'::cuckoofilter, 1))).n AS n;
-- a value not there: the filter comes back unchanged
SELECT cuckoo_remove(:'f'::cuckoofilter, 3)::text = :'f' AS absent_remove_changes_nothing;
-- the input is never modified; NULLs as for bloomfilter
SELECT cuckoo_add(:'f'::cuckoofilter, 99)::text <> :'f' AS new_value, :'f'::cuckoofilter @> 99 AS original_unchanged,
       cuckoo_add(:'f'::cuckoofilter, NULL::int)::text = :'f' AS null_value, cuckoo_add(NULL, 1) IS NULL AS null_filter;
-- text and "char" forms; the kind check (42804)
SELECT cuckoo_add(cuckoo_empty(10), 'abc') @> 'abc'::text AS text_form,
       cuckoo_add(cuckoo_empty(10), 'a'::"char") @> 'a'::"char" AS char_form,
       cuckoo_count(cuckoo_add(cuckoo_empty(10), 'abc'), 'abc') AS text_count;
SELECT cuckoo_add(:'f'::cuckoofilter, 'x'::text);
SELECT :'f'::cuckoofilter @> 'x'::text;
SELECT cuckoo_count(:'f'::cuckoofilter, 1::float8);
-- int2, int4 and int8 hash alike, as in bloomfilter
SELECT cuckoo_add(cuckoo_empty(10), 5::int2) @> 5::int8 AS integers_alike;

-- the same value at most 8 times (4 slots in each of 2 buckets): the 9th is an ERROR
SELECT cuckoo_add_all(cuckoo_empty(1000), array_fill(42, ARRAY[8])) AS d \gset
SELECT cuckoo_count(:'d'::cuckoofilter, 42) AS copies, (cuckoo_info(:'d'::cuckoofilter)).n AS n;
SELECT cuckoo_add(:'d'::cuckoofilter, 42);
SELECT cuckoo_count(cuckoo_remove_all(:'d'::cuckoofilter, array_fill(42, ARRAY[3])), 42) AS after_3_removes,
       cuckoo_remove_all(:'d'::cuckoofilter, array_fill(42, ARRAY[8])) @> 42 AS after_8_removes,
       (cuckoo_info(cuckoo_remove_all(:'d'::cuckoofilter, array_fill(42, ARRAY[9])))).n AS n_after_9;
SELECT cuckoo_agg(x, 100, 0.01) FROM (SELECT 7 AS x FROM generate_series(1, 9)) s;
SELECT cuckoo_count(cuckoo_agg(DISTINCT x, 100, 0.01), 7) AS distinct_once
FROM (SELECT 7 AS x FROM generate_series(1, 9)) s;

-- a full filter is an ERROR and the stored value is unchanged
CREATE TABLE blacklist (id int, members cuckoofilter);
INSERT INTO blacklist VALUES (1, cuckoo_add_all(cuckoo_empty(100, 0.01), ARRAY(SELECT generate_series(1, 100))));
SELECT members::text AS before FROM blacklist \gset
SELECT buckets, slots, n FROM cuckoo_info((SELECT members FROM blacklist));
UPDATE blacklist SET members = cuckoo_add_all(members, ARRAY(SELECT generate_series(101, 1000)));
SELECT members::text = :'before' AS unchanged, (cuckoo_info(members)).n AS n FROM blacklist;
-- every member is still there after the refused insertion
SELECT count(*) FILTER (WHERE members @> x) AS found FROM blacklist, generate_series(1, 100) x;
-- filling up to the first refusal: the load reached, and nothing lost
DO $$
DECLARE
    f cuckoofilter := cuckoo_empty(1000, 0.01);
    i int := 0;
BEGIN
    LOOP
        BEGIN
            f := cuckoo_add(f, i + 1);
        EXCEPTION WHEN program_limit_exceeded THEN
            EXIT;
        END;
        i := i + 1;
    END LOOP;
    RAISE NOTICE 'first refusal after % of % slots: load >= 0.95 %', i, (cuckoo_info(f)).slots,
        i >= 0.95 * (cuckoo_info(f)).slots;
    RAISE NOTICE 'members lost: %', (SELECT count(*) FROM generate_series(1, i) x WHERE NOT f @> x);
END $$;

-- removing a value that was never added but shares a fingerprint and a
-- bucket with one that was: it removes that one (remove only what you added)
SELECT cuckoo_add_all(cuckoo_empty(8, 0.5), ARRAY[1, 2, 3, 4, 5]) AS small \gset
SELECT min(x) AS impostor FROM generate_series(6, 100000) x
WHERE cuckoo_count(:'small'::cuckoofilter, x) > 0 AND cuckoo_count(cuckoo_remove(:'small'::cuckoofilter, x), 1) = 0 \gset
SELECT :impostor > 5 AS never_added, :'small'::cuckoofilter @> :impostor AS false_positive,
       cuckoo_remove(:'small'::cuckoofilter, :impostor) @> 1 AS member_1_after;

-- union: a multiset sum of two filters of the same shape
SELECT cuckoo_add_all(cuckoo_empty(1000), ARRAY[1, 2, 3]) | cuckoo_add_all(cuckoo_empty(1000), ARRAY[3, 4]) AS u \gset
SELECT cuckoo_count(:'u'::cuckoofilter, 3) AS three_twice, :'u'::cuckoofilter @> 4 AS has_4, (cuckoo_info(:'u'::cuckoofilter)).n AS n;
SELECT cuckoo_add(cuckoo_empty(1000), 1) | cuckoo_add(cuckoo_empty(100000), 2);
SELECT cuckoo_add(cuckoo_empty(1000), 1) | cuckoo_add(cuckoo_empty(1000), 'x'::text);
SELECT (cuckoo_empty(10) | cuckoo_add(cuckoo_empty(1000), 1)) @> 1 AS empty_neutral,
       (:'f'::cuckoofilter | NULL)::text = :'f' AS union_null;

-- text and binary I/O: validated; one type's bytes are never read as another's
SELECT :'f'::cuckoofilter::text = :'f' AS round_trip,
       cuckoofilter_send(:'f'::cuckoofilter) = decode(:'f', 'base64') AS send_is_bytes;
SELECT 'not base64'::cuckoofilter;
SELECT bloom_empty(10)::text::cuckoofilter;
SELECT cuckoo_empty(10)::text::bloomfilter;
SELECT cuckoo_empty(10)::text::countingbloom;
SELECT encode(substr(decode(:'f', 'base64'), 1, 40), 'base64')::cuckoofilter;
-- n_items that disagrees with the slots
SELECT translate(encode(overlay(decode(:'f', 'base64') PLACING '\x03'::bytea FROM 25), 'base64'), E'\n', '')::cuckoofilter;
-- a stash flag without a stashed fingerprint
SELECT translate(encode(overlay(decode(:'f', 'base64') PLACING '\x01'::bytea FROM 13), 'base64'), E'\n', '')::cuckoofilter;

-- the aggregate, serial and parallel, and its typed forms
CREATE TABLE cuckoo_big AS SELECT g AS x FROM generate_series(1, 100000) g;
ANALYZE cuckoo_big;
SELECT (cuckoo_info(cuckoo_agg(x, 100000, 0.01))).n AS n FROM cuckoo_big;
SELECT cuckoo_agg(x, 10, 0.01) IS NULL AS zero_rows_null FROM cuckoo_big WHERE false;
SELECT cuckoo_agg(x, NULL, 0.01) FROM cuckoo_big;
SELECT cuckoo_agg(x::int4, 100, 0.01)::text = cuckoo_agg(x::int8, 100, 0.01)::text AS int_forms_agree,
       cuckoo_agg(x::text, 100, 0.01) @> '5' AS text_form,
       cuckoo_agg(x::float8, 100, 0.01) @> 5::float8 AS anyelement_form
FROM generate_series(1, 10) x;
SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT cuckoo_agg(x, 100000, 0.01) FROM cuckoo_big;
SELECT (cuckoo_info(cuckoo_agg(x, 100000, 0.01))).n AS parallel_n,
       bool_and(true) AS ok FROM cuckoo_big;
CREATE TABLE cuckoo_stored AS SELECT cuckoo_agg(x, 100000, 0.01) AS f FROM cuckoo_big;
RESET parallel_setup_cost; RESET parallel_tuple_cost; RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
-- stored out of line: probes read the header and 2 buckets through slices, then the whole value
SELECT pg_column_size(f) > 100000 AS stored_large FROM cuckoo_stored;
SELECT count(*) FILTER (WHERE f @> x) AS members_found, count(*) AS members
FROM cuckoo_stored, generate_series(1, 100000, 37) x;
SELECT count(*) FILTER (WHERE f @> x) < 30 AS few_false_positives
FROM cuckoo_stored, generate_series(200001, 203000) x;
SELECT cuckoo_count(f, 77) AS count_77 FROM cuckoo_stored;
UPDATE cuckoo_stored SET f = cuckoo_remove(f, 77);
SELECT f @> 77 AS removed, f @> 78 AS kept FROM cuckoo_stored;
SELECT cuckoo_union_agg(f) IS NOT NULL AS union_agg FROM cuckoo_stored;
SELECT cuckoo_agg_trans(NULL, 1, 10, 0.01);
-- self-sized: bloom_agg's state and transition, sized as cuckoo_empty(rows, p);
-- the hashes go in ascending, so serial and parallel plans make the same bytes
SELECT (cuckoo_info(cuckoo_agg(x))).buckets = (cuckoo_info(cuckoo_empty(100000))).buckets AS sized_as_empty,
       (cuckoo_info(cuckoo_agg(x))).n AS n,
       (cuckoo_info(cuckoo_agg(x))).design_n AS design_n,
       (cuckoo_info(cuckoo_agg(x::text, 0.001))).fingerprint_bits AS bits_at_0_001
FROM cuckoo_big;
SELECT count(*) FILTER (WHERE f @> x) AS members_found, count(*) AS members
FROM (SELECT cuckoo_agg(x) AS f FROM cuckoo_big) s, generate_series(1, 100000, 37) x;
SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT cuckoo_agg(x) FROM cuckoo_big;
CREATE TABLE cuckoo_self_parallel AS SELECT cuckoo_agg(x) AS f, cuckoo_agg(x, 0.001) AS f3 FROM cuckoo_big;
RESET parallel_setup_cost; RESET parallel_tuple_cost; RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
SELECT f::text = (SELECT cuckoo_agg(x) FROM cuckoo_big)::text AS parallel_equals_serial,
       f3::text = (SELECT cuckoo_agg(x, 0.001) FROM cuckoo_big)::text AS parallel_equals_serial_p,
       f::text = (SELECT cuckoo_agg(x ORDER BY x DESC) FROM cuckoo_big)::text AS any_order_same_bytes
FROM cuckoo_self_parallel;
-- a table 95% full at its planned size: 3,891 rows need 1,024 buckets of 4 slots
SELECT (cuckoo_info(cuckoo_agg(x))).load > 0.94 AS planned_full, count(*) FILTER (WHERE x % 7 = 0) > 0 AS rows
FROM generate_series(1, 3891) x;
SELECT count(*) FILTER (WHERE f @> x) AS all_found FROM (SELECT cuckoo_agg(x) AS f FROM generate_series(1, 3891) x) s,
       generate_series(1, 3891) x;
-- these 15 rows do not fit the 4 buckets planned (93.75% full): the table has 8
SELECT (cuckoo_info(f)).buckets AS buckets, (cuckoo_info(cuckoo_empty(15))).buckets AS planned,
       (cuckoo_info(f)).n AS n, (cuckoo_info(f)).design_n AS design_n,
       (SELECT count(*) FROM generate_series(5100017, 5100031) x WHERE f @> x) AS all_found
FROM (SELECT cuckoo_agg(x) AS f FROM generate_series(5100017, 5100031) x) s;
-- the same rows at n = 15: the size is the user's, and full is an ERROR
SELECT cuckoo_agg(x, 15, 0.01) FROM generate_series(5100017, 5100031) x;
-- duplicates: up to 8 copies, the 9th is an ERROR; NULLs skipped; zero rows give NULL
SELECT cuckoo_count(cuckoo_agg(x), 7) AS copies FROM (SELECT 7 AS x FROM generate_series(1, 8)) s;
SELECT cuckoo_agg(x) FROM (SELECT 7 AS x FROM generate_series(1, 9)) s;
SELECT cuckoo_count(cuckoo_agg(DISTINCT x), 7) AS distinct_once FROM (SELECT 7 AS x FROM generate_series(1, 9)) s;
SELECT (cuckoo_info(cuckoo_agg(NULL::int))).n AS only_nulls FROM generate_series(1, 3);
SELECT cuckoo_agg(x) IS NULL AS zero_rows_null FROM cuckoo_big WHERE false;
SELECT cuckoo_agg(x, 1e-12) FROM cuckoo_big;
-- checked on the first row: not the hash limit's ERROR, nor a filter of bloomfilter's 1e-12 first
SET bloomfilter.agg_hash_limit = 8;
SELECT cuckoo_agg(x, 1e-12) FROM cuckoo_big;
RESET bloomfilter.agg_hash_limit;
-- many copies of each value crowd their bucket pairs: twice the buckets do not help
SELECT cuckoo_agg(x % 1000) FROM generate_series(1, 5000) x;
-- a value on 8 rows beside 6 values that share its fingerprint and buckets
-- in the planned table (f = 5 at p = 0.3, 4 buckets) but not in one of 8:
-- a copies refusal there, not the 9th copy of one value, so the table of
-- twice the buckets is built
CREATE TEMP TABLE sharing_39000 AS SELECT unnest('{39001, 39113, 39115, 39165, 39405, 39506}'::int[]) AS w;
SELECT count(*) FILTER (WHERE cuckoo_count(cuckoo_add(cuckoo_empty(14, 0.3), 39000), w) = 1) AS share_in_4,
       count(*) FILTER (WHERE cuckoo_count(cuckoo_add(cuckoo_empty(30, 0.3), 39000), w) = 0) AS apart_in_8
FROM sharing_39000;
SELECT cuckoo_count(f, 39000) AS copies, (SELECT bool_and(f @> w) FROM sharing_39000) AS others_found,
       (cuckoo_info(f)).buckets AS buckets, (cuckoo_info(cuckoo_empty(14, 0.3))).buckets AS planned_buckets
FROM (SELECT cuckoo_agg(x, 0.3) f FROM (SELECT 39000 AS x FROM generate_series(1, 8) UNION ALL SELECT w FROM sharing_39000) s) t;
-- a 9th row of that value is the copies ERROR, found before any table is built
SELECT cuckoo_agg(x, 0.3) FROM (SELECT 39000 AS x FROM generate_series(1, 9) UNION ALL SELECT w FROM sharing_39000) s;
SELECT cuckoo_agg(x, x / 1e6) FROM cuckoo_big;
-- past bloomfilter.agg_hash_limit the state would hold a bloomfilter, not hashes:
-- an ERROR at the row past it
SET bloomfilter.agg_hash_limit = 65536;
SELECT cuckoo_agg(x) FROM cuckoo_big;
RESET bloomfilter.agg_hash_limit;
-- typed forms and anyelement, and beside bloom_agg
SELECT cuckoo_agg(x::int4)::text = cuckoo_agg(x::int8)::text AS int_forms_agree,
       cuckoo_agg(x::text) @> '5' AS text_form,
       cuckoo_agg(x::float8, 0.1) @> 5::float8 AS anyelement_form,
       bloom_agg(x) @> 5 AND cuckoo_agg(x) @> 5 AS beside_bloom_agg
FROM generate_series(1, 10) x;
SELECT cuckoo_agg_final(NULL);
SELECT cuckoo_agg_hashes_trans(NULL, 1);
-- partial states that together pass the limit: an ERROR in the combine, before any filter
CREATE TABLE cuckoo_parts (g int, x int) PARTITION BY LIST (g);
CREATE TABLE cuckoo_part1 PARTITION OF cuckoo_parts FOR VALUES IN (1);
CREATE TABLE cuckoo_part2 PARTITION OF cuckoo_parts FOR VALUES IN (2);
CREATE TABLE cuckoo_part3 PARTITION OF cuckoo_parts FOR VALUES IN (3);
INSERT INTO cuckoo_parts SELECT g, x + 100 * g FROM generate_series(1, 3) g, generate_series(1, 6) x;
SET enable_partitionwise_aggregate = on;
SET bloomfilter.agg_hash_limit = 8;
EXPLAIN (COSTS OFF) SELECT cuckoo_agg(x, 1e-8) FROM cuckoo_parts;
SELECT cuckoo_agg(x, 1e-8) FROM cuckoo_parts;
SELECT countingbloom_agg(x) FROM cuckoo_parts;
RESET bloomfilter.agg_hash_limit;
CREATE TEMP TABLE partitionwise AS SELECT cuckoo_agg(x, 1e-8) AS f FROM cuckoo_parts;
RESET enable_partitionwise_aggregate;
SELECT (cuckoo_info(f)).n AS partitionwise_n, f::text = (SELECT cuckoo_agg(x, 1e-8) FROM cuckoo_parts)::text AS same_bytes
FROM partitionwise;
DROP TABLE partitionwise;
DROP TABLE cuckoo_parts;
-- in a window there is no Aggref to name the aggregate: its transition does
SELECT cuckoo_agg(x, CASE WHEN x > 2 THEN 0.1 ELSE 0.01 END) OVER (ORDER BY x) FROM generate_series(1, 5) x;
-- many small groups
SELECT count(*) AS groups, count(*) FILTER (WHERE f @> g AND f @> g + 100000) AS both_found
FROM (SELECT g, cuckoo_agg(x) AS f FROM generate_series(1, 20000) g,
      LATERAL (VALUES (g), (g + 100000), (g + 200000)) v(x) GROUP BY g) s;
DROP TABLE cuckoo_self_parallel;
-- small filters stored inline in their rows, with one length and header
-- (same n, p and count): each row is probed in its own bytes
CREATE TEMP TABLE cuckoo_inline AS
SELECT g AS id, cuckoo_add_all(cuckoo_empty(50, 0.01), ARRAY(SELECT g * 1000 + i FROM generate_series(1, 20) i)) AS f
FROM generate_series(1, 3) g;
SELECT count(DISTINCT substr(cuckoofilter_send(f), 1, 64)) AS headers, count(DISTINCT f::text) AS values,
       bool_and(pg_column_size(f) < 2000) AS inline FROM cuckoo_inline;
SELECT id, count(*) FILTER (WHERE f @> (g * 1000 + i) AND g = id) AS own_found,
       count(*) FILTER (WHERE f @> (g * 1000 + i) AND g <> id) AS others_found
FROM cuckoo_inline, generate_series(1, 3) g, generate_series(1, 20) i GROUP BY id ORDER BY id;
DROP TABLE cuckoo_inline;
-- two stored filters probed in turn by one call site: each answers for itself
ALTER TABLE cuckoo_stored ADD COLUMN id int DEFAULT 1;
INSERT INTO cuckoo_stored SELECT cuckoo_agg(x + 1000000, 100000, 0.01), 2 FROM cuckoo_big;
SELECT id, count(*) FILTER (WHERE f @> x) AS found
FROM cuckoo_stored, (SELECT x FROM generate_series(1, 2000) x UNION ALL SELECT x + 1000000 FROM generate_series(1, 2000) x) v
GROUP BY id ORDER BY id;
-- past the slices, a stored filter kept whole is probed in its unpacked
-- table: the same answers as the filter in memory, after removes
UPDATE cuckoo_stored SET f = cuckoo_remove_all(f, ARRAY(SELECT generate_series(1, 2000)::int8)) WHERE id = 1;
WITH memory AS MATERIALIZED (SELECT f::text::cuckoofilter AS m FROM cuckoo_stored WHERE id = 1)
SELECT count(*) FILTER (WHERE f @> x) = count(*) FILTER (WHERE m @> x) AS stored_equals_memory,
       count(*) FILTER (WHERE f @> x AND x > 2000 AND x <= 100000) = 98000 AS members_kept
FROM (SELECT f FROM cuckoo_stored WHERE id = 1) s, memory,
     (SELECT generate_series(1, 100000) x UNION ALL SELECT generate_series(300001, 400000)) v;
DROP TABLE cuckoo_stored, cuckoo_big, blacklist;

-- a PL/pgSQL variable takes a new value at the same address, row after
-- row: each probe answers for the value it is given
DO $$
DECLARE
    f cuckoofilter;
    wrong int := 0;
BEGIN
    FOR i IN 1..60 LOOP
        f := cuckoo_add(cuckoo_empty(100), i);
        IF NOT f @> i OR cuckoo_count(f, i) <> 1 THEN
            wrong := wrong + 1;
        END IF;
    END LOOP;
    RAISE NOTICE 'members not found: %', wrong;
END $$;

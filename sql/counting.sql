-- countingbloom: a counting Bloom filter in bloomfilter's layout.
\set VERBOSITY terse

-- add, probe, remove
SELECT countingbloom_add(countingbloom_add(countingbloom_empty(1000), 1), 2) AS f \gset
SELECT :'f'::countingbloom @> 1 AS has_1, :'f'::countingbloom @> 2 AS has_2,
       :'f'::countingbloom @> 3 AS has_3, 2 <@ :'f'::countingbloom AS two_in;
SELECT countingbloom_remove(:'f'::countingbloom, 1) @> 1 AS has_1_after_remove,
       countingbloom_remove(:'f'::countingbloom, 1) @> 2 AS keeps_2;
SELECT n, k, counters_set, counters_saturated, value_kind, design_n, design_p, format_version
FROM countingbloom_info(:'f'::countingbloom);
SELECT n FROM countingbloom_info(countingbloom_remove(:'f'::countingbloom, 1));

-- a value certainly absent (some counter 0): nothing changes, byte for byte
SELECT countingbloom_remove(:'f'::countingbloom, 3)::text = :'f' AS absent_remove_changes_nothing,
       (countingbloom_info(countingbloom_remove(:'f'::countingbloom, 3))).n AS n;

-- the input is never modified
SELECT countingbloom_add(:'f'::countingbloom, 99)::text <> :'f' AS new_value,
       :'f'::countingbloom @> 99 AS original_unchanged;

-- NULLs: a NULL value changes nothing, a NULL filter gives NULL
SELECT countingbloom_add(:'f'::countingbloom, NULL::int)::text = :'f' AS null_value_adds_nothing,
       countingbloom_remove(NULL::countingbloom, 1) IS NULL AS null_filter;

-- untyped literals take the text form; "char" takes its own
SELECT countingbloom_add(countingbloom_empty(10), 'abc') @> 'abc'::text AS text_form,
       countingbloom_add(countingbloom_empty(10), 'a'::"char") @> 'a'::"char" AS char_form;

-- the kind check: 42804
SELECT countingbloom_add(:'f'::countingbloom, 'x'::text);
SELECT :'f'::countingbloom @> 'x'::text;
SELECT countingbloom_remove(:'f'::countingbloom, 1.5::float8);

-- the cast gives exactly the bloomfilter of the same adds, header included
CREATE TEMP TABLE adds AS SELECT g AS x FROM generate_series(1, 3000) g;
SELECT (countingbloom_add_all(countingbloom_empty(5000, 0.01), array_agg(x))::bloomfilter)::text =
       bloom_add_all(bloom_empty(5000, 0.01), array_agg(x))::text AS cast_equals_bloom
FROM adds;
-- after removes: the bloomfilter of what is left
SELECT (countingbloom_remove_all(countingbloom_add_all(countingbloom_empty(5000, 0.01), array_agg(x)),
                                 (SELECT array_agg(x) FROM adds WHERE x % 3 = 0))::bloomfilter)::text =
       bloom_add_all(bloom_empty(5000, 0.01), (SELECT array_agg(x) FROM adds WHERE x % 3 <> 0))::text
       AS cast_after_removes
FROM adds;
-- after union: the union of the casts
SELECT ((a | b)::bloomfilter)::text = ((a::bloomfilter) | (b::bloomfilter))::text AS cast_of_union,
       (countingbloom_info(a | b)).n = (countingbloom_info(a)).n + (countingbloom_info(b)).n AS counts_add
FROM (SELECT countingbloom_add_all(countingbloom_empty(5000, 0.01), (SELECT array_agg(x) FROM adds WHERE x <= 2000)) AS a,
             countingbloom_add_all(countingbloom_empty(5000, 0.01), (SELECT array_agg(x) FROM adds WHERE x > 1000)) AS b) s;
-- removing everything gives the empty bloomfilter back
SELECT (countingbloom_remove_all(countingbloom_add_all(countingbloom_empty(5000, 0.01), array_agg(x)), array_agg(x))::bloomfilter)::text
       = bloom_empty(5000, 0.01)::text AS all_removed_is_empty
FROM adds;
-- the assignment cast: a bloomfilter column takes a countingbloom
CREATE TEMP TABLE published (f bloomfilter);
INSERT INTO published SELECT countingbloom_add_all(countingbloom_empty(100), ARRAY[1, 2, 3]);
SELECT f @> 2 AS published_has_2, f @> 4 AS published_has_4 FROM published;

-- saturation: 20 adds of one value leave its counters at 15; removes never
-- bring them down, so it stays "maybe" (no false negative), and counts show it
SELECT countingbloom_add_all(countingbloom_empty(100), array_fill(7, ARRAY[20])) AS s \gset
SELECT counters_set = k AS own_counters, counters_saturated = counters_set AS all_saturated, n
FROM countingbloom_info(:'s'::countingbloom);
SELECT countingbloom_remove_all(:'s'::countingbloom, array_fill(7, ARRAY[30])) @> 7 AS still_maybe,
       (countingbloom_info(countingbloom_remove_all(:'s'::countingbloom, array_fill(7, ARRAY[30])))).n AS n,
       (countingbloom_info(countingbloom_remove_all(:'s'::countingbloom, array_fill(7, ARRAY[30])))).counters_saturated
         = (countingbloom_info(:'s'::countingbloom)).counters_saturated AS saturated_stay;
-- the cast of a filter whose removes left only saturated counters is not empty
SELECT (bloom_info(countingbloom_remove_all(:'s'::countingbloom, array_fill(7, ARRAY[30]))::bloomfilter)).n AS cast_n,
       countingbloom_remove_all(:'s'::countingbloom, array_fill(7, ARRAY[30]))::bloomfilter @> 7 AS cast_keeps_7;
-- saturation and the cast: equal to the bloomfilter of the same adds
SELECT (:'s'::countingbloom::bloomfilter)::text = bloom_add_all(bloom_empty(100), array_fill(7, ARRAY[20]))::text
       AS saturated_cast_equals;

-- union: same shapes only, NULL is the empty set, an empty filter is neutral
SELECT (countingbloom_empty(10) | countingbloom_empty(100000)) IS NOT NULL AS empties_unite;
SELECT countingbloom_add(countingbloom_empty(10), 1) | countingbloom_add(countingbloom_empty(100000), 2);
SELECT (:'f'::countingbloom | NULL)::text = :'f' AS union_null;
SELECT countingbloom_add(countingbloom_empty(10), 1) | countingbloom_add(countingbloom_empty(10), 'x'::text);

-- text I/O: validated, and one type's bytes are never read as another's
SELECT :'f'::countingbloom::text = :'f' AS round_trip;
SELECT 'not base64'::countingbloom;
SELECT bloom_empty(10)::text::countingbloom;
SELECT countingbloom_empty(10)::text::bloomfilter;
SELECT countingbloom_empty(10)::text::cuckoofilter;
-- a counter set in a filter that says it never held anything
SELECT translate(encode(overlay(decode(countingbloom_empty(10)::text, 'base64') PLACING '\x01'::bytea FROM 60), 'base64'), E'\n', '')::countingbloom;
-- a short value
SELECT encode(substr(decode(:'f', 'base64'), 1, 40), 'base64')::countingbloom;
-- binary I/O round trip
SELECT countingbloom_send(:'f'::countingbloom) = decode(:'f', 'base64') AS send_is_bytes;

-- sizing errors
SELECT countingbloom_empty(-1);
SELECT countingbloom_empty(10, 1.5);
SELECT countingbloom_empty(1000000000000, 0.01);

-- the aggregate: every non-NULL row added; the state is the filter itself
SELECT (countingbloom_agg(x, 5000, 0.01)::bloomfilter)::text = bloom_add_all(bloom_empty(5000, 0.01), array_agg(x))::text
       AS agg_equals_adds
FROM adds;
SELECT countingbloom_agg(x, 10, 0.01) IS NULL AS zero_rows_null FROM adds WHERE false;
SELECT countingbloom_agg(x, NULL, 0.01) FROM adds;
SELECT countingbloom_agg(x, 10 + x, 0.01) FROM adds;
SELECT (countingbloom_info(countingbloom_agg(x, 100, 0.01))).n AS duplicates_count
FROM (SELECT 1 AS x FROM generate_series(1, 5)) s;
-- typed forms (what Citus pushes down) and anyelement agree
SELECT countingbloom_agg(x::int4, 100, 0.01)::text = countingbloom_agg(x::int8, 100, 0.01)::text AS int_forms_agree,
       countingbloom_agg(x::text, 100, 0.01) @> '5' AS text_form,
       countingbloom_agg(x::float8, 100, 0.01) @> 5::float8 AS anyelement_form
FROM generate_series(1, 10) x;
-- in a parallel plan: partial states combined by union
CREATE TABLE counting_big AS SELECT g AS x FROM generate_series(1, 200000) g;
ANALYZE counting_big;
SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT countingbloom_agg(x, 200000, 0.01) FROM counting_big;
SELECT (countingbloom_agg(x, 200000, 0.01)::bloomfilter)::text =
       (SELECT bloom_add_all(bloom_empty(200000, 0.01), array_agg(x)) FROM counting_big)::text AS parallel_equals
FROM counting_big;
RESET parallel_setup_cost; RESET parallel_tuple_cost; RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
SELECT countingbloom_union_agg(f)::text = (countingbloom_add(countingbloom_empty(100), 1) | countingbloom_add(countingbloom_empty(100), 2))::text
       AS union_agg
FROM (VALUES (countingbloom_add(countingbloom_empty(100), 1)), (NULL), (countingbloom_add(countingbloom_empty(100), 2))) v(f);
SELECT countingbloom_agg_trans(NULL, 1, 10, 0.01);
-- self-sized: bloom_agg's state and transition; the cast is bloom_agg of the same rows,
-- byte for byte, serial and parallel, for each form
SELECT (countingbloom_agg(x)::bloomfilter)::text = bloom_agg(x)::text AS self_sized_cast,
       (countingbloom_agg(x::text, 0.001)::bloomfilter)::text = bloom_agg(x::text, 0.001)::text AS self_sized_p_cast,
       (countingbloom_info(countingbloom_agg(x))).design_n AS design_n,
       (countingbloom_info(countingbloom_agg(x, 0.001))).m = (countingbloom_info(countingbloom_empty(200000, 0.001))).m
         AS sized_as_empty
FROM counting_big;
SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT countingbloom_agg(x) FROM counting_big;
CREATE TABLE counting_self_parallel AS SELECT countingbloom_agg(x) AS f FROM counting_big;
RESET parallel_setup_cost; RESET parallel_tuple_cost; RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
SELECT f::text = (SELECT countingbloom_agg(x) FROM counting_big)::text AS parallel_equals_serial
FROM counting_self_parallel;
-- duplicates count; NULLs are skipped; zero rows give NULL
SELECT (countingbloom_info(countingbloom_agg(x))).n AS duplicates_count,
       countingbloom_remove(countingbloom_agg(x), 1) @> 1 AS still_once_more
FROM (SELECT 1 AS x FROM generate_series(1, 2)) s;
SELECT (countingbloom_info(countingbloom_agg(NULL::int))).n AS only_nulls FROM generate_series(1, 3);
SELECT countingbloom_agg(x) IS NULL AS zero_rows_null FROM counting_big WHERE false;
SELECT countingbloom_agg(x, x / 1e6) FROM counting_big;
-- the size check every 65,536 rows plans with the group's p, not with a row's
-- own p, which the transition then finds different (22023, not a size ERROR)
SELECT countingbloom_agg(x, CASE WHEN x = 65537 THEN 1e-13 ELSE 0.01 END) FROM generate_series(1, 70000) x;
SELECT countingbloom_agg(x, 2) FROM counting_big;
-- past bloomfilter.agg_hash_limit the state would hold a bloomfilter, not hashes:
-- an ERROR at the row past it (and, for partial states, in the final function)
SET bloomfilter.agg_hash_limit = 65536;
SELECT countingbloom_agg(x) FROM counting_big;
SELECT countingbloom_agg(x) IS NOT NULL AS at_the_limit FROM generate_series(1, 65536) x;
-- a state past the limit (bloom_agg's, as partial states that met in a combine) reaches the final function
CREATE AGGREGATE hash_list_partial(int8) (SFUNC = bloom_agg_trans, STYPE = bloom_agg_state);
SELECT countingbloom_agg_final(hash_list_partial(x)) FROM counting_big;
SELECT cuckoo_agg_final(hash_list_partial(x)) FROM counting_big;
DROP AGGREGATE hash_list_partial(int8);
RESET bloomfilter.agg_hash_limit;
-- typed forms and anyelement
SELECT countingbloom_agg(x::int4)::text = countingbloom_agg(x::int8)::text AS int_forms_agree,
       countingbloom_agg(x::text) @> '5' AS text_form,
       countingbloom_agg(x::float8, 0.1) @> 5::float8 AS anyelement_form
FROM generate_series(1, 10) x;
-- the final function reads only a self-sized state
SELECT countingbloom_agg_final(NULL);
DROP TABLE counting_self_parallel;

-- stored out of line: probes read slices, then the whole value; same answers
CREATE TABLE counting_stored (id int, f countingbloom);
INSERT INTO counting_stored SELECT 1, countingbloom_agg(x, 200000, 0.01) FROM counting_big;
SELECT pg_column_size(f) > 100000 AS stored_large FROM counting_stored;
SELECT count(*) FILTER (WHERE f @> x) AS members_found, count(*) AS members
FROM counting_stored, generate_series(1, 3000, 7) x;
SELECT count(*) FILTER (WHERE f @> x) < 60 AS few_false_positives
FROM counting_stored, generate_series(300001, 303000) x;
UPDATE counting_stored SET f = countingbloom_remove(f, 5);
SELECT f @> 5 AS five_removed, f @> 6 AS six_kept FROM counting_stored;
-- two stored filters probed in turn by one call site: each answers for itself
INSERT INTO counting_stored SELECT 2, countingbloom_agg(x + 1000000, 200000, 0.01) FROM counting_big;
SELECT id, count(*) FILTER (WHERE f @> x) AS found
FROM counting_stored, (SELECT x FROM generate_series(1, 2000) x UNION ALL SELECT x + 1000000 FROM generate_series(1, 2000) x) v
GROUP BY id ORDER BY id;
-- past the slices, a stored filter kept whole is probed in its cast to
-- bloomfilter: the same answers as its counters in memory, after removes
UPDATE counting_stored SET f = countingbloom_remove_all(f, ARRAY(SELECT generate_series(1, 2000)::int8)) WHERE id = 1;
WITH memory AS MATERIALIZED (SELECT f::text::countingbloom AS m FROM counting_stored WHERE id = 1)
SELECT count(*) FILTER (WHERE f @> x) = count(*) FILTER (WHERE m @> x) AS stored_equals_memory,
       count(*) FILTER (WHERE f @> x AND x > 2000 AND x <= 200000) = 198000 AS members_kept
FROM (SELECT f FROM counting_stored WHERE id = 1) s, memory, (SELECT generate_series(1, 200000) x UNION ALL SELECT generate_series(300001, 320000)) v;
DROP TABLE counting_stored, counting_big;

-- a PL/pgSQL variable takes a new value at the same address, row after
-- row: each probe answers for the value it is given
DO $$
DECLARE
    f countingbloom;
    wrong int := 0;
BEGIN
    FOR i IN 1..60 LOOP
        f := countingbloom_add(countingbloom_empty(100), i);
        IF NOT f @> i THEN
            wrong := wrong + 1;
        END IF;
    END LOOP;
    RAISE NOTICE 'members not found: %', wrong;
END $$;

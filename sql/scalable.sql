-- scalablebloom: a chain of bloomfilter sub-filters that grows with the set.
\set VERBOSITY terse

-- an empty chain: one sub-filter sized for the initial capacity at p (1 - r)
SELECT * FROM scalablebloom_info(scalablebloom_empty(1000, 0.01));
SELECT * FROM scalablebloom_chain(scalablebloom_empty(1000, 0.01, 4, 0.25));
SELECT nblocks, k FROM scalablebloom_chain(scalablebloom_empty(1000, 0.01))
EXCEPT SELECT (bloom_info(bloom_empty(1000, 0.005))).m / 512, (bloom_info(bloom_empty(1000, 0.005))).k;

-- add, probe
SELECT scalablebloom_add(scalablebloom_add(scalablebloom_empty(10), 1), 2) AS f \gset
SELECT :'f'::scalablebloom @> 1 AS has_1, :'f'::scalablebloom @> 2 AS has_2,
       :'f'::scalablebloom @> 3 AS has_3, 2 <@ :'f'::scalablebloom AS two_in,
       scalablebloom_contains(:'f'::scalablebloom, 1) AS contains_1;

-- the input is never modified
SELECT scalablebloom_add(:'f'::scalablebloom, 99)::text <> :'f' AS new_value,
       :'f'::scalablebloom @> 99 AS original_unchanged;

-- NULLs: a NULL value changes nothing, a NULL filter gives NULL
SELECT scalablebloom_add(:'f'::scalablebloom, NULL::int)::text = :'f' AS null_value_adds_nothing,
       scalablebloom_add(NULL::scalablebloom, 1) IS NULL AS null_filter,
       scalablebloom_add_all(:'f'::scalablebloom, NULL::int[])::text = :'f' AS null_array_adds_nothing,
       scalablebloom_add_all(:'f'::scalablebloom, ARRAY[]::int[])::text = :'f' AS empty_array_adds_nothing;

-- untyped literals take the text form; "char" takes its own
SELECT scalablebloom_add(scalablebloom_empty(10), 'abc') @> 'abc'::text AS text_form,
       scalablebloom_add(scalablebloom_empty(10), 'a'::"char") @> 'a'::"char" AS char_form,
       'abc' <@ scalablebloom_add(scalablebloom_empty(10), 'abc') AS contained_text;
-- value kinds as bloomfilter's: int2, int4 and int8 hash alike; char(n) pads
SELECT scalablebloom_add(scalablebloom_empty(10), 7::int2) @> 7::int8 AS integers_alike,
       scalablebloom_add(scalablebloom_empty(10), 'ab'::text) @> 'ab  '::char(4) AS padded_text;

-- the kind check: 42804
SELECT scalablebloom_add(:'f'::scalablebloom, 'x'::text);
SELECT :'f'::scalablebloom @> 'x'::text;
SELECT scalablebloom_add_all(:'f'::scalablebloom, ARRAY[1.5::float8]);

-- growth: 100x the initial capacity, no false negative, sub-filters as planned
CREATE TEMP TABLE adds AS SELECT g AS x FROM generate_series(1, 10000) g;
SELECT scalablebloom_add_all(scalablebloom_empty(100, 0.01), array_agg(x)) AS g FROM adds \gset
SELECT subfilters, n BETWEEN 9900 AND 10000 AS n_near_10000, capacity, initial_capacity, design_p, expansion,
       tightening, value_kind, fpp < 0.01 AS fpp_under_p
FROM scalablebloom_info(:'g'::scalablebloom);
SELECT subfilter, capacity, n = capacity AS full, k, target_fpp, fpp <= target_fpp * 1.5 AS fpp_near_target
FROM scalablebloom_chain(:'g'::scalablebloom);
-- each sub-filter is exactly the bloomfilter bloom_empty(capacity, target rate) plans
SELECT bool_and(nblocks * 512 = (bloom_info(bloom_empty(capacity, target_fpp))).m
                AND k = (bloom_info(bloom_empty(capacity, target_fpp))).k) AS planned_as_bloomfilter
FROM scalablebloom_chain(:'g'::scalablebloom);
SELECT count(*) FILTER (WHERE :'g'::scalablebloom @> x) AS members_found FROM adds;
SELECT count(*) FILTER (WHERE :'g'::scalablebloom @> x) < 1000 * 0.0125 AS rate_within_1_25_p
FROM generate_series(100001, 101000) x;

-- duplicates change nothing, byte for byte, and are not counted
SELECT scalablebloom_add_all(:'g'::scalablebloom, ARRAY(SELECT generate_series(1, 10000, 3)))::text = :'g'
       AS duplicates_change_nothing;
SELECT n FROM scalablebloom_info(scalablebloom_add_all(scalablebloom_empty(10), array_fill(5, ARRAY[50])));

-- binary I/O round trip; text round trip
SELECT scalablebloom_send(:'g'::scalablebloom) = decode(:'g', 'base64') AS send_is_bytes,
       :'g'::scalablebloom::text = :'g' AS text_round_trip;

-- parameter errors: 22023
SELECT scalablebloom_empty(0);
SELECT scalablebloom_empty(-5, 0.01);
SELECT scalablebloom_empty(1000000000001, 0.01);
SELECT scalablebloom_agg(x, 0, 0.01) FROM generate_series(1, 3) x;
SELECT scalablebloom_empty(100, 1.5);
SELECT scalablebloom_empty(100, 0);
SELECT scalablebloom_empty(100, 1e-13);
SELECT scalablebloom_empty(100, 0.01, 1);
SELECT scalablebloom_empty(100, 0.01, 17);
SELECT scalablebloom_empty(100, 0.01, 2, 0);
SELECT scalablebloom_empty(100, 0.01, 2, 1);
SELECT scalablebloom_empty(100, 0.01, 2, 'NaN');
-- too large a first sub-filter: 54000
SELECT scalablebloom_empty(1000000000000, 0.01);

-- the end of the chain: an add past it is 54000, with a hint; the input unchanged
\set VERBOSITY default
SELECT scalablebloom_add_all(scalablebloom_empty(1, 1e-9, 16, 0.1), ARRAY(SELECT generate_series(1, 2000)));
\set VERBOSITY terse
SELECT subfilters, capacity FROM scalablebloom_info(
    scalablebloom_add_all(scalablebloom_empty(1, 1e-9, 16, 0.1), ARRAY(SELECT generate_series(1, 17))));

-- union: same parameters, sub-filter by sub-filter, the longer chain's rest kept
SELECT scalablebloom_add_all(scalablebloom_empty(100, 0.01), ARRAY(SELECT generate_series(1, 1000))) AS a,
       scalablebloom_add_all(scalablebloom_empty(100, 0.01), ARRAY(SELECT generate_series(5001, 5150))) AS b \gset
SELECT (scalablebloom_info(:'a'::scalablebloom | :'b'::scalablebloom)).subfilters AS union_subfilters,
       (scalablebloom_info(:'a'::scalablebloom)).subfilters AS a_subfilters,
       (scalablebloom_info(:'a'::scalablebloom | :'b'::scalablebloom)).n =
       (scalablebloom_info(:'a'::scalablebloom)).n + (scalablebloom_info(:'b'::scalablebloom)).n AS counts_add,
       (:'a'::scalablebloom | :'b'::scalablebloom)::text = (:'b'::scalablebloom | :'a'::scalablebloom)::text AS commutes,
       scalablebloom_union(:'a'::scalablebloom, :'b'::scalablebloom)::text = (:'a'::scalablebloom | :'b'::scalablebloom)::text AS function_form;
SELECT count(*) FILTER (WHERE (:'a'::scalablebloom | :'b'::scalablebloom) @> x) AS members_found
FROM (SELECT generate_series(1, 1000) AS x UNION ALL SELECT generate_series(5001, 5150)) v;
-- the union's sub-filter counts are the sums: the second may exceed its capacity
SELECT subfilter, capacity, n FROM scalablebloom_chain(:'a'::scalablebloom | :'b'::scalablebloom) WHERE subfilter < 2;
-- the empty chain and NULL are neutral
SELECT (:'a'::scalablebloom | scalablebloom_empty(100, 0.01))::text = :'a' AS empty_neutral,
       (:'a'::scalablebloom | NULL)::text = :'a' AS null_neutral,
       (NULL::scalablebloom | NULL::scalablebloom) IS NULL AS both_null;
-- different parameters: 22000, the detail names the one that differs
\set VERBOSITY default
SELECT :'a'::scalablebloom | scalablebloom_empty(101, 0.01);
SELECT :'a'::scalablebloom | scalablebloom_empty(100, 0.02);
SELECT :'a'::scalablebloom | scalablebloom_empty(100, 0.01, 3);
SELECT :'a'::scalablebloom | scalablebloom_empty(100, 0.01, 2, 0.6);
\set VERBOSITY terse
SELECT :'a'::scalablebloom | scalablebloom_add(scalablebloom_empty(100, 0.01), 'x'::text);
SELECT scalablebloom_union_agg(f)::text = (:'a'::scalablebloom | :'b'::scalablebloom)::text AS union_agg
FROM (VALUES (:'a'::scalablebloom), (NULL), (:'b'::scalablebloom)) v(f);
SELECT scalablebloom_union_agg(f) IS NULL AS zero_rows_null FROM (SELECT NULL::scalablebloom AS f WHERE false) s;
SELECT scalablebloom_union_agg_trans(NULL, NULL);

-- the aggregate: the same chain as the adds, in order
SELECT scalablebloom_agg(x, 100, 0.01)::text = :'g' AS agg_equals_adds FROM (SELECT x FROM adds ORDER BY x) s;
SELECT scalablebloom_agg(x, 100, 0.01, 3, 0.25)::text =
       scalablebloom_add_all(scalablebloom_empty(100, 0.01, 3, 0.25), array_agg(x))::text AS shaped_agg
FROM (SELECT x FROM adds ORDER BY x) s;
SELECT scalablebloom_agg(x, 10, 0.01) IS NULL AS zero_rows_null FROM adds WHERE false;
SELECT scalablebloom_agg(x, NULL, 0.01) FROM adds;
SELECT scalablebloom_agg(x, 10 + x, 0.01) FROM adds;
SELECT scalablebloom_agg(x, 10, 0.01, 2, NULL) FROM adds;
SELECT scalablebloom_agg_trans(NULL, 1, 10, 0.01);
-- typed forms (what Citus pushes down) and anyelement agree
SELECT scalablebloom_agg(x::int4, 10, 0.01)::text = scalablebloom_agg(x::int8, 10, 0.01)::text AS int_forms_agree,
       scalablebloom_agg(x::text, 10, 0.01) @> '5' AS text_form,
       scalablebloom_agg(x::float8, 10, 0.01) @> 5::float8 AS anyelement_form,
       scalablebloom_agg(x::numeric, 10, 0.01, 2, 0.5) @> 5::numeric AS numeric_form
FROM generate_series(1, 100) x;
-- in a parallel plan: no partial aggregate (no combine function: united
-- partial chains would hold W workers' values in sub-filters sized for one);
-- the rows are gathered and one process builds the chain, at the rate promised
CREATE TABLE scalable_big AS SELECT g AS x FROM generate_series(1, 200000) g;
ANALYZE scalable_big;
SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2; SET parallel_leader_participation = off;
EXPLAIN (COSTS OFF) SELECT scalablebloom_agg(x, 1000, 0.01) FROM scalable_big;
CREATE TEMP TABLE parallel_chain AS SELECT scalablebloom_agg(x, 1000, 0.01) AS f FROM scalable_big;
RESET parallel_setup_cost; RESET parallel_tuple_cost; RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather; RESET parallel_leader_participation;
SELECT count(*) FILTER (WHERE f @> x) AS members_found FROM parallel_chain, scalable_big;
SELECT count(*) FILTER (WHERE f @> x) < 20000 * 0.0125 AS rate_within_1_25_p
FROM parallel_chain, generate_series(300001, 320000) x;
SELECT f::text::scalablebloom::text = f::text AS parallel_result_valid,
       (scalablebloom_info(f)).n > 200000 * 0.98 AS counted, (scalablebloom_info(f)).fpp < 0.0125 AS fpp_within_1_25_p
FROM parallel_chain;
-- the union of partial chains, for comparison: every member kept, the rate
-- of the overloaded sub-filters reported by info
CREATE TEMP TABLE union_chain AS
SELECT scalablebloom_union_agg(f) AS u FROM (
    SELECT scalablebloom_agg(x, 1000, 0.01) AS f FROM scalable_big GROUP BY x % 2) parts;
SELECT count(*) FILTER (WHERE u @> x) AS union_members_found FROM union_chain, scalable_big;
SELECT (scalablebloom_info(u)).fpp > 0.05 AS union_fpp_reported_high,
       (SELECT count(*) FILTER (WHERE u @> x) FROM generate_series(300001, 320000) x) > 20000 * 0.05 AS union_rate_high
FROM union_chain;

-- stored out of line: probes read slices, then the whole value; same answers as in memory
CREATE TABLE scalable_stored (id int, f scalablebloom);
INSERT INTO scalable_stored SELECT 1, scalablebloom_agg(x, 10000, 0.01) FROM scalable_big;
SELECT pg_column_size(f) > 100000 AS stored_large, (scalablebloom_info(f)).subfilters FROM scalable_stored;
SELECT count(*) FILTER (WHERE f @> x) AS members_found, count(*) AS members
FROM scalable_stored, generate_series(1, 3000, 7) x;
WITH memory AS MATERIALIZED (SELECT f::text::scalablebloom AS m FROM scalable_stored)
SELECT count(*) FILTER (WHERE f @> x) = count(*) FILTER (WHERE m @> x) AS stored_equals_memory
FROM scalable_stored, memory, generate_series(300001, 320000) x;
SELECT (SELECT f FROM scalable_stored) @> 17 AS one_probe_in_slices,
       (SELECT f FROM scalable_stored) @> 300007 = (SELECT f::text::scalablebloom FROM scalable_stored) @> 300007 AS miss_agrees;
-- two stored chains probed in turn by one call site: each answers for itself
INSERT INTO scalable_stored SELECT 2, scalablebloom_agg(x + 1000000, 10000, 0.01) FROM scalable_big;
SELECT id, count(*) FILTER (WHERE f @> x) AS found
FROM scalable_stored, (SELECT x FROM generate_series(1, 2000) x UNION ALL SELECT x + 1000000 FROM generate_series(1, 2000) x) v
GROUP BY id ORDER BY id;
UPDATE scalable_stored SET f = scalablebloom_add(f, -5) WHERE id = 1;
SELECT f @> -5 AS added_to_stored FROM scalable_stored WHERE id = 1;
DROP TABLE scalable_stored, scalable_big;

-- a PL/pgSQL variable takes a new value at the same address, row after
-- row: each probe answers for the value it is given
DO $$
DECLARE
    f scalablebloom;
    wrong int := 0;
BEGIN
    FOR i IN 1..60 LOOP
        f := scalablebloom_add(scalablebloom_empty(10), i);
        IF NOT f @> i OR f @> (i + 1000) THEN
            wrong := wrong + 1;
        END IF;
    END LOOP;
    RAISE NOTICE 'wrong answers: %', wrong;
END $$;

-- malformed values: one per check, as text (22P02) and in binary (22P03)
CREATE TEMP TABLE good_chain AS
SELECT decode(scalablebloom_add_all(scalablebloom_empty(20, 0.01), ARRAY(SELECT generate_series(1, 100)))::text, 'base64') AS b;
SELECT subfilters FROM good_chain, scalablebloom_info(translate(encode(b, 'base64'), E'\n', '')::scalablebloom);
CREATE TEMP TABLE bad_cases (what text, b bytea);
-- positions are 1-based; the header is 52 bytes, descriptor i starts at byte 52 + 32 i
INSERT INTO bad_cases SELECT what, overlay(b PLACING patch FROM pos) FROM good_chain, (VALUES
  ('magic', 1, '\x58'::bytea),
  ('version', 5, '\x02'),
  ('hash scheme', 7, '\x02'),
  ('expansion 1', 8, '\x01'),
  ('unknown value kind', 9, '\x4d'),
  ('no sub-filter', 13, '\x00'),
  ('33 sub-filters', 13, '\x21'),
  ('total count off by one', 17, '\x65'),
  ('initial capacity 0', 25, '\x00'),
  ('design p not finite', 40, '\x7f'),
  ('valid: tightening near 0 (the blocks of another plan)', 48, '\x00'),
  ('flags', 49, '\x01'),
  ('last sub-filter: no block', 117, '\x00'),
  ('last sub-filter: capacity', 125, '\x51'),
  ('first sub-filter not full', 69, '\x13'),
  ('last sub-filter: k 0', 141, '\x00'),
  ('last sub-filter: k 33', 141, '\x21'),
  ('valid: last sub-filter, another k than planned', 141, '\x1f'),
  ('descriptor reserved', 145, '\x01')) v(what, pos, patch);
INSERT INTO bad_cases SELECT 'one byte too many', b || '\x00'::bytea FROM good_chain;
INSERT INTO bad_cases SELECT 'one byte short', substring(b FROM 1 FOR length(b) - 1) FROM good_chain;
INSERT INTO bad_cases SELECT 'shorter than a header', substring(b FROM 1 FOR 40) FROM good_chain;
INSERT INTO bad_cases SELECT 'empty chain with a bit set',
  overlay(decode(scalablebloom_empty(20, 0.01)::text, 'base64') PLACING '\x01' FROM 90);
INSERT INTO bad_cases SELECT 'a bloomfilter', decode(bloom_empty(20)::text, 'base64');
INSERT INTO bad_cases SELECT 'the valid value', b FROM good_chain;
CREATE FUNCTION try_input(value text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  PERFORM value::scalablebloom;
  RETURN 'accepted';
EXCEPTION WHEN others THEN
  RETURN SQLSTATE || ': ' || SQLERRM;
END $$;
CREATE TEMP TABLE recv_one (b bytea);
CREATE TEMP TABLE recv_into (f scalablebloom);
CREATE FUNCTION try_recv(bytes bytea) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  file text := '/tmp/scalablebloom_recv_' || pg_backend_pid() || '.bin';
BEGIN
  TRUNCATE recv_one, recv_into;
  INSERT INTO recv_one VALUES (bytes);
  EXECUTE format('COPY recv_one TO %L (FORMAT binary)', file);
  EXECUTE format('COPY recv_into FROM %L (FORMAT binary)', file);
  RETURN 'accepted';
EXCEPTION WHEN others THEN
  RETURN SQLSTATE || ': ' || SQLERRM;
END $$;
SELECT what, try_input(translate(encode(b, 'base64'), E'\n', '')) AS as_text, try_recv(b) AS as_binary
FROM bad_cases;
DO $$ BEGIN
  EXECUTE format('COPY (SELECT) TO PROGRAM %L', 'rm -f /tmp/scalablebloom_recv_' || pg_backend_pid() || '.bin');
END $$;
-- a chain whose parameters no longer plan its sub-filters (r near 0: rates below
-- 1e-12) still lists them, with their target rates, and refuses to grow
SELECT count(*) AS subfilters, bool_and(target_fpp < 1e-12) FILTER (WHERE subfilter > 0) AS rates_below_limit
FROM good_chain, scalablebloom_chain(translate(encode(overlay(b PLACING '\x00' FROM 48), 'base64'), E'\n', '')::scalablebloom);
SELECT scalablebloom_add_all(translate(encode(overlay(b PLACING '\x00' FROM 48), 'base64'), E'\n', '')::scalablebloom,
                             ARRAY(SELECT generate_series(1001, 1200))) IS NOT NULL AS grown
FROM good_chain;
-- a chain another build planned otherwise (another k) reads, but does not unite with ours
SELECT translate(encode(overlay(b PLACING '\x1f' FROM 141), 'base64'), E'\n', '')::scalablebloom
       | translate(encode(b, 'base64'), E'\n', '')::scalablebloom FROM good_chain;
-- other types are not chains
SELECT scalablebloom_empty(10)::text::bloomfilter;
SELECT scalablebloom_empty(10)::text::countingbloom;
DROP FUNCTION try_input(text);
DROP FUNCTION try_recv(bytea);

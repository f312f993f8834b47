-- bloomwindow: a sliding-window Bloom filter, count mode and time mode.
\set VERBOSITY terse
SET timezone = 'UTC';

-- ---- count mode: the last w insertions ----
SELECT bloomwindow_add(bloomwindow_add(bloomwindow_empty_count(1000), 1), 2) AS w \gset
SELECT :'w'::bloomwindow @> 1 AS has_1, :'w'::bloomwindow @> 2 AS has_2, :'w'::bloomwindow @> 3 AS has_3,
       bloomwindow_contains(:'w'::bloomwindow, 2) AS contains_2;
SELECT mode, generations, k, window_insertions, window_time, span_insertions, insertions, design_n, design_p,
       value_kind, format_version
FROM bloomwindow_info(:'w'::bloomwindow);
SELECT slot, age, start_insertion, start_time, n_added, bits_set > 0 AS has_bits, is_current, live
FROM bloomwindow_generations(:'w'::bloomwindow);

SELECT count(*) AS rows_of_null FROM bloomwindow_generations(NULL);
-- the input is never modified; NULLs
SELECT bloomwindow_add(:'w'::bloomwindow, 99)::text <> :'w' AS new_value,
       :'w'::bloomwindow @> 99 AS original_unchanged,
       bloomwindow_add(:'w'::bloomwindow, NULL::int)::text = :'w' AS null_value_adds_nothing,
       bloomwindow_add(NULL::bloomwindow, 1) IS NULL AS null_window;
-- untyped literals take the text form; "char" takes its own
SELECT bloomwindow_add(bloomwindow_empty_count(10), 'abc') @> 'abc'::text AS text_form,
       bloomwindow_add(bloomwindow_empty_count(10), 'a'::"char") @> 'a'::"char" AS char_form;

-- the guarantee at exactly w insertions and later: the last w are always found
-- (w = 1000, 4 generations of c = 334 insertions)
CREATE TEMP TABLE stream AS SELECT g AS x FROM generate_series(1, 5000) g;
SELECT n, (SELECT count(*) FROM stream WHERE x > n - 1000 AND x <= n AND bloomwindow_contains(w, x)) AS last_w_found
FROM (SELECT n, (SELECT bloomwindow_agg(x, 1000, 0.01 ORDER BY x) FROM stream WHERE x <= n) AS w
      FROM (VALUES (1000), (1001), (2345), (5000)) v(n)) s ORDER BY n;
-- forgotten after at most G*c = 1336 more insertions: only false positives remain (rate about p)
SELECT count(*) FILTER (WHERE bloomwindow_contains(w, x)) < 40 AS forgotten
FROM (SELECT bloomwindow_agg(x, 1000, 0.01 ORDER BY x) AS w FROM stream) s, stream
WHERE x <= 5000 - 1336;
-- exactly at the edge: with w = 30 and G = 4 (c = 10), item 1 is kept through insertion 40, gone at 41
SELECT n, bloomwindow_contains(bloomwindow_add_all(bloomwindow_empty_count(30, 0.000001, 4),
                                                   (SELECT array_agg(g ORDER BY g) FROM generate_series(1, n) g)), 1) AS has_1
FROM (VALUES (30), (40), (41)) v(n) ORDER BY n;
-- a span rounded up (w = 31, G = 4, c = 11): kept through G*c = 44 insertions, not w + c = 42
SELECT n, bloomwindow_contains(bloomwindow_add_all(bloomwindow_empty_count(31, 0.000001, 4),
                                                   (SELECT array_agg(g ORDER BY g) FROM generate_series(1, n) g)), 1) AS has_1
FROM (VALUES (43), (44), (45)) v(n) ORDER BY n;
-- the aggregate equals the adds in the same order
SELECT bloomwindow_agg(x, 1000, 0.01 ORDER BY x)::text
       = bloomwindow_add_all(bloomwindow_empty_count(1000, 0.01), array_agg(x ORDER BY x))::text AS agg_equals_adds
FROM stream;
SELECT bloomwindow_agg(x, 1000, 0.01, 3 ORDER BY x)::text
       = bloomwindow_add_all(bloomwindow_empty_count(1000, 0.01, 3), array_agg(x ORDER BY x))::text AS agg_g_equals_adds
FROM stream;
SELECT (bloomwindow_info(bloomwindow_agg(x, 1000, 0.01 ORDER BY x))).insertions FROM stream;

-- ---- time mode: the last t ----
-- 1 hour in 4 generations of 20 minutes; starts on a grid shared by every such window
SELECT bloomwindow_add(bloomwindow_empty_time('1 hour', 1000, 0.01), 'a'::text, '2026-01-01 00:00:00+00') AS tw \gset
SELECT at, bloomwindow_contains(:'tw'::bloomwindow, 'a'::text, at::timestamptz) AS has_a
FROM (VALUES ('2025-12-31 23:00:00+00'), ('2026-01-01 00:00:00+00'), ('2026-01-01 01:00:00+00'),
             ('2026-01-01 01:19:59.999999+00'), ('2026-01-01 01:20:00+00')) v(at);
SELECT mode, generations, window_insertions, window_time, span_time, insertions, design_n
FROM bloomwindow_info(:'tw'::bloomwindow);
SELECT slot, age, start_insertion, start_time, n_added, is_current, live
FROM bloomwindow_generations(:'tw'::bloomwindow, '2026-01-01 01:10:00+00');
-- the guarantee at exactly t: every item found exactly one hour after its time, whatever came between
CREATE TEMP TABLE timed AS
SELECT g AS x, '2026-01-01 00:00:00+00'::timestamptz + g * interval '7 seconds' AS at FROM generate_series(1, 3000) g;
SELECT count(*) FILTER (WHERE bloomwindow_contains(w, x, at + interval '1 hour')) AS found_at_exactly_t,
       count(*) AS items_in_last_hour
FROM (SELECT bloomwindow_agg(x, at, '1 hour', 1000, 0.01) AS w FROM timed WHERE at <= '2026-01-01 05:00:00+00') s, timed
WHERE at >= '2026-01-01 04:00:00+00' AND at <= '2026-01-01 05:00:00+00';
-- forgotten at most t * G/(G-1) = 80 minutes after its time
SELECT count(*) FILTER (WHERE bloomwindow_contains(w, x, '2026-01-01 05:00:00+00')) < 20 AS old_forgotten
FROM (SELECT bloomwindow_agg(x, at, '1 hour', 1000, 0.01) AS w FROM timed WHERE at <= '2026-01-01 05:00:00+00') s, timed
WHERE at < '2026-01-01 03:40:00+00';
-- an idle gap: many rotations at once clear everything but the new item
SELECT (bloomwindow_info(w)).insertions, bloomwindow_contains(w, 'b'::text, '2026-01-10 00:00:00+00') AS has_b,
       bloomwindow_contains(w, 'a'::text, '2026-01-10 00:00:00+00') AS has_a
FROM (SELECT bloomwindow_add(:'tw'::bloomwindow, 'b'::text, '2026-01-10 00:00:00+00') AS w) s;
-- a clock that goes backwards: into a kept generation it counts, older than all kept it changes nothing
SELECT bloomwindow_add(:'tw'::bloomwindow, 'c'::text, '2026-01-01 01:00:00+00') AS tw2 \gset
SELECT bloomwindow_contains(bloomwindow_add(:'tw2'::bloomwindow, 'd'::text, '2026-01-01 00:10:00+00'), 'd'::text,
                            '2026-01-01 01:00:00+00') AS backwards_kept,
       bloomwindow_add(:'tw2'::bloomwindow, 'e'::text, '2025-12-31 23:59:59+00')::text = :'tw2' AS too_old_unchanged;
-- times before 2000-01-01 work the same
SELECT bloomwindow_contains(bloomwindow_add(bloomwindow_empty_time('1 day', 10), 1, '1990-05-05 10:00:00+00'), 1,
                            '1990-05-06 10:00:00+00') AS before_2000;
-- a generation that starts before the earliest timestamp shows -infinity (the
-- older generations of a 10,000-year window, the grid start of a time in 4714 BC)
SELECT age, start_time FROM bloomwindow_generations(
    bloomwindow_add(bloomwindow_empty_time('3660000 days', 10, 0.01, 8), 1, '2026-01-01 00:00:00+00')) WHERE age IN (0, 1, 7);
SELECT age, start_time, live FROM bloomwindow_generations(
    bloomwindow_add(bloomwindow_empty_time('10 days', 10, 0.01, 2), 1, '4714-11-24 00:00:00+00 BC'), '4714-11-24 00:00:00+00 BC');
-- days count as 24 hours
SELECT window_time, span_time FROM bloomwindow_info(bloomwindow_empty_time('2 days', 10, 0.01, 3));
-- order does not matter: the same (item, time) pairs give the same bytes
SELECT bloomwindow_agg(x, at, '1 hour', 1000, 0.01 ORDER BY x)::text
       = bloomwindow_agg(x, at, '1 hour', 1000, 0.01 ORDER BY x DESC)::text AS order_independent
FROM timed;
-- union: generation by generation by start, equal to the window of everything
SELECT (a | b)::text = c::text AS union_equals_all, (b | a)::text = c::text AS union_commutes
FROM (SELECT bloomwindow_agg(x, at, '1 hour', 1000, 0.01) FILTER (WHERE x % 2 = 0) AS a,
             bloomwindow_agg(x, at, '1 hour', 1000, 0.01) FILTER (WHERE x % 2 = 1 AND x < 2000) AS b,
             bloomwindow_agg(x, at, '1 hour', 1000, 0.01) FILTER (WHERE x % 2 = 0 OR x < 2000) AS c FROM timed) s;
SELECT bloomwindow_union_agg(w)::text = (SELECT bloomwindow_agg(x, at, '1 hour', 1000, 0.01) FROM timed)::text AS union_agg
FROM (SELECT bloomwindow_agg(x, at, '1 hour', 1000, 0.01) AS w FROM timed GROUP BY x % 5
      UNION ALL SELECT NULL) s;
-- count mode union: aligned by age, both last w kept
SELECT (SELECT count(*) FROM generate_series(4001, 5000) x WHERE (a | b) @> x) AS a_last_w,
       (SELECT count(*) FROM generate_series(10001, 10500) x WHERE (a | b) @> x) AS b_all,
       (bloomwindow_info(a | b)).insertions
FROM (SELECT bloomwindow_agg(x, 1000, 0.01 ORDER BY x) AS a, bloomwindow_agg(x + 10000, 1000, 0.01 ORDER BY x) FILTER (WHERE x <= 500) AS b
      FROM stream) s;
SELECT (:'w'::bloomwindow | NULL)::text = :'w' AS union_null;

-- ---- the aggregates in parallel ----
CREATE TABLE window_big AS
SELECT g AS x, '2026-01-01 00:00:00+00'::timestamptz + g * interval '10 milliseconds' AS at FROM generate_series(1, 200000) g;
ANALYZE window_big;
SELECT bloomwindow_agg(x, at, '10 minutes', 100000, 0.01)::text AS serial_window FROM window_big \gset
SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT bloomwindow_agg(x, at, '10 minutes', 100000, 0.01) FROM window_big;
SELECT bloomwindow_agg(x, at, '10 minutes', 100000, 0.01)::text = :'serial_window' AS parallel_equals_serial
FROM window_big;
-- count mode has no combine function: never a partial aggregate (no ORDER BY
-- here: PostgreSQL 16 and later would plan its presorted input instead)
EXPLAIN (COSTS OFF) SELECT bloomwindow_agg(x, 1000, 0.01) FROM window_big;
RESET parallel_setup_cost; RESET parallel_tuple_cost; RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
-- typed forms and anyelement agree
SELECT bloomwindow_agg(x::int4, 100, 0.01)::text = bloomwindow_agg(x::int8, 100, 0.01)::text AS int_forms_agree,
       bloomwindow_agg(x::text, 100, 0.01) @> '5' AS text_form,
       bloomwindow_agg(x::float8, 100, 0.01) @> 5::float8 AS anyelement_form,
       bloomwindow_agg(x::int4, now(), '1 hour', 100, 0.01, 2)::text = bloomwindow_agg(x::int8, now(), '1 hour', 100, 0.01, 2)::text
         AS time_forms_agree
FROM generate_series(1, 10) x;
SELECT bloomwindow_agg(x, 10, 0.01) IS NULL AS zero_rows_null FROM stream WHERE false;

-- ---- stored out of line: slice probes answer as the value in memory ----
CREATE TABLE window_stored (id int, w bloomwindow);
INSERT INTO window_stored SELECT 1, bloomwindow_agg(x, at, '10 minutes', 100000, 0.01) FROM window_big;
INSERT INTO window_stored SELECT 2, bloomwindow_agg(x, 100000, 0.01 ORDER BY x) FROM window_big;
SELECT id, pg_column_size(w) > 100000 AS stored_large FROM window_stored ORDER BY id;
SELECT count(*) FILTER (WHERE bloomwindow_contains(w, x, '2026-01-01 00:33:20+00')
                          <> bloomwindow_contains(w::text::bloomwindow, x, '2026-01-01 00:33:20+00')) AS time_differences,
       count(*) FILTER (WHERE bloomwindow_contains(w, x, '2026-01-01 00:33:20+00')) AS time_found
FROM window_stored, generate_series(140001, 200000, 37) x WHERE id = 1;
SELECT count(*) FILTER (WHERE (w @> x) <> (w::text::bloomwindow @> x)) AS count_differences,
       count(*) FILTER (WHERE w @> x) AS count_found
FROM window_stored, generate_series(100001, 200000, 37) x WHERE id = 2;
DROP TABLE window_stored, window_big;

-- a PL/pgSQL variable takes a new value at the same address: each probe answers for its value
DO $$
DECLARE
    w bloomwindow;
    wrong int := 0;
BEGIN
    FOR i IN 1..60 LOOP
        w := bloomwindow_add(bloomwindow_empty_count(100), i);
        IF NOT w @> i THEN
            wrong := wrong + 1;
        END IF;
    END LOOP;
    RAISE NOTICE 'members not found: %', wrong;
END $$;

-- ---- I/O ----
SELECT :'w'::bloomwindow::text = :'w' AS round_trip,
       bloomwindow_send(:'w'::bloomwindow) = decode(:'w', 'base64') AS send_is_bytes;

-- ---- errors, with their SQLSTATEs ----
\set VERBOSITY sqlstate
-- parameters: 22023
SELECT bloomwindow_empty_count(0);
SELECT bloomwindow_empty_count(100, 1.5);
SELECT bloomwindow_empty_count(100, 0.01, 1);
SELECT bloomwindow_empty_count(100, 0.01, 9);
SELECT bloomwindow_empty_time('1 hour', 0);
SELECT bloomwindow_empty_time('0 seconds', 10);
SELECT bloomwindow_empty_time('-1 hour', 10);
SELECT bloomwindow_empty_time('20000 years'::interval - '20000 years'::interval + '3660001 days', 10);
-- too large: 54000
SELECT bloomwindow_empty_count(1000000000000, 0.01);
-- count mode past 2^62 insertions (a window whose current generation starts at
-- insertion 2^62 and is full): 54000, with its own message, not the size limit's
\set VERBOSITY default
SELECT bloomwindow_add(translate(encode(overlay(overlay(overlay(
         decode(bloomwindow_add(bloomwindow_empty_count(1, 0.01, 2), 1)::text, 'base64')
         PLACING '\x0200000000000040'::bytea FROM 57)                      -- insertions 2^62 + 2
         PLACING '\x0000000000000040'::bytea FROM 65)                      -- slot 0 (current) starts at 2^62
         PLACING '\xffffffffffffff3f0100000000000000'::bytea FROM 81),     -- slot 1 starts a span before, n 1
       'base64'), E'\n', '')::bloomwindow, 2);
\set VERBOSITY sqlstate
-- a NULL or infinite time: 22004, 22008
SELECT bloomwindow_add(:'tw'::bloomwindow, 1, NULL);
SELECT bloomwindow_contains(:'tw'::bloomwindow, 'a'::text, 'infinity');
-- the kind check: 42804
SELECT bloomwindow_add(:'w'::bloomwindow, 'x'::text);
SELECT bloomwindow_contains(:'tw'::bloomwindow, 1, now());
-- the aggregate's parameters: 22004, 22023
SELECT bloomwindow_agg(x, NULL, 0.01) FROM stream;
SELECT bloomwindow_agg(x, 10 + x, 0.01) FROM stream;
\set VERBOSITY default
-- months have no fixed length
SELECT bloomwindow_empty_time('1 month', 10);
-- the wrong mode, with a hint
SELECT bloomwindow_add(:'tw'::bloomwindow, 1);
SELECT bloomwindow_contains(:'w'::bloomwindow, 1, now());
SELECT :'tw'::bloomwindow @> 'a'::text;
-- windows of other parameters do not unite: the detail names the parameter
SELECT bloomwindow_empty_count(100) | bloomwindow_empty_time('1 hour', 100);
SELECT bloomwindow_empty_count(100) | bloomwindow_empty_count(100, 0.01, 3);
SELECT bloomwindow_empty_count(100) | bloomwindow_empty_count(101);
SELECT bloomwindow_empty_time('1 hour', 100) | bloomwindow_empty_time('1 hour', 100, 0.02);
SELECT bloomwindow_add(bloomwindow_empty_count(10), 1) | bloomwindow_add(bloomwindow_empty_count(10), 'x'::text);
\set VERBOSITY sqlstate
-- malformed values: 22P02 from text (bad base64, another type's bytes, short, one bit in an empty window)
SELECT 'not base64'::bloomwindow;
SELECT bloom_empty(10)::text::bloomwindow;
SELECT bloomwindow_empty_count(10)::text::bloomfilter;
SELECT encode(substr(decode(:'w', 'base64'), 1, 100), 'base64')::bloomwindow;
SELECT translate(encode(overlay(decode(bloomwindow_empty_count(10)::text, 'base64') PLACING '\x01'::bytea FROM 200), 'base64'), E'\n', '')::bloomwindow;
-- a time window whose current start is off the grid (one microsecond later)
SELECT translate(encode(overlay(decode(:'tw', 'base64') PLACING '\x01'::bytea
       FROM 65 + 16 * (SELECT slot FROM bloomwindow_generations(:'tw'::bloomwindow) WHERE is_current)), 'base64'), E'\n', '')::bloomwindow;
\set VERBOSITY default

-- binary receive (bloomwindow_recv, through COPY BINARY): one malformed
-- value per check, each a valid time window with one field changed; every
-- one is refused with 22P03 and the reason, the valid one is accepted
CREATE TEMP TABLE recv_cases (name text, b bytea);
WITH v AS (SELECT decode(:'tw', 'base64') AS b,
                  (SELECT slot FROM bloomwindow_generations(:'tw'::bloomwindow) WHERE is_current) AS cur)
INSERT INTO recv_cases
SELECT name, CASE WHEN off IS NULL THEN b ELSE overlay(b PLACING patch FROM off + 1) END
FROM v, LATERAL (VALUES
  ('valid', NULL, NULL),
  ('magic', 0, '\x5857494e'::bytea),
  ('version', 4, '\x02'),
  ('hash scheme', 6, '\x02'),
  ('k = 0', 7, '\x00'),
  ('k = 33', 7, '\x21'),
  ('unknown value kind', 8, '\x77000000'),
  ('mode 3', 12, '\x03'),
  ('generations 9', 13, '\x09'),
  ('generations 5 (length)', 13, '\x05'),
  ('current slot past G', 14, '\x04'),
  ('current slot not its start''s', 14, set_byte('\x00', 0, (cur + 1) % 4)),
  ('reserved byte', 15, '\x01'),
  ('nblocks 0', 16, '\x0000000000000000'),
  ('design n 0', 24, '\x0000000000000000'),
  ('design p 1.5', 32, '\x000000000000f83f'),
  ('window 0', 40, '\x0000000000000000'),
  ('span not ceil(window / (G - 1))', 48, '\x01'),
  ('insertions 0 with a kind', 56, '\x0000000000000000'),
  ('insertions not the sum of the generations''', 56, '\x02'),
  ('current start off the grid', 64 + 16 * cur, '\x01'),
  ('a generation not one span from the next', 64 + 16 * ((cur + 1) % 4), '\x01'),
  ('a record beyond G', 64 + 16 * 7, '\x01'),
  ('reserved word', 192, '\x01'),
  ('a bit in an empty generation', 196 + 64 * ((cur + 1) % 4), '\x01')) c(name, off, patch)
UNION ALL SELECT 'one byte short', substr(b, 1, length(b) - 1) FROM v
UNION ALL SELECT 'one byte long', b || '\x00'::bytea FROM v;
CREATE TEMP TABLE recv_into (w bloomwindow);
CREATE FUNCTION pg_temp.receive(name text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  file text := '/tmp/bloomwindow_recv_' || pg_backend_pid() || '.bin';
BEGIN
  EXECUTE format('COPY (SELECT b FROM recv_cases WHERE name = %L) TO %L (FORMAT binary)', name, file);
  BEGIN
    EXECUTE format('COPY recv_into FROM %L (FORMAT binary)', file);
    RETURN 'accepted';
  EXCEPTION WHEN others THEN
    RETURN SQLSTATE || ' ' || SQLERRM;
  END;
END $$;
SELECT name, pg_temp.receive(name) AS outcome FROM recv_cases;
SELECT count(*) AS accepted, bool_and(bloomwindow_contains(w, 'a'::text, '2026-01-01 00:00:00+00')) AS has_a FROM recv_into;
DO $$ BEGIN EXECUTE format('COPY (SELECT) TO PROGRAM %L', 'rm -f /tmp/bloomwindow_recv_' || pg_backend_pid() || '.bin'); END $$;

-- Stored filters that take turns at one call site (each switches from slices
-- to a whole read on its own account), ANALYZE of over-full filters, and the
-- estimators met with values that are no filters.
SET stats_fetch_consistency = none;
SET max_parallel_workers_per_gather = 0;
-- TOAST pages of a table read (hit or not) so far; the counters reach the
-- statistics at the end of each transaction, so they are read between statements
CREATE FUNCTION toast_pages(name text) RETURNS bigint LANGUAGE sql AS $$
  SELECT coalesce(toast_blks_hit, 0) + coalesce(toast_blks_read, 0)
  FROM pg_statio_user_tables WHERE relname = name $$;
CREATE TEMP TABLE pages (what text, touched bigint);
-- The tables whose TOAST pages are counted keep autovacuum off: their TOAST
-- tables take more rows than autovacuum_vacuum_insert_threshold, and a
-- vacuum that lands between two counts (the slower the server, the likelier)
-- would add its own reads to the probes'.

-- ---- ANALYZE of over-full filters: the rate costs the same at any load ----
-- 30,000 filters of one block (116 bytes), k = 27, each holding 5,900 to
-- 5,996 elements (its design holds 9): no two neighbours alike
CREATE TABLE overfull AS
  SELECT i, bloom_add_all(base, array_fill(i, ARRAY[i % 97])) AS f
  FROM (SELECT bloom_add_all(bloom_empty(1, 1e-12), array_agg(g)) AS base
        FROM generate_series(1, 5900) g) b,
       generate_series(1, 30000) i;
SELECT m, k, n, fpp FROM bloom_info((SELECT f FROM overfull WHERE i = 96));
ANALYZE overfull;
-- ANALYZE's facts: about 5,948 elements, at a rate of 1
SELECT stakind1, round(stanumbers1[1]) AS elements, stanumbers1[2] AS rate
FROM pg_statistic WHERE starelid = 'overfull'::regclass AND staattnum = 2;
-- estimated rows of the plan's top node
CREATE FUNCTION estimated_rows(query text) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE
  plan json;
BEGIN
  EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan;
  RETURN (plan -> 0 -> 'Plan' ->> 'Plan Rows')::float8;
END $$;
-- a column of filters that say yes to everything: every row passes
SELECT estimated_rows('SELECT * FROM overfull WHERE f @> 12345') AS column_of_filters;
-- one of them as a constant, probing a column: every row passes too
CREATE TABLE probed AS SELECT g AS x FROM generate_series(1, 1000) g;
ANALYZE probed;
SELECT f AS overfull_filter FROM overfull WHERE i = 96 \gset
SELECT estimated_rows(format('SELECT * FROM probed WHERE %L::bloomfilter @> x', :'overfull_filter'))
  AS constant_filter;
-- and in an initplan, through ANALYZE's facts
SELECT estimated_rows('SELECT * FROM probed WHERE (SELECT f FROM overfull WHERE i = 96) @> x')
  AS initplan_filter;
-- a filter at its design load keeps its design rate (1e-12 here)
CREATE TABLE designed AS
  SELECT bloom_agg(g, 100000, 1e-12) AS f FROM generate_series(1, 100000) g;
ANALYZE designed;
SELECT stanumbers1[1] AS elements, stanumbers1[2] BETWEEN 0.5e-12 AND 1e-12 AS rate_at_design
FROM pg_statistic WHERE starelid = 'designed'::regclass AND staattnum = 1;
DROP TABLE overfull, probed, designed;

-- ANALYZE reads a filter's header only, however it is stored: compressed
-- (the column's storage changed), out of line or in line, it decompresses
-- the first bytes, not the whole value
CREATE TABLE packed (id int, f bloomfilter) WITH (autovacuum_enabled = off, toast.autovacuum_enabled = off);
ALTER TABLE packed ALTER COLUMN f SET STORAGE extended, ALTER COLUMN f SET COMPRESSION pglz;
-- ten sparse filters of 6 MB, about 70 kB compressed (9 TOAST pages) each,
-- and one of 120 kB, 1.4 kB compressed, in line
INSERT INTO packed SELECT g, bloom_add(bloom_empty(5000000, 0.01), g) FROM generate_series(1, 10) g;
INSERT INTO packed SELECT 11, bloom_add(bloom_empty(100000, 0.01), 11);
SELECT count(*) FILTER (WHERE pg_column_size(f) BETWEEN 50000 AND 100000) AS compressed_out_of_line,
       count(*) FILTER (WHERE pg_column_size(f) < 2000) AS compressed_in_line
FROM packed;
SELECT pg_stat_force_next_flush();
INSERT INTO pages VALUES ('start', toast_pages('packed'));
ANALYZE packed;
SELECT pg_stat_force_next_flush();
INSERT INTO pages VALUES ('ANALYZE', toast_pages('packed'));
-- the first TOAST page of each of the ten, not their 90
SELECT touched - lag(touched) OVER (ORDER BY ctid) BETWEEN 10 AND 20 AS headers_only
FROM pages ORDER BY ctid OFFSET 1;
SELECT stakind1, stanumbers1[1] AS elements FROM pg_statistic
WHERE starelid = 'packed'::regclass AND staattnum = 2;
TRUNCATE pages;
DROP TABLE packed;

-- ---- two stored filters in turn at one call site: rent or buy per filter ----
-- two filters of 1.2 MB, stored out of line and uncompressed
CREATE TABLE pair (id int PRIMARY KEY, f bloomfilter) WITH (autovacuum_enabled = off, toast.autovacuum_enabled = off);
INSERT INTO pair SELECT 0, bloom_agg(g, 1000000, 0.01) FROM generate_series(1, 100000) g;
INSERT INTO pair SELECT 1, bloom_agg(g, 1000000, 0.01) FROM generate_series(100001, 200000) g;
SELECT id, pg_column_size(f) > 1200000 AS stored_whole FROM pair ORDER BY id;
ANALYZE pair;
SET work_mem = '4MB';
-- the hash join probes the filter of each row's group: 0, 1, 0, 1, ...
EXPLAIN (COSTS OFF)
SELECT count(*) FROM generate_series(1, 20000) g JOIN pair p ON p.id = g % 2 WHERE p.f @> g;
SELECT pg_stat_force_next_flush();
INSERT INTO pages VALUES ('start', toast_pages('pair'));
SELECT count(*) FROM generate_series(1, 20000) g JOIN pair p ON p.id = 0 WHERE p.f @> g;
SELECT pg_stat_force_next_flush();
INSERT INTO pages VALUES ('one filter', toast_pages('pair'));
SELECT count(*) FROM generate_series(1, 20000) g JOIN pair p ON p.id = g % 2 WHERE p.f @> g;
SELECT pg_stat_force_next_flush();
INSERT INTO pages VALUES ('two filters in turn', toast_pages('pair'));
-- 1.2 MB is about 160 TOAST pages.  A call site probes a filter through slices
-- (the page of its block) until they have cost as much as reading it whole
-- (about 300 probes), then reads it whole and keeps it: one filter probed
-- 20,000 times touches about 300 + 160 pages.  Two in turn, each on its own
-- account: about twice that, not a page or two on every one of the 20,000 rows
-- (as when the call site kept one account and reset it at every change).
CREATE TEMP TABLE costs AS
  SELECT what, touched - lag(touched) OVER (ORDER BY ctid) AS touched FROM pages;
SELECT (SELECT touched FROM costs WHERE what = 'one filter') BETWEEN 400 AND 600 AS one_filter_bought,
       (SELECT touched FROM costs WHERE what = 'two filters in turn') <=
       2.5 * (SELECT touched FROM costs WHERE what = 'one filter') AS two_in_turn_bought;

-- beyond work_mem, the filter kept is not dropped for the other on every row:
-- one stays kept, the other stays in slices (same answers either way).  The
-- filter of each row comes from a subquery, in turn whatever the plan.
SET work_mem = '1MB';
TRUNCATE pages;
SELECT pg_stat_force_next_flush();
INSERT INTO pages VALUES ('start', toast_pages('pair'));
SELECT count(*) FROM generate_series(1, 20000) g WHERE (SELECT f FROM pair WHERE id = g % 2) @> g;
SELECT pg_stat_force_next_flush();
INSERT INTO pages VALUES ('two filters beyond work_mem', toast_pages('pair'));
-- a whole read on every row would be 160 pages a row; the filter in slices
-- reads the page of its block, for each of its 10,000 rows
SELECT touched - lag(touched) OVER (ORDER BY ctid) BETWEEN 10000 AND 15000 AS one_kept_one_sliced
FROM pages ORDER BY ctid OFFSET 1;
-- a compressed filter kept whole is not dropped for another compressed one
-- while a filter stored uncompressed is kept: the uncompressed one goes to
-- slices instead.  Filter 1 is 1.2 MB, uncompressed; 2 and 3 are 6 MB,
-- compressed to about 300 kB (about 37 TOAST pages) each.  Within 13MB two
-- of them fit whole, and all three do not.
CREATE TABLE mixed (id int PRIMARY KEY, f bloomfilter) WITH (autovacuum_enabled = off, toast.autovacuum_enabled = off);
INSERT INTO mixed SELECT 1, bloom_agg(g, 1000000, 0.01) FROM generate_series(1, 100000) g;
ALTER TABLE mixed ALTER COLUMN f SET STORAGE extended, ALTER COLUMN f SET COMPRESSION pglz;
INSERT INTO mixed SELECT i, (SELECT bloom_agg(g, 5000000, 0.01) FROM generate_series(i * 100000, i * 100000 + 19999) g)
FROM generate_series(2, 3) i;
SELECT id, pg_column_size(f) BETWEEN 200000 AND 400000 AS compressed, (bloom_info(f, false)).bytes
FROM mixed ORDER BY id;
SET work_mem = '13MB';
TRUNCATE pages;
SELECT pg_stat_force_next_flush();
INSERT INTO pages VALUES ('start', toast_pages('mixed'));
-- filter 1 alone until it is kept whole, then 2, 1, 3, 1, ... (100 rows each of 2 and 3)
SELECT count(*) FROM generate_series(1, 800) g
WHERE (SELECT f FROM mixed WHERE id = CASE WHEN g <= 400 THEN 1 ELSE (ARRAY[2, 1, 3, 1])[g % 4 + 1] END) @> g;
SELECT pg_stat_force_next_flush();
INSERT INTO pages VALUES ('compressed and uncompressed in turn', toast_pages('mixed'));
-- filter 1's rent, its purchase and its slices after, and 2 and 3 each
-- read whole once: under 1,000 pages.  Dropping one compressed copy for the
-- other on each of their 200 rows would read 37 pages a row, over 7,000.
SELECT touched - lag(touched) OVER (ORDER BY ctid) < 2000 AS compressed_kept
FROM pages ORDER BY ctid OFFSET 1;
DROP TABLE mixed;
-- a call site takes a copy another call site keeps only if that drops none
-- of its own: place b probes filter 0 on every row but one in 3,000, which
-- probes the filter place a keeps (1, then 2, ...); beyond work_mem each
-- place keeps one filter.  Both places touch about 6,000 TOAST pages in all;
-- taking a's copy at those 8 rows would drop 0, which b would then probe in
-- slices and read whole again: about 1,500 pages more.
CREATE TABLE turns (id int PRIMARY KEY, f bloomfilter) WITH (autovacuum_enabled = off, toast.autovacuum_enabled = off);
INSERT INTO turns SELECT i, (SELECT bloom_agg(g, 1000000, 0.01) FROM generate_series(i * 1000000, i * 1000000 + 99999) g)
FROM generate_series(0, 2) i;
SET work_mem = '1MB';
TRUNCATE pages;
SELECT pg_stat_force_next_flush();
INSERT INTO pages VALUES ('start', toast_pages('turns'));
SELECT count(*) FILTER (WHERE (SELECT f FROM turns WHERE id = 1 + (g / 3000) % 2) @> g) AS a,
       count(*) FILTER (WHERE (SELECT f FROM turns WHERE id = CASE WHEN g % 3000 = 2000 THEN 1 + (g / 3000) % 2 ELSE 0 END) @> g) AS b
FROM generate_series(0, 23999) g;
SELECT pg_stat_force_next_flush();
INSERT INTO pages VALUES ('taken copies', toast_pages('turns'));
SELECT touched - lag(touched) OVER (ORDER BY ctid) < 6800 AS own_copy_kept FROM pages ORDER BY ctid OFFSET 1;
DROP TABLE turns;
-- three filters in turn, at three call sites of one query: the same answers as in memory
INSERT INTO pair SELECT 2, bloom_agg(g, 1000000, 0.01) FROM generate_series(200001, 300000) g;
RESET work_mem;
SELECT count(*) FILTER (WHERE p.f @> g) AS stored, count(*) FILTER (WHERE g <@ p.f) AS commuted,
       count(*) FILTER (WHERE m.f @> g) AS in_memory
FROM generate_series(1, 30000, 7) g JOIN pair p ON p.id = g % 3
     JOIN (SELECT id, bloom_add_all(f, '{}'::int[]) AS f FROM pair) m ON m.id = p.id;
DROP TABLE pair, pages, costs;
DROP FUNCTION toast_pages(text);

-- ---- call sites of one query share the copies they keep ----
-- Each @> is a call site of its own.  Probing one stored value from 8 places
-- holds one copy of it (and of what a cuckoofilter probe derives from it,
-- its unpacked table), not 8: the executor's memory at the end of the query
-- grows by less than 1 MB over one place's, where a copy for each place
-- would add 8.4 MB for the 1.2 MB bloomfilter, and 15 MB for 4 places of the
-- cuckoofilter (2.4 MB, and 2.6 MB unpacked).  (Aggregates written alike
-- are computed once, so the places are written differently.)  The answers
-- are the same at every place.
CREATE FUNCTION executor_bytes() RETURNS bigint LANGUAGE sql AS $$
  SELECT sum(total_bytes) FROM pg_backend_memory_contexts WHERE name = 'ExecutorState' $$;
CREATE TABLE shared (f bloomfilter, c cuckoofilter);
INSERT INTO shared SELECT bloom_agg(g, 1000000, 0.01), cuckoo_agg(g, 1000000, 0.01) FROM generate_series(1, 100000) g;
CREATE TEMP TABLE memory (what text, bytes bigint, answers bigint[]);
INSERT INTO memory
SELECT 'bloomfilter, 1 place', (SELECT executor_bytes()),
       ARRAY[count(*) FILTER (WHERE s.f @> g)]
FROM shared s, generate_series(1, 200000) g;
INSERT INTO memory
SELECT 'bloomfilter, 8 places', (SELECT executor_bytes()),
       ARRAY[count(*) FILTER (WHERE s.f @> g), count(*) FILTER (WHERE g <@ s.f), count(*) FILTER (WHERE bloom_contains(s.f, g)),
             count(*) FILTER (WHERE s.f @> (g + 0)), count(*) FILTER (WHERE s.f @> (g * 1)), count(*) FILTER (WHERE s.f @> (g - 0)),
             count(*) FILTER (WHERE s.f @> abs(g)), count(*) FILTER (WHERE (SELECT f FROM shared) @> g)]
FROM shared s, generate_series(1, 200000) g;
INSERT INTO memory
SELECT 'cuckoofilter, 1 place', (SELECT executor_bytes()),
       ARRAY[count(*) FILTER (WHERE s.c @> g)]
FROM shared s, generate_series(1, 200000) g;
INSERT INTO memory
SELECT 'cuckoofilter, 4 places', (SELECT executor_bytes()),
       ARRAY[count(*) FILTER (WHERE s.c @> g), count(*) FILTER (WHERE g <@ s.c), count(*) FILTER (WHERE s.c @> (g + 0)),
             count(*) FILTER (WHERE (SELECT c FROM shared) @> g)]
FROM shared s, generate_series(1, 200000) g;
SELECT m.what, m.bytes - one.bytes < 1024 * 1024 AS one_copy,
       m.answers = array_fill(one.answers[1], ARRAY[cardinality(m.answers)]) AS same_answers
FROM memory m JOIN memory one ON one.what = split_part(m.what, ',', 1) || ', 1 place'
WHERE m.what NOT LIKE '%, 1 place' ORDER BY m.what;
DROP TABLE shared, memory;
DROP FUNCTION executor_bytes();

-- ---- the estimators and the typanalyze met with values of other types ----
-- (a superuser may attach them to his own operators and types)
CREATE TABLE ints AS SELECT g AS i, g::text AS t FROM generate_series(1, 1000) g;
ANALYZE ints;
CREATE OPERATOR === (LEFTARG = int4, RIGHTARG = int4, FUNCTION = int4eq,
                     RESTRICT = bloom_probe_sel, JOIN = bloom_probe_joinsel);
CREATE OPERATOR === (LEFTARG = text, RIGHTARG = text, FUNCTION = texteq,
                     RESTRICT = bloom_probe_sel, JOIN = bloom_probe_joinsel);
CREATE OPERATOR === (LEFTARG = bloomfilter, RIGHTARG = anyelement, FUNCTION = bloom_contains,
                     RESTRICT = bloom_probe_sel, JOIN = bloom_probe_joinsel);
-- no argument is a filter: the default estimate, and no crash
SELECT estimated_rows('SELECT * FROM ints WHERE i === 5') AS column_left,
       estimated_rows('SELECT * FROM ints WHERE 5 === i') AS constant_left,
       estimated_rows('SELECT * FROM ints WHERE t === ''5''') AS text_column_left,
       estimated_rows('SELECT * FROM ints WHERE ''5'' === t') AS text_constant_left,
       estimated_rows('SELECT * FROM ints a, ints b WHERE a.i === b.i') AS int_join,
       estimated_rows('SELECT * FROM ints a, ints b WHERE a.t === b.t') AS text_join;
-- a filter operator of one's own is estimated as @> is
SELECT estimated_rows('SELECT * FROM ints WHERE bloom_add(bloom_empty(10), 5) === i') AS own_filter_operator;
DROP OPERATOR === (int4, int4);
DROP OPERATOR === (text, text);
DROP OPERATOR === (bloomfilter, anyelement);
-- a domain over bloomfilter is a filter: ANALYZE keeps its facts
CREATE DOMAIN filter_domain AS bloomfilter;
CREATE TABLE domained AS SELECT bloom_agg(g)::filter_domain AS f FROM generate_series(1, 500) g;
ANALYZE domained;
SELECT stakind1, stanumbers1[1] AS elements FROM pg_statistic WHERE starelid = 'domained'::regclass;
SELECT estimated_rows('SELECT * FROM ints WHERE (SELECT f FROM domained) @> i') AS domain_filter;
DROP TABLE domained;
DROP DOMAIN filter_domain;
-- a type of one's own (an int4 inside) that borrowed the typanalyze: no statistics, no crash
-- (shell-type notices differ between PostgreSQL versions)
SET client_min_messages = warning;
CREATE TYPE fake_filter;
CREATE FUNCTION fake_filter_in(cstring) RETURNS fake_filter AS 'int4in' LANGUAGE internal IMMUTABLE STRICT;
CREATE FUNCTION fake_filter_out(fake_filter) RETURNS cstring AS 'int4out' LANGUAGE internal IMMUTABLE STRICT;
CREATE TYPE fake_filter (INPUT = fake_filter_in, OUTPUT = fake_filter_out, INTERNALLENGTH = 4,
                         PASSEDBYVALUE, ALIGNMENT = int4, ANALYZE = bloomfilter_typanalyze);
RESET client_min_messages;
CREATE TABLE fakes AS SELECT g::text::fake_filter AS f FROM generate_series(1, 1000) g;
ANALYZE fakes;
SELECT count(*) AS statistics FROM pg_statistic WHERE starelid = 'fakes'::regclass;
DROP TABLE fakes, ints;
DROP TYPE fake_filter CASCADE;
DROP FUNCTION estimated_rows(text);

-- Filters stored inline in their rows (too small for TOAST): the in-place
-- path skips the checks of a filter whose length and header are those of one
-- checked on an earlier row, and reads the bits of the row's own filter.
-- Filters of one shape with one element each have the same header on every
-- row and different bits: each row must answer for its own filter, as the
-- usual path does (an int2 probe hashes as an int8 one, by the usual path).
CREATE TABLE inline_twins AS
  SELECT g AS id, bloom_add(bloom_empty(100, 0.01), g::int8) AS f FROM generate_series(1, 200) g;
SELECT count(*) AS rows, count(*) FILTER (WHERE pg_column_size(f) < 2000) AS inline,
       count(DISTINCT bloomfilter_send(f)) AS distinct_values,
       count(DISTINCT substr(bloomfilter_send(f), 1, 52)) AS distinct_headers
FROM inline_twins;
-- each row finds its own element, and answers every probe as the usual path does
SELECT count(*) FILTER (WHERE d = 1 AND f @> id::int8) AS own_found,
       count(*) FILTER (WHERE (f @> (id + d)::int8) IS DISTINCT FROM (f @> (id + d)::int2)) AS disagreements,
       count(*) FILTER (WHERE f @> (id + d)::int8) = count(*) FILTER (WHERE f @> (id + d)::int2) AS same_count
FROM inline_twins, generate_series(1, 50) d;
-- the same through a subquery per row, and through one subquery for the whole scan
SELECT count(*) FILTER (WHERE (SELECT i.f FROM inline_twins i WHERE i.id = o.id) @> o.id::int8) AS own_found,
       count(*) FILTER (WHERE ((SELECT i.f FROM inline_twins i WHERE i.id = o.id) @> (o.id + 1)::int8)
                        IS DISTINCT FROM ((SELECT i.f FROM inline_twins i WHERE i.id = o.id) @> (o.id + 1)::int2)) AS disagreements
FROM inline_twins o;
SELECT array_agg(g ORDER BY g) FILTER (WHERE (SELECT f FROM inline_twins WHERE id = 7) @> g::int8)
       = array_agg(g ORDER BY g) FILTER (WHERE (SELECT f FROM inline_twins WHERE id = 7) @> g::int2) AS same_members,
       bool_or(g = 7 AND (SELECT f FROM inline_twins WHERE id = 7) @> g::int8) AS finds_7
FROM generate_series(1, 5000) g;
-- text (a name probe takes the usual path), padded probes, rows of another header in
-- between, an empty filter, and a filter of another kind (42804 as ever)
CREATE TABLE inline_mixed AS
  SELECT g AS id,
         CASE WHEN g % 3 = 0 THEN bloom_add(bloom_empty(300, 0.01), 'w' || g)
              WHEN g % 3 = 1 THEN bloom_add(bloom_empty(100, 0.01), 'w' || g)
              ELSE bloom_add(bloom_add(bloom_empty(100, 0.01), 'w' || g), 'x' || g) END AS f
  FROM generate_series(1, 300) g;
INSERT INTO inline_mixed VALUES (301, bloom_empty(100, 0.01));
SELECT count(*) FILTER (WHERE f @> ('w' || id)) AS own_found,
       count(*) FILTER (WHERE f @> ('w' || id || '  ')::text) AS padded_found,
       count(*) FILTER (WHERE (f @> ('w' || (id + 1))) IS DISTINCT FROM (f @> ('w' || (id + 1))::name)) AS disagreements
FROM inline_mixed;
INSERT INTO inline_mixed VALUES (302, bloom_add(bloom_empty(100, 0.01), 42::int8));
SELECT count(*) FROM inline_mixed WHERE f @> ('w' || id);
-- a probe of the wrong kind raises on every try, also where PL/pgSQL catches it and goes on
DO $$
DECLARE
  f bloomfilter := bloom_add(bloom_empty(100, 0.01), 42::int8);
  errors int := 0;
BEGIN
  FOR i IN 1..3 LOOP
    BEGIN
      PERFORM f @> ('x' || i);
    EXCEPTION WHEN datatype_mismatch THEN
      errors := errors + 1;
    END;
  END LOOP;
  RAISE NOTICE 'wrong-kind probes refused: % of 3', errors;
END $$;
DROP TABLE inline_twins, inline_mixed;

-- test/bench/filters.sql: run once by test/bench/run_filters (psql variables
-- probe_rows, n, batch, update_ops, memory_ops): the tables, the filters of
-- the other types, the sides to time and the functions that time them.
-- Everything the reports need lives in schema fb, in ordinary tables, so that
-- it outlives the restart between configurations A and B.
--
-- The n elements of every filter are x = 1..n (int8) and s = md5(x) (text).
-- The probes are drawn from 1..10n, so about one in ten is a member and the
-- rest test the false-positive path.  The filters live in a table column;
-- those of n elements are stored out of line (the types have STORAGE
-- external), so a probe of (SELECT f FROM filters_bloom WHERE ...) gets the
-- TOAST pointer, as a join does.
\set ON_ERROR_STOP 1
\pset footer off
CREATE EXTENSION bloomfilter;
CREATE EXTENSION pg_prewarm;
SET max_parallel_workers_per_gather = 0;
SELECT setseed(0.25) \g /dev/null

CREATE TABLE members AS SELECT g::int8 AS x, md5(g::text) AS s FROM generate_series(1, :n) g;
CREATE TABLE probes AS
  SELECT v AS x, md5(v::text) AS s
  FROM (SELECT (1 + floor(random() * 10 * :n))::int8 AS v FROM generate_series(1, :probe_rows)) r;
-- the batch added and removed, x = 1..batch, and its first tenth
CREATE TABLE batches (name text PRIMARY KEY, a int8[]);
INSERT INTO batches
  SELECT 'batch', array_agg(x ORDER BY x) FROM members WHERE x <= :batch
  UNION ALL
  SELECT 'tenth', array_agg(x ORDER BY x) FROM members WHERE x <= :batch / 10;
VACUUM ANALYZE members, probes, batches;

-- One row per filter: col 'x' and 's' hold every member; 'x minus batch'
-- lacks the batch (what the batch and single adds go into); 'x at 0.001'
-- is for the sizes table only; 'x small' and 's small' hold the first 1,000
-- members (a filter that stays in the CPU's caches: its probes cost the
-- call and the arithmetic, not the memory).
CREATE TABLE filters_bloom (col text PRIMARY KEY, f bloomfilter);
CREATE TABLE filters_counting (col text PRIMARY KEY, f countingbloom);
CREATE TABLE filters_cuckoo (col text PRIMARY KEY, f cuckoofilter);
-- bloomwindow, G = 4: count mode over the last n insertions (rows 'x', 's',
-- ...), and time mode (rows 't x', 't s': the members at one a millisecond,
-- a window of n milliseconds, probed at its last time, where all of them are
-- inside it)
CREATE TABLE filters_window (col text PRIMARY KEY, f bloomwindow);
-- scalablebloom: chains of 4 sub-filters, started at n / 10 (n/10 + n/5 +
-- 2n/5 = 0.7 n < n <= 1.5 n), and at 100 for the filters of 1,000
CREATE TABLE filters_scalable (col text PRIMARY KEY, f scalablebloom);
INSERT INTO filters_bloom
  SELECT 'x', bloom_agg(x, :n, 0.01) FROM members UNION ALL
  SELECT 's', bloom_agg(s, :n, 0.01) FROM members UNION ALL
  SELECT 'x minus batch', bloom_agg(x, :n, 0.01) FROM members WHERE x > :batch UNION ALL
  SELECT 'x at 0.001', bloom_agg(x, :n, 0.001) FROM members UNION ALL
  SELECT 'x small', bloom_agg(x, 1000, 0.01) FROM members WHERE x <= 1000 UNION ALL
  SELECT 's small', bloom_agg(s, 1000, 0.01) FROM members WHERE x <= 1000;
INSERT INTO filters_counting
  SELECT 'x', countingbloom_agg(x, :n, 0.01) FROM members UNION ALL
  SELECT 's', countingbloom_agg(s, :n, 0.01) FROM members UNION ALL
  SELECT 'x minus batch', countingbloom_agg(x, :n, 0.01) FROM members WHERE x > :batch UNION ALL
  SELECT 'x at 0.001', countingbloom_agg(x, :n, 0.001) FROM members UNION ALL
  SELECT 'x small', countingbloom_agg(x, 1000, 0.01) FROM members WHERE x <= 1000 UNION ALL
  SELECT 's small', countingbloom_agg(s, 1000, 0.01) FROM members WHERE x <= 1000;
INSERT INTO filters_cuckoo
  SELECT 'x', cuckoo_agg(x, :n, 0.01) FROM members UNION ALL
  SELECT 's', cuckoo_agg(s, :n, 0.01) FROM members UNION ALL
  SELECT 'x minus batch', cuckoo_agg(x, :n, 0.01) FROM members WHERE x > :batch UNION ALL
  SELECT 'x at 0.001', cuckoo_agg(x, :n, 0.001) FROM members UNION ALL
  SELECT 'x small', cuckoo_agg(x, 1000, 0.01) FROM members WHERE x <= 1000 UNION ALL
  SELECT 's small', cuckoo_agg(s, 1000, 0.01) FROM members WHERE x <= 1000;
INSERT INTO filters_window
  SELECT 'x', bloomwindow_agg(x, :n, 0.01 ORDER BY x) FROM members UNION ALL
  SELECT 's', bloomwindow_agg(s, :n, 0.01 ORDER BY x) FROM members UNION ALL
  SELECT 'x minus batch', bloomwindow_agg(x, :n, 0.01 ORDER BY x) FROM members WHERE x > :batch UNION ALL
  SELECT 'x at 0.001', bloomwindow_agg(x, :n, 0.001 ORDER BY x) FROM members UNION ALL
  SELECT 'x small', bloomwindow_agg(x, 1000, 0.01 ORDER BY x) FROM members WHERE x <= 1000 UNION ALL
  SELECT 's small', bloomwindow_agg(s, 1000, 0.01 ORDER BY x) FROM members WHERE x <= 1000 UNION ALL
  SELECT 't x', bloomwindow_agg(x, timestamptz '2026-01-01 00:00+00' + x * interval '1 millisecond',
                                 make_interval(secs => :n / 1000.0), :n, 0.01) FROM members UNION ALL
  SELECT 't s', bloomwindow_agg(s, timestamptz '2026-01-01 00:00+00' + x * interval '1 millisecond',
                                 make_interval(secs => :n / 1000.0), :n, 0.01) FROM members UNION ALL
  SELECT 't x small', bloomwindow_agg(x, timestamptz '2026-01-01 00:00+00' + x * interval '1 millisecond',
                                       make_interval(secs => 1), 1000, 0.01) FROM members WHERE x <= 1000 UNION ALL
  SELECT 't s small', bloomwindow_agg(s, timestamptz '2026-01-01 00:00+00' + x * interval '1 millisecond',
                                       make_interval(secs => 1), 1000, 0.01) FROM members WHERE x <= 1000;
INSERT INTO filters_scalable
  SELECT 'x', scalablebloom_agg(x, :n / 10, 0.01) FROM members UNION ALL
  SELECT 's', scalablebloom_agg(s, :n / 10, 0.01) FROM members UNION ALL
  SELECT 'x minus batch', scalablebloom_agg(x, :n / 10, 0.01) FROM members WHERE x > :batch UNION ALL
  SELECT 'x at 0.001', scalablebloom_agg(x, :n / 10, 0.001) FROM members UNION ALL
  SELECT 'x small', scalablebloom_agg(x, 100, 0.01) FROM members WHERE x <= 1000 UNION ALL
  SELECT 's small', scalablebloom_agg(s, 100, 0.01) FROM members WHERE x <= 1000;
VACUUM ANALYZE filters_bloom, filters_counting, filters_cuckoo, filters_window, filters_scalable;

SELECT pg_size_pretty(pg_total_relation_size('probes')) AS probes, pg_size_pretty(pg_total_relation_size('members')) AS members,
       (SELECT pg_column_size(f) FROM filters_bloom WHERE col = 'x') AS bloom_bytes,
       (SELECT pg_column_size(f) FROM filters_counting WHERE col = 'x') AS counting_bytes,
       (SELECT pg_column_size(f) FROM filters_cuckoo WHERE col = 'x') AS cuckoo_bytes,
       (SELECT pg_column_size(f) FROM filters_window WHERE col = 'x') AS window_bytes,
       (SELECT pg_column_size(f) FROM filters_scalable WHERE col = 'x') AS scalable_bytes,
       (SELECT string_agg(col || ': ' || (scalablebloom_info(f)).subfilters, ', ' ORDER BY col) FROM filters_scalable) AS scalable_subfilters,
       (SELECT count(*) FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
        WHERE c.relname ~ '^filters_' AND a.attname = 'f' AND a.attstorage = 'e') AS external_columns;

CREATE SCHEMA fb;

-- Sizes (p = 0.01 and 0.001, n elements) and the false-positive rate seen
-- over up to 1M probes that are not members (x > n).
CREATE TABLE fb.sizes AS
WITH non_members AS MATERIALIZED (SELECT x FROM probes WHERE x > :n LIMIT 1000000),
filters AS (
  SELECT 'bloomfilter' AS type, 1 AS type_order, CASE col WHEN 'x' THEN 0.01 ELSE 0.001 END AS p,
         pg_column_size(f) AS stored_bytes, (bloom_info(f)).bytes AS info_bytes, (bloom_info(f)).fpp AS info_fpp,
         format('k = %s', (bloom_info(f)).k) AS shape,
         (SELECT count(*) FILTER (WHERE f @> x)::float8 / count(*) FROM non_members) AS seen_fpp
  FROM filters_bloom WHERE col IN ('x', 'x at 0.001')
  UNION ALL
  SELECT 'countingbloom', 2, CASE col WHEN 'x' THEN 0.01 ELSE 0.001 END,
         pg_column_size(f), (countingbloom_info(f)).bytes, (countingbloom_info(f)).fpp,
         format('k = %s, 4-bit counters', (countingbloom_info(f)).k),
         (SELECT count(*) FILTER (WHERE f @> x)::float8 / count(*) FROM non_members)
  FROM filters_counting WHERE col IN ('x', 'x at 0.001')
  UNION ALL
  SELECT 'cuckoofilter', 3, CASE col WHEN 'x' THEN 0.01 ELSE 0.001 END,
         pg_column_size(f), (cuckoo_info(f)).bytes, (cuckoo_info(f)).fpp,
         format('%s-bit fingerprints, %s buckets, load %s', (cuckoo_info(f)).fingerprint_bits,
                (cuckoo_info(f)).buckets, round((cuckoo_info(f)).load::numeric, 2)),
         (SELECT count(*) FILTER (WHERE f @> x)::float8 / count(*) FROM non_members)
  FROM filters_cuckoo WHERE col IN ('x', 'x at 0.001')
  UNION ALL
  SELECT 'bloomwindow', 4, CASE col WHEN 'x' THEN 0.01 ELSE 0.001 END,
         pg_column_size(f), (bloomwindow_info(f)).bytes, NULL::float8,
         format('k = %s, %s generations of %s bits (count mode, the last n)', (bloomwindow_info(f)).k,
                (bloomwindow_info(f)).generations, (bloomwindow_info(f)).m),
         (SELECT count(*) FILTER (WHERE f @> x)::float8 / count(*) FROM non_members)
  FROM filters_window WHERE col IN ('x', 'x at 0.001')
  UNION ALL
  SELECT 'scalablebloom', 4, CASE col WHEN 'x' THEN 0.01 ELSE 0.001 END,
         pg_column_size(f), (scalablebloom_info(f)).bytes, (scalablebloom_info(f)).fpp,
         format('%s sub-filters from n / 10, s = 2, r = 0.5', (scalablebloom_info(f)).subfilters),
         (SELECT count(*) FILTER (WHERE f @> x)::float8 / count(*) FROM non_members)
  FROM filters_scalable WHERE col IN ('x', 'x at 0.001'))
SELECT * FROM filters;

-- One thing to time.  Sides of a group run one after the other in each run
-- (their order rotated from run to run); the groups, then the runs, follow.
-- kind: bloom, counting, cuckoo, or base (the same scan without a filter).
-- plan: 'serial' (no workers) or 'default' (the plan PostgreSQL picks).
-- elements: what one execution processes (probes, rows, values, operations),
-- for the per-element columns.  rollback: the statement writes, and is rolled
-- back after it is timed, so every run starts from the same table.
CREATE TABLE fb.sides (
  id serial PRIMARY KEY, section text, grp int, pos int, kind text, label text, vals text, plan text,
  query text, elements bigint, rollback bool DEFAULT false, filter_n bigint DEFAULT :n);

-- 1. probes of a scan: the filter from a subquery (an InitPlan, evaluated once)
INSERT INTO fb.sides (section, grp, pos, kind, label, vals, plan, query, elements)
SELECT 'probe', 10 + 2 * pl.i + v.i, t.i, t.kind, t.label, v.vals, pl.plan,
       CASE WHEN t.kind = 'base' THEN format('SELECT count(*) FROM probes WHERE %s', v.no_match)
            WHEN t.kind = 'windowtime'
            THEN format('SELECT count(*) FROM probes WHERE bloomwindow_contains((SELECT f FROM %I WHERE col = %L), %s, %L)',
                        t.tbl, 't ' || v.col, v.col, (timestamptz '2026-01-01 00:00+00' + :n * interval '1 millisecond')::text)
            ELSE format('SELECT count(*) FROM probes WHERE (SELECT f FROM %I WHERE col = %L) @> %s', t.tbl, v.col, v.col) END,
       :probe_rows
FROM (VALUES (0, 'serial'), (1, 'default')) pl(i, plan),
     (VALUES (0, 'int8', 'x', 'x = -1'), (1, 'text', 's', 's = ''''')) v(i, vals, col, no_match),
     (VALUES (0, 'base', 'scan without a filter', NULL), (1, 'bloom', 'bloomfilter', 'filters_bloom'),
             (2, 'counting', 'countingbloom', 'filters_counting'), (3, 'cuckoo', 'cuckoofilter', 'filters_cuckoo'),
             (4, 'window', 'bloomwindow count G=4', 'filters_window'),
             (5, 'windowtime', 'bloomwindow time G=4', 'filters_window'),
             (6, 'scalable', 'scalablebloom (chain of 4)', 'filters_scalable')) t(i, kind, label, tbl);
-- 1a. the same with filters of 1,000 elements, serial: what a probe costs
-- when the filter is in the CPU's caches (compared with the scan above)
INSERT INTO fb.sides (section, grp, pos, kind, label, vals, plan, query, elements, filter_n)
SELECT 'probe', 14 + v.i, t.i, t.kind, t.label, v.vals, 'serial',
       CASE WHEN t.kind = 'windowtime'
            THEN format('SELECT count(*) FROM probes WHERE bloomwindow_contains((SELECT f FROM %I WHERE col = %L), %s, %L)',
                        t.tbl, 't ' || v.col || ' small', v.col, '2026-01-01 00:00:01+00')
            ELSE format('SELECT count(*) FROM probes WHERE (SELECT f FROM %I WHERE col = %L) @> %s', t.tbl, v.col || ' small', v.col) END,
       :probe_rows, 1000
FROM (VALUES (0, 'int8', 'x'), (1, 'text', 's')) v(i, vals, col),
     (VALUES (1, 'bloom', 'bloomfilter', 'filters_bloom'), (2, 'counting', 'countingbloom', 'filters_counting'),
             (3, 'cuckoo', 'cuckoofilter', 'filters_cuckoo'), (4, 'window', 'bloomwindow count G=4', 'filters_window'),
             (5, 'windowtime', 'bloomwindow time G=4', 'filters_window'),
             (6, 'scalable', 'scalablebloom (chain of 4)', 'filters_scalable')) t(i, kind, label, tbl);
-- 1b. the stored filter probed by a join (a column of the outer row), in the
-- plan PostgreSQL picks (a serial nested loop: the plans table shows it)
INSERT INTO fb.sides (section, grp, pos, kind, label, vals, plan, query, elements)
SELECT 'join', 20 + v.i, t.i, t.kind, t.label, v.vals, 'default',
       format('SELECT count(*) FROM %I t JOIN probes p ON t.f @> p.%s WHERE t.col = %L', t.tbl, v.col, v.col),
       :probe_rows
FROM (VALUES (0, 'int8', 'x'), (1, 'text', 's')) v(i, vals, col),
     (VALUES (1, 'bloom', 'bloomfilter', 'filters_bloom'), (2, 'counting', 'countingbloom', 'filters_counting'),
             (3, 'cuckoo', 'cuckoofilter', 'filters_cuckoo'), (4, 'window', 'bloomwindow count G=4', 'filters_window'),
             (6, 'scalable', 'scalablebloom (chain of 4)', 'filters_scalable')) t(i, kind, label, tbl);
-- 2a. building with the aggregate, over the n members
INSERT INTO fb.sides (section, grp, pos, kind, label, vals, plan, query, elements)
SELECT 'agg', 30 + 2 * pl.i + v.i, t.i, t.kind,
       CASE WHEN t.kind = 'base' THEN format('count(%s)', v.col) ELSE format('%s(%s, n, 0.01)', t.agg, v.col) END,
       v.vals, pl.plan,
       CASE WHEN t.kind = 'base' THEN format('SELECT count(%s) FROM members', v.col)
            ELSE format('SELECT %s(%s, %s, 0.01) IS NOT NULL FROM members', t.agg, v.col, :n) END,
       :n
FROM (VALUES (0, 'serial'), (1, 'default')) pl(i, plan),
     (VALUES (0, 'int8', 'x'), (1, 'text', 's')) v(i, vals, col),
     (VALUES (0, 'base', NULL), (1, 'bloom', 'bloom_agg'), (2, 'counting', 'countingbloom_agg'), (3, 'cuckoo', 'cuckoo_agg'),
             (4, 'window', 'bloomwindow_agg')) t(i, kind, agg);
-- the self-sizing forms over bloom_agg's hash list, against bloom_agg(x):
-- the same scan and state, each type's own final build
INSERT INTO fb.sides (section, grp, pos, kind, label, vals, plan, query, elements)
SELECT 'agg', 34 + 2 * pl.i + v.i, t.i, t.kind,
       CASE WHEN t.kind = 'base' THEN format('count(%s)', v.col) ELSE format('%s(%s)', t.agg, v.col) END,
       v.vals, pl.plan,
       CASE WHEN t.kind = 'base' THEN format('SELECT count(%s) FROM members', v.col)
            ELSE format('SELECT %s(%s) IS NOT NULL FROM members', t.agg, v.col) END,
       :n
FROM (VALUES (0, 'serial'), (1, 'default')) pl(i, plan),
     (VALUES (0, 'int8', 'x'), (1, 'text', 's')) v(i, vals, col),
     (VALUES (0, 'base', NULL), (1, 'bloom', 'bloom_agg'), (2, 'counting', 'countingbloom_agg'),
             (3, 'cuckoo', 'cuckoo_agg')) t(i, kind, agg);
-- scalablebloom_agg from n / 10: its chain grows to 4 sub-filters (no
-- partial aggregate: the default plan gathers the rows)
INSERT INTO fb.sides (section, grp, pos, kind, label, vals, plan, query, elements)
SELECT 'agg', 30 + 2 * pl.i + v.i, 6, 'scalable', format('scalablebloom_agg(%s, n / 10, 0.01)', v.col), v.vals, pl.plan,
       format('SELECT scalablebloom_agg(%s, %s, 0.01) IS NOT NULL FROM members', v.col, :n / 10), :n
FROM (VALUES (0, 'serial'), (1, 'default')) pl(i, plan),
     (VALUES (0, 'int8', 'x'), (1, 'text', 's')) v(i, vals, col);
-- 2b. rebuilding the stored filter from its table (an UPDATE: no parallel plan)
INSERT INTO fb.sides (section, grp, pos, kind, label, vals, plan, query, elements, rollback)
SELECT 'rebuild', 40, t.i, t.kind, format('UPDATE SET f = (SELECT %s(x, n, 0.01))', t.agg), 'int8', 'default',
       format('UPDATE %I SET f = (SELECT %s(x, %s, 0.01) FROM members) WHERE col = ''x''', t.tbl, t.agg, :n),
       :n, true
FROM (VALUES (1, 'bloom', 'bloom_agg', 'filters_bloom'), (2, 'counting', 'countingbloom_agg', 'filters_counting'),
             (3, 'cuckoo', 'cuckoo_agg', 'filters_cuckoo')) t(i, kind, agg, tbl);
-- 2c. batches: ..._add_all of the batch into the filter that lacks it,
-- ..._remove_all of the batch (and of its tenth) from the full filter; in a
-- query (the function alone, on the stored value) and stored (an UPDATE)
INSERT INTO fb.sides (section, grp, pos, kind, label, vals, plan, query, elements, rollback)
SELECT 'batch', 50 + f.i, o.i, o.kind, o.fn || '(' || o.batch || ')', 'int8', 'serial',
       CASE WHEN f.form = 'query'
            THEN format('SELECT %s(f, (SELECT a FROM batches WHERE name = %L)) IS NOT NULL FROM %I WHERE col = %L',
                        o.fn, o.batch, o.tbl, o.col)
            ELSE format('UPDATE %I SET f = %s(f, (SELECT a FROM batches WHERE name = %L)) WHERE col = %L',
                        o.tbl, o.fn, o.batch, o.col) END,
       CASE o.batch WHEN 'batch' THEN :batch ELSE :batch / 10 END, f.form = 'stored'
FROM (VALUES (0, 'query'), (1, 'stored')) f(i, form),
     (VALUES (0, 'bloom', 'bloom_add_all', 'batch', 'filters_bloom', 'x minus batch'),
             (1, 'counting', 'countingbloom_add_all', 'batch', 'filters_counting', 'x minus batch'),
             (2, 'cuckoo', 'cuckoo_add_all', 'batch', 'filters_cuckoo', 'x minus batch'),
             (3, 'counting', 'countingbloom_remove_all', 'batch', 'filters_counting', 'x'),
             (4, 'counting', 'countingbloom_remove_all', 'tenth', 'filters_counting', 'x'),
             (5, 'cuckoo', 'cuckoo_remove_all', 'batch', 'filters_cuckoo', 'x'),
             (6, 'cuckoo', 'cuckoo_remove_all', 'tenth', 'filters_cuckoo', 'x'),
             (7, 'window', 'bloomwindow_add_all', 'batch', 'filters_window', 'x minus batch'),
             (8, 'scalable', 'scalablebloom_add_all', 'batch', 'filters_scalable', 'x minus batch')) o(i, kind, fn, batch, tbl, col);
-- 2d. single adds and removes, one value per operation: UPDATEs of the stored
-- row, one statement each (update_ops of them, rolled back together), and
-- the same functions on a filter in a PL/pgSQL variable (memory_ops of them)
INSERT INTO fb.sides (section, grp, pos, kind, label, vals, plan, query, elements, rollback)
SELECT 'single', 60 + f.i, o.i, o.kind, o.fn, 'int8', 'serial',
       CASE WHEN f.form = 'stored'
            THEN format('SELECT fb.update_ops(%L, %L, %L, %s)', o.tbl, o.fn, o.col, :update_ops)
            ELSE format('SELECT fb.memory_ops(%L, %L, %s)', o.kind, o.fn, :memory_ops) END,
       CASE WHEN f.form = 'stored' THEN :update_ops ELSE :memory_ops END, f.form = 'stored'
FROM (VALUES (0, 'stored'), (1, 'memory')) f(i, form),
     (VALUES (0, 'bloom', 'bloom_add', 'filters_bloom', 'x minus batch'),
             (1, 'counting', 'countingbloom_add', 'filters_counting', 'x minus batch'),
             (2, 'counting', 'countingbloom_remove', 'filters_counting', 'x'),
             (3, 'cuckoo', 'cuckoo_add', 'filters_cuckoo', 'x minus batch'),
             (4, 'cuckoo', 'cuckoo_remove', 'filters_cuckoo', 'x'),
             (5, 'window', 'bloomwindow_add', 'filters_window', 'x minus batch'),
             (6, 'scalable', 'scalablebloom_add', 'filters_scalable', 'x minus batch')) o(i, kind, fn, tbl, col);

-- ops UPDATEs of one stored filter, each adding (or removing) one of
-- x = 1..ops: values the filter lacks (adds) or holds (removes)
CREATE FUNCTION fb.update_ops(tbl text, fn text, col text, ops int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  FOR i IN 1..ops LOOP
    EXECUTE format('UPDATE %I SET f = %s(f, $1) WHERE col = %L', tbl, fn, col) USING i::int8;
  END LOOP;
END $$;

-- The same operations on a filter held in a variable (read once, detoasted
-- by the assignment): each call copies the filter, as every add does
CREATE FUNCTION fb.memory_ops(kind text, fn text, ops int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  b bloomfilter;
  c countingbloom;
  k cuckoofilter;
  w bloomwindow;
  sc scalablebloom;
BEGIN
  IF fn = 'bloom_add' THEN
    SELECT f INTO b FROM filters_bloom WHERE col = 'x minus batch';
    FOR i IN 1..ops LOOP b := bloom_add(b, i::int8); END LOOP;
  ELSIF fn = 'countingbloom_add' THEN
    SELECT f INTO c FROM filters_counting WHERE col = 'x minus batch';
    FOR i IN 1..ops LOOP c := countingbloom_add(c, i::int8); END LOOP;
  ELSIF fn = 'countingbloom_remove' THEN
    SELECT f INTO c FROM filters_counting WHERE col = 'x';
    FOR i IN 1..ops LOOP c := countingbloom_remove(c, i::int8); END LOOP;
  ELSIF fn = 'cuckoo_add' THEN
    SELECT f INTO k FROM filters_cuckoo WHERE col = 'x minus batch';
    FOR i IN 1..ops LOOP k := cuckoo_add(k, i::int8); END LOOP;
  ELSIF fn = 'cuckoo_remove' THEN
    SELECT f INTO k FROM filters_cuckoo WHERE col = 'x';
    FOR i IN 1..ops LOOP k := cuckoo_remove(k, i::int8); END LOOP;
  ELSIF fn = 'scalablebloom_add' THEN
    SELECT f INTO sc FROM filters_scalable WHERE col = 'x minus batch';
    FOR i IN 1..ops LOOP sc := scalablebloom_add(sc, i::int8); END LOOP;
  ELSIF fn = 'bloomwindow_add' THEN
    SELECT f INTO w FROM filters_window WHERE col = 'x minus batch';
    FOR i IN 1..ops LOOP w := bloomwindow_add(w, i::int8); END LOOP;
  ELSE
    RAISE EXCEPTION 'unknown operation %', fn;
  END IF;
END $$;

-- status: 'ok' or 'timeout' (statement_timeout); a side that timed out is
-- not run again in the same configuration ('repeat')
CREATE TABLE fb.timings (config text, id int, run int, ms float8, status text, limit_s int);
CREATE TABLE fb.plans (config text, id int, plan text);

-- The settings of a plan: 'serial' is the server's defaults with no workers.
CREATE FUNCTION fb.apply_plan(plan text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  setting record;
BEGIN
  FOR setting IN SELECT name, reset_val FROM pg_settings
                 WHERE name ~ 'parallel' AND context IN ('user', 'superuser') LOOP
    PERFORM set_config(setting.name, setting.reset_val, false);
  END LOOP;
  IF plan = 'serial' THEN
    PERFORM set_config('max_parallel_workers_per_gather', '0', false);
  ELSIF plan <> 'default' THEN
    RAISE EXCEPTION 'unknown plan %', plan;
  END IF;
END $$;

-- A plan as its nodes from the top down, outer children first, with the
-- InitPlans and the JIT if the plan uses it:
-- "Aggregate > Nested Loop > Seq Scan, Seq Scan"
CREATE FUNCTION fb.plan_nodes(node json) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  name text := node ->> 'Node Type';
  children text;
BEGIN
  IF name = 'Aggregate' AND node ->> 'Partial Mode' <> 'Simple' THEN
    name := (node ->> 'Partial Mode') || ' ' || name;
  ELSIF name IN ('Gather', 'Gather Merge') THEN
    name := format('%s (%s workers)', name, node ->> 'Workers Planned');
  ELSIF (node ->> 'Parallel Aware')::bool THEN
    name := 'Parallel ' || name;
  END IF;
  IF node ->> 'Parent Relationship' = 'InitPlan' THEN
    name := 'InitPlan ' || name;
  END IF;
  SELECT string_agg(fb.plan_nodes(c), ', ' ORDER BY c ->> 'Parent Relationship' = 'InitPlan' DESC,
                    c ->> 'Parent Relationship' <> 'Outer')
  INTO children FROM json_array_elements(node -> 'Plans') c;
  RETURN name || coalesce(' > ' || children, '');
END $$;

-- EXPLAIN of every side but the writes, in its plan, once per configuration.
CREATE FUNCTION fb.explain_sides(cfg text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s record;
  plan json;
BEGIN
  FOR s IN SELECT * FROM fb.sides WHERE section IN ('probe', 'join', 'agg') ORDER BY id LOOP
    PERFORM fb.apply_plan(s.plan);
    EXECUTE 'EXPLAIN (FORMAT JSON) ' || s.query INTO plan;
    INSERT INTO fb.plans
    VALUES (cfg, s.id, fb.plan_nodes(plan -> 0 -> 'Plan') ||
                       CASE WHEN plan -> 0 -> 'Plan' ->> 'Total Cost' IS NOT NULL
                                 AND (plan -> 0 -> 'Plan' ->> 'Total Cost')::float8 >= current_setting('jit_above_cost')::float8
                                 AND current_setting('jit')::bool
                            THEN ' (JIT)' ELSE '' END);
  END LOOP;
  PERFORM fb.apply_plan('serial');
END $$;

-- Times one side and records it.  The caller sets statement_timeout.  A
-- side that writes is rolled back once timed (the exception undoes its
-- subtransaction).
CREATE FUNCTION fb.run_side(cfg text, side_id int, run int, limit_s int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s fb.sides;
  started timestamptz;
  elapsed float8;
  status text := 'ok';
BEGIN
  SELECT * INTO s FROM fb.sides WHERE id = side_id;
  IF EXISTS (SELECT FROM fb.timings t WHERE t.config = cfg AND t.id = side_id AND t.status <> 'ok') THEN
    INSERT INTO fb.timings VALUES (cfg, side_id, run, NULL, 'repeat', limit_s);
    RETURN;
  END IF;
  PERFORM fb.apply_plan(s.plan);
  BEGIN
    started := clock_timestamp();
    EXECUTE s.query;
    elapsed := extract(epoch FROM clock_timestamp() - started) * 1000;
    IF s.rollback THEN
      RAISE SQLSTATE 'FBRBK';
    END IF;
  EXCEPTION
    WHEN SQLSTATE 'FBRBK' THEN
      NULL;
    WHEN query_canceled THEN
      status := 'timeout';
  END;
  PERFORM fb.apply_plan('serial');
  INSERT INTO fb.timings VALUES (cfg, side_id, run, elapsed, status, limit_s);
END $$;

-- Medians of each side; failure: 'timeout' if any run timed out.
CREATE VIEW fb.medians AS
  SELECT s.*, t.config,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY t.ms) FILTER (WHERE t.status = 'ok') AS ms,
         CASE WHEN bool_or(t.status <> 'ok') THEN 'timeout' END AS failure, max(t.limit_s) AS limit_s
  FROM fb.sides s JOIN fb.timings t ON t.id = s.id
  GROUP BY s.id, t.config;

-- The ratio of each side to the bloomfilter side of its group, run by run
-- (the two ran seconds apart, under the same load), and its median: on a
-- shared machine it moves less than the ratio of the medians.
CREATE VIEW fb.paired AS
  SELECT t.config, t.id, percentile_cont(0.5) WITHIN GROUP (ORDER BY t.ms / r.ms) AS paired
  FROM fb.timings t
  JOIN fb.sides s ON s.id = t.id
  JOIN fb.sides rs ON rs.grp = s.grp AND rs.kind = 'bloom' AND rs.id <> s.id
  JOIN fb.timings r ON r.config = t.config AND r.id = rs.id AND r.run = t.run
  WHERE t.status = 'ok' AND r.status = 'ok'
  GROUP BY t.config, t.id;

-- "met", or "missed by 23%"
CREATE FUNCTION fb.verdict(ratio float8, goal float8) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN ratio IS NULL OR goal IS NULL THEN ''
              WHEN ratio <= goal THEN 'met'
              ELSE format('missed by %s%%', round(((ratio / goal - 1) * 100)::numeric, CASE WHEN ratio / goal < 1.1 THEN 1 ELSE 0 END)) END
$$;

-- "812.3", or "> 120 s (timeout)"
CREATE FUNCTION fb.ms_text(ms float8, failure text, limit_s int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN failure IS NOT NULL THEN format('> %s s (timeout)', limit_s)
              ELSE to_char(ms, 'FM999999990.0') END
$$;

-- The k below which removing k values, fixed + per_value * k, costs less
-- than one rebuild: "never" if the fixed cost alone is more, "> n" past the
-- filter's n elements (removing costs less whatever is removed)
CREATE FUNCTION fb.break_even(rebuild_ms float8, fixed_ms float8, per_value_ms float8, n bigint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN rebuild_ms IS NULL OR fixed_ms IS NULL OR per_value_ms IS NULL THEN '?'
              WHEN fixed_ms >= rebuild_ms THEN 'never'
              WHEN per_value_ms <= 0 OR (rebuild_ms - fixed_ms) / per_value_ms > n THEN '> n'
              ELSE to_char(floor((rebuild_ms - fixed_ms) / per_value_ms), 'FM999,999,999') END
$$;

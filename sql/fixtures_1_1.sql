-- The types 1.1 added (test/fixtures/1.1, made once by its make.sql, and
-- make_cuckoo_v2.sql for cuckoofilter's format version 2): every
-- countingbloom, cuckoofilter and scalablebloom value is accepted, comes back
-- byte for byte, and answers every recorded probe (@> of countingbloom and
-- scalablebloom, cuckoo_count of cuckoofilter) as when it was made.
CREATE TABLE shrinking_fixture (name text PRIMARY KEY, type text NOT NULL, value_text text NOT NULL);
\copy shrinking_fixture FROM 'test/fixtures/1.1/shrinking.tsv'
\copy shrinking_fixture FROM 'test/fixtures/1.1/cuckoo_v2.tsv'
CREATE TABLE shrinking_probe (name text, expr text, answer text);
\copy shrinking_probe FROM 'test/fixtures/1.1/shrinking_probes.tsv'
\copy shrinking_probe FROM 'test/fixtures/1.1/cuckoo_v2_probes.tsv'
SELECT (cuckoo_info(value_text::cuckoofilter)).format_version, count(*) AS cuckoo_values
FROM shrinking_fixture WHERE type = 'cuckoofilter' GROUP BY 1 ORDER BY 1;
SELECT (SELECT count(*) FROM shrinking_fixture) AS values, (SELECT count(*) FROM shrinking_probe) AS probes;
SELECT name AS text_form_changed FROM shrinking_fixture
WHERE CASE type WHEN 'cuckoofilter' THEN value_text::cuckoofilter::text
                WHEN 'scalablebloom' THEN value_text::scalablebloom::text ELSE value_text::countingbloom::text END
      IS DISTINCT FROM value_text;
SELECT name AS binary_form_changed FROM shrinking_fixture
WHERE CASE type WHEN 'cuckoofilter' THEN cuckoofilter_send(value_text::cuckoofilter)
                WHEN 'scalablebloom' THEN scalablebloom_send(value_text::scalablebloom)
                ELSE countingbloom_send(value_text::countingbloom) END
      IS DISTINCT FROM decode(value_text, 'base64');
CREATE FUNCTION shrinking_answer(type text, value_text text, expr text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    answer text;
BEGIN
    IF type = 'cuckoofilter' THEN
        EXECUTE format('SELECT cuckoo_count(%L::cuckoofilter, %s)::text', value_text, expr) INTO answer;
    ELSIF type = 'scalablebloom' THEN
        EXECUTE format('SELECT (%L::scalablebloom @> %s)::text', value_text, expr) INTO answer;
    ELSE
        EXECUTE format('SELECT (%L::countingbloom @> %s)::text', value_text, expr) INTO answer;
    END IF;
    RETURN answer;
EXCEPTION WHEN others THEN
    RETURN 'error ' || SQLSTATE;
END $$;
SELECT p.name, p.expr, p.answer AS recorded, shrinking_answer(f.type, f.value_text, p.expr) AS now
FROM shrinking_probe p JOIN shrinking_fixture f USING (name)
WHERE shrinking_answer(f.type, f.value_text, p.expr) IS DISTINCT FROM p.answer;
-- the recorded probes include members, non-members and errors
SELECT count(*) FILTER (WHERE answer IN ('true') OR answer ~ '^[1-8]$') > 0 AS has_members,
       count(*) FILTER (WHERE answer IN ('false', '0')) > 0 AS has_non_members,
       count(*) FILTER (WHERE answer LIKE 'error%') > 0 AS has_errors
FROM shrinking_probe;
-- a cuckoofilter of format version 1 (power-of-two buckets) stays version 1
-- through adds and removes, which keep its members
SELECT (cuckoo_info(f)).format_version AS before, (cuckoo_info(g)).format_version AS after,
       g @> 1000001 AS added_found, NOT g @> 5 AS removed_gone,
       (SELECT count(*) FILTER (WHERE g @> x) FROM generate_series(6, 900) x) AS members_kept
FROM (SELECT f, cuckoo_remove(cuckoo_add(f, 1000001), 5) AS g
      FROM (SELECT value_text::cuckoofilter AS f FROM shrinking_fixture WHERE name = 'cuckoo int') s) t;
-- rows that alternate a version 1 and a version 2 value of one shape (16
-- buckets, f = 10, 65 fingerprints, the stash in use), probed by one call
-- site: each in its own layout
SELECT (cuckoo_info(a.f)).buckets = (cuckoo_info(b.f)).buckets AND (cuckoo_info(a.f)).n = (cuckoo_info(b.f)).n
         AND (cuckoo_info(a.f)).format_version = 1 AND (cuckoo_info(b.f)).format_version = 2 AS one_shape_two_versions
FROM (SELECT value_text::cuckoofilter AS f FROM shrinking_fixture WHERE name = 'cuckoo full') a,
     (SELECT value_text::cuckoofilter AS f FROM shrinking_fixture WHERE name = 'cuckoo v2 full') b;
SELECT g % 2 AS version_2, count(*) FILTER (WHERE f @> x) AS members_found, count(*) FILTER (WHERE cuckoo_count(f, x) > 0) AS counted
FROM generate_series(1, 6) g,
     LATERAL (SELECT value_text::cuckoofilter AS f FROM shrinking_fixture
              WHERE name = CASE WHEN g % 2 = 1 THEN 'cuckoo v2 full' ELSE 'cuckoo full' END) v,
     generate_series(0, 64) x
GROUP BY 1 ORDER BY 1;
-- and a union with a version 2 value of as many buckets (512) is an ERROR:
-- its fingerprints sit in other buckets
SELECT (cuckoo_info(cuckoo_empty(1945, 0.01))).buckets AS version_2_buckets;
SELECT value_text::cuckoofilter | cuckoo_add(cuckoo_empty(1945, 0.01), 1) FROM shrinking_fixture WHERE name = 'cuckoo int';
SELECT cuckoo_union_agg(f) FROM (SELECT value_text::cuckoofilter AS f FROM shrinking_fixture WHERE name = 'cuckoo int'
                                 UNION ALL SELECT cuckoo_add(cuckoo_empty(1945, 0.01), 1)) s;
DROP TABLE shrinking_fixture, shrinking_probe;
DROP FUNCTION shrinking_answer(text, text, text);

-- bloomwindow (test/fixtures/1.1/window*.tsv, made once by make.sql): every
-- value is accepted, comes back byte for byte, and answers every recorded
-- probe (@> in count mode, bloomwindow_contains at the recorded time in time
-- mode) as when it was made.
CREATE TABLE window_fixture (name text PRIMARY KEY, mode text NOT NULL, at timestamptz, value_text text NOT NULL);
\copy window_fixture FROM 'test/fixtures/1.1/window.tsv'
CREATE TABLE window_probe (name text, expr text, answer text);
\copy window_probe FROM 'test/fixtures/1.1/window_probes.tsv'
SELECT (SELECT count(*) FROM window_fixture) AS values, (SELECT count(*) FROM window_probe) AS probes;
SELECT name AS text_form_changed FROM window_fixture WHERE value_text::bloomwindow::text IS DISTINCT FROM value_text;
SELECT name AS binary_form_changed FROM window_fixture
WHERE bloomwindow_send(value_text::bloomwindow) IS DISTINCT FROM decode(value_text, 'base64');
CREATE FUNCTION window_answer(mode text, at timestamptz, value_text text, expr text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    answer text;
BEGIN
    IF mode = 'time' THEN
        EXECUTE format('SELECT bloomwindow_contains(%L::bloomwindow, %s, %L)::text', value_text, expr, at) INTO answer;
    ELSE
        EXECUTE format('SELECT (%L::bloomwindow @> %s)::text', value_text, expr) INTO answer;
    END IF;
    RETURN answer;
EXCEPTION WHEN others THEN
    RETURN 'error ' || SQLSTATE;
END $$;
SELECT p.name, p.expr, p.answer AS recorded, window_answer(f.mode, f.at, f.value_text, p.expr) AS now
FROM window_probe p JOIN window_fixture f USING (name)
WHERE window_answer(f.mode, f.at, f.value_text, p.expr) IS DISTINCT FROM p.answer;
SELECT count(*) FILTER (WHERE answer = 'true') > 0 AS has_members,
       count(*) FILTER (WHERE answer = 'false') > 0 AS has_non_members,
       count(*) FILTER (WHERE answer LIKE 'error%') > 0 AS has_errors
FROM window_probe;
DROP TABLE window_fixture, window_probe;
DROP FUNCTION window_answer(text, timestamptz, text, text);

-- The types 1.1 added (test/fixtures/1.1, made once by its make.sql): every
-- countingbloom, cuckoofilter and scalablebloom value is accepted, comes back
-- byte for byte, and answers every recorded probe (@> of countingbloom and
-- scalablebloom, cuckoo_count of cuckoofilter) as when it was made.
CREATE TABLE shrinking_fixture (name text PRIMARY KEY, type text NOT NULL, value_text text NOT NULL);
\copy shrinking_fixture FROM 'test/fixtures/1.1/shrinking.tsv'
CREATE TABLE shrinking_probe (name text, expr text, answer text);
\copy shrinking_probe FROM 'test/fixtures/1.1/shrinking_probes.tsv'
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
DROP TABLE shrinking_fixture, shrinking_probe;
DROP FUNCTION shrinking_answer(text, text, text);

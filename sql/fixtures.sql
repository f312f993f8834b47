-- Values written by the released 1.0 code (test/fixtures/1.0, made once by
-- its make.sql) read by today's code: every filter and partial aggregate
-- state is accepted, comes back byte for byte in text and binary form, has
-- the bloom_info 1.0 gave it, and answers every recorded probe as 1.0 did,
-- false positives and errors included.  A change that alters a stored byte
-- or a hash fails here.  pg_regress runs from the top directory.
CREATE TABLE fixture (name text PRIMARY KEY, filter_text text NOT NULL);
\copy fixture FROM 'test/fixtures/1.0/filters.tsv'
CREATE TABLE fixture_info (name text PRIMARY KEY, m bigint, k int, n bigint, bits_set bigint,
    fill_ratio float8, fpp float8, cardinality float8, bytes int, design_n bigint, design_p float8,
    value_kind text, format_version int);
\copy fixture_info FROM 'test/fixtures/1.0/info.tsv'
CREATE TABLE fixture_probe (name text, expr text, answer text);
\copy fixture_probe FROM 'test/fixtures/1.0/probes.tsv'
CREATE TABLE fixture_state (name text PRIMARY KEY, state_text text NOT NULL, final_text text NOT NULL);
\copy fixture_state FROM 'test/fixtures/1.0/states.tsv'
SELECT (SELECT count(*) FROM fixture) AS filters, (SELECT count(*) FROM fixture_probe) AS probes,
       (SELECT count(*) FROM fixture_state) AS states;

-- accepted, and the same bytes out: text form, and binary form (the bytes
-- that the text form is the base64 of)
SELECT name AS text_form_changed FROM fixture WHERE filter_text::bloomfilter::text IS DISTINCT FROM filter_text;
SELECT name AS binary_form_changed FROM fixture
WHERE bloomfilter_send(filter_text::bloomfilter) IS DISTINCT FROM decode(filter_text, 'base64');

-- bloom_info as 1.0 gave it: header fields and bit counts exactly, the two
-- estimates from the bits (fpp, cardinality) to 1e-12 relative
CREATE FUNCTION close_enough(a float8, b float8) RETURNS boolean LANGUAGE sql IMMUTABLE
    RETURN a = b OR abs(a - b) <= 1e-12 * greatest(abs(a), abs(b));
SELECT x.name AS info_changed, i.*
FROM fixture x CROSS JOIN LATERAL bloom_info(x.filter_text::bloomfilter) i JOIN fixture_info e ON e.name = x.name
WHERE (i.m, i.k, i.n, i.bits_set, i.fill_ratio, i.bytes, i.design_n, i.design_p, i.value_kind, i.format_version)
      IS DISTINCT FROM (e.m, e.k, e.n, e.bits_set, e.fill_ratio, e.bytes, e.design_n, e.design_p, e.value_kind, e.format_version)
   OR NOT close_enough(i.fpp, e.fpp) OR NOT close_enough(i.cardinality, e.cardinality);
SELECT x.name AS header_info_changed
FROM fixture x CROSS JOIN LATERAL bloom_info(x.filter_text::bloomfilter, false) i JOIN fixture_info e ON e.name = x.name
WHERE (i.m, i.k, i.n, i.bytes, i.design_n, i.design_p, i.value_kind, i.format_version)
      IS DISTINCT FROM (e.m, e.k, e.n, e.bytes, e.design_n, e.design_p, e.value_kind, e.format_version);

-- Every probe, against the filters stored in a table (those past 2 kB are
-- out of line, probed through TOAST slices) and in memory, through @>, <@
-- and bloom_contains: the answer 1.0 recorded, or the error it raised.
CREATE TABLE stored (name text PRIMARY KEY, f bloomfilter NOT NULL);
INSERT INTO stored SELECT name, filter_text::bloomfilter FROM fixture;
CREATE FUNCTION probe_answers(probe_name text, expr text) RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
    answers text[] := '{}';
    query text;
    answer boolean;
BEGIN
    FOREACH query IN ARRAY ARRAY[
        'SELECT f @> (%s) FROM stored WHERE name = $1',
        'SELECT (%s) <@ f FROM stored WHERE name = $1',
        'SELECT bloom_contains(filter_text::bloomfilter, (%s)) FROM fixture WHERE name = $1']
    LOOP
        BEGIN
            EXECUTE format(query, expr) INTO STRICT answer USING probe_name;
            answers := answers || answer::text;
        EXCEPTION WHEN others THEN
            answers := answers || ('error ' || SQLSTATE);
        END;
    END LOOP;
    RETURN answers;
END $$;
SELECT answer, count(*) FROM fixture_probe GROUP BY answer ORDER BY answer;
SELECT p.name, p.expr, p.answer AS answer_of_1_0, a.answers
FROM fixture_probe p CROSS JOIN LATERAL probe_answers(p.name, p.expr) a(answers)
WHERE a.answers <> ARRAY[p.answer, p.answer, p.answer];

-- partial aggregate states: accepted, the same bytes out, and finished into
-- the filter 1.0 finished them into
SELECT name AS state_text_changed FROM fixture_state
WHERE state_text::bloom_agg_state::text IS DISTINCT FROM state_text
   OR bloom_agg_state_send(state_text::bloom_agg_state) IS DISTINCT FROM decode(state_text, 'base64');
SELECT name AS final_filter_changed FROM fixture_state
WHERE bloom_agg_final(state_text::bloom_agg_state)::text IS DISTINCT FROM final_text
   OR final_text::bloomfilter::text IS DISTINCT FROM final_text;

DROP TABLE fixture, fixture_info, fixture_probe, fixture_state, stored;
DROP FUNCTION close_enough(float8, float8), probe_answers(text, text);

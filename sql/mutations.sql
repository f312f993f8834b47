-- Random mutations of valid values, text and binary: each is a clean ERROR
-- (never SQLSTATE XX000, never a crash) or a value that is safe to use:
-- bloom_info, probes, adds and unions on it all work.  Seeded, so repeatable.

SELECT setseed(0.4242);
CREATE TABLE seeds AS
  SELECT 1 AS id, bloom_add(bloom_add(bloom_empty(100, 0.01), 7), 8) AS f
  UNION ALL SELECT 2, bloom_agg(x) FROM generate_series(1, 300) x
  UNION ALL SELECT 3, bloom_empty(10, 0.5)
  UNION ALL SELECT 4, bloom_agg(md5(x::text), 0.001) FROM generate_series(1, 50) x;

-- Uses a value every way a user could; returns 'ok' or the SQLSTATE of the error.
CREATE FUNCTION use_value(value bloomfilter) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  kind text;
BEGIN
  SELECT value_kind INTO kind FROM bloom_info(value);
  PERFORM bloom_info(value | value), bloom_info(value & value), value::text, bloomfilter_send(value);
  IF kind IN ('integer', 'none') THEN
    PERFORM value @> 7, bloom_add(value, 9) @> 9, bloom_info(bloom_add(value, 9) | value);
  ELSIF kind = 'text' THEN
    PERFORM value @> 'x', bloom_add(value, 'y') @> 'y';
  END IF;
  RETURN 'ok';
EXCEPTION WHEN others THEN
  RETURN SQLSTATE;
END $$;

-- Parses text or bytes; returns NULL for a clean error, and records its SQLSTATE.
CREATE TABLE outcomes (form text, step text, sqlstate text);
CREATE FUNCTION try_text(input text) RETURNS bloomfilter LANGUAGE plpgsql AS $$
BEGIN
  RETURN input::bloomfilter;
EXCEPTION WHEN others THEN
  INSERT INTO outcomes VALUES ('text', 'input', SQLSTATE);
  RETURN NULL;
END $$;

-- 400 text mutations: one to three characters replaced by a random base64 character or '='
CREATE TABLE text_mutants AS
  SELECT i, try_text(mutated) AS f
  FROM (SELECT i, (SELECT string_agg(CASE WHEN random() < 3.0 / length(t) THEN
                                       substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=', 1 + floor(random() * 65)::int, 1)
                                     ELSE c END, '' ORDER BY pos)
                    FROM regexp_split_to_table(t, '') WITH ORDINALITY AS chars(c, pos)) AS mutated
        FROM generate_series(1, 400) i, LATERAL (SELECT f::text AS t FROM seeds WHERE id = 1 + i % 4) s) m;
INSERT INTO outcomes SELECT 'text', 'use', use_value(f) FROM text_mutants WHERE f IS NOT NULL;

-- 400 binary mutations through COPY BINARY (bloomfilter_recv): one to four bytes set to random values
CREATE TABLE raw AS
  SELECT i, (SELECT b FROM (SELECT decode(f::text, 'base64') AS b FROM seeds WHERE id = 1 + i % 4) s) AS b
  FROM generate_series(1, 400) i;
DO $$
DECLARE
  r record;
  mutated bytea;
BEGIN
  FOR r IN SELECT i, b FROM raw ORDER BY i LOOP
    mutated := r.b;
    FOR j IN 1 .. 1 + floor(random() * 4)::int LOOP
      -- header bytes (0..51) twice as likely as block bytes
      mutated := set_byte(mutated,
                          CASE WHEN random() < 0.66 THEN floor(random() * 52)::int
                               ELSE floor(random() * length(mutated))::int END,
                          floor(random() * 256)::int);
    END LOOP;
    UPDATE raw SET b = mutated WHERE i = r.i;
  END LOOP;
END $$;
CREATE TABLE binary_mutants (f bloomfilter);
-- one server-side COPY BINARY per mutant, so each goes through bloomfilter_recv on its own
DO $$
DECLARE
  file text := '/tmp/bloomfilter_mutant_' || pg_backend_pid() || '.bin';
BEGIN
  FOR n IN 1 .. 400 LOOP
    EXECUTE format('COPY (SELECT b FROM raw WHERE i = %s) TO %L (FORMAT binary)', n, file);
    BEGIN
      EXECUTE format('COPY binary_mutants FROM %L (FORMAT binary)', file);
    EXCEPTION WHEN others THEN
      INSERT INTO outcomes VALUES ('binary', 'input', SQLSTATE);
    END;
  END LOOP;
  EXECUTE format('COPY (SELECT) TO PROGRAM %L', 'rm -f ' || file);
END $$;
INSERT INTO outcomes SELECT 'binary', 'use', use_value(f) FROM binary_mutants;

-- every mutation accounted for, none an internal error
SELECT form, count(*) FILTER (WHERE step = 'input') + count(*) FILTER (WHERE step = 'use') AS tried,
       count(*) FILTER (WHERE sqlstate = 'XX000') AS internal_errors,
       count(*) FILTER (WHERE step = 'use') > 0 AS some_accepted,
       count(*) FILTER (WHERE step = 'use' AND sqlstate <> 'ok') AS errors_using_accepted
FROM (SELECT form, step, CASE WHEN sqlstate = 'ok' THEN 'ok' ELSE sqlstate END AS sqlstate FROM outcomes) o
GROUP BY form ORDER BY form;
-- rejected inputs have the input SQLSTATEs: 22P02 for text, 22P03 for binary
SELECT form, sqlstate, count(*) > 0 AS seen FROM outcomes WHERE step = 'input' GROUP BY form, sqlstate ORDER BY 1, 2;

DROP FUNCTION use_value(bloomfilter);
DROP FUNCTION try_text(text);
DROP TABLE seeds, outcomes, text_mutants, raw, binary_mutants;

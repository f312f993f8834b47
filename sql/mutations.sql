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

-- countingbloom, cuckoofilter and bloomwindow, the same way: seeds of each type, 400 text
-- and 400 binary (COPY BINARY) random mutations of them, and systematic ones:
-- each header byte set to 00, 01, 7f, 80 and ff, each aligned header word and
-- doubleword to all zeros and all ones, and the value cut short or extended.
-- Each is a clean ERROR or a value on which every function works.
SELECT setseed(0.2424);

-- fills a cuckoo filter until an add is refused; returns the last value that
-- worked (its table full, its stash in use)
CREATE FUNCTION cuckoo_filled(f cuckoofilter) RETURNS cuckoofilter LANGUAGE plpgsql AS $$
DECLARE
  i int := 0;
BEGIN
  LOOP
    i := i + 1;
    f := cuckoo_add(f, i);
  END LOOP;
EXCEPTION WHEN program_limit_exceeded THEN
  RETURN f;
END $$;

CREATE TABLE typed_seeds (type regtype, id int, t text, what text);
INSERT INTO typed_seeds VALUES
  ('countingbloom', 1, countingbloom_empty(100, 0.01)::text, 'empty'),
  ('countingbloom', 2, countingbloom_add_all(countingbloom_empty(100, 0.01), ARRAY[7, 8, 9])::text, 'a few adds'),
  ('countingbloom', 3, (SELECT countingbloom_agg(x, 300, 0.01) FROM generate_series(1, 300) x)::text, 'many adds'),
  ('countingbloom', 4, countingbloom_remove_all(countingbloom_add_all(countingbloom_empty(100, 0.01), ARRAY(SELECT generate_series(1, 60))),
                                                ARRAY(SELECT generate_series(1, 40)))::text, 'after removes'),
  ('countingbloom', 5, countingbloom_remove_all(countingbloom_add_all(countingbloom_empty(100, 0.01), ARRAY[1, 2, 3]), ARRAY[1, 2, 3])::text,
   'everything removed'),
  ('countingbloom', 6, countingbloom_add_all(countingbloom_empty(10, 0.01), array_fill(7, ARRAY[20]) || ARRAY[1, 2, 3])::text,
   'saturated counters'),
  ('countingbloom', 7, (SELECT countingbloom_agg(md5(x::text), 50, 0.001) FROM generate_series(1, 50) x)::text, 'text values'),
  ('cuckoofilter', 1, cuckoo_empty(100, 0.01)::text, 'empty'),
  ('cuckoofilter', 2, cuckoo_add_all(cuckoo_empty(100, 0.01), ARRAY[7, 8, 9])::text, 'a few adds'),
  ('cuckoofilter', 3, (SELECT cuckoo_agg(x, 300, 0.01) FROM generate_series(1, 300) x)::text, 'many adds'),
  ('cuckoofilter', 4, cuckoo_remove_all(cuckoo_add_all(cuckoo_empty(100, 0.01), ARRAY(SELECT generate_series(1, 60))),
                                        ARRAY(SELECT generate_series(1, 40)))::text, 'after removes'),
  ('cuckoofilter', 5, cuckoo_filled(cuckoo_empty(20, 0.1))::text, 'full, stash in use'),
  ('cuckoofilter', 6, cuckoo_add_all(cuckoo_empty(100, 0.01), array_fill(7, ARRAY[8]))::text, 'one value 8 times'),
  ('cuckoofilter', 7, (SELECT cuckoo_agg(md5(x::text), 50, 0.001) FROM generate_series(1, 50) x)::text, 'text values'),
  ('bloomwindow', 1, bloomwindow_empty_count(10, 0.1)::text, 'count, empty'),
  ('bloomwindow', 2, bloomwindow_add_all(bloomwindow_empty_count(10, 0.1), ARRAY[7, 8, 9])::text, 'count, a few adds'),
  ('bloomwindow', 3, (SELECT bloomwindow_agg(x, 10, 0.1 ORDER BY x) FROM generate_series(1, 50) x)::text, 'count, rotated'),
  ('bloomwindow', 4, bloomwindow_empty_time('1 hour', 10, 0.1)::text, 'time, empty'),
  ('bloomwindow', 5, (SELECT bloomwindow_agg(x, '2026-01-01 00:00:00+00'::timestamptz + x * interval '10 minutes', '1 hour', 10, 0.1)
                      FROM generate_series(1, 20) x)::text, 'time, rotated'),
  ('bloomwindow', 6, (SELECT bloomwindow_agg(x, '1999-12-31 00:00:00+00'::timestamptz + x * interval '7 minutes', '1 hour', 10, 0.1, 2)
                      FROM generate_series(1, 12) x)::text, 'time, before 2000, 2 generations'),
  ('bloomwindow', 7, (SELECT bloomwindow_agg(md5(x::text), 20, 0.1, 8 ORDER BY x) FROM generate_series(1, 30) x)::text, 'count, text values, 8 generations');
SELECT id, what, n, k, value_kind, counters_set, counters_saturated, bytes
FROM typed_seeds, countingbloom_info(t::countingbloom) WHERE type = 'countingbloom'::regtype ORDER BY id;
SELECT id, what, n, buckets, fingerprint_bits, value_kind, stash_used, bytes
FROM typed_seeds, cuckoo_info(t::cuckoofilter) WHERE type = 'cuckoofilter'::regtype ORDER BY id;
SELECT id, what, mode, generations, k, insertions, value_kind, bits_set, bytes
FROM typed_seeds, bloomwindow_info(t::bloomwindow) WHERE type = 'bloomwindow'::regtype ORDER BY id;

-- Uses a value every way a user could; returns 'ok' or the SQLSTATE of the
-- error, or says which round trip changed it.
CREATE FUNCTION use_counting(value countingbloom) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  kind text;
BEGIN
  SELECT value_kind INTO kind FROM countingbloom_info(value);
  IF value::text::countingbloom::text <> value::text THEN
    RETURN 'text round trip differs';
  END IF;
  -- send gives the bytes of the text form, and they parse again to the same value
  IF countingbloom_send(value) <> decode(value::text, 'base64')
     OR translate(encode(countingbloom_send(value), 'base64'), E'\n', '')::countingbloom::text <> value::text THEN
    RETURN 'send round trip differs';
  END IF;
  PERFORM countingbloom_info(value | value), bloom_info(value::bloomfilter),
          (SELECT countingbloom_info(countingbloom_union_agg(f)) FROM (VALUES (value), (NULL), (value)) v(f));
  IF kind IN ('integer', 'none') THEN
    PERFORM value @> 7, 7 <@ value, value::bloomfilter @> 7,
            countingbloom_add(value, 9) @> 9, countingbloom_remove(value, 7) @> 7,
            countingbloom_remove(countingbloom_add(value, 9), 9) @> 9,
            countingbloom_info(countingbloom_add(value, 9) | value),
            countingbloom_info(countingbloom_remove_all(countingbloom_add_all(value, ARRAY[1, 2, 3]), ARRAY[1, 2, 3, 4])),
            countingbloom_add(value, 9)::bloomfilter @> 9;
  ELSIF kind = 'text' THEN
    PERFORM value @> 'x', countingbloom_add(value, 'y') @> 'y', countingbloom_remove(value, 'x') @> 'x',
            countingbloom_add(value, 'y')::bloomfilter @> 'y';
  END IF;
  RETURN 'ok';
EXCEPTION WHEN others THEN
  RETURN SQLSTATE;
END $$;

-- The same for cuckoofilter, where an add or a union may be refused with
-- 54000 (program_limit_exceeded: the filter is full, or holds a value 8
-- times); then it returns 'ok, refused' if everything else worked.
CREATE FUNCTION use_cuckoo(value cuckoofilter) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  kind text;
  refused boolean := false;
BEGIN
  SELECT value_kind INTO kind FROM cuckoo_info(value);
  IF value::text::cuckoofilter::text <> value::text THEN
    RETURN 'text round trip differs';
  END IF;
  -- send gives the bytes of the text form, and they parse again to the same value
  IF cuckoofilter_send(value) <> decode(value::text, 'base64')
     OR translate(encode(cuckoofilter_send(value), 'base64'), E'\n', '')::cuckoofilter::text <> value::text THEN
    RETURN 'send round trip differs';
  END IF;
  BEGIN
    PERFORM cuckoo_info(value | value),
            (SELECT cuckoo_info(cuckoo_union_agg(f)) FROM (VALUES (value), (NULL), (value)) v(f));
  EXCEPTION WHEN program_limit_exceeded THEN
    refused := true;
  END;
  IF kind IN ('integer', 'none') THEN
    PERFORM value @> 7, 7 <@ value, cuckoo_count(value, 7), cuckoo_remove(value, 7) @> 7,
            cuckoo_info(cuckoo_remove_all(value, ARRAY[7, 8, 9]));
    BEGIN
      PERFORM cuckoo_add(value, 9) @> 9, cuckoo_count(cuckoo_add(value, 9), 9),
              cuckoo_remove(cuckoo_add(value, 9), 9) @> 9,
              cuckoo_info(cuckoo_remove_all(cuckoo_add_all(value, ARRAY[1, 2, 3]), ARRAY[1, 2, 3, 4]));
    EXCEPTION WHEN program_limit_exceeded THEN
      refused := true;
    END;
  ELSIF kind = 'text' THEN
    PERFORM value @> 'x', cuckoo_count(value, 'x'), cuckoo_remove(value, 'x') @> 'x';
    BEGIN
      PERFORM cuckoo_add(value, 'y') @> 'y';
    EXCEPTION WHEN program_limit_exceeded THEN
      refused := true;
    END;
  END IF;
  RETURN CASE WHEN refused THEN 'ok, refused' ELSE 'ok' END;
EXCEPTION WHEN others THEN
  RETURN SQLSTATE;
END $$;

-- The same for bloomwindow, in its mode: count mode without a time, time
-- mode at a time inside its generations and at a fixed one.
CREATE FUNCTION use_window(value bloomwindow) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  kind text;
  wmode text;
  at timestamptz;
BEGIN
  SELECT value_kind, mode INTO kind, wmode FROM bloomwindow_info(value);
  IF value::text::bloomwindow::text <> value::text THEN
    RETURN 'text round trip differs';
  END IF;
  IF bloomwindow_send(value) <> decode(value::text, 'base64')
     OR translate(encode(bloomwindow_send(value), 'base64'), E'\n', '')::bloomwindow::text <> value::text THEN
    RETURN 'send round trip differs';
  END IF;
  PERFORM bloomwindow_info(value | value),
          (SELECT bloomwindow_info(bloomwindow_union_agg(f)) FROM (VALUES (value), (NULL), (value)) v(f));
  SELECT coalesce(max(start_time), '2026-01-01 00:00:00+00') INTO at FROM bloomwindow_generations(value);
  PERFORM count(*) FROM bloomwindow_generations(value, at);
  IF wmode = 'count' THEN
    IF kind IN ('integer', 'none') THEN
      PERFORM value @> 7, bloomwindow_add(value, 9) @> 9, bloomwindow_info(bloomwindow_add(value, 9) | value),
              bloomwindow_info(bloomwindow_add_all(value, ARRAY(SELECT generate_series(1, 40))));
    ELSIF kind = 'text' THEN
      PERFORM value @> 'x', bloomwindow_add(value, 'y') @> 'y';
    END IF;
  ELSE
    IF kind IN ('integer', 'none') THEN
      PERFORM bloomwindow_contains(value, 7, at), bloomwindow_contains(bloomwindow_add(value, 9, at), 9, at),
              bloomwindow_contains(bloomwindow_add(value, 9, '2026-01-01 00:00:00+00'), 9, '2026-01-01 00:00:00+00'),
              bloomwindow_info(bloomwindow_add(value, 9, at + interval '3 days') | value),
              bloomwindow_info(bloomwindow_add(value, 9, at - interval '10 minutes') | value);
    END IF;
  END IF;
  RETURN 'ok';
EXCEPTION WHEN others THEN
  RETURN SQLSTATE;
END $$;

CREATE FUNCTION use_typed(type regtype, t text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE type WHEN 'countingbloom'::regtype THEN use_counting(t::countingbloom)
                   WHEN 'bloomwindow'::regtype THEN use_window(t::bloomwindow)
                   ELSE use_cuckoo(t::cuckoofilter) END
$$;

-- the seeds themselves: a cuckoo filter united with itself needs room for
-- twice its items, which 3, 5 and 7 lack (5 has no room for an add either),
-- and 6 would hold the value 7 16 times
SELECT type, id, what, use_typed(type, t) FROM typed_seeds ORDER BY type::text, id;

-- Parses text as the type; returns its text form, or NULL for a clean error,
-- whose SQLSTATE it records.
CREATE TABLE typed_outcomes (type regtype, form text, step text, result text);
CREATE FUNCTION try_typed(type regtype, form text, input text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  RETURN CASE type WHEN 'countingbloom'::regtype THEN input::countingbloom::text
                   WHEN 'cuckoofilter'::regtype THEN input::cuckoofilter::text
                   WHEN 'bloomwindow'::regtype THEN input::bloomwindow::text END;
EXCEPTION WHEN others THEN
  INSERT INTO typed_outcomes VALUES (type, form, 'input', SQLSTATE);
  RETURN NULL;
END $$;

-- 400 text mutations of each type: one to three characters replaced by a
-- random base64 character or '=', those of the header (its first
-- 4 * header_bytes / 3) twice as likely as the rest
CREATE FUNCTION text_mutated(t text, header_bytes int) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  FOR j IN 1 .. 1 + floor(random() * 3)::int LOOP
    t := overlay(t PLACING substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=', 1 + floor(random() * 65)::int, 1)
                 FROM 1 + CASE WHEN random() < 0.66 THEN floor(random() * (4 * header_bytes / 3))::int
                               ELSE floor(random() * length(t))::int END);
  END LOOP;
  RETURN t;
END $$;
CREATE TABLE typed_text_mutants AS
  SELECT type, i, try_typed(type, 'text', text_mutated(t, header_bytes)) AS t
  FROM (VALUES ('countingbloom'::regtype, 52), ('cuckoofilter'::regtype, 64), ('bloomwindow'::regtype, 196)) types(type, header_bytes),
       generate_series(1, 400) i,
       LATERAL (SELECT t FROM typed_seeds s WHERE s.type = types.type AND s.id = 1 + i % 7) s
  ORDER BY type::text, i;
INSERT INTO typed_outcomes SELECT type, 'text', 'use', use_typed(type, t) FROM typed_text_mutants WHERE t IS NOT NULL;

-- 400 binary mutations of each type through COPY BINARY (the type's recv
-- function): one to four bytes set to random values, header bytes (52 of
-- countingbloom's, 64 of cuckoofilter's, 196 of bloomwindow's) twice as likely as the rest
CREATE TABLE typed_raw AS
  SELECT type, i, decode(t, 'base64') AS b, header_bytes
  FROM (VALUES ('countingbloom'::regtype, 52), ('cuckoofilter'::regtype, 64), ('bloomwindow'::regtype, 196)) types(type, header_bytes),
       generate_series(1, 400) i,
       LATERAL (SELECT t FROM typed_seeds s WHERE s.type = types.type AND s.id = 1 + i % 7) s;
DO $$
DECLARE
  r record;
  mutated bytea;
BEGIN
  FOR r IN SELECT type, i, b, header_bytes FROM typed_raw ORDER BY type::text, i LOOP
    mutated := r.b;
    FOR j IN 1 .. 1 + floor(random() * 4)::int LOOP
      mutated := set_byte(mutated,
                          CASE WHEN random() < 0.66 THEN floor(random() * r.header_bytes)::int
                               ELSE floor(random() * length(mutated))::int END,
                          floor(random() * 256)::int);
    END LOOP;
    UPDATE typed_raw SET b = mutated WHERE type = r.type AND i = r.i;
  END LOOP;
END $$;
CREATE TABLE typed_binary_mutants (countingbloom countingbloom, cuckoofilter cuckoofilter, bloomwindow bloomwindow);
-- one server-side COPY BINARY per mutant, into the column of its type; a new
-- file for each (rewriting one file waits for its previous contents to reach
-- the disk on some file systems)
DO $$
DECLARE
  prefix text := '/tmp/bloomfilter_typed_mutant_' || pg_backend_pid();
  file text;
  r record;
BEGIN
  FOR r IN SELECT type, i FROM typed_raw ORDER BY type::text, i LOOP
    file := prefix || '_' || r.type::text || '_' || r.i || '.bin';
    EXECUTE format('COPY (SELECT b FROM typed_raw WHERE type = %L::regtype AND i = %s) TO %L (FORMAT binary)', r.type, r.i, file);
    BEGIN
      EXECUTE format('COPY typed_binary_mutants (%I) FROM %L (FORMAT binary)', r.type::text, file);
    EXCEPTION WHEN others THEN
      INSERT INTO typed_outcomes VALUES (r.type, 'binary', 'input', SQLSTATE);
    END;
  END LOOP;
  EXECUTE format('COPY (SELECT) TO PROGRAM %L', 'rm -f ' || prefix || '_*.bin');
END $$;
INSERT INTO typed_outcomes
  SELECT 'countingbloom'::regtype, 'binary', 'use', use_counting(countingbloom) FROM typed_binary_mutants WHERE countingbloom IS NOT NULL
  UNION ALL
  SELECT 'cuckoofilter'::regtype, 'binary', 'use', use_cuckoo(cuckoofilter) FROM typed_binary_mutants WHERE cuckoofilter IS NOT NULL
  UNION ALL
  SELECT 'bloomwindow'::regtype, 'binary', 'use', use_window(bloomwindow) FROM typed_binary_mutants WHERE bloomwindow IS NOT NULL;

-- systematic header mutations of every seed, through the text input (the
-- validation recv does too): each byte set to 00, 01, 7f, 80 and ff; each
-- aligned 4-byte word to 00000000 and ffffffff; each aligned 8-byte word to
-- all zeros, all ones and 2^63 - 1 (little-endian)
CREATE TABLE typed_header_mutants AS
  SELECT type, id, off, patch,
         try_typed(type, 'header', translate(encode(overlay(decode(t, 'base64') PLACING patch FROM off + 1), 'base64'), E'\n', '')) AS t
  FROM (SELECT s.type, s.id, s.t, off, patch
        FROM typed_seeds s
             JOIN (VALUES ('countingbloom'::regtype, 52), ('cuckoofilter'::regtype, 64), ('bloomwindow'::regtype, 196)) types(type, header_bytes) USING (type),
             LATERAL (SELECT off, patch
                      FROM generate_series(0, header_bytes - 1) off,
                           unnest(ARRAY['\x00', '\x01', '\x7f', '\x80', '\xff']::bytea[]) patch
                      UNION ALL
                      SELECT off, patch
                      FROM generate_series(0, header_bytes - 4, 4) off,
                           unnest(ARRAY['\x00000000', '\xffffffff']::bytea[]) patch
                      UNION ALL
                      SELECT off, patch
                      FROM generate_series(0, header_bytes - 8, 8) off,
                           unnest(ARRAY['\x0000000000000000', '\xffffffffffffffff', '\xffffffffffffff7f']::bytea[]) patch) p) m;
INSERT INTO typed_outcomes SELECT type, 'header', 'use', use_typed(type, t) FROM typed_header_mutants WHERE t IS NOT NULL;

-- lengths: every seed cut to 0, 1, 4 and 8 bytes, to its header less one
-- byte, to its header alone, to one byte short, and one byte and 256 bytes
-- too long
CREATE TABLE typed_length_mutants AS
  SELECT type, id, len, try_typed(type, 'length', translate(encode(b, 'base64'), E'\n', '')) AS t
  FROM (SELECT s.type, s.id, l.len,
               CASE WHEN l.len <= length(decode(s.t, 'base64')) THEN substr(decode(s.t, 'base64'), 1, l.len)
                    ELSE decode(s.t, 'base64') || substr(decode(repeat('00', 256), 'hex'), 1, l.len - length(decode(s.t, 'base64')))
               END AS b
        FROM typed_seeds s
             JOIN (VALUES ('countingbloom'::regtype, 52), ('cuckoofilter'::regtype, 64), ('bloomwindow'::regtype, 196)) types(type, header_bytes) USING (type),
             LATERAL (SELECT unnest(ARRAY[0, 1, 4, 8, header_bytes - 1, header_bytes,
                                          length(decode(s.t, 'base64')) - 1,
                                          length(decode(s.t, 'base64')) + 1,
                                          length(decode(s.t, 'base64')) + 256]) AS len) l) m;
INSERT INTO typed_outcomes SELECT type, 'length', 'use', use_typed(type, t) FROM typed_length_mutants WHERE t IS NOT NULL;

-- every mutation accounted for, none an internal error, none a crash
SELECT type, form, count(*) AS tried,
       count(*) FILTER (WHERE result = 'XX000') AS internal_errors,
       count(*) FILTER (WHERE step = 'use') AS accepted,
       count(*) FILTER (WHERE step = 'use' AND result NOT IN ('ok', 'ok, refused')) AS errors_using_accepted
FROM typed_outcomes GROUP BY type, form ORDER BY type::text, form;
-- the outcomes: SQLSTATEs of rejected inputs (22P02 for text, 22P03 for
-- binary), and what using the accepted ones gave
SELECT type, form, step, result, count(*) FROM typed_outcomes
GROUP BY type, form, step, result ORDER BY type::text, form, step, result;

DROP FUNCTION use_counting(countingbloom);
DROP FUNCTION use_cuckoo(cuckoofilter);
DROP FUNCTION use_window(bloomwindow);
DROP FUNCTION use_typed(regtype, text);
DROP FUNCTION try_typed(regtype, text, text);
DROP FUNCTION cuckoo_filled(cuckoofilter);
DROP TABLE typed_seeds, typed_outcomes, typed_text_mutants, typed_raw, typed_binary_mutants,
           typed_header_mutants, typed_length_mutants;

-- scalablebloom, the same way (its own seed, so the draws above stay as
-- they were): seeds, 300 text and 300 binary random mutations, each byte of
-- the header and descriptor table set to 00, 01, 7f, 80 and ff, and cut or
-- extended lengths.  Each is a clean ERROR or a value on which every
-- function works, and no function changes the value it is given.
SELECT setseed(0.2525);
CREATE TABLE scalable_seeds (id int, t text, what text);
INSERT INTO scalable_seeds VALUES
  (1, scalablebloom_empty(20, 0.01)::text, 'empty'),
  (2, scalablebloom_add_all(scalablebloom_empty(20, 0.01), ARRAY[7, 8, 9])::text, 'a few adds'),
  (3, scalablebloom_add_all(scalablebloom_empty(10, 0.01), ARRAY(SELECT generate_series(1, 100)))::text, 'four sub-filters'),
  (4, (SELECT scalablebloom_agg(md5(x::text), 8, 0.001, 3, 0.25) FROM generate_series(1, 50) x)::text, 'text values, s 3, r 0.25'),
  (5, (scalablebloom_add_all(scalablebloom_empty(10, 0.01), ARRAY(SELECT generate_series(1, 40))) |
       scalablebloom_add_all(scalablebloom_empty(10, 0.01), ARRAY(SELECT generate_series(41, 60))))::text, 'a union');
SELECT id, what, i.subfilters, i.n, i.value_kind, i.bytes FROM scalable_seeds, scalablebloom_info(t::scalablebloom) i ORDER BY id;

CREATE FUNCTION use_scalable(value scalablebloom) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  kind text;
  before text := value::text;
BEGIN
  SELECT value_kind INTO kind FROM scalablebloom_info(value);
  IF value::text::scalablebloom::text <> before THEN
    RETURN 'text round trip differs';
  END IF;
  IF scalablebloom_send(value) <> decode(before, 'base64')
     OR translate(encode(scalablebloom_send(value), 'base64'), E'\n', '')::scalablebloom::text <> before THEN
    RETURN 'send round trip differs';
  END IF;
  PERFORM scalablebloom_info(value | value), (SELECT count(*) FROM scalablebloom_chain(value)),
          (SELECT scalablebloom_info(scalablebloom_union_agg(f)) FROM (VALUES (value), (NULL), (value)) v(f));
  IF kind IN ('integer', 'none') THEN
    PERFORM value @> 7, 7 <@ value, scalablebloom_add(value, 9) @> 9,
            scalablebloom_info(scalablebloom_add(value, 9) | value),
            scalablebloom_info(scalablebloom_add_all(value, ARRAY(SELECT generate_series(1000, 1100))));
  ELSIF kind = 'text' THEN
    PERFORM value @> 'x', scalablebloom_add(value, 'y') @> 'y';
  END IF;
  IF value::text <> before THEN
    RETURN 'input value changed';
  END IF;
  RETURN 'ok';
EXCEPTION WHEN program_limit_exceeded THEN
  RETURN 'ok, refused';
WHEN others THEN
  RETURN SQLSTATE;
END $$;
SELECT id, what, use_scalable(t::scalablebloom) FROM scalable_seeds ORDER BY id;

CREATE TABLE scalable_outcomes (form text, step text, result text);
CREATE FUNCTION try_scalable(form text, input text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  RETURN input::scalablebloom::text;
EXCEPTION WHEN others THEN
  INSERT INTO scalable_outcomes VALUES (form, 'input', SQLSTATE);
  RETURN NULL;
END $$;

-- header and descriptor table: the first 52 + 32 * subfilters bytes of a seed
CREATE TEMP VIEW scalable_table_bytes AS
  SELECT id, t, 52 + 32 * (scalablebloom_info(t::scalablebloom)).subfilters AS table_bytes FROM scalable_seeds;

CREATE TABLE scalable_text_mutants AS
  SELECT i, try_scalable('text', text_mutated(t, table_bytes)) AS t
  FROM generate_series(1, 300) i, LATERAL (SELECT t, table_bytes FROM scalable_table_bytes s WHERE s.id = 1 + i % 5) s
  ORDER BY i;
INSERT INTO scalable_outcomes SELECT 'text', 'use', use_scalable(t::scalablebloom) FROM scalable_text_mutants WHERE t IS NOT NULL;

CREATE TABLE scalable_raw AS
  SELECT i, decode(t, 'base64') AS b, table_bytes
  FROM generate_series(1, 300) i, LATERAL (SELECT t, table_bytes FROM scalable_table_bytes s WHERE s.id = 1 + i % 5) s;
DO $$
DECLARE
  r record;
  mutated bytea;
BEGIN
  FOR r IN SELECT i, b, table_bytes FROM scalable_raw ORDER BY i LOOP
    mutated := r.b;
    FOR j IN 1 .. 1 + floor(random() * 4)::int LOOP
      mutated := set_byte(mutated,
                          CASE WHEN random() < 0.66 THEN floor(random() * r.table_bytes)::int
                               ELSE floor(random() * length(mutated))::int END,
                          floor(random() * 256)::int);
    END LOOP;
    UPDATE scalable_raw SET b = mutated WHERE i = r.i;
  END LOOP;
END $$;
CREATE TABLE scalable_binary_mutants (f scalablebloom);
DO $$
DECLARE
  prefix text := '/tmp/bloomfilter_scalable_mutant_' || pg_backend_pid();
  file text;
  r record;
BEGIN
  FOR r IN SELECT i FROM scalable_raw ORDER BY i LOOP
    file := prefix || '_' || r.i || '.bin';
    EXECUTE format('COPY (SELECT b FROM scalable_raw WHERE i = %s) TO %L (FORMAT binary)', r.i, file);
    BEGIN
      EXECUTE format('COPY scalable_binary_mutants FROM %L (FORMAT binary)', file);
    EXCEPTION WHEN others THEN
      INSERT INTO scalable_outcomes VALUES ('binary', 'input', SQLSTATE);
    END;
  END LOOP;
  EXECUTE format('COPY (SELECT) TO PROGRAM %L', 'rm -f ' || prefix || '_*.bin');
END $$;
INSERT INTO scalable_outcomes SELECT 'binary', 'use', use_scalable(f) FROM scalable_binary_mutants;

CREATE TABLE scalable_header_mutants AS
  SELECT id, off, patch,
         try_scalable('header', translate(encode(overlay(decode(t, 'base64') PLACING patch FROM off + 1), 'base64'), E'\n', '')) AS t
  FROM scalable_table_bytes s,
       LATERAL generate_series(0, table_bytes - 1) off,
       unnest(ARRAY['\x00', '\x01', '\x7f', '\x80', '\xff']::bytea[]) patch;
INSERT INTO scalable_outcomes SELECT 'header', 'use', use_scalable(t::scalablebloom) FROM scalable_header_mutants WHERE t IS NOT NULL;

CREATE TABLE scalable_length_mutants AS
  SELECT id, len, try_scalable('length', translate(encode(b, 'base64'), E'\n', '')) AS t
  FROM (SELECT s.id, l.len,
               CASE WHEN l.len <= length(decode(s.t, 'base64')) THEN substr(decode(s.t, 'base64'), 1, l.len)
                    ELSE decode(s.t, 'base64') || substr(decode(repeat('00', 256), 'hex'), 1, l.len - length(decode(s.t, 'base64')))
               END AS b
        FROM scalable_table_bytes s,
             LATERAL (SELECT unnest(ARRAY[0, 1, 4, 8, 51, 52, table_bytes - 1, table_bytes,
                                          length(decode(s.t, 'base64')) - 1,
                                          length(decode(s.t, 'base64')) + 1,
                                          length(decode(s.t, 'base64')) + 32,
                                          length(decode(s.t, 'base64')) + 256]) AS len) l) m;
INSERT INTO scalable_outcomes SELECT 'length', 'use', use_scalable(t::scalablebloom) FROM scalable_length_mutants WHERE t IS NOT NULL;

SELECT form, count(*) AS tried,
       count(*) FILTER (WHERE result = 'XX000') AS internal_errors,
       count(*) FILTER (WHERE step = 'use') AS accepted,
       count(*) FILTER (WHERE step = 'use' AND result NOT IN ('ok', 'ok, refused')) AS errors_using_accepted
FROM scalable_outcomes GROUP BY form ORDER BY form;
SELECT form, step, result, count(*) FROM scalable_outcomes GROUP BY form, step, result ORDER BY form, step, result;

DROP VIEW scalable_table_bytes;
DROP FUNCTION use_scalable(scalablebloom);
DROP FUNCTION try_scalable(text, text);
DROP TABLE scalable_seeds, scalable_outcomes, scalable_text_mutants, scalable_raw, scalable_binary_mutants,
           scalable_header_mutants, scalable_length_mutants;
DROP FUNCTION text_mutated(text, int);

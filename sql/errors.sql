-- Malformed values: every header field, in text and binary form, is a clean
-- ERROR with a specific SQLSTATE (22P02 text, 22P03 binary), never a crash.

-- A valid one-block filter with one element, as bytes, and a helper that
-- patches bytes of it and casts the result back.
CREATE TABLE good AS SELECT bloom_add(bloom_empty(10), 7) AS f;
-- encode() wraps base64 lines; the bloomfilter text form is one line
CREATE FUNCTION b64(bytes bytea) RETURNS text LANGUAGE sql AS $$ SELECT translate(encode(bytes, 'base64'), E'\n', '') $$;
CREATE FUNCTION patched(pos int, new_bytes bytea) RETURNS text LANGUAGE sql AS $$
  SELECT b64(overlay(decode(f::text, 'base64') PLACING new_bytes FROM pos + 1)) FROM good $$;
SELECT length(decode(f::text, 'base64')) AS stored_bytes FROM good;

\set VERBOSITY sqlstate
-- text form
SELECT ''::bloomfilter;
SELECT 'QkxPTQ'::bloomfilter;
SELECT 'QkxP TQ=='::bloomfilter;
SELECT 'QkxPTR=='::bloomfilter;
SELECT '=QkxPTQ='::bloomfilter;
-- each header field (offsets as in FORMAT.md): SQLSTATE and the message naming the problem
CREATE FUNCTION try_input(value text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  PERFORM value::bloomfilter;
  RETURN 'accepted';
EXCEPTION WHEN others THEN
  RETURN SQLSTATE || ': ' || SQLERRM;
END $$;
-- the header cases, used for the text form here and the binary form below
CREATE TABLE header_cases (pos int, new_bytes bytea, what text);
INSERT INTO header_cases VALUES (0, '\x584c4f4d'::bytea, 'magic'),
             (4, '\x0200', 'version 2'),
             (6, '\x02', 'hash scheme 2'),
             (7, '\x00', 'k = 0'),
             (7, '\x21', 'k = 33'),
             (7, '\x20', 'k = 32 (valid)'),
             (8, '\x06000000', 'unknown value kind'),
             (8, '\x00000040', 'array of nothing'),
             (8, '\x10270080', 'built-in OID 10000'),
             (8, '\x00000000', 'kind none with n > 0'),
             (12, '\x01000000', 'flags'),
             (16, '\x0000000000000000', '0 blocks'),
             (16, '\x0200000000000000', 'more blocks than bytes'),
             (16, '\xffffffffffffffff', 'absurd block count'),
             (24, '\x0000000000000000', 'n = 0 with a kind'),
             (32, '\xffffffffffffffff', 'design n (any value is valid)'),
             (40, '\x0000000000000000', 'design p = 0'),
             (40, '\x000000000000f03f', 'design p = 1'),
             (40, '\x000000000000f87f', 'design p = NaN'),
             (48, '\x01000000', 'reserved');
SELECT what, try_input(patched(pos, new_bytes)) AS result FROM header_cases;
SELECT what, try_input(value) AS result
FROM good, LATERAL (VALUES
  (b64(decode(f::text, 'base64') || '\x00'::bytea), 'one byte too many'),
  (b64(substring(decode(f::text, 'base64') FROM 1 FOR 115)), 'one byte too few'),
  (b64(substring(decode(f::text, 'base64') FROM 1 FOR 51)), 'shorter than a header'),
  (b64(overlay(decode(bloom_empty(10)::text, 'base64') PLACING '\x01' FROM 60)), 'empty filter with a bit set'),
  (b64(overlay(decode(f::text, 'base64') PLACING '\xff' FROM 100)), 'bits changed (valid: bits are data)')) v(value, what);

\set VERBOSITY sqlstate
-- a built-in type OID that names no type is accepted (a newer server may have it) and
-- reported as such, never as an internal error
CREATE TABLE odd_kind AS SELECT patched(8, '\x01000080')::bloomfilter AS f;
\set VERBOSITY default
SELECT value_kind FROM odd_kind, bloom_info(f);
SELECT bloom_add(f, 1) FROM odd_kind;
\set VERBOSITY sqlstate
DROP TABLE odd_kind;

-- binary form: bloomfilter_recv through COPY BINARY of a hand-made file
CREATE TABLE raw_values (b bytea);
INSERT INTO raw_values SELECT decode(patched(7, '\x00'), 'base64');
\copy (SELECT b FROM raw_values) TO 'results/bad.bin' WITH (FORMAT binary)
CREATE TABLE recv_test (f bloomfilter);
\copy recv_test FROM 'results/bad.bin' WITH (FORMAT binary)
TRUNCATE raw_values;
INSERT INTO raw_values SELECT decode(f::text, 'base64') FROM good;
\copy (SELECT b FROM raw_values) TO 'results/good.bin' WITH (FORMAT binary)
\set VERBOSITY default
\copy recv_test FROM 'results/good.bin' WITH (FORMAT binary)
SELECT f::text = (SELECT f::text FROM good) AS received_good, f @> 7 AS has_7 FROM recv_test;

-- every header field in binary form: each bad value goes through bloomfilter_recv
-- on its own (a server-side COPY BINARY per value); SQLSTATE 22P03 and the message
CREATE TEMP TABLE recv_one (b bytea);
CREATE TEMP TABLE recv_into (f bloomfilter);
CREATE FUNCTION try_recv(bytes bytea) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  file text := '/tmp/bloomfilter_recv_' || pg_backend_pid() || '.bin';
BEGIN
  TRUNCATE recv_one, recv_into;
  INSERT INTO recv_one VALUES (bytes);
  EXECUTE format('COPY recv_one TO %L (FORMAT binary)', file);
  EXECUTE format('COPY recv_into FROM %L (FORMAT binary)', file);
  RETURN 'accepted';
EXCEPTION WHEN others THEN
  RETURN SQLSTATE || ': ' || SQLERRM;
END $$;
SELECT what, try_recv(decode(patched(pos, new_bytes), 'base64')) AS result FROM header_cases;
SELECT what, try_recv(value) AS result
FROM good, LATERAL (VALUES
  (decode(f::text, 'base64') || '\x00'::bytea, 'one byte too many'),
  (substring(decode(f::text, 'base64') FROM 1 FOR 51), 'shorter than a header'),
  (overlay(decode(bloom_empty(10)::text, 'base64') PLACING '\x01' FROM 60), 'empty filter with a bit set'),
  (decode(f::text, 'base64'), 'the valid value')) v(value, what);
DO $$ BEGIN
  EXECUTE format('COPY (SELECT) TO PROGRAM %L', 'rm -f /tmp/bloomfilter_recv_' || pg_backend_pid() || '.bin');
END $$;
DROP FUNCTION try_recv(bytea);
DROP TABLE header_cases;

DROP FUNCTION patched(int, bytea);
DROP FUNCTION b64(bytea);
DROP FUNCTION try_input(text);
DROP TABLE good, raw_values, recv_test;

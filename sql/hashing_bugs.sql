-- Canonical hashing: deep nesting, type changes under a cached hasher,
-- char(n) against varchar, bloom_shard of citext, renamed enum labels,
-- "char", and untyped fields of row().
CREATE SCHEMA hb;
SET search_path = hb, public;

-- 1. Deeply nested composite types: an ERROR, not a crashed backend.
DO $$
BEGIN
  CREATE TYPE hb.t0 AS (a int);
  FOR i IN 1..1300 LOOP
    EXECUTE format('CREATE TYPE hb.t%s AS (a hb.t%s)', i, i - 1);
  END LOOP;
END $$;
-- a small stack limit makes the nesting too deep for every build, whatever its frame
-- sizes: stack depth limit exceeded (54001)
SET max_stack_depth = '100kB';
\set VERBOSITY sqlstate
SELECT bloom_add(bloom_empty(10), row(null)::hb.t1300) IS NOT NULL;
SELECT bloom_agg(v) IS NOT NULL FROM (VALUES (row(null)::hb.t1300)) s(v);
-- anonymous records nested 3000 deep: the hasher is built value by value while encoding
CREATE FUNCTION hb.deep_record(depth int) RETURNS bloomfilter LANGUAGE plpgsql AS $$
DECLARE v record := row(1);
BEGIN
  FOR i IN 1..depth LOOP v := row(v); END LOOP;
  RETURN bloom_add(bloom_empty(10), v);
END $$;
SELECT hb.deep_record(3000) IS NOT NULL;
\set VERBOSITY default
RESET max_stack_depth;
-- the session goes on, and a moderate depth works
SELECT 'still here' AS session;
SELECT bloom_add(bloom_empty(10), row(null)::hb.t50) @> row(null)::hb.t50 AS nested_50;
SELECT hb.deep_record(50) IS NOT NULL AS anonymous_50,
       bloom_add(bloom_empty(10), row(row(row(1)))) @> row(row(row(1::int8))) AS anonymous_3;

-- 2. A cached hasher follows ALTER TYPE.  text -> int: the old text field hasher read
-- an int datum as a pointer (crash); now the record of int is another kind than the
-- record of text the filter holds (42804).  int4 -> int8: it hashed the low 32 bits
-- (false negative).
CREATE TYPE hb.pair AS (a text);
CREATE FUNCTION hb.add_twice() RETURNS text LANGUAGE plpgsql AS $$
DECLARE f bloomfilter := bloom_empty(10); v hb.pair;
BEGIN
  v := row('x')::hb.pair;
  FOR i IN 1..2 LOOP
    IF i = 2 THEN ALTER TYPE hb.pair ALTER ATTRIBUTE a TYPE int; EXECUTE 'SELECT 123456' INTO v; END IF;
    f := bloom_add(f, v);
  END LOOP;
  RETURN (bloom_info(f)).n::text;
END $$;
SELECT hb.add_twice();
DROP FUNCTION hb.add_twice();
DROP TYPE hb.pair;
CREATE TYPE hb.pair AS (a int);
CREATE FUNCTION hb.add_wider() RETURNS text LANGUAGE plpgsql AS $$
DECLARE f bloomfilter := bloom_empty(10); v hb.pair;
BEGIN
  v := row(1)::hb.pair;
  FOR i IN 1..2 LOOP
    IF i = 2 THEN ALTER TYPE hb.pair ALTER ATTRIBUTE a TYPE int8; EXECUTE 'SELECT 5000000000' INTO v; END IF;
    f := bloom_add(f, v);
  END LOOP;
  RETURN (f @> row(5000000000)::hb.pair)::text || ' ' || (f @> row(705032704)::hb.pair)::text;
END $$;
SELECT hb.add_wider() AS "found, low_32_bits";
-- a nested composite type altered under the outer one's cached hasher
CREATE TYPE hb.inner_value AS (x int);
CREATE TYPE hb.outer_value AS (inner_value hb.inner_value);
CREATE FUNCTION hb.add_nested() RETURNS text LANGUAGE plpgsql AS $$
DECLARE f bloomfilter := bloom_empty(10); v hb.outer_value;
BEGIN
  v := row(row(1))::hb.outer_value;
  FOR i IN 1..2 LOOP
    IF i = 2 THEN
      ALTER TYPE hb.inner_value ALTER ATTRIBUTE x TYPE int8;
      EXECUTE 'SELECT row(5000000000)::hb.inner_value' INTO v;
    END IF;
    f := bloom_add(f, v);
  END LOOP;
  RETURN (f @> row(row(5000000000))::hb.outer_value)::text || ' ' || (f @> row(row(705032704))::hb.outer_value)::text;
END $$;
SELECT hb.add_nested() AS "found, low_32_bits";
-- the same for a probe's cached hasher, and for the aggregate's
CREATE TYPE hb.pair2 AS (a int);
CREATE FUNCTION hb.probe_twice() RETURNS text LANGUAGE plpgsql AS $$
DECLARE f bloomfilter := bloom_add(bloom_empty(10), row(5000000000)); v hb.pair2; answers text := '';
BEGIN
  v := row(1)::hb.pair2;
  FOR i IN 1..2 LOOP
    IF i = 2 THEN ALTER TYPE hb.pair2 ALTER ATTRIBUTE a TYPE int8; EXECUTE 'SELECT 5000000000' INTO v; END IF;
    answers := answers || (f @> v)::text || ' ';
  END LOOP;
  RETURN answers;
END $$;
SELECT hb.probe_twice();
CREATE TYPE hb.pair3 AS (a int);
-- (the ALTER runs while the aggregate reads its rows)
CREATE FUNCTION hb.next_pair(i int) RETURNS hb.pair3 LANGUAGE plpgsql AS $$
BEGIN
  IF i = 2 THEN
    ALTER TYPE hb.pair3 ALTER ATTRIBUTE a TYPE int8;
    RETURN row(5000000000)::hb.pair3;
  END IF;
  RETURN row(i)::hb.pair3;
END $$;
SELECT f @> row(5000000000) AS found, f @> row(705032704) AS low_32_bits
FROM (SELECT bloom_agg(hb.next_pair(i)) AS f FROM generate_series(1, 2) i) s;
-- a renamed type: the kind of a cached hasher follows the name, as a new session's would
CREATE TYPE hb.floatrange AS RANGE (subtype = float8);
CREATE FUNCTION hb.add_renamed() RETURNS text LANGUAGE plpgsql AS $$
DECLARE f bloomfilter := bloom_empty(10); g bloomfilter := bloom_empty(10);
BEGIN
  FOR i IN 1..2 LOOP
    IF i = 2 THEN ALTER TYPE hb.floatrange RENAME TO floatrange2; END IF;
    f := bloom_add(f, hb.floatrange(1, 2));
  END LOOP;
  RETURN 'not reached';
END $$;
SELECT hb.add_renamed();

-- 3. char(n) against varchar and text: bpchar's = ignores trailing spaces, and
-- varchar = bpchar compares as bpchar.  A text probe ending in spaces also tests
-- the value without them.
CREATE TABLE hb.codes (code char(5));
INSERT INTO hb.codes VALUES ('ab');
CREATE TABLE hb.orders (code varchar(10));
INSERT INTO hb.orders VALUES ('ab  '), ('ab'), ('ab '), ('zz  '), (' ab'), ('  ');
SELECT count(*) FROM hb.orders o WHERE o.code IN (SELECT code FROM hb.codes);
SELECT count(*) FROM hb.orders o WHERE (SELECT bloom_agg(code) FROM hb.codes) @> o.code;
SELECT count(*) FROM hb.orders o WHERE o.code <@ (SELECT bloom_agg(code) FROM hb.codes);
SELECT count(*) FROM hb.orders o WHERE bloom_contains((SELECT bloom_agg(code) FROM hb.codes), o.code);
-- a constant filter: every row after the first takes the fast path
SELECT bloom_agg(code) AS codes_filter FROM hb.codes \gset
SELECT count(*) FROM hb.orders o WHERE :'codes_filter'::bloomfilter @> o.code;
SELECT o.code, :'codes_filter'::bloomfilter @> o.code AS member FROM hb.orders o ORDER BY o.code;
-- text probes too, and literals (under text's = 'ab ' <> 'ab': a false positive, which a filter may give)
SELECT f @> 'ab   '::text AS text_padded, f @> 'ab   ' AS literal_padded, f @> 'ab'::text AS text,
       f @> 'a'::text AS other
FROM (SELECT bloom_agg(code) AS f FROM hb.codes) s;
-- a filter stored out of line, probed through slices, then read whole
CREATE TABLE hb.stored_codes (f bloomfilter);
INSERT INTO hb.stored_codes SELECT bloom_add(bloom_empty(10000), 'ab'::char(5));
SELECT o.code, s.f @> o.code AS member FROM hb.orders o, hb.stored_codes s ORDER BY o.code;
SELECT count(*) FROM generate_series(1, 50), hb.orders o, hb.stored_codes s WHERE s.f @> o.code;
-- the other direction stays: a filter of varchar with trailing spaces does not find char(n)
SELECT (SELECT bloom_agg(code) FROM hb.orders) @> 'zz'::char(5) AS padded_varchar_vs_char,
       (SELECT bloom_agg(rtrim(code)) FROM hb.orders) @> 'zz'::char(5) AS built_from_rtrim;

-- 4. bloom_shard of citext: constants and parameters keep their type
CREATE EXTENSION citext;
CREATE TABLE hb.emails (e citext);
INSERT INTO hb.emails SELECT 'User' || g || '@Example.com' FROM generate_series(1, 1000) g;
CREATE TABLE hb.email_shards AS SELECT bloom_shard(e, 8) shard, bloom_agg(e, 200, 0.01) f FROM hb.emails GROUP BY 1;
SELECT bloom_shard(e, 8) = bloom_shard('User5@Example.com'::citext, 8) AS constant,
       bloom_shard(e, 8) = bloom_shard('user5@example.COM'::citext, 8) AS other_case,
       bloom_shard(e, 8) = bloom_shard((SELECT 'User5@Example.com'::citext), 8) AS subquery
FROM hb.emails WHERE e = 'User5@Example.com';
PREPARE probe(citext) AS
  SELECT coalesce(bool_or(f @> (SELECT $1)), false) FROM hb.email_shards WHERE shard = bloom_shard($1, 8);
SET plan_cache_mode = force_custom_plan;
EXECUTE probe('User5@Example.com');
EXECUTE probe('USER5@EXAMPLE.COM');
SET plan_cache_mode = force_generic_plan;
EXECUTE probe('User5@Example.com');
RESET plan_cache_mode;
DEALLOCATE probe;
-- untyped literals hash as text; an untyped parameter must be given a type
SELECT bloom_shard('abc', 1000) = bloom_shard('abc'::text, 1000) AS literal_is_text,
       bloom_shard('abc', 1000) = bloom_shard('abc'::varchar, 1000) AS literal_is_varchar,
       bloom_shard('abc'::name, 1000) = bloom_shard('abc'::text, 1000) AS name_is_text,
       bloom_shard(1, 1000) = bloom_shard(1::int8, 1000) AS integers;
PREPARE untyped AS SELECT bloom_shard($1, 8);
PREPARE typed AS SELECT bloom_shard($1::text, 8);
EXECUTE typed('abc');
DEALLOCATE typed;
-- through the 1.0 declaration bloom_shard(text, int), as an installation not yet updated has it
CREATE FUNCTION hb.shard_1_0(value text, shards int) RETURNS int
    AS '$libdir/bloomfilter', 'bloom_shard' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
SELECT hb.shard_1_0('abc', 1000) = bloom_shard('abc'::text, 1000) AS text_1_0,
       (SELECT bool_and(hb.shard_1_0(e, 8) = bloom_shard(e, 8)) FROM hb.emails) AS citext_column_1_0;
-- the text forms of @>, <@, bloom_contains and bloom_add refuse a citext constant against a citext filter
SELECT (SELECT bloom_agg(e) FROM hb.emails) @> 'user5@example.com'::citext;
SELECT 'user5@example.com'::citext <@ (SELECT bloom_agg(e) FROM hb.emails);
SELECT bloom_contains((SELECT bloom_agg(e) FROM hb.emails), 'user5@example.com'::citext);
SELECT bloom_add((SELECT bloom_agg(e) FROM hb.emails), 'user5@example.com'::citext);
DROP TABLE hb.emails, hb.email_shards;
DROP EXTENSION citext;

-- 5. Enums hash by label, which a dump and restore keep: a renamed value is a
-- new label, which filters built before the rename do not hold.
CREATE TYPE hb.mood AS ENUM ('sad', 'ok', 'happy');
CREATE TABLE hb.moods (f bloomfilter);
INSERT INTO hb.moods SELECT bloom_agg(m) FROM unnest(ARRAY['sad', 'ok']::hb.mood[]) m;
ALTER TYPE hb.mood RENAME VALUE 'sad' TO 'blue';
SELECT f @> 'blue'::hb.mood AS renamed_value, f @> 'sad' AS old_label, f @> 'ok'::hb.mood AS other_value
FROM hb.moods;
-- rebuilt from the values, the filter holds the new label
UPDATE hb.moods SET f = (SELECT bloom_agg(m) FROM unnest(ARRAY['blue', 'ok']::hb.mood[]) m);
SELECT f @> 'blue'::hb.mood AS renamed_value, f @> 'sad' AS old_label FROM hb.moods;

-- 14. "char": built, added to and probed with its own type
CREATE TABLE hb.flags (flag "char");
INSERT INTO hb.flags VALUES ('a'), ('b'), ('r');
SELECT f @> 'a'::"char" AS constant, f @> 'z'::"char" AS other, 'r'::"char" <@ f AS contained,
       bloom_contains(f, 'b'::"char") AS function, bloom_add(f, 'z'::"char") @> 'z'::"char" AS added,
       (bloom_info(f)).value_kind
FROM (SELECT bloom_agg(flag) AS f FROM hb.flags) s;
SELECT count(*) FILTER (WHERE f @> flag) AS found FROM hb.flags, (SELECT bloom_agg(flag) AS f FROM hb.flags) s;
SELECT bloom_shard('a'::"char", 1000) = bloom_shard(flag, 1000) AS shard FROM hb.flags WHERE flag = 'a';
-- a literal is text, another kind
SELECT (SELECT bloom_agg(flag) FROM hb.flags) @> 'a';
-- arrays and records of "char" as before
SELECT bloom_add(bloom_empty(10), ARRAY['a', 'b']::"char"[]) @> ARRAY['a', 'b']::"char"[] AS array_of_char,
       bloom_add(bloom_empty(10), row('a'::"char")) @> row('a'::"char") AS record_of_char;

-- Minor: an untyped field of row() is a literal string, hashed as text
SELECT bloom_add(bloom_empty(10), row(1, 'a')) @> row(1::int8, 'a'::varchar) AS untyped_field,
       bloom_add(bloom_empty(10), row(1, 'a')) @> row(1, 'b'::text) AS other_field,
       bloom_add(bloom_empty(10), row(1, 'a'::text)) @> row(1, 'a') AS untyped_probe,
       (SELECT bloom_agg(row(g, 'x')) FROM generate_series(1, 3) g) @> row(2::int2, 'x'::text) AS aggregate;

RESET search_path;
SET client_min_messages = warning;
DROP SCHEMA hb CASCADE;
RESET client_min_messages;

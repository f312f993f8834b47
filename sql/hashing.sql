-- Hashing: values equal under their type's = hash equally; kinds are recorded
-- and mixing kinds is an error, never a silent "no".

-- integers: int2, int4, int8 and literals are interchangeable
SELECT f @> 42 AS int4, f @> 42::int8 AS int8, f @> 42::int2 AS int2, f @> 43 AS other
FROM (SELECT bloom_add(bloom_empty(10), 42::int8) AS f) s;
SELECT bloom_agg(x::int2) @> 7::int8 AS int2_filter_int8_probe FROM generate_series(1, 10) x;
SELECT f @> -9223372036854775808 AS min_int8, f @> (-32768)::int2 AS min_int2
FROM (SELECT bloom_add(bloom_add(bloom_empty(10), -9223372036854775808), (-32768)::int4) AS f) s;

-- text family: text, varchar, name, bpchar (trailing spaces do not count), literals
SELECT f @> 'abc' AS literal, f @> 'abc'::varchar AS varchar, f @> 'abc'::name AS name,
       f @> 'abc   '::char(6) AS bpchar, f @> 'abc '::text AS text_with_space, f @> 'ABC' AS case_differs
FROM (SELECT bloom_add(bloom_empty(10), 'abc'::text) AS f) s;
SELECT f @> 'héllo wörld ✓' AS utf8 FROM (SELECT bloom_add(bloom_empty(10), 'héllo wörld ✓') AS f) s;
SELECT f @> '' AS empty_string, f @> ' ' AS space FROM (SELECT bloom_add(bloom_empty(10), ''::text) AS f) s;

-- numeric: 1.0 = 1.00 = 1; NaN and infinities
SELECT f @> 1::numeric AS one, f @> 1.000::numeric AS one_000, f @> 1.01::numeric AS one_01,
       f @> 'NaN'::numeric AS nan
FROM (SELECT bloom_add(bloom_empty(10), 1.0::numeric) AS f) s;
SELECT f @> 'NaN'::numeric AS nan, f @> 'Infinity'::numeric AS inf, f @> '-Infinity'::numeric AS neg_inf
FROM (SELECT bloom_add(bloom_add(bloom_empty(10), 'NaN'::numeric), 'Infinity'::numeric) AS f) s;

-- floats: -0 = 0, NaN = NaN, float4 and float8 together
SELECT f @> 0::float8 AS zero, f @> '-0'::float4 AS neg_zero_float4, f @> 'NaN'::float8 AS nan,
       f @> 0.5::float4 AS half_float4, f @> 1e-300::float8 AS tiny
FROM (SELECT bloom_add(bloom_add(bloom_add(bloom_empty(10), '-0'::float8), 'NaN'::float4), 0.5::float8) AS f) s;

-- interval: equal spans are equal (1 day = 24 hours, 1 mon = 30 days)
SELECT f @> interval '24 hours' AS hours, f @> interval '1440 minutes' AS minutes,
       f @> interval '1 mon' AS month_30_days, f @> interval '25 hours' AS other
FROM (SELECT bloom_add(bloom_add(bloom_empty(10), interval '1 day'), interval '30 days') AS f) s;

-- other built-in types with a hash opclass
SELECT bloom_add(bloom_empty(10), 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid) @> 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid AS uuid,
       bloom_add(bloom_empty(10), date '2024-02-29') @> date '2024-02-29' AS date,
       bloom_add(bloom_empty(10), timestamptz '2024-01-01 12:00+00') @> timestamptz '2024-01-01 13:00+01' AS timestamptz_same_instant,
       bloom_add(bloom_empty(10), '\xdeadbeef'::bytea) @> '\xdeadbeef'::bytea AS bytea,
       bloom_add(bloom_empty(10), '192.168.0.1/32'::inet) @> '192.168.0.1'::inet AS inet,
       bloom_add(bloom_empty(10), true) @> true AS bool,
       bloom_add(bloom_empty(10), true) @> false AS bool_other,
       bloom_add(bloom_empty(10), int4range(1, 10)) @> int4range(1, 9, '[]') AS range_canonical;

-- arrays: element-wise canonical, dimensions and bounds count, NULL elements allowed
SELECT f @> ARRAY[1, 2, NULL]::int8[] AS same_elements_int8, f @> ARRAY[1, 2] AS without_null,
       f @> '[0:2]={1,2,NULL}'::int2[] AS other_bounds
FROM (SELECT bloom_add(bloom_empty(10), ARRAY[1, 2, NULL]::int4[]) AS f) s;
SELECT f @> ARRAY['ab', 'c'] AS same, f @> ARRAY['a', 'bc'] AS regrouped
FROM (SELECT bloom_add(bloom_empty(10), ARRAY['ab', 'c']) AS f) s;
SELECT bloom_add(bloom_empty(10), ARRAY[1.00, 2]) @> ARRAY[1.0, 2.000] AS numeric_array_normalized;

-- enums hash as their labels; domains as their base type
CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
CREATE DOMAIN positive_int AS int CHECK (VALUE > 0);
SELECT f @> 'happy'::mood AS enum, f @> 'happy' AS label_as_text, f @> 'sad'::mood AS other
FROM (SELECT bloom_add(bloom_empty(10), 'happy'::mood) AS f) s;
SELECT bloom_add(bloom_empty(10), 5::positive_int) @> 5 AS domain_probe;

-- the kind is recorded; mixing is an error (SQLSTATE 42804 datatype_mismatch)
SELECT value_kind FROM bloom_info(bloom_add(bloom_empty(10), 1::int2));
SELECT value_kind FROM bloom_info(bloom_add(bloom_empty(10), now()));
SELECT value_kind FROM bloom_info(bloom_add(bloom_empty(10), ARRAY['x']));
SELECT bloom_add(bloom_empty(10), 42) @> 'forty-two';
SELECT bloom_add(bloom_add(bloom_empty(10), 42), 'forty-two'::text);
SELECT bloom_add(bloom_empty(10), 42) @> 42.0;
SELECT bloom_add(bloom_empty(10), 'x'::text) @> 'x'::bytea;

-- jsonb: equal documents hash alike (key order, duplicate keys, 1.0 = 1.00)
SELECT f @> '{"b": [1.00, "x", null], "a": {"z": true}}'::jsonb AS reordered_keys,
       f @> '{"a": {"z": true}, "b": [1, "x", null], "a": {"z": true}}'::jsonb AS duplicate_key,
       f @> '{"a": {"z": false}, "b": [1, "x", null]}'::jsonb AS other_bool,
       f @> '{"a": {"z": true}, "b": [1, null, "x"]}'::jsonb AS other_order,
       f @> '[{"a": {"z": true}, "b": [1, "x", null]}]'::jsonb AS wrapped
FROM (SELECT bloom_add(bloom_empty(10), '{"a": {"z": true}, "b": [1.0, "x", null]}'::jsonb) AS f) s;
SELECT bloom_add(bloom_empty(10), '1'::jsonb) @> '[1]'::jsonb AS scalar_is_not_array,
       bloom_add(bloom_empty(10), '"1"'::jsonb) @> '1'::jsonb AS string_is_not_number,
       bloom_add(bloom_empty(10), '"1"'::jsonb) @> '"1"'::jsonb AS string;
SELECT value_kind FROM bloom_info(bloom_add(bloom_empty(10), '{}'::jsonb));

-- ranges: numeric bounds normalized; empty ranges all equal; multiranges merged
SELECT bloom_add(bloom_empty(10), numrange(1.0, 2.50)) @> numrange(1, 2.5) AS same_bounds,
       bloom_add(bloom_empty(10), numrange(1.0, 2.50)) @> numrange(1, 2.5, '[]') AS other_inclusivity,
       bloom_add(bloom_empty(10), numrange(NULL, 2)) @> numrange(NULL, 2.00) AS unbounded,
       bloom_add(bloom_empty(10), numrange(3, 3)) @> 'empty'::numrange AS empty,
       bloom_add(bloom_empty(10), nummultirange(numrange(1, 2), numrange(2.0, 3))) @> nummultirange(numrange(1, 3.0)) AS merged;
SELECT bloom_add(bloom_empty(10), int4range(1, 5, '[]')) @> int4range(1, 6) AS discrete_canonical;
CREATE TYPE floatrange AS RANGE (subtype = float8);
SELECT f @> floatrange(0, 1) AS minus_zero_bound, f @> floatrange(0, 2) AS other,
       (SELECT value_kind FROM bloom_info(f)) ~ '^type [0-9a-f]{7}$' AS named_kind
FROM (SELECT bloom_add(bloom_empty(10), floatrange(-0.0, 1)) AS f) s;

-- records: field by field with each field's own equality; NULL fields compare equal
CREATE TYPE point3 AS (x int, y numeric, label text);
CREATE TABLE points (id int, p point3);
INSERT INTO points SELECT g, (g, g / 10.0, 'p' || g)::point3 FROM generate_series(1, 5000) g;
INSERT INTO points VALUES (0, (0, NULL, NULL));
SELECT count(*) AS members_found FROM points WHERE (SELECT bloom_agg(p) FROM points) @> p;
SELECT count(*) FILTER (WHERE f @> (g, (g / 10.0)::numeric(12, 4), 'p' || g)::point3) AS rescaled_numeric,
       count(*) FILTER (WHERE f @> (g, g / 10.0, 'q' || g)::point3) AS false_positives
FROM generate_series(1, 5000) g, (SELECT bloom_agg(p) AS f FROM points) s;
SELECT (SELECT bloom_agg(p) FROM points) @> (0, NULL, NULL)::point3 AS null_fields;
SELECT (SELECT bloom_agg(pt) FROM points pt) @> (SELECT pt FROM points pt WHERE id = 7) AS whole_row;
SELECT bloom_add(bloom_empty(10), row(1, 'a'::text)) @> row(1::int8, 'a'::varchar) AS anonymous_record,
       bloom_add(bloom_empty(10), row(1, 'a'::text)) @> row(1, 'b'::text) AS other_field;
SELECT bloom_add(bloom_empty(10), ARRAY[row(1, 'a'::text)]) @> ARRAY[row(1::int2, 'a'::text)] AS array_of_records;
-- a named composite type's kind comes from its fields, not from the first value:
-- a NULL nested row or an empty array first does not change it
CREATE TYPE inner_pair AS (a int, b text);
CREATE TYPE outer_pair AS (id int, inner_value inner_pair, list inner_pair[]);
SELECT count(*) FILTER (WHERE f @> v) AS found, count(*) AS rows
FROM (VALUES ((1, NULL, '{}')::outer_pair), ((2, (3, 'x'), ARRAY[(4, 'y')::inner_pair])::outer_pair),
             ((5, (6, NULL), NULL)::outer_pair)) t(v),
     (SELECT bloom_agg(v) AS f FROM (VALUES ((1, NULL, '{}')::outer_pair), ((2, (3, 'x'), ARRAY[(4, 'y')::inner_pair])::outer_pair),
             ((5, (6, NULL), NULL)::outer_pair)) t(v)) s;
-- anonymous records whose row type changes from row to row: hashers are kept per row type
SELECT count(*) FILTER (WHERE f @> CASE WHEN g % 2 = 0 THEN row(g, 'a'::text) ELSE row(g::int8, 'b'::varchar) END) AS found
FROM generate_series(1, 2000) g,
     (SELECT bloom_agg(CASE WHEN g % 2 = 0 THEN row(g, 'a'::text) ELSE row(g::int8, 'b'::varchar) END) AS f
      FROM generate_series(1, 2000) g) s;
DROP TYPE outer_pair;
DROP TYPE inner_pair;
-- the kind is the fingerprint of the field kinds: swapped fields are an error
SELECT bloom_add(bloom_empty(10), row(1, 'a'::text)) @> row('a'::text, 1);

-- extension types: hashed by their own hash function, so citext compares case-insensitively
CREATE EXTENSION citext;
CREATE TABLE emails (e citext);
INSERT INTO emails VALUES ('Alice@Example.com'), ('bob@example.com');
SELECT e, (SELECT bloom_agg(e) FROM emails) @> e AS member
FROM (VALUES ('ALICE@example.COM'::citext), ('carol@example.com')) probes(e);
-- a citext constant is folded to text before the text form of @> sees it: a subquery keeps its type
SELECT (SELECT bloom_agg(e) FROM emails) @> (SELECT 'BOB@EXAMPLE.COM'::citext) AS subquery_constant;
SELECT (SELECT bloom_agg(e) FROM emails) @> 'bob@example.com'::citext;
-- an explicit cast to text hashes as text
SELECT bloom_add(bloom_empty(10), 'Bob'::citext::text) @> 'Bob' AS explicit_text;
DROP TABLE emails;
DROP EXTENSION citext;
CREATE EXTENSION hstore;
SELECT bloom_add(bloom_empty(10), 'a=>1, b=>2'::hstore) @> 'b=>2, a=>1'::hstore AS hstore_equal,
       bloom_add(bloom_empty(10), 'a=>1, b=>2'::hstore) @> 'a=>1'::hstore AS hstore_other;
DROP EXTENSION hstore;

-- types without a hash operator class are refused (0A000 feature_not_supported)
SELECT bloom_add(bloom_empty(10), point(1, 2));
-- reg* values are OIDs that differ between databases (pg_dump restores them by name)
SELECT bloom_add(bloom_empty(10), 'pg_class'::regclass);
-- text under a nondeterministic collation: equal strings may differ in bytes
CREATE COLLATION case_insensitive (provider = icu, locale = 'und-u-ks-level2', deterministic = false);
SELECT bloom_add(bloom_empty(10), 'A' COLLATE case_insensitive);
SELECT bloom_add(bloom_empty(10), ARRAY['A'] COLLATE case_insensitive);
DROP COLLATION case_insensitive;
SELECT bloom_add(bloom_empty(10), 'x'::text COLLATE "C") @> 'x' AS deterministic_collation_ok;

DROP DOMAIN positive_int;
DROP TYPE mood;
DROP TABLE points;
DROP TYPE point3;
DROP TYPE floatrange;

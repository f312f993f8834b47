-- Text and binary I/O: round trips are byte-identical; the format is stable.

-- a known value, byte for byte: one block, k = 6, one integer (42) added
SELECT bloom_add(bloom_agg(x), 42) FROM (VALUES (NULL::int)) v(x);
SELECT encode(bloomfilter_send(bloom_add(bloom_agg(x), 42)), 'hex') FROM (VALUES (NULL::int)) v(x);

-- text round trip
CREATE TABLE io_test AS
  SELECT bloom_agg(g) AS f, bloom_agg(md5(g::text), 0.001) AS g FROM generate_series(1, 5000) g;
SELECT f::text::bloomfilter::text = f::text AS text_round_trip,
       g::text::bloomfilter::text = g::text AS text_round_trip_g,
       length(f::text) = 4 * ceil(((bloom_info(f)).bytes - 4) / 3.0) AS base64_length
FROM io_test;

-- binary round trip through COPY (send and receive)
\copy io_test TO 'results/io_test.bin' WITH (FORMAT binary)
CREATE TABLE io_copy (LIKE io_test);
\copy io_copy FROM 'results/io_test.bin' WITH (FORMAT binary)
SELECT a.f::text = b.f::text AS binary_round_trip_f, a.g::text = b.g::text AS binary_round_trip_g
FROM io_test a, io_copy b;
SELECT bloomfilter_send(f) = bloomfilter_send(f::text::bloomfilter) AS send_equal FROM io_test;

-- text COPY too (what pg_dump uses)
\copy io_test TO 'results/io_test.txt'
CREATE TABLE io_copy_text (LIKE io_test);
\copy io_copy_text FROM 'results/io_test.txt'
SELECT a.f::text = b.f::text AND a.g::text = b.g::text AS text_copy_round_trip FROM io_test a, io_copy_text b;
SELECT count(*) FILTER (WHERE NOT (f @> x)) AS missing_after_copy
FROM io_copy_text, generate_series(1, 5000) x;

DROP TABLE io_test, io_copy, io_copy_text;

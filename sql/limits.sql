-- Limits: a filter above 2^32 bits, the size limit, and cancellation of long calls.

-- 450 million elements at 1%: 9.4 million blocks, 4.8e9 bits (beyond 32-bit bit
-- indexes), about 600 MB.  200,000 members spread over all of it: a 32-bit index
-- anywhere would lose the ones in blocks past bit 2^32 (about a tenth).
WITH huge AS MATERIALIZED (SELECT bloom_agg(x, 450000000, 0.01) AS f FROM generate_series(1, 200000) x)
SELECT (bloom_info(f)).m > 4294967296 AS beyond_32_bits,
       (bloom_info(f)).m AS m,
       (SELECT count(*) FROM generate_series(1, 200000) x WHERE NOT (f @> x)) AS false_negatives,
       (SELECT count(*) FROM generate_series(200001, 400000) y WHERE f @> y) < 5 AS almost_no_false_positives
FROM huge;

-- over the limit: a clean error before anything is allocated
\set VERBOSITY sqlstate
SELECT bloom_empty(700000000, 0.01);
SELECT bloom_agg(x, 700000000, 0.01) FROM generate_series(1, 10) x;
\set VERBOSITY default

-- long calls answer to statement_timeout (SQLSTATE 57014): scanning, combining,
-- printing and parsing a 600 MB filter all check for interrupts as they go
CREATE TABLE big_value AS SELECT bloom_add(bloom_empty(450000000, 0.01), 1) AS f;
SET statement_timeout = '50ms';
\set VERBOSITY sqlstate
SELECT bloom_info(f) FROM big_value;
SELECT bloom_info(f | f) FROM big_value;
SELECT length(f::text) FROM big_value;
\set VERBOSITY default
RESET statement_timeout;
SELECT (bloom_info(f)).n AS still_usable FROM big_value;
DROP TABLE big_value;

-- test/demo.sql: a short tour, run by test/demo in a throwaway cluster.
\pset footer off
\echo '== the extension'
CREATE EXTENSION bloomfilter;

\echo '== sizing helpers: 10,000 elements at a 0.1% false-positive rate'
SELECT bloom_optimal_m(10000, 0.001) AS bits,
       round(bloom_optimal_m(10000, 0.001) / 8192.0, 2) AS kib,
       bloom_optimal_k(10000, bloom_optimal_m(10000, 0.001)) AS hashes,
       round(bloom_fpp(10000, 143776, 10)::numeric, 7) AS fpp_at_10000,
       bloom_capacity(143776, 10, 0.001) AS capacity;

\echo '== a blacklist column, checked with @>'
CREATE TABLE blacklists (name text PRIMARY KEY, members bloomfilter NOT NULL);
INSERT INTO blacklists VALUES ('banned_emails', bloom_empty(100000, 0.001));
UPDATE blacklists SET members = bloom_add(members, 'spam@example.com') WHERE name = 'banned_emails';
UPDATE blacklists SET members = bloom_add(members, 'fraud@example.org') WHERE name = 'banned_emails';
SELECT address, members @> address AS maybe_banned
FROM blacklists, unnest(ARRAY['spam@example.com', 'alice@example.net', 'fraud@example.org']) address
WHERE name = 'banned_emails';
SELECT m AS bits, k, n, design_n, design_p, bytes, value_kind FROM blacklists, bloom_info(members);

\echo '== a join prefiltered with a filter built by bloom_agg'
CREATE TABLE orders AS SELECT g AS id, (g * 7919) % 1000000 AS customer_id FROM generate_series(1, 200000) g;
CREATE TABLE vip_customers AS SELECT g * 97 AS customer_id FROM generate_series(1, 1000) g;
-- one filter of the small side; "certainly not there" skips the join work for most rows
WITH vip AS (SELECT bloom_agg(customer_id) AS f FROM vip_customers)
SELECT count(*) AS orders_passing_filter FROM orders, vip WHERE vip.f @> orders.customer_id;
WITH vip AS (SELECT bloom_agg(customer_id) AS f FROM vip_customers)
SELECT count(*) AS vip_orders
FROM orders JOIN vip_customers USING (customer_id), vip
WHERE vip.f @> orders.customer_id;

\echo '== what the filter knows about itself'
SELECT m, k, n, bits_set, round(fill_ratio::numeric, 3) AS fill, round(fpp::numeric, 5) AS fpp,
       round(cardinality) AS est_distinct
FROM (SELECT bloom_agg(customer_id) AS f FROM vip_customers) s, bloom_info(f);

\echo '== union and intersection'
WITH a AS (SELECT bloom_agg(g, 1000, 0.01) AS f FROM generate_series(1, 600) g),
     b AS (SELECT bloom_agg(g, 1000, 0.01) AS f FROM generate_series(400, 1000) g)
SELECT (a.f | b.f) @> 50 AS union_has_50, (a.f & b.f) @> 500 AS intersection_has_500,
       (a.f & b.f) @> 50 AS intersection_has_50
FROM a, b;

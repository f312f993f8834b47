-- test/readme/setup.sql: the tables README.md's SQL examples presuppose
-- (they create the rest themselves).  test/readme/run runs this right after
-- the README block that creates the extension, since some of these tables
-- hold filters.  Small, deterministic data (no random()); dates are relative
-- to current_date because an example selects the last week.
-- psql variables from test/readme/run: readme_host, readme_port, readme_db
-- (where the loopback postgres_fdw server connects).

-- Examples: a join of orders with a list of VIP customers
CREATE TABLE vip_customers (customer_id int PRIMARY KEY);
INSERT INTO vip_customers SELECT g * 97 FROM generate_series(1, 100) g;
CREATE TABLE orders (order_id int PRIMARY KEY, customer_id int NOT NULL, total numeric(10, 2) NOT NULL);
INSERT INTO orders SELECT g, g * 7919 % 10000, (g % 500) + 0.99 FROM generate_series(1, 20000) g;

-- Building filters: e-mails and visited URLs
CREATE TABLE users (user_id int PRIMARY KEY, email text NOT NULL);
INSERT INTO users SELECT g, 'user' || g || '@example.com' FROM generate_series(1, 1000) g;
CREATE TABLE visits (day date NOT NULL, url text NOT NULL);
INSERT INTO visits
  SELECT current_date - d, 'https://example.com/page/' || (d * 31 + g) % 400
  FROM generate_series(0, 9) d, generate_series(1, 100 + 10 * d) g;

-- a batch of banned addresses to add to a blacklist, and logins to screen
CREATE TABLE new_bans (email text NOT NULL);
INSERT INTO new_bans VALUES ('fraud@example.org'), ('bot17@example.net');
CREATE TABLE logins (email text NOT NULL, at timestamptz NOT NULL);
INSERT INTO logins VALUES
  ('alice@example.net', '2026-11-20 08:00+00'),
  ('spam@example.com', '2026-11-20 08:05+00'),
  ('bob@example.org', '2026-11-20 08:07+00'),
  ('fraud@example.org', '2026-11-20 08:09+00');

-- Membership: a table of one filter of the integers 1 to 100
CREATE TABLE t (f bloomfilter NOT NULL);
INSERT INTO t SELECT bloom_agg(g) FROM generate_series(1, 100) g;

-- Set algebra: daily filters of one shape, and two filters a and b of one shape
CREATE TABLE daily_filters (day date PRIMARY KEY, f bloomfilter NOT NULL);
INSERT INTO daily_filters SELECT day, bloom_agg(url, 1000000, 0.01) FROM visits GROUP BY day;
CREATE TABLE a (f bloomfilter NOT NULL);
INSERT INTO a SELECT bloom_add_all(bloom_empty(1000), ARRAY['x', 'y']);
CREATE TABLE b (f bloomfilter NOT NULL);
INSERT INTO b SELECT bloom_add_all(bloom_empty(1000), ARRAY['x', 'z']);

-- Blacklists at scale: hex MD5 hashes of leaked passwords, and a new batch
CREATE TABLE leaked_hashes (h text PRIMARY KEY);
INSERT INTO leaked_hashes
  SELECT md5(pw) FROM unnest(ARRAY['password', '123456', 'qwerty', 'letmein', 'dragon']) pw
  UNION ALL
  SELECT md5('password' || g) FROM generate_series(1, 10000) g;
CREATE TABLE new_leaks (h text PRIMARY KEY);
INSERT INTO new_leaks SELECT md5('hunter' || g) FROM generate_series(1, 100) g;

-- Bloom joins across servers: the README's example reads remote_big through
-- postgres_fdw.  Its own server (host 'db2') cannot be reached here, so
-- remote_big is a foreign table on a loopback server: the same cluster and
-- database, table sales.remote_big.  The filter is really shipped and
-- evaluated by a second backend, as with a remote server.
CREATE EXTENSION postgres_fdw;
CREATE SERVER loopback FOREIGN DATA WRAPPER postgres_fdw
  OPTIONS (host :'readme_host', port :'readme_port', dbname :'readme_db', extensions 'bloomfilter');
CREATE USER MAPPING FOR CURRENT_USER SERVER loopback;
CREATE SCHEMA sales;
CREATE TABLE sales.remote_big (id int8 PRIMARY KEY, payload text NOT NULL);
INSERT INTO sales.remote_big SELECT g, md5(g::text) FROM generate_series(1, 100000) g;
CREATE FOREIGN TABLE remote_big (id int8, payload text)
  SERVER loopback OPTIONS (schema_name 'sales', table_name 'remote_big');
CREATE TABLE local_small (id int8 PRIMARY KEY);
INSERT INTO local_small SELECT g * 9973 % 100000 + 1 FROM generate_series(1, 20) g;

ANALYZE;

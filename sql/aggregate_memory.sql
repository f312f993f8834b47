-- bloom_agg's memory: small states are plain values (one per group), large
-- ones grow without copying, and a plain or sorted aggregate's list from
-- 2 MiB (262,138 hashes) grows in the backend's list buffer, whose pages the
-- backend keeps for its next aggregate.  Every path must give the same filter.
CREATE TABLE m AS SELECT g AS x, g % 1000 AS k FROM generate_series(1, 600000) g;
ANALYZE m;
SET max_parallel_workers_per_gather = 0;
-- hash lists of 600,000 rows: grown through 1, 2 and 4 MB mappings
CREATE TABLE whole AS SELECT bloom_agg(x) AS f FROM m;
SELECT (bloom_info(f)).n, (SELECT count(*) FROM m WHERE NOT (f @> x)) AS missing FROM whole;
-- the same filter from one group, and with the value ordered
SELECT (SELECT bloom_agg(x) FROM m GROUP BY k >= 0)::text = f::text AS one_group_same,
       (SELECT bloom_agg(x ORDER BY x DESC) FROM m)::text = f::text AS ordered_same
FROM whole;
-- many small groups (plain values): each group's filter holds its rows
CREATE TABLE per_group AS SELECT k, bloom_agg(x) AS f FROM m GROUP BY k;
SELECT count(*) AS groups, sum((bloom_info(f, false)).n) AS n FROM per_group;
SELECT count(*) AS missing FROM m JOIN per_group g USING (k) WHERE NOT (g.f @> m.x);
-- past the hash limit the state switches to a 184 MB filter (a zeroed mapping) and folds
-- to a size of its own (at most 1.2 times the exact one here)
SET bloomfilter.agg_hash_limit = 200000;
CREATE TABLE switched AS SELECT bloom_agg(x) AS f FROM m;
RESET bloomfilter.agg_hash_limit;
SELECT (bloom_info(s.f)).n, (SELECT count(*) FROM m WHERE NOT (s.f @> x)) AS missing,
       (bloom_info(s.f)).m::float8 / (bloom_info(w.f)).m BETWEEN 1 AND 1.2 AS size_ratio_ok,
       (bloom_info(s.f)).fpp <= 0.01 AS within_rate
FROM switched s, whole w;
-- n given: a 700 kB filter state, filled in place
SELECT (SELECT bloom_agg(x, 600000, 0.01) FROM m)::text
     = (SELECT bloom_agg(x, bloom_empty(600000, 0.01)) FROM m)::text AS fixed_same;
-- parallel: worker states of hundreds of thousands of hashes, combined
SET max_parallel_workers_per_gather = 2;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SELECT (SELECT bloom_agg(x) FROM m)::text = f::text AS parallel_same FROM whole;
SELECT (SELECT bloom_agg(x, 600000, 0.01) FROM m)::text
     = (SELECT bloom_agg(x, bloom_empty(600000, 0.01)) FROM m)::text AS parallel_fixed_same;
RESET max_parallel_workers_per_gather;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
-- a window over a growing frame: the state is read by every row's final call
SELECT count(*) FILTER (WHERE NOT (f @> x)) AS missing
FROM (SELECT x, bloom_agg(x) OVER (ORDER BY x ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS f
      FROM m WHERE x <= 3000) s;
DROP TABLE m, whole, switched, per_group;

-- a partial state's unused hash slots are zeros, never memory the backend held
-- before: the state is shipped and printed as it is
CREATE AGGREGATE partial_state(anyelement) (SFUNC = bloom_agg_trans, STYPE = bloom_agg_state);
SELECT md5(repeat(g::text, 1000)) IS NOT NULL FROM generate_series(1, 3) g;
SELECT encode(bloom_agg_state_send(s), 'hex') ~ '(0000000000000000){7}$' AS unused_slots_zero,
       length(bloom_agg_state_send(s)) AS bytes
FROM (SELECT partial_state(x) AS s FROM generate_series(1, 11) x) t;
SELECT encode(bloom_agg_state_send(s), 'hex') ~ '(0000000000000000){55}$' AS unused_slots_zero_grown
FROM (SELECT partial_state(x ORDER BY x) AS s FROM generate_series(1, 9001) x) t;
-- a list of 300,000 hashes in the list buffer, whose pages the lists of
-- 600,000 hashes above filled: its 224,282 unused slots still go out as zeros
SELECT substring(b FROM length(b) - 8 * 224282 + 1) = decode(repeat('00', 8 * 224282), 'hex')
         AS reused_unused_slots_zero,
       length(b) AS bytes
FROM (SELECT bloom_agg_state_send(partial_state(x)) AS b FROM generate_series(1, 300000) x) t;
DROP AGGREGATE partial_state(anyelement);

-- three lists at once (two in the backend's two list buffers, one in the
-- aggregate's memory), with the buffers off, and after an ERROR that ended a
-- list in a buffer
SET max_parallel_workers_per_gather = 0;
CREATE TABLE m2 AS SELECT g AS x FROM generate_series(1, 400000) g;
CREATE TABLE m2_filter AS SELECT bloom_agg(x, 400000, 0.01) AS fixed, bloom_agg(x) AS f FROM m2;
SELECT (SELECT bloom_agg(x)::text = bloom_agg(x, 0.01)::text AND bloom_agg(x + 0)::text = bloom_agg(x)::text
        FROM m2) AS three_lists_same,
       (bloom_info(f)).n, (SELECT count(*) FROM m2 WHERE NOT (f @> x)) AS missing FROM m2_filter;
SET bloomfilter.agg_keep_list_memory = off;
SELECT (SELECT bloom_agg(x) FROM m2)::text = f::text AS unkept_same FROM m2_filter;
RESET bloomfilter.agg_keep_list_memory;
SELECT bloom_agg(x, CASE WHEN x = 390000 THEN 0.02 ELSE 0.01 END) FROM m2;
SELECT (SELECT bloom_agg(x) FROM m2)::text = f::text AS after_error_same FROM m2_filter;
DROP TABLE m2, m2_filter;
RESET max_parallel_workers_per_gather;

-- a cursor opened before a savepoint and fetched in it outlives ROLLBACK TO:
-- its aggregate, half done, keeps its list in a buffer (the grand total of a
-- sorted ROLLUP takes one after 262,138 rows, at g = 262) while another
-- aggregate runs, and ends with the right filter.  A second cursor, fetched
-- that far before the savepoint, holds the other buffer.
SET max_parallel_workers_per_gather = 0;
SET enable_hashagg = off;
CREATE TABLE rolled AS SELECT i::bigint AS x, i / 1000 AS g FROM generate_series(1, 400000) i;
CREATE TABLE other AS SELECT i::bigint * 7919 AS x FROM generate_series(1, 300000) i;
CREATE TABLE expected_filters AS
  SELECT (SELECT bloom_agg(x) FROM rolled)::text AS total, (SELECT bloom_agg(x) FROM other)::text AS other;
BEGIN;
DECLARE c CURSOR FOR
  SELECT g, md5(bloom_agg(x)::text) = (SELECT md5(total) FROM expected_filters) AS total_same
  FROM rolled GROUP BY ROLLUP (g);
DECLARE c2 CURSOR FOR
  SELECT g, md5(bloom_agg(x)::text) = (SELECT md5(total) FROM expected_filters) AS total_same
  FROM rolled GROUP BY ROLLUP (g);
MOVE 300 IN c2;
SAVEPOINT s;
MOVE 300 IN c;
ROLLBACK TO SAVEPOINT s;
SELECT bloom_agg(x)::text = (SELECT other FROM expected_filters) AS other_same FROM other;
MOVE 100 IN c;
FETCH ALL FROM c;
MOVE 100 IN c2;
FETCH ALL FROM c2;
COMMIT;
RESET enable_hashagg;
RESET max_parallel_workers_per_gather;
DROP TABLE rolled, other, expected_filters;

-- every byte of a state is in the aggregate's memory, where a hash aggregate
-- counts it: 400 groups of 1.2 MB filter states spill instead of taking 480 MB
SET work_mem = '1MB';
SET max_parallel_workers_per_gather = 0;
SET enable_sort = off;
CREATE FUNCTION hash_batches(query text) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  line text;
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || query LOOP
    IF line ~ 'Batches: \d+' THEN
      RETURN substring(line FROM 'Batches: (\d+)')::int;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
SELECT hash_batches('SELECT g, bloom_agg(x, 1000000, 0.01) IS NOT NULL FROM (SELECT x, x % 400 AS g FROM generate_series(1, 40000) x) s GROUP BY g') > 1
  AS spilled;
SELECT count(*) AS groups, bool_and(n = 100) AS all_rows
FROM (SELECT g, (bloom_info(bloom_agg(x, 1000000, 0.01), false)).n FROM (SELECT x, x % 400 AS g FROM generate_series(1, 40000) x) s GROUP BY g) t;
DROP FUNCTION hash_batches(text);
RESET enable_sort;
RESET work_mem;

-- parallel plans: a partial state of a plain aggregate from 2 MiB up goes
-- from a worker to the leader's combine through the query's shared memory,
-- not the tuple queue, and the leader's own part stays in the leader's
-- memory; the filters are the same
CREATE TABLE shipped AS SELECT g AS x FROM generate_series(1, 1000000) g;
ANALYZE shipped;
SET max_parallel_workers_per_gather = 0;
CREATE TABLE shipped_serial AS
  SELECT bloom_agg(x) AS f, bloom_agg(x::text) AS t, bloom_agg(x, 1000000, 0.01) AS fixed,
         countingbloom_agg(x) AS counting, cuckoo_agg(x) AS cuckoo FROM shipped;
SET max_parallel_workers_per_gather = 2;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SELECT (SELECT bloom_agg(x) FROM shipped)::text = f::text AS hashes_same,
       (SELECT bloom_agg(x::text) FROM shipped)::text = t::text AS text_same,
       (SELECT bloom_agg(x, 1000000, 0.01) FROM shipped)::text = fixed::text AS filter_state_same,
       (SELECT countingbloom_agg(x) FROM shipped)::text = counting::text AS counting_same,
       (SELECT cuckoo_agg(x) FROM shipped)::text = cuckoo::text AS cuckoo_same
FROM shipped_serial;
-- no worker starts: the leader runs the parallel plan alone, and its one
-- partial state of 1,000,000 hashes is passed on where it is, once
SET max_parallel_workers = 0;
SET jit = off;
SET client_min_messages = debug2;
SELECT (SELECT bloom_agg(x) FROM shipped)::text = f::text AS leader_shipped_same FROM shipped_serial;
-- and again for each query of a transaction: the leader keeps one state
-- at a time, and its combine has read it before the next query
BEGIN;
SELECT (SELECT bloom_agg(x) FROM shipped)::text = f::text AS first_same FROM shipped_serial;
SELECT (SELECT bloom_agg(x) FROM shipped)::text = f::text AS second_same FROM shipped_serial;
COMMIT;
-- which list buffer a list takes (DEBUG2 lines; the two buffers are of
-- 8 MiB here, grown by the lists above, and no worker runs, whose lines
-- would come in any order): a serial list takes the larger, so that once
-- it has grown the larger one it finds it again, and the smaller stays the
-- size of a leader's share
SET max_parallel_workers_per_gather = 0;
SELECT bloom_agg(x) IS NOT NULL AS longer_list FROM generate_series(1, 1500000) x;
SELECT bloom_agg(x) IS NOT NULL AS longer_list_again FROM generate_series(1, 1500000) x;
-- the leader's own part takes the smaller, the combine the larger
SET max_parallel_workers_per_gather = 2;
SELECT (SELECT bloom_agg(x) FROM shipped)::text = f::text AS third_same FROM shipped_serial;
RESET client_min_messages;
RESET jit;
RESET max_parallel_workers;
-- partial aggregates that a worker (or the leader's own part) combines
-- itself: a partitionwise aggregate inside a parallel subquery
CREATE TABLE shipped_parts (x int8) PARTITION BY RANGE (x);
CREATE TABLE shipped_part1 PARTITION OF shipped_parts FOR VALUES FROM (0) TO (500001) WITH (parallel_workers = 0);
CREATE TABLE shipped_part2 PARTITION OF shipped_parts FOR VALUES FROM (500001) TO (2000000) WITH (parallel_workers = 0);
INSERT INTO shipped_parts SELECT g FROM generate_series(1, 1000000) g;
CREATE TABLE shipped_probes AS SELECT g::int8 AS i FROM generate_series(1, 100000) g;
ANALYZE shipped_parts;
ANALYZE shipped_probes;
SET enable_partitionwise_aggregate = on;
SET enable_parallel_append = off;
SELECT count(*) AS inner_combined FROM shipped_probes o
WHERE md5(o.i::text) IN (SELECT md5(bloom_agg(p.x)::text) FROM shipped_parts p);
SELECT count(*) AS in_subplan FROM shipped_probes o
WHERE o.i < 0 OR md5(o.i::text) IN (SELECT md5(bloom_agg(p.x)::text) FROM shipped_parts p);
SET max_parallel_workers = 0;
SELECT count(*) AS leader_alone FROM shipped_probes o
WHERE md5(o.i::text) IN (SELECT md5(bloom_agg(p.x)::text) FROM shipped_parts p);
RESET max_parallel_workers;
SET parallel_leader_participation = off;
SELECT count(*) AS workers_only FROM shipped_probes o
WHERE md5(o.i::text) IN (SELECT md5(bloom_agg(p.x)::text) FROM shipped_parts p);
RESET parallel_leader_participation;
RESET enable_partitionwise_aggregate;
RESET enable_parallel_append;
DROP TABLE shipped_parts, shipped_probes;
-- a GROUP BY's partial states go through the tuple queue, as before
SELECT bool_and(f::text = (SELECT bloom_agg(x) FROM shipped WHERE x % 2 = g)::text) AS grouped_same
FROM (SELECT x % 2 AS g, bloom_agg(x) AS f FROM shipped GROUP BY 1) s;
-- a reference to shared memory is no state anywhere else: input refuses it
SELECT 'QkxBUwEAAwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=='::bloom_agg_state;
RESET max_parallel_workers_per_gather;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
DROP TABLE shipped, shipped_serial;

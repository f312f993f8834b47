-- Sizing helpers: the classic formulas, their edge cases and their errors.

-- The seed check of the well-known calculator: n = 10,000, p = 0.001.
SELECT bloom_optimal_m(10000, 0.001) AS m,
       round(bloom_optimal_m(10000, 0.001) / 8.0 / 1024, 2) AS kib,
       bloom_optimal_k(10000, 143776) AS k,
       round(bloom_fpp(10000, 143776, 10)::numeric, 9) AS fpp,
       bloom_capacity(143776, 10, 0.001) AS capacity;

-- capacity and fpp agree: one element fewer than the capacity stays within p, one more exceeds it
SELECT p, bloom_capacity(m, k, p) AS capacity,
       bloom_fpp(bloom_capacity(m, k, p) - 1, m, k) <= p AND bloom_fpp(bloom_capacity(m, k, p) + 1, m, k) > p AS agree
FROM (VALUES (0.1::float8, 1000::bigint, 3), (0.01, 100000, 7), (1e-6, 10000000, 20)) v(p, m, k);

-- small and extreme inputs terminate with a value
SELECT bloom_optimal_m(0, 0.01) AS zero_n, bloom_optimal_m(1, 0.01) AS one_n,
       bloom_optimal_k(1, 1) AS k_min, bloom_optimal_k(1000, 1) AS k_floor_is_one,
       bloom_fpp(0, 100, 3) AS empty_fpp,
       bloom_optimal_m(1000000000000000, 1e-12) AS huge_m,
       bloom_optimal_m(10, 0.999999999999) AS p_near_one;

-- errors: SQLSTATE 22023 (invalid_parameter_value), 54000 for sizes
\set VERBOSITY sqlstate
SELECT bloom_optimal_m(-1, 0.01);
SELECT bloom_optimal_m(10, 0);
SELECT bloom_optimal_m(10, 1);
SELECT bloom_optimal_m(10, 'NaN');
SELECT bloom_optimal_m(10, 'Infinity');
SELECT bloom_optimal_m(10, '-Infinity');
SELECT bloom_optimal_m(1000000000000000000, 1e-300);
SELECT bloom_optimal_k(0, 100);
SELECT bloom_optimal_k(10, 0);
SELECT bloom_optimal_k(1, 9223372036854775807);
SELECT bloom_fpp(-1, 100, 3);
SELECT bloom_fpp(10, 0, 3);
SELECT bloom_fpp(10, 100, 0);
SELECT bloom_capacity(0, 3, 0.01);
SELECT bloom_capacity(100, -1, 0.01);
SELECT bloom_capacity(100, 3, 2);
\set VERBOSITY default

-- the filters this extension allocates: blocked layout, at most 1.5x the classic bits
SELECT p, (bloom_info(bloom_empty(100000, p))).k,
       round((bloom_info(bloom_empty(100000, p))).m::numeric / bloom_optimal_m(100000, p), 2) AS bits_vs_classic
FROM unnest(ARRAY[0.1, 0.01, 0.001, 1e-4, 1e-5, 1e-6]::float8[]) p;

-- bloom_empty: default rate, zero elements, limits
SELECT m, k, n, design_n, design_p, value_kind, bytes FROM bloom_info(bloom_empty(1000));
SELECT m, k, design_n FROM bloom_info(bloom_empty(0, 0.5));
\set VERBOSITY sqlstate
SELECT bloom_empty(-5);
SELECT bloom_empty(100, 0);
SELECT bloom_empty(100, 1.5);
SELECT bloom_empty(100, 1e-13);
SELECT bloom_empty(1000000000000000, 1e-12);
SELECT bloom_empty(2000000000, 0.01);
\set VERBOSITY default
SELECT bloom_empty(1000000000000000, 1e-12);

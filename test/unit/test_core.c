/*
 * test_core.c - unit tests of the pure C core (src/bf_*.c), no server needed.
 *
 * Built and run by `make unittest`.  No test framework: CHECK counts passes
 * and failures and prints file:line and the failed expression; the last line
 * of output is "N passed, N failed", and the exit status is 1 on any failure.
 *
 * Sections follow the core: sizing (classic helpers, then the blocked plan),
 * hashing and bit operations, folding, union/intersection, the stored format,
 * base64, the bloom_agg state, statistics.  All inputs are deterministic (a
 * fixed splitmix64 stream), so a failure reproduces exactly.
 */
#include "bf_core.h"
#include "bf_aggstate.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the tiny harness ---- */

static int	tests_passed;
static int	tests_failed;

static void
check_bool(int ok, const char *file, int line, const char *text)
{
	if (ok)
		tests_passed++;
	else
	{
		tests_failed++;
		printf("%s:%d: FAILED: %s\n", file, line, text);
	}
}

static void
check_status(bf_status got, bf_status want, const char *file, int line,
			 const char *text, const char *want_text)
{
	if (got == want)
		tests_passed++;
	else
	{
		tests_failed++;
		printf("%s:%d: FAILED: %s == %s (got %d \"%s\", want %d \"%s\")\n", file, line, text,
			   want_text, (int) got, bf_status_message(got), (int) want, bf_status_message(want));
	}
}

static void
check_u64(uint64_t got, uint64_t want, const char *file, int line,
		  const char *text, const char *want_text)
{
	if (got == want)
		tests_passed++;
	else
	{
		tests_failed++;
		printf("%s:%d: FAILED: %s == %s (got %" PRIu64 " = 0x%" PRIx64 ", want %" PRIu64 " = 0x%" PRIx64 ")\n",
			   file, line, text, want_text, got, got, want, want);
	}
}

#define CHECK(expr) check_bool((expr) ? 1 : 0, __FILE__, __LINE__, #expr)
#define CHECK_STATUS(expr, want) check_status((expr), (want), __FILE__, __LINE__, #expr, #want)
#define CHECK_U64(expr, want) check_u64((uint64_t) (expr), (uint64_t) (want), __FILE__, __LINE__, #expr, #want)

/* ---- helpers ---- */

static const double LN2 = 0.69314718055994530942;	/* M_LN2 is not C11 */

static uint64_t rng_state = UINT64_C(0x243f6a8885a308d3);

/* splitmix64: a fixed, portable stream */
static uint64_t
rng_next(void)
{
	uint64_t	z = (rng_state += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* The hash of an integer value: XXH3 over its int64 little-endian bytes. */
static uint64_t
hash_int(uint64_t v)
{
	uint8_t		bytes[8];

	bf_store_u64(bytes, v);
	return bf_hash_bytes(bytes, sizeof(bytes));
}

static void *
xcalloc(uint64_t bytes)
{
	void	   *p = calloc(1, (size_t) bytes);

	if (p == NULL)
	{
		printf("out of memory allocating %" PRIu64 " bytes\n", bytes);
		exit(2);
	}
	return p;
}

/* A new empty filter (kind NONE, n_added 0) in a malloc'd buffer. */
static uint8_t *
new_filter(uint64_t nblocks, int k, uint64_t design_n, double design_p)
{
	uint8_t    *filter = malloc((size_t) bf_filter_bytes(nblocks));

	if (filter == NULL)
	{
		printf("out of memory\n");
		exit(2);
	}
	memset(filter, 0xA5, (size_t) bf_filter_bytes(nblocks));	/* bf_init must clear it */
	bf_init(filter, nblocks, k, BF_KIND_NONE, design_n, design_p);
	return filter;
}

/* Sets what an add of n values of kind does to the header. */
static void
set_added(uint8_t *filter, uint32_t kind, uint64_t n_added)
{
	bf_store_u32(filter + BF_OFF_VALUE_KIND, kind);
	bf_store_u64(filter + BF_OFF_N_ADDED, n_added);
}

/* A filter of nblocks with the hashes of integers [first, first+count). */
static uint8_t *
filter_of_range(uint64_t nblocks, int k, uint64_t first, uint64_t count)
{
	uint8_t    *filter = new_filter(nblocks, k, count, 0.01);
	bf_view		view = bf_view_of(filter);

	for (uint64_t v = first; v < first + count; v++)
		bf_add_hash(view, hash_int(v));
	if (count > 0)
		set_added(filter, BF_KIND_INTEGER, count);
	return filter;
}

static uint64_t
popcount_bytes(const uint8_t *bytes, uint64_t length)
{
	uint64_t	bits = 0;

	for (uint64_t i = 0; i < length; i++)
		bits += (uint64_t) __builtin_popcount(bytes[i]);
	return bits;
}

static double
classic_bits_per_element(double p)
{
	return -log(p) / (LN2 * LN2);
}

/* ---- status messages and little-endian access ---- */

static void
test_status_and_le(void)
{
	uint8_t		bytes[8];
	double		values[] = {0.0, -0.0, 1.0, 0.01, 1e-300, -2.5, INFINITY};

	for (int s = BF_OK; s <= BF_ERR_KIND_MISMATCH; s++)
	{
		const char *message = bf_status_message((bf_status) s);

		CHECK(message != NULL && message[0] != '\0');
		CHECK(strcmp(message, "unknown error") != 0);
		/* PostgreSQL style: no trailing period */
		CHECK(message[strlen(message) - 1] != '.');
		for (int t = BF_OK; t < s; t++)
			CHECK(strcmp(message, bf_status_message((bf_status) t)) != 0);
	}
	CHECK(strcmp(bf_status_message((bf_status) 999), "unknown error") == 0);

	bf_store_u64(bytes, UINT64_C(0x0102030405060708));
	CHECK(bytes[0] == 0x08 && bytes[7] == 0x01);
	CHECK_U64(bf_load_u64(bytes), UINT64_C(0x0102030405060708));
	bf_store_u32(bytes, UINT32_C(0xA1B2C3D4));
	CHECK(bytes[0] == 0xD4 && bytes[3] == 0xA1);
	CHECK_U64(bf_load_u32(bytes), UINT32_C(0xA1B2C3D4));

	for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++)
	{
		double		back;

		bf_store_f64(bytes, values[i]);
		back = bf_load_f64(bytes);
		CHECK(memcmp(&back, &values[i], sizeof(double)) == 0);
	}
	bf_store_f64(bytes, 1.0);	/* 0x3FF0000000000000 little-endian */
	CHECK(bytes[7] == 0x3F && bytes[6] == 0xF0 && bytes[0] == 0);
	bf_store_f64(bytes, NAN);
	CHECK(isnan(bf_load_f64(bytes)));
}

/* ---- sizing: the classic helpers ---- */

static void
test_sizing_classic(void)
{
	int64_t		m = -1;
	int32_t		k = -1;
	double		fpp = -1.0;
	int64_t		n = -1;
	const double bad_p[] = {0.0, -0.0, 1.0, -0.5, 1.5, NAN, INFINITY, -INFINITY};

	/* the seed check (hur.st/bloomfilter: n = 10000, p = 0.001) */
	CHECK_STATUS(bf_optimal_m(10000, 0.001, &m), BF_OK);
	CHECK_U64(m, 143776);
	CHECK_STATUS(bf_optimal_k(10000, 143776, &k), BF_OK);
	CHECK_U64(k, 10);
	CHECK_STATUS(bf_fpp(10000, 143776, 10, &fpp), BF_OK);
	CHECK(fabs(fpp - 0.001000019) <= 1e-9);
	CHECK(fabs(fpp - 0.001000019) / 0.001000019 <= 1e-6);
	CHECK_STATUS(bf_capacity(143776, 10, 0.001, &n), BF_OK);
	CHECK_U64(n, 10000);

	/* n = 0 needs no bits; n = 1 needs ceil(14.38) */
	CHECK_STATUS(bf_optimal_m(0, 0.001, &m), BF_OK);
	CHECK_U64(m, 0);
	CHECK_STATUS(bf_optimal_m(1, 0.001, &m), BF_OK);
	CHECK_U64(m, 15);
	CHECK_STATUS(bf_optimal_m(1, 0.5, &m), BF_OK);
	CHECK_U64(m, 2);

	/* p near 0 and near 1 */
	CHECK_STATUS(bf_optimal_m(10000, 1e-300, &m), BF_OK);
	CHECK_U64(m, 14377588);		/* 10000 * 1437.7587566 rounded up (100x the bits at 0.001) */
	CHECK_STATUS(bf_optimal_m(10000, 1.0 - 1e-12, &m), BF_OK);
	CHECK_U64(m, 1);
	CHECK_STATUS(bf_optimal_m(10000, 4.9406564584124654e-324, &m), BF_OK);	/* smallest subnormal */
	CHECK(m > 14377588);

	/* p outside (0, 1), NaN and infinities */
	for (size_t i = 0; i < sizeof(bad_p) / sizeof(bad_p[0]); i++)
	{
		m = -7;
		CHECK_STATUS(bf_optimal_m(10000, bad_p[i], &m), BF_ERR_P);
		CHECK_U64(m, -7);		/* untouched on error */
		CHECK_STATUS(bf_capacity(143776, 10, bad_p[i], &n), BF_ERR_P);
	}

	/* n out of range */
	CHECK_STATUS(bf_optimal_m(-1, 0.01, &m), BF_ERR_N);
	CHECK_STATUS(bf_optimal_m(INT64_MIN, 0.01, &m), BF_ERR_N);
	CHECK_STATUS(bf_optimal_m(INT64_C(1000000000000000001), 0.01, &m), BF_ERR_N);
	CHECK_STATUS(bf_optimal_m(INT64_MAX, 0.01, &m), BF_ERR_N);
	CHECK_STATUS(bf_optimal_m(-1, NAN, &m), BF_ERR_N);	/* n is checked first */

	/* large n: a value with no overflow, or TOO_LARGE, never a wrapped number */
	CHECK_STATUS(bf_optimal_m(INT64_C(1000000000000000), 1e-12, &m), BF_OK);
	CHECK(m > 0);
	CHECK(fabs((double) m / (1e15 * classic_bits_per_element(1e-12)) - 1.0) < 1e-9);
	m = -7;
	CHECK_STATUS(bf_optimal_m(INT64_C(1000000000000000000), 1e-300, &m), BF_ERR_OUT_OF_RANGE);
	CHECK_U64(m, -7);
	CHECK_STATUS(bf_optimal_m(INT64_C(1000000000000000000), 0.001, &m), BF_ERR_OUT_OF_RANGE);
	CHECK_STATUS(bf_optimal_m(INT64_C(1000000000000000000), 0.5, &m), BF_OK);	/* 1.44e18 fits */
	CHECK(m > INT64_C(1000000000000000000));

	/* bf_optimal_k */
	CHECK_STATUS(bf_optimal_k(0, 143776, &k), BF_ERR_N_NOT_POSITIVE);
	CHECK_STATUS(bf_optimal_k(-5, 143776, &k), BF_ERR_N_NOT_POSITIVE);
	CHECK_STATUS(bf_optimal_k(10000, 0, &k), BF_ERR_M);
	CHECK_STATUS(bf_optimal_k(10000, -1, &k), BF_ERR_M);
	/* a k over INT32_MAX is a bad k (commit 3e8c9f5: BF_ERR_K, not BF_ERR_TOO_LARGE) */
	k = -7;
	CHECK_STATUS(bf_optimal_k(1, INT64_MAX, &k), BF_ERR_K);
	CHECK_U64(k, -7);
	CHECK_STATUS(bf_optimal_k(1, INT64_C(4000000000), &k), BF_ERR_K);	/* 2.77e9 > INT32_MAX */
	CHECK_STATUS(bf_optimal_k(1, INT64_C(3000000000), &k), BF_OK);	/* 2.08e9 fits */
	CHECK(k > 2000000000);
	CHECK_STATUS(bf_optimal_k(10000, 1, &k), BF_OK);	/* never below one hash */
	CHECK_U64(k, 1);
	CHECK_STATUS(bf_optimal_k(1, 15, &k), BF_OK);
	CHECK_U64(k, 10);

	/* bf_fpp */
	CHECK_STATUS(bf_fpp(10000, 143776, 0, &fpp), BF_ERR_K);
	CHECK_STATUS(bf_fpp(10000, 143776, -3, &fpp), BF_ERR_K);
	CHECK_STATUS(bf_fpp(10000, 0, 10, &fpp), BF_ERR_M);
	CHECK_STATUS(bf_fpp(10000, -143776, 10, &fpp), BF_ERR_M);
	CHECK_STATUS(bf_fpp(-1, 143776, 10, &fpp), BF_ERR_N);
	CHECK_STATUS(bf_fpp(0, 143776, 10, &fpp), BF_OK);
	CHECK(fpp == 0.0);
	CHECK_STATUS(bf_fpp(INT64_MAX, 1, 1, &fpp), BF_OK);	/* saturated */
	CHECK(fpp == 1.0);
	CHECK_STATUS(bf_fpp(1, INT64_MAX, INT32_MAX, &fpp), BF_OK);
	CHECK(fpp >= 0.0 && fpp < 1e-300);

	/* bf_capacity */
	CHECK_STATUS(bf_capacity(143776, 0, 0.001, &n), BF_ERR_K);
	CHECK_STATUS(bf_capacity(143776, -1, 0.001, &n), BF_ERR_K);
	CHECK_STATUS(bf_capacity(0, 10, 0.001, &n), BF_ERR_M);
	CHECK_STATUS(bf_capacity(-1, 10, 0.001, &n), BF_ERR_M);
	CHECK_STATUS(bf_capacity(143776, 10, 1e-300, &n), BF_OK);
	CHECK_U64(n, 1);
	CHECK_STATUS(bf_capacity(INT64_MAX, 1, 0.5, &n), BF_OK);
	CHECK(n > 0);

	/*
	 * p just below 1 is a valid rate: nearly every probe is a false
	 * positive, so a filter holds many elements.  m = 1000, k = 32,
	 * p = 1 - 1e-15 holds ceil(1187.64) = 1188 (exact arithmetic).
	 */
	n = -7;
	CHECK_STATUS(bf_capacity(1000, 32, 1.0 - 1e-15, &n), BF_OK);
	CHECK(n >= 1180 && n <= 1195);
	CHECK_STATUS(bf_capacity(143776, 10, 1.0 - 1e-12, &n), BF_OK);
	CHECK(n > 143776);

	/* the helpers agree: optimal m and k hold n at p, and capacity inverts fpp */
	{
		const int64_t ns[] = {1, 10, 1000, 10000, 1000000, INT64_C(1000000000)};
		const double ps[] = {0.5, 0.1, 0.01, 0.001, 1e-6, 1e-12};

		for (size_t i = 0; i < sizeof(ns) / sizeof(ns[0]); i++)
			for (size_t j = 0; j < sizeof(ps) / sizeof(ps[0]); j++)
			{
				int			ok = 1;

				ok &= bf_optimal_m(ns[i], ps[j], &m) == BF_OK;
				ok &= bf_optimal_k(ns[i], m, &k) == BF_OK;
				ok &= bf_fpp(ns[i], m, k, &fpp) == BF_OK;
				/* k is rounded, so the rate is p to within a few percent */
				ok &= fpp <= ps[j] * 1.2;
				ok &= bf_capacity(m, k, ps[j], &n) == BF_OK;
				if (!ok)
					printf("  at n = %" PRId64 ", p = %g\n", ns[i], ps[j]);
				CHECK(ok);
				/* capacity is the largest count at or under p (up to rounding) */
				CHECK(bf_fpp(n - 1, m, k, &fpp) == BF_OK && fpp <= ps[j] * (1 + 1e-9));
				CHECK(bf_fpp(n + 1, m, k, &fpp) == BF_OK && fpp >= ps[j] * (1 - 1e-9));
			}
	}
}

/* ---- sizing: the blocked layout ---- */

/*
 * bf_blocked_fpp_at_load, the bounded-time rate of the planner and ANALYZE,
 * against bf_blocked_fpp (whose cost grows with the load) on a grid of k and
 * loads from nearly empty to 10 times past design, both sides of the switch
 * between its two forms; and at loads bf_blocked_fpp does not reach.
 */
static void
test_fpp_at_load(void)
{
	const int	ks[] = {1, 2, 3, 4, 5, 7, 9, 11, 14, 17, 20, 23, 27, 30, 32};
	double		worst = 0.0;

	for (size_t i = 0; i < sizeof(ks) / sizeof(ks[0]); i++)
	{
		int			k = ks[i];
		double		previous = 0.0;
		bool		rising = true;

		for (double load = 1e-3; load < 3000.0; load *= 1.7)
		{
			double		fast = bf_blocked_fpp_at_load(load, k);
			double		exact = bf_blocked_fpp(BF_BLOCK_BITS / load, k);

			worst = fmax(worst, fabs(fast - exact) / exact);
			rising &= fast >= previous;
			previous = fast;
		}
		CHECK(rising);
		/* just below and above the switch of forms at 48 elements per block */
		for (double load = 47.5; load <= 48.5; load += 0.25)
		{
			double		exact = bf_blocked_fpp(BF_BLOCK_BITS / load, k);

			worst = fmax(worst, fabs(bf_blocked_fpp_at_load(load, k) - exact) / exact);
		}
		/* beyond bf_blocked_fpp's loads: a filter that says yes, in k + 1 terms */
		CHECK(bf_blocked_fpp_at_load(1e5, k) > 1.0 - 1e-12 && bf_blocked_fpp_at_load(1e5, k) <= 1.0);
		CHECK(bf_blocked_fpp_at_load(18446744073709551615.0, k) > 1.0 - 1e-12);
		CHECK(bf_blocked_fpp_at_load(18446744073709551615.0, k) <= 1.0);
		CHECK(bf_blocked_fpp_at_load(0.0, k) == 0.0);
	}
	if (!(worst <= 1e-9))
		printf("  bf_blocked_fpp_at_load: worst relative error %g\n", worst);
	CHECK(worst <= 1e-9);
	/* the over-full filter of the ANALYZE report: one block, k = 27, 5,999 elements */
	CHECK(bf_blocked_fpp_at_load(5999.0, 27) > 1.0 - 1e-12);
	/* a header no planner should meet: no answer but "yes to everything" */
	CHECK(bf_blocked_fpp_at_load(NAN, 7) == 1.0 && bf_blocked_fpp_at_load(INFINITY, 7) == 1.0);
	CHECK(bf_blocked_fpp_at_load(10.0, 0) == 1.0 && bf_blocked_fpp_at_load(10.0, BF_MAX_K + 1) == 1.0);
}

static void
test_sizing_blocked(void)
{
	const double ps[] = {0.1, 0.01, 0.001, 1e-4, 1e-5, 1e-6};
	/* the bits ratio to classic that bf_core.h documents, where it does */
	const double documented_ratio[] = {1.01, 1.03, 0, 1.14, 0, 1.34};
	double		bits = -1.0;
	int			k = -1;
	uint64_t	nblocks = 0;
	const double bad_p[] = {0.0, 1.0, -0.5, 1.5, NAN, INFINITY, -INFINITY};

	for (size_t i = 0; i < sizeof(ps) / sizeof(ps[0]); i++)
	{
		double		p = ps[i];
		double		classic = classic_bits_per_element(p);
		int			plan_k = -1;

		CHECK_STATUS(bf_plan_rate(p, &bits, &k), BF_OK);
		CHECK(k >= 1 && k <= BF_MAX_K);
		CHECK(bits <= 1.5 * classic);
		CHECK(bits >= classic * 0.999);	/* blocking never beats the classic layout */
		CHECK(bf_blocked_fpp(bits, k) <= p);
		/* a tenth of a bit less no longer meets p: the search is tight */
		CHECK(bf_blocked_fpp(bits - 0.1, k) > p);
		if (documented_ratio[i] > 0)
		{
			if (!(fabs(bits / classic - documented_ratio[i]) <= 0.02))
				printf("  p = %g: bits %.4f classic %.4f ratio %.4f\n", p, bits, classic, bits / classic);
			CHECK(fabs(bits / classic - documented_ratio[i]) <= 0.02);
		}

		/* bf_plan: blocks for n at p cover n * bits, with less than a block spare */
		CHECK_STATUS(bf_plan(1000000, p, &nblocks, &plan_k), BF_OK);
		CHECK(plan_k == k);
		CHECK((double) nblocks * BF_BLOCK_BITS >= 1000000 * bits);
		CHECK((double) (nblocks - 1) * BF_BLOCK_BITS < 1000000 * bits);
		CHECK_STATUS(bf_plan(0, p, &nblocks, &plan_k), BF_OK);
		CHECK_U64(nblocks, 1);
		CHECK_STATUS(bf_plan(1, p, &nblocks, &plan_k), BF_OK);
		CHECK_U64(nblocks, 1);
	}

	/* the rate falls as bits grow */
	for (int kk = 1; kk <= 12; kk += 3)
		CHECK(bf_blocked_fpp(4.0, kk) > bf_blocked_fpp(8.0, kk) &&
			  bf_blocked_fpp(8.0, kk) > bf_blocked_fpp(16.0, kk) &&
			  bf_blocked_fpp(16.0, kk) > bf_blocked_fpp(32.0, kk));
	/* absurd loads (headers with n far beyond the bits) end promptly at 1, not out of bounds */
	CHECK(bf_blocked_fpp(512.0 / 4.0e18, 6) == 1.0);
	CHECK(bf_blocked_fpp(512.0 / 2.2e9, 1) == 1.0);
	CHECK(bf_blocked_fpp(512.0 / 7000.0, 3) == 1.0);
	CHECK(bf_blocked_fpp(0.0, 6) == 1.0);
	CHECK(bf_blocked_fpp(512.0 / 5000.0, 1) > 0.99 && bf_blocked_fpp(512.0 / 5000.0, 1) <= 1.0);
	CHECK(bf_blocked_fpp(4096.0, 1) < 1e-3 && bf_blocked_fpp(0.1, 1) > 0.99);

	test_fpp_at_load();

	/* rates near the ends of the range */
	CHECK_STATUS(bf_plan_rate(0.5, &bits, &k), BF_OK);
	CHECK(k >= 1 && bits > 0);
	CHECK_STATUS(bf_plan_rate(1.0 - 1e-12, &bits, &k), BF_OK);
	CHECK(k >= 1 && bits > 0);
	CHECK_STATUS(bf_plan_rate(BF_MIN_P, &bits, &k), BF_OK);	/* the smallest still fits in 32 hashes */
	CHECK(k >= 1 && k <= BF_MAX_K && bf_blocked_fpp(bits, k) <= BF_MIN_P);
	CHECK_STATUS(bf_plan_rate(BF_MIN_P * 0.999, &bits, &k), BF_ERR_P_TOO_SMALL);
	CHECK_STATUS(bf_plan_rate(1e-13, &bits, &k), BF_ERR_P_TOO_SMALL);
	CHECK_STATUS(bf_plan_rate(1e-300, &bits, &k), BF_ERR_P_TOO_SMALL);
	CHECK_STATUS(bf_plan(1000, 1e-13, &nblocks, &k), BF_ERR_P_TOO_SMALL);

	/* invalid p: the loops end at once with an error */
	for (size_t i = 0; i < sizeof(bad_p) / sizeof(bad_p[0]); i++)
	{
		nblocks = 12345;
		CHECK_STATUS(bf_plan_rate(bad_p[i], &bits, &k), BF_ERR_P);
		CHECK_STATUS(bf_plan(1000, bad_p[i], &nblocks, &k), BF_ERR_P);
		CHECK_U64(nblocks, 12345);
	}

	/* n out of range, and over the block limit */
	CHECK_STATUS(bf_plan(-1, 0.01, &nblocks, &k), BF_ERR_N);
	CHECK_STATUS(bf_plan(INT64_MAX, 0.01, &nblocks, &k), BF_ERR_N);
	CHECK_STATUS(bf_plan(INT64_C(1000000000000), 0.01, &nblocks, &k), BF_ERR_TOO_LARGE);
	CHECK_STATUS(bf_plan(INT64_C(1000000000000000000), 0.5, &nblocks, &k), BF_ERR_TOO_LARGE);

	/* the largest n that fits gives at most BF_MAX_BLOCKS, one more does not fit */
	{
		int64_t		largest;

		CHECK_STATUS(bf_plan_rate(0.01, &bits, &k), BF_OK);
		largest = (int64_t) floor((double) BF_MAX_BLOCKS * BF_BLOCK_BITS / bits);
		CHECK_STATUS(bf_plan(largest, 0.01, &nblocks, &k), BF_OK);
		CHECK(nblocks <= BF_MAX_BLOCKS && nblocks >= BF_MAX_BLOCKS - 1);
		CHECK_STATUS(bf_plan(largest + 1000, 0.01, &nblocks, &k), BF_ERR_TOO_LARGE);
	}
}

/* ---- hashing and the bit operations ---- */

static void
test_hashing(void)
{
	const uint64_t count = 10000;
	uint64_t   *hashes = xcalloc(count * sizeof(uint64_t));
	uint8_t    *hashes_le = xcalloc(count * 8);
	uint64_t	nblocks;
	int			k;
	uint8_t    *one;
	uint8_t    *many;
	uint8_t    *many_le;
	bf_view		view;
	uint64_t	missing = 0;
	uint64_t	false_positives = 0;
	uint8_t		zeros[8] = {0};

	/* pinned values: stored filters depend on them never changing */
	CHECK_U64(bf_hash_bytes("", 0), UINT64_C(0x2D06800538D394C2));
	/* these three were checked against an independent XXH3 (len 4..8 path) */
	CHECK_U64(bf_hash_bytes(zeros, 8), UINT64_C(0xc77b3abb6f87acd9));
	CHECK_U64(hash_int(42), UINT64_C(0xd5a6f8c838df27c8));
	CHECK_U64(bf_hash_bytes("BLOM", 4), UINT64_C(0xa80a401d9dda05c4));
	CHECK(bf_hash_bytes("BLOM", 4) != bf_hash_bytes("BLOM", 3));
	CHECK(hash_int(0) == bf_hash_bytes(zeros, 8));

	for (uint64_t i = 0; i < count; i++)
	{
		hashes[i] = hash_int(i);
		bf_store_u64(hashes_le + 8 * i, hashes[i]);
	}

	CHECK_STATUS(bf_plan((int64_t) count, 0.01, &nblocks, &k), BF_OK);
	one = new_filter(nblocks, k, count, 0.01);
	many = new_filter(nblocks, k, count, 0.01);
	many_le = new_filter(nblocks, k, count, 0.01);

	/* bf_init wrote zeroed blocks and a header that bf_view_of reads back */
	CHECK_U64(popcount_bytes(one + BF_HEADER_BYTES, nblocks * BF_BLOCK_BYTES), 0);
	view = bf_view_of(one);
	CHECK(view.blocks == one + BF_HEADER_BYTES);
	CHECK_U64(view.nblocks, nblocks);
	CHECK(view.k == k);

	/* an empty filter contains nothing */
	for (uint64_t i = 0; i < 1000; i++)
		missing += bf_contains_hash(view, hashes[i]) ? 0 : 1;
	CHECK_U64(missing, 1000);

	missing = 0;
	for (uint64_t i = 0; i < count; i++)
		bf_add_hash(view, hashes[i]);
	bf_add_hashes(bf_view_of(many), hashes, count);
	bf_add_hashes_le(bf_view_of(many_le), hashes_le, count);
	for (uint64_t i = 0; i < count; i++)
	{
		missing += bf_contains_hash(view, hashes[i]) ? 0 : 1;
		missing += bf_contains_hash(bf_view_of(many), hashes[i]) ? 0 : 1;
		missing += bf_contains_hash(bf_view_of(many_le), hashes[i]) ? 0 : 1;
	}
	CHECK_U64(missing, 0);		/* no false negatives */
	CHECK(memcmp(one, many, (size_t) bf_filter_bytes(nblocks)) == 0);
	CHECK(memcmp(one, many_le, (size_t) bf_filter_bytes(nblocks)) == 0);

	/* adding again changes nothing */
	bf_add_hashes(bf_view_of(many), hashes, count);
	CHECK(memcmp(one, many, (size_t) bf_filter_bytes(nblocks)) == 0);

	/* the false-positive rate of other values is near the planned 1% */
	for (uint64_t i = count; i < count + 100000; i++)
		false_positives += bf_contains_hash(view, hash_int(i)) ? 1 : 0;
	CHECK(false_positives > 500 && false_positives < 1500);

	/* the hash count and batch sizes that skip or use prefetching */
	for (uint64_t batch = 0; batch <= 40; batch++)
	{
		uint8_t    *a = new_filter(7, 3, batch, 0.01);
		uint8_t    *b = new_filter(7, 3, batch, 0.01);

		for (uint64_t i = 0; i < batch; i++)
			bf_add_hash(bf_view_of(a), hashes[i]);
		bf_add_hashes_le(bf_view_of(b), hashes_le, batch);
		CHECK(memcmp(a, b, (size_t) bf_filter_bytes(7)) == 0);
		free(a);
		free(b);
	}

	/*
	 * The hashing scheme (bf_core.h), pinned by what one add writes:
	 *   block = ((h >> 32) * nblocks) >> 32,  bit 0 = (h * salt0) >> 55.
	 */
	{
		const uint64_t salt0 = UINT64_C(0x9e3779b97f4a7c15);
		uint64_t	bad = 0;

		for (uint64_t i = 0; i < 200; i++)
		{
			uint8_t    *f = new_filter(1000, 1, 1, 0.5);
			uint64_t	h = hashes[i];
			uint64_t	block = ((h >> 32) * 1000) >> 32;
			unsigned	position = (unsigned) ((h * salt0) >> 55);
			const uint8_t *byte = f + BF_HEADER_BYTES + block * BF_BLOCK_BYTES + position / 8;

			bf_add_hash(bf_view_of(f), h);
			bad += popcount_bytes(f + BF_HEADER_BYTES, 1000 * BF_BLOCK_BYTES) != 1;
			bad += *byte != (uint8_t) (1u << (position % 8));
			free(f);
		}
		CHECK_U64(bad, 0);
	}

	/* each add sets 1..k bits, all in one block, for every k */
	{
		uint64_t	bad = 0;

		for (int kk = 1; kk <= BF_MAX_K; kk++)
		{
			for (uint64_t i = 0; i < 20; i++)
			{
				uint8_t    *f = new_filter(13, kk, 1, 0.5);
				uint64_t	h = hashes[i * 31 + (uint64_t) kk];
				uint64_t	block = ((h >> 32) * 13) >> 32;
				uint64_t	in_block;
				uint64_t	total;

				bf_add_hash(bf_view_of(f), h);
				in_block = popcount_bytes(f + BF_HEADER_BYTES + block * BF_BLOCK_BYTES, BF_BLOCK_BYTES);
				total = popcount_bytes(f + BF_HEADER_BYTES, 13 * BF_BLOCK_BYTES);
				bad += in_block < 1 || in_block > (uint64_t) kk || total != in_block;
				bad += !bf_contains_hash(bf_view_of(f), h);
				free(f);
			}
		}
		CHECK_U64(bad, 0);
	}

	/* the largest filter's block index stays in range (64-bit arithmetic) */
	{
		uint64_t	top = UINT64_MAX;
		uint64_t	block = ((top >> 32) * BF_MAX_BLOCKS) >> 32;

		CHECK(block < BF_MAX_BLOCKS);
	}

	free(one);
	free(many);
	free(many_le);
	free(hashes);
	free(hashes_le);
}

/* ---- folding: the key property ---- */

static void
test_folding(void)
{
	const uint64_t big = 360;
	const int	k = 7;
	const uint64_t count = 3000;
	uint8_t    *source = filter_of_range(big, k, 1000, count);
	uint64_t	divisors_checked = 0;

	for (uint64_t d = 1; d <= big; d++)
	{
		uint64_t	small = big / d;
		uint8_t    *folded;
		uint8_t    *chunked;
		uint8_t    *direct;
		uint64_t	missing = 0;

		if (big % d != 0)
			continue;
		folded = new_filter(small, k, count, 0.01);
		chunked = new_filter(small, k, count, 0.01);
		set_added(folded, BF_KIND_INTEGER, count);
		set_added(chunked, BF_KIND_INTEGER, count);
		direct = filter_of_range(small, k, 1000, count);

		bf_fold_or_blocks(folded + BF_HEADER_BYTES, source + BF_HEADER_BYTES, d, 0, small);
		/* in two chunks, the second first */
		bf_fold_or_blocks(chunked + BF_HEADER_BYTES, source + BF_HEADER_BYTES, d, small / 2, small - small / 2);
		bf_fold_or_blocks(chunked + BF_HEADER_BYTES, source + BF_HEADER_BYTES, d, 0, small / 2);

		if (memcmp(folded, direct, (size_t) bf_filter_bytes(small)) != 0)
			printf("  fold by %" PRIu64 " differs from a direct build\n", d);
		CHECK(memcmp(folded, direct, (size_t) bf_filter_bytes(small)) == 0);
		CHECK(memcmp(chunked, direct, (size_t) bf_filter_bytes(small)) == 0);
		for (uint64_t v = 1000; v < 1000 + count; v++)
			missing += bf_contains_hash(bf_view_of(folded), hash_int(v)) ? 0 : 1;
		CHECK_U64(missing, 0);
		divisors_checked++;
		free(folded);
		free(chunked);
		free(direct);
	}
	CHECK_U64(divisors_checked, 24);	/* 360 = 2^3 3^2 5 has 24 divisors */

	/* a fold of the aggregate's base size: 720720 blocks folded by 1001 into 720 */
	{
		uint64_t	base = BF_AGG_FOLD_BASE_BLOCKS;
		uint8_t    *huge = filter_of_range(base, k, 0, 5000);
		uint8_t    *folded = new_filter(base / 1001, k, 5000, 0.01);
		uint8_t    *direct = filter_of_range(base / 1001, k, 0, 5000);

		set_added(folded, BF_KIND_INTEGER, 5000);
		bf_fold_or_blocks(folded + BF_HEADER_BYTES, huge + BF_HEADER_BYTES, 1001, 0, base / 1001);
		CHECK(memcmp(folded, direct, (size_t) bf_filter_bytes(base / 1001)) == 0);
		free(huge);
		free(folded);
		free(direct);
	}
	free(source);
}

/* ---- union and intersection ---- */

static void
test_union_intersection(void)
{
	const int	k = 6;
	const uint64_t nblocks = 120;
	uint8_t    *a = filter_of_range(nblocks, k, 0, 2000);	/* values 0..1999 */
	uint8_t    *b = filter_of_range(nblocks, k, 1000, 2000);	/* values 1000..2999 */
	uint8_t    *both = filter_of_range(nblocks, k, 0, 3000);
	uint8_t    *u = malloc((size_t) bf_filter_bytes(nblocks));
	uint8_t    *x = malloc((size_t) bf_filter_bytes(nblocks));
	uint64_t	bytes = nblocks * BF_BLOCK_BYTES;
	uint64_t	missing = 0;
	uint64_t	outside = 0;
	bf_header	ha,
				hb;
	bf_combine_plan plan;
	uint32_t	kind = 99;

	/* union: the same bits as one filter of both sets */
	memcpy(u, a, (size_t) bf_filter_bytes(nblocks));
	bf_or_blocks(u + BF_HEADER_BYTES, b + BF_HEADER_BYTES, 0, nblocks);
	CHECK(memcmp(u + BF_HEADER_BYTES, both + BF_HEADER_BYTES, (size_t) bytes) == 0);

	/* bf_combine_blocks, fold 1, in two chunks: the same union */
	memcpy(x, a, (size_t) bf_filter_bytes(nblocks));
	bf_combine_blocks(x + BF_HEADER_BYTES, b + BF_HEADER_BYTES, 1, false, 0, nblocks / 2);
	bf_combine_blocks(x + BF_HEADER_BYTES, b + BF_HEADER_BYTES, 1, false, nblocks / 2, nblocks - nblocks / 2);
	CHECK(memcmp(x + BF_HEADER_BYTES, both + BF_HEADER_BYTES, (size_t) bytes) == 0);

	/* bf_combine_blocks with a fold: a (40 blocks) |= fold3(b of 120 blocks) = one filter of both at 40 */
	{
		uint8_t    *small_a = filter_of_range(nblocks / 3, k, 0, 2000);
		uint8_t    *small_both = filter_of_range(nblocks / 3, k, 0, 3000);
		uint8_t    *small_common = filter_of_range(nblocks / 3, k, 1000, 1000);

		bf_combine_blocks(small_a + BF_HEADER_BYTES, b + BF_HEADER_BYTES, 3, false, 0, nblocks / 3);
		CHECK(memcmp(small_a + BF_HEADER_BYTES, small_both + BF_HEADER_BYTES, (size_t) (bytes / 3)) == 0);
		/* and intersection: every common value stays */
		bf_combine_blocks(small_common + BF_HEADER_BYTES, a + BF_HEADER_BYTES, 3, true, 0, nblocks / 3);
		for (uint64_t v = 1000; v < 2000; v++)
			missing += bf_contains_hash(bf_view_of(small_common), hash_int(v)) ? 0 : 1;
		CHECK_U64(missing, 0);
		free(small_a);
		free(small_both);
		free(small_common);
	}

	/* intersection: contains the common values, and only bits of both */
	memcpy(x, a, (size_t) bf_filter_bytes(nblocks));
	bf_and_blocks(x + BF_HEADER_BYTES, b + BF_HEADER_BYTES, 0, nblocks);
	for (uint64_t v = 1000; v < 2000; v++)
		missing += bf_contains_hash(bf_view_of(x), hash_int(v)) ? 0 : 1;
	CHECK_U64(missing, 0);
	for (uint64_t i = 0; i < bytes; i++)
	{
		uint8_t		xb = x[BF_HEADER_BYTES + i];

		outside += (xb & ~a[BF_HEADER_BYTES + i]) != 0 || (xb & ~b[BF_HEADER_BYTES + i]) != 0 ||
			xb != (a[BF_HEADER_BYTES + i] & b[BF_HEADER_BYTES + i]);
	}
	CHECK_U64(outside, 0);

	/* with itself, both are the identity */
	memcpy(x, a, (size_t) bf_filter_bytes(nblocks));
	bf_and_blocks(x + BF_HEADER_BYTES, a + BF_HEADER_BYTES, 0, nblocks);
	bf_or_blocks(x + BF_HEADER_BYTES, a + BF_HEADER_BYTES, 0, nblocks);
	CHECK(memcmp(x, a, (size_t) bf_filter_bytes(nblocks)) == 0);

	/* a range touches only its blocks */
	memcpy(u, a, (size_t) bf_filter_bytes(nblocks));
	bf_or_blocks(u + BF_HEADER_BYTES, b + BF_HEADER_BYTES, 10, 20);
	CHECK(memcmp(u, a, BF_HEADER_BYTES + 10 * BF_BLOCK_BYTES) == 0);
	CHECK(memcmp(u + BF_HEADER_BYTES + 10 * BF_BLOCK_BYTES, both + BF_HEADER_BYTES + 10 * BF_BLOCK_BYTES,
				 20 * BF_BLOCK_BYTES) == 0);
	CHECK(memcmp(u + BF_HEADER_BYTES + 30 * BF_BLOCK_BYTES, a + BF_HEADER_BYTES + 30 * BF_BLOCK_BYTES,
				 (size_t) ((nblocks - 30) * BF_BLOCK_BYTES)) == 0);
	memcpy(x, a, (size_t) bf_filter_bytes(nblocks));
	bf_and_blocks(x + BF_HEADER_BYTES, b + BF_HEADER_BYTES, 10, 20);
	CHECK(memcmp(x, a, BF_HEADER_BYTES + 10 * BF_BLOCK_BYTES) == 0);
	CHECK(memcmp(x + BF_HEADER_BYTES + 30 * BF_BLOCK_BYTES, a + BF_HEADER_BYTES + 30 * BF_BLOCK_BYTES,
				 (size_t) ((nblocks - 30) * BF_BLOCK_BYTES)) == 0);

	/* same shape: union and intersection combine block for block */
	bf_read_header(a, &ha);
	bf_read_header(b, &hb);
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_OK);
	CHECK(plan.result_is == BF_RESULT_COMBINED && plan.fold_a == 1 && plan.fold_b == 1);
	CHECK_U64(plan.result.nblocks, nblocks);
	CHECK_U64(plan.result.n_added, ha.n_added + hb.n_added);
	CHECK_STATUS(bf_plan_combine(&ha, &hb, true, &plan), BF_OK);
	CHECK_U64(plan.result.n_added, ha.n_added < hb.n_added ? ha.n_added : hb.n_added);

	/* and bf_combine_run gives the union's bits, into a new buffer or in place, in chunks */
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_OK);
	bf_combine_run(&plan, x + BF_HEADER_BYTES, a + BF_HEADER_BYTES, b + BF_HEADER_BYTES, 0, 7);
	bf_combine_run(&plan, x + BF_HEADER_BYTES, a + BF_HEADER_BYTES, b + BF_HEADER_BYTES, 7, nblocks - 7);
	CHECK(memcmp(x + BF_HEADER_BYTES, both + BF_HEADER_BYTES, (size_t) bytes) == 0);
	memcpy(x, a, (size_t) bf_filter_bytes(nblocks));
	bf_combine_run(&plan, x + BF_HEADER_BYTES, x + BF_HEADER_BYTES, b + BF_HEADER_BYTES, 0, nblocks);
	CHECK(memcmp(x + BF_HEADER_BYTES, both + BF_HEADER_BYTES, (size_t) bytes) == 0);

	/* n saturates */
	ha.n_added = UINT64_MAX - 1;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_OK);
	CHECK_U64(plan.result.n_added, UINT64_MAX);
	bf_read_header(a, &ha);

	/* the result's design is the larger of the two, whichever side: a | b = b | a */
	hb.design_n = ha.design_n + 10;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_OK);
	CHECK_U64(plan.result.design_n, hb.design_n);
	CHECK_STATUS(bf_plan_combine(&hb, &ha, false, &plan), BF_OK);
	CHECK_U64(plan.result.design_n, hb.design_n);
	hb.design_n = ha.design_n;
	hb.design_p = ha.design_p / 2;
	CHECK_STATUS(bf_plan_combine(&hb, &ha, true, &plan), BF_OK);
	CHECK(plan.result.design_p == ha.design_p);
	bf_read_header(b, &hb);

	/* a union of different sizes is refused, either way, even when they divide */
	hb.nblocks = 40;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_ERR_UNION_SIZES);
	CHECK_STATUS(bf_plan_combine(&hb, &ha, false, &plan), BF_ERR_UNION_SIZES);
	hb.nblocks = 1;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_ERR_UNION_SIZES);

	/* an intersection folds the larger to the smaller's size, whichever side it is on */
	hb.nblocks = 40;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, true, &plan), BF_OK);
	CHECK(plan.fold_a == 3 && plan.fold_b == 1 && plan.result.nblocks == 40);
	CHECK_STATUS(bf_plan_combine(&hb, &ha, true, &plan), BF_OK);
	CHECK(plan.fold_a == 1 && plan.fold_b == 3 && plan.result.nblocks == 40);
	hb.nblocks = 360;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, true, &plan), BF_OK);
	CHECK(plan.fold_a == 1 && plan.fold_b == 3 && plan.result.nblocks == nblocks);
	CHECK_U64(plan.result.design_n, ha.design_n);

	/* and the folded intersection keeps every common value */
	{
		uint8_t    *small_b = filter_of_range(40, k, 1000, 2000);
		uint8_t    *result = new_filter(40, k, 1000, 0.01);

		bf_read_header(small_b, &hb);
		CHECK_STATUS(bf_plan_combine(&ha, &hb, true, &plan), BF_OK);
		bf_combine_run(&plan, result + BF_HEADER_BYTES, a + BF_HEADER_BYTES, small_b + BF_HEADER_BYTES, 0, 40);
		for (uint64_t v = 1000; v < 2000; v++)
			CHECK(bf_contains_hash(bf_view_of(result), hash_int(v)));
		free(small_b);
		free(result);
	}

	/* an intersection of sizes that do not divide is refused */
	bf_read_header(b, &hb);
	hb.nblocks = 50;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, true, &plan), BF_ERR_INCOMPATIBLE);
	CHECK_STATUS(bf_plan_combine(&hb, &ha, true, &plan), BF_ERR_INCOMPATIBLE);
	hb.nblocks = 7;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, true, &plan), BF_ERR_INCOMPATIBLE);

	/* different k, different hash scheme */
	bf_read_header(b, &hb);
	hb.k = (uint8_t) (k + 1);
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_ERR_INCOMPATIBLE);
	CHECK_STATUS(bf_plan_combine(&ha, &hb, true, &plan), BF_ERR_INCOMPATIBLE);
	bf_read_header(b, &hb);
	hb.hash_scheme = 2;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_ERR_INCOMPATIBLE);

	/* value kinds */
	bf_read_header(b, &hb);
	hb.value_kind = BF_KIND_TEXT;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_ERR_KIND_MISMATCH);
	hb.value_kind = BF_KIND_ARRAY_FLAG | BF_KIND_INTEGER;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, true, &plan), BF_ERR_KIND_MISMATCH);

	/* empty operands: neutral for a union, absorbing for an intersection, whatever their k or kind */
	bf_read_header(b, &hb);
	hb.n_added = 0;
	hb.value_kind = BF_KIND_NONE;
	hb.k = (uint8_t) (k + 3);
	hb.nblocks = 40;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_OK);
	CHECK(plan.result_is == BF_RESULT_A);
	CHECK_STATUS(bf_plan_combine(&hb, &ha, false, &plan), BF_OK);
	CHECK(plan.result_is == BF_RESULT_B);
	CHECK_STATUS(bf_plan_combine(&ha, &hb, true, &plan), BF_OK);
	CHECK(plan.result_is == BF_RESULT_B);
	CHECK_STATUS(bf_plan_combine(&hb, &ha, true, &plan), BF_OK);
	CHECK(plan.result_is == BF_RESULT_A);
	/* but a union never loses the room of a larger empty filter (bloom_empty(n, p) | small) */
	hb.nblocks = 360;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_ERR_UNION_SIZES);
	CHECK_STATUS(bf_plan_combine(&hb, &ha, false, &plan), BF_ERR_UNION_SIZES);
	CHECK_STATUS(bf_plan_combine(&hb, &ha, true, &plan), BF_OK);
	/* two empty filters: the larger, whichever side */
	ha.n_added = 0;
	ha.value_kind = BF_KIND_NONE;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_OK);
	CHECK(plan.result_is == BF_RESULT_B);
	CHECK_STATUS(bf_plan_combine(&hb, &ha, true, &plan), BF_OK);
	CHECK(plan.result_is == BF_RESULT_A);
	hb.nblocks = ha.nblocks;
	hb.k = ha.k;
	hb.design_n = ha.design_n;
	hb.design_p = ha.design_p;
	CHECK_STATUS(bf_plan_combine(&ha, &hb, false, &plan), BF_OK);
	CHECK(memcmp(&plan.result, &ha, sizeof(ha)) == 0);
	bf_read_header(a, &ha);

	CHECK_STATUS(bf_combine_kinds(BF_KIND_NONE, BF_KIND_NONE, &kind), BF_OK);
	CHECK_U64(kind, BF_KIND_NONE);
	CHECK_STATUS(bf_combine_kinds(BF_KIND_INTEGER, BF_KIND_NONE, &kind), BF_OK);
	CHECK_U64(kind, BF_KIND_INTEGER);
	CHECK_STATUS(bf_combine_kinds(BF_KIND_NONE, BF_KIND_TEXT, &kind), BF_OK);
	CHECK_U64(kind, BF_KIND_TEXT);
	CHECK_STATUS(bf_combine_kinds(BF_KIND_FLOAT, BF_KIND_FLOAT, &kind), BF_OK);
	CHECK_U64(kind, BF_KIND_FLOAT);
	kind = 99;
	CHECK_STATUS(bf_combine_kinds(BF_KIND_INTEGER, BF_KIND_FLOAT, &kind), BF_ERR_KIND_MISMATCH);
	CHECK_U64(kind, 99);
	CHECK_STATUS(bf_combine_kinds(BF_KIND_BUILTIN_FLAG | 23, BF_KIND_BUILTIN_FLAG | 20, &kind),
				 BF_ERR_KIND_MISMATCH);

	free(a);
	free(b);
	free(both);
	free(u);
	free(x);
}

/* ---- the stored format ---- */

/* A valid filter of 4 blocks holding 5 integers, to mutate. */
static uint8_t *
valid_filter(void)
{
	uint8_t    *f = new_filter(4, 7, 5, 0.01);

	for (uint64_t v = 0; v < 5; v++)
		bf_add_hash(bf_view_of(f), hash_int(v));
	set_added(f, BF_KIND_INTEGER, 5);
	return f;
}

static bf_status
check_filter(const uint8_t *f, uint64_t length)
{
	bf_header	header;

	return bf_check_header(f, length, &header);
}

static void
test_format(void)
{
	const uint64_t len4 = bf_filter_bytes(4);
	uint8_t    *f = valid_filter();
	uint8_t    *m = malloc((size_t) len4);
	bf_header	h;
	bf_header	back;

	CHECK_U64(BF_HEADER_BYTES, 52);
	CHECK_U64(len4, 52 + 4 * 64);

	/* header round trip, and each field at its documented offset */
	memset(m, 0xFF, (size_t) len4);
	h.version = 0x0201;
	h.hash_scheme = 0x03;
	h.k = 0x04;
	h.value_kind = UINT32_C(0x05060708);
	h.flags = UINT32_C(0x090A0B0C);
	h.nblocks = UINT64_C(0x1112131415161718);
	h.n_added = UINT64_C(0x2122232425262728);
	h.design_n = UINT64_C(0x3132333435363738);
	h.design_p = 0.125;
	bf_write_header(m, &h);
	bf_read_header(m, &back);
	CHECK(back.version == h.version && back.hash_scheme == h.hash_scheme && back.k == h.k);
	CHECK(back.value_kind == h.value_kind && back.flags == h.flags);
	CHECK(back.nblocks == h.nblocks && back.n_added == h.n_added && back.design_n == h.design_n);
	CHECK(back.design_p == h.design_p);
	CHECK(memcmp(m + BF_OFF_MAGIC, "BLOM", 4) == 0);
	CHECK(m[BF_OFF_VERSION] == 0x01 && m[BF_OFF_VERSION + 1] == 0x02);
	CHECK(m[BF_OFF_HASH_SCHEME] == 0x03 && m[BF_OFF_K] == 0x04);
	CHECK(m[BF_OFF_VALUE_KIND] == 0x08 && m[BF_OFF_VALUE_KIND + 3] == 0x05);
	CHECK(m[BF_OFF_FLAGS] == 0x0C && m[BF_OFF_FLAGS + 3] == 0x09);
	CHECK(m[BF_OFF_NBLOCKS] == 0x18 && m[BF_OFF_NBLOCKS + 7] == 0x11);
	CHECK(m[BF_OFF_N_ADDED] == 0x28 && m[BF_OFF_N_ADDED + 7] == 0x21);
	CHECK(m[BF_OFF_DESIGN_N] == 0x38 && m[BF_OFF_DESIGN_N + 7] == 0x31);
	CHECK(m[BF_OFF_DESIGN_P + 7] == 0x3F && m[BF_OFF_DESIGN_P + 6] == 0xC0);	/* 0.125 */
	CHECK_U64(bf_load_u32(m + BF_OFF_RESERVED), 0);
	CHECK(m[BF_HEADER_BYTES] == 0xFF);	/* the header writer stays in the header */

	/* a fresh (empty) filter and a filled one are accepted */
	{
		uint8_t    *fresh = new_filter(4, 7, 1000, 0.01);

		CHECK_STATUS(bf_check_header(fresh, len4, &h), BF_OK);
		CHECK(h.version == BF_FORMAT_VERSION && h.hash_scheme == BF_HASH_SCHEME_XXH3 && h.k == 7);
		CHECK(h.value_kind == BF_KIND_NONE && h.flags == 0 && h.nblocks == 4 && h.n_added == 0);
		CHECK(h.design_n == 1000 && h.design_p == 0.01);
		CHECK_STATUS(bf_check_empty_bits(fresh, 0, 4), BF_OK);
		free(fresh);
	}
	CHECK_STATUS(bf_check_header(f, len4, &h), BF_OK);
	CHECK(h.value_kind == BF_KIND_INTEGER && h.n_added == 5);
	CHECK_STATUS(bf_check_empty_bits(f, 0, 4), BF_OK);	/* bits set, but not empty */

	/* lengths */
	CHECK_STATUS(check_filter(f, 0), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(check_filter(f, BF_HEADER_BYTES - 1), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(check_filter(f, BF_HEADER_BYTES), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(check_filter(f, len4 - 1), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(check_filter(f, len4 + 1), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(check_filter(f, len4 - BF_BLOCK_BYTES), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(check_filter(f, UINT64_MAX), BF_ERR_FORMAT_LENGTH);

#define MUTATED(statement, want) \
	do { \
		memcpy(m, f, (size_t) len4); \
		statement; \
		CHECK_STATUS(check_filter(m, len4), want); \
	} while (0)

	MUTATED(m[0] = 'b', BF_ERR_FORMAT_MAGIC);
	MUTATED(m[3] = 'N', BF_ERR_FORMAT_MAGIC);
	MUTATED(m[BF_OFF_VERSION] = 2, BF_ERR_FORMAT_VERSION);
	MUTATED(m[BF_OFF_VERSION] = 0, BF_ERR_FORMAT_VERSION);
	MUTATED(m[BF_OFF_VERSION + 1] = 1, BF_ERR_FORMAT_VERSION);	/* version 257 */
	MUTATED(m[BF_OFF_HASH_SCHEME] = 2, BF_ERR_FORMAT_HASH_SCHEME);
	MUTATED(m[BF_OFF_HASH_SCHEME] = 0, BF_ERR_FORMAT_HASH_SCHEME);
	MUTATED(m[BF_OFF_K] = 0, BF_ERR_FORMAT_K);
	MUTATED(m[BF_OFF_K] = 33, BF_ERR_FORMAT_K);
	MUTATED(m[BF_OFF_K] = 255, BF_ERR_FORMAT_K);
	MUTATED(m[BF_OFF_K] = 1, BF_OK);
	MUTATED(m[BF_OFF_K] = 32, BF_OK);

	/* value kinds */
	{
		const uint32_t bad_kinds[] = {
			6, 7, 255, BF_KIND_ARRAY_FLAG, BF_KIND_ARRAY_FLAG | 6, BF_KIND_BUILTIN_FLAG | 0,
			BF_KIND_BUILTIN_FLAG | 20000, BF_KIND_BUILTIN_FLAG | BF_KIND_BUILTIN_OID_LIMIT,
			BF_KIND_BUILTIN_FLAG | BF_KIND_ARRAY_FLAG, UINT32_C(0x30000001), UINT32_C(0x00010001),
			UINT32_C(0x60000000) | BF_KIND_NAMED_FLAG, BF_KIND_BUILTIN_FLAG | BF_KIND_RECORD_FLAG | 23,
			UINT32_MAX,
		};
		const uint32_t good_kinds[] = {
			BF_KIND_INTEGER, BF_KIND_FLOAT, BF_KIND_NUMERIC, BF_KIND_TEXT, BF_KIND_INTERVAL,
			BF_KIND_ARRAY_FLAG | BF_KIND_INTEGER, BF_KIND_ARRAY_FLAG | BF_KIND_INTERVAL,
			BF_KIND_BUILTIN_FLAG | 1, BF_KIND_BUILTIN_FLAG | 23, BF_KIND_BUILTIN_FLAG | 9999,
			BF_KIND_ARRAY_FLAG | BF_KIND_BUILTIN_FLAG | 2950,	/* uuid[] */
			BF_KIND_RECORD_FLAG, BF_KIND_RECORD_FLAG | 1, BF_KIND_RECORD_FLAG | BF_KIND_FINGERPRINT_MASK,
			BF_KIND_NAMED_FLAG | 0x1234567, BF_KIND_ARRAY_FLAG | BF_KIND_RECORD_FLAG | 0xABCDEF,
			BF_KIND_ARRAY_FLAG | BF_KIND_NAMED_FLAG | 7,
		};

		for (size_t i = 0; i < sizeof(bad_kinds) / sizeof(bad_kinds[0]); i++)
		{
			memcpy(m, f, (size_t) len4);
			bf_store_u32(m + BF_OFF_VALUE_KIND, bad_kinds[i]);
			if (check_filter(m, len4) != BF_ERR_FORMAT_KIND)
				printf("  value kind 0x%08" PRIx32 "\n", bad_kinds[i]);
			MUTATED(bf_store_u32(m + BF_OFF_VALUE_KIND, bad_kinds[i]), BF_ERR_FORMAT_KIND);
		}
		for (size_t i = 0; i < sizeof(good_kinds) / sizeof(good_kinds[0]); i++)
			MUTATED(bf_store_u32(m + BF_OFF_VALUE_KIND, good_kinds[i]), BF_OK);
	}

	MUTATED(bf_store_u32(m + BF_OFF_FLAGS, 1), BF_ERR_FORMAT_FLAGS);
	MUTATED(bf_store_u32(m + BF_OFF_FLAGS, UINT32_C(0x80000000)), BF_ERR_FORMAT_FLAGS);
	for (int i = 0; i < 4; i++)
		MUTATED(m[BF_OFF_RESERVED + i] = 1, BF_ERR_FORMAT_FLAGS);
	MUTATED(bf_store_u64(m + BF_OFF_NBLOCKS, 0), BF_ERR_FORMAT_NBLOCKS);
	MUTATED(bf_store_u64(m + BF_OFF_NBLOCKS, BF_MAX_BLOCKS + 1), BF_ERR_FORMAT_NBLOCKS);
	MUTATED(bf_store_u64(m + BF_OFF_NBLOCKS, UINT64_MAX), BF_ERR_FORMAT_NBLOCKS);
	/* nblocks whose byte count would wrap around 2^64 */
	MUTATED(bf_store_u64(m + BF_OFF_NBLOCKS, (UINT64_MAX - BF_HEADER_BYTES) / BF_BLOCK_BYTES + 2),
			BF_ERR_FORMAT_NBLOCKS);
	MUTATED(bf_store_u64(m + BF_OFF_NBLOCKS, BF_MAX_BLOCKS), BF_ERR_FORMAT_LENGTH);
	MUTATED(bf_store_u64(m + BF_OFF_NBLOCKS, 3), BF_ERR_FORMAT_LENGTH);
	MUTATED(bf_store_u64(m + BF_OFF_NBLOCKS, 5), BF_ERR_FORMAT_LENGTH);
	MUTATED(bf_store_f64(m + BF_OFF_DESIGN_P, 0.0), BF_ERR_FORMAT_DESIGN);
	MUTATED(bf_store_f64(m + BF_OFF_DESIGN_P, -0.0), BF_ERR_FORMAT_DESIGN);
	MUTATED(bf_store_f64(m + BF_OFF_DESIGN_P, 1.0), BF_ERR_FORMAT_DESIGN);
	MUTATED(bf_store_f64(m + BF_OFF_DESIGN_P, -0.01), BF_ERR_FORMAT_DESIGN);
	MUTATED(bf_store_f64(m + BF_OFF_DESIGN_P, NAN), BF_ERR_FORMAT_DESIGN);
	MUTATED(bf_store_f64(m + BF_OFF_DESIGN_P, INFINITY), BF_ERR_FORMAT_DESIGN);
	MUTATED(bf_store_f64(m + BF_OFF_DESIGN_P, 0.5), BF_OK);
	MUTATED(bf_store_u64(m + BF_OFF_N_ADDED, 0), BF_ERR_FORMAT_COUNT);	/* n_added 0 with a kind */
	MUTATED(bf_store_u32(m + BF_OFF_VALUE_KIND, BF_KIND_NONE), BF_ERR_FORMAT_COUNT);	/* n_added 5, no kind */
	MUTATED(bf_store_u64(m + BF_OFF_DESIGN_N, 0), BF_OK);	/* design_n is informational */
#undef MUTATED

	/* a damaged header cannot make a check read past the bytes it was given */
	CHECK_STATUS(check_filter((const uint8_t *) "BLOM", 4), BF_ERR_FORMAT_LENGTH);

	/* an empty filter must have no bits set, wherever the bit is */
	{
		uint8_t    *e = new_filter(4, 7, 1000, 0.01);
		const uint64_t positions[] = {0, 63, 64, 3 * 64 + 17, 4 * 64 - 1};

		for (size_t i = 0; i < sizeof(positions) / sizeof(positions[0]); i++)
		{
			uint64_t	block = positions[i] / BF_BLOCK_BYTES;

			e[BF_HEADER_BYTES + positions[i]] = 0x10;
			CHECK_STATUS(check_filter(e, len4), BF_OK);	/* the header alone looks fine */
			CHECK_STATUS(bf_check_empty_bits(e, 0, 4), BF_ERR_FORMAT_EMPTY_BITS);
			/* in chunks: only the chunk with the bit fails */
			CHECK_STATUS(bf_check_empty_bits(e, block, 1), BF_ERR_FORMAT_EMPTY_BITS);
			CHECK_STATUS(bf_check_empty_bits(e, 0, block), BF_OK);
			CHECK_STATUS(bf_check_empty_bits(e, block + 1, 3 - block), BF_OK);
			e[BF_HEADER_BYTES + positions[i]] = 0;
		}
		CHECK_STATUS(bf_check_empty_bits(e, 0, 4), BF_OK);
		free(e);
	}

	/* bf_init clears whatever the buffer held */
	{
		uint8_t    *g = malloc((size_t) len4);

		memset(g, 0xFF, (size_t) len4);
		bf_init(g, 4, 3, BF_KIND_NONE, 10, 0.1);
		CHECK_STATUS(check_filter(g, len4), BF_OK);
		CHECK_STATUS(bf_check_empty_bits(g, 0, 4), BF_OK);
		CHECK_U64(popcount_bytes(g + BF_HEADER_BYTES, 4 * BF_BLOCK_BYTES), 0);
		free(g);
	}

	/*
	 * The examples of FORMAT.md, byte for byte: an empty filter (one block,
	 * k = 6, p = 0.01), then the same with the integer 42 added, and its text.
	 * The block below is FORMAT.md's text form (also in expected/io.out) and
	 * bits 93, 104, 211, 247, 252, 312 computed from the documented scheme;
	 * FORMAT.md's hex dump of that block has the set bytes a few places off.
	 */
	{
		static const char empty_hex[] =
			"424c4f4d" "0100" "01" "06" "00000000" "00000000" "0100000000000000" "0000000000000000"
			"0000000000000000" "7b14ae47e17a843f" "00000000";
		static const char with42_hex[] =
			"424c4f4d" "0100" "01" "06" "01000000" "00000000" "0100000000000000" "0100000000000000"
			"0000000000000000" "7b14ae47e17a843f" "00000000"
			"00000000000000000000002000010000" "00000000000000000000080000008010"
			"00000000000000010000000000000000" "00000000000000000000000000000000";
		static const char with42_text[] =
			"QkxPTQEAAQYBAAAAAAAAAAEAAAAAAAAAAQAAAAAAAAAAAAAAAAAAAHsUrkfheoQ/AAAAAAAAAAAAAAAAAAAAIAABAAAAAAAAAAAA"
			"AAAACAAAAIAQAAAAAAAAAAEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
		uint8_t		want[116];
		uint8_t    *p = new_filter(1, 6, 0, 0.01);
		char		text[160];
		uint8_t		back[116];
		uint64_t	decoded = 0;

		CHECK_U64(bf_filter_bytes(1), 116);
		memset(want, 0, sizeof(want));
		for (size_t i = 0; i < strlen(empty_hex) / 2; i++)
			sscanf(empty_hex + 2 * i, "%2hhx", &want[i]);
		CHECK(memcmp(p, want, sizeof(want)) == 0);
		CHECK_STATUS(check_filter(p, 116), BF_OK);

		bf_add_hash(bf_view_of(p), hash_int(42));
		set_added(p, BF_KIND_INTEGER, 1);
		for (size_t i = 0; i < strlen(with42_hex) / 2; i++)
			sscanf(with42_hex + 2 * i, "%2hhx", &want[i]);
		CHECK(memcmp(p, want, sizeof(want)) == 0);
		CHECK_U64(popcount_bytes(p + BF_HEADER_BYTES, BF_BLOCK_BYTES), 6);
		CHECK_STATUS(check_filter(p, 116), BF_OK);

		CHECK_U64(bf_base64_length(116), strlen(with42_text));
		bf_base64_encode(p, 116, text);
		CHECK(memcmp(text, with42_text, strlen(with42_text)) == 0);
		CHECK_STATUS(bf_base64_decoded_length(with42_text, strlen(with42_text), &decoded), BF_OK);
		CHECK_U64(decoded, 116);
		CHECK_STATUS(bf_base64_decode(with42_text, strlen(with42_text), back), BF_OK);
		CHECK(memcmp(back, want, sizeof(want)) == 0);
		free(p);
	}

	free(f);
	free(m);
}

/* ---- base64 ---- */

static int
decodes_to(const char *text, const uint8_t *want, uint64_t want_length)
{
	uint64_t	length = strlen(text);
	uint64_t	decoded = UINT64_MAX;
	uint8_t		out[128];
	int			ok;

	if (bf_base64_decoded_length(text, length, &decoded) != BF_OK || decoded != want_length ||
		decoded > sizeof(out))
		return 0;
	ok = bf_base64_decode(text, length, out) == BF_OK;
	return ok && memcmp(out, want, (size_t) want_length) == 0;
}

static bf_status
decode_status(const char *text, uint64_t length)
{
	uint8_t		out[128];
	uint64_t	decoded;

	/* a rejection by the length check is a rejection of the text */
	if (bf_base64_decoded_length(text, length, &decoded) != BF_OK)
		return BF_ERR_BASE64;
	if (decoded > sizeof(out))
		return BF_ERR_FORMAT_LENGTH;
	return bf_base64_decode(text, length, out);
}

static void
test_base64(void)
{
	char		text[200];
	uint8_t		data[200];
	uint8_t		out[200];
	uint64_t	decoded;
	uint64_t	bad = 0;

	/* known vectors (RFC 4648 section 10, and the magic bytes) */
	bf_base64_encode((const uint8_t *) "BLOM", 4, text);
	CHECK(memcmp(text, "QkxPTQ==", 8) == 0);
	CHECK(decodes_to("QkxPTQ==", (const uint8_t *) "BLOM", 4));
	CHECK(decodes_to("Zg==", (const uint8_t *) "f", 1));
	CHECK(decodes_to("Zm8=", (const uint8_t *) "fo", 2));
	CHECK(decodes_to("Zm9v", (const uint8_t *) "foo", 3));
	CHECK(decodes_to("Zm9vYg==", (const uint8_t *) "foob", 4));
	CHECK(decodes_to("Zm9vYmE=", (const uint8_t *) "fooba", 5));
	CHECK(decodes_to("Zm9vYmFy", (const uint8_t *) "foobar", 6));
	CHECK(decodes_to("+/+/", (const uint8_t *) "\xfb\xff\xbf", 3));
	CHECK(decodes_to("AAAA", (const uint8_t *) "\0\0\0", 3));
	bf_base64_encode((const uint8_t *) "foobar", 6, text);
	CHECK(memcmp(text, "Zm9vYmFy", 8) == 0);

	CHECK_U64(bf_base64_length(0), 0);
	CHECK_U64(bf_base64_length(1), 4);
	CHECK_U64(bf_base64_length(3), 4);
	CHECK_U64(bf_base64_length(4), 8);
	/* the largest filter's text, as bf_core.h says, fits in 1 GB */
	CHECK_U64(bf_base64_length(bf_filter_bytes(BF_MAX_BLOCKS)), UINT64_C(1024000072));

	/*
	 * Empty input: encoding zero bytes writes nothing, but empty text is not
	 * valid (a filter is never empty: at least a 52-byte header), so the
	 * decoder rejects it.
	 */
	text[0] = '#';
	bf_base64_encode(data, 0, text);
	CHECK(text[0] == '#');
	CHECK_STATUS(bf_base64_decoded_length("", 0, &decoded), BF_ERR_BASE64);
	CHECK_STATUS(bf_base64_decode("", 0, out), BF_ERR_BASE64);

	/* round trips of 1..70 random bytes */
	for (uint64_t length = 1; length <= 70; length++)
	{
		uint64_t	chars = bf_base64_length(length);
		int			ok = 1;

		for (uint64_t i = 0; i < length; i++)
			data[i] = (uint8_t) rng_next();
		memset(text, '#', sizeof(text));
		memset(out, 0xEE, sizeof(out));
		bf_base64_encode(data, length, text);
		ok &= text[chars] == '#';	/* writes exactly bf_base64_length characters */
		ok &= bf_base64_decoded_length(text, chars, &decoded) == BF_OK && decoded == length;
		ok &= bf_base64_decode(text, chars, out) == BF_OK;
		ok &= memcmp(out, data, (size_t) length) == 0 && out[length] == 0xEE;
		for (uint64_t i = 0; i < chars; i++)
			ok &= text[i] != '=' || i >= chars - 2;
		if (!ok)
			printf("  base64 round trip of %" PRIu64 " bytes\n", length);
		bad += !ok;
	}
	CHECK_U64(bad, 0);

	/* every byte value, in each position of a triple */
	for (int shift = 0; shift < 3; shift++)
	{
		uint8_t		all[258];
		uint8_t		all_back[258];
		char		all_text[344];

		for (int i = 0; i < 258; i++)
			all[i] = (uint8_t) (i + shift);
		bf_base64_encode(all, 258 - (uint64_t) shift, all_text);
		CHECK_STATUS(bf_base64_decoded_length(all_text, bf_base64_length(258 - (uint64_t) shift), &decoded), BF_OK);
		CHECK_U64(decoded, 258 - shift);
		CHECK_STATUS(bf_base64_decode(all_text, bf_base64_length(258 - (uint64_t) shift), all_back), BF_OK);
		CHECK(memcmp(all_back, all, (size_t) (258 - shift)) == 0);
	}

	/* rejections */
	CHECK_STATUS(decode_status("Q", 1), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("QQ", 2), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("QQ=", 3), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("QkxPT", 5), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("QkxPTQ=", 7), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("QkxPTQ===", 9), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("Qkx!TQ==", 8), BF_ERR_BASE64);	/* bad character */
	CHECK_STATUS(decode_status("Qkx-TQ==", 8), BF_ERR_BASE64);	/* base64url is not accepted */
	CHECK_STATUS(decode_status("Qkx_TQ==", 8), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("Qkx\x80TQ==", 8), BF_ERR_BASE64);	/* high-bit byte */
	CHECK_STATUS(decode_status("Qkx\0TQ==", 8), BF_ERR_BASE64);	/* NUL */
	CHECK_STATUS(decode_status("QkxP TQ=", 8), BF_ERR_BASE64);	/* no whitespace */
	CHECK_STATUS(decode_status("QkxPTQ=\n", 8), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("\nQkxPTQ=", 8), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("QQ==QQ==", 8), BF_ERR_BASE64);	/* '=' in the middle */
	CHECK_STATUS(decode_status("Q=Q=", 4), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("QQ=A", 4), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("=QQQ", 4), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("A===", 4), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("====", 4), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("========", 8), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("QR==", 4), BF_ERR_BASE64);	/* unused bits not zero */
	CHECK_STATUS(decode_status("QQ==", 4), BF_OK);	/* the canonical "A" */
	CHECK_STATUS(decode_status("QUJ=", 4), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("QUI=", 4), BF_OK);	/* the canonical "AB" */
	CHECK_STATUS(decode_status("QkxPTR==", 8), BF_ERR_BASE64);

	/*
	 * Canonical form, by mutation: change any one character of a valid text
	 * to any byte; if the result still decodes, encoding it again must give
	 * the mutated text back (one text per value, so round trips are exact).
	 */
	for (uint64_t length = 1; length <= 9; length++)
	{
		uint64_t	chars = bf_base64_length(length);
		uint64_t	noncanonical = 0;
		uint64_t	accepted = 0;

		for (uint64_t i = 0; i < length; i++)
			data[i] = (uint8_t) rng_next();
		bf_base64_encode(data, length, text);
		for (uint64_t pos = 0; pos < chars; pos++)
		{
			char		saved = text[pos];

			for (int c = 0; c < 256; c++)
			{
				char		again[16];

				text[pos] = (char) c;
				if (bf_base64_decoded_length(text, chars, &decoded) != BF_OK || decoded > sizeof(out) ||
					bf_base64_decode(text, chars, out) != BF_OK)
					continue;
				accepted++;
				bf_base64_encode(out, decoded, again);
				if (bf_base64_length(decoded) != chars || memcmp(again, text, (size_t) chars) != 0)
					noncanonical++;
			}
			text[pos] = saved;
		}
		CHECK_U64(noncanonical, 0);
		CHECK(accepted >= chars);	/* at least the unmutated text, once per position */
	}
}

/* ---- the bloom_agg state ---- */

static bf_status
check_state(const uint8_t *state, uint64_t length)
{
	bf_state_header header;

	return bf_state_check(state, length, &header);
}

/* A final filter of a state, as bloom_agg_final builds it (zeroed blocks first). */
static uint8_t *
final_filter(uint8_t *state, uint64_t *nblocks_out, int *k_out, uint64_t *fold_out)
{
	uint64_t	nblocks = 0;
	uint64_t	fold = 99;
	int			k = 0;
	uint8_t    *filter;

	if (bf_state_final_shape(state, &nblocks, &k, &fold) != BF_OK)
		return NULL;
	filter = xcalloc(bf_filter_bytes(nblocks));
	if (fold >= 1)
	{
		/* in two chunks, as the glue does for a large filter */
		bf_state_final_blocks(state, filter, fold, 0, nblocks / 2);
		bf_state_final_blocks(state, filter, fold, nblocks / 2, nblocks - nblocks / 2);
	}
	bf_state_final_finish(state, filter, nblocks, k);
	/* in mode hashes the caller adds the hash list (the glue does it in slices) */
	if (state[BF_STATE_OFF_MODE] == BF_STATE_MODE_HASHES)
		bf_add_hashes_le(bf_view_of(filter), bf_state_hashes(state), bf_load_u64(state + BF_STATE_OFF_ROWS));
	*nblocks_out = nblocks;
	*k_out = k;
	*fold_out = fold;
	return filter;
}

/* The filter bloom_agg should give: built directly with the final shape. */
static uint8_t *
direct_filter(uint64_t nblocks, int k, const uint64_t *hashes, uint64_t count,
			  uint64_t design_n, double p)
{
	uint8_t    *filter = new_filter(nblocks, k, design_n, p);

	bf_add_hashes(bf_view_of(filter), hashes, count);
	if (count > 0)
		set_added(filter, BF_KIND_INTEGER, count);
	return filter;
}

static uint64_t
missing_hashes(uint8_t *filter, const uint64_t *hashes, uint64_t count)
{
	uint64_t	missing = 0;

	for (uint64_t i = 0; i < count; i++)
		missing += bf_contains_hash(bf_view_of(filter), hashes[i]) ? 0 : 1;
	return missing;
}

static void
test_aggstate_hashes(void)
{
	const uint32_t capacity = 64;
	const uint64_t length = bf_state_bytes_hashes(capacity);
	uint8_t    *state = xcalloc(length);
	uint8_t    *m = xcalloc(length);
	bf_state_header h;
	uint64_t	hashes[10];
	uint64_t	nblocks,
				fold,
				plan_blocks;
	int			k,
				plan_k;
	uint8_t    *filter;
	uint8_t    *direct;
	bf_header	fh;

	CHECK_U64(length, 44 + 64 * 8);
	memset(state, 0xCC, (size_t) length);
	bf_state_init_hashes(state, capacity, 0.01);
	CHECK_STATUS(bf_state_check(state, length, &h), BF_OK);
	CHECK(h.mode == BF_STATE_MODE_HASHES && h.sizing == BF_STATE_SIZING_AUTO);
	CHECK(h.value_kind == BF_KIND_NONE && h.hash_capacity == capacity && h.p == 0.01);
	CHECK(h.rows == 0 && h.design_n == 0);
	CHECK(memcmp(state, "BLAS", 4) == 0 && state[BF_STATE_OFF_VERSION] == BF_STATE_VERSION && state[BF_STATE_OFF_ZERO] == 0);

	/* an empty state gives an empty one-block filter */
	filter = final_filter(state, &nblocks, &k, &fold);
	CHECK(filter != NULL);
	if (filter != NULL)
	{
		CHECK_U64(nblocks, 1);
		CHECK_U64(fold, 0);
		CHECK_STATUS(check_filter(filter, bf_filter_bytes(nblocks)), BF_OK);
		CHECK_STATUS(bf_check_empty_bits(filter, 0, nblocks), BF_OK);
		free(filter);
	}

	for (uint64_t i = 0; i < 10; i++)
	{
		hashes[i] = hash_int(i * 7919);
		bf_state_add(state, hashes[i], BF_KIND_INTEGER);
		bf_state_set_counts(state, BF_KIND_INTEGER, i + 1);
	}
	CHECK_STATUS(bf_state_check(state, length, &h), BF_OK);
	CHECK(h.rows == 10 && h.value_kind == BF_KIND_INTEGER);
	CHECK_U64(bf_load_u64(bf_state_hashes(state) + 8 * 3), hashes[3]);	/* kept little-endian */

	CHECK_STATUS(bf_state_final_shape(state, &nblocks, &k, &fold), BF_OK);
	CHECK_STATUS(bf_plan(10, 0.01, &plan_blocks, &plan_k), BF_OK);
	CHECK_U64(fold, 0);
	CHECK_U64(nblocks, plan_blocks);
	CHECK(k == plan_k);

	filter = final_filter(state, &nblocks, &k, &fold);
	CHECK(filter != NULL);
	if (filter != NULL)
	{
		CHECK_STATUS(bf_check_header(filter, bf_filter_bytes(nblocks), &fh), BF_OK);
		CHECK(fh.n_added == 10 && fh.value_kind == BF_KIND_INTEGER && fh.design_n == 10 && fh.design_p == 0.01);
		CHECK_U64(missing_hashes(filter, hashes, 10), 0);
		direct = direct_filter(nblocks, k, hashes, 10, 10, 0.01);
		CHECK(memcmp(filter, direct, (size_t) bf_filter_bytes(nblocks)) == 0);
		free(direct);
		/* the final function may run again: same result, state untouched */
		{
			uint8_t    *before = xcalloc(length);
			uint8_t    *again;

			memcpy(before, state, (size_t) length);
			again = final_filter(state, &nblocks, &k, &fold);
			CHECK(again != NULL && memcmp(again, filter, (size_t) bf_filter_bytes(nblocks)) == 0);
			CHECK(memcmp(before, state, (size_t) length) == 0);
			free(again);
			free(before);
		}
		free(filter);
	}

	/* rejections of a mode-hashes state */
#define MUTATED(statement, len, want) \
	do { \
		memcpy(m, state, (size_t) length); \
		statement; \
		CHECK_STATUS(check_state(m, len), want); \
	} while (0)

	MUTATED((void) 0, length, BF_OK);
	MUTATED((void) 0, BF_STATE_HEADER_BYTES - 1, BF_ERR_FORMAT_LENGTH);
	MUTATED((void) 0, 0, BF_ERR_FORMAT_LENGTH);
	MUTATED((void) 0, length - 8, BF_ERR_FORMAT_STATE);
	MUTATED((void) 0, length + 1, BF_ERR_FORMAT_STATE);
	MUTATED(m[0] = 'X', length, BF_ERR_FORMAT_MAGIC);
	MUTATED(memcpy(m, "BLOM", 4), length, BF_ERR_FORMAT_MAGIC);	/* a filter is not a state */
	MUTATED(m[4] = 2, length, BF_ERR_FORMAT_VERSION);
	MUTATED(m[4] = 0, length, BF_ERR_FORMAT_VERSION);
	MUTATED(m[5] = 1, length, BF_ERR_FORMAT_VERSION);
	MUTATED(m[6] = 0, length, BF_ERR_FORMAT_STATE);	/* bad mode */
	MUTATED(m[6] = 3, length, BF_ERR_FORMAT_STATE);
	MUTATED(m[6] = 255, length, BF_ERR_FORMAT_STATE);
	MUTATED(m[7] = BF_STATE_SIZING_FIXED, length, BF_ERR_FORMAT_STATE);
	MUTATED(m[7] = 0, length, BF_ERR_FORMAT_STATE);
	MUTATED(bf_store_u64(m + 32, 10), length, BF_ERR_FORMAT_STATE);	/* design n in auto */
	MUTATED(m[40] = 1, length, BF_ERR_FORMAT_FLAGS);
	MUTATED(m[43] = 1, length, BF_ERR_FORMAT_FLAGS);
	MUTATED(bf_store_f64(m + 16, 0.0), length, BF_ERR_FORMAT_DESIGN);
	MUTATED(bf_store_f64(m + 16, 1.0), length, BF_ERR_FORMAT_DESIGN);
	MUTATED(bf_store_f64(m + 16, NAN), length, BF_ERR_FORMAT_DESIGN);
	MUTATED(bf_store_f64(m + 16, 1e-13), length, BF_ERR_FORMAT_DESIGN);
	MUTATED(bf_store_u64(m + 24, 0), length, BF_ERR_FORMAT_COUNT);	/* no rows, a kind */
	MUTATED(bf_store_u32(m + 8, BF_KIND_NONE), length, BF_ERR_FORMAT_COUNT);	/* rows, no kind */
	MUTATED(bf_store_u64(m + 24, capacity), length, BF_OK);	/* full */
	MUTATED(bf_store_u64(m + 24, capacity + 1), length, BF_ERR_FORMAT_STATE);	/* rows > capacity */
	MUTATED(bf_store_u64(m + 24, UINT64_MAX), length, BF_ERR_FORMAT_STATE);
	MUTATED(bf_store_u32(m + 12, capacity - 1), length, BF_ERR_FORMAT_STATE);	/* length disagrees */
	MUTATED(bf_store_u32(m + 12, UINT32_MAX), length, BF_ERR_FORMAT_STATE);
#undef MUTATED

	/*
	 * A state that bf_state_check accepts must give a final filter that
	 * bf_check_header accepts.  The value kind of a mode-hashes state is
	 * part of that: the final filter copies it.
	 */
	{
		const uint32_t bad_kinds[] = {6, BF_KIND_ARRAY_FLAG, BF_KIND_BUILTIN_FLAG | 20000, UINT32_MAX};

		for (size_t i = 0; i < sizeof(bad_kinds) / sizeof(bad_kinds[0]); i++)
		{
			bf_status	status;

			memcpy(m, state, (size_t) length);
			bf_store_u32(m + 8, bad_kinds[i]);
			status = check_state(m, length);
			if (status == BF_OK)
			{
				filter = final_filter(m, &nblocks, &k, &fold);
				printf("  mode-hashes state with value kind 0x%08" PRIx32 " accepted; its final filter: %s\n",
					   bad_kinds[i],
					   filter ? bf_status_message(check_filter(filter, bf_filter_bytes(nblocks))) : "none");
				free(filter);
			}
			CHECK_STATUS(check_state(m, length), BF_ERR_FORMAT_KIND);
		}
	}

	/* the largest hash capacity is accepted, one more is not */
	{
		uint64_t	big_length = bf_state_bytes_hashes(BF_AGG_MAX_HASHES);
		uint8_t    *big = xcalloc(big_length);

		bf_state_init_hashes(big, BF_AGG_MAX_HASHES, 0.01);
		CHECK_STATUS(check_state(big, big_length), BF_OK);
		bf_store_u32(big + 12, BF_AGG_MAX_HASHES + 1);
		CHECK_STATUS(check_state(big, big_length + 8), BF_ERR_FORMAT_STATE);
		free(big);
	}

	free(state);
	free(m);
}

static void
test_aggstate_filter_auto(void)
{
	const double p = 0.01;
	const uint64_t count = 1000;
	uint64_t	auto_blocks = 0;
	uint64_t	planned;
	int			k = 0,
				plan_k;
	uint64_t	length;
	uint8_t    *state;
	uint64_t   *hashes = xcalloc(count * sizeof(uint64_t));
	uint8_t    *hashes_le = xcalloc(count * 8);
	bf_state_header h;
	uint64_t	nblocks,
				fold;
	int			final_k;
	uint8_t    *filter;

	/* the auto size: 720720 * 2^j blocks, the smallest that holds the capacity */
	CHECK_STATUS(bf_state_auto_blocks(p, &auto_blocks, &k), BF_OK);
	CHECK_STATUS(bf_plan(BF_AGG_AUTO_CAPACITY, p, &planned, &plan_k), BF_OK);
	CHECK(k == plan_k);
	CHECK_U64(auto_blocks % BF_AGG_FOLD_BASE_BLOCKS, 0);
	CHECK(((auto_blocks / BF_AGG_FOLD_BASE_BLOCKS) & (auto_blocks / BF_AGG_FOLD_BASE_BLOCKS - 1)) == 0);
	CHECK(auto_blocks >= planned && auto_blocks / 2 < planned);
	CHECK(auto_blocks <= BF_MAX_BLOCKS);
	CHECK_U64(auto_blocks, 4 * BF_AGG_FOLD_BASE_BLOCKS);	/* 184 MB at p = 0.01 */

	/* other rates: always a power-of-two multiple of the base within the limit */
	{
		const double ps[] = {0.5, 0.1, 1e-3, 1e-6, 1e-9, BF_MIN_P, 1.0 - 1e-9};
		uint64_t	bad = 0;

		for (size_t i = 0; i < sizeof(ps) / sizeof(ps[0]); i++)
		{
			uint64_t	b = 0;
			int			kk = 0;
			uint64_t	multiple;

			if (bf_state_auto_blocks(ps[i], &b, &kk) != BF_OK)
			{
				printf("  bf_state_auto_blocks(%g) failed\n", ps[i]);
				bad++;
				continue;
			}
			multiple = b / BF_AGG_FOLD_BASE_BLOCKS;
			bad += b % BF_AGG_FOLD_BASE_BLOCKS != 0 || multiple == 0 || (multiple & (multiple - 1)) != 0 ||
				b > BF_MAX_BLOCKS || kk < 1 || kk > BF_MAX_K;
		}
		CHECK_U64(bad, 0);
	}
	CHECK_STATUS(bf_state_auto_blocks(BF_MIN_P, &auto_blocks, &k), BF_OK);	/* capacity does not fit */
	CHECK_U64(auto_blocks, 16 * BF_AGG_FOLD_BASE_BLOCKS);
	CHECK_STATUS(bf_state_auto_blocks(0.0, &auto_blocks, &k), BF_ERR_P);
	CHECK_STATUS(bf_state_auto_blocks(NAN, &auto_blocks, &k), BF_ERR_P);
	CHECK_STATUS(bf_state_auto_blocks(1e-13, &auto_blocks, &k), BF_ERR_P_TOO_SMALL);

	/* a mode-filter state of the auto size at p = 0.01 */
	CHECK_STATUS(bf_state_auto_blocks(p, &auto_blocks, &k), BF_OK);
	length = bf_state_bytes_filter(auto_blocks);
	state = xcalloc(length);
	bf_state_init_filter(state, auto_blocks, k, BF_STATE_SIZING_AUTO, p, 0);
	CHECK_STATUS(bf_state_check(state, length, &h), BF_OK);
	CHECK(h.mode == BF_STATE_MODE_FILTER && h.sizing == BF_STATE_SIZING_AUTO && h.rows == 0);

	for (uint64_t i = 0; i < count; i++)
	{
		hashes[i] = hash_int(i + 5000000);
		bf_store_u64(hashes_le + 8 * i, hashes[i]);
	}
	/* half one at a time, half in a batch */
	for (uint64_t i = 0; i < count / 2; i++)
		bf_state_add(state, hashes[i], BF_KIND_INTEGER);
	bf_add_hashes_le(bf_view_of(bf_state_filter(state)), hashes_le + 8 * (count / 2), count - count / 2);
	bf_state_set_counts(state, BF_KIND_INTEGER, count);
	CHECK_STATUS(bf_state_check(state, length, &h), BF_OK);
	CHECK(h.rows == count && h.value_kind == BF_KIND_INTEGER);
	CHECK_U64(missing_hashes(bf_state_filter(state), hashes, count), 0);

	/* the final shape folds, by the largest divisor that keeps enough blocks */
	CHECK_STATUS(bf_state_final_shape(state, &nblocks, &final_k, &fold), BF_OK);
	CHECK_STATUS(bf_plan((int64_t) count, p, &planned, &plan_k), BF_OK);
	CHECK(fold > 1);
	CHECK(final_k == k);
	CHECK_U64(nblocks * fold, auto_blocks);
	CHECK(nblocks >= planned);
	{
		uint64_t	better = 0;

		for (uint64_t d = fold + 1; d <= auto_blocks / planned; d++)
			if (auto_blocks % d == 0 && auto_blocks / d >= planned)
				better = d;
		CHECK_U64(better, 0);
	}
	/* 720720 * 4 has divisors close to any size: at most 1.2x the exact one */
	CHECK(nblocks <= planned * 6 / 5);

	filter = final_filter(state, &nblocks, &final_k, &fold);
	CHECK(filter != NULL);
	if (filter != NULL)
	{
		bf_header	fh;
		uint8_t    *direct = direct_filter(nblocks, final_k, hashes, count, count, p);

		CHECK_STATUS(bf_check_header(filter, bf_filter_bytes(nblocks), &fh), BF_OK);
		CHECK(fh.n_added == count && fh.value_kind == BF_KIND_INTEGER && fh.design_n == count &&
			  fh.design_p == p && fh.nblocks == nblocks && fh.k == final_k);
		CHECK_U64(missing_hashes(filter, hashes, count), 0);
		CHECK(memcmp(filter, direct, (size_t) bf_filter_bytes(nblocks)) == 0);
		free(direct);
		free(filter);
	}

	/* the embedded filter must agree with the state */
	{
		uint8_t    *f = bf_state_filter(state);
		uint8_t		saved[BF_HEADER_BYTES];

#define EMBEDDED(statement, want) \
		do { \
			memcpy(saved, f, BF_HEADER_BYTES); \
			statement; \
			CHECK_STATUS(check_state(state, length), want); \
			memcpy(f, saved, BF_HEADER_BYTES); \
		} while (0)

		EMBEDDED((void) 0, BF_OK);
		EMBEDDED(bf_store_u64(f + BF_OFF_N_ADDED, count + 1), BF_ERR_FORMAT_STATE);
		EMBEDDED(bf_store_u32(f + BF_OFF_VALUE_KIND, BF_KIND_TEXT), BF_ERR_FORMAT_STATE);
		EMBEDDED(bf_store_f64(f + BF_OFF_DESIGN_P, 0.02), BF_ERR_FORMAT_STATE);
		EMBEDDED(bf_store_u64(f + BF_OFF_DESIGN_N, 5), BF_ERR_FORMAT_STATE);
		EMBEDDED(f[0] = 'X', BF_ERR_FORMAT_MAGIC);
		EMBEDDED(f[BF_OFF_K] = 0, BF_ERR_FORMAT_K);
		EMBEDDED(bf_store_u64(f + BF_OFF_NBLOCKS, auto_blocks - 1), BF_ERR_FORMAT_LENGTH);
		EMBEDDED(bf_store_u32(f + BF_OFF_VALUE_KIND, BF_KIND_NONE), BF_ERR_FORMAT_COUNT);
#undef EMBEDDED
		CHECK_STATUS(check_state(state, length - 1), BF_ERR_FORMAT_LENGTH);
	}
	free(state);
	free(hashes);
	free(hashes_le);
}

static void
test_aggstate_filter_small(void)
{
	/* states with small embedded filters, for the other sizing paths and the checks */
	const uint64_t count = 500;
	uint64_t   *hashes = xcalloc(count * sizeof(uint64_t));
	uint64_t	nblocks,
				fold;
	int			k,
				final_k;
	uint64_t	length;
	uint8_t    *state;
	uint8_t    *m;
	uint8_t    *filter;

	for (uint64_t i = 0; i < count; i++)
		hashes[i] = hash_int(i * 3 + 1);

	/* fixed sizing: the filter as it is, fold 1, and design n kept */
	CHECK_STATUS(bf_plan((int64_t) count, 0.01, &nblocks, &k), BF_OK);
	length = bf_state_bytes_filter(nblocks);
	CHECK_U64(length, 48 + 52 + nblocks * 64 + 8 * BF_AGG_PENDING);	/* state header, filter, parked slots */
	state = xcalloc(length);
	m = xcalloc(length);
	bf_state_init_filter(state, nblocks, k, BF_STATE_SIZING_FIXED, 0.01, count);
	CHECK_STATUS(check_state(state, length), BF_OK);
	for (uint64_t i = 0; i < count; i++)
		bf_state_add(state, hashes[i], BF_KIND_INTEGER);
	bf_state_set_counts(state, BF_KIND_INTEGER, count);
	CHECK_STATUS(check_state(state, length), BF_OK);
	{
		uint64_t	shape_blocks;

		CHECK_STATUS(bf_state_final_shape(state, &shape_blocks, &final_k, &fold), BF_OK);
		CHECK_U64(fold, 1);
		CHECK_U64(shape_blocks, nblocks);
		CHECK(final_k == k);
	}
	filter = final_filter(state, &nblocks, &final_k, &fold);
	CHECK(filter != NULL);
	if (filter != NULL)
	{
		uint8_t    *direct = direct_filter(nblocks, k, hashes, count, count, 0.01);

		CHECK_STATUS(check_filter(filter, bf_filter_bytes(nblocks)), BF_OK);
		CHECK(memcmp(filter, direct, (size_t) bf_filter_bytes(nblocks)) == 0);
		free(direct);
		free(filter);
	}

	/* rejections of a mode-filter state */
#define MUTATED(statement, want) \
	do { \
		memcpy(m, state, (size_t) length); \
		statement; \
		CHECK_STATUS(check_state(m, length), want); \
	} while (0)

	MUTATED((void) 0, BF_OK);
	MUTATED(bf_store_u32(m + 12, 1), BF_ERR_FORMAT_STATE);	/* hash capacity in mode filter */
	MUTATED(bf_store_u32(m + 44, BF_AGG_PENDING + 1), BF_ERR_FORMAT_STATE);	/* more parked than slots */
	MUTATED(m[47] = 1, BF_ERR_FORMAT_STATE);
	MUTATED(m[7] = 0, BF_ERR_FORMAT_STATE);	/* unknown sizing */
	MUTATED(m[7] = 3, BF_ERR_FORMAT_STATE);
	MUTATED(m[7] = BF_STATE_SIZING_AUTO, BF_ERR_FORMAT_STATE);	/* auto with a design n */
	MUTATED(m[6] = BF_STATE_MODE_HASHES, BF_ERR_FORMAT_STATE);
	MUTATED(m[6] = 7, BF_ERR_FORMAT_STATE);
	MUTATED(bf_store_u64(m + 24, count + 1), BF_ERR_FORMAT_STATE);	/* rows disagree */
	MUTATED(bf_store_u32(m + 8, BF_KIND_TEXT), BF_ERR_FORMAT_STATE);	/* kind disagrees */
	MUTATED(bf_store_f64(m + 16, 0.02), BF_ERR_FORMAT_STATE);	/* p disagrees */
	MUTATED(bf_store_u64(m + 32, count + 1), BF_ERR_FORMAT_STATE);	/* design n disagrees */
	MUTATED(bf_store_u32(m + 40, 1), BF_ERR_FORMAT_FLAGS);
	MUTATED(m[BF_STATE_FILTER_OFFSET + BF_OFF_RESERVED] = 1, BF_ERR_FORMAT_FLAGS);
#undef MUTATED
	CHECK_STATUS(check_state(state, BF_STATE_FILTER_OFFSET - 1), BF_ERR_FORMAT_STATE);
	CHECK_STATUS(check_state(state, BF_STATE_FILTER_OFFSET + 8 * BF_AGG_PENDING), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(check_state(state, length + 64), BF_ERR_FORMAT_LENGTH);
	free(state);
	free(m);

	/*
	 * Auto sizing with more rows than the filter was made for: no fold, every
	 * block kept (the planned size is larger, or over the limit).
	 */
	length = bf_state_bytes_filter(720);
	state = xcalloc(length);
	bf_state_init_filter(state, 720, 7, BF_STATE_SIZING_AUTO, 0.01, 0);
	bf_state_set_counts(state, BF_KIND_INTEGER, 1000000);
	CHECK_STATUS(check_state(state, length), BF_OK);
	CHECK_STATUS(bf_state_final_shape(state, &nblocks, &final_k, &fold), BF_OK);
	CHECK(fold == 1 && nblocks == 720 && final_k == 7);
	bf_state_set_counts(state, BF_KIND_INTEGER, UINT64_C(1) << 40);
	CHECK_STATUS(bf_state_final_shape(state, &nblocks, &final_k, &fold), BF_OK);
	CHECK(fold == 1 && nblocks == 720 && final_k == 7);
	/* no rows: folds all the way to one block */
	bf_state_set_counts(state, BF_KIND_NONE, 0);
	CHECK_STATUS(bf_state_final_shape(state, &nblocks, &final_k, &fold), BF_OK);
	CHECK(fold == 720 && nblocks == 1 && final_k == 7);
	filter = final_filter(state, &nblocks, &final_k, &fold);
	CHECK(filter != NULL && check_filter(filter, bf_filter_bytes(1)) == BF_OK &&
		  bf_check_empty_bits(filter, 0, 1) == BF_OK);
	free(filter);
	/* a prime block count can only fold by itself or not at all */
	free(state);
	length = bf_state_bytes_filter(727);
	state = xcalloc(length);
	bf_state_init_filter(state, 727, 5, BF_STATE_SIZING_AUTO, 0.1, 0);
	for (uint64_t i = 0; i < count; i++)
		bf_state_add(state, hashes[i], BF_KIND_INTEGER);
	bf_state_set_counts(state, BF_KIND_INTEGER, count);
	CHECK_STATUS(check_state(state, length), BF_OK);
	CHECK_STATUS(bf_state_final_shape(state, &nblocks, &final_k, &fold), BF_OK);
	CHECK(fold == 1 && nblocks == 727);
	filter = final_filter(state, &nblocks, &final_k, &fold);
	CHECK(filter != NULL && memcmp(filter + BF_HEADER_BYTES, bf_state_filter(state) + BF_HEADER_BYTES,
								   727 * BF_BLOCK_BYTES) == 0);
	free(filter);
	free(state);
	free(hashes);
}

/* ---- statistics ---- */

/*
 * The parked ring: hashes added one by one to a mode-filter state wait in 16
 * slots for their prefetched block.  Whatever the count, every added hash is
 * in the final filter, and a bulk count change first applies the parked ones.
 */
static void
test_aggstate_parked(void)
{
	uint64_t	counts[] = {0, 1, 15, 16, 17, 33, 1000};
	uint64_t	nblocks;
	int			k;

	CHECK_STATUS(bf_plan(1000, 0.01, &nblocks, &k), BF_OK);
	for (size_t c = 0; c < sizeof(counts) / sizeof(counts[0]); c++)
	{
		uint64_t	count = counts[c];
		uint64_t	length = bf_state_bytes_filter(nblocks);
		uint8_t    *state = xcalloc(length);
		uint64_t   *hashes = xcalloc(8 * (count + 1));
		uint8_t    *filter;
		uint64_t	final_blocks;
		uint64_t	fold;
		int			final_k;
		bf_state_header h;

		bf_state_init_filter(state, nblocks, k, BF_STATE_SIZING_FIXED, 0.01, 1000);
		for (uint64_t i = 0; i < count; i++)
		{
			hashes[i] = hash_int(i + 777);
			bf_state_add(state, hashes[i], BF_KIND_INTEGER);
		}
		CHECK_STATUS(bf_state_check(state, length, &h), BF_OK);
		CHECK_U64(h.rows, count);
		CHECK_U64(bf_load_u32(state + BF_STATE_HEADER_BYTES), count < BF_AGG_PENDING ? count : BF_AGG_PENDING);
		/* the final filter has every hash, parked or not, and the state is unchanged */
		filter = final_filter(state, &final_blocks, &final_k, &fold);
		CHECK(filter != NULL);
		if (filter != NULL)
			CHECK_U64(missing_hashes(filter, hashes, count), 0);
		free(filter);
		CHECK_U64(bf_load_u32(state + BF_STATE_HEADER_BYTES), count < BF_AGG_PENDING ? count : BF_AGG_PENDING);
		/* a bulk count change applies them to the state's own filter */
		bf_state_set_counts(state, count ? BF_KIND_INTEGER : BF_KIND_NONE, count);
		CHECK_U64(bf_load_u32(state + BF_STATE_HEADER_BYTES), 0);
		CHECK_U64(missing_hashes(bf_state_filter(state), hashes, count), 0);
		free(hashes);
		free(state);
	}
}

static void
test_stats(void)
{
	bf_stats	stats;
	uint64_t	nblocks;
	int			k;
	uint8_t    *filter;

	/* an empty filter */
	filter = new_filter(16, 7, 0, 0.01);
	memset(&stats, 0, sizeof(stats));
	bf_stats_blocks(filter + BF_HEADER_BYTES, 7, 0, 16, &stats);
	CHECK(stats.bits_set == 0 && stats.fpp_sum == 0.0 && stats.cardinality == 0.0);

	/* one element: about one */
	bf_add_hash(bf_view_of(filter), hash_int(1));
	memset(&stats, 0, sizeof(stats));
	bf_stats_blocks(filter + BF_HEADER_BYTES, 7, 0, 16, &stats);
	CHECK(stats.bits_set >= 1 && stats.bits_set <= 7);
	CHECK(stats.cardinality > 0.5 && stats.cardinality < 1.5);
	CHECK(stats.fpp_sum > 0.0 && stats.fpp_sum < 1e-9);

	/* a full block counts as 511.5 bits: finite */
	memset(filter + BF_HEADER_BYTES + 5 * BF_BLOCK_BYTES, 0xFF, BF_BLOCK_BYTES);
	memset(&stats, 0, sizeof(stats));
	bf_stats_blocks(filter + BF_HEADER_BYTES, 7, 5, 1, &stats);
	CHECK_U64(stats.bits_set, 512);
	CHECK(stats.fpp_sum == 1.0);
	CHECK(isfinite(stats.cardinality) && stats.cardinality > 100 && stats.cardinality < 1000);
	free(filter);

	/* n distinct values in a filter sized for them: estimates near n and p */
	{
		const int64_t ns[] = {10000, 100000};
		const double ps[] = {0.01, 0.001};

		for (size_t t = 0; t < 2; t++)
		{
			int64_t		n = ns[t];
			double		p = ps[t];
			bf_stats	halves;
			uint64_t	half;

			CHECK_STATUS(bf_plan(n, p, &nblocks, &k), BF_OK);
			filter = filter_of_range(nblocks, k, UINT64_C(1) << 33, (uint64_t) n);
			memset(&stats, 0, sizeof(stats));
			bf_stats_blocks(filter + BF_HEADER_BYTES, k, 0, nblocks, &stats);
			if (!(fabs(stats.cardinality - (double) n) <= 0.05 * (double) n) ||
				!(stats.fpp_sum / (double) nblocks >= 0.5 * p && stats.fpp_sum / (double) nblocks <= 2 * p))
				printf("  n = %" PRId64 ": estimate %.1f, rate %.6f\n", n, stats.cardinality,
					   stats.fpp_sum / (double) nblocks);
			CHECK(fabs(stats.cardinality - (double) n) <= 0.05 * (double) n);
			CHECK(stats.fpp_sum / (double) nblocks >= 0.5 * p);
			CHECK(stats.fpp_sum / (double) nblocks <= 2 * p);
			CHECK_U64(stats.bits_set, popcount_bytes(filter + BF_HEADER_BYTES, nblocks * BF_BLOCK_BYTES));
			CHECK(stats.bits_set <= (uint64_t) n * (uint64_t) k);

			/* in chunks: the same sums (same order of additions) */
			half = nblocks / 3;
			memset(&halves, 0, sizeof(halves));
			bf_stats_blocks(filter + BF_HEADER_BYTES, k, 0, half, &halves);
			bf_stats_blocks(filter + BF_HEADER_BYTES, k, half, nblocks - half, &halves);
			CHECK(halves.bits_set == stats.bits_set && halves.fpp_sum == stats.fpp_sum &&
				  halves.cardinality == stats.cardinality);
			free(filter);
		}
	}
}

/*
 * The SIMD kernels against the scalar definition of the layout: the same
 * bits for every k (1..BF_MAX_K, so groups of 8 lanes and partial groups),
 * by single adds and by the bulk add, and the same answer for members,
 * non-members and filters from sparse to nearly full.
 */
static void
test_simd_kernels(bool simd_available)
{
	const int	nblocks = 61;	/* odd, not a power of two */
	const uint64_t bytes = bf_filter_bytes(nblocks);

	if (!simd_available)
	{
		printf("NOTE: this CPU has no AVX-512 F+DQ: SIMD kernels not compared (scalar code tested)\n");
		return;
	}
	for (int k = 1; k <= BF_MAX_K; k++)
	{
		uint8_t    *scalar = xcalloc(bytes);
		uint8_t    *single = xcalloc(bytes);
		uint8_t    *bulk = xcalloc(bytes);
		uint8_t    *hashes = xcalloc(8 * 4000);
		bool		same_answers = true;
		int			members_found = 0;

		bf_init(scalar, nblocks, k, BF_KIND_INTEGER, 1000, 0.01);
		bf_init(single, nblocks, k, BF_KIND_INTEGER, 1000, 0.01);
		bf_init(bulk, nblocks, k, BF_KIND_INTEGER, 1000, 0.01);
		for (int round = 0; round < 4; round++)
		{
			/* 1000 more each round: from 16 bits per element down to 2 */
			for (int i = 0; i < 1000; i++)
			{
				uint64_t	h = rng_next();
				bf_view		view = bf_view_of(scalar);

				memcpy(hashes + 8 * (1000 * round + i), &h, 8);
				bf_block_add_hash_scalar(view.blocks + bf_block_of(h, nblocks) * BF_BLOCK_BYTES, k, h);
				view = bf_view_of(single);
				bf_block_add_hash_simd(view.blocks + bf_block_of(h, nblocks) * BF_BLOCK_BYTES, k, h);
			}
			bf_add_hashes_simd(bf_view_of(bulk), hashes + 8 * 1000 * round, 1000);
			CHECK(memcmp(scalar, single, bytes) == 0);
			CHECK(memcmp(scalar, bulk, bytes) == 0);
			for (int i = 0; i < 20000; i++)
			{
				uint64_t	h;
				const uint8_t *block;

				if (i % 2 == 0)
					memcpy(&h, hashes + 8 * (i / 2 % (1000 * (round + 1))), 8);
				else
					h = rng_next();
				block = bf_view_of(scalar).blocks + bf_block_of(h, nblocks) * BF_BLOCK_BYTES;
				if (bf_block_contains_hash_scalar(block, k, h) != bf_block_contains_hash_simd(block, k, h))
					same_answers = false;
				if (i % 2 == 0)
					members_found += bf_block_contains_hash_simd(block, k, h) ? 1 : 0;
			}
		}
		CHECK(same_answers);
		CHECK(members_found == 4 * 10000);
		free(scalar);
		free(single);
		free(bulk);
		free(hashes);
	}
}

int
main(void)
{
	/* the constructor chose the kernels; every test runs with SIMD (if any) and scalar */
	bool		simd_available = bf_select_kernels(true);

	test_simd_kernels(simd_available);
	for (int pass = 0; pass < (simd_available ? 2 : 1); pass++)
	{
		(void) bf_select_kernels(pass == 0 && simd_available);
		test_status_and_le();
		test_sizing_classic();
		test_sizing_blocked();
		test_hashing();
		test_folding();
		test_union_intersection();
		test_format();
		test_base64();
		test_aggstate_hashes();
		test_aggstate_filter_auto();
		test_aggstate_filter_small();
		test_aggstate_parked();
		test_stats();
	}
	printf("%d passed, %d failed (kernels: %s)\n", tests_passed, tests_failed,
		   simd_available ? "AVX-512 and scalar" : "scalar");
	return tests_failed > 0 ? 1 : 0;
}

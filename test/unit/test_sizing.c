/*
 * test_sizing.c - unit tests of bf_sizing.c: status messages and little-endian access, the classic sizing helpers, and the blocked layout's plan and rate.
 */
#include "harness.h"

/* ---- status messages and little-endian access ---- */

void
test_status_and_le(void)
{
	uint8_t		bytes[8];
	double		values[] = {0.0, -0.0, 1.0, 0.01, 1e-300, -2.5, INFINITY};

	for (int s = BF_OK; s <= BF_ERR_TOO_MANY_COPIES; s++)
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

void
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

void
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

	/*
	 * remembered answers: 66 rates asked in turn, more than the 64 kept, so
	 * that entries are replaced; every answer is the first one for its rate
	 */
	{
#define RATES 66
		double		first_bits[RATES];
		int			first_k[RATES];
		bool		same = true;

		for (int i = 0; i < RATES; i++)
			CHECK_STATUS(bf_plan_rate(0.2 / (i + 1), &first_bits[i], &first_k[i]), BF_OK);
		for (int round = 0; round < 2; round++)
			for (int i = 0; i < RATES; i++)
			{
				int			j = round == 1 ? RATES - 1 - i : i;

				if (bf_plan_rate(0.2 / (j + 1), &bits, &k) != BF_OK || bits != first_bits[j] || k != first_k[j])
					same = false;
			}
		CHECK(same);
#undef RATES
	}

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

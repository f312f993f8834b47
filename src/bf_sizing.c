/*
 * bf_sizing.c - how many bits and hash functions a filter needs.
 *
 * Classic formulas (Bloom 1970; the calculator at hur.st/bloomfilter):
 *   m = ceil(-n ln p / (ln 2)^2)           bits for n elements at rate p
 *   k = max(1, round(m/n ln 2))            hash count that minimizes the rate
 *   fpp = (1 - e^(-k n / m))^k             rate of n elements in m bits, k hashes
 *   capacity = ceil(-m ln(1 - p^(1/k)) / k)   elements m bits and k hashes hold at p
 *
 * The blocked layout (bf_core.h) needs a little more than m: bf_blocked_fpp
 * gives its exact rate and bf_plan_rate searches it.  Every loop here has a
 * fixed trip count, so any input, NaN and infinities included, ends promptly.
 */
#include "bf_core.h"

#include <math.h>

#ifndef M_LN2					/* not in strict ISO C's <math.h> */
#define M_LN2 0.69314718055994530942
#endif

static bool
bf_valid_p(double p)
{
	return p > 0.0 && p < 1.0;	/* false for NaN too */
}

/* Rounds up a non-negative double to int64, or fails if it does not fit. */
static bf_status
bf_ceil_to_int64(double x, int64_t *out)
{
	double		c = ceil(x);

	/* 2^63 is exactly representable; anything at or above it does not fit */
	if (!(c < 9223372036854775808.0))
		return BF_ERR_OUT_OF_RANGE;
	*out = (int64_t) c;
	return BF_OK;
}

bf_status
bf_optimal_m(int64_t n, double p, int64_t *m)
{
	if (n < 0 || n > BF_MAX_SIZING_N)
		return BF_ERR_N;
	if (!bf_valid_p(p))
		return BF_ERR_P;
	return bf_ceil_to_int64(-(double) n * log(p) / (M_LN2 * M_LN2), m);
}

bf_status
bf_optimal_k(int64_t n, int64_t m, int32_t *k)
{
	double		best;

	if (n <= 0)
		return BF_ERR_N_NOT_POSITIVE;
	if (m <= 0)
		return BF_ERR_M;
	best = round((double) m / (double) n * M_LN2);
	if (best > INT32_MAX)
		return BF_ERR_K;
	*k = best < 1.0 ? 1 : (int32_t) best;
	return BF_OK;
}

bf_status
bf_fpp(int64_t n, int64_t m, int32_t k, double *fpp)
{
	if (n < 0)
		return BF_ERR_N;
	if (m <= 0)
		return BF_ERR_M;
	if (k <= 0)
		return BF_ERR_K;
	/* -expm1(-x) = 1 - e^-x without cancellation for small x */
	*fpp = pow(-expm1(-(double) k * (double) n / (double) m), (double) k);
	return BF_OK;
}

bf_status
bf_capacity(int64_t m, int32_t k, double p, int64_t *n)
{
	double		per_element_bits;
	double		log_root;

	if (m <= 0)
		return BF_ERR_M;
	if (k <= 0)
		return BF_ERR_K;
	if (!bf_valid_p(p))
		return BF_ERR_P;
	/*
	 * bits one element costs at rate p: -k / ln(1 - p^(1/k)).  With
	 * x = ln(p)/k, ln(1 - e^x) is computed as ln(-expm1(x)) when x is near 0
	 * (p near 1: e^x rounds to 1) and as log1p(-e^x) otherwise.
	 */
	log_root = log(p) / k;
	per_element_bits = -(double) k / (log_root > -M_LN2 ? log(-expm1(log_root)) : log1p(-exp(log_root)));
	if (!(per_element_bits > 0.0) || isinf(per_element_bits))
		return BF_ERR_P;
	return bf_ceil_to_int64((double) m / per_element_bits, n);
}

/*
 * Rate of the blocked layout.  A probe lands in a block whose load i (the
 * elements hashed to it) is Poisson with mean L = 512 / bits_per_element.
 * Given i, each element drew k positions with replacement, so the number c of
 * set bits after t = k i draws follows the occupancy distribution; the probe's
 * own k positions, also drawn with replacement, all fall on set bits with
 * probability (c/512)^k.  So
 *   fpp(b, k) = sum_i Poisson(i; L) * E[(c/512)^k | k i draws].
 * (The common shortcut (E[c]/512)^k underestimates the rate by Jensen's
 * inequality: by 1% at p = 0.01 and 7% at p = 1e-6.)
 *
 * The loads summed are those within 12 standard deviations of L plus a
 * margin, where all the mass is; pmf terms come from lgamma, so large L
 * neither underflows nor overflows.
 */
#define BF_MAX_LOAD 8192		/* mean loads up to ~7000: down to 0.07 bits per element */
#define BF_NEGLIGIBLE 1e-40		/* probability mass ignored: far below BF_MIN_P = 1e-12 */

/* x^k for a small whole k, by squaring: cheaper than pow() in these hot loops */
static inline double
bf_power(double x, int k)
{
	double		result = 1.0;

	for (; k > 0; k >>= 1, x *= x)
		if (k & 1)
			result *= x;
	return result;
}

static int
bf_load_limit(double mean_load)
{
	double		limit = ceil(mean_load + 12.0 * sqrt(mean_load) + 12.0) + 1.0;

	return limit > BF_MAX_LOAD ? BF_MAX_LOAD : (int) limit;
}

/*
 * hit[i] = E[(c/512)^k] after k*i draws, for i < loads.  The occupancy
 * distribution is advanced one draw at a time: a draw sets a new bit
 * (c -> c+1) with probability (512 - c)/512.  All terms are probabilities, so
 * nothing cancels.  Cost: k * 513 steps per load.
 */
static void
bf_block_hits(int k, int loads, double *hit)
{
	double		occupancy[BF_BLOCK_BITS + 1] = {0};
	double		probe_hit[BF_BLOCK_BITS + 1];
	int			least = 0;		/* occupancy outside [least, most] is below BF_NEGLIGIBLE */
	int			most = 0;

	occupancy[0] = 1.0;
	for (int c = 0; c <= BF_BLOCK_BITS; c++)
		probe_hit[c] = bf_power((double) c / BF_BLOCK_BITS, k);
	for (int i = 0; i < loads; i++)
	{
		double		sum = 0.0;

		for (int c = least; c <= most; c++)
			sum += occupancy[c] * probe_hit[c];
		hit[i] = sum;
		for (int draw = 0; draw < k; draw++)
		{
			if (most < BF_BLOCK_BITS)
				most++;
			/* descending, so occupancy[c - 1] is still the value before this draw */
			for (int c = most; c > least; c--)
				occupancy[c] = occupancy[c] * c / BF_BLOCK_BITS +
					occupancy[c - 1] * (BF_BLOCK_BITS - (c - 1)) / BF_BLOCK_BITS;
			occupancy[least] = occupancy[least] * least / BF_BLOCK_BITS;
			/* drop the tails whose mass no rate down to BF_MIN_P can notice */
			while (least < most && occupancy[least] < BF_NEGLIGIBLE)
				occupancy[least++] = 0.0;
			while (most > least && occupancy[most] < BF_NEGLIGIBLE)
				occupancy[most--] = 0.0;
		}
	}
}

/* P(load <= high) for a Poisson(mean_load) load */
static double
bf_poisson_cdf(int high, double mean_load)
{
	double		total = 0.0;

	for (int load = 0; load <= high; load++)
		total += exp(load * log(mean_load) - mean_load - lgamma(load + 1.0));
	return total;
}

/* sum over loads of Poisson(i; mean_load) * hit[i] */
static double
bf_fpp_from_hits(const double *hit, int loads, double mean_load)
{
	double		spread = 12.0 * sqrt(mean_load) + 12.0;
	/* clamped as doubles: a converted out-of-range double is undefined */
	int			low = (int) fmin(loads - 1.0, fmax(0.0, floor(mean_load - spread)));
	int			high = (int) fmin(loads - 1.0, fmax(0.0, ceil(mean_load + spread)));
	double		total = 0.0;

	for (int load = low; load <= high; load++)
		total += exp(load * log(mean_load) - mean_load - lgamma(load + 1.0)) * hit[load];
	/* loads beyond the table (absurdly overfull filters) count as its last, a lower bound */
	if (high < (int) ceil(mean_load + spread))
		total += hit[loads - 1] * (1.0 - fmin(1.0, bf_poisson_cdf(high, mean_load)));
	return total;
}

/*
 * Above this mean load (elements per block) the occupancy table no longer
 * covers the loads that matter, and every block is full anyway: a block
 * that took 6000 elements has all 512 bits set but for about e^-11 of them.
 */
#define BF_MAX_MEAN_LOAD 6000.0

double
bf_blocked_fpp(double bits_per_element, int k)
{
	double		mean_load = BF_BLOCK_BITS / bits_per_element;
	int			loads;
	double		hit[BF_MAX_LOAD];

	/* overfull, or absurd headers (n far beyond the bits): it says yes to everything */
	if (!(mean_load <= BF_MAX_MEAN_LOAD))
		return 1.0;
	loads = bf_load_limit(mean_load);

	bf_block_hits(k, loads, hit);
	return bf_fpp_from_hits(hit, loads, mean_load);
}

/*
 * The same rate at a given load (elements per block), in bounded time, for
 * the planner and ANALYZE, which meet any header a table holds: bf_blocked_fpp
 * walks every load up to L + 12 sqrt(L), k draws at a time, a cost that grows
 * with L (and with k).  Two exact forms of the same sum take its place.
 *
 * Closed form.  The probe's k positions fall on j distinct bits with
 * probability q(j) (occupancy of k draws), and j given bits are all set after
 * t draws with probability sum_r (-1)^r C(j,r) (1 - r/512)^t (inclusion and
 * exclusion).  With t = k i and i Poisson(L), the sum over i is an exponential:
 *   fpp(L, k) = sum_{r=0..k} (-1)^r a_r exp(-L (1 - (1 - r/512)^k)),
 *   a_r = sum_{j>=r} q(j) C(j, r).
 * k + 1 terms whatever L, but they alternate: their sum loses about
 * log10(sum |terms| / fpp) digits.  Above BF_TABLE_MAX_LOAD that is under 4
 * of 16 for every k up to BF_MAX_K (test/unit/test_sizing.c checks the
 * result against bf_blocked_fpp): every term but the first decays as
 * exp(-L r k / 512).
 *
 * Table of hits.  At lighter loads the rate is summed over loads as above,
 * sum_i Poisson(i; L) hit(i), where hit(i) = sum_j q(j) w_i(j) does not
 * depend on L: w_i(u) is the chance that i elements cover u given bits.  The
 * first element's k draws leave some of the u uncovered for the other i - 1,
 * so w_i = D^k w_{i-1}, with (D w)(u) = (u/512) w(u-1) + (1 - u/512) w(u)
 * (a draw covers one of u bits with probability u/512) and w_0(u) = [u = 0].
 * Every term is positive, so nothing cancels.  hit(i) is computed once per k
 * for loads below BF_HIT_TABLE_LOADS and kept in a static table, as
 * bf_plan_rate remembers its last answers.  Cost: BF_HIT_TABLE_LOADS k^2 once
 * per k, then BF_HIT_TABLE_LOADS terms per call.
 */
#define BF_TABLE_MAX_LOAD	48.0	/* at or below: the table; above: the closed form */
#define BF_HIT_TABLE_LOADS	128		/* Poisson(48) beyond 128: below 1e-20 of the mass */

static double bf_hit_tables[BF_MAX_K][BF_HIT_TABLE_LOADS];
static bool bf_hit_table_ready[BF_MAX_K];

/* distinct[j]: chance that k positions drawn with replacement are j distinct bits */
static void
bf_probe_distinct(int k, double distinct[BF_MAX_K + 1])
{
	for (int j = 0; j <= k; j++)
		distinct[j] = 0.0;
	distinct[0] = 1.0;
	for (int draw = 0; draw < k; draw++)
	{
		/* descending, so distinct[j - 1] is still the value before this draw */
		for (int j = draw + 1; j >= 1; j--)
			distinct[j] = distinct[j] * j / BF_BLOCK_BITS +
				distinct[j - 1] * (BF_BLOCK_BITS - (j - 1)) / BF_BLOCK_BITS;
		distinct[0] = 0.0;
	}
}

static double
bf_fpp_closed_form(double mean_load, int k, const double *distinct)
{
	double		total = 0.0;

	for (int r = 0; r <= k; r++)
	{
		double		a = 0.0;
		double		binomial = 1.0;	/* C(j, r), exact in a double for j <= 32 */
		double		covers_some;

		for (int j = r; j <= k; j++)
		{
			a += distinct[j] * binomial;
			binomial = binomial * (j + 1) / (j + 1 - r);
		}
		/* 1 - (1 - r/512)^k: the chance that one element covers some of r given bits */
		covers_some = -expm1(k * log1p(-(double) r / BF_BLOCK_BITS));
		total += (r % 2 == 0 ? a : -a) * exp(-mean_load * covers_some);
	}
	return total;
}

static const double *
bf_hit_table(int k, const double *distinct)
{
	double	   *hit = bf_hit_tables[k - 1];
	double		covered[2][BF_MAX_K + 1] = {{0}};	/* w(u), the last two of k draws */
	int			current = 0;

	if (bf_hit_table_ready[k - 1])
		return hit;
	covered[0][0] = covered[1][0] = 1.0;	/* no bits to cover: covered */
	for (int load = 0; load < BF_HIT_TABLE_LOADS; load++)
	{
		double		sum = 0.0;

		for (int j = 1; j <= k; j++)
			sum += distinct[j] * covered[current][j];
		hit[load] = sum;
		for (int draw = 0; draw < k; draw++)
		{
			const double *before = covered[current];
			double	   *after = covered[1 - current];

			for (int u = 1; u <= k; u++)
				after[u] = before[u - 1] * u / BF_BLOCK_BITS +
					before[u] * (BF_BLOCK_BITS - u) / BF_BLOCK_BITS;
			current = 1 - current;
		}
	}
	bf_hit_table_ready[k - 1] = true;
	return hit;
}

double
bf_blocked_fpp_at_load(double elements_per_block, int k)
{
	double		distinct[BF_MAX_K + 1];
	const double *hit;
	double		poisson;
	double		total = 0.0;

	if (k < 1 || k > BF_MAX_K || isnan(elements_per_block) || isinf(elements_per_block))
		return 1.0;				/* nothing known: a filter that says yes to everything */
	if (elements_per_block <= 0.0)
		return 0.0;
	bf_probe_distinct(k, distinct);
	if (elements_per_block > BF_TABLE_MAX_LOAD)
		return fmin(1.0, fmax(0.0, bf_fpp_closed_form(elements_per_block, k, distinct)));

	hit = bf_hit_table(k, distinct);
	poisson = exp(-elements_per_block);
	for (int load = 0; load < BF_HIT_TABLE_LOADS; load++)
	{
		total += poisson * hit[load];
		poisson *= elements_per_block / (load + 1);
	}
	return fmin(1.0, total);
}

/*
 * The shortcut rate (E[c]/512)^k, a lower bound of the true one: cheap, and
 * used only to bracket the search for the true bits per element.
 */
static double
bf_blocked_fpp_lower_bound(double bits_per_element, int k)
{
	double		mean_load = BF_BLOCK_BITS / bits_per_element;
	double		spread = 12.0 * sqrt(mean_load) + 12.0;
	double		log_miss = log1p(-1.0 / BF_BLOCK_BITS);	/* ln(1 - 1/512) */
	int			low = (int) fmin(BF_MAX_MEAN_LOAD, fmax(0.0, floor(mean_load - spread)));
	int			high = (int) fmin(2.0 * BF_MAX_MEAN_LOAD, fmax(0.0, ceil(mean_load + spread)));
	double		total = 0.0;

	for (int load = low; load <= high; load++)
	{
		double		log_pmf = load * log(mean_load) - mean_load - lgamma(load + 1.0);

		total += exp(log_pmf) * bf_power(-expm1((double) k * load * log_miss), k);
	}
	return total;
}

/*
 * Bits per element at which k hashes reach rate p, or INFINITY.  The lower
 * bound rate gives a bracket [low, high]: the true rate is higher, so it
 * needs at least `low` bits; the search doubles `high` until the true rate
 * is within p there, then halves the bracket 50 times.
 */
static double
bf_bits_for_rate(double p, int k)
{
	double		low = 0.5,
				high = 4096.0;
	double		hit[BF_MAX_LOAD];
	int			loads;

	if (bf_blocked_fpp_lower_bound(high, k) > p)
		return INFINITY;
	/* 30 halvings of [0.5, 4096]: a bracket to within 4e-6 bits */
	for (int step = 0; step < 30; step++)
	{
		double		middle = 0.5 * (low + high);

		if (bf_blocked_fpp_lower_bound(middle, k) <= p)
			high = middle;
		else
			low = middle;
	}
	/* the true rate's loads are at most those at `low` bits per element */
	loads = bf_load_limit(BF_BLOCK_BITS / low);
	bf_block_hits(k, loads, hit);
	high = low;
	for (int step = 0; bf_fpp_from_hits(hit, loads, BF_BLOCK_BITS / high) > p; step++)
	{
		if (step == 20)
			return INFINITY;
		high *= 2.0;
	}
	/* 40 halvings of a bracket no wider than the answer: 1e-12 relative */
	for (int step = 0; step < 40; step++)
	{
		double		middle = 0.5 * (low + high);

		if (bf_fpp_from_hits(hit, loads, BF_BLOCK_BITS / middle) <= p)
			high = middle;
		else
			low = middle;
	}
	return high;
}

/*
 * Keeps the k that needs the fewest bits for rate p.  The answer depends on
 * p alone and takes a few milliseconds, so the last BF_PLAN_RATES_KEPT
 * answers are remembered (static values, not allocations): callers size
 * many filters alike, a GROUP BY with aggregates at two rates asks for both
 * on every group, and a scalablebloom chain has a rate per sub-filter (up
 * to SBF_MAX_SUBFILTERS = 32), all planned again when one is validated.
 */
#define BF_PLAN_RATES_KEPT	64

bf_status
bf_plan_rate(double p, double *bits_per_element, int *k)
{
	/* p 0.0 marks an empty entry: a valid p is above 0 */
	static double remembered_p[BF_PLAN_RATES_KEPT];
	static double remembered_bits[BF_PLAN_RATES_KEPT];
	static int	remembered_k[BF_PLAN_RATES_KEPT];
	static int	next_entry;
	double		best_bits = INFINITY;
	int			best_k = 0;

	if (!bf_valid_p(p))
		return BF_ERR_P;
	if (p < BF_MIN_P)
		return BF_ERR_P_TOO_SMALL;
	for (int entry = 0; entry < BF_PLAN_RATES_KEPT; entry++)
		if (p == remembered_p[entry])
		{
			*bits_per_element = remembered_bits[entry];
			*k = remembered_k[entry];
			return BF_OK;
		}

	for (int candidate = 1; candidate <= BF_MAX_K; candidate++)
	{
		double		bits = bf_bits_for_rate(p, candidate);

		if (bits < best_bits)
		{
			best_bits = bits;
			best_k = candidate;
		}
		else if (bits > best_bits * 1.02)
			break;				/* past the optimum: more hashes only cost bits */
	}
	if (best_k == 0)
		return BF_ERR_P_TOO_SMALL;
	remembered_p[next_entry] = p;
	remembered_bits[next_entry] = best_bits;
	remembered_k[next_entry] = best_k;
	next_entry = (next_entry + 1) % BF_PLAN_RATES_KEPT;
	*bits_per_element = best_bits;
	*k = best_k;
	return BF_OK;
}

bf_status
bf_plan(int64_t n, double p, uint64_t *nblocks, int *k)
{
	double		bits_per_element;
	bf_status	status;

	if (n < 0 || n > BF_MAX_SIZING_N)
		return BF_ERR_N;
	status = bf_plan_rate(p, &bits_per_element, k);
	if (status != BF_OK)
		return status;
	return bf_plan_blocks(n, bits_per_element, nblocks);
}

bf_status
bf_plan_blocks(int64_t n, double bits_per_element, uint64_t *nblocks)
{
	double		blocks = ceil((double) n * bits_per_element / BF_BLOCK_BITS);

	if (blocks > (double) BF_MAX_BLOCKS)
		return BF_ERR_TOO_LARGE;
	*nblocks = blocks < 1.0 ? 1 : (uint64_t) blocks;
	return BF_OK;
}

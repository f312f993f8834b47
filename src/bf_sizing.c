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

/* Largest n any sizing function accepts: beyond this int64 m can overflow. */
#define BF_MAX_SIZING_N		INT64_C(1000000000000000000)	/* 1e18 */

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
		return BF_ERR_TOO_LARGE;
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
		return BF_ERR_N;
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
 * Rate of the blocked layout: a probe lands in a block whose load i is
 * Poisson with mean L = 512 / bits_per_element, and all k of its bits are set
 * with probability (1 - (1 - 1/512)^(k i))^k.  The sum runs over loads within
 * 12 standard deviations of L (plus a margin), where all the mass is; pmf
 * terms come from lgamma, so large L neither underflows nor overflows.
 */
double
bf_blocked_fpp(double bits_per_element, int k)
{
	double		mean_load = BF_BLOCK_BITS / bits_per_element;
	double		spread = 12.0 * sqrt(mean_load) + 12.0;
	double		log_miss = log1p(-1.0 / BF_BLOCK_BITS);	/* ln(1 - 1/512) */
	int			low = (int) fmax(0.0, floor(mean_load - spread));
	int			high = (int) ceil(mean_load + spread);
	double		total = 0.0;

	for (int load = low; load <= high; load++)
	{
		double		log_pmf = load * log(mean_load) - mean_load - lgamma(load + 1.0);
		double		bit_set = -expm1((double) k * load * log_miss);

		total += exp(log_pmf) * pow(bit_set, k);
	}
	return total;
}

/*
 * For each k, bisect the bits per element at which the blocked rate reaches
 * p (the rate falls as bits grow), and keep the k that needs the fewest bits.
 * 64 halvings of [0.1, 4096] are far below a bit's resolution.
 */
bf_status
bf_plan_rate(double p, double *bits_per_element, int *k)
{
	double		best_bits = INFINITY;
	int			best_k = 0;

	if (!bf_valid_p(p))
		return BF_ERR_P;
	if (p < BF_MIN_P)
		return BF_ERR_P_TOO_SMALL;

	for (int candidate = 1; candidate <= BF_MAX_K; candidate++)
	{
		double		low = 0.1,
					high = 4096.0;

		if (bf_blocked_fpp(high, candidate) > p)
			continue;
		for (int step = 0; step < 64; step++)
		{
			double		middle = 0.5 * (low + high);

			if (bf_blocked_fpp(middle, candidate) <= p)
				high = middle;
			else
				low = middle;
		}
		if (high < best_bits)
		{
			best_bits = high;
			best_k = candidate;
		}
		else if (high > best_bits * 1.05)
			break;				/* past the optimum: more hashes only cost bits */
	}
	if (best_k == 0)
		return BF_ERR_P_TOO_SMALL;
	*bits_per_element = best_bits;
	*k = best_k;
	return BF_OK;
}

bf_status
bf_plan(int64_t n, double p, uint64_t *nblocks, int *k)
{
	double		bits_per_element;
	double		blocks;
	bf_status	status;

	if (n < 0 || n > BF_MAX_SIZING_N)
		return BF_ERR_N;
	status = bf_plan_rate(p, &bits_per_element, k);
	if (status != BF_OK)
		return status;
	blocks = ceil((double) n * bits_per_element / BF_BLOCK_BITS);
	if (blocks > (double) BF_MAX_BLOCKS)
		return BF_ERR_TOO_LARGE;
	*nblocks = blocks < 1.0 ? 1 : (uint64_t) blocks;
	return BF_OK;
}

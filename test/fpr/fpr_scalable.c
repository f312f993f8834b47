/*
 * fpr_scalable.c - statistical false-positive-rate test of scalablebloom,
 * run by test_fpr.c after bloomfilter's (make fprtest).
 *
 * the promise
 *   A chain started at n0 grows to hold any number of distinct values,
 *   and keeps
 *     - at most 1.25 p of the values it does not hold answer "maybe",
 *     - every value it holds answers "maybe",
 *   here after 100 times growth (n = 100 n0), checked at 10x, 50x and
 *   100x.  Its size is printed as bytes per element held, against a
 *   bloomfilter planned for n from the start (bf_plan(n, p)).
 *
 * values vs. hashes
 *   As in fpr_counting.c: value number i is splitmix64's finalizer of
 *   seed + i * GAMMA, hashed as an integer (bf_hash_int64); members take
 *   the even indexes, probes the odd ones.  A member that a sub-filter
 *   already answered "maybe" for is not counted (sbf_add_hash), so the
 *   chain holds n values of which a few were never set: they must still
 *   answer "maybe", and are checked like the rest.
 *
 * bounds that do not flake
 *   Over P probes the count is about Binomial(P, q) with q <= p (the
 *   chain's rate is at most p (1 - r) (1 + r + ...) < p): the limit
 *   1.25 pP lies 0.25 sqrt(P p) sd above pP, 35 sd at p = 0.01 and 11 sd
 *   at p = 0.001 for P = 2e6.
 */
#include "bf_core.h"
#include "bf_scalable.h"
#include "fpr.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCALABLE_GAMMA			UINT64_C(0x9e3779b97f4a7c15)
#define SCALABLE_RATE_SLACK		1.25
#define SCALABLE_SEED_OFFSET	200		/* after fpr_counting's and fpr_cuckoo's seeds */
#define SCALABLE_PROBES			UINT64_C(2000000)

typedef struct scalable_case
{
	double		p;
	int64_t		initial_capacity;
	int64_t		expansion;
	double		tightening;
} scalable_case;

static const scalable_case scalable_cases[] = {
	{0.01, 1000, 2, 0.5},
	{1e-3, 1000, 2, 0.5},
	{0.01, 1000, 4, 0.5},
	{0.01, 1000, 2, 0.9},
};

#define SCALABLE_NCASES (sizeof(scalable_cases) / sizeof(scalable_cases[0]))

/* growth factors at which the chain is measured */
static const int64_t scalable_growths[] = {10, 50, 100};

#define SCALABLE_NGROWTHS (sizeof(scalable_growths) / sizeof(scalable_growths[0]))

static inline uint64_t
scalable_mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

static inline uint64_t
scalable_member(uint64_t seed, uint64_t j)
{
	return bf_hash_int64((int64_t) scalable_mix64(seed + 2 * j * SCALABLE_GAMMA));
}

static inline uint64_t
scalable_probe(uint64_t seed, uint64_t j)
{
	return bf_hash_int64((int64_t) scalable_mix64(seed + (2 * j + 1) * SCALABLE_GAMMA));
}

static uint8_t *
scalable_alloc(uint64_t bytes, void *context)
{
	(void) context;
	return malloc((size_t) bytes);
}

static void
scalable_free(uint8_t *bytes, void *context)
{
	(void) context;
	free(bytes);
}

static const sbf_allocator scalable_allocator = {scalable_alloc, scalable_free, NULL};

/* Adds one hash as the glue does (sbf_add_hashes, growing); false if the chain cannot grow. */
static bool
scalable_add(uint8_t **bytes, uint64_t *length, uint64_t hash)
{
	return sbf_add_hashes(bytes, length, &hash, 1, BF_KIND_INTEGER, &scalable_allocator, NULL) == BF_OK;
}

void
fpr_scalable(uint64_t base_seed, int *passed, int *failed)
{
	printf("\nscalablebloom: chains from n0 grown to 10, 50 and 100 times n0\n");
	printf("limits: rate <= %.2f p, no member missed; bytes per element against bf_plan(n, p)\n\n",
		   SCALABLE_RATE_SLACK);
	printf("%-6s %5s %3s %4s %6s %7s %5s %9s %9s %6s %8s %9s %11s %7s %6s  %s\n", "p", "n0", "s", "r", "growth",
		   "n", "subs", "B/elem sb", "B/elem bf", "ratio", "probes", "false pos", "rate", "rate/p", "missed",
		   "verdict");

	for (size_t i = 0; i < SCALABLE_NCASES; i++)
	{
		const scalable_case *c = &scalable_cases[i];
		uint64_t	seed = scalable_mix64(base_seed + SCALABLE_SEED_OFFSET + i);
		uint64_t	length;
		uint8_t    *bytes;
		uint64_t	added = 0;
		bool		built = true;

		if (sbf_empty_bytes(c->initial_capacity, c->p, c->expansion, c->tightening, &length) != BF_OK ||
			(bytes = malloc(length)) == NULL)
		{
			printf("%-6g not built  FAIL\n", c->p);
			*failed += 2 * SCALABLE_NGROWTHS;
			continue;
		}
		sbf_init(bytes, c->initial_capacity, c->p, c->expansion, c->tightening);
		for (size_t g = 0; g < SCALABLE_NGROWTHS; g++)
		{
			uint64_t	n = (uint64_t) (scalable_growths[g] * c->initial_capacity);
			uint64_t	missed = 0;
			uint64_t	false_positives = 0;
			uint64_t	bloom_nblocks;
			int			bloom_k;
			sbf_chain	chain;
			double		rate;
			double		bytes_per_element;
			double		bloom_bytes_per_element;
			bool		ok;

			for (; added < n && built; added++)
				built = scalable_add(&bytes, &length, scalable_member(seed, added));
			if (!built)
			{
				printf("%-6g growth %" PRId64 ": the chain could not grow  FAIL\n", c->p, scalable_growths[g]);
				*failed += 2;
				continue;
			}
			sbf_chain_of(bytes, &chain);
			for (uint64_t j = 0; j < n; j++)
				missed += !sbf_chain_contains_hash(&chain, scalable_member(seed, j));
			for (uint64_t j = 0; j < SCALABLE_PROBES; j++)
				false_positives += sbf_chain_contains_hash(&chain, scalable_probe(seed, j));
			rate = (double) false_positives / (double) SCALABLE_PROBES;
			(void) bf_plan((int64_t) n, c->p, &bloom_nblocks, &bloom_k);
			bytes_per_element = (double) length / (double) n;
			bloom_bytes_per_element = (double) bf_filter_bytes(bloom_nblocks) / (double) n;
			ok = rate <= SCALABLE_RATE_SLACK * c->p && missed == 0;
			if (rate <= SCALABLE_RATE_SLACK * c->p)
				(*passed)++;
			else
				(*failed)++;
			if (missed == 0)
				(*passed)++;
			else
				(*failed)++;
			printf("%-6g %5" PRId64 " %3" PRId64 " %4.2f %5" PRId64 "x %7" PRIu64 " %5u %9.3f %9.3f %6.2f %8" PRIu64
				   " %9" PRIu64 " %11.6f %7.3f %6" PRIu64 "  %s\n",
				   c->p, c->initial_capacity, c->expansion, c->tightening, scalable_growths[g], n, chain.count,
				   bytes_per_element, bloom_bytes_per_element, bytes_per_element / bloom_bytes_per_element,
				   SCALABLE_PROBES, false_positives, rate, rate / c->p, missed, ok ? "ok" : "FAIL");
		}
		free(bytes);
	}
}

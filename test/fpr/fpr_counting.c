/*
 * fpr_counting.c - statistical false-positive-rate test of countingbloom,
 * run by test_fpr.c after bloomfilter's (make fprtest).
 *
 * the promise
 *   countingbloom has bloomfilter's blocks, k and hashing, with a 4-bit
 *   counter for each bit, so a filter sized by bf_plan(n, p, &nblocks, &k)
 *   and holding its n distinct elements keeps bloomfilter's promise
 *     - at most 1.25 p of the values it does not hold answer "maybe",
 *     - every value it holds answers "maybe",
 *   for 4 times the bytes.  Its cast to bloomfilter is the bloomfilter of
 *   the same adds, byte for byte.  After removing half the elements it
 *   holds the other half: they still answer "maybe", the cast is the
 *   bloomfilter of that half, and the rate falls (it is now the rate of n/2
 *   elements in the room of n).
 *
 * values vs. hashes
 *   As in test_fpr.c: value number i of a case is splitmix64's finalizer of
 *   seed + i * GAMMA (a bijection, so distinct indexes give distinct
 *   values), hashed as the extension hashes an integer (bf_hash_int64).
 *   Members take the even indexes, probes the odd ones; the removed half
 *   are the members of odd member number.
 *
 * bounds that do not flake
 *   Over P probes the false-positive count is about Binomial(P, q) with
 *   q <= p; the limit 1.25 pP lies 0.25 sqrt(P p / (1 - p)) sd above pP:
 *
 *       p      n      probes   expected fp    sd     limit    margin
 *     0.01    1e5      2e6        20,000     141    25,000     35 sd
 *     1e-3    1e5      2e6         2,000    44.7     2,500     11 sd
 *
 *   After the removes the expected count is far lower still.  A saturated
 *   counter would keep a removed element's bits and break the cast's
 *   equality; at the design load a block's counters average under 1, and
 *   a counter reaching 15 is a Poisson tail of about 1e-15.
 */
#include "bf_core.h"
#include "bf_counting.h"
#include "fpr.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* As test_fpr.c: splitmix64's increment, odd, so i -> seed + i * GAMMA is a bijection. */
#define COUNTING_GAMMA			UINT64_C(0x9e3779b97f4a7c15)
#define COUNTING_RATE_SLACK		1.25	/* measured rate <= 1.25 p */
/* Cases draw their seeds after test_fpr.c's (base_seed + 0 .. 7). */
#define COUNTING_SEED_OFFSET	100

typedef struct counting_case
{
	double		p;
	int64_t		n;
	uint64_t	probes;
} counting_case;

static const counting_case counting_cases[] = {
	{0.01, 100000, 2000000},
	{1e-3, 100000, 2000000},
};

#define COUNTING_NCASES (sizeof(counting_cases) / sizeof(counting_cases[0]))

/* What is measured at one stage: all n added, or half of them removed. */
typedef struct counting_stage
{
	uint64_t	false_positives;
	uint64_t	missed;			/* members answered "no", or refused by remove */
	bool		cast_equal;		/* cast == bloomfilter of the members held */
} counting_stage;

/* The splitmix64 finalizer, a bijection of 64-bit words. */
static inline uint64_t
counting_mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* Hash of member j (even index) or probe j (odd index). */
static inline uint64_t
member_hash(uint64_t seed, uint64_t j)
{
	return bf_hash_int64((int64_t) counting_mix64(seed + 2 * j * COUNTING_GAMMA));
}

static inline uint64_t
probe_hash(uint64_t seed, uint64_t j)
{
	return bf_hash_int64((int64_t) counting_mix64(seed + (2 * j + 1) * COUNTING_GAMMA));
}

/*
 * Measures a stage: the held members (all, or those of even member number)
 * must be found, the probes counted, and the cast compared with a
 * bloomfilter built from the held members (bloom's buffer is reused).
 */
static void
measure_stage(const counting_case *c, uint64_t seed, uint8_t *counting, uint8_t *bloom,
			  uint8_t *cast, bool half_removed, counting_stage *stage)
{
	bf_view		view = cbf_view_of(counting);
	bf_view		bloom_view;

	bf_init(bloom, view.nblocks, view.k, BF_KIND_INTEGER, (uint64_t) c->n, c->p);
	bloom_view = bf_view_of(bloom);
	for (uint64_t j = 0; j < (uint64_t) c->n; j += half_removed ? 2 : 1)
	{
		uint64_t	hash = member_hash(seed, j);

		stage->missed += !cbf_contains_hash(view, hash);
		bf_add_hash(bloom_view, hash);
	}
	for (uint64_t j = 0; j < c->probes; j++)
		stage->false_positives += cbf_contains_hash(view, probe_hash(seed, j));
	cbf_to_bloom_blocks(view.blocks, cast, 0, view.nblocks);
	stage->cast_equal = memcmp(cast, bloom_view.blocks, view.nblocks * BF_BLOCK_BYTES) == 0;
}

/* Both stages of a case; false if it could not be planned or allocated. */
static bool
run_counting_case(const counting_case *c, uint64_t seed, uint64_t *nblocks, int *k,
				  counting_stage stages[2])
{
	uint8_t    *counting;
	uint8_t    *bloom;
	uint8_t    *cast;

	memset(stages, 0, 2 * sizeof(counting_stage));
	if (bf_plan(c->n, c->p, nblocks, k) != BF_OK)
		return false;
	counting = malloc(cbf_filter_bytes(*nblocks));
	bloom = malloc(bf_filter_bytes(*nblocks));
	cast = malloc(*nblocks * BF_BLOCK_BYTES);
	if (counting == NULL || bloom == NULL || cast == NULL)
	{
		free(counting);
		free(bloom);
		free(cast);
		return false;
	}
	cbf_init(counting, *nblocks, *k, BF_KIND_INTEGER, (uint64_t) c->n, c->p);
	for (uint64_t j = 0; j < (uint64_t) c->n; j++)
		cbf_add_hash(cbf_view_of(counting), member_hash(seed, j));
	measure_stage(c, seed, counting, bloom, cast, false, &stages[0]);

	/* a remove of a member must find it: a refusal is a false negative too */
	for (uint64_t j = 1; j < (uint64_t) c->n; j += 2)
		stages[1].missed += !cbf_remove_hash(cbf_view_of(counting), member_hash(seed, j));
	measure_stage(c, seed, counting, bloom, cast, true, &stages[1]);

	free(counting);
	free(bloom);
	free(cast);
	return true;
}

static void
tally(bool ok, int *passed, int *failed)
{
	if (ok)
		(*passed)++;
	else
		(*failed)++;
}

void
fpr_counting(uint64_t base_seed, int *passed, int *failed)
{
	printf("\ncountingbloom: bf_plan(n, p) filters, all n added, then every other member removed\n");
	printf("limits: rate <= %.2f p, no member missed, the cast equals the bloomfilter of the members held\n\n",
		   COUNTING_RATE_SLACK);
	printf("%-7s %7s %-9s %3s %9s %9s %8s %9s %11s %7s %6s %6s  %s\n", "p", "n", "held", "k",
		   "B/elem cb", "B/elem bf", "probes", "false pos", "rate", "rate/p", "missed", "cast", "verdict");

	for (size_t i = 0; i < COUNTING_NCASES; i++)
	{
		const counting_case *c = &counting_cases[i];
		uint64_t	seed = counting_mix64(base_seed + COUNTING_SEED_OFFSET + i);
		counting_stage stages[2];
		uint64_t	nblocks = 0;
		int			k = 0;

		if (!run_counting_case(c, seed, &nblocks, &k, stages))
		{
			printf("%-7g %7" PRId64 "   not built  FAIL\n", c->p, c->n);
			*failed += 6;
			continue;
		}
		for (int s = 0; s < 2; s++)
		{
			const counting_stage *stage = &stages[s];
			double		rate = (double) stage->false_positives / (double) c->probes;
			bool		rate_ok = rate <= COUNTING_RATE_SLACK * c->p;

			tally(rate_ok, passed, failed);
			tally(stage->missed == 0, passed, failed);
			tally(stage->cast_equal, passed, failed);
			printf("%-7g %7" PRId64 " %-9s %3d %9.3f %9.3f %8" PRIu64 " %9" PRIu64 " %11.4e %7.4f %6" PRIu64 " %6s  %s%s%s%s\n",
				   c->p, c->n, s == 0 ? "all n" : "half", k,
				   (double) cbf_filter_bytes(nblocks) / (double) c->n,
				   (double) bf_filter_bytes(nblocks) / (double) c->n,
				   c->probes, stage->false_positives, rate, rate / c->p, stage->missed,
				   stage->cast_equal ? "equal" : "DIFFER",
				   rate_ok && stage->missed == 0 && stage->cast_equal ? "ok" : "FAIL",
				   rate_ok ? "" : " rate", stage->missed == 0 ? "" : " missed",
				   stage->cast_equal ? "" : " cast");
		}
	}
}

/*
 * fpr_cuckoo.c - statistical test of the cuckoo filter core (bf_cuckoo.c),
 * run by test_fpr.c's main after bloomfilter's cases.
 *
 * the promise
 *   A filter sized by cf_plan(n, p, &nbuckets, &f)
 *     (a) takes distinct elements until at least 95% of its slots are used
 *         before the first insert is refused (BF_ERR_FILTER_FULL);
 *     (b) at 95% load costs at most (log2(1/p) + 3) / 0.95 bits per element,
 *         the cost of the paper's fingerprint of log2(1/p) + 3 bits (Fan et
 *         al. 2014, section 5.1) with 4-slot buckets at that load;
 *     (c) at 95% load answers "maybe" for at most 1.25 p of the values it
 *         does not hold;
 *     (d) answers "maybe" for every value it holds.
 *   (b) holds through the semi-sorted buckets (bf_cuckoo.h): f - 1 bits a
 *   slot, where f = ceil(log2(8 / p)) < log2(1/p) + 4, so (f - 1) / 0.95 is
 *   below the bound: p = 0.01: 9 / 0.95 = 9.47 against 10.15; p = 0.001:
 *   12 / 0.95 = 12.63 against 13.65; p = 0.0001: 16 / 0.95 = 16.84 against
 *   17.15.  Whole f-bit slots (f / 0.95) missed it at the first two.  The
 *   table prints the cost at the load of the first refusal too, and
 *   bloomfilter's bits per element for the same p (bf_plan_rate) beside it.
 *
 * the rate
 *   A probe's fingerprint is uniform over the 2^f - 1 non-zero values and
 *   independent of its buckets, so it matches each of the about 8 a used
 *   slots of its two buckets (load a) with probability 1 / (2^f - 1):
 *   expected rate 1 - (1 - 1 / (2^f - 1))^(8 a), about 7.6 / (2^f - 1) at
 *   a = 0.95: 0.0074 for p = 0.01 (f = 10), 0.00093 for p = 0.001 (f = 13)
 *   and 0.000058 for p = 0.0001 (f = 17).  Over P = 2e6 probes the count is
 *   about Binomial(P, q); the limit 1.25 p P lies 84 sd above the mean at
 *   p = 0.01, 15 sd at 0.001 and 12 sd at 0.0001.
 *
 * values
 *   As in test_fpr.c: value number i of a case is splitmix64(seed + i GAMMA),
 *   distinct for distinct i; members take the even indexes and probes the
 *   odd ones, hashed as the extension hashes an int8 (bf_hash_int64).
 */
#include "bf_cuckoo.h"
#include "fpr.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CF_FPR_GAMMA		UINT64_C(0x9e3779b97f4a7c15)
/* keeps this test's values apart from bloomfilter's cases of the same base seed */
#define CF_FPR_SEED_SALT	UINT64_C(0xc0c0f11e7c0c0f11)

#define CF_FPR_PROBES		2000000
#define CF_FPR_MIN_LOAD		0.95	/* (a), and the load of (b) and (c) */
#define CF_FPR_RATE_SLACK	1.25	/* (c) */

typedef struct cf_fpr_result
{
	bf_status	status;			/* of cf_plan, or the first unexpected refusal */
	uint16_t	version;		/* of the format: 1, power-of-two buckets */
	int64_t		design_n;
	uint64_t	nbuckets;
	int			fp_bits;
	uint64_t	filled;			/* elements in when the first insert was refused */
	uint64_t	members;		/* elements of the filter at 95% load */
	uint64_t	false_positives;
	uint64_t	missed;			/* members answered "no", in both filters */
} cf_fpr_result;

/*
 * The cases: cf_plan(design_n, p) in format version 2, whose bucket count
 * (n / 3.8 rounded up to even) is 0 or 2 mod 4 as n goes, and the same n in
 * version 1, whose count is the next power of two (the table about 76%
 * full at n, and the 95% load of (a) to (c) past it).
 */
typedef struct cf_fpr_shape
{
	double		p;
	int64_t		design_n;
	uint16_t	version;
} cf_fpr_shape;

static const cf_fpr_shape cf_fpr_shapes[] = {
	{0.01, 100000, CF_FORMAT_VERSION},	/* 26316 buckets */
	{0.001, 100000, CF_FORMAT_VERSION},
	{0.0001, 100000, CF_FORMAT_VERSION},
	{0.01, 100008, CF_FORMAT_VERSION},	/* 26318 */
	{0.01, 100000, CF_FORMAT_VERSION_POW2},	/* 32768 */
};

static const double cf_fpr_rates[] = {0.01, 0.001, 0.0001};

static inline uint64_t
cf_fpr_mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* The hash of value number index of stream seed (distinct indexes, distinct values). */
static inline uint64_t
cf_fpr_hash(uint64_t seed, uint64_t index)
{
	return bf_hash_int64((int64_t) cf_fpr_mix64(seed + index * CF_FPR_GAMMA));
}

static uint8_t *
cf_fpr_new_filter(const cf_fpr_result *r, double p)
{
	uint8_t    *filter = malloc((size_t) cf_filter_bytes(r->nbuckets, r->fp_bits));

	if (filter == NULL)
	{
		fprintf(stderr, "fpr_cuckoo: out of memory\n");
		exit(2);
	}
	cf_init(filter, r->nbuckets, r->fp_bits, BF_KIND_INTEGER, (uint64_t) r->design_n, p);
	filter[CF_OFF_VERSION] = (uint8_t) r->version;
	return filter;
}

/* Members (even indexes) until the first refusal; then are they all there? */
static void
cf_fpr_fill(cf_fpr_result *r, double p, uint64_t seed)
{
	uint8_t    *filter = cf_fpr_new_filter(r, p);
	cf_view		view = cf_view_of(filter);
	uint64_t	room = r->nbuckets * CF_SLOTS_PER_BUCKET + 1;	/* the slots and the stash */
	bf_status	status = BF_OK;

	while (r->filled <= room && (status = cf_insert_hash(view, cf_fpr_hash(seed, 2 * r->filled))) == BF_OK)
		r->filled++;
	/* accepted past the room: a fingerprint was lost, reported as a count error */
	if (status != BF_ERR_FILTER_FULL)
		r->status = status == BF_OK ? BF_ERR_FORMAT_COUNTERS : status;
	for (uint64_t j = 0; j < r->filled; j++)
		r->missed += !cf_contains_hash(view, cf_fpr_hash(seed, 2 * j));
	free(filter);
}

/* A fresh filter at 95% load: its members, then the probes (odd indexes). */
static void
cf_fpr_probe(cf_fpr_result *r, double p, uint64_t seed)
{
	uint8_t    *filter = cf_fpr_new_filter(r, p);
	cf_view		view = cf_view_of(filter);

	r->members = (uint64_t) floor(CF_FPR_MIN_LOAD * (double) (r->nbuckets * CF_SLOTS_PER_BUCKET));
	for (uint64_t j = 0; j < r->members && r->status == BF_OK; j++)
		r->status = cf_insert_hash(view, cf_fpr_hash(seed, 2 * j));
	for (uint64_t j = 0; j < r->members; j++)
		r->missed += !cf_contains_hash(view, cf_fpr_hash(seed, 2 * j));
	for (uint64_t j = 0; j < CF_FPR_PROBES; j++)
		r->false_positives += cf_contains_hash(view, cf_fpr_hash(seed, 2 * j + 1));
	free(filter);
}

static void
cf_fpr_count(bool ok, int *passed, int *failed)
{
	if (ok)
		(*passed)++;
	else
		(*failed)++;
}

/* Runs one shape, prints its row, and counts its four checks. */
static void
cf_fpr_case(const cf_fpr_shape *shape, uint64_t seed, int *passed, int *failed)
{
	double		p = shape->p;
	cf_fpr_result r;
	double		slots, table_bits, load, bits, goal, bits_at_full, rate, expected, bloom_bits;
	int			bloom_k;
	bool		load_ok, bits_ok, rate_ok, found_ok;

	memset(&r, 0, sizeof(r));
	r.version = shape->version;
	r.design_n = shape->design_n;
	r.status = cf_plan(shape->design_n, p, &r.nbuckets, &r.fp_bits);
	if (r.version == CF_FORMAT_VERSION_POW2)
		while ((r.nbuckets & (r.nbuckets - 1)) != 0)
			r.nbuckets += r.nbuckets & (~r.nbuckets + 1);	/* up to the next power of two */
	if (r.status == BF_OK)
		cf_fpr_fill(&r, p, seed);
	if (r.status == BF_OK)
		cf_fpr_probe(&r, p, seed);
	if (r.status != BF_OK)
	{
		printf("%-7g not built or refused early: %s  FAIL\n", p, bf_status_message(r.status));
		*failed += 4;
		return;
	}
	slots = (double) (r.nbuckets * CF_SLOTS_PER_BUCKET);
	table_bits = 8.0 * (double) cf_table_bytes(r.nbuckets, r.fp_bits);
	load = (double) r.filled / slots;
	bits = table_bits / (double) r.members;
	goal = (log2(1.0 / p) + 3.0) / CF_FPR_MIN_LOAD;
	bits_at_full = table_bits / (double) r.filled;
	rate = (double) r.false_positives / CF_FPR_PROBES;
	expected = 1.0 - pow(1.0 - 1.0 / (ldexp(1.0, r.fp_bits) - 1.0),
						 CF_SLOTS_PER_BUCKET * 2 * (double) r.members / slots);
	if (bf_plan_rate(p, &bloom_bits, &bloom_k) != BF_OK)
		bloom_bits = NAN;

	load_ok = load >= CF_FPR_MIN_LOAD;
	bits_ok = bits <= goal;
	rate_ok = (double) r.false_positives <= CF_FPR_RATE_SLACK * p * CF_FPR_PROBES;
	found_ok = r.missed == 0;
	printf("%-7g %7" PRId64 " %3d %3d %8" PRIu64 " %9.4f %9.3f %8.3f %9.3f %11.4e %11.4e %7.4f %7" PRIu64 " %10.3f  %s%s%s%s%s\n",
		   p, shape->design_n, r.version, r.fp_bits, r.nbuckets, load, bits, goal, bits_at_full, expected, rate, rate / p,
		   r.missed, bloom_bits,
		   load_ok && bits_ok && rate_ok && found_ok ? "ok" : "FAIL",
		   load_ok ? "" : " load", bits_ok ? "" : " bits", rate_ok ? "" : " rate", found_ok ? "" : " missed");
	cf_fpr_count(load_ok, passed, failed);
	cf_fpr_count(bits_ok, passed, failed);
	cf_fpr_count(rate_ok, passed, failed);
	cf_fpr_count(found_ok, passed, failed);
}

static int
cf_fpr_compare_u64(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *) a;
	uint64_t	y = *(const uint64_t *) b;

	return x < y ? -1 : x > y;
}

/*
 * cuckoo_agg(x) inserts its rows' hashes ascending (bf_state_sorted_hashes),
 * so that every plan builds the same bytes, into the table cf_plan gives for
 * their count.  Ascending hashes come in ascending fingerprint (the top 32
 * bits), not in the order of a stream: does that order fill the table as
 * well?  CF_FPR_SORTED_TRIALS sets of 95% of the slots (cf_plan's most) of
 * a table of 4096 buckets (and of 4094 at p = 0.01), each inserted
 * ascending; the check: at most CF_FPR_SORTED_MAX_FAILED of them refused
 * (the fill test above finds the first refusal past 95% in stream order),
 * and every member found.
 */
#define CF_FPR_SORTED_TRIALS	50
#define CF_FPR_SORTED_MAX_FAILED 2

static void
cf_fpr_sorted(double p, uint64_t sorted_buckets, uint64_t seed, int *passed, int *failed)
{
	uint64_t	members = (uint64_t) floor(CF_FPR_MIN_LOAD * (double) (sorted_buckets * CF_SLOTS_PER_BUCKET));
	uint64_t   *hashes = malloc(members * sizeof(uint64_t));
	uint64_t	nbuckets;
	int			fp_bits;
	int			refused = 0;
	uint64_t	missed = 0;
	uint8_t    *filter;

	if (hashes == NULL || cf_plan((int64_t) members, p, &nbuckets, &fp_bits) != BF_OK ||
		nbuckets != sorted_buckets ||
		(filter = malloc((size_t) cf_filter_bytes(nbuckets, fp_bits))) == NULL)
	{
		printf("%-7g sorted inserts: no plan of %" PRIu64 " buckets  FAIL\n", p, sorted_buckets);
		(*failed) += 2;
		free(hashes);
		return;
	}
	for (int trial = 0; trial < CF_FPR_SORTED_TRIALS; trial++)
	{
		cf_view		view;
		bf_status	status;

		for (uint64_t j = 0; j < members; j++)
			hashes[j] = cf_fpr_hash(seed + (uint64_t) trial * CF_FPR_GAMMA * 7, 2 * j);
		qsort(hashes, members, sizeof(uint64_t), cf_fpr_compare_u64);
		cf_init(filter, nbuckets, fp_bits, BF_KIND_INTEGER, members, p);
		view = cf_view_of(filter);
		status = cf_insert_hashes(view, hashes, members);
		if (status != BF_OK)
		{
			refused++;
			continue;
		}
		for (uint64_t j = 0; j < members; j++)
			missed += !cf_contains_hash(view, hashes[j]);
	}
	printf("%-7g sorted inserts of %" PRIu64 " into %" PRIu64 " buckets (95%% load): refused %d of %d (limit %d), missed %" PRIu64 "  %s\n",
		   p, members, sorted_buckets, refused, CF_FPR_SORTED_TRIALS, CF_FPR_SORTED_MAX_FAILED, missed,
		   refused <= CF_FPR_SORTED_MAX_FAILED && missed == 0 ? "ok" : "FAIL");
	cf_fpr_count(refused <= CF_FPR_SORTED_MAX_FAILED, passed, failed);
	cf_fpr_count(missed == 0, passed, failed);
	free(filter);
	free(hashes);
}

void
fpr_cuckoo(uint64_t base_seed, int *passed, int *failed)
{
	printf("\ncuckoo filter: cf_plan(n, p) (version 1: the buckets up to a power of two); load at the first\n");
	printf("refusal (\"full at\"); at %.0f%% load:\n", 100.0 * CF_FPR_MIN_LOAD);
	printf("bits per element (goal (log2(1/p) + 3) / 0.95) and the rate over %d non-members\n", CF_FPR_PROBES);
	printf("limits: full at >= %.2f, bits <= goal, rate <= %.2f p, no member missed\n",
		   CF_FPR_MIN_LOAD, CF_FPR_RATE_SLACK);
	printf("(\"bits@full\": bits per element at the load of the first refusal; \"bloom bits\": bf_plan_rate)\n\n");
	printf("%-7s %7s %3s %3s %8s %9s %9s %8s %9s %11s %11s %7s %7s %10s  %s\n",
		   "p", "n", "ver", "f", "buckets", "full at", "bits/elem", "goal", "bits@full", "expected", "rate",
		   "rate/p", "missed", "bloom bits", "verdict");
	for (size_t i = 0; i < sizeof(cf_fpr_shapes) / sizeof(cf_fpr_shapes[0]); i++)
		cf_fpr_case(&cf_fpr_shapes[i], cf_fpr_mix64((base_seed ^ CF_FPR_SEED_SALT) + i), passed, failed);
	printf("\n");
	for (size_t i = 0; i < sizeof(cf_fpr_rates) / sizeof(cf_fpr_rates[0]); i++)
		cf_fpr_sorted(cf_fpr_rates[i], 4096, cf_fpr_mix64((base_seed ^ CF_FPR_SEED_SALT) + 16 + i), passed, failed);
	cf_fpr_sorted(0.01, 4094, cf_fpr_mix64((base_seed ^ CF_FPR_SEED_SALT) + 20), passed, failed);
}

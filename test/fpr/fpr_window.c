/*
 * fpr_window.c - statistical test of bloomwindow, run by test_fpr.c after
 * bloomfilter's (make fprtest).
 *
 * the promise (bf_window.h)
 *   A window sized by bw_plan for W insertions (count mode) or n items per
 *   T (time mode) at rate p, in G generations:
 *     - no false negative for any of the last W insertions, or for any item
 *       added within the last T (checked at exactly W insertions, and at a
 *       probe exactly T after the item);
 *     - at a full window at most 1.25 p of the values it never held answer
 *       "maybe".  The worst phase is just before a rotation, when all G
 *       generations are full (c items each); it is measured there, and at
 *       exactly W insertions after a long stream.
 *   And its size: bytes per window element (the whole value over W),
 *   printed for G = 2 .. 8 at p = 0.01 against the age-partitioned Bloom
 *   filter's published 2.78 KiB per 1,000 items at 1% (decred/dcrd
 *   container/apbf); the goal is to be at most that.
 *
 * values
 *   As test_fpr.c: value i is splitmix64's finalizer of seed + i * GAMMA,
 *   hashed as the extension hashes an integer.  The stream takes indexes
 *   0, 1, 2, ..; the probes take indexes from 2^40 on, never added.
 *
 * bounds that do not flake
 *   1,000,000 probes at q <= p = 0.01: expected 10,000 false positives,
 *   sd 99.5; the limit 12,500 is 25 sd above.
 */
#include "bf_core.h"
#include "bf_window.h"
#include "fpr.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW_GAMMA			UINT64_C(0x9e3779b97f4a7c15)
#define WINDOW_RATE_SLACK		1.25
#define WINDOW_SEED_OFFSET		300		/* after counting's and cuckoo's seeds */
#define WINDOW_PROBE_BASE		(UINT64_C(1) << 40)
#define WINDOW_PROBES			1000000
#define WINDOW_W				100000
#define WINDOW_APBF_KIB_PER_1000 2.78	/* decred/dcrd container/apbf, 1% */
#define SECOND					INT64_C(1000000)

static inline uint64_t
window_mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

static inline uint64_t
window_hash(uint64_t seed, uint64_t i)
{
	return bf_hash_int64((int64_t) window_mix64(seed + i * WINDOW_GAMMA));
}

static uint8_t *
window_new(int mode, uint64_t window, uint64_t n, double p, int generations, bw_header *header)
{
	uint8_t    *bytes;

	if (bw_plan(mode, window, n, p, generations, header) != BF_OK)
		return NULL;
	bytes = malloc((size_t) bw_window_bytes(header->generations, header->nblocks));
	if (bytes != NULL)
		bw_init(bytes, header);
	return bytes;
}

static void
window_add(uint8_t *bytes, bw_header *header, uint64_t hash, int64_t t)
{
	unsigned	slot;
	bool		expired;

	if (bw_prepare_add(bytes, header, t, &slot, &expired, 0, NULL) == BF_OK && !expired)
		bw_add_hash(bytes, header, slot, hash);
}

static uint64_t
window_false_positives(const uint8_t *bytes, const bw_header *header, uint64_t seed, int64_t t)
{
	unsigned	live = bw_live_slots(header, t);
	uint64_t	found = 0;

	for (uint64_t i = 0; i < WINDOW_PROBES; i++)
		found += bw_contains_hash(bytes, header, live, window_hash(seed, WINDOW_PROBE_BASE + i));
	return found;
}

static void
window_verdict(bool ok, int *passed, int *failed)
{
	if (ok)
		(*passed)++;
	else
		(*failed)++;
}

/* Count mode at G generations: misses at exactly W, the rate at both phases, the size. */
static void
window_count_case(uint64_t seed, double p, int generations, int *passed, int *failed)
{
	bw_header	header;
	uint8_t    *w = window_new(BW_MODE_COUNT, WINDOW_W, WINDOW_W, p, generations, &header);
	uint64_t	missed = 0;
	uint64_t	fp_full,
				fp_at_w;
	uint64_t	n;
	double		kib_per_1000;
	bool		ok;

	if (w == NULL)
	{
		printf("count G=%d p=%g not built  FAIL\n", generations, p);
		(*failed)++;
		return;
	}
	/* exactly W insertions into a fresh window */
	for (n = 0; n < WINDOW_W; n++)
		window_add(w, &header, window_hash(seed, n), 0);
	for (uint64_t i = 0; i < WINDOW_W; i++)
		missed += !bw_contains_hash(w, &header, bw_live_slots(&header, 0), window_hash(seed, i));
	/* on to the worst phase: the current generation full, the next add rotates */
	while (n < 3 * WINDOW_W || header.gen[header.current].n_added < header.span)
		window_add(w, &header, window_hash(seed, n++), 0);
	for (uint64_t i = n - WINDOW_W; i < n; i++)
		missed += !bw_contains_hash(w, &header, bw_live_slots(&header, 0), window_hash(seed, i));
	fp_full = window_false_positives(w, &header, seed, 0);
	/* a phase in between: W more insertions, so exactly W since the point above */
	for (uint64_t stop = n + WINDOW_W; n < stop;)
		window_add(w, &header, window_hash(seed, n++), 0);
	for (uint64_t i = n - WINDOW_W; i < n; i++)
		missed += !bw_contains_hash(w, &header, bw_live_slots(&header, 0), window_hash(seed, i));
	fp_at_w = window_false_positives(w, &header, seed, 0);
	kib_per_1000 = (double) bw_window_bytes(header.generations, header.nblocks) / WINDOW_W * 1000.0 / 1024.0;
	ok = missed == 0 && fp_full <= WINDOW_RATE_SLACK * p * WINDOW_PROBES &&
		fp_at_w <= WINDOW_RATE_SLACK * p * WINDOW_PROBES;
	printf("count G=%d p=%-6g k=%-2d %5.2f bits/elt  rate full %.5f  at W %.5f  (<= %.5f)  missed %" PRIu64
		   "  %.2f KiB/1000",
		   generations, p, header.k, 8.0 * bw_window_bytes(header.generations, header.nblocks) / WINDOW_W,
		   (double) fp_full / WINDOW_PROBES, (double) fp_at_w / WINDOW_PROBES, WINDOW_RATE_SLACK * p, missed,
		   kib_per_1000);
	/* the published figure is at 1% */
	if (p == 0.01)
		printf(" (apbf %.2f: %s)", WINDOW_APBF_KIB_PER_1000,
			   kib_per_1000 <= WINDOW_APBF_KIB_PER_1000 ? "smaller or equal" : "larger");
	printf("  %s\n", ok ? "ok" : "FAIL");
	window_verdict(ok, passed, failed);
	free(w);
}

/* Time mode: items at a steady n per T; every item found exactly T after its time; the rate then. */
static void
window_time_case(uint64_t seed, double p, int generations, int *passed, int *failed)
{
	int64_t		T = 3600 * SECOND;
	uint64_t	n = WINDOW_W;
	int64_t		step = T / (int64_t) n;
	int64_t		t0 = 1000000 * SECOND;
	bw_header	header;
	uint8_t    *w = window_new(BW_MODE_TIME, (uint64_t) T, n, p, generations, &header);
	uint64_t	missed = 0;
	uint64_t	fp = 0;
	uint64_t	items = 3 * n;
	bool		ok;

	if (w == NULL)
	{
		printf("time  G=%d p=%g not built  FAIL\n", generations, p);
		(*failed)++;
		return;
	}
	for (uint64_t i = 0; i < items; i++)
		window_add(w, &header, window_hash(seed, i), t0 + (int64_t) i * step);
	/* probe at the last item's time: every item of the last T (inclusive) is found */
	{
		int64_t		now = t0 + (int64_t) (items - 1) * step;
		unsigned	live = bw_live_slots(&header, now);

		for (uint64_t i = 0; i < items; i++)
		{
			int64_t		at = t0 + (int64_t) i * step;

			if (at >= now - T)
				missed += !bw_contains_hash(w, &header, live, window_hash(seed, i));
		}
		/* the item exactly T old, on its own */
		missed += !bw_contains_hash(w, &header, live, window_hash(seed, items - 1 - n));
		fp = window_false_positives(w, &header, seed, now);
	}
	ok = missed == 0 && fp <= WINDOW_RATE_SLACK * p * WINDOW_PROBES;
	printf("time  G=%d p=%-6g T=1h n=%" PRIu64 "  rate %.5f (<= %.5f)  missed at exactly T %" PRIu64 "  %s\n",
		   generations, p, n, (double) fp / WINDOW_PROBES, WINDOW_RATE_SLACK * p, missed, ok ? "ok" : "FAIL");
	window_verdict(ok, passed, failed);
	free(w);
}

void
fpr_window(uint64_t base_seed, int *passed, int *failed)
{
	uint64_t	seed = base_seed + WINDOW_SEED_OFFSET;

	printf("\nbloomwindow: W = %d, %d probes never added; rate at a full window <= 1.25 p, no false negative "
		   "in the window; size against the age-partitioned Bloom filter (%.2f KiB per 1000 at 1%%):\n",
		   WINDOW_W, WINDOW_PROBES, WINDOW_APBF_KIB_PER_1000);
	for (int g = BW_MIN_GENERATIONS; g <= BW_MAX_GENERATIONS; g++)
		window_count_case(seed + (uint64_t) g, 0.01, g, passed, failed);
	window_count_case(seed + 20, 0.001, 4, passed, failed);
	window_time_case(seed + 30, 0.01, 4, passed, failed);
	window_time_case(seed + 31, 0.01, 2, passed, failed);
	window_time_case(seed + 32, 0.01, 8, passed, failed);
}

/*
 * probefloor.c - the probes of test/bench/run_filters done by the
 * extension's own core (src/bf_*.c) with no PostgreSQL around them: the
 * least a probe of each type can cost over a bloomfilter probe on this
 * machine, for the probe goals of the cuckoofilter and of a scalablebloom
 * chain of 4.
 *
 * The filters are those of run_filters: n members (random bigints) at
 * p = 0.01; a bloomfilter sized for n; a scalablebloom started at n / 10
 * (expansion 2, tightening 0.5), a chain of 4 once it holds the n; a
 * cuckoofilter sized for n, probed in the unpacked table a stored one is
 * probed in.  The probes: `rows` bigints,
 * 1 in 10 a member, FLOOR_ROW_BYTES apart as in the probed table, each read,
 * hashed (bf_hash_int64) and probed.
 *
 * Each probe is independent of the last, so the processor overlaps the
 * misses of successive probes, as no executor between them can: a type's
 * time over the bloomfilter's is the least any scan pays for it (the
 * floor).  Prints "type ns_per_probe maybes", the median of `runs`
 * interleaved runs, and the filters' sizes on stderr.
 * Usage: probefloor [n] [rows] [runs]   (defaults 1000000 3000000 5)
 */
#define _GNU_SOURCE
#include "bf_cuckoo.h"
#include "bf_scalable.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timing.h"

#define FLOOR_P 0.01
/* bytes of the probed table per row in run_filters (219 MB, 3,000,000 rows) */
#define FLOOR_ROW_BYTES 73

static uint64_t
next_random(uint64_t *state)
{
	uint64_t	z = (*state += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

static void *
allocate(uint64_t bytes)
{
	void	   *buffer = calloc(1, bytes);

	if (buffer == NULL)
	{
		perror("calloc");
		exit(1);
	}
	return buffer;
}

static void
check(bf_status status, const char *what)
{
	if (status != BF_OK)
	{
		fprintf(stderr, "probefloor: %s failed (status %d)\n", what, (int) status);
		exit(1);
	}
}

static uint8_t *
sbf_allocate(uint64_t bytes, void *context)
{
	(void) context;
	return allocate(bytes);
}

static void
sbf_release(uint8_t *bytes, void *context)
{
	(void) context;
	free(bytes);
}

/* A cuckoofilter of the first count member hashes, sized for count, as its unpacked table. */
static uint8_t *
cuckoo_unpacked(const uint64_t *hashes, uint64_t count, cf_view *view)
{
	uint64_t	nbuckets;
	int			fp_bits;
	uint8_t    *filter;
	uint8_t    *unpacked;

	check(cf_plan((int64_t) count, FLOOR_P, &nbuckets, &fp_bits), "cf_plan");
	filter = allocate(cf_filter_bytes(nbuckets, fp_bits));
	cf_init(filter, nbuckets, fp_bits, BF_KIND_INTEGER, count, FLOOR_P);
	*view = cf_view_of(filter);
	check(cf_insert_hashes(*view, hashes, count), "cf_insert_hashes");
	unpacked = allocate(cf_unpacked_bytes(nbuckets, fp_bits));
	cf_unpack_buckets(*view, unpacked, 0, nbuckets);
	fprintf(stderr, "probefloor: cuckoofilter of %llu members: %llu buckets, %.2f MB unpacked\n",
			(unsigned long long) count, (unsigned long long) nbuckets,
			cf_unpacked_bytes(nbuckets, fp_bits) / 1e6);
	return unpacked;
}

typedef struct Filters
{
	bf_view		bloom;
	sbf_chain	chain;
	cf_view		cuckoo;
	const uint8_t *cuckoo_table;
} Filters;

typedef enum FloorType
{
	FLOOR_NONE,					/* the loop alone: read, hash, and a test of the hash */
	FLOOR_BLOOM,
	FLOOR_CHAIN,
	FLOOR_CUCKOO,
	FLOOR_TYPES
} FloorType;

static const char *const type_names[FLOOR_TYPES] = {
	"none", "bloomfilter", "scalablebloom_chain_of_4", "cuckoofilter"
};

static inline bool
probe(const Filters *filters, FloorType type, uint64_t hash)
{
	switch (type)
	{
		case FLOOR_BLOOM:
			return bf_contains_hash(filters->bloom, hash);
		case FLOOR_CHAIN:
			return sbf_chain_contains_hash(&filters->chain, hash);
		case FLOOR_CUCKOO:
			return cf_unpacked_contains_hash(filters->cuckoo, filters->cuckoo_table, hash);
		default:
			return (hash & 1023) == 0;
	}
}

/*
 * Milliseconds for every probe; *found: how many said "maybe".  The values
 * lie FLOOR_ROW_BYTES apart, as the rows of the probed table do, so the
 * loop streams as many bytes through the caches as the scan.
 */
static double
run(const Filters *filters, FloorType type, const uint8_t *table, uint64_t rows, uint64_t *found)
{
	double		start = now_ms();
	uint64_t	hits = 0;

	for (uint64_t i = 0; i < rows; i++)
	{
		int64_t		value;

		memcpy(&value, table + i * FLOOR_ROW_BYTES, sizeof(value));
		hits += probe(filters, type, bf_hash_int64(value));
	}
	*found = hits;
	return now_ms() - start;
}

int
main(int argc, char **argv)
{
	uint64_t	n = argc > 1 ? strtoull(argv[1], NULL, 10) : 1000000;
	uint64_t	rows = argc > 2 ? strtoull(argv[2], NULL, 10) : 3000000;
	int			runs = argc > 3 ? atoi(argv[3]) : 5;
	uint64_t	seed = 42;
	int64_t    *members = allocate(n * sizeof(int64_t));
	uint64_t   *hashes = allocate(n * sizeof(uint64_t));
	uint8_t    *table = allocate(rows * FLOOR_ROW_BYTES + 8);
	Filters		filters;
	uint64_t	nblocks;
	int			k;
	uint8_t    *bloom;
	uint8_t    *chain;
	uint64_t	chain_bytes;
	double	   *times[FLOOR_TYPES];
	uint64_t	found[FLOOR_TYPES];

	if (n < 1000 || rows < 1 || runs < 1)
	{
		fprintf(stderr, "usage: probefloor [n >= 1000] [rows] [runs]\n");
		return 2;
	}
	(void) bf_select_kernels(true);
	for (uint64_t i = 0; i < n; i++)
	{
		members[i] = (int64_t) (next_random(&seed) >> 1);
		hashes[i] = bf_hash_int64(members[i]);
	}
	for (uint64_t i = 0; i < rows; i++)
	{
		int64_t		value = i % 10 == 0 ? members[next_random(&seed) % n] : (int64_t) (next_random(&seed) >> 1);

		memcpy(table + i * FLOOR_ROW_BYTES, &value, sizeof(value));
	}

	check(bf_plan((int64_t) n, FLOOR_P, &nblocks, &k), "bf_plan");
	bloom = allocate(bf_filter_bytes(nblocks));
	bf_init(bloom, nblocks, k, BF_KIND_INTEGER, n, FLOOR_P);
	filters.bloom = bf_view_of(bloom);
	bf_add_hashes(filters.bloom, hashes, n);

	check(sbf_empty_bytes((int64_t) (n / 10), FLOOR_P, 2, 0.5, &chain_bytes), "sbf_empty_bytes");
	chain = allocate(chain_bytes);
	sbf_init(chain, (int64_t) (n / 10), FLOOR_P, 2, 0.5);
	{
		sbf_allocator allocator = {sbf_allocate, sbf_release, NULL};

		check(sbf_add_hashes(&chain, &chain_bytes, hashes, n, BF_KIND_INTEGER, &allocator, NULL), "sbf_add_hashes");
	}
	sbf_chain_of(chain, &filters.chain);
	fprintf(stderr, "probefloor: bloomfilter %.2f MB; scalablebloom %.2f MB in %u sub-filters\n",
			bf_filter_bytes(nblocks) / 1e6, chain_bytes / 1e6, filters.chain.count);

	filters.cuckoo_table = cuckoo_unpacked(hashes, n, &filters.cuckoo);

	for (int t = 0; t < FLOOR_TYPES; t++)
		times[t] = allocate(runs * sizeof(double));
	/* a first pass untimed: every page of the table and the filters mapped */
	for (int t = 0; t < FLOOR_TYPES; t++)
		(void) run(&filters, (FloorType) t, table, rows, &found[t]);
	for (int r = 0; r < runs; r++)
		for (int t = 0; t < FLOOR_TYPES; t++)
			times[t][r] = run(&filters, (FloorType) t, table, rows, &found[t]);
	for (int t = 0; t < FLOOR_TYPES; t++)
		printf("%s %.2f %llu\n", type_names[t], median_of(times[t], runs) * 1e6 / rows,
			   (unsigned long long) found[t]);
	return 0;
}

/*
 * buildfloor.c - the bloom work of bloom_agg over `rows` bigint values, done
 * by the extension's own core (src/bf_*.c) with no PostgreSQL around it: the
 * least time any plan of bloom_agg can add to count(x) on this machine.
 *
 * Each part is what the aggregate must do, in the way it does it:
 *   hash   bf_hash_int64 of every value (XXH3-64 of the canonical bytes)
 *   hash_text  bf_hash_text_utf8 of as many 32-character md5 hex strings
 *          (bloom_agg(s) of the benchmark's md5 column), taken in turn from
 *          a ring of 4096 that stays in the caches: the hashing alone, with
 *          none of the reading of the strings that the scan does anyway
 *   store  the hashes written in order into fresh memory, 8 bytes a row
 *          (bloom_agg(x): the size of the filter is known only after the
 *          last row, so every hash is kept until then)
 *   build  a fresh filter sized for `rows` at p = 0.01, and every hash added
 *          to it (bloom_agg(x)'s final function: bf_add_hashes_le, prefetching)
 *   fixed  the same adds one row at a time through a state in filter mode,
 *          each add parked behind its prefetch (bloom_agg(x, n, p)'s
 *          transition: bf_state_add)
 * Fresh buffers get the huge-page advice the extension gives its own.
 * Prints one line per part, "name milliseconds", the median of `runs`.
 * Usage: buildfloor [rows] [runs]   (defaults 10000000 and 5)
 */
#define _GNU_SOURCE
#include "bf_aggstate.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "timing.h"

#define FLOOR_P 0.01
#define FLOOR_TEXT_RING 4096
#define FLOOR_TEXT_LENGTH 32

/* Fresh anonymous memory, advised for huge pages from 4 MiB up as bloom_advise_huge_pages does. */
static uint8_t *
fresh(size_t bytes)
{
	void	   *buffer = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (buffer == MAP_FAILED)
	{
		perror("mmap");
		exit(1);
	}
#ifdef MADV_HUGEPAGE
	if (bytes >= 4u << 20)
		(void) madvise(buffer, bytes, MADV_HUGEPAGE);
#endif
	return buffer;
}

typedef struct floor_run
{
	double		hash,
				hash_text,
				store,
				build,
				fixed;
} floor_run;

static floor_run
one_run(uint64_t rows)
{
	floor_run	run;
	uint64_t	nblocks;
	int			k;
	uint64_t	sum = 0;
	double		started;
	uint8_t    *hashes,
			   *filter,
			   *filter_memory,
			   *state,
			   *state_memory;

	if (bf_plan((int64_t) rows, FLOOR_P, &nblocks, &k) != BF_OK)
	{
		fprintf(stderr, "buildfloor: no plan for %llu rows\n", (unsigned long long) rows);
		exit(1);
	}

	started = now_ms();
	for (uint64_t i = 0; i < rows; i++)
		sum += bf_hash_int64((int64_t) (i * UINT64_C(0x9e3779b97f4a7c15)));
	run.hash = now_ms() - started;

	{
		/* the ring: md5-like hex strings of 32 characters, distinct */
		static char ring[FLOOR_TEXT_RING][FLOOR_TEXT_LENGTH];

		for (int i = 0; i < FLOOR_TEXT_RING; i++)
			for (int c = 0; c < FLOOR_TEXT_LENGTH; c++)
				ring[i][c] = "0123456789abcdef"[(bf_hash_int64(i) >> (2 * c)) & 15];
		started = now_ms();
		for (uint64_t i = 0; i < rows; i++)
			sum += bf_hash_text_utf8(ring[i % FLOOR_TEXT_RING], FLOOR_TEXT_LENGTH);
		run.hash_text = now_ms() - started;
	}

	hashes = fresh(rows * 8);
	started = now_ms();
	for (uint64_t i = 0; i < rows; i++)
		bf_store_u64(hashes + 8 * i, bf_hash_int64((int64_t) (i * UINT64_C(0x9e3779b97f4a7c15))));
	run.store = now_ms() - started - run.hash;

	started = now_ms();
	/* its blocks on cache line boundaries, as bloom_agg's final function places them */
	filter_memory = fresh(bf_filter_bytes(nblocks) + BF_BLOCK_BYTES);
	filter = filter_memory + BF_BLOCK_BYTES - BF_HEADER_BYTES;
	bf_init(filter, nblocks, k, BF_KIND_INTEGER, rows, FLOOR_P);
	bf_add_hashes_le(bf_view_of(filter), hashes, rows);
	run.build = now_ms() - started;

	started = now_ms();
	/* its blocks on cache line boundaries, as bloom_agg places a state in filter mode */
	state_memory = fresh(bf_state_bytes_filter(nblocks) + BF_BLOCK_BYTES);
	state = state_memory +
		(BF_BLOCK_BYTES - (BF_STATE_FILTER_OFFSET + BF_HEADER_BYTES) % BF_BLOCK_BYTES) % BF_BLOCK_BYTES;
	bf_state_init_filter(state, nblocks, k, BF_STATE_SIZING_FIXED, FLOOR_P, rows);
	for (uint64_t i = 0; i < rows; i++)
		bf_state_add(state, bf_load_u64(hashes + 8 * i), BF_KIND_INTEGER);
	bf_state_set_counts(state, BF_KIND_INTEGER, rows);
	run.fixed = now_ms() - started;

	/* the filters must agree, or the timings measured different work */
	if (memcmp(bf_state_filter(state) + BF_HEADER_BYTES, filter + BF_HEADER_BYTES,
			   bf_filter_bytes(nblocks) - BF_HEADER_BYTES) != 0 || sum == 0)
	{
		fprintf(stderr, "buildfloor: the two builds differ\n");
		exit(1);
	}
	munmap(hashes, rows * 8);
	munmap(filter_memory, bf_filter_bytes(nblocks) + BF_BLOCK_BYTES);
	munmap(state_memory, bf_state_bytes_filter(nblocks) + BF_BLOCK_BYTES);
	return run;
}

int
main(int argc, char **argv)
{
	uint64_t	rows = argc > 1 ? strtoull(argv[1], NULL, 10) : 10000000;
	int			runs = argc > 2 ? atoi(argv[2]) : 5;
	double		parts[5][64];

	if (rows == 0 || rows > (UINT64_C(1) << 32) || runs < 1 || runs > 64)
	{
		fprintf(stderr, "usage: buildfloor [rows 1..2^32] [runs 1..64]\n");
		return 2;
	}
	for (int r = 0; r < runs; r++)
	{
		floor_run	run = one_run(rows);

		parts[0][r] = run.hash;
		parts[1][r] = run.hash_text;
		parts[2][r] = run.store;
		parts[3][r] = run.build;
		parts[4][r] = run.fixed;
	}
	for (int part = 0; part < 5; part++)
	{
		static const char *const names[] = {"hash", "hash_text", "store", "build", "fixed"};

		printf("%s %.1f\n", names[part], median_of(parts[part], runs));
	}
	return 0;
}

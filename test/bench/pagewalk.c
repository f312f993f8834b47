/*
 * pagewalk.c - the latency of one random read from a buffer of a given size,
 * on 4 kB pages and on 2 MiB huge pages, outside PostgreSQL: what a probe of
 * a filter read whole waits for, one line per probe.  Each read's address
 * depends on the value the one before it read, so the reads do not overlap
 * and the time is the latency: the caches, then a page walk once a 4 kB
 * page's entry has left the TLB.  The benchmark prints it so that the size
 * from which bloom_alloc_probed asks for huge pages (8 MiB) can be checked on
 * the machine at hand.
 *
 * Usage: pagewalk [reads [runs]]   (2,000,000 reads, median of 5 runs)
 * Prints one line per size: MiB, ns a read on 4 kB pages, ns on huge pages,
 * and the MiB of huge pages the kernel granted (0 when transparent huge
 * pages are off: then both columns are 4 kB pages).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "timing.h"

#define HUGE_PAGE_BYTES	((size_t) 2 << 20)
#define LINE_BYTES		64
#define MAX_RUNS		15

static uint64_t
mix64(uint64_t x)
{
	x ^= x >> 33;
	x *= UINT64_C(0xff51afd7ed558ccd);
	x ^= x >> 33;
	x *= UINT64_C(0xc4ceb9fe1a85ec53);
	x ^= x >> 33;
	return x;
}

/* kB of anonymous huge pages this process holds */
static long
anon_huge_kb(void)
{
	FILE	   *smaps = fopen("/proc/self/smaps_rollup", "r");
	char		line[256];
	long		kb = 0;

	if (smaps == NULL)
		return 0;
	while (fgets(line, sizeof(line), smaps) != NULL)
		if (sscanf(line, "AnonHugePages: %ld kB", &kb) == 1)
			break;
	fclose(smaps);
	return kb;
}

/* median ns of one dependent random read of a line of the bytes at base */
static double
read_latency(const volatile uint8_t *base, size_t bytes, long reads, int runs)
{
	uint64_t	lines = bytes / LINE_BYTES;
	uint64_t	carried = 0;
	double		times[MAX_RUNS];

	for (int run = 0; run < runs; run++)
	{
		double		start = now_ms();

		for (long i = 0; i < reads; i++)
			carried += base[(mix64((uint64_t) i + carried) % lines) * LINE_BYTES];
		times[run] = (now_ms() - start) * 1e6 / reads;
	}
	if (carried == 42)			/* keeps the reads */
		putchar(' ');
	return median_of(times, runs);
}

int
main(int argc, char **argv)
{
	static const int sizes_mib[] = {2, 4, 6, 8, 12, 24};
	long		reads = argc > 1 ? atol(argv[1]) : 2000000;
	int			runs = argc > 2 ? atoi(argv[2]) : 5;

	if (reads < 1 || runs < 1 || runs > MAX_RUNS)
	{
		fprintf(stderr, "usage: pagewalk [reads [runs (1 to %d)]]\n", MAX_RUNS);
		return 2;
	}
	for (size_t s = 0; s < sizeof(sizes_mib) / sizeof(sizes_mib[0]); s++)
	{
		size_t		bytes = (size_t) sizes_mib[s] << 20;
		double		ns[2];
		long		huge_kb = 0;

		for (int huge = 0; huge <= 1; huge++)
		{
			/* fresh memory, as a long-lived process's malloc may not give (it reuses pages already faulted in) */
			uint8_t    *memory = mmap(NULL, bytes + HUGE_PAGE_BYTES, PROT_READ | PROT_WRITE,
									  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
			uint8_t    *base;
			long		before = anon_huge_kb();

			if (memory == MAP_FAILED)
				return 1;
			base = (uint8_t *) (((uintptr_t) memory + HUGE_PAGE_BYTES - 1) & ~(uintptr_t) (HUGE_PAGE_BYTES - 1));
			(void) madvise(base, bytes, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
			memset(base, 1, bytes);
			if (huge)
				huge_kb = anon_huge_kb() - before;
			ns[huge] = read_latency(base, bytes, reads, runs);
			munmap(memory, bytes + HUGE_PAGE_BYTES);
		}
		printf("%d %.1f %.1f %ld\n", sizes_mib[s], ns[0], ns[1], huge_kb / 1024);
	}
	return 0;
}

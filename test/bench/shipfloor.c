/*
 * shipfloor.c - what it costs on this machine to move parallel workers'
 * bloom_agg states into the leader, with no PostgreSQL in the way.
 *
 * A self-sizing bloom_agg keeps 8 bytes a row until its last row: the size
 * of its filter follows from the count of every participant's rows, so no
 * participant can build before the leader has them all.  In a parallel plan
 * each worker's state reaches the leader through the query's shared memory
 * (src/bloomfilter_ship.c), and the leader's combine function copies it
 * once, after its own share of the scan, into the state that the final
 * build reads.  This program does `copies` copies of `rows` hashes into
 * freshly mapped memory, on 4 kB pages and on huge pages, and prints the
 * milliseconds of all the copies, the median of `runs`, one line per page
 * size: "4k ms" and "huge ms".
 * Usage: shipfloor [rows] [copies] [runs]   (defaults 6666667, 1 and 5: the
 * two workers' share of 10M rows, copied once)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "timing.h"

static double
copies_ms(const char *source, size_t bytes, int copies, int huge)
{
	double		started = now_ms();

	for (int i = 0; i < copies; i++)
	{
		char	   *target = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (target == MAP_FAILED)
			return -1;
#ifdef MADV_HUGEPAGE
		if (huge)
			madvise(target, bytes, MADV_HUGEPAGE);
#endif
		memcpy(target, source, bytes);
		munmap(target, bytes);
	}
	return now_ms() - started;
}

int
main(int argc, char **argv)
{
	size_t		rows = argc > 1 ? strtoull(argv[1], NULL, 10) : 6666667;
	int			copies = argc > 2 ? atoi(argv[2]) : 1;
	int			runs = argc > 3 ? atoi(argv[3]) : 5;
	double		small_pages[64];
	double		huge_pages[64];
	size_t		bytes;
	char	   *source;

	if (rows == 0 || rows > ((size_t) 1 << 32) || copies < 1 || copies > 16 || runs < 1 || runs > 64)
	{
		fprintf(stderr, "usage: shipfloor [rows 1..2^32] [copies 1..16] [runs 1..64]\n");
		return 2;
	}
	bytes = rows * 8;
	source = malloc(bytes);
	if (source == NULL)
		return 1;
	memset(source, 1, bytes);
	for (int r = 0; r < runs; r++)
	{
		small_pages[r] = copies_ms(source, bytes, copies, 0);
		huge_pages[r] = copies_ms(source, bytes, copies, 1);
		if (small_pages[r] < 0 || huge_pages[r] < 0)
		{
			perror("shipfloor: mmap");
			return 1;
		}
	}
	printf("4k %.1f\nhuge %.1f\n", median_of(small_pages, runs), median_of(huge_pages, runs));
	free(source);
	return 0;
}

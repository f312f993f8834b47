/*
 * shipfloor.c - what it costs on this machine to move a parallel worker's
 * bloom_agg state to the leader, with no PostgreSQL in the way.
 *
 * A self-sizing bloom_agg keeps 8 bytes a row.  In a parallel plan each
 * worker's state crosses into the leader as one tuple, and the executor
 * copies it into fresh memory about four times on the way (the tuple the
 * worker forms, the reader's reassembly buffer, the slot's copy, the
 * minimal tuple).  This program does the same copies of `rows` hashes into
 * freshly mapped memory, on 4 kB pages (what malloc gives) and on huge
 * pages, and prints milliseconds: the floor of shipping 8 bytes a row.
 * Usage: shipfloor [rows] [copies]   (defaults 3333333 and 4)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

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
	size_t		rows = argc > 1 ? strtoull(argv[1], NULL, 10) : 3333333;
	int			copies = argc > 2 ? atoi(argv[2]) : 4;
	size_t		bytes = rows * 8;
	char	   *source = malloc(bytes);

	if (source == NULL)
		return 1;
	memset(source, 1, bytes);
	printf("%zu rows (%.1f MB), %d copies into fresh memory: 4 kB pages %.1f ms, huge pages %.1f ms\n",
		   rows, bytes / 1e6, copies, copies_ms(source, bytes, copies, 0), copies_ms(source, bytes, copies, 1));
	return 0;
}

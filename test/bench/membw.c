/*
 * membw.c - read bandwidth of this machine's memory, for the benchmark's
 * "within 2x of memory bandwidth" comparison: sums a 1 GiB buffer of 64-bit
 * words five times and prints the best rate in GB/s.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BUFFER_BYTES ((size_t) 1 << 30)

static double
seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

int
main(void)
{
	uint64_t   *words = malloc(BUFFER_BYTES);
	size_t		count = BUFFER_BYTES / sizeof(uint64_t);
	double		best = 0.0;
	volatile uint64_t sink = 0;

	if (words == NULL)
		return 1;
	memset(words, 1, BUFFER_BYTES);
	for (int run = 0; run < 5; run++)
	{
		double		start = seconds();
		uint64_t	sum = 0;

		for (size_t i = 0; i < count; i++)
			sum += words[i];
		sink += sum;
		if (BUFFER_BYTES / (seconds() - start) / 1e9 > best)
			best = BUFFER_BYTES / (seconds() - start) / 1e9;
	}
	printf("%.2f\n", best);
	free(words);
	return sink == 42;
}

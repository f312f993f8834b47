/*
 * timing.h - the clock and the median of the floor programs
 * (buildfloor.c, shipfloor.c), which print the median of several runs.
 */
#ifndef BENCH_TIMING_H
#define BENCH_TIMING_H

#include <stdlib.h>
#include <time.h>

static inline double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static inline int
compare_doubles(const void *a, const void *b)
{
	double		x = *(const double *) a,
				y = *(const double *) b;

	return (x > y) - (x < y);
}

/* The median of count values (sorted in place); of an even count, the mean of the middle two. */
static inline double
median_of(double *values, int count)
{
	qsort(values, count, sizeof(double), compare_doubles);
	return (values[(count - 1) / 2] + values[count / 2]) / 2;
}

#endif

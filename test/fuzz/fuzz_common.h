/*
 * fuzz_common.h - what both fuzz targets use: an invariant check that aborts
 * (libFuzzer then keeps the input), a seeded hash stream, and allocation.
 */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REQUIRE(expr) \
	do { \
		if (!(expr)) \
		{ \
			fprintf(stderr, "%s:%d: invariant failed: %s\n", __FILE__, __LINE__, #expr); \
			abort(); \
		} \
	} while (0)

/* splitmix64: probe hashes, seeded from the input so a crash reproduces */
static inline uint64_t
next_hash(uint64_t *state)
{
	uint64_t	z = (*state += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

static inline void *
xmalloc(uint64_t bytes)
{
	void	   *p = malloc(bytes > 0 ? (size_t) bytes : 1);

	if (p == NULL)
	{
		fprintf(stderr, "out of memory allocating %llu bytes\n", (unsigned long long) bytes);
		abort();
	}
	return p;
}

static inline uint8_t *
copy_bytes(const uint8_t *bytes, uint64_t length)
{
	uint8_t    *copy = xmalloc(length);

	memcpy(copy, bytes, (size_t) length);
	return copy;
}

#endif							/* FUZZ_COMMON_H */

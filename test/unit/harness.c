/*
 * harness.c - the unit tests' counters, checks and shared helpers (see
 * harness.h).
 */
#include "harness.h"

/* ---- the tiny harness ---- */

int			tests_passed;
int			tests_failed;

void
check_bool(int ok, const char *file, int line, const char *text)
{
	if (ok)
		tests_passed++;
	else
	{
		tests_failed++;
		printf("%s:%d: FAILED: %s\n", file, line, text);
	}
}

void
check_status(bf_status got, bf_status want, const char *file, int line,
			 const char *text, const char *want_text)
{
	if (got == want)
		tests_passed++;
	else
	{
		tests_failed++;
		printf("%s:%d: FAILED: %s == %s (got %d \"%s\", want %d \"%s\")\n", file, line, text,
			   want_text, (int) got, bf_status_message(got), (int) want, bf_status_message(want));
	}
}

void
check_u64(uint64_t got, uint64_t want, const char *file, int line,
		  const char *text, const char *want_text)
{
	if (got == want)
		tests_passed++;
	else
	{
		tests_failed++;
		printf("%s:%d: FAILED: %s == %s (got %" PRIu64 " = 0x%" PRIx64 ", want %" PRIu64 " = 0x%" PRIx64 ")\n",
			   file, line, text, want_text, got, got, want, want);
	}
}


/* ---- helpers ---- */

uint64_t	rng_state = UINT64_C(0x243f6a8885a308d3);

/* splitmix64: a fixed, portable stream */
uint64_t
rng_next(void)
{
	uint64_t	z = (rng_state += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* The hash of an integer value: XXH3 over its int64 little-endian bytes. */
uint64_t
hash_int(uint64_t v)
{
	uint8_t		bytes[8];

	bf_store_u64(bytes, v);
	return bf_hash_bytes(bytes, sizeof(bytes));
}

void *
xcalloc(uint64_t bytes)
{
	void	   *p = calloc(1, (size_t) bytes);

	if (p == NULL)
	{
		printf("out of memory allocating %" PRIu64 " bytes\n", bytes);
		exit(2);
	}
	return p;
}

/* A new empty filter (kind NONE, n_added 0) in a malloc'd buffer. */
uint8_t *
new_filter(uint64_t nblocks, int k, uint64_t design_n, double design_p)
{
	uint8_t    *filter = malloc((size_t) bf_filter_bytes(nblocks));

	if (filter == NULL)
	{
		printf("out of memory\n");
		exit(2);
	}
	memset(filter, 0xA5, (size_t) bf_filter_bytes(nblocks));	/* bf_init must clear it */
	bf_init(filter, nblocks, k, BF_KIND_NONE, design_n, design_p);
	return filter;
}

/* Sets what an add of n values of kind does to the header. */
void
set_added(uint8_t *filter, uint32_t kind, uint64_t n_added)
{
	bf_store_u32(filter + BF_OFF_VALUE_KIND, kind);
	bf_store_u64(filter + BF_OFF_N_ADDED, n_added);
}

/* A filter of nblocks with the hashes of integers [first, first+count). */
uint8_t *
filter_of_range(uint64_t nblocks, int k, uint64_t first, uint64_t count)
{
	uint8_t    *filter = new_filter(nblocks, k, count, 0.01);
	bf_view		view = bf_view_of(filter);

	for (uint64_t v = first; v < first + count; v++)
		bf_add_hash(view, hash_int(v));
	if (count > 0)
		set_added(filter, BF_KIND_INTEGER, count);
	return filter;
}

uint64_t
popcount_bytes(const uint8_t *bytes, uint64_t length)
{
	uint64_t	bits = 0;

	for (uint64_t i = 0; i < length; i++)
		bits += (uint64_t) __builtin_popcount(bytes[i]);
	return bits;
}

double
classic_bits_per_element(double p)
{
	return -log(p) / (LN2 * LN2);
}

bf_status
check_filter(const uint8_t *f, uint64_t length)
{
	bf_header	header;

	return bf_check_header(f, length, &header);
}

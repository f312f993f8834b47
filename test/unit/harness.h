/*
 * harness.h - what every unit-test file of the core shares: no framework,
 * CHECK counts passes and failures and prints file:line and the failed
 * expression.  All inputs are deterministic (a fixed splitmix64 stream), so a
 * failure reproduces exactly.
 */
#ifndef BLOOMFILTER_TEST_HARNESS_H
#define BLOOMFILTER_TEST_HARNESS_H

#include "bf_core.h"
#include "bf_aggstate.h"
#include "bf_counting.h"
#include "bf_cuckoo.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern int	tests_passed;
extern int	tests_failed;
extern uint64_t rng_state;

void		check_bool(int ok, const char *file, int line, const char *text);
void		check_status(bf_status got, bf_status want, const char *file, int line,
						 const char *text, const char *want_text);
void		check_u64(uint64_t got, uint64_t want, const char *file, int line,
					  const char *text, const char *want_text);

#define CHECK(expr) check_bool((expr) ? 1 : 0, __FILE__, __LINE__, #expr)
#define CHECK_STATUS(expr, want) check_status((expr), (want), __FILE__, __LINE__, #expr, #want)
#define CHECK_U64(expr, want) check_u64((uint64_t) (expr), (uint64_t) (want), __FILE__, __LINE__, #expr, #want)

static const double LN2 = 0.69314718055994530942;	/* M_LN2 is not C11 */

/* splitmix64: a fixed, portable stream */
uint64_t	rng_next(void);

/* The hash of an integer value: XXH3 over its int64 little-endian bytes. */
uint64_t	hash_int(uint64_t v);

void	   *xcalloc(uint64_t bytes);

/* A new empty filter (kind NONE, n_added 0) in a malloc'd buffer. */
uint8_t    *new_filter(uint64_t nblocks, int k, uint64_t design_n, double design_p);

/* Sets what an add of n values of kind does to the header. */
void		set_added(uint8_t *filter, uint32_t kind, uint64_t n_added);

/* A filter of nblocks with the hashes of integers [first, first+count). */
uint8_t    *filter_of_range(uint64_t nblocks, int k, uint64_t first, uint64_t count);

uint64_t	popcount_bytes(const uint8_t *bytes, uint64_t length);
double		classic_bits_per_element(double p);

/* bf_check_header's verdict on a filter of length bytes. */
bf_status	check_filter(const uint8_t *f, uint64_t length);

/* The tests, by core module: test_sizing.c, test_filter.c, test_format.c, test_aggstate.c,
 * test_counting.c, test_cuckoo.c */
void		test_counting(void);
void		test_cuckoo(void);
void		test_window(void);
void		test_scalable(void);
void		test_status_and_le(void);
void		test_sizing_classic(void);
void		test_sizing_blocked(void);
void		test_hashing(void);
void		test_folding(void);
void		test_union_intersection(void);
void		test_stats(void);
void		test_simd_kernels(bool simd_available);
void		test_multi_block_kernels(bool simd_available);
void		test_format(void);
void		test_base64(void);
void		test_chunk_sizes(void);
void		test_aggstate_hashes(void);
void		test_aggstate_filter_auto(void);
void		test_aggstate_filter_small(void);
void		test_aggstate_parked(void);
void		test_aggstate_reserve_limit(void);
void		test_aggstate_sorted_hashes(void);

#endif

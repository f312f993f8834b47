/*
 * test_core.c - unit tests of the pure C core (src/bf_*.c), no server needed.
 *
 * Built and run by `make unittest`.  No test framework: CHECK counts passes
 * and failures and prints file:line and the failed expression; the last line
 * of output is "N passed, N failed", and the exit status is 1 on any failure.
 *
 * The tests live in one file per core module (test_sizing.c, test_filter.c,
 * test_format.c, test_aggstate.c, test_counting.c, test_cuckoo.c,
 * test_window.c, test_scalable.c) and share harness.h; this file runs them,
 * once with the SIMD kernels (if the CPU has them) and once with the scalar
 * code.  All inputs are deterministic (a fixed splitmix64 stream), so a
 * failure reproduces exactly.
 */
#include "harness.h"

int
main(void)
{
	/* the constructor chose the kernels; every test runs with SIMD (if any) and scalar */
	bool		simd_available = bf_select_kernels(true);

	test_simd_kernels(simd_available);
	test_multi_block_kernels(simd_available);
	for (int pass = 0; pass < (simd_available ? 2 : 1); pass++)
	{
		(void) bf_select_kernels(pass == 0 && simd_available);
		test_status_and_le();
		test_sizing_classic();
		test_sizing_blocked();
		test_hashing();
		test_folding();
		test_union_intersection();
		test_format();
		test_base64();
		test_chunk_sizes();
		test_aggstate_hashes();
		test_aggstate_filter_auto();
		test_aggstate_filter_small();
		test_aggstate_parked();
		test_aggstate_reserve_limit();
		test_aggstate_sorted_hashes();
		test_stats();
		test_counting();
		test_cuckoo();
		test_window();
		test_scalable();
	}
	printf("%d passed, %d failed (kernels: %s)\n", tests_passed, tests_failed,
		   simd_available ? "AVX-512 and scalar" : "scalar");
	return tests_failed > 0 ? 1 : 0;
}

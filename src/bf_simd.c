/*
 * bf_simd.c - AVX-512 kernels for the per-element add and test (bf_core.h).
 *
 * why
 *   A probe or add is instruction-bound once its cache line is at hand: the
 *   scalar code spends about 12 instructions per bit (multiply, two shifts,
 *   a load, a test or an OR, loop control), 70-80 for k = 6.  A sequential
 *   scan retires several instructions per cycle, so every instruction saved
 *   per row shows in the query's time (test/bench measures it).
 *
 * the math, lane by lane (lane i holds bit i of the element, i < k)
 *   position_i = (hash * SALT[i]) >> 55        vpmullq, vpsrlq: 9 bits, 0..511
 *   word_i     = position_i >> 6               which of the 8 words of the line
 *   bit_i      = 1 << (position_i & 63)
 *   test: vpermq gathers word word_i of the line into lane i (the line is one
 *     512-bit register), and one masked vptestnmq finds a lane whose bit is
 *     clear: all k bits in a handful of instructions, no branch per bit.
 *   Groups of eight bits repeat the test for k > 8 (BF_MAX_K = 32).
 *   add: the 512-bit mask of bit i is 1 << (position_i - 64 j) in word j,
 *     which vpsllvq makes 0 wherever position_i - 64 j is outside 0..63 (as
 *     an unsigned count, a negative one is huge): one broadcast, subtract and
 *     shift a bit.  Its position comes from a scalar multiply, which runs on
 *     other ports than the vector work, and vpternlogq ORs two bits' masks
 *     into the sum at once: about 3.5 vector instructions a bit, where
 *     rotating a vector of eight positions past the eight words costs 32 per
 *     group of eight, whatever k.
 *
 * Only bf_select_kernels decides whether these run; they are compiled for
 * AVX-512 with a target attribute, so the rest of the library keeps the
 * baseline instruction set.
 */
#include "bf_core.h"

bool		bf_simd_kernels = false;

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define BF_HAVE_AVX512_KERNELS 1
#include <immintrin.h>
#endif

#ifdef BF_HAVE_AVX512_KERNELS

#define BF_AVX512_TARGET __attribute__((target("avx512f,avx512dq")))

/* Lanes 0..k-g-1 of the group of bits starting at bit g. */
BF_AVX512_TARGET static inline __mmask8
bf_simd_lanes(int k, int g)
{
	return k - g >= 8 ? (__mmask8) 0xFF : (__mmask8) ((1u << (k - g)) - 1);
}

/* Positions of bits g..g+7 of hash: (hash * SALT[i]) >> 55 in lane i - g. */
BF_AVX512_TARGET static inline __m512i
bf_simd_positions(__m512i hash, int g)
{
	__m512i		salts = _mm512_loadu_si512((const void *) (BF_POSITION_SALT + g));

	return _mm512_srli_epi64(_mm512_mullo_epi64(hash, salts), 55);
}

BF_AVX512_TARGET static inline bool
bf_simd_block_contains(const uint8_t *block, int k, uint64_t hash)
{
	__m512i		h = _mm512_set1_epi64((long long) hash);
	__m512i		words = _mm512_loadu_si512((const void *) block);
	__m512i		one = _mm512_set1_epi64(1);
	__m512i		low6 = _mm512_set1_epi64(63);
	__mmask8	missing = 0;

	/* k <= 8, the usual case (k = 6 at p = 1%): one group, no loop */
	if (k <= 8)
	{
		__m512i		position = bf_simd_positions(h, 0);
		__m512i		word = _mm512_permutexvar_epi64(_mm512_srli_epi64(position, 6), words);
		__m512i		bit = _mm512_sllv_epi64(one, _mm512_and_si512(position, low6));

		return _mm512_mask_testn_epi64_mask((__mmask8) ((1u << k) - 1), word, bit) == 0;
	}
	for (int g = 0; g < k; g += 8)
	{
		__m512i		position = bf_simd_positions(h, g);
		__m512i		word = _mm512_permutexvar_epi64(_mm512_srli_epi64(position, 6), words);
		__m512i		bit = _mm512_sllv_epi64(one, _mm512_and_si512(position, low6));

		missing |= _mm512_mask_testn_epi64_mask(bf_simd_lanes(k, g), word, bit);
	}
	return missing == 0;
}

/* Bit position's mask: 1 << (position - 64 j) in word j, 0 in the others. */
BF_AVX512_TARGET static inline __m512i
bf_simd_bit_mask(unsigned position)
{
	const __m512i word_offsets = _mm512_set_epi64(448, 384, 320, 256, 192, 128, 64, 0);

	return _mm512_sllv_epi64(_mm512_set1_epi64(1),
							 _mm512_sub_epi64(_mm512_set1_epi64((long long) position), word_offsets));
}

BF_AVX512_TARGET static inline void
bf_simd_block_add(uint8_t *block, int k, uint64_t hash)
{
	__m512i		mask = _mm512_setzero_si512();
	int			i = 0;

	for (; i + 1 < k; i += 2)
		/* 0xFE: a | b | c */
		mask = _mm512_ternarylogic_epi64(mask, bf_simd_bit_mask(bf_bit_position(hash, i)),
										 bf_simd_bit_mask(bf_bit_position(hash, i + 1)), 0xFE);
	if (i < k)
		mask = _mm512_or_si512(mask, bf_simd_bit_mask(bf_bit_position(hash, i)));
	_mm512_storeu_si512((void *) block, _mm512_or_si512(_mm512_loadu_si512((const void *) block), mask));
}

BF_AVX512_TARGET bool
bf_block_contains_hash_simd(const uint8_t *block, int k, uint64_t hash)
{
	return bf_simd_block_contains(block, k, hash);
}

BF_AVX512_TARGET void
bf_block_add_hash_simd(uint8_t *block, int k, uint64_t hash)
{
	bf_simd_block_add(block, k, hash);
}

/*
 * Blocks that share the bits of hash (a window's generations, a chain's
 * sub-filters) share their positions: the word indexes and bits of each
 * group of eight are computed once, then each block costs a permute and a
 * test a group.
 */
typedef struct bf_simd_probe
{
	__m512i		word_index[BF_MAX_K / 8];
	__m512i		bit[BF_MAX_K / 8];
} bf_simd_probe;

BF_AVX512_TARGET static inline void
bf_simd_probe_of(uint64_t hash, int max_k, bf_simd_probe *probe)
{
	__m512i		h = _mm512_set1_epi64((long long) hash);

	for (int g = 0; g < max_k; g += 8)
	{
		__m512i		position = bf_simd_positions(h, g);

		probe->word_index[g / 8] = _mm512_srli_epi64(position, 6);
		probe->bit[g / 8] = _mm512_sllv_epi64(_mm512_set1_epi64(1), _mm512_and_si512(position, _mm512_set1_epi64(63)));
	}
}

/* Lanes of the k bits that block lacks (none: all set). */
BF_AVX512_TARGET static inline __mmask8
bf_simd_probe_missing(const bf_simd_probe *probe, const uint8_t *block, int k)
{
	__m512i		words = _mm512_loadu_si512((const void *) block);
	__mmask8	missing = 0;

	for (int g = 0; g < k; g += 8)
		missing |= _mm512_mask_testn_epi64_mask(bf_simd_lanes(k, g),
												_mm512_permutexvar_epi64(probe->word_index[g / 8], words),
												probe->bit[g / 8]);
	return missing;
}

/* k > 16: the probe's groups on the stack, kept out of the usual case's frame */
BF_AVX512_TARGET static __attribute__((noinline)) bool
bf_blocks_contain_hash_wide(const uint8_t *const *blocks, const uint8_t *ks, int count, int max_k, uint64_t hash)
{
	bf_simd_probe probe;

	bf_simd_probe_of(hash, max_k, &probe);
	for (int i = 0; i < count; i++)
		if (bf_simd_probe_missing(&probe, blocks[i], ks[i]) == 0)
			return true;
	return false;
}

BF_AVX512_TARGET bool
bf_blocks_contain_hash_simd(const uint8_t *const *blocks, const uint8_t *ks, int count, uint64_t hash)
{
	int			max_k = 0;
	__m512i		h;
	__m512i		position0;
	__m512i		position1;
	__m512i		index0;
	__m512i		index1;
	__m512i		bit0;
	__m512i		bit1;
	bool		found = false;

	for (int i = 0; i < count; i++)
		max_k = ks[i] > max_k ? ks[i] : max_k;
	if (max_k > 16)
		return bf_blocks_contain_hash_wide(blocks, ks, count, max_k, hash);
	/* k <= 16, the usual case (a chain tightens p by half a step: k grows by one): two groups, in registers */
	h = _mm512_set1_epi64((long long) hash);
	position0 = bf_simd_positions(h, 0);
	position1 = bf_simd_positions(h, 8);
	index0 = _mm512_srli_epi64(position0, 6);
	index1 = _mm512_srli_epi64(position1, 6);
	bit0 = _mm512_sllv_epi64(_mm512_set1_epi64(1), _mm512_and_si512(position0, _mm512_set1_epi64(63)));
	bit1 = _mm512_sllv_epi64(_mm512_set1_epi64(1), _mm512_and_si512(position1, _mm512_set1_epi64(63)));
	for (int i = 0; i < count; i++)
	{
		__m512i		words = _mm512_loadu_si512((const void *) blocks[i]);
		__mmask8	missing = _mm512_mask_testn_epi64_mask(bf_simd_lanes(ks[i], 0),
														   _mm512_permutexvar_epi64(index0, words), bit0);

		if (ks[i] > 8)
			missing |= _mm512_mask_testn_epi64_mask(bf_simd_lanes(ks[i], 8),
													_mm512_permutexvar_epi64(index1, words), bit1);
		found |= missing == 0;
	}
	return found;
}

/* k > 8: the probe's groups on the stack, kept out of the usual case's frame */
BF_AVX512_TARGET static __attribute__((noinline)) bool
bf_run_contains_hash_wide(const uint8_t *run, int count, unsigned live, int k, uint64_t hash)
{
	bf_simd_probe probe;
	bool		found = false;

	bf_simd_probe_of(hash, k, &probe);
	for (int i = 0; i < count; i++)
		found |= (live >> i & 1) && bf_simd_probe_missing(&probe, run + i * BF_BLOCK_BYTES, k) == 0;
	return found;
}

/* A run's blocks are adjacent and read anyway: every live one is tested, with no branch on the answers. */
BF_AVX512_TARGET bool
bf_run_contains_hash_simd(const uint8_t *run, int count, unsigned live, int k, uint64_t hash)
{
	__m512i		position;
	__m512i		word_index;
	__m512i		bit;
	__mmask8	lanes;
	bool		found = false;

	if (k > 8)
		return bf_run_contains_hash_wide(run, count, live, k, hash);
	/* k <= 8, the usual case: one group, kept in registers */
	position = bf_simd_positions(_mm512_set1_epi64((long long) hash), 0);
	word_index = _mm512_srli_epi64(position, 6);
	bit = _mm512_sllv_epi64(_mm512_set1_epi64(1), _mm512_and_si512(position, _mm512_set1_epi64(63)));
	lanes = (__mmask8) ((1u << k) - 1);
	for (int i = 0; i < count; i++)
	{
		__m512i		words = _mm512_loadu_si512((const void *) (run + i * BF_BLOCK_BYTES));

		found |= (live >> i & 1) &&
			_mm512_mask_testn_epi64_mask(lanes, _mm512_permutexvar_epi64(word_index, words), bit) == 0;
	}
	return found;
}

BF_AVX512_TARGET void
bf_add_hashes_simd(bf_view view, const uint8_t *hashes, size_t count)
{
	for (size_t i = 0; i < count; i++)
	{
		uint64_t	hash;

		if (i + BF_PREFETCH_DISTANCE < count)
		{
			memcpy(&hash, hashes + 8 * (i + BF_PREFETCH_DISTANCE), 8);
			bf_prefetch_hash(view, hash);
		}
		memcpy(&hash, hashes + 8 * i, 8);
		bf_simd_block_add(view.blocks + bf_block_of(hash, view.nblocks) * BF_BLOCK_BYTES, view.k, hash);
	}
}

bool
bf_select_kernels(bool allow_simd)
{
	__builtin_cpu_init();
	bf_simd_kernels = allow_simd && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq");
	return bf_simd_kernels;
}

#else							/* no AVX-512 kernels on this platform */

bool
bf_block_contains_hash_simd(const uint8_t *block, int k, uint64_t hash)
{
	return bf_block_contains_hash_scalar(block, k, hash);
}

void
bf_block_add_hash_simd(uint8_t *block, int k, uint64_t hash)
{
	bf_block_add_hash_scalar(block, k, hash);
}

bool
bf_blocks_contain_hash_simd(const uint8_t *const *blocks, const uint8_t *ks, int count, uint64_t hash)
{
	bool		found = false;

	for (int i = 0; i < count; i++)
		found |= bf_block_contains_hash_scalar(blocks[i], ks[i], hash);
	return found;
}

bool
bf_run_contains_hash_simd(const uint8_t *run, int count, unsigned live, int k, uint64_t hash)
{
	bool		found = false;

	for (int i = 0; i < count; i++)
		found |= (live >> i & 1) && bf_block_contains_hash_scalar(run + i * BF_BLOCK_BYTES, k, hash);
	return found;
}

void
bf_add_hashes_simd(bf_view view, const uint8_t *hashes, size_t count)
{
	for (size_t i = 0; i < count; i++)
	{
		uint64_t	hash;

		memcpy(&hash, hashes + 8 * i, 8);
		bf_block_add_hash_scalar(view.blocks + bf_block_of(hash, view.nblocks) * BF_BLOCK_BYTES, view.k, hash);
	}
}

bool
bf_select_kernels(bool allow_simd)
{
	(void) allow_simd;
	bf_simd_kernels = false;
	return false;
}

#endif

/* Every program that links the core starts with the best kernels its CPU has. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((constructor)) static void
bf_simd_startup(void)
{
	(void) bf_select_kernels(true);
}
#endif

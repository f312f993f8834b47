/*
 * fuzz_counting.c - libFuzzer target: countingbloom's text and binary input.
 *
 * Built and run by test/fuzz/run.  Each input is tried two ways, as
 * fuzz_decode.c tries bloomfilter's:
 *   text form    if the bytes contain no NUL: bf_base64_decoded_length, then
 *                bf_base64_decode_chunked (checked against one whole-text
 *                decode), then cbf_validate in small chunks;
 *   binary form  the raw bytes, copied, then cbf_validate.
 * Every value that passes goes through what the extension does with one,
 * and this target abort()s when an invariant fails:
 *   - validation: the chunked scan agrees with one whole scan, calls
 *     between() once per chunk, and only for kind none; the value is never
 *     taken for a bloomfilter (its magic is "CBLM");
 *   - statistics: counters_set and counters_saturated equal a count of the
 *     counters one by one, saturated <= set <= 512 nblocks, and the bloom
 *     part is the cast's own (bits_set = counters_set);
 *   - the cast: cbf_bloom_header and cbf_to_bloom_blocks give a value that
 *     passes bf_validate_filter, with bloomfilter's answer to every probe;
 *   - add and remove on a copy (never on the input): an added hash is
 *     contained and the members stay; its remove reports "found", and when
 *     none of its counters reached 15 the counters are byte-identical to
 *     before the add; a remove of a hash with a counter at 0 changes
 *     nothing; a remove of a hash that is contained (here, a false positive
 *     never added) changes exactly its counters, each by how often it is
 *     among the k positions, never below 0, never a saturated one;
 *   - union (bf_plan_combine, then cbf_add_blocks in chunks): with itself,
 *     every counter becomes min(15, 2c) and the result validates; with the
 *     grown copy, both orders give the same bytes and keep every member;
 *   - every result passes cbf_validate again after a base64 round trip
 *     (what pg_dump and restore do), byte-identically.
 * The glue works in chunks of 65536 blocks and 4 MiB of text; the values
 * here are far smaller, so the chunked calls use FUZZ_CHUNK_BLOCKS and
 * FUZZ_BASE64_CHUNK to exercise the chunk offsets.
 */
#include "bf_counting.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"


/* Chunk size, in blocks, of the chunked loops (the glue's is 65536). */
#define FUZZ_CHUNK_BLOCKS		3


/* Random hashes probed per value, and hashes added to its copy. */
#define FUZZ_PROBES				32
#define FUZZ_ADDS				4

#define FUZZ_MAX_MEMBERS		(FUZZ_PROBES + FUZZ_ADDS)

static uint64_t
min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

/* ---- validation: cbf_validate, as the glue calls it ---- */

static int	between_calls;

static void
count_between(void)
{
	between_calls++;
}

static bf_status
validate_counting(const uint8_t *bytes, uint64_t length, bf_header *header)
{
	bf_header	whole_header;
	bf_header	bloom_header;
	bf_status	header_status = cbf_check_header(bytes, length, &whole_header);
	bf_status	whole_status = cbf_validate(bytes, length, &whole_header, CBF_MAX_BLOCKS, NULL);
	bf_status	status;

	between_calls = 0;
	status = cbf_validate(bytes, length, header, FUZZ_CHUNK_BLOCKS, count_between);
	REQUIRE(status == whole_status);
	if (header_status != BF_OK)
		REQUIRE(status == header_status && between_calls == 0);
	else if (whole_header.value_kind != BF_KIND_NONE)
		REQUIRE(status == BF_OK && between_calls == 0);	/* no scan once a kind is set */
	else
		REQUIRE(status == BF_ERR_FORMAT_COUNTERS ||
				(uint64_t) between_calls == (whole_header.nblocks + FUZZ_CHUNK_BLOCKS - 1) / FUZZ_CHUNK_BLOCKS);
	/* a countingbloom is never read as a bloomfilter */
	if (status == BF_OK)
		REQUIRE(bf_check_header(bytes, length, &bloom_header) == BF_ERR_FORMAT_MAGIC);
	return status;
}

/* out, then in: canonical base64 of the bytes, decoding to the same bytes, which validate */
static void
require_round_trip(const uint8_t *bytes, uint64_t length)
{
	char	   *text = fuzz_encode_text(bytes, length);
	uint64_t	decoded_length;
	bool		too_large;
	uint8_t    *decoded = fuzz_decode_text(text, bf_base64_length(length), &decoded_length, &too_large);
	bf_header	header;

	REQUIRE(decoded != NULL && decoded_length == length);
	REQUIRE(memcmp(decoded, bytes, (size_t) length) == 0);
	REQUIRE(validate_counting(decoded, decoded_length, &header) == BF_OK);
	free(decoded);
	free(text);
}

/* ---- statistics and the cast ---- */

static cbf_stats
check_stats(const uint8_t *filter, const bf_header *header)
{
	const uint8_t *blocks = filter + BF_HEADER_BYTES;
	cbf_stats	stats;
	uint64_t	set = 0,
				saturated = 0;

	memset(&stats, 0, sizeof(stats));
	for (uint64_t first = 0; first < header->nblocks; first += FUZZ_CHUNK_BLOCKS)
		cbf_stats_blocks(blocks, header->k, first, min_u64(FUZZ_CHUNK_BLOCKS, header->nblocks - first), &stats);
	for (uint64_t b = 0; b < header->nblocks; b++)
		for (unsigned j = 0; j < BF_BLOCK_BITS; j++)
		{
			unsigned	counter = cbf_counter(blocks + b * CBF_BLOCK_BYTES, j);

			set += counter > 0;
			saturated += counter == CBF_COUNTER_MAX;
		}
	REQUIRE(stats.counters_set == set && stats.counters_saturated == saturated);
	REQUIRE(stats.counters_set <= BF_BLOCK_BITS * header->nblocks);
	REQUIRE(stats.counters_saturated <= stats.counters_set);
	REQUIRE(stats.bloom.bits_set == stats.counters_set);
	REQUIRE(stats.bloom.fpp_sum >= 0.0 && stats.bloom.fpp_sum <= (double) header->nblocks);
	REQUIRE(stats.bloom.cardinality >= 0.0 && isfinite(stats.bloom.cardinality));
	if (header->value_kind == BF_KIND_NONE)
		REQUIRE(set == 0);
	return stats;
}

/*
 * The cast, as the glue makes it: a valid bloomfilter answering every probe
 * as the countingbloom does.
 */
static void
check_cast(const uint8_t *filter, const bf_header *header, uint64_t seed)
{
	cbf_stats	stats = check_stats(filter, header);
	uint64_t	length = bf_filter_bytes(header->nblocks);
	uint8_t    *cast = xmalloc(length);
	bf_header	bloom_header;
	bf_header	checked;

	cbf_bloom_header(header, stats.counters_set > 0, &bloom_header);
	bf_write_header(cast, &bloom_header);
	for (uint64_t first = 0; first < header->nblocks; first += FUZZ_CHUNK_BLOCKS)
		cbf_to_bloom_blocks(filter + BF_HEADER_BYTES, cast + BF_HEADER_BYTES, first,
							min_u64(FUZZ_CHUNK_BLOCKS, header->nblocks - first));
	REQUIRE(bf_validate_filter(cast, length, &checked, FUZZ_CHUNK_BLOCKS, NULL) == BF_OK);
	REQUIRE(checked.nblocks == header->nblocks && checked.k == header->k);
	REQUIRE(checked.n_added == (header->n_added != 0 ? header->n_added : stats.counters_set > 0));
	for (int i = 0; i < FUZZ_PROBES; i++)
	{
		uint64_t	hash = next_hash(&seed);

		REQUIRE(cbf_contains_hash(cbf_view_of((uint8_t *) filter), hash) ==
				bf_contains_hash(bf_view_of(cast), hash));
	}
	free(cast);
}

/* ---- add and remove, on a copy ---- */

static void
require_members(const uint8_t *filter, const uint64_t *members, int count)
{
	bf_view		view = cbf_view_of((uint8_t *) filter);

	for (int i = 0; i < count; i++)
		REQUIRE(cbf_contains_hash(view, members[i]));
}

/* The glue's header update after an add, and after a remove that found the value. */
static void
count_add(uint8_t *filter)
{
	uint32_t	kind = bf_load_u32(filter + BF_OFF_VALUE_KIND);

	if (kind == BF_KIND_NONE)
		bf_store_u32(filter + BF_OFF_VALUE_KIND, BF_KIND_INTEGER);
	bf_store_u64(filter + BF_OFF_N_ADDED, bf_sat_add_u64(bf_load_u64(filter + BF_OFF_N_ADDED), 1));
}

static void
count_remove(uint8_t *filter)
{
	uint64_t	n_added = bf_load_u64(filter + BF_OFF_N_ADDED);

	bf_store_u64(filter + BF_OFF_N_ADDED, n_added > 0 ? n_added - 1 : 0);
}

/* Whether one of hash's k counters is at 15. */
static bool
touches_saturated(bf_view view, uint64_t hash)
{
	const uint8_t *block = cbf_block_of_hash(view, hash);

	for (int i = 0; i < view.k; i++)
		if (cbf_counter(block, bf_bit_position(hash, i)) == CBF_COUNTER_MAX)
			return true;
	return false;
}

/*
 * A remove of hash, contained, on a copy: each of its counters goes down
 * by how often it is among the k positions, stopping at 0, unless it is
 * saturated; nothing else changes.
 */
static void
check_remove_rule(const uint8_t *filter, uint64_t length, uint64_t hash)
{
	uint8_t    *copy = copy_bytes(filter, length);
	bf_view		view = cbf_view_of(copy);
	uint64_t	block_offset = BF_HEADER_BYTES + bf_block_of(hash, view.nblocks) * CBF_BLOCK_BYTES;
	const uint8_t *before = filter + block_offset;
	const uint8_t *after = copy + block_offset;

	REQUIRE(cbf_remove_hash(view, hash));
	for (unsigned j = 0; j < BF_BLOCK_BITS; j++)
	{
		unsigned	uses = 0;
		unsigned	old = cbf_counter(before, j);

		for (int i = 0; i < view.k; i++)
			uses += bf_bit_position(hash, i) == j;
		if (old == CBF_COUNTER_MAX)
			REQUIRE(cbf_counter(after, j) == old);
		else
			REQUIRE(cbf_counter(after, j) == (old > uses ? old - uses : 0));
	}
	/* outside the block, nothing */
	REQUIRE(memcmp(copy, filter, (size_t) block_offset) == 0);
	REQUIRE(memcmp(copy + block_offset + CBF_BLOCK_BYTES, filter + block_offset + CBF_BLOCK_BYTES,
				   (size_t) (length - block_offset - CBF_BLOCK_BYTES)) == 0);
	free(copy);
}

/*
 * Adds FUZZ_ADDS hashes to grown (a copy of the value), checking add and
 * remove on the way; returns the members (*count of them) grown holds.
 */
static void
grow(uint8_t *grown, uint64_t length, uint64_t *seed, uint64_t *members, int *count)
{
	uint8_t    *before = xmalloc(length);

	for (int i = 0; i < FUZZ_ADDS; i++)
	{
		uint64_t	hash = next_hash(seed);
		bool		saturated;

		memcpy(before, grown, (size_t) length);
		cbf_add_hash(cbf_view_of(grown), hash);
		count_add(grown);
		REQUIRE(cbf_contains_hash(cbf_view_of(grown), hash));
		members[(*count)++] = hash;
		require_members(grown, members, *count);
		saturated = touches_saturated(cbf_view_of(grown), hash);
		REQUIRE(cbf_remove_hash(cbf_view_of(grown), hash));
		count_remove(grown);
		if (!saturated)
			REQUIRE(memcmp(grown + BF_HEADER_BYTES, before + BF_HEADER_BYTES,
						   (size_t) (length - BF_HEADER_BYTES)) == 0);
		/* and again, to keep */
		cbf_add_hash(cbf_view_of(grown), hash);
		count_add(grown);
	}
	free(before);
}

/* ---- union ---- */

/* a + b as a new value, as the glue's union runs it; NULL where it raises an error. */
static uint8_t *
unite(const uint8_t *a, const bf_header *a_header, const uint8_t *b, const bf_header *b_header,
	  uint64_t *length)
{
	bf_combine_plan plan;
	uint8_t    *result;

	if (bf_plan_combine(a_header, b_header, false, &plan) != BF_OK)
		return NULL;
	*length = cbf_filter_bytes(plan.result.nblocks);
	if (plan.result_is != BF_RESULT_COMBINED)
		return copy_bytes(plan.result_is == BF_RESULT_A ? a : b, *length);
	REQUIRE(plan.fold_a == 1 && plan.fold_b == 1);
	REQUIRE(a_header->nblocks == plan.result.nblocks && b_header->nblocks == plan.result.nblocks);
	result = copy_bytes(a, *length);
	for (uint64_t first = 0; first < plan.result.nblocks; first += FUZZ_CHUNK_BLOCKS)
		cbf_add_blocks(result + BF_HEADER_BYTES, b + BF_HEADER_BYTES, first,
					   min_u64(FUZZ_CHUNK_BLOCKS, plan.result.nblocks - first));
	bf_write_header_as(result, &cbf_layout, &plan.result);
	return result;
}

/* x + x: every counter doubles, stopping at 15; an empty x is its own union */
static void
check_self_union(const uint8_t *filter, uint64_t length, const bf_header *header)
{
	uint64_t	union_length = 0;
	uint8_t    *u = unite(filter, header, filter, header, &union_length);
	bf_header	checked;

	REQUIRE(u != NULL && union_length == length);
	REQUIRE(validate_counting(u, union_length, &checked) == BF_OK);
	for (uint64_t j = 0; j < header->nblocks * BF_BLOCK_BITS && header->n_added != 0; j++)
	{
		const uint8_t *x = filter + BF_HEADER_BYTES + (j / BF_BLOCK_BITS) * CBF_BLOCK_BYTES;
		const uint8_t *ux = u + BF_HEADER_BYTES + (j / BF_BLOCK_BITS) * CBF_BLOCK_BYTES;
		unsigned	twice = 2 * cbf_counter(x, (unsigned) (j % BF_BLOCK_BITS));

		REQUIRE(cbf_counter(ux, (unsigned) (j % BF_BLOCK_BITS)) == min_u64(twice, CBF_COUNTER_MAX));
	}
	if (header->n_added == 0)
		REQUIRE(memcmp(u, filter, (size_t) length) == 0);
	check_stats(u, &checked);
	require_round_trip(u, union_length);
	free(u);
}

/* a + b = b + a, valid, holding every member of either */
static void
check_pair_union(const uint8_t *a, const bf_header *a_header, const uint8_t *b, const bf_header *b_header,
				 const uint64_t *members, int count)
{
	uint64_t	ab_length = 0,
				ba_length = 0;
	uint8_t    *ab = unite(a, a_header, b, b_header, &ab_length);
	uint8_t    *ba = unite(b, b_header, a, a_header, &ba_length);
	bf_header	checked;

	REQUIRE(ab != NULL && ba != NULL);
	REQUIRE(ab_length == ba_length && memcmp(ab, ba, (size_t) ab_length) == 0);
	REQUIRE(validate_counting(ab, ab_length, &checked) == BF_OK);
	require_members(ab, members, count);
	free(ab);
	free(ba);
}

/* ---- the read and write paths, on one valid value ---- */

static void
exercise(const uint8_t *filter, uint64_t length, const bf_header *header, uint64_t seed)
{
	bf_view		view = cbf_view_of((uint8_t *) filter);
	uint64_t	members[FUZZ_MAX_MEMBERS];
	int			member_count = 0;
	uint8_t    *grown;
	bf_header	grown_header;

	REQUIRE(view.nblocks == header->nblocks && view.k == header->k);
	REQUIRE(length == cbf_filter_bytes(header->nblocks));

	check_cast(filter, header, seed);
	for (int i = 0; i < FUZZ_PROBES; i++)
	{
		uint64_t	hash = next_hash(&seed);

		if (cbf_contains_hash(view, hash))
		{
			REQUIRE(header->value_kind != BF_KIND_NONE);
			members[member_count++] = hash;
			check_remove_rule(filter, length, hash);
		}
		else
		{
			uint8_t    *copy = copy_bytes(filter, length);

			/* certainly absent: "not found", and nothing changes */
			REQUIRE(!cbf_remove_hash(cbf_view_of(copy), hash));
			REQUIRE(memcmp(copy, filter, (size_t) length) == 0);
			free(copy);
		}
	}

	/* add and remove on a copy: never write into an input value */
	grown = copy_bytes(filter, length);
	grow(grown, length, &seed, members, &member_count);
	REQUIRE(validate_counting(grown, length, &grown_header) == BF_OK);
	REQUIRE(grown_header.nblocks == header->nblocks && grown_header.k == header->k);
	check_cast(grown, &grown_header, seed);
	require_round_trip(grown, length);

	check_self_union(filter, length, header);
	check_self_union(grown, length, &grown_header);
	check_pair_union(filter, header, grown, &grown_header, members, member_count);
	free(grown);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint64_t	seed = bf_hash_bytes(data, size);
	bf_header	header;

	/* the text form: a cstring, so no NUL inside */
	if (size > 0 && memchr(data, 0, size) == NULL)
	{
		uint64_t	decoded_length;
		bool		too_large;
		uint8_t    *decoded = fuzz_decode_text((const char *) data, size, &decoded_length, &too_large);

		if (too_large)
			return 0;
		if (decoded != NULL)
		{
			if (validate_counting(decoded, decoded_length, &header) == BF_OK)
			{
				require_round_trip(decoded, decoded_length);
				exercise(decoded, decoded_length, &header, seed);
			}
			free(decoded);
		}
	}

	/* the binary form: the bytes themselves, in a buffer of their own */
	if (size <= FUZZ_MAX_DECODED_BYTES)
	{
		uint8_t    *bytes = copy_bytes(data, size);

		if (validate_counting(bytes, size, &header) == BF_OK)
		{
			require_round_trip(bytes, size);
			exercise(bytes, size, &header, seed);
			/* reading never writes: the value is as received */
			REQUIRE(memcmp(bytes, data, size) == 0);
		}
		free(bytes);
	}
	return 0;
}

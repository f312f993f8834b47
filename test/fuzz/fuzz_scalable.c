/*
 * fuzz_scalable.c - libFuzzer target: scalablebloom's text and binary input.
 *
 * Built and run by test/fuzz/run.  Each input is tried as base64 text (if
 * it has no NUL) and as raw bytes, through sbf_validate in small chunks.
 * Every value that passes goes through what the extension does with one,
 * and this target abort()s when an invariant fails:
 *   - validation: the chunked scan agrees with one whole scan, and a value
 *     that validates passes the per-read check (sbf_check) too; it is never
 *     taken for a bloomfilter (its magic is "SBLM");
 *   - adds on a copy (never on the input), growing the chain as the glue
 *     does: every added hash is contained afterwards, the grown chain
 *     validates, and adding the same hashes again changes nothing;
 *   - union (sbf_union_check, then sbf_union_into a copy of the longer
 *     chain, in chunks): with itself and with the grown copy, both orders
 *     give the same bytes, every member is kept, and the result validates;
 *   - statistics: each sub-filter's estimated rate is in [0, 1];
 *   - every result passes sbf_validate again after a base64 round trip.
 * FUZZ_CHUNK_BLOCKS exercises the chunk offsets of the glue's loops.
 */
#include "bf_scalable.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

#define FUZZ_CHUNK_BLOCKS		3
#define FUZZ_PROBES				32
#define FUZZ_ADDS				48		/* enough to fill a small first sub-filter */
/* grown chains stay small: a fuzzed chain may plan its next sub-filter large */
#define FUZZ_MAX_GROWN_BYTES	(UINT64_C(1) << 20)

static int	between_calls;

static void
count_between(void)
{
	between_calls++;
}

static bf_status
validate_scalable(const uint8_t *bytes, uint64_t length, sbf_header *header, sbf_subfilter *subs)
{
	sbf_header	whole_header;
	sbf_subfilter whole_subs[SBF_MAX_SUBFILTERS];
	bf_header	bloom_header;
	bf_status	whole = sbf_validate(bytes, length, &whole_header, whole_subs, 0, NULL);
	bf_status	status;

	between_calls = 0;
	status = sbf_validate(bytes, length, header, subs, FUZZ_CHUNK_BLOCKS, count_between);
	REQUIRE(status == whole);
	if (status == BF_OK)
	{
		REQUIRE(sbf_check(bytes, length, &whole_header, whole_subs) == BF_OK);
		REQUIRE(bf_check_header(bytes, length, &bloom_header) == BF_ERR_FORMAT_MAGIC);
		REQUIRE(header->subfilters >= 1 && header->subfilters <= SBF_MAX_SUBFILTERS);
		REQUIRE(subs[header->subfilters - 1].offset + subs[header->subfilters - 1].nblocks * BF_BLOCK_BYTES == length);
	}
	return status;
}

static void
require_round_trip(const uint8_t *bytes, uint64_t length)
{
	char	   *text = fuzz_encode_text(bytes, length);
	uint64_t	decoded_length;
	bool		too_large;
	uint8_t    *decoded = fuzz_decode_text(text, bf_base64_length(length), &decoded_length, &too_large);
	sbf_header	header;
	sbf_subfilter subs[SBF_MAX_SUBFILTERS];

	REQUIRE(decoded != NULL && decoded_length == length);
	REQUIRE(memcmp(decoded, bytes, (size_t) length) == 0);
	REQUIRE(validate_scalable(decoded, decoded_length, &header, subs) == BF_OK);
	free(decoded);
	free(text);
}

static bool
contains(const uint8_t *bytes, uint64_t hash)
{
	sbf_chain	chain;

	sbf_chain_of((uint8_t *) bytes, &chain);
	return sbf_chain_contains_hash(&chain, hash);
}

/* grown chains from xmalloc, refused (NULL: the add fails) past FUZZ_MAX_GROWN_BYTES */
static uint8_t *
fuzz_alloc(uint64_t bytes, void *context)
{
	(void) context;
	return bytes > FUZZ_MAX_GROWN_BYTES ? NULL : xmalloc(bytes);
}

static void
fuzz_free(uint8_t *bytes, void *context)
{
	(void) context;
	free(bytes);
}

static const sbf_allocator fuzz_allocator = {fuzz_alloc, fuzz_free, NULL};

/* The glue's add (sbf_add_hashes): false when the chain cannot (or here, should not) grow. */
static bool
add(uint8_t **bytes, uint64_t *length, uint64_t hash)
{
	uint8_t    *before = *bytes;
	uint64_t	before_length = *length;
	bf_status	status = sbf_add_hashes(bytes, length, &hash, 1, BF_KIND_INTEGER, &fuzz_allocator, NULL);

	/* refused: nothing changed */
	if (status != BF_OK)
		REQUIRE(*bytes == before && *length == before_length);
	return status == BF_OK;
}

/* a | b as the glue makes it; NULL where it raises an error */
static uint8_t *
unite(const uint8_t *a, uint64_t a_length, const uint8_t *b, uint64_t b_length, uint64_t *length)
{
	sbf_header	ha,
				hb;
	const char *differs;
	const uint8_t *longer;
	const uint8_t *shorter;
	uint8_t    *result;

	sbf_read_header(a, &ha);
	sbf_read_header(b, &hb);
	if (sbf_union_check(&ha, &hb, &differs) != BF_OK)
		return NULL;
	if (hb.n_added == 0)
		return *length = a_length, copy_bytes(a, a_length);
	if (ha.n_added == 0)
		return *length = b_length, copy_bytes(b, b_length);
	longer = ha.subfilters >= hb.subfilters ? a : b;
	shorter = longer == a ? b : a;
	*length = longer == a ? a_length : b_length;
	result = copy_bytes(longer, *length);
	if (sbf_union_into(result, shorter, FUZZ_CHUNK_BLOCKS, NULL) != BF_OK)
	{
		free(result);
		return NULL;
	}
	return result;
}

static void
check_union(const uint8_t *a, uint64_t a_length, const uint8_t *b, uint64_t b_length,
			const uint64_t *members, int count)
{
	uint64_t	ab_length = 0,
				ba_length = 0;
	uint8_t    *ab = unite(a, a_length, b, b_length, &ab_length);
	uint8_t    *ba = unite(b, b_length, a, a_length, &ba_length);
	sbf_header	header;
	sbf_subfilter subs[SBF_MAX_SUBFILTERS];

	REQUIRE(ab != NULL && ba != NULL);
	REQUIRE(ab_length == ba_length && memcmp(ab, ba, (size_t) ab_length) == 0);
	REQUIRE(validate_scalable(ab, ab_length, &header, subs) == BF_OK);
	for (int i = 0; i < count; i++)
		REQUIRE(contains(ab, members[i]));
	require_round_trip(ab, ab_length);
	free(ab);
	free(ba);
}

static void
exercise(const uint8_t *bytes, uint64_t length, const sbf_header *header, const sbf_subfilter *subs,
		 uint64_t seed)
{
	uint64_t	members[FUZZ_PROBES + FUZZ_ADDS];
	int			count = 0;
	uint64_t	grown_length = length;
	uint8_t    *grown = copy_bytes(bytes, length);
	uint8_t    *again;
	sbf_header	grown_header;
	sbf_subfilter grown_subs[SBF_MAX_SUBFILTERS];

	for (uint32_t i = 0; i < header->subfilters; i++)
	{
		bf_stats	stats;

		memset(&stats, 0, sizeof(stats));
		sbf_subfilter_stats(bytes, &subs[i], FUZZ_CHUNK_BLOCKS, NULL, &stats);
		REQUIRE(stats.fpp_sum >= 0.0 && stats.fpp_sum <= (double) subs[i].nblocks);
	}
	for (int i = 0; i < FUZZ_PROBES; i++)
	{
		uint64_t	hash = next_hash(&seed);

		if (contains(bytes, hash))
		{
			REQUIRE(header->value_kind != BF_KIND_NONE);
			members[count++] = hash;
		}
	}
	/* adds on a copy, only of the integer kind (the glue checks the kind first) */
	if (header->value_kind == BF_KIND_NONE || header->value_kind == BF_KIND_INTEGER)
	{
		for (int i = 0; i < FUZZ_ADDS; i++)
		{
			uint64_t	hash = next_hash(&seed);

			if (!add(&grown, &grown_length, hash))
				break;
			REQUIRE(contains(grown, hash));
			members[count++] = hash;
		}
		for (int i = 0; i < count; i++)
			REQUIRE(contains(grown, members[i]));
		REQUIRE(validate_scalable(grown, grown_length, &grown_header, grown_subs) == BF_OK);
		/* again: every hash is a duplicate now, nothing changes */
		again = copy_bytes(grown, grown_length);
		for (int i = 0; i < count; i++)
			REQUIRE(sbf_add_hash(again, members[i], BF_KIND_INTEGER) == SBF_ADD_PRESENT);
		REQUIRE(memcmp(again, grown, (size_t) grown_length) == 0);
		free(again);
		require_round_trip(grown, grown_length);
		check_union(bytes, length, grown, grown_length, members, count);
	}
	check_union(bytes, length, bytes, length, members, 0);
	free(grown);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint64_t	seed = bf_hash_bytes(data, size);
	sbf_header	header;
	sbf_subfilter subs[SBF_MAX_SUBFILTERS];

	if (size > 0 && memchr(data, 0, size) == NULL)
	{
		uint64_t	decoded_length;
		bool		too_large;
		uint8_t    *decoded = fuzz_decode_text((const char *) data, size, &decoded_length, &too_large);

		if (too_large)
			return 0;
		if (decoded != NULL)
		{
			if (validate_scalable(decoded, decoded_length, &header, subs) == BF_OK)
			{
				require_round_trip(decoded, decoded_length);
				exercise(decoded, decoded_length, &header, subs, seed);
			}
			free(decoded);
		}
	}
	if (size <= FUZZ_MAX_DECODED_BYTES)
	{
		uint8_t    *bytes = copy_bytes(data, size);

		if (validate_scalable(bytes, size, &header, subs) == BF_OK)
		{
			require_round_trip(bytes, size);
			exercise(bytes, size, &header, subs, seed);
			/* reading never writes: the value is as received */
			REQUIRE(memcmp(bytes, data, size) == 0);
		}
		free(bytes);
	}
	return 0;
}

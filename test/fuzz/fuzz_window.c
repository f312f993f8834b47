/*
 * fuzz_window.c - libFuzzer target: bloomwindow's text and binary input.
 *
 * Built and run by test/fuzz/run.  Each input is tried as text (base64,
 * decoded in chunks) and as raw bytes, then bw_validate.  Every value that
 * passes goes through what the extension does with one, and this target
 * abort()s when an invariant fails:
 *   - validation: the chunked scan agrees with one whole scan; a value that
 *     passes is never taken for a bloomfilter (its magic is "BWIN");
 *   - probes at times around the window's generations agree with a probe
 *     of each live generation's block by the scalar kernel, and the live
 *     set is what the rule start + span > t - T gives;
 *   - adds on a copy (never on the input), at times before, inside and
 *     after the kept generations: the value validates again, the hash is
 *     found at its time, and an add refused as too old changes no byte;
 *   - union: with itself and with the grown copy, in both orders, gives the
 *     same bytes either way, validates, and keeps the added hashes;
 *   - every result survives a base64 round trip byte for byte.
 * Chunked loops run with FUZZ_CHUNK_BLOCKS to exercise the chunk offsets.
 */
#include "bf_window.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

#define FUZZ_CHUNK_BLOCKS		3
#define FUZZ_PROBES				16
#define FUZZ_ADDS				6

static bf_status
validate_window(const uint8_t *bytes, uint64_t length, bw_header *header)
{
	bw_header	whole_header;
	bf_header	bloom_header;
	bf_status	whole_status = bw_validate(bytes, length, &whole_header, 0, NULL);
	bf_status	status = bw_validate(bytes, length, header, FUZZ_CHUNK_BLOCKS, NULL);

	REQUIRE(status == whole_status);
	if (status == BF_OK)
		REQUIRE(bf_check_header(bytes, length, &bloom_header) == BF_ERR_FORMAT_MAGIC);
	return status;
}

static bool
window_is_valid(const uint8_t *bytes, uint64_t length)
{
	bw_header	header;

	return validate_window(bytes, length, &header) == BF_OK;
}

static void
require_round_trip(const uint8_t *bytes, uint64_t length)
{
	fuzz_require_round_trip(bytes, length, window_is_valid);
}

/* A time near the window's generations: a few spans either side of the newest start. */
static int64_t
time_near(const bw_header *header, uint64_t *seed)
{
	uint64_t	r = next_hash(seed);
	int64_t		newest = header->gen[header->current].start;
	int64_t		offset = (int64_t) (r % (4 * header->generations + 1)) - 2 * header->generations;
	int64_t		t;

	if (header->mode == BW_MODE_COUNT)
		return 0;
	t = newest + offset * (int64_t) header->span + (int64_t) ((r >> 32) % header->span);
	if (t < BW_MIN_TIME)
		t = BW_MIN_TIME;
	if (t >= BW_END_TIME)
		t = BW_END_TIME - 1;
	return t;
}

static void
check_probe(const uint8_t *bytes, const bw_header *header, int64_t t, uint64_t hash)
{
	unsigned	live = bw_live_slots(header, t);
	uint64_t	j = bf_block_of(hash, header->nblocks);
	bool		expected = false;

	for (unsigned g = 0; g < header->generations; g++)
	{
		bool		rule = header->mode == BW_MODE_COUNT ||
			(header->insertions > 0 &&
			 (__int128) header->gen[g].start + (__int128) header->span > (__int128) t - (__int128) header->window);

		REQUIRE(((live >> g) & 1) == rule);
		if (rule)
			expected |= bf_block_contains_hash_scalar(bytes + bw_block_offset(header, j, g), header->k, hash);
	}
	REQUIRE((live >> header->generations) == 0);
	REQUIRE(bw_live_slots_in(bytes, t) == live);
	REQUIRE(bw_contains_hash(bytes, header, live, hash) == expected);
}

/* Adds to grown (a copy) at times near its generations; the kept hashes and times go to members/at. */
static void
grow(uint8_t *grown, uint64_t length, bw_header *header, uint64_t *seed, uint64_t *members, int64_t *at,
	 int *count)
{
	uint8_t    *before = xmalloc(length);

	for (int i = 0; i < FUZZ_ADDS; i++)
	{
		uint64_t	hash = next_hash(seed);
		int64_t		t = time_near(header, seed);
		unsigned	slot;
		bool		expired;
		bw_header	checked;
		bf_status	status;

		memcpy(before, grown, (size_t) length);
		status = bw_prepare_add(grown, header, t, &slot, &expired, FUZZ_CHUNK_BLOCKS, NULL);
		if (status != BF_OK)
		{
			/* refused: only count mode past 2^62 insertions; nothing written */
			REQUIRE(status == BF_ERR_TOO_LARGE && header->mode == BW_MODE_COUNT);
			REQUIRE(memcmp(before, grown, (size_t) length) == 0);
			bw_read_header(grown, header);
			continue;
		}
		if (expired)
		{
			REQUIRE(header->mode == BW_MODE_TIME);
			REQUIRE(memcmp(before, grown, (size_t) length) == 0);
			continue;
		}
		bw_add_hash(grown, header, slot, hash);
		if (header->value_kind == BF_KIND_NONE)
			header->value_kind = BF_KIND_INTEGER;
		bw_write_header(grown, header);
		REQUIRE(validate_window(grown, length, &checked) == BF_OK);
		REQUIRE(bw_contains_hash(grown, header, bw_live_slots(header, t), hash));
		/* time mode: earlier members whose generation is still kept are found at their time */
		for (int m = 0; m < *count && header->mode == BW_MODE_TIME; m++)
			if (at[m] >= header->gen[header->current].start - (int64_t) ((header->generations - 1u) * header->span))
				REQUIRE(bw_contains_hash(grown, header, bw_live_slots(header, at[m]), members[m]));
		members[*count] = hash;
		at[*count] = t;
		(*count)++;
	}
	free(before);
}

/* a | b as a new value (a copy of a, then b merged in); false where the glue raises an error */
static uint8_t *
unite(const uint8_t *a, const bw_header *a_header, const uint8_t *b, const bw_header *b_header, uint64_t length)
{
	const char *parameter;
	uint32_t	kind;
	uint8_t    *result;
	bw_header	result_header = *a_header;

	if (bw_check_compatible(a_header, b_header, &parameter) != BF_OK)
		return NULL;
	if (bf_combine_kinds(a_header->value_kind, b_header->value_kind, &kind) != BF_OK)
		return NULL;
	result = copy_bytes(a, length);
	bw_union_into(result, &result_header, b, b_header, kind, FUZZ_CHUNK_BLOCKS, NULL);
	return result;
}

static void
exercise(const uint8_t *bytes, uint64_t length, const bw_header *header, uint64_t seed)
{
	uint64_t	members[FUZZ_ADDS];
	int64_t		at[FUZZ_ADDS];
	int			count = 0;
	uint8_t    *grown;
	bw_header	grown_header = *header;
	bw_header	checked;
	uint8_t    *self_union;
	uint8_t    *ab;
	uint8_t    *ba;

	REQUIRE(length == bw_window_bytes(header->generations, header->nblocks));
	for (int i = 0; i < FUZZ_PROBES; i++)
		check_probe(bytes, header, time_near(header, &seed), next_hash(&seed));

	grown = copy_bytes(bytes, length);
	grow(grown, length, &grown_header, &seed, members, at, &count);
	REQUIRE(validate_window(grown, length, &checked) == BF_OK);
	require_round_trip(grown, length);

	self_union = unite(bytes, header, bytes, header, length);
	REQUIRE(self_union != NULL);
	REQUIRE(validate_window(self_union, length, &checked) == BF_OK);
	free(self_union);

	ab = unite(bytes, header, grown, &grown_header, length);
	ba = unite(grown, &grown_header, bytes, header, length);
	if (ab != NULL || ba != NULL)
	{
		REQUIRE(ab != NULL && ba != NULL);
		REQUIRE(memcmp(ab, ba, (size_t) length) == 0);
		REQUIRE(validate_window(ab, length, &checked) == BF_OK);
		require_round_trip(ab, length);
		/* the added hashes that grown still holds at their time, the union holds too */
		for (int m = 0; m < count; m++)
			if (bw_contains_hash(grown, &grown_header, bw_live_slots(&grown_header, at[m]), members[m]))
				REQUIRE(bw_contains_hash(ab, &checked, bw_live_slots(&checked, at[m]), members[m]));
	}
	free(ab);
	free(ba);
	free(grown);
}

/* A value that validates goes through everything above. */
static void
try_window(const uint8_t *bytes, uint64_t length, uint64_t seed)
{
	bw_header	header;

	if (validate_window(bytes, length, &header) != BF_OK)
		return;
	require_round_trip(bytes, length);
	exercise(bytes, length, &header, seed);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_each_form(data, size, try_window);
	return 0;
}

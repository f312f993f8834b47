/*
 * fuzz_state.c - libFuzzer target: bloom_agg's transition state.
 *
 * Built and run by test/fuzz/run.  The input is the state's stored bytes (the
 * binary form, bloom_agg_state_recv).  A state that passes the checks of
 * bloom_validate_state (bf_state_check, and bf_check_empty_bits on the filter
 * of a mode-filter state) goes through what bloomfilter_agg.c does with one,
 * and this target abort()s when an invariant fails:
 *   - bloom_agg_final: bf_state_final_shape, a final filter (skipped over
 *     FUZZ_MAX_FINAL_BYTES), bf_state_final_blocks, bf_state_final_finish,
 *     and in mode hashes the hash list added with bf_add_hashes_le in slices.
 *     The result passes bf_check_header and bf_check_empty_bits and holds the
 *     state's kind, rows and p; in mode hashes it contains every stored hash,
 *     in mode filter every parked hash and every probe the state's own filter
 *     contains (folding is exact).  The final function only reads the state,
 *     and running it twice gives the same bytes.
 *   - bloom_agg_trans on a copy: bf_state_add of a few hashes (making room
 *     first in mode hashes, as bloom_state_reserve does), after each of which
 *     bf_state_check is BF_OK; the final filter contains them all.
 *   - bf_state_set_counts with unchanged counts applies the parked hashes:
 *     the state stays valid and its final filter is byte-identical.
 *   - bloom_agg_combine of the state with a copy of itself: the state stays
 *     valid, holds twice the rows, and its final filter keeps every member.
 */
#include "bf_aggstate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

/* Final filters larger than this are skipped, before allocating. */
#define FUZZ_MAX_FINAL_BYTES	(UINT64_C(4) << 20)

/* Chunk size, in blocks, of the chunked loops (the glue's is 65536). */
#define FUZZ_CHUNK_BLOCKS		3

/* Slice size, in hashes, of adding a hash list (the glue's is 2^20). */
#define FUZZ_HASH_SLICE			5

/* Random hashes probed per state, and hashes added to its copy (> BF_AGG_PENDING: the ring wraps). */
#define FUZZ_PROBES				32
#define FUZZ_ADDS				20

/* bloomfilter.agg_hash_limit at its default */
#define FUZZ_HASH_LIMIT			BF_AGG_MAX_HASHES


/* A state's bytes and length, as one value. */
typedef struct state_value
{
	uint8_t    *bytes;
	uint64_t	length;
} state_value;

/* The parked hashes of a mode-filter state, oldest first. */
static int
parked_hashes(const uint8_t *state, uint64_t *hashes)
{
	uint64_t	rows = bf_load_u64(state + BF_STATE_OFF_ROWS);
	uint32_t	parked = bf_load_u32(state + BF_STATE_HEADER_BYTES);
	const uint8_t *filter = state + BF_STATE_FILTER_OFFSET;
	const uint8_t *slots = filter + bf_filter_bytes(bf_load_u64(filter + BF_OFF_NBLOCKS));

	for (uint32_t i = 0; i < parked; i++)
		hashes[i] = bf_load_u64(slots + 8 * ((rows - parked + i) % BF_AGG_PENDING));
	return (int) parked;
}

/* ---- input validation: the core's bf_validate_state, as bloom_validate_state calls it ---- */

static bf_status
validate_state(const uint8_t *state, uint64_t length, bf_state_header *header)
{
	bf_status	status = bf_validate_state(state, length, FUZZ_CHUNK_BLOCKS, NULL);

	/* a state that validates has a valid header */
	if (status == BF_OK)
		REQUIRE(bf_state_check(state, length, header) == BF_OK);
	return status;
}

/* ---- bloom_agg_final ---- */

/*
 * The final filter of a valid state, checked; NULL where bloom_agg_final
 * raises an error, or the filter would be larger than FUZZ_MAX_FINAL_BYTES.
 */
static uint8_t *
final_filter(uint8_t *state, uint64_t *length)
{
	bf_state_header header;
	uint64_t	nblocks;
	uint64_t	fold;
	int			k;
	uint8_t    *result;
	bf_header	result_header;

	bf_state_read_header(state, &header);
	if (bf_state_final_shape(state, &nblocks, &k, &fold) != BF_OK)
		return NULL;
	REQUIRE(nblocks >= 1 && nblocks <= BF_MAX_BLOCKS);
	REQUIRE(k >= 1 && k <= BF_MAX_K);
	if (header.mode == BF_STATE_MODE_HASHES)
		REQUIRE(fold == 0);
	else
	{
		uint64_t	state_nblocks = bf_load_u64(bf_state_filter(state) + BF_OFF_NBLOCKS);

		REQUIRE(fold >= 1 && state_nblocks % fold == 0 && state_nblocks / fold == nblocks);
		REQUIRE(k == bf_state_filter(state)[BF_OFF_K]);
	}
	if (nblocks > (FUZZ_MAX_FINAL_BYTES - BF_HEADER_BYTES) / BF_BLOCK_BYTES)
		return NULL;

	*length = bf_filter_bytes(nblocks);
	result = xmalloc(*length);
	memset(result, 0xA5, *length);	/* every byte must be written */
	if (fold == 1)
		memcpy(result + BF_HEADER_BYTES, bf_state_filter(state) + BF_HEADER_BYTES, nblocks * BF_BLOCK_BYTES);
	else
	{
		memset(result + BF_HEADER_BYTES, 0, nblocks * BF_BLOCK_BYTES);
		if (fold > 1)
			for (uint64_t first = 0; first < nblocks; first += FUZZ_CHUNK_BLOCKS)
				bf_state_final_blocks(state, result, fold, first,
									  nblocks - first < FUZZ_CHUNK_BLOCKS ? nblocks - first : FUZZ_CHUNK_BLOCKS);
	}
	bf_state_final_finish(state, result, nblocks, k);
	REQUIRE(bf_check_header(result, *length, &result_header) == BF_OK);
	/* bloom_add_hashes_interruptible */
	if (header.mode == BF_STATE_MODE_HASHES)
		for (uint64_t first = 0; first < header.rows; first += FUZZ_HASH_SLICE)
			bf_add_hashes_le(bf_view_of(result), bf_state_hashes(state) + 8 * first,
							 header.rows - first < FUZZ_HASH_SLICE ? header.rows - first : FUZZ_HASH_SLICE);

	REQUIRE(bf_check_header(result, *length, &result_header) == BF_OK);
	REQUIRE(bf_check_empty_bits(result, 0, nblocks) == BF_OK);
	REQUIRE(result_header.nblocks == nblocks && result_header.k == k);
	REQUIRE(result_header.value_kind == header.value_kind);
	REQUIRE(result_header.n_added == header.rows);
	REQUIRE(result_header.design_p == header.p);
	return result;
}

/*
 * The final filter of a valid state, which must contain the members, and
 * must come out the same when the final function runs again.  May be NULL
 * (see final_filter).
 */
static uint8_t *
checked_final(state_value state, const uint64_t *members, int member_count, uint64_t *length)
{
	uint8_t    *before = copy_bytes(state.bytes, state.length);
	uint8_t    *result = final_filter(state.bytes, length);

	/* the final function only reads the state */
	REQUIRE(memcmp(before, state.bytes, state.length) == 0);
	free(before);
	if (result != NULL)
	{
		uint64_t	again_length;
		uint8_t    *again = final_filter(state.bytes, &again_length);
		bf_view		view = bf_view_of(result);

		REQUIRE(again != NULL && again_length == *length && memcmp(again, result, *length) == 0);
		free(again);
		for (int i = 0; i < member_count; i++)
			REQUIRE(bf_contains_hash(view, members[i]));
	}
	return result;
}

/* ---- what a state holds ---- */

/* Hashes a valid state certainly holds: stored, parked, or found by probing its filter. */
static uint64_t *
state_members(const uint8_t *state, uint64_t *seed, int *count)
{
	bf_state_header header;
	uint64_t   *members;

	bf_state_read_header(state, &header);
	if (header.mode == BF_STATE_MODE_HASHES)
	{
		members = xmalloc(8 * header.rows);
		for (uint64_t i = 0; i < header.rows; i++)
			members[i] = bf_load_u64(state + BF_STATE_HEADER_BYTES + 8 * i);
		*count = (int) header.rows;
		return members;
	}
	members = xmalloc(8 * (BF_AGG_PENDING + FUZZ_PROBES));
	*count = parked_hashes(state, members);
	for (int i = 0; i < FUZZ_PROBES; i++)
	{
		uint64_t	hash = next_hash(seed);

		if (bf_contains_hash(bf_view_of((uint8_t *) state + BF_STATE_FILTER_OFFSET), hash))
			members[(*count)++] = hash;
	}
	return members;
}

/* ---- the transition and combine functions, on copies ---- */

/*
 * bloom_state_reserve, on the core's plan: room for `more` hashes in a
 * mode-hashes state.  False where the extension would switch to a filter
 * (past FUZZ_HASH_LIMIT here; not done).
 */
static bool
reserve(state_value *state, uint64_t more)
{
	bf_state_header header;
	uint32_t	capacity = 0;
	uint8_t    *grown;

	bf_state_read_header(state->bytes, &header);
	switch (bf_state_reserve_plan(&header, more, FUZZ_HASH_LIMIT, &capacity))
	{
		case BF_RESERVE_FITS:
			return true;
		case BF_RESERVE_SWITCH:
			return false;
		case BF_RESERVE_GROW:
			break;
	}
	REQUIRE(capacity >= header.rows + more && capacity > header.hash_capacity);
	grown = xmalloc(bf_state_bytes_hashes(capacity));
	memcpy(grown, state->bytes, bf_state_bytes_hashes(header.hash_capacity));
	header.hash_capacity = capacity;
	bf_state_write_header(grown, &header);
	free(state->bytes);
	state->bytes = grown;
	state->length = bf_state_bytes_hashes(capacity);
	return true;
}

static void
require_valid(state_value state, bf_state_header *header)
{
	REQUIRE(validate_state(state.bytes, state.length, header) == BF_OK);
}

/* bloom_agg_trans: adds FUZZ_ADDS hashes to a copy; all end up in its final filter. */
static void
check_adds(const uint8_t *input, uint64_t length, uint64_t *seed)
{
	state_value state = {copy_bytes(input, length), length};
	uint64_t	added[FUZZ_ADDS];
	int			added_count = 0;
	uint64_t	final_length;
	uint8_t    *final;
	uint8_t    *applied_final;
	bf_state_header header;

	for (int i = 0; i < FUZZ_ADDS; i++)
	{
		uint64_t	hash = next_hash(seed);
		uint32_t	state_kind = bf_load_u32(state.bytes + BF_STATE_OFF_VALUE_KIND);
		uint32_t	value_kind = state_kind != BF_KIND_NONE ? state_kind : BF_KIND_INTEGER;
		uint32_t	kind;
		uint64_t	rows = bf_load_u64(state.bytes + BF_STATE_OFF_ROWS);

		if (state.bytes[BF_STATE_OFF_MODE] == BF_STATE_MODE_HASHES && rows == bf_load_u32(state.bytes + BF_STATE_OFF_CAPACITY) &&
			!reserve(&state, 1))
			break;
		REQUIRE(bf_combine_kinds(state_kind, value_kind, &kind) == BF_OK);
		bf_state_add(state.bytes, hash, kind);
		added[added_count++] = hash;
		require_valid(state, &header);
		/* the row count saturates at 2^64 - 1 */
		REQUIRE(header.rows == (rows == UINT64_MAX ? rows : rows + 1) && header.value_kind == kind);
	}
	final = checked_final(state, added, added_count, &final_length);

	/* set_counts with the same counts applies the parked hashes, and changes no result */
	bf_state_read_header(state.bytes, &header);
	bf_state_set_counts(state.bytes, header.value_kind, header.rows);
	require_valid(state, &header);
	if (header.mode == BF_STATE_MODE_FILTER)
		REQUIRE(bf_load_u32(state.bytes + BF_STATE_HEADER_BYTES) == 0);
	applied_final = checked_final(state, added, added_count, &final_length);
	REQUIRE((final == NULL) == (applied_final == NULL));
	if (final != NULL)
		REQUIRE(memcmp(final, applied_final, final_length) == 0);
	free(applied_final);
	free(final);
	free(state.bytes);
}

/* bloom_agg_combine(state, copy of state) */
static void
check_self_combine(const uint8_t *input, uint64_t length, const uint64_t *members, int member_count)
{
	state_value state = {copy_bytes(input, length), length};
	const uint8_t *other = input;
	bf_state_header header;
	bf_state_header other_header;
	uint32_t	kind;
	uint64_t	final_length;

	REQUIRE(bf_state_check(other, length, &other_header) == BF_OK);
	require_valid(state, &header);
	REQUIRE(header.sizing == other_header.sizing && header.p == other_header.p &&
			header.design_n == other_header.design_n);
	REQUIRE(bf_combine_kinds(header.value_kind, other_header.value_kind, &kind) == BF_OK);

	if (other_header.mode == BF_STATE_MODE_HASHES)
	{
		if (!reserve(&state, other_header.rows))
		{
			free(state.bytes);
			return;
		}
		bf_state_read_header(state.bytes, &header);
		memcpy(bf_state_hashes(state.bytes) + 8 * header.rows,
			   bf_state_hashes((uint8_t *) other), 8 * other_header.rows);
	}
	else
	{
		uint8_t    *filter = bf_state_filter(state.bytes);
		const uint8_t *other_filter = other + BF_STATE_FILTER_OFFSET;
		uint64_t	nblocks = bf_load_u64(filter + BF_OFF_NBLOCKS);

		REQUIRE(nblocks == bf_load_u64(other_filter + BF_OFF_NBLOCKS) &&
				filter[BF_OFF_K] == other_filter[BF_OFF_K]);
		for (uint64_t first = 0; first < nblocks; first += FUZZ_CHUNK_BLOCKS)
			bf_or_blocks(filter + BF_HEADER_BYTES, other_filter + BF_HEADER_BYTES, first,
						 nblocks - first < FUZZ_CHUNK_BLOCKS ? nblocks - first : FUZZ_CHUNK_BLOCKS);
		bf_state_add_parked_into(other, filter);
	}
	/* as bloom_agg_combine: the sum saturates at 2^64 - 1 */
	bf_state_set_counts(state.bytes, kind,
						header.rows > UINT64_MAX - other_header.rows ? UINT64_MAX : header.rows + other_header.rows);
	require_valid(state, &header);
	REQUIRE(header.rows == (other_header.rows > UINT64_MAX / 2 ? UINT64_MAX : 2 * other_header.rows));
	free(checked_final(state, members, member_count, &final_length));
	free(state.bytes);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint64_t	seed = bf_hash_bytes(data, size);
	state_value state = {copy_bytes(data, size), size};
	bf_state_header header;
	uint64_t   *members;
	int			member_count;
	uint64_t	final_length;

	if (validate_state(state.bytes, state.length, &header) == BF_OK)
	{
		members = state_members(state.bytes, &seed, &member_count);
		free(checked_final(state, members, member_count, &final_length));
		check_adds(state.bytes, state.length, &seed);
		check_self_combine(state.bytes, state.length, members, member_count);
		free(members);
		/* reading never writes: the state is as received */
		REQUIRE(memcmp(state.bytes, data, size) == 0);
	}
	free(state.bytes);
	return 0;
}

/*
 * fuzz_decode.c - libFuzzer target: bloomfilter's text and binary input.
 *
 * Built and run by test/fuzz/run.  Each input is tried two ways:
 *   text form    (bloomfilter_in): if the bytes contain no NUL (a cstring
 *                cannot), bf_base64_decoded_length, then bf_base64_decode
 *                then bf_base64_decode_chunked (what bloom_from_base64
 *                calls) into a buffer of exactly the decoded length (a
 *                whole-text decode must agree), then bf_validate_filter
 *                (what bloom_validate_filter calls), in small chunks;
 *   binary form  (bloomfilter_recv): the raw bytes, copied, then the same checks.
 * Every value that passes goes through the read paths the extension runs on
 * a stored value, and this target abort()s when an invariant fails:
 *   - probes: an empty filter contains nothing;
 *   - bloom_info's statistics: bits_set equals a popcount, the rates are sane;
 *   - bloom_add on a copy: the added hash is contained (no false negative),
 *     nothing contained before is lost, the header stays valid;
 *   - union and intersection (bf_plan_combine and bf_combine_run, as
 *     bloom_combine in bloomfilter_funcs.c runs them) with itself and with
 *     a fold of itself by a small divisor of nblocks: x | x = x & x = x,
 *     a | b = b | a byte for byte, a union of different sizes is refused
 *     (unless the smaller side is empty), x & fold(x) = fold(x), a fold
 *     keeps every member (multiply-shift folds exactly), and every hash
 *     contained before a union is contained after;
 *   - every result passes input validation again after a base64 round trip
 *     (what pg_dump and restore do), and the text form is canonical: text
 *     that decodes re-encodes to the same bytes, and every valid value
 *     round-trips byte-identically.
 * The glue works on blocks in chunks of 65536 and on base64 in chunks of
 * 4 MiB of text; the values here are far smaller, so the chunked calls use
 * FUZZ_CHUNK_BLOCKS and FUZZ_BASE64_CHUNK to exercise the chunk offsets.
 */
#include "bf_core.h"

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

/* Most known members tracked per value: contained probes plus added hashes. */
#define FUZZ_MAX_MEMBERS		(FUZZ_PROBES + FUZZ_ADDS)


/* the glue's chunked loops (bloom_chunks in bloomfilter.h), with small chunks */
typedef void (*chunk_fn) (void *arg, uint64_t first, uint64_t count);

static void
for_each_chunk(uint64_t nblocks, chunk_fn fn, void *arg)
{
	for (uint64_t first = 0; first < nblocks; first += FUZZ_CHUNK_BLOCKS)
		fn(arg, first, nblocks - first < FUZZ_CHUNK_BLOCKS ? nblocks - first : FUZZ_CHUNK_BLOCKS);
}

/* ---- base64 in chunks: the core's, as bloom_from_base64 and bloom_to_base64 call it ---- */

/* The text form of bytes, as the extension writes it; checked against one whole encode. */
static char *
encode_text(const uint8_t *bytes, uint64_t length)
{
	uint64_t	text_length = bf_base64_length(length);
	char	   *chunked = xmalloc(text_length);
	char	   *whole = xmalloc(text_length);

	bf_base64_encode_chunked(bytes, length, chunked, FUZZ_BASE64_CHUNK, NULL);
	bf_base64_encode(bytes, length, whole);
	REQUIRE(memcmp(chunked, whole, (size_t) text_length) == 0);
	free(whole);
	return chunked;
}

/* ---- input validation: the core's bf_validate_filter, as bloom_validate_filter calls it ---- */

static bf_status
validate_filter(const uint8_t *bytes, uint64_t length, bf_header *header)
{
	bf_header	whole_header;
	bf_status	header_status = bf_check_header(bytes, length, &whole_header);
	bf_status	status = bf_validate_filter(bytes, length, header, FUZZ_CHUNK_BLOCKS, NULL);

	/* the chunked scan agrees with one whole scan */
	REQUIRE(header_status == BF_OK ? status == bf_check_empty_bits(bytes, 0, whole_header.nblocks)
			: status == header_status);
	return status;
}

/*
 * What pg_dump and restore do to a value: out, then in.  The text is
 * canonical base64 of the bytes, it decodes to the same bytes, and they
 * validate.
 */
static void
require_round_trip(const uint8_t *bytes, uint64_t length)
{
	uint64_t	text_length = bf_base64_length(length);
	char	   *text = encode_text(bytes, length);
	uint64_t	decoded_length;
	uint8_t    *decoded;
	bf_header	header;
	bool		too_large;

	decoded = fuzz_decode_text(text, text_length, &decoded_length, &too_large);
	REQUIRE(decoded != NULL && decoded_length == length);
	REQUIRE(memcmp(decoded, bytes, (size_t) length) == 0);
	REQUIRE(validate_filter(decoded, decoded_length, &header) == BF_OK);
	free(decoded);
	free(text);
}

/* ---- union and intersection: the core's plan and block work, as bloom_combine calls them ---- */

/*
 * a op b as a new value (*length bytes), as bloom_union/bloom_intersect
 * compute it; NULL where they raise an error.
 */
static uint8_t *
combine(const uint8_t *a, const bf_header *a_header, const uint8_t *b, const bf_header *b_header,
		bool intersect, uint64_t *length)
{
	bf_combine_plan plan;
	uint8_t    *result;

	if (bf_plan_combine(a_header, b_header, intersect, &plan) != BF_OK)
		return NULL;
	*length = bf_filter_bytes(plan.result.nblocks);
	if (plan.result_is != BF_RESULT_COMBINED)
		return copy_bytes(plan.result_is == BF_RESULT_A ? a : b, *length);
	REQUIRE(plan.fold_a >= 1 && plan.fold_b >= 1);
	REQUIRE(a_header->nblocks / plan.fold_a == plan.result.nblocks);
	REQUIRE(b_header->nblocks / plan.fold_b == plan.result.nblocks);
	result = xmalloc(*length);
	bf_combine_run_chunked(&plan, result + BF_HEADER_BYTES, a + BF_HEADER_BYTES, b + BF_HEADER_BYTES,
					  FUZZ_CHUNK_BLOCKS, NULL);
	bf_write_header(result, &plan.result);
	return result;
}

/*
 * Checks a combination result: it validates and round-trips, has nblocks
 * blocks, and (when want_blocks) exactly those blocks.
 */
static void
require_result(const uint8_t *result, uint64_t length, uint64_t nblocks, const uint8_t *want_blocks)
{
	bf_header	header;

	REQUIRE(result != NULL);
	REQUIRE(validate_filter(result, length, &header) == BF_OK);
	REQUIRE(header.nblocks == nblocks);
	if (want_blocks != NULL)
		REQUIRE(memcmp(result + BF_HEADER_BYTES, want_blocks, (size_t) (nblocks * BF_BLOCK_BYTES)) == 0);
	require_round_trip(result, length);
}

static void
require_members(const uint8_t *filter, const uint64_t *members, int count)
{
	bf_view		view = bf_view_of((uint8_t *) filter);

	for (int i = 0; i < count; i++)
		REQUIRE(bf_contains_hash(view, members[i]));
}

/* ---- folding ---- */

typedef struct fold_work
{
	uint8_t    *dst_blocks;
	const uint8_t *src_blocks;
	uint64_t	factor;
} fold_work;

static void
fold_chunk(void *arg, uint64_t first, uint64_t count)
{
	fold_work  *f = arg;

	bf_fold_or_blocks(f->dst_blocks, f->src_blocks, f->factor, first, count);
}

/* filter folded by factor, as a new value with the same header but nblocks / factor */
static uint8_t *
fold_filter(const uint8_t *filter, const bf_header *header, uint64_t factor, bf_header *folded_header)
{
	uint64_t	nblocks = header->nblocks / factor;
	uint8_t    *folded = xmalloc(bf_filter_bytes(nblocks));
	fold_work	work = {folded + BF_HEADER_BYTES, filter + BF_HEADER_BYTES, factor};

	*folded_header = *header;
	folded_header->nblocks = nblocks;
	bf_write_header(folded, folded_header);
	memset(folded + BF_HEADER_BYTES, 0, nblocks * BF_BLOCK_BYTES);
	for_each_chunk(nblocks, fold_chunk, &work);
	return folded;
}

/* ---- statistics: bloom_info ---- */

typedef struct stats_work
{
	const uint8_t *blocks;
	int			k;
	bf_stats	stats;
} stats_work;

static void
stats_chunk(void *arg, uint64_t first, uint64_t count)
{
	stats_work *s = arg;

	bf_stats_blocks(s->blocks, s->k, first, count, &s->stats);
}

static void
check_stats(const uint8_t *filter, const bf_header *header)
{
	stats_work	work = {filter + BF_HEADER_BYTES, header->k, {0, 0.0, 0.0}};
	uint64_t	bits = 0;

	for_each_chunk(header->nblocks, stats_chunk, &work);
	for (uint64_t i = 0; i < header->nblocks * BF_BLOCK_BYTES; i++)
		bits += (uint64_t) __builtin_popcount(filter[BF_HEADER_BYTES + i]);
	REQUIRE(work.stats.bits_set == bits);
	REQUIRE(work.stats.fpp_sum >= 0.0 && work.stats.fpp_sum <= (double) header->nblocks);
	REQUIRE(work.stats.cardinality >= 0.0 && isfinite(work.stats.cardinality));
	if (header->n_added == 0)
		REQUIRE(bits == 0);
}

/* ---- the read paths, on one valid value ---- */

/* Smallest divisor of nblocks in 2..16, or 0. */
static uint64_t
small_divisor(uint64_t nblocks)
{
	for (uint64_t d = 2; d <= 16 && d <= nblocks; d++)
		if (nblocks % d == 0)
			return d;
	return 0;
}

/*
 * a op b and b op a: the same bytes (or an error both ways, when
 * want_nblocks is 0); a valid result of want_nblocks blocks that
 * round-trips, exactly want_blocks when given; a union keeps `members`.
 */
static void
check_pair(const uint8_t *a, const bf_header *a_header, const uint8_t *b, const bf_header *b_header,
		   bool intersect, uint64_t want_nblocks, const uint8_t *want_blocks,
		   const uint64_t *members, int member_count)
{
	uint64_t	ab_length = 0;
	uint64_t	ba_length = 0;
	uint8_t    *ab = combine(a, a_header, b, b_header, intersect, &ab_length);
	uint8_t    *ba = combine(b, b_header, a, a_header, intersect, &ba_length);

	REQUIRE((ab == NULL) == (want_nblocks == 0) && (ba == NULL) == (want_nblocks == 0));
	if (ab != NULL)
	{
		REQUIRE(ab_length == ba_length && memcmp(ab, ba, (size_t) ab_length) == 0);
		require_result(ab, ab_length, want_nblocks, want_blocks);
		if (!intersect)
			require_members(ab, members, member_count);
	}
	free(ab);
	free(ba);
}

static void
exercise(const uint8_t *filter, uint64_t length, const bf_header *header, uint64_t seed)
{
	bf_view		view = bf_view_of((uint8_t *) filter);
	uint64_t	members[FUZZ_MAX_MEMBERS];
	int			member_count = 0;
	uint64_t	grown_members[FUZZ_MAX_MEMBERS];
	int			grown_count;
	uint8_t    *grown;
	bf_header	grown_header;
	uint64_t	divisors[2];
	int			divisor_count = 0;

	REQUIRE(view.nblocks == header->nblocks && view.k == header->k);
	REQUIRE(length == bf_filter_bytes(header->nblocks));

	/* bloom_contains */
	for (int i = 0; i < FUZZ_PROBES; i++)
	{
		uint64_t	hash = next_hash(&seed);

		if (bf_contains_hash(view, hash))
		{
			REQUIRE(header->n_added != 0);
			members[member_count++] = hash;
		}
	}

	/* bloom_info */
	check_stats(filter, header);

	/* bloom_add, on a copy: never write into an input value */
	grown = copy_bytes(filter, length);
	grown_count = member_count;
	memcpy(grown_members, members, sizeof(members[0]) * member_count);
	for (int i = 0; i < FUZZ_ADDS; i++)
	{
		uint64_t	hash = next_hash(&seed);
		uint32_t	kind = header->value_kind != BF_KIND_NONE ? header->value_kind : BF_KIND_INTEGER;
		uint64_t	n_added = bf_load_u64(grown + BF_OFF_N_ADDED);
		bf_header	checked;

		bf_add_hash(bf_view_of(grown), hash);
		bf_store_u32(grown + BF_OFF_VALUE_KIND, kind);
		if (n_added < UINT64_MAX)
			bf_store_u64(grown + BF_OFF_N_ADDED, n_added + 1);
		/* a false negative */
		REQUIRE(bf_contains_hash(bf_view_of(grown), hash));
		grown_members[grown_count++] = hash;
		require_members(grown, grown_members, grown_count);
		REQUIRE(bf_check_header(grown, length, &checked) == BF_OK);
		REQUIRE(checked.nblocks == header->nblocks && checked.k == header->k);
	}
	REQUIRE(validate_filter(grown, length, &grown_header) == BF_OK);
	check_stats(grown, &grown_header);
	require_round_trip(grown, length);

	/* with itself: x | x = x & x = x */
	for (int intersect = 0; intersect < 2; intersect++)
	{
		check_pair(filter, header, filter, header, intersect, header->nblocks, filter + BF_HEADER_BYTES,
				   members, member_count);
		check_pair(grown, &grown_header, grown, &grown_header, intersect, grown_header.nblocks,
				   grown + BF_HEADER_BYTES, grown_members, grown_count);
	}

	/* with a fold of itself: to nblocks / d blocks, and to one block */
	if (small_divisor(header->nblocks) != 0)
		divisors[divisor_count++] = small_divisor(header->nblocks);
	if (header->nblocks > 1 && (divisor_count == 0 || divisors[0] != header->nblocks))
		divisors[divisor_count++] = header->nblocks;
	for (int i = 0; i < divisor_count; i++)
	{
		bf_header	folded_header;
		uint8_t    *folded = fold_filter(filter, header, divisors[i], &folded_header);
		bf_header	checked;
		bool		empty = header->n_added == 0;

		REQUIRE(bf_check_header(folded, bf_filter_bytes(folded_header.nblocks), &checked) == BF_OK);
		/* folding is exact: every member of the value is a member of its fold */
		require_members(folded, members, member_count);
		/* x | fold(x): refused (different sizes), unless both are empty: then the larger */
		check_pair(filter, header, folded, &folded_header, false, empty ? header->nblocks : 0,
				   filter + BF_HEADER_BYTES, members, member_count);
		/* x & fold(x) = fold(x); of two empty filters, the larger */
		check_pair(filter, header, folded, &folded_header, true,
				   empty ? header->nblocks : folded_header.nblocks,
				   empty ? filter + BF_HEADER_BYTES : folded + BF_HEADER_BYTES, members, 0);
		/* grown (never empty) | fold: refused, unless the fold is empty: then grown itself */
		check_pair(grown, &grown_header, folded, &folded_header, false, empty ? grown_header.nblocks : 0,
				   grown + BF_HEADER_BYTES, grown_members, grown_count);
		check_pair(grown, &grown_header, folded, &folded_header, true, folded_header.nblocks, NULL,
				   grown_members, 0);
		free(folded);
	}
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
		const char *text = (const char *) data;
		uint64_t	decoded_length;
		bool		too_large;
		uint8_t    *decoded = fuzz_decode_text(text, size, &decoded_length, &too_large);

		if (too_large)
			return 0;
		if (decoded != NULL)
		{
			/* canonical: the bytes encode back to the very same text */
			char	   *again = encode_text(decoded, decoded_length);

			REQUIRE(bf_base64_length(decoded_length) == size);
			REQUIRE(memcmp(again, text, size) == 0);
			free(again);
			if (validate_filter(decoded, decoded_length, &header) == BF_OK)
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

		if (validate_filter(bytes, size, &header) == BF_OK)
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

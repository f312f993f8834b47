/*
 * fuzz_cuckoo.c - libFuzzer target: cuckoofilter's stored form and its
 * operations (bf_cuckoo.c).
 *
 * Built and run by test/fuzz/run.  Each input is tried two ways, as
 * fuzz_decode.c does for bloomfilter:
 *   text form    if the bytes contain no NUL (a cstring cannot), the
 *                canonical base64 decoder in chunks, checked against one
 *                whole-text decode, and the bytes must encode back to the
 *                very same text;
 *   binary form  the raw bytes, copied.
 * Either is then validated with cf_validate in chunks of FUZZ_CHUNK_BUCKETS
 * (checked against one whole scan).  A valid value is canonical: each of
 * its buckets, read and written back (sorted and encoded again), leaves
 * every byte as it was.  Every value that passes goes through the
 * operations, on copies (never write into an input value), and this target
 * abort()s when an invariant fails.  The invariant behind most of them: an
 * eviction moves a fingerprint only between its own two buckets (or into
 * the stash, with one of them), so the copies of a fingerprint in a pair of
 * buckets plus the stash, cf_count_hash, change only by an insert or remove
 * of that fingerprint there, by exactly one:
 *   - probes: cf_contains_hash agrees with cf_count_hash > 0, and so does
 *     what the glue counts for a stored value: cf_bucket_count_in on just
 *     the bytes cf_bucket_bytes names, for both buckets, plus the stash;
 *   - insert: either accepted (contained, count + 1, n_items + 1) or refused
 *     with not one byte changed: BF_ERR_TOO_MANY_COPIES exactly when the
 *     count was CF_MAX_COPIES or more, else BF_ERR_FILTER_FULL exactly when
 *     the stash was in use; the value validates after every operation;
 *   - remove of each accepted hash, last first: found, count - 1 (a
 *     stashed fingerprint inserted again moves only within its pair);
 *     after them every probe's count is what it was; a hash of count 0 is
 *     not found and changes nothing;
 *   - union (cf_insert_all) into an empty filter of the same shape and into
 *     a copy of the value itself: if accepted, every probe's count is the
 *     value's (or twice it), and the result validates;
 *   - every result round-trips through base64 byte for byte and validates.
 */
#include "bf_cuckoo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

/* Chunk size, in buckets, of validation (the glue's is far larger). */
#define FUZZ_CHUNK_BUCKETS		3

/* Hashes probed per value, and hashes inserted into its copy. */
#define FUZZ_PROBES				16
#define FUZZ_INSERTS			12

/* ---- base64, as fuzz_decode.c runs it ---- */

/* ---- validation ---- */

/* cf_validate in small chunks, checked against one whole scan and the header check. */
static bf_status
validate(const uint8_t *bytes, uint64_t length, cf_header *header)
{
	cf_header	whole_header;
	bf_status	header_status = cf_check_header(bytes, length, &whole_header);
	bf_status	whole_status = cf_validate(bytes, length, &whole_header, 0, NULL);
	bf_status	status = cf_validate(bytes, length, header, FUZZ_CHUNK_BUCKETS, NULL);

	REQUIRE(status == whole_status);
	/* past the header: a bucket not in canonical form, or a count that disagrees */
	REQUIRE(header_status == BF_OK ?
			(status == BF_OK || status == BF_ERR_FORMAT_FINGERPRINT || status == BF_ERR_FORMAT_COUNTERS)
			: status == header_status);
	if (status == BF_OK)
	{
		cf_view		view = cf_view_of((uint8_t *) bytes);

		REQUIRE(view.nbuckets == header->nbuckets && view.fp_bits == header->fp_bits);
		REQUIRE(length == cf_filter_bytes(header->nbuckets, header->fp_bits));
		REQUIRE(cf_count_slots(view, 0, view.nbuckets) + ((header->flags & CF_FLAG_VICTIM) ? 1 : 0) ==
				header->n_items);
	}
	return status;
}

/* Each bucket of a valid value read and written back, on a copy: not one byte changes. */
static void
require_canonical(const uint8_t *bytes, uint64_t length)
{
	uint8_t    *copy = copy_bytes(bytes, length);
	cf_view		view = cf_view_of(copy);

	for (uint64_t bucket = 0; bucket < view.nbuckets; bucket++)
	{
		uint32_t	fps[CF_SLOTS_PER_BUCKET];

		cf_read_bucket(view, bucket, fps);
		for (int slot = 1; slot < CF_SLOTS_PER_BUCKET; slot++)
			REQUIRE(fps[slot - 1] <= fps[slot]);
		cf_write_bucket(view, bucket, fps);
	}
	REQUIRE(memcmp(copy, bytes, (size_t) length) == 0);
	free(copy);
}

/* The copies of hash's fingerprint as the glue counts them in a stored value: bucket bytes alone, and the stash. */
static int
count_from_slices(const uint8_t *filter, uint64_t hash)
{
	cf_view		view = cf_view_of((uint8_t *) filter);
	uint32_t	fp = cf_fingerprint(hash, view.fp_bits);
	uint64_t	buckets[2];
	int			copies = 0;

	buckets[0] = cf_bucket(hash, view.nbuckets, view.version);
	buckets[1] = cf_alt_bucket(buckets[0], fp, view.nbuckets, view.version);
	for (int i = 0; i < 2; i++)
	{
		uint64_t	first_byte,
					byte_count;
		unsigned	first_bit;
		uint8_t    *slice;

		cf_bucket_bytes(buckets[i], view.fp_bits, &first_byte, &byte_count, &first_bit);
		REQUIRE(first_byte + byte_count <= cf_table_bytes(view.nbuckets, view.fp_bits));
		slice = copy_bytes(view.table + first_byte, byte_count);	/* just those bytes, for ASan */
		copies += cf_bucket_count_in(slice, byte_count, first_bit, view.fp_bits, fp);
		free(slice);
	}
	if ((bf_load_u32(filter + CF_OFF_FLAGS) & CF_FLAG_VICTIM) && bf_load_u32(filter + CF_OFF_VICTIM_FP) == fp)
	{
		uint64_t	victim_bucket = bf_load_u64(filter + CF_OFF_VICTIM_BUCKET);

		copies += victim_bucket == buckets[0] || victim_bucket == buckets[1];
	}
	return copies;
}

/* Out and in again, as pg_dump and restore: the same bytes, and valid. */
static void
require_round_trip(const uint8_t *bytes, uint64_t length)
{
	char	   *text = fuzz_encode_text(bytes, length);
	uint64_t	decoded_length = 0;
	bool		too_large;
	uint8_t    *decoded = fuzz_decode_text(text, bf_base64_length(length), &decoded_length, &too_large);
	cf_header	header;

	REQUIRE(decoded != NULL && decoded_length == length);
	REQUIRE(memcmp(decoded, bytes, (size_t) length) == 0);
	REQUIRE(validate(decoded, decoded_length, &header) == BF_OK);
	free(decoded);
	free(text);
}

/* ---- the operations, on one valid value ---- */

/* One insert into filter: accepted, or refused with nothing changed. */
static bool
insert_one(uint8_t *filter, uint64_t length, uint64_t hash, uint8_t *before)
{
	cf_view		view = cf_view_of(filter);
	int			count = cf_count_hash(view, hash);
	uint64_t	n_items = bf_load_u64(filter + CF_OFF_N_ITEMS);
	bool		stash_in_use = (bf_load_u32(filter + CF_OFF_FLAGS) & CF_FLAG_VICTIM) != 0;
	bf_status	status;
	cf_header	header;

	memcpy(before, filter, (size_t) length);
	status = cf_insert_hash(view, hash);
	if (status == BF_OK)
	{
		REQUIRE(count < CF_MAX_COPIES && !stash_in_use);
		REQUIRE(cf_contains_hash(view, hash) && cf_count_hash(view, hash) == count + 1);
		REQUIRE(count_from_slices(filter, hash) == count + 1);
		REQUIRE(bf_load_u64(filter + CF_OFF_N_ITEMS) == n_items + 1);
	}
	else
	{
		REQUIRE(status == (count >= CF_MAX_COPIES ? BF_ERR_TOO_MANY_COPIES : BF_ERR_FILTER_FULL));
		REQUIRE(status == BF_ERR_TOO_MANY_COPIES || stash_in_use);
		REQUIRE(memcmp(before, filter, (size_t) length) == 0);
	}
	REQUIRE(validate(filter, length, &header) == BF_OK);
	return status == BF_OK;
}

/* One remove of a hash known to be there. */
static void
remove_one(uint8_t *filter, uint64_t length, uint64_t hash)
{
	cf_view		view = cf_view_of(filter);
	int			count = cf_count_hash(view, hash);
	uint64_t	n_items = bf_load_u64(filter + CF_OFF_N_ITEMS);
	cf_header	header;

	REQUIRE(count > 0);
	REQUIRE(cf_remove_hash(view, hash));
	REQUIRE(cf_count_hash(view, hash) == count - 1);
	REQUIRE(count_from_slices(filter, hash) == count - 1);
	REQUIRE(bf_load_u64(filter + CF_OFF_N_ITEMS) == n_items - 1);
	REQUIRE(validate(filter, length, &header) == BF_OK);
}

/*
 * src's fingerprints into dst (of the same shape); if accepted, each probe's
 * count in dst is its count before plus its count in src.
 */
static void
check_union(uint8_t *dst, const uint8_t *src, uint64_t length, const uint64_t *probes)
{
	int			want[FUZZ_PROBES];
	bf_status	status;
	cf_header	header;

	for (int i = 0; i < FUZZ_PROBES; i++)
		want[i] = cf_count_hash(cf_view_of(dst), probes[i]) + cf_count_hash(cf_view_of((uint8_t *) src), probes[i]);
	status = cf_insert_all(cf_view_of(dst), src, 3, NULL);
	REQUIRE(status == BF_OK || status == BF_ERR_FILTER_FULL || status == BF_ERR_TOO_MANY_COPIES);
	REQUIRE(validate(dst, length, &header) == BF_OK);
	if (status != BF_OK)
		return;
	for (int i = 0; i < FUZZ_PROBES; i++)
		REQUIRE(cf_count_hash(cf_view_of(dst), probes[i]) == want[i]);
	require_round_trip(dst, length);
}

static void
exercise(const uint8_t *value, uint64_t length, const cf_header *header, uint64_t seed)
{
	uint8_t    *filter = copy_bytes(value, length);
	uint8_t    *before = xmalloc(length);
	uint64_t	probes[FUZZ_PROBES];
	int			counts[FUZZ_PROBES];
	uint64_t	inserted[FUZZ_INSERTS];
	int			n_inserted = 0;

	/* what an insert of the first value does to a filter of kind none */
	if (header->value_kind == BF_KIND_NONE)
		bf_store_u32(filter + CF_OFF_VALUE_KIND, BF_KIND_INTEGER);
	for (int i = 0; i < FUZZ_PROBES; i++)
	{
		probes[i] = next_hash(&seed);
		counts[i] = cf_count_hash(cf_view_of(filter), probes[i]);
		REQUIRE(counts[i] <= CF_MAX_COPIES + 1);
		REQUIRE(count_from_slices(filter, probes[i]) == counts[i]);
		REQUIRE(cf_contains_hash(cf_view_of(filter), probes[i]) == (counts[i] > 0));
		REQUIRE(cf_filter_contains_hash(filter, probes[i]) == (counts[i] > 0));
	}

	/* inserts: new hashes, and now and then one already inserted (copies) */
	for (int i = 0; i < FUZZ_INSERTS; i++)
	{
		uint64_t	hash = (i % 4 == 3 && n_inserted > 0) ? inserted[n_inserted - 1] : next_hash(&seed);

		if (insert_one(filter, length, hash, before))
			inserted[n_inserted++] = hash;
	}
	require_round_trip(filter, length);

	/* removes, last first: back to the counts of the start */
	while (n_inserted > 0)
		remove_one(filter, length, inserted[--n_inserted]);
	REQUIRE(bf_load_u64(filter + CF_OFF_N_ITEMS) == header->n_items);
	for (int i = 0; i < FUZZ_PROBES; i++)
	{
		REQUIRE(cf_count_hash(cf_view_of(filter), probes[i]) == counts[i]);
		if (counts[i] == 0)
		{
			memcpy(before, filter, (size_t) length);
			REQUIRE(!cf_remove_hash(cf_view_of(filter), probes[i]));
			REQUIRE(memcmp(before, filter, (size_t) length) == 0);
		}
	}

	/* union into an empty filter of the same shape and version, and into a copy of itself */
	cf_init(filter, header->nbuckets, header->fp_bits, BF_KIND_INTEGER, header->design_n, header->design_p);
	memcpy(filter + CF_OFF_VERSION, value + CF_OFF_VERSION, 2);
	check_union(filter, value, length, probes);
	/* of the other version (a power of two is valid in both): refused, nothing changed */
	if ((header->nbuckets & (header->nbuckets - 1)) == 0)
	{
		filter[CF_OFF_VERSION] = header->version == CF_FORMAT_VERSION ? CF_FORMAT_VERSION_POW2 : CF_FORMAT_VERSION;
		memcpy(before, filter, (size_t) length);
		REQUIRE(cf_insert_all(cf_view_of(filter), value, 0, NULL) == BF_ERR_INCOMPATIBLE);
		REQUIRE(memcmp(before, filter, (size_t) length) == 0);
	}
	memcpy(filter, value, (size_t) length);
	bf_store_u32(filter + CF_OFF_VALUE_KIND, BF_KIND_INTEGER);
	check_union(filter, value, length, probes);
	free(before);
	free(filter);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint64_t	seed = bf_hash_bytes(data, size);
	cf_header	header;

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
			/* canonical: the bytes encode back to the very same text */
			char	   *again = fuzz_encode_text(decoded, decoded_length);

			REQUIRE(bf_base64_length(decoded_length) == size);
			REQUIRE(memcmp(again, data, size) == 0);
			free(again);
			if (validate(decoded, decoded_length, &header) == BF_OK)
			{
				require_canonical(decoded, decoded_length);
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

		if (validate(bytes, size, &header) == BF_OK)
		{
			require_canonical(bytes, size);
			require_round_trip(bytes, size);
			exercise(bytes, size, &header, seed);
			/* reading never writes: the value is as received */
			REQUIRE(memcmp(bytes, data, size) == 0);
		}
		free(bytes);
	}
	return 0;
}

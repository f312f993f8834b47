/*
 * seeds_cuckoo.c - the seed corpus of fuzz_cuckoo (test/fuzz/corpus_cuckoo),
 * written with the core API by make_corpus.
 *
 * Valid values: empty, holding a few integers, holding copies of one value,
 * emptied again by removes (the kind stays), and full with the stash in use,
 * at fingerprint sizes 5, 8, 12, 16, 17 (the first with a bucket of more
 * than 64 bits) and 32, at bucket counts that are powers of two and not,
 * and two of format version 1; some also as their text form (NAME.txt,
 * base64).  Near misses: a valid value with one field or one bucket broken
 * (an index past 3875, low parts out of order), each failing exactly the
 * check its name says (checked here).
 */
#include "bf_cuckoo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void		write_cuckoo_seeds(const char *dir);

static void
seed_require(int ok, const char *what)
{
	if (!ok)
	{
		fprintf(stderr, "make_corpus: unexpected: %s\n", what);
		exit(2);
	}
}

static void
seed_write(const char *dir, const char *name, const void *bytes, uint64_t length)
{
	char		path[4096];
	FILE	   *file;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	file = fopen(path, "wb");
	if (file == NULL || fwrite(bytes, 1, (size_t) length, file) != length || fclose(file) != 0)
	{
		fprintf(stderr, "make_corpus: cannot write %s\n", path);
		exit(2);
	}
}

static uint64_t
seed_hash_int(uint64_t v)
{
	return bf_hash_int64((int64_t) v);
}

static uint64_t
seed_length(const uint8_t *filter)
{
	return cf_filter_bytes(bf_load_u64(filter + CF_OFF_NBUCKETS), filter[CF_OFF_FP_BITS]);
}

/*
 * A filter of format version (nbuckets a power of two for version 1) with
 * the integers [first, first+count) inserted (until the first refusal).
 */
static uint8_t *
seed_filter_of_version(uint16_t version, uint64_t nbuckets, int fp_bits, uint32_t kind, uint64_t first,
					   uint64_t count)
{
	uint8_t    *filter = malloc((size_t) cf_filter_bytes(nbuckets, fp_bits));

	seed_require(filter != NULL, "out of memory");
	cf_init(filter, nbuckets, fp_bits, kind, count, 0.01);
	filter[CF_OFF_VERSION] = (uint8_t) version;
	for (uint64_t v = first; v < first + count; v++)
		if (cf_insert_hash(cf_view_of(filter), seed_hash_int(v)) != BF_OK)
			break;
	return filter;
}

static uint8_t *
seed_filter(uint64_t nbuckets, int fp_bits, uint32_t kind, uint64_t first, uint64_t count)
{
	return seed_filter_of_version(CF_FORMAT_VERSION, nbuckets, fp_bits, kind, first, count);
}

/* Writes NAME.bin (and NAME.txt, its base64, if with_text) of a value that must be valid. */
static void
seed_valid(const char *dir, const char *name, const uint8_t *filter, bool with_text)
{
	uint64_t	length = seed_length(filter);
	char		file_name[256];
	cf_header	header;

	seed_require(cf_validate(filter, length, &header, 0, NULL) == BF_OK, name);
	snprintf(file_name, sizeof(file_name), "%s.bin", name);
	seed_write(dir, file_name, filter, length);
	if (with_text)
	{
		char	   *text = malloc((size_t) bf_base64_length(length));

		seed_require(text != NULL, "out of memory");
		bf_base64_encode(filter, length, text);
		snprintf(file_name, sizeof(file_name), "%s.txt", name);
		seed_write(dir, file_name, text, bf_base64_length(length));
		free(text);
	}
}

/* Writes NAME.bin of length bytes, which must fail validation with want. */
static void
seed_invalid(const char *dir, const char *name, const uint8_t *bytes, uint64_t length, bf_status want)
{
	char		file_name[256];
	cf_header	header;

	seed_require(cf_validate(bytes, length, &header, 0, NULL) == want, name);
	snprintf(file_name, sizeof(file_name), "%s.bin", name);
	seed_write(dir, file_name, bytes, length);
}

static void
seed_valid_values(const char *dir)
{
	uint8_t    *f;

	f = seed_filter(2, 5, BF_KIND_NONE, 0, 0);
	seed_valid(dir, "valid-empty-2buckets-f5", f, true);
	free(f);
	f = seed_filter(16, 12, BF_KIND_INTEGER, 0, 20);
	seed_valid(dir, "valid-int-16buckets-f12", f, true);
	free(f);
	f = seed_filter(8, 32, BF_KIND_TEXT, 100, 6);
	for (int i = 0; i < 3; i++)
		cf_insert_hash(cf_view_of(f), seed_hash_int(100));	/* 4 copies of one value */
	seed_valid(dir, "valid-copies-8buckets-f32", f, false);
	free(f);
	f = seed_filter(64, 5, BF_KIND_INTEGER, 0, 30);
	for (uint64_t v = 0; v < 30; v++)
		cf_remove_hash(cf_view_of(f), seed_hash_int(v));
	seed_require(bf_load_u64(f + CF_OFF_N_ITEMS) == 0, "valid-removed");
	seed_valid(dir, "valid-removed-64buckets-f5", f, false);
	free(f);
	f = seed_filter(2, 16, BF_KIND_INTEGER, 0, 100);
	seed_require(bf_load_u32(f + CF_OFF_FLAGS) == CF_FLAG_VICTIM, "valid-full-stash-2buckets");
	seed_valid(dir, "valid-full-stash-2buckets-f16", f, false);
	free(f);
	f = seed_filter(32, 8, BF_KIND_INTEGER, 0, 1000);
	seed_require(bf_load_u32(f + CF_OFF_FLAGS) == CF_FLAG_VICTIM, "valid-full-stash-32buckets");
	seed_valid(dir, "valid-full-stash-32buckets-f8", f, false);
	free(f);
	f = seed_filter(16, 17, BF_KIND_INTEGER, 0, 1000);
	seed_require(bf_load_u32(f + CF_OFF_FLAGS) == CF_FLAG_VICTIM, "valid-full-stash-16buckets");
	seed_valid(dir, "valid-full-stash-16buckets-f17", f, false);
	free(f);
	f = seed_filter(26, 10, BF_KIND_INTEGER, 0, 60);
	seed_valid(dir, "valid-int-26buckets-f10", f, true);
	free(f);
	f = seed_filter(6, 12, BF_KIND_INTEGER, 0, 1000);
	seed_require(bf_load_u32(f + CF_OFF_FLAGS) == CF_FLAG_VICTIM, "valid-full-stash-6buckets");
	seed_valid(dir, "valid-full-stash-6buckets-f12", f, false);
	free(f);
	/* format version 1: power-of-two buckets, the bucket from the low bits, the xor alternate */
	f = seed_filter_of_version(CF_FORMAT_VERSION_POW2, 16, 12, BF_KIND_INTEGER, 0, 20);
	seed_valid(dir, "valid-version-1-int-16buckets-f12", f, true);
	free(f);
	f = seed_filter_of_version(CF_FORMAT_VERSION_POW2, 32, 8, BF_KIND_INTEGER, 0, 1000);
	seed_require(bf_load_u32(f + CF_OFF_FLAGS) == CF_FLAG_VICTIM, "valid-version-1-full-stash-32buckets");
	seed_valid(dir, "valid-version-1-full-stash-32buckets-f8", f, false);
	free(f);
}

/*
 * Buckets not in canonical form, in a value of 16 buckets, f = 12 (44-bit
 * buckets): bucket 1 is table bits 44 .. 87, its index the high half of
 * byte 5 and byte 6, its 4 low parts bytes 7 to 10.
 */
static void
seed_bad_buckets(const char *dir)
{
	uint8_t    *f = seed_filter(16, 12, BF_KIND_INTEGER, 0, 0);
	uint64_t	length = seed_length(f);
	uint8_t    *table = f + CF_HEADER_BYTES;
	uint32_t	fps[CF_SLOTS_PER_BUCKET] = {0x5FE, 0, 0x501, 0};

	/* index 3876 = 0xf24, the first past C(19, 4) - 1 */
	table[5] = 0x40;
	table[6] = 0xF2;
	seed_invalid(dir, "bad-bucket-index", f, length, BF_ERR_FORMAT_FINGERPRINT);
	/* 0 0 0x501 0x5FE: nibbles 0 0 5 5, index C(7,3) + C(8,4) = 105 = 0x069, low parts 00 00 01 fe */
	cf_write_bucket(cf_view_of(f), 1, fps);
	bf_store_u64(f + CF_OFF_N_ITEMS, 2);
	seed_require(table[5] == 0x90 && table[6] == 0x06 && table[7] == 0 && table[8] == 0 &&
				 table[9] == 0x01 && table[10] == 0xFE, "bucket bytes");
	seed_valid(dir, "valid-equal-nibbles-16buckets-f12", f, false);
	/* the same multiset with 0x5FE first: not canonical */
	table[9] = 0xFE;
	table[10] = 0x01;
	seed_invalid(dir, "bad-bucket-order", f, length, BF_ERR_FORMAT_FINGERPRINT);
	free(f);
}

/* The near misses, each from a valid value of 16 buckets, f = 12, 20 integers. */
static void
seed_near_misses(const char *dir)
{
	uint8_t    *f = seed_filter(16, 12, BF_KIND_INTEGER, 0, 20);
	uint64_t	length = seed_length(f);
	cf_header	header;

	f[CF_OFF_MAGIC + 3] = 'X';
	seed_invalid(dir, "bad-magic", f, length, BF_ERR_FORMAT_MAGIC);
	f[CF_OFF_MAGIC + 3] = 'O';
	seed_invalid(dir, "bad-short", f, length - 1, BF_ERR_FORMAT_LENGTH);
	f[CF_OFF_VERSION] = 3;
	seed_invalid(dir, "bad-version", f, length, BF_ERR_FORMAT_VERSION);
	f[CF_OFF_VERSION] = CF_FORMAT_VERSION;
	f[CF_OFF_FP_BITS] = 4;
	seed_invalid(dir, "bad-fp-bits-4", f, length, BF_ERR_FORMAT_FINGERPRINT);
	f[CF_OFF_FP_BITS] = 33;
	seed_invalid(dir, "bad-fp-bits-33", f, length, BF_ERR_FORMAT_FINGERPRINT);
	f[CF_OFF_FP_BITS] = 12;
	bf_store_u32(f + CF_OFF_FLAGS, 2);
	seed_invalid(dir, "bad-flags", f, length, BF_ERR_FORMAT_FLAGS);
	bf_store_u32(f + CF_OFF_FLAGS, 0);
	bf_store_u64(f + CF_OFF_NBUCKETS, 15);
	seed_invalid(dir, "bad-nbuckets-odd", f, length, BF_ERR_FORMAT_NBLOCKS);
	bf_store_u64(f + CF_OFF_NBUCKETS, 24);
	f[CF_OFF_VERSION] = CF_FORMAT_VERSION_POW2;
	seed_invalid(dir, "bad-nbuckets-version-1-not-power-of-two", f, length, BF_ERR_FORMAT_NBLOCKS);
	f[CF_OFF_VERSION] = CF_FORMAT_VERSION;
	bf_store_u64(f + CF_OFF_NBUCKETS, 16);
	bf_store_f64(f + CF_OFF_DESIGN_P, 1.0);
	seed_invalid(dir, "bad-design-p", f, length, BF_ERR_FORMAT_DESIGN);
	bf_store_f64(f + CF_OFF_DESIGN_P, 0.01);
	bf_store_u32(f + CF_OFF_VICTIM_FP, 7);
	seed_invalid(dir, "bad-victim-without-flag", f, length, BF_ERR_FORMAT_FINGERPRINT);
	bf_store_u32(f + CF_OFF_FLAGS, CF_FLAG_VICTIM);
	bf_store_u64(f + CF_OFF_N_ITEMS, 21);
	bf_store_u64(f + CF_OFF_VICTIM_BUCKET, 16);
	seed_invalid(dir, "bad-victim-bucket", f, length, BF_ERR_FORMAT_FINGERPRINT);
	bf_store_u64(f + CF_OFF_VICTIM_BUCKET, 15);
	seed_require(cf_validate(f, length, &header, 0, NULL) == BF_OK, "stash base");
	bf_store_u64(f + CF_OFF_N_ITEMS, 20);
	seed_invalid(dir, "bad-n-items-with-stash", f, length, BF_ERR_FORMAT_COUNTERS);
	free(f);
	seed_bad_buckets(dir);
}

void
write_cuckoo_seeds(const char *dir)
{
	seed_valid_values(dir);
	seed_near_misses(dir);
}

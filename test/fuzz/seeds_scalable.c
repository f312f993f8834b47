/*
 * seeds_scalable.c - the seed corpus of fuzz_scalable (make_corpus.c calls
 * write_scalable_seeds).
 *
 * Valid chains built with the core: empty, one sub-filter with adds, grown
 * to three and four sub-filters, and other parameters; two of them also as
 * base64 text (NAME.txt).  Then near misses that fail one check each, the
 * failure checked here, so that the fuzzer starts next to every branch of
 * sbf_validate.  Everything is deterministic.
 */
#include "bf_scalable.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void		write_scalable_seeds(const char *dir);

static void *
scalable_seeds_xmalloc(uint64_t bytes)
{
	void	   *p = malloc(bytes > 0 ? (size_t) bytes : 1);

	if (p == NULL)
	{
		fprintf(stderr, "make_corpus: out of memory\n");
		exit(2);
	}
	return p;
}

static void
scalable_seeds_write(const char *dir, const char *name, const char *suffix, const void *bytes, uint64_t length)
{
	char		path[4096];
	FILE	   *file;

	snprintf(path, sizeof(path), "%s/%s%s", dir, name, suffix);
	file = fopen(path, "wb");
	if (file == NULL || fwrite(bytes, 1, (size_t) length, file) != length || fclose(file) != 0)
	{
		fprintf(stderr, "make_corpus: cannot write %s\n", path);
		exit(2);
	}
}

/* NAME.bin, after checking that sbf_validate gives want; with NAME.txt if text */
static void
scalable_seeds_checked(const char *dir, const char *name, const uint8_t *bytes, uint64_t length, bf_status want,
					   bool text)
{
	sbf_header	header;
	sbf_subfilter subs[SBF_MAX_SUBFILTERS];

	if (sbf_validate(bytes, length, &header, subs, 1, NULL) != want)
	{
		fprintf(stderr, "make_corpus: %s does not give \"%s\"\n", name, bf_status_message(want));
		exit(2);
	}
	scalable_seeds_write(dir, name, ".bin", bytes, length);
	if (text)
	{
		char	   *chars = scalable_seeds_xmalloc(bf_base64_length(length));

		bf_base64_encode(bytes, length, chars);
		scalable_seeds_write(dir, name, ".txt", chars, bf_base64_length(length));
		free(chars);
	}
}

static uint8_t *
scalable_seeds_alloc(uint64_t bytes, void *context)
{
	(void) context;
	return scalable_seeds_xmalloc(bytes);
}

static void
scalable_seeds_free(uint8_t *bytes, void *context)
{
	(void) context;
	free(bytes);
}

static const sbf_allocator scalable_seeds_allocator = {scalable_seeds_alloc, scalable_seeds_free, NULL};

/* A chain of the integers [0, count), grown as the glue grows it (sbf_add_hashes). */
static uint8_t *
scalable_seeds_make(int64_t n0, double p, int64_t expansion, double tightening, uint64_t count, uint64_t *length)
{
	uint8_t    *bytes;

	if (sbf_empty_bytes(n0, p, expansion, tightening, length) != BF_OK)
	{
		fprintf(stderr, "make_corpus: bad scalable seed parameters\n");
		exit(2);
	}
	bytes = scalable_seeds_xmalloc(*length);
	sbf_init(bytes, n0, p, expansion, tightening);
	for (uint64_t v = 0; v < count; v++)
	{
		uint64_t	hash = bf_hash_int64((int64_t) v);

		if (sbf_add_hashes(&bytes, length, &hash, 1, BF_KIND_INTEGER, &scalable_seeds_allocator, NULL) != BF_OK)
			break;
	}
	return bytes;
}

void
write_scalable_seeds(const char *dir)
{
	uint64_t	length;
	uint8_t    *f;
	uint64_t	last;

	f = scalable_seeds_make(10, 0.01, 2, 0.5, 0, &length);
	scalable_seeds_checked(dir, "valid-empty", f, length, BF_OK, true);
	free(f);
	f = scalable_seeds_make(50, 0.01, 2, 0.5, 20, &length);
	scalable_seeds_checked(dir, "valid-one-subfilter", f, length, BF_OK, false);
	free(f);
	f = scalable_seeds_make(8, 0.01, 3, 0.25, 60, &length);
	scalable_seeds_checked(dir, "valid-three-subfilters-s3", f, length, BF_OK, true);
	free(f);
	f = scalable_seeds_make(4, 0.1, 2, 0.9, 50, &length);
	scalable_seeds_checked(dir, "valid-four-subfilters-r09", f, length, BF_OK, false);
	free(f);

	/* near misses, each from a valid chain of 3 sub-filters */
	f = scalable_seeds_make(10, 0.01, 2, 0.5, 50, &length);
	last = SBF_HEADER_BYTES + 2 * SBF_DESCRIPTOR_BYTES;
	memcpy(f, BF_MAGIC_BYTES, 4);
	scalable_seeds_checked(dir, "bad-magic-blom", f, length, BF_ERR_FORMAT_MAGIC, false);
	memcpy(f, SBF_MAGIC_BYTES, 4);
	scalable_seeds_checked(dir, "bad-length-short", f, length - 1, BF_ERR_FORMAT_LENGTH, false);
	f[SBF_OFF_EXPANSION] = 17;
	scalable_seeds_checked(dir, "bad-expansion-17", f, length, BF_ERR_FORMAT_DESIGN, false);
	f[SBF_OFF_EXPANSION] = 2;
	/* any k in range is valid: a sub-filter's k is not checked against today's plan (sbf_validate) */
	bf_store_u32(f + last + SBF_DOFF_K, bf_load_u32(f + last + SBF_DOFF_K) + 1);
	scalable_seeds_checked(dir, "valid-k-not-planned", f, length, BF_OK, false);
	bf_store_u32(f + last + SBF_DOFF_K, bf_load_u32(f + last + SBF_DOFF_K) - 1);
	bf_store_u64(f + last + SBF_DOFF_CAPACITY, 41);
	scalable_seeds_checked(dir, "bad-capacity", f, length, BF_ERR_FORMAT_CHAIN, false);
	bf_store_u64(f + last + SBF_DOFF_CAPACITY, 40);
	bf_store_u64(f + SBF_OFF_N_ADDED, bf_load_u64(f + SBF_OFF_N_ADDED) + 1);
	scalable_seeds_checked(dir, "bad-total-count", f, length, BF_ERR_FORMAT_COUNTERS, false);
	bf_store_u64(f + SBF_OFF_N_ADDED, bf_load_u64(f + SBF_OFF_N_ADDED) - 1);
	bf_store_u32(f + SBF_OFF_SUBFILTERS, 33);
	scalable_seeds_checked(dir, "bad-33-subfilters", f, length, BF_ERR_FORMAT_CHAIN, false);
	free(f);
	f = scalable_seeds_make(10, 0.01, 2, 0.5, 0, &length);
	f[length - 1] = 0x80;
	scalable_seeds_checked(dir, "bad-empty-bit-set", f, length, BF_ERR_FORMAT_EMPTY_BITS, false);
	free(f);
}

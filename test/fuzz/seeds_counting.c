/*
 * seeds_counting.c - the seed corpus of fuzz_counting (make_corpus.c calls
 * write_counting_seeds).
 *
 * Valid countingblooms of 1 to 3 blocks, built with the core: empty, with
 * adds, with saturated counters, and after removes brought n_added back to
 * 0 (with no counter left, and with saturated counters left).  Two of them
 * also as base64 text (NAME.txt).  Then near misses that fail one check
 * each, the failure checked here, so that the fuzzer starts next to every
 * branch of cbf_validate.  Everything is deterministic.
 */
#include "bf_counting.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void		write_counting_seeds(const char *dir);

static void *
seeds_xmalloc(uint64_t bytes)
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
seeds_write(const char *dir, const char *name, const void *bytes, uint64_t length)
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

/* Writes NAME.bin; after checking that cbf_validate gives want. */
static void
seeds_write_checked(const char *dir, const char *name, const uint8_t *bytes, uint64_t length, bf_status want)
{
	char		file_name[256];
	bf_header	header;

	if (cbf_validate(bytes, length, &header, 1, NULL) != want)
	{
		fprintf(stderr, "make_corpus: %s does not give \"%s\"\n", name, bf_status_message(want));
		exit(2);
	}
	snprintf(file_name, sizeof(file_name), "%s.bin", name);
	seeds_write(dir, file_name, bytes, length);
}

/* The same value as NAME.txt, its base64. */
static void
seeds_write_text(const char *dir, const char *name, const uint8_t *bytes, uint64_t length)
{
	char		file_name[256];
	char	   *text = seeds_xmalloc(bf_base64_length(length));

	bf_base64_encode(bytes, length, text);
	snprintf(file_name, sizeof(file_name), "%s.txt", name);
	seeds_write(dir, file_name, text, bf_base64_length(length));
	free(text);
}

static uint64_t
seeds_hash_int(uint64_t v)
{
	return bf_hash_int64((int64_t) v);
}

/*
 * A countingbloom of nblocks with the integers [first, first+count) added
 * times times each, as the glue counts them.
 */
static uint8_t *
seeds_make(uint64_t nblocks, int k, uint64_t first, uint64_t count, int times)
{
	uint8_t    *filter = seeds_xmalloc(cbf_filter_bytes(nblocks));

	cbf_init(filter, nblocks, k, BF_KIND_NONE, count > 0 ? count : 10, 0.01);
	for (uint64_t v = first; v < first + count; v++)
		for (int t = 0; t < times; t++)
			cbf_add_hash(cbf_view_of(filter), seeds_hash_int(v));
	if (count > 0)
	{
		bf_store_u32(filter + BF_OFF_VALUE_KIND, BF_KIND_INTEGER);
		bf_store_u64(filter + BF_OFF_N_ADDED, count * (uint64_t) times);
	}
	return filter;
}

/* Removes the integers [first, first+count), times times each, as the glue counts them. */
static void
seeds_remove(uint8_t *filter, uint64_t first, uint64_t count, int times)
{
	for (uint64_t v = first; v < first + count; v++)
		for (int t = 0; t < times; t++)
			if (cbf_remove_hash(cbf_view_of(filter), seeds_hash_int(v)))
				bf_store_u64(filter + BF_OFF_N_ADDED, bf_load_u64(filter + BF_OFF_N_ADDED) - 1);
}

static void
write_valid_seeds(const char *dir)
{
	uint8_t    *f;

	f = seeds_make(1, 7, 0, 0, 1);
	seeds_write_checked(dir, "valid-empty-1block", f, cbf_filter_bytes(1), BF_OK);
	seeds_write_text(dir, "valid-empty-1block", f, cbf_filter_bytes(1));
	free(f);
	f = seeds_make(2, 7, 0, 20, 1);
	seeds_write_checked(dir, "valid-adds-2blocks-k7", f, cbf_filter_bytes(2), BF_OK);
	seeds_write_text(dir, "valid-adds-2blocks-k7", f, cbf_filter_bytes(2));
	free(f);
	f = seeds_make(3, 1, 100, 30, 1);
	seeds_write_checked(dir, "valid-adds-3blocks-k1", f, cbf_filter_bytes(3), BF_OK);
	free(f);
	/* values added 20 times: their counters stop at 15 */
	f = seeds_make(1, 32, 7, 3, 20);
	seeds_write_checked(dir, "valid-saturated-1block-k32", f, cbf_filter_bytes(1), BF_OK);
	/* ... and removed 20 times: n_added 0, the kind kept, the saturated counters left */
	seeds_remove(f, 7, 3, 20);
	seeds_write_checked(dir, "valid-removed-saturated-left", f, cbf_filter_bytes(1), BF_OK);
	free(f);
	/* everything removed: n_added 0, the kind kept, every counter 0 */
	f = seeds_make(3, 5, 50, 12, 1);
	seeds_remove(f, 50, 12, 1);
	seeds_write_checked(dir, "valid-removed-all-3blocks", f, cbf_filter_bytes(3), BF_OK);
	free(f);
}

/* near valid: one check fails each */
static void
write_near_misses(const char *dir)
{
	uint64_t	length = cbf_filter_bytes(2);
	uint8_t    *f = seeds_make(2, 4, 0, 6, 1);

	memcpy(f, BF_MAGIC_BYTES, 4);	/* a bloomfilter's magic */
	seeds_write_checked(dir, "bad-magic-blom", f, length, BF_ERR_FORMAT_MAGIC);
	memcpy(f, CBF_MAGIC_BYTES, 4);
	seeds_write_checked(dir, "bad-length-short", f, length - 1, BF_ERR_FORMAT_LENGTH);
	bf_store_u64(f + BF_OFF_NBLOCKS, 0);
	seeds_write_checked(dir, "bad-nblocks-0", f, length, BF_ERR_FORMAT_NBLOCKS);
	bf_store_u64(f + BF_OFF_NBLOCKS, CBF_MAX_BLOCKS + 1);
	seeds_write_checked(dir, "bad-nblocks-over-max", f, length, BF_ERR_FORMAT_NBLOCKS);
	bf_store_u64(f + BF_OFF_NBLOCKS, 2);
	bf_store_u32(f + BF_OFF_VALUE_KIND, BF_KIND_NONE);
	seeds_write_checked(dir, "bad-kind-none-counted", f, length, BF_ERR_FORMAT_COUNT);
	bf_store_u64(f + BF_OFF_N_ADDED, 0);
	seeds_write_checked(dir, "bad-kind-none-counters", f, length, BF_ERR_FORMAT_COUNTERS);
	free(f);
}

void
write_counting_seeds(const char *dir)
{
	write_valid_seeds(dir);
	write_near_misses(dir);
}

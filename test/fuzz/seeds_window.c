/*
 * seeds_window.c - the seed corpus of fuzz_window (make_corpus.c calls
 * write_window_seeds).
 *
 * Valid bloomwindows of one or two blocks per generation, built with the
 * core: count and time mode, G = 2, 4 and 8, empty, with adds, after
 * rotations, after an idle gap, before 2000-01-01, and a union.  Two also as
 * base64 text (NAME.txt).  Then near misses that fail one check each, the
 * failure checked here, so that the fuzzer starts next to every branch of
 * bw_validate.  Everything is deterministic.
 */
#include "bf_window.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void		write_window_seeds(const char *dir);

#define SEED_SECOND		INT64_C(1000000)

static void
window_seed_write(const char *dir, const char *name, const char *suffix, const void *bytes, uint64_t length)
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

/* Writes NAME.bin after checking that bw_validate gives want. */
static void
window_seed_checked(const char *dir, const char *name, const uint8_t *bytes, uint64_t length, bf_status want)
{
	bw_header	header;

	if (bw_validate(bytes, length, &header, 1, NULL) != want)
	{
		fprintf(stderr, "make_corpus: %s does not give \"%s\"\n", name, bf_status_message(want));
		exit(2);
	}
	window_seed_write(dir, name, ".bin", bytes, length);
}

static void
window_seed_text(const char *dir, const char *name, const uint8_t *bytes, uint64_t length)
{
	char	   *text = malloc((size_t) bf_base64_length(length));

	if (text == NULL)
		exit(2);
	bf_base64_encode(bytes, length, text);
	window_seed_write(dir, name, ".txt", text, bf_base64_length(length));
	free(text);
}

static uint8_t *
window_seed_new(int mode, uint64_t window, uint64_t n, double p, int generations, bw_header *header)
{
	uint8_t    *bytes;

	if (bw_plan(mode, window, n, p, generations, header) != BF_OK)
	{
		fprintf(stderr, "make_corpus: bw_plan failed\n");
		exit(2);
	}
	bytes = malloc((size_t) bw_window_bytes(header->generations, header->nblocks));
	if (bytes == NULL)
		exit(2);
	bw_init(bytes, header);
	return bytes;
}

static void
window_seed_add(uint8_t *bytes, bw_header *header, uint64_t value, int64_t t)
{
	unsigned	slot;
	bool		expired;

	if (bw_prepare_add(bytes, header, t, &slot, &expired, 0, NULL) != BF_OK)
		exit(2);
	if (expired)
		return;
	bw_add_hash(bytes, header, slot, bf_hash_int64((int64_t) value));
	header->value_kind = BF_KIND_INTEGER;
	bw_write_header(bytes, header);
}

void
write_window_seeds(const char *dir)
{
	bw_header	h;
	bw_header	h2;
	uint8_t    *w;
	uint8_t    *w2;
	uint64_t	length;
	int64_t		hour = 3600 * SEED_SECOND;
	int64_t		t0 = 900000 * SEED_SECOND;

	/* count mode */
	w = window_seed_new(BW_MODE_COUNT, 6, 6, 0.2, 4, &h);
	length = bw_window_bytes(h.generations, h.nblocks);
	window_seed_checked(dir, "count-empty", w, length, BF_OK);
	for (uint64_t i = 0; i < 3; i++)
		window_seed_add(w, &h, i, 0);
	window_seed_checked(dir, "count-some", w, length, BF_OK);
	window_seed_text(dir, "count-some", w, length);
	for (uint64_t i = 3; i < 23; i++)
		window_seed_add(w, &h, i, 0);
	window_seed_checked(dir, "count-rotated", w, length, BF_OK);
	/* near misses of a rotated window */
	w[BW_OFF_CURRENT] ^= 1;
	window_seed_checked(dir, "bad-count-current", w, length, BF_ERR_FORMAT_WINDOW);
	w[BW_OFF_CURRENT] ^= 1;
	bf_store_u64(w + BW_OFF_INSERTIONS, 1);
	window_seed_checked(dir, "bad-count-insertions", w, length, BF_ERR_FORMAT_WINDOW);
	bf_store_u64(w + BW_OFF_INSERTIONS, h.insertions);
	bf_store_u64(w + BW_OFF_SPAN, h.span + 1);
	window_seed_checked(dir, "bad-count-span", w, length, BF_ERR_FORMAT_WINDOW);
	bf_store_u64(w + BW_OFF_SPAN, h.span);
	w[BW_OFF_MODE] = 3;
	window_seed_checked(dir, "bad-mode", w, length, BF_ERR_FORMAT_WINDOW);
	w[BW_OFF_MODE] = BW_MODE_COUNT;
	window_seed_checked(dir, "count-rotated-again", w, length, BF_OK);
	free(w);

	w = window_seed_new(BW_MODE_COUNT, 3, 3, 0.3, 2, &h);
	length = bw_window_bytes(h.generations, h.nblocks);
	for (uint64_t i = 0; i < 9; i++)
		window_seed_add(w, &h, i, 0);
	window_seed_checked(dir, "count-g2", w, length, BF_OK);
	free(w);

	/* time mode */
	w = window_seed_new(BW_MODE_TIME, (uint64_t) hour, 8, 0.2, 4, &h);
	length = bw_window_bytes(h.generations, h.nblocks);
	window_seed_checked(dir, "time-empty", w, length, BF_OK);
	for (int64_t i = 0; i < 6; i++)
		window_seed_add(w, &h, (uint64_t) i, t0 + i * (hour / 4));
	window_seed_checked(dir, "time-some", w, length, BF_OK);
	window_seed_text(dir, "time-some", w, length);
	/* a union with a window of other times */
	w2 = window_seed_new(BW_MODE_TIME, (uint64_t) hour, 8, 0.2, 4, &h2);
	for (int64_t i = 0; i < 4; i++)
		window_seed_add(w2, &h2, (uint64_t) (100 + i), t0 + 2 * hour + i * (hour / 3));
	bw_union_into(w, &h, w2, &h2, BF_KIND_INTEGER, 0, NULL);
	window_seed_checked(dir, "time-union", w, length, BF_OK);
	/* near misses */
	bf_store_u64(w + BW_OFF_RECORDS + h.current * BW_RECORD_BYTES, (uint64_t) (h.gen[h.current].start + 1));
	window_seed_checked(dir, "bad-time-off-grid", w, length, BF_ERR_FORMAT_WINDOW);
	bf_store_u64(w + BW_OFF_RECORDS + h.current * BW_RECORD_BYTES, (uint64_t) h.gen[h.current].start);
	bf_store_u64(w + BW_OFF_RECORDS + 7 * BW_RECORD_BYTES, 1);
	window_seed_checked(dir, "bad-record-beyond-g", w, length, BF_ERR_FORMAT_FLAGS);
	bf_store_u64(w + BW_OFF_RECORDS + 7 * BW_RECORD_BYTES, 0);
	/* an idle gap */
	window_seed_add(w, &h, 999, t0 + 1000 * hour);
	window_seed_checked(dir, "time-after-gap", w, length, BF_OK);
	w[bw_block_offset(&h, 0, (h.current + 1) % h.generations)] = 0x80;
	window_seed_checked(dir, "bad-empty-generation-bits", w, length, BF_ERR_FORMAT_EMPTY_BITS);
	free(w);
	free(w2);

	/* before 2000-01-01, G = 8 */
	w = window_seed_new(BW_MODE_TIME, (uint64_t) (7 * hour), 4, 0.3, 8, &h);
	length = bw_window_bytes(h.generations, h.nblocks);
	for (int64_t i = 0; i < 10; i++)
		window_seed_add(w, &h, (uint64_t) i, -t0 + i * hour);
	window_seed_checked(dir, "time-g8-before-2000", w, length, BF_OK);
	window_seed_checked(dir, "bad-length", w, length - 1, BF_ERR_FORMAT_LENGTH);
	memcpy(w, "BLOM", 4);
	window_seed_checked(dir, "bad-magic", w, length, BF_ERR_FORMAT_MAGIC);
	free(w);
}

/*
 * make_corpus.c - writes the seed corpora of the fuzz targets, with the core API.
 *
 *   make_corpus FUZZ_DIR
 *
 * writes FUZZ_DIR/corpus_decode, corpus_state, corpus_counting,
 * corpus_cuckoo, corpus_window and corpus_scalable.  The last four come from
 * seeds_counting.c, seeds_cuckoo.c, seeds_window.c and seeds_scalable.c, one
 * file per structure.
 *
 * corpus_decode (fuzz_decode): small filters of 1 to 4 blocks, each in its
 * binary form (NAME.bin) and its text form (NAME.txt), valid ones and ones
 * that fail one check each, plus a few text-only near misses of base64.
 * corpus_state (fuzz_state): bloom_agg states in both modes, valid and near
 * valid.  Everything is deterministic: test/fuzz/run builds and runs this
 * only when the committed corpus directories are empty.
 */
#include "bf_core.h"
#include "bf_aggstate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* seeds_counting.c, seeds_cuckoo.c: write their corpus into an existing directory */
void		write_counting_seeds(const char *dir);
void		write_window_seeds(const char *dir);
void		write_scalable_seeds(const char *dir);
void		write_cuckoo_seeds(const char *dir);

static const char *decode_dir;
static const char *state_dir;
static int	files_written;

static void *
xmalloc(uint64_t bytes)
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
write_file(const char *dir, const char *name, const void *bytes, uint64_t length)
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
	files_written++;
}

/* The hash of an integer value: XXH3 over its int64 little-endian bytes. */
static uint64_t
hash_int(uint64_t v)
{
	uint8_t		bytes[8];

	bf_store_u64(bytes, v);
	return bf_hash_bytes(bytes, sizeof(bytes));
}

/* ---- filters (fuzz_decode) ---- */

/* A filter of nblocks with the integers [first, first+count) added, as kind. */
static uint8_t *
make_filter(uint64_t nblocks, int k, uint32_t kind, uint64_t first, uint64_t count, double p)
{
	uint8_t    *filter = xmalloc(bf_filter_bytes(nblocks));
	bf_view		view;

	bf_init(filter, nblocks, k, BF_KIND_NONE, count, p);
	view = bf_view_of(filter);
	for (uint64_t v = first; v < first + count; v++)
		bf_add_hash(view, hash_int(v));
	if (count > 0)
	{
		bf_store_u32(filter + BF_OFF_VALUE_KIND, kind);
		bf_store_u64(filter + BF_OFF_N_ADDED, count);
	}
	return filter;
}

/* Writes NAME.bin and NAME.txt (its base64). */
static void
write_filter(const char *name, const uint8_t *bytes, uint64_t length)
{
	char		file_name[256];
	char	   *text = xmalloc(bf_base64_length(length));

	snprintf(file_name, sizeof(file_name), "%s.bin", name);
	write_file(decode_dir, file_name, bytes, length);
	bf_base64_encode(bytes, length, text);
	snprintf(file_name, sizeof(file_name), "%s.txt", name);
	write_file(decode_dir, file_name, text, bf_base64_length(length));
	free(text);
}

static void
require(int ok, const char *what)
{
	if (!ok)
	{
		fprintf(stderr, "make_corpus: unexpected: %s\n", what);
		exit(2);
	}
}

static void
write_decode_corpus(void)
{
	bf_header	header;
	uint8_t    *f;
	uint64_t	length;
	char	   *text;

	/* valid: the two examples of FORMAT.md, then 1-4 blocks of several kinds and k */
	f = make_filter(1, 6, BF_KIND_INTEGER, 0, 0, 0.01);
	write_filter("valid-empty-1block", f, bf_filter_bytes(1));
	free(f);
	f = make_filter(3, 2, BF_KIND_INTEGER, 0, 0, 0.2);	/* empty, and it folds */
	write_filter("valid-empty-3blocks", f, bf_filter_bytes(3));
	free(f);
	f = make_filter(1, 6, BF_KIND_INTEGER, 42, 1, 0.01);
	bf_store_u64(f + BF_OFF_DESIGN_N, 0);
	text = xmalloc(bf_base64_length(bf_filter_bytes(1)));
	bf_base64_encode(f, bf_filter_bytes(1), text);
	require(memcmp(text, "QkxPTQEAAQYBAAAAAAAAAAEAAAAAAAAAAQAAAAAAAAAAAAAAAAAAAHsUrkfheoQ/AAAAAAAAAAAA"
				   "AAAAAAAAIAABAAAAAAAAAAAAAAAACAAAAIAQAAAAAAAAAAEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
				   bf_base64_length(bf_filter_bytes(1))) == 0, "FORMAT.md example differs");
	free(text);
	write_filter("valid-int42-1block", f, bf_filter_bytes(1));
	free(f);
	f = make_filter(2, 3, BF_KIND_TEXT, 100, 10, 0.1);
	write_filter("valid-text-2blocks-k3", f, bf_filter_bytes(2));
	free(f);
	f = make_filter(3, 1, BF_KIND_FLOAT, 7, 5, 0.5);
	write_filter("valid-float-3blocks-k1", f, bf_filter_bytes(3));
	free(f);
	f = make_filter(4, 32, BF_KIND_BUILTIN_FLAG | 2950, 1000, 40, 1e-9);	/* uuid */
	write_filter("valid-uuid-4blocks-k32", f, bf_filter_bytes(4));
	free(f);
	f = make_filter(4, 7, BF_KIND_ARRAY_FLAG | BF_KIND_INTEGER, 0, 12, 0.01);
	bf_store_u64(f + BF_OFF_N_ADDED, UINT64_MAX);	/* a saturated count */
	write_filter("valid-intarray-4blocks-nmax", f, bf_filter_bytes(4));
	free(f);
	f = make_filter(1, 8, BF_KIND_INTEGER, 0, 1, 0.01);
	memset(f + BF_HEADER_BYTES, 0xff, BF_BLOCK_BYTES);
	write_filter("valid-full-1block", f, bf_filter_bytes(1));
	free(f);

	/* near valid: one check fails each */
	length = bf_filter_bytes(2);
	f = make_filter(2, 4, BF_KIND_INTEGER, 0, 6, 0.01);
	f[3] = 'X';
	write_filter("bad-magic", f, length);
	f[3] = 'M';
	write_filter("bad-short", f, length - 1);
	f[4] = 2;
	write_filter("bad-version", f, length);
	f[4] = 1;
	f[BF_OFF_HASH_SCHEME] = 2;
	write_filter("bad-hash-scheme", f, length);
	f[BF_OFF_HASH_SCHEME] = 1;
	f[BF_OFF_K] = 33;
	write_filter("bad-k", f, length);
	f[BF_OFF_K] = 4;
	bf_store_u32(f + BF_OFF_VALUE_KIND, 6);
	write_filter("bad-kind", f, length);
	bf_store_u32(f + BF_OFF_VALUE_KIND, BF_KIND_INTEGER);
	bf_store_u32(f + BF_OFF_RESERVED, 1);
	write_filter("bad-reserved", f, length);
	bf_store_u32(f + BF_OFF_RESERVED, 0);
	bf_store_u64(f + BF_OFF_NBLOCKS, 3);
	write_filter("bad-nblocks-length", f, length);
	bf_store_u64(f + BF_OFF_NBLOCKS, 2);
	bf_store_f64(f + BF_OFF_DESIGN_P, 1.0);
	write_filter("bad-design-p", f, length);
	bf_store_f64(f + BF_OFF_DESIGN_P, 0.01);
	bf_store_u64(f + BF_OFF_N_ADDED, 0);
	write_filter("bad-count-kind", f, length);
	bf_store_u32(f + BF_OFF_VALUE_KIND, BF_KIND_NONE);
	write_filter("bad-empty-with-bits", f, length);
	require(bf_check_header(f, length, &header) == BF_OK &&
			bf_check_empty_bits(f, 0, 2) == BF_ERR_FORMAT_EMPTY_BITS, "bad-empty-with-bits");
	free(f);

	/* text only: base64 that is not canonical */
	write_file(decode_dir, "bad-base64-unused-bits.txt", "QkxPTR==", 8);
	write_file(decode_dir, "bad-base64-no-padding.txt", "QkxPTQ", 6);
	write_file(decode_dir, "bad-base64-newline.txt", "QkxP\nTQ==", 9);
	write_file(decode_dir, "bad-base64-stray-padding.txt", "Qk=PTQ==", 8);
}

/* ---- aggregate states (fuzz_state) ---- */

static void
write_state(const char *name, const uint8_t *bytes, uint64_t length)
{
	write_file(state_dir, name, bytes, length);
}

/* A mode-hashes state of capacity slots with the integers [0, rows). */
static uint8_t *
make_hash_state(uint32_t capacity, uint64_t rows, uint32_t kind, double p)
{
	uint8_t    *state = xmalloc(bf_state_bytes_hashes(capacity));

	memset(state, 0, bf_state_bytes_hashes(capacity));
	bf_state_init_hashes(state, capacity, p);
	for (uint64_t v = 0; v < rows; v++)
		bf_state_add(state, hash_int(v), kind);
	return state;
}

/* A mode-filter state of nblocks with the integers [0, rows); parked hashes stay parked. */
static uint8_t *
make_filter_state(uint64_t nblocks, int k, uint8_t sizing, uint64_t design_n, uint64_t rows, double p)
{
	uint8_t    *state = xmalloc(bf_state_bytes_filter(nblocks));

	bf_state_init_filter(state, nblocks, k, sizing, p, design_n);
	for (uint64_t v = 0; v < rows; v++)
		bf_state_add(state, hash_int(v), BF_KIND_INTEGER);
	return state;
}

static void
write_state_corpus(void)
{
	bf_state_header header;
	uint8_t    *s;
	uint8_t    *longer;
	uint64_t	length;

	/* mode hashes */
	s = make_hash_state(0, 0, BF_KIND_INTEGER, 0.01);
	write_state("valid-hashes-cap0", s, bf_state_bytes_hashes(0));
	free(s);
	s = make_hash_state(BF_AGG_INITIAL_HASHES, 0, BF_KIND_INTEGER, 0.01);
	write_state("valid-hashes-initial-empty", s, bf_state_bytes_hashes(BF_AGG_INITIAL_HASHES));
	free(s);
	s = make_hash_state(BF_AGG_INITIAL_HASHES, BF_AGG_INITIAL_HASHES, BF_KIND_INTEGER, 0.01);
	write_state("valid-hashes-initial-full", s, bf_state_bytes_hashes(BF_AGG_INITIAL_HASHES));
	free(s);
	s = make_hash_state(8, 8, BF_KIND_TEXT, 1e-6);
	write_state("valid-hashes-cap8-full", s, bf_state_bytes_hashes(8));
	free(s);

	/* mode filter: fixed sizing, parked ring empty, partly full and wrapped */
	s = make_filter_state(1, 7, BF_STATE_SIZING_FIXED, 10, 0, 0.01);
	write_state("valid-filter-fixed-1block-empty", s, bf_state_bytes_filter(1));
	free(s);
	s = make_filter_state(2, 7, BF_STATE_SIZING_FIXED, 50, 5, 0.01);
	write_state("valid-filter-fixed-2blocks-parked5", s, bf_state_bytes_filter(2));
	free(s);
	s = make_filter_state(3, 4, BF_STATE_SIZING_FIXED, 100, 40, 0.05);
	write_state("valid-filter-fixed-3blocks-rows40", s, bf_state_bytes_filter(3));
	free(s);
	/* mode filter: auto sizing, folded by the final function */
	s = make_filter_state(4, 7, BF_STATE_SIZING_AUTO, 0, 3, 0.01);
	write_state("valid-filter-auto-4blocks-rows3", s, bf_state_bytes_filter(4));
	free(s);
	s = make_filter_state(12, 7, BF_STATE_SIZING_AUTO, 0, 30, 0.01);
	write_state("valid-filter-auto-12blocks-rows30", s, bf_state_bytes_filter(12));
	free(s);

	/* near valid: one check fails each */
	length = bf_state_bytes_hashes(8);
	s = make_hash_state(8, 3, BF_KIND_INTEGER, 0.01);
	s[0] = 'X';
	write_state("bad-hashes-magic", s, length);
	s[0] = 'B';
	write_state("bad-hashes-length", s, length - 1);
	bf_store_u64(s + 24, 9);
	write_state("bad-hashes-rows-over-capacity", s, length);
	bf_store_u64(s + 24, 3);
	s[6] = 3;
	write_state("bad-mode", s, length);
	s[6] = BF_STATE_MODE_HASHES;
	bf_store_f64(s + 16, 1e-13);
	write_state("bad-p-too-small", s, length);
	require(bf_state_check(s, length, &header) == BF_ERR_FORMAT_DESIGN, "bad-p-too-small");
	free(s);

	length = bf_state_bytes_filter(2);
	s = make_filter_state(2, 5, BF_STATE_SIZING_FIXED, 20, 2, 0.01);
	bf_store_u32(s + BF_STATE_HEADER_BYTES, 3);
	write_state("bad-filter-parked-over-rows", s, length);
	bf_store_u32(s + BF_STATE_HEADER_BYTES, 2);
	bf_store_u64(s + BF_STATE_FILTER_OFFSET + BF_OFF_N_ADDED, 3);
	write_state("bad-filter-embedded-count", s, length);
	bf_store_u64(s + BF_STATE_FILTER_OFFSET + BF_OFF_N_ADDED, 2);
	s[7] = BF_STATE_SIZING_AUTO;
	write_state("bad-filter-auto-with-design-n", s, length);
	s[7] = BF_STATE_SIZING_FIXED;
	require(bf_state_check(s, length, &header) == BF_OK, "bad-filter-* base");
	longer = xmalloc(length + 8);
	memcpy(longer, s, length);
	memset(longer + length, 0, 8);
	write_state("bad-filter-length", longer, length + 8);
	free(longer);
	free(s);
}

int
main(int argc, char **argv)
{
	static char dirs[6][4096];
	const char *names[6] = {"corpus_decode", "corpus_state", "corpus_counting", "corpus_cuckoo", "corpus_window",
	"corpus_scalable"};

	if (argc != 2)
	{
		fprintf(stderr, "usage: %s FUZZ_DIR\n", argv[0]);
		return 2;
	}
	for (int i = 0; i < 6; i++)
	{
		snprintf(dirs[i], sizeof(dirs[i]), "%s/%s", argv[1], names[i]);
		(void) mkdir(dirs[i], 0777);
	}
	decode_dir = dirs[0];
	state_dir = dirs[1];
	write_decode_corpus();
	write_state_corpus();
	write_counting_seeds(dirs[2]);
	write_cuckoo_seeds(dirs[3]);
	write_window_seeds(dirs[4]);
	write_scalable_seeds(dirs[5]);
	printf("make_corpus: %d files written\n", files_written);
	return 0;
}

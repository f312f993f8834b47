/*
 * fuzz_common.h - what both fuzz targets use: an invariant check that aborts
 * (libFuzzer then keeps the input), a seeded hash stream, and allocation.
 */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include "bf_core.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REQUIRE(expr) \
	do { \
		if (!(expr)) \
		{ \
			fprintf(stderr, "%s:%d: invariant failed: %s\n", __FILE__, __LINE__, #expr); \
			abort(); \
		} \
	} while (0)

/* splitmix64: probe hashes, seeded from the input so a crash reproduces */
static inline uint64_t
next_hash(uint64_t *state)
{
	uint64_t	z = (*state += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

static inline void *
xmalloc(uint64_t bytes)
{
	void	   *p = malloc(bytes > 0 ? (size_t) bytes : 1);

	if (p == NULL)
	{
		fprintf(stderr, "out of memory allocating %llu bytes\n", (unsigned long long) bytes);
		abort();
	}
	return p;
}

static inline uint8_t *
copy_bytes(const uint8_t *bytes, uint64_t length)
{
	uint8_t    *copy = xmalloc(length);

	memcpy(copy, bytes, (size_t) length);
	return copy;
}

/* ---- base64 in chunks, as the glue runs it (fuzz_counting, fuzz_cuckoo) ---- */

/* Inputs decoding to more than this are skipped, before allocating. */
#define FUZZ_MAX_DECODED_BYTES	(UINT64_C(1) << 20)

/* Chunk size, in base64 characters, of text decoding (the glue's is 4 MiB); a multiple of 4. */
#define FUZZ_BASE64_CHUNK		8

/*
 * The text's bytes (*length of them), decoded in chunks and checked against
 * one whole decode, or NULL for bad base64; *too_large past
 * FUZZ_MAX_DECODED_BYTES.
 */
static inline uint8_t *
fuzz_decode_text(const char *text, uint64_t text_length, uint64_t *length, bool *too_large)
{
	uint8_t    *chunked;
	uint8_t    *whole;
	bf_status	chunked_status;
	bf_status	whole_status;

	*too_large = false;
	if (bf_base64_decoded_length(text, text_length, length) != BF_OK)
		return NULL;
	if (*length > FUZZ_MAX_DECODED_BYTES)
	{
		*too_large = true;
		return NULL;
	}
	/* whole groups of 4 characters, the last with up to 2 padding bytes */
	REQUIRE(text_length % 4 == 0 && *length <= text_length / 4 * 3 && *length + 2 >= text_length / 4 * 3);
	chunked = xmalloc(*length);
	whole = xmalloc(*length);
	chunked_status = bf_base64_decode_chunked(text, text_length, chunked, FUZZ_BASE64_CHUNK, NULL);
	whole_status = bf_base64_decode(text, text_length, whole);
	REQUIRE(chunked_status == whole_status);
	if (whole_status == BF_OK)
		REQUIRE(memcmp(chunked, whole, (size_t) *length) == 0);
	free(whole);
	if (chunked_status != BF_OK)
	{
		free(chunked);
		return NULL;
	}
	return chunked;
}

/* The canonical text of bytes, encoded in chunks (no NUL added). */
static inline char *
fuzz_encode_text(const uint8_t *bytes, uint64_t length)
{
	char	   *text = xmalloc(bf_base64_length(length));

	bf_base64_encode_chunked(bytes, length, text, FUZZ_BASE64_CHUNK, NULL);
	return text;
}

/*
 * Out, then in, as pg_dump and restore do: the canonical base64 of the bytes
 * decodes to the same bytes, which is_valid (the type's full validation)
 * accepts.
 */
typedef bool (*fuzz_valid_fn) (const uint8_t *bytes, uint64_t length);

static inline void
fuzz_require_round_trip(const uint8_t *bytes, uint64_t length, fuzz_valid_fn is_valid)
{
	char	   *text = fuzz_encode_text(bytes, length);
	uint64_t	decoded_length;
	bool		too_large;
	uint8_t    *decoded = fuzz_decode_text(text, bf_base64_length(length), &decoded_length, &too_large);

	REQUIRE(decoded != NULL && decoded_length == length);
	REQUIRE(memcmp(decoded, bytes, (size_t) length) == 0);
	REQUIRE(is_valid(decoded, decoded_length));
	free(decoded);
	free(text);
}

/*
 * What a target does with one input: try_value on its text form (base64
 * decoded in chunks, when the input has no NUL, as a cstring cannot) and on
 * its binary form (the bytes, in a buffer of their own, which reading must
 * leave as they were).  seed: a hash of the input, for the probe hashes.
 */
typedef void (*fuzz_value_fn) (const uint8_t *bytes, uint64_t length, uint64_t seed);

static inline void
fuzz_each_form(const uint8_t *data, size_t size, fuzz_value_fn try_value)
{
	uint64_t	seed = bf_hash_bytes(data, size);

	if (size > 0 && memchr(data, 0, size) == NULL)
	{
		uint64_t	decoded_length;
		bool		too_large;
		uint8_t    *decoded = fuzz_decode_text((const char *) data, size, &decoded_length, &too_large);

		if (decoded != NULL)
		{
			try_value(decoded, decoded_length, seed);
			free(decoded);
		}
	}
	if (size <= FUZZ_MAX_DECODED_BYTES)
	{
		uint8_t    *bytes = copy_bytes(data, size);

		try_value(bytes, size, seed);
		REQUIRE(memcmp(bytes, data, size) == 0);
		free(bytes);
	}
}

#endif							/* FUZZ_COMMON_H */

/*
 * test_format.c - unit tests of bf_format.c: the stored format and its validation field by field, and base64.
 */
#include "harness.h"

/* ---- the stored format ---- */

/* A valid filter of 4 blocks holding 5 integers, to mutate. */
static uint8_t *
valid_filter(void)
{
	uint8_t    *f = new_filter(4, 7, 5, 0.01);

	for (uint64_t v = 0; v < 5; v++)
		bf_add_hash(bf_view_of(f), hash_int(v));
	set_added(f, BF_KIND_INTEGER, 5);
	return f;
}

void
test_format(void)
{
	const uint64_t len4 = bf_filter_bytes(4);
	uint8_t    *f = valid_filter();
	uint8_t    *m = malloc((size_t) len4);
	bf_header	h;
	bf_header	back;

	CHECK_U64(BF_HEADER_BYTES, 52);
	CHECK_U64(len4, 52 + 4 * 64);

	/* header round trip, and each field at its documented offset */
	memset(m, 0xFF, (size_t) len4);
	h.version = 0x0201;
	h.hash_scheme = 0x03;
	h.k = 0x04;
	h.value_kind = UINT32_C(0x05060708);
	h.flags = UINT32_C(0x090A0B0C);
	h.nblocks = UINT64_C(0x1112131415161718);
	h.n_added = UINT64_C(0x2122232425262728);
	h.design_n = UINT64_C(0x3132333435363738);
	h.design_p = 0.125;
	bf_write_header(m, &h);
	bf_read_header(m, &back);
	CHECK(back.version == h.version && back.hash_scheme == h.hash_scheme && back.k == h.k);
	CHECK(back.value_kind == h.value_kind && back.flags == h.flags);
	CHECK(back.nblocks == h.nblocks && back.n_added == h.n_added && back.design_n == h.design_n);
	CHECK(back.design_p == h.design_p);
	CHECK(memcmp(m + BF_OFF_MAGIC, "BLOM", 4) == 0);
	CHECK(m[BF_OFF_VERSION] == 0x01 && m[BF_OFF_VERSION + 1] == 0x02);
	CHECK(m[BF_OFF_HASH_SCHEME] == 0x03 && m[BF_OFF_K] == 0x04);
	CHECK(m[BF_OFF_VALUE_KIND] == 0x08 && m[BF_OFF_VALUE_KIND + 3] == 0x05);
	CHECK(m[BF_OFF_FLAGS] == 0x0C && m[BF_OFF_FLAGS + 3] == 0x09);
	CHECK(m[BF_OFF_NBLOCKS] == 0x18 && m[BF_OFF_NBLOCKS + 7] == 0x11);
	CHECK(m[BF_OFF_N_ADDED] == 0x28 && m[BF_OFF_N_ADDED + 7] == 0x21);
	CHECK(m[BF_OFF_DESIGN_N] == 0x38 && m[BF_OFF_DESIGN_N + 7] == 0x31);
	CHECK(m[BF_OFF_DESIGN_P + 7] == 0x3F && m[BF_OFF_DESIGN_P + 6] == 0xC0);	/* 0.125 */
	CHECK_U64(bf_load_u32(m + BF_OFF_RESERVED), 0);
	CHECK(m[BF_HEADER_BYTES] == 0xFF);	/* the header writer stays in the header */

	/* a fresh (empty) filter and a filled one are accepted */
	{
		uint8_t    *fresh = new_filter(4, 7, 1000, 0.01);

		CHECK_STATUS(bf_check_header(fresh, len4, &h), BF_OK);
		CHECK(h.version == BF_FORMAT_VERSION && h.hash_scheme == BF_HASH_SCHEME_XXH3 && h.k == 7);
		CHECK(h.value_kind == BF_KIND_NONE && h.flags == 0 && h.nblocks == 4 && h.n_added == 0);
		CHECK(h.design_n == 1000 && h.design_p == 0.01);
		CHECK_STATUS(bf_check_empty_bits(fresh, 0, 4), BF_OK);
		free(fresh);
	}
	CHECK_STATUS(bf_check_header(f, len4, &h), BF_OK);
	CHECK(h.value_kind == BF_KIND_INTEGER && h.n_added == 5);
	CHECK_STATUS(bf_check_empty_bits(f, 0, 4), BF_OK);	/* bits set, but not empty */

	/* lengths */
	CHECK_STATUS(check_filter(f, 0), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(check_filter(f, BF_HEADER_BYTES - 1), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(check_filter(f, BF_HEADER_BYTES), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(check_filter(f, len4 - 1), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(check_filter(f, len4 + 1), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(check_filter(f, len4 - BF_BLOCK_BYTES), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(check_filter(f, UINT64_MAX), BF_ERR_FORMAT_LENGTH);

#define MUTATED(statement, want) \
	do { \
		memcpy(m, f, (size_t) len4); \
		statement; \
		CHECK_STATUS(check_filter(m, len4), want); \
	} while (0)

	MUTATED(m[0] = 'b', BF_ERR_FORMAT_MAGIC);
	MUTATED(m[3] = 'N', BF_ERR_FORMAT_MAGIC);
	MUTATED(m[BF_OFF_VERSION] = 2, BF_ERR_FORMAT_VERSION);
	MUTATED(m[BF_OFF_VERSION] = 0, BF_ERR_FORMAT_VERSION);
	MUTATED(m[BF_OFF_VERSION + 1] = 1, BF_ERR_FORMAT_VERSION);	/* version 257 */
	MUTATED(m[BF_OFF_HASH_SCHEME] = 2, BF_ERR_FORMAT_HASH_SCHEME);
	MUTATED(m[BF_OFF_HASH_SCHEME] = 0, BF_ERR_FORMAT_HASH_SCHEME);
	MUTATED(m[BF_OFF_K] = 0, BF_ERR_FORMAT_K);
	MUTATED(m[BF_OFF_K] = 33, BF_ERR_FORMAT_K);
	MUTATED(m[BF_OFF_K] = 255, BF_ERR_FORMAT_K);
	MUTATED(m[BF_OFF_K] = 1, BF_OK);
	MUTATED(m[BF_OFF_K] = 32, BF_OK);

	/* value kinds */
	{
		const uint32_t bad_kinds[] = {
			6, 7, 255, BF_KIND_ARRAY_FLAG, BF_KIND_ARRAY_FLAG | 6, BF_KIND_BUILTIN_FLAG | 0,
			BF_KIND_BUILTIN_FLAG | 20000, BF_KIND_BUILTIN_FLAG | BF_KIND_BUILTIN_OID_LIMIT,
			BF_KIND_BUILTIN_FLAG | BF_KIND_ARRAY_FLAG, UINT32_C(0x30000001), UINT32_C(0x00010001),
			UINT32_C(0x60000000) | BF_KIND_NAMED_FLAG, BF_KIND_BUILTIN_FLAG | BF_KIND_RECORD_FLAG | 23,
			UINT32_MAX,
		};
		const uint32_t good_kinds[] = {
			BF_KIND_INTEGER, BF_KIND_FLOAT, BF_KIND_NUMERIC, BF_KIND_TEXT, BF_KIND_INTERVAL,
			BF_KIND_ARRAY_FLAG | BF_KIND_INTEGER, BF_KIND_ARRAY_FLAG | BF_KIND_INTERVAL,
			BF_KIND_BUILTIN_FLAG | 1, BF_KIND_BUILTIN_FLAG | 23, BF_KIND_BUILTIN_FLAG | 9999,
			BF_KIND_ARRAY_FLAG | BF_KIND_BUILTIN_FLAG | 2950,	/* uuid[] */
			BF_KIND_RECORD_FLAG, BF_KIND_RECORD_FLAG | 1, BF_KIND_RECORD_FLAG | BF_KIND_FINGERPRINT_MASK,
			BF_KIND_NAMED_FLAG | 0x1234567, BF_KIND_ARRAY_FLAG | BF_KIND_RECORD_FLAG | 0xABCDEF,
			BF_KIND_ARRAY_FLAG | BF_KIND_NAMED_FLAG | 7,
		};

		for (size_t i = 0; i < sizeof(bad_kinds) / sizeof(bad_kinds[0]); i++)
		{
			memcpy(m, f, (size_t) len4);
			bf_store_u32(m + BF_OFF_VALUE_KIND, bad_kinds[i]);
			if (check_filter(m, len4) != BF_ERR_FORMAT_KIND)
				printf("  value kind 0x%08" PRIx32 "\n", bad_kinds[i]);
			MUTATED(bf_store_u32(m + BF_OFF_VALUE_KIND, bad_kinds[i]), BF_ERR_FORMAT_KIND);
		}
		for (size_t i = 0; i < sizeof(good_kinds) / sizeof(good_kinds[0]); i++)
			MUTATED(bf_store_u32(m + BF_OFF_VALUE_KIND, good_kinds[i]), BF_OK);
	}

	MUTATED(bf_store_u32(m + BF_OFF_FLAGS, 1), BF_ERR_FORMAT_FLAGS);
	MUTATED(bf_store_u32(m + BF_OFF_FLAGS, UINT32_C(0x80000000)), BF_ERR_FORMAT_FLAGS);
	for (int i = 0; i < 4; i++)
		MUTATED(m[BF_OFF_RESERVED + i] = 1, BF_ERR_FORMAT_FLAGS);
	MUTATED(bf_store_u64(m + BF_OFF_NBLOCKS, 0), BF_ERR_FORMAT_NBLOCKS);
	MUTATED(bf_store_u64(m + BF_OFF_NBLOCKS, BF_MAX_BLOCKS + 1), BF_ERR_FORMAT_NBLOCKS);
	MUTATED(bf_store_u64(m + BF_OFF_NBLOCKS, UINT64_MAX), BF_ERR_FORMAT_NBLOCKS);
	/* nblocks whose byte count would wrap around 2^64 */
	MUTATED(bf_store_u64(m + BF_OFF_NBLOCKS, (UINT64_MAX - BF_HEADER_BYTES) / BF_BLOCK_BYTES + 2),
			BF_ERR_FORMAT_NBLOCKS);
	MUTATED(bf_store_u64(m + BF_OFF_NBLOCKS, BF_MAX_BLOCKS), BF_ERR_FORMAT_LENGTH);
	MUTATED(bf_store_u64(m + BF_OFF_NBLOCKS, 3), BF_ERR_FORMAT_LENGTH);
	MUTATED(bf_store_u64(m + BF_OFF_NBLOCKS, 5), BF_ERR_FORMAT_LENGTH);
	MUTATED(bf_store_f64(m + BF_OFF_DESIGN_P, 0.0), BF_ERR_FORMAT_DESIGN);
	MUTATED(bf_store_f64(m + BF_OFF_DESIGN_P, -0.0), BF_ERR_FORMAT_DESIGN);
	MUTATED(bf_store_f64(m + BF_OFF_DESIGN_P, 1.0), BF_ERR_FORMAT_DESIGN);
	MUTATED(bf_store_f64(m + BF_OFF_DESIGN_P, -0.01), BF_ERR_FORMAT_DESIGN);
	MUTATED(bf_store_f64(m + BF_OFF_DESIGN_P, NAN), BF_ERR_FORMAT_DESIGN);
	MUTATED(bf_store_f64(m + BF_OFF_DESIGN_P, INFINITY), BF_ERR_FORMAT_DESIGN);
	MUTATED(bf_store_f64(m + BF_OFF_DESIGN_P, 0.5), BF_OK);
	MUTATED(bf_store_u64(m + BF_OFF_N_ADDED, 0), BF_ERR_FORMAT_COUNT);	/* n_added 0 with a kind */
	MUTATED(bf_store_u32(m + BF_OFF_VALUE_KIND, BF_KIND_NONE), BF_ERR_FORMAT_COUNT);	/* n_added 5, no kind */
	MUTATED(bf_store_u64(m + BF_OFF_DESIGN_N, 0), BF_OK);	/* design_n is informational */
#undef MUTATED

	/* a damaged header cannot make a check read past the bytes it was given */
	CHECK_STATUS(check_filter((const uint8_t *) "BLOM", 4), BF_ERR_FORMAT_LENGTH);

	/* an empty filter must have no bits set, wherever the bit is */
	{
		uint8_t    *e = new_filter(4, 7, 1000, 0.01);
		const uint64_t positions[] = {0, 63, 64, 3 * 64 + 17, 4 * 64 - 1};

		for (size_t i = 0; i < sizeof(positions) / sizeof(positions[0]); i++)
		{
			uint64_t	block = positions[i] / BF_BLOCK_BYTES;

			e[BF_HEADER_BYTES + positions[i]] = 0x10;
			CHECK_STATUS(check_filter(e, len4), BF_OK);	/* the header alone looks fine */
			CHECK_STATUS(bf_check_empty_bits(e, 0, 4), BF_ERR_FORMAT_EMPTY_BITS);
			/* in chunks: only the chunk with the bit fails */
			CHECK_STATUS(bf_check_empty_bits(e, block, 1), BF_ERR_FORMAT_EMPTY_BITS);
			CHECK_STATUS(bf_check_empty_bits(e, 0, block), BF_OK);
			CHECK_STATUS(bf_check_empty_bits(e, block + 1, 3 - block), BF_OK);
			e[BF_HEADER_BYTES + positions[i]] = 0;
		}
		CHECK_STATUS(bf_check_empty_bits(e, 0, 4), BF_OK);
		free(e);
	}

	/* bf_init clears whatever the buffer held */
	{
		uint8_t    *g = malloc((size_t) len4);

		memset(g, 0xFF, (size_t) len4);
		bf_init(g, 4, 3, BF_KIND_NONE, 10, 0.1);
		CHECK_STATUS(check_filter(g, len4), BF_OK);
		CHECK_STATUS(bf_check_empty_bits(g, 0, 4), BF_OK);
		CHECK_U64(popcount_bytes(g + BF_HEADER_BYTES, 4 * BF_BLOCK_BYTES), 0);
		free(g);
	}

	/*
	 * The examples of FORMAT.md, byte for byte: an empty filter (one block,
	 * k = 6, p = 0.01), then the same with the integer 42 added, and its text.
	 * The block below is FORMAT.md's text form (also in expected/io.out) and
	 * bits 93, 104, 211, 247, 252, 312 computed from the documented scheme;
	 * FORMAT.md's hex dump of that block has the set bytes a few places off.
	 */
	{
		static const char empty_hex[] =
			"424c4f4d" "0100" "01" "06" "00000000" "00000000" "0100000000000000" "0000000000000000"
			"0000000000000000" "7b14ae47e17a843f" "00000000";
		static const char with42_hex[] =
			"424c4f4d" "0100" "01" "06" "01000000" "00000000" "0100000000000000" "0100000000000000"
			"0000000000000000" "7b14ae47e17a843f" "00000000"
			"00000000000000000000002000010000" "00000000000000000000080000008010"
			"00000000000000010000000000000000" "00000000000000000000000000000000";
		static const char with42_text[] =
			"QkxPTQEAAQYBAAAAAAAAAAEAAAAAAAAAAQAAAAAAAAAAAAAAAAAAAHsUrkfheoQ/AAAAAAAAAAAAAAAAAAAAIAABAAAAAAAAAAAA"
			"AAAACAAAAIAQAAAAAAAAAAEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
		uint8_t		want[116];
		uint8_t    *p = new_filter(1, 6, 0, 0.01);
		char		text[160];
		uint8_t		back[116];
		uint64_t	decoded = 0;

		CHECK_U64(bf_filter_bytes(1), 116);
		memset(want, 0, sizeof(want));
		for (size_t i = 0; i < strlen(empty_hex) / 2; i++)
			sscanf(empty_hex + 2 * i, "%2hhx", &want[i]);
		CHECK(memcmp(p, want, sizeof(want)) == 0);
		CHECK_STATUS(check_filter(p, 116), BF_OK);

		bf_add_hash(bf_view_of(p), hash_int(42));
		set_added(p, BF_KIND_INTEGER, 1);
		for (size_t i = 0; i < strlen(with42_hex) / 2; i++)
			sscanf(with42_hex + 2 * i, "%2hhx", &want[i]);
		CHECK(memcmp(p, want, sizeof(want)) == 0);
		CHECK_U64(popcount_bytes(p + BF_HEADER_BYTES, BF_BLOCK_BYTES), 6);
		CHECK_STATUS(check_filter(p, 116), BF_OK);

		CHECK_U64(bf_base64_length(116), strlen(with42_text));
		bf_base64_encode(p, 116, text);
		CHECK(memcmp(text, with42_text, strlen(with42_text)) == 0);
		CHECK_STATUS(bf_base64_decoded_length(with42_text, strlen(with42_text), &decoded), BF_OK);
		CHECK_U64(decoded, 116);
		CHECK_STATUS(bf_base64_decode(with42_text, strlen(with42_text), back), BF_OK);
		CHECK(memcmp(back, want, sizeof(want)) == 0);
		free(p);
	}

	free(f);
	free(m);
}

/* ---- base64 ---- */

static int
decodes_to(const char *text, const uint8_t *want, uint64_t want_length)
{
	uint64_t	length = strlen(text);
	uint64_t	decoded = UINT64_MAX;
	uint8_t		out[128];
	int			ok;

	if (bf_base64_decoded_length(text, length, &decoded) != BF_OK || decoded != want_length ||
		decoded > sizeof(out))
		return 0;
	ok = bf_base64_decode(text, length, out) == BF_OK;
	return ok && memcmp(out, want, (size_t) want_length) == 0;
}

static bf_status
decode_status(const char *text, uint64_t length)
{
	uint8_t		out[128];
	uint64_t	decoded;

	/* a rejection by the length check is a rejection of the text */
	if (bf_base64_decoded_length(text, length, &decoded) != BF_OK)
		return BF_ERR_BASE64;
	if (decoded > sizeof(out))
		return BF_ERR_FORMAT_LENGTH;
	return bf_base64_decode(text, length, out);
}

void
test_base64(void)
{
	char		text[200];
	uint8_t		data[200];
	uint8_t		out[200];
	uint64_t	decoded;
	uint64_t	bad = 0;

	/* known vectors (RFC 4648 section 10, and the magic bytes) */
	bf_base64_encode((const uint8_t *) "BLOM", 4, text);
	CHECK(memcmp(text, "QkxPTQ==", 8) == 0);
	CHECK(decodes_to("QkxPTQ==", (const uint8_t *) "BLOM", 4));
	CHECK(decodes_to("Zg==", (const uint8_t *) "f", 1));
	CHECK(decodes_to("Zm8=", (const uint8_t *) "fo", 2));
	CHECK(decodes_to("Zm9v", (const uint8_t *) "foo", 3));
	CHECK(decodes_to("Zm9vYg==", (const uint8_t *) "foob", 4));
	CHECK(decodes_to("Zm9vYmE=", (const uint8_t *) "fooba", 5));
	CHECK(decodes_to("Zm9vYmFy", (const uint8_t *) "foobar", 6));
	CHECK(decodes_to("+/+/", (const uint8_t *) "\xfb\xff\xbf", 3));
	CHECK(decodes_to("AAAA", (const uint8_t *) "\0\0\0", 3));
	bf_base64_encode((const uint8_t *) "foobar", 6, text);
	CHECK(memcmp(text, "Zm9vYmFy", 8) == 0);

	CHECK_U64(bf_base64_length(0), 0);
	CHECK_U64(bf_base64_length(1), 4);
	CHECK_U64(bf_base64_length(3), 4);
	CHECK_U64(bf_base64_length(4), 8);
	/* the largest filter's text, as bf_core.h says, fits in 1 GB */
	CHECK_U64(bf_base64_length(bf_filter_bytes(BF_MAX_BLOCKS)), UINT64_C(1024000072));

	/*
	 * Empty input: encoding zero bytes writes nothing, but empty text is not
	 * valid (a filter is never empty: at least a 52-byte header), so the
	 * decoder rejects it.
	 */
	text[0] = '#';
	bf_base64_encode(data, 0, text);
	CHECK(text[0] == '#');
	CHECK_STATUS(bf_base64_decoded_length("", 0, &decoded), BF_ERR_BASE64);
	CHECK_STATUS(bf_base64_decode("", 0, out), BF_ERR_BASE64);

	/* round trips of 1..70 random bytes */
	for (uint64_t length = 1; length <= 70; length++)
	{
		uint64_t	chars = bf_base64_length(length);
		int			ok = 1;

		for (uint64_t i = 0; i < length; i++)
			data[i] = (uint8_t) rng_next();
		memset(text, '#', sizeof(text));
		memset(out, 0xEE, sizeof(out));
		bf_base64_encode(data, length, text);
		ok &= text[chars] == '#';	/* writes exactly bf_base64_length characters */
		ok &= bf_base64_decoded_length(text, chars, &decoded) == BF_OK && decoded == length;
		ok &= bf_base64_decode(text, chars, out) == BF_OK;
		ok &= memcmp(out, data, (size_t) length) == 0 && out[length] == 0xEE;
		for (uint64_t i = 0; i < chars; i++)
			ok &= text[i] != '=' || i >= chars - 2;
		if (!ok)
			printf("  base64 round trip of %" PRIu64 " bytes\n", length);
		bad += !ok;
	}
	CHECK_U64(bad, 0);

	/* every byte value, in each position of a triple */
	for (int shift = 0; shift < 3; shift++)
	{
		uint8_t		all[258];
		uint8_t		all_back[258];
		char		all_text[344];

		for (int i = 0; i < 258; i++)
			all[i] = (uint8_t) (i + shift);
		bf_base64_encode(all, 258 - (uint64_t) shift, all_text);
		CHECK_STATUS(bf_base64_decoded_length(all_text, bf_base64_length(258 - (uint64_t) shift), &decoded), BF_OK);
		CHECK_U64(decoded, 258 - shift);
		CHECK_STATUS(bf_base64_decode(all_text, bf_base64_length(258 - (uint64_t) shift), all_back), BF_OK);
		CHECK(memcmp(all_back, all, (size_t) (258 - shift)) == 0);
	}

	/* rejections */
	CHECK_STATUS(decode_status("Q", 1), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("QQ", 2), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("QQ=", 3), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("QkxPT", 5), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("QkxPTQ=", 7), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("QkxPTQ===", 9), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("Qkx!TQ==", 8), BF_ERR_BASE64);	/* bad character */
	CHECK_STATUS(decode_status("Qkx-TQ==", 8), BF_ERR_BASE64);	/* base64url is not accepted */
	CHECK_STATUS(decode_status("Qkx_TQ==", 8), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("Qkx\x80TQ==", 8), BF_ERR_BASE64);	/* high-bit byte */
	CHECK_STATUS(decode_status("Qkx\0TQ==", 8), BF_ERR_BASE64);	/* NUL */
	CHECK_STATUS(decode_status("QkxP TQ=", 8), BF_ERR_BASE64);	/* no whitespace */
	CHECK_STATUS(decode_status("QkxPTQ=\n", 8), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("\nQkxPTQ=", 8), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("QQ==QQ==", 8), BF_ERR_BASE64);	/* '=' in the middle */
	CHECK_STATUS(decode_status("Q=Q=", 4), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("QQ=A", 4), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("=QQQ", 4), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("A===", 4), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("====", 4), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("========", 8), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("QR==", 4), BF_ERR_BASE64);	/* unused bits not zero */
	CHECK_STATUS(decode_status("QQ==", 4), BF_OK);	/* the canonical "A" */
	CHECK_STATUS(decode_status("QUJ=", 4), BF_ERR_BASE64);
	CHECK_STATUS(decode_status("QUI=", 4), BF_OK);	/* the canonical "AB" */
	CHECK_STATUS(decode_status("QkxPTR==", 8), BF_ERR_BASE64);

	/*
	 * Canonical form, by mutation: change any one character of a valid text
	 * to any byte; if the result still decodes, encoding it again must give
	 * the mutated text back (one text per value, so round trips are exact).
	 */
	for (uint64_t length = 1; length <= 9; length++)
	{
		uint64_t	chars = bf_base64_length(length);
		uint64_t	noncanonical = 0;
		uint64_t	accepted = 0;

		for (uint64_t i = 0; i < length; i++)
			data[i] = (uint8_t) rng_next();
		bf_base64_encode(data, length, text);
		for (uint64_t pos = 0; pos < chars; pos++)
		{
			char		saved = text[pos];

			for (int c = 0; c < 256; c++)
			{
				char		again[16];

				text[pos] = (char) c;
				if (bf_base64_decoded_length(text, chars, &decoded) != BF_OK || decoded > sizeof(out) ||
					bf_base64_decode(text, chars, out) != BF_OK)
					continue;
				accepted++;
				bf_base64_encode(out, decoded, again);
				if (bf_base64_length(decoded) != chars || memcmp(again, text, (size_t) chars) != 0)
					noncanonical++;
			}
			text[pos] = saved;
		}
		CHECK_U64(noncanonical, 0);
		CHECK(accepted >= chars);	/* at least the unmutated text, once per position */
	}
}

/*
 * The chunked loops accept any chunk size: 0 means all at once for
 * validation, and base64 rounds to whole groups of 4 characters (at least
 * one), so every size gives the whole-value answer and none loops forever.
 */
void
test_chunk_sizes(void)
{
	uint8_t    *empty = new_filter(5, 7, 100, 0.01);
	uint64_t	length = bf_filter_bytes(5);
	uint64_t	text_length = bf_base64_length(length);
	char	   *whole = xcalloc(text_length + 1);
	char	   *text = xcalloc(text_length + 1);
	uint8_t    *decoded = xcalloc(length);
	bf_header	header;

	bf_base64_encode(empty, length, whole);
	for (uint64_t chunk = 0; chunk <= 13; chunk++)
	{
		CHECK_STATUS(bf_validate_filter(empty, length, &header, chunk, NULL), BF_OK);
		memset(text, 0, text_length + 1);
		bf_base64_encode_chunked(empty, length, text, chunk, NULL);
		CHECK(memcmp(text, whole, text_length) == 0);
		memset(decoded, 0xAA, length);
		CHECK_STATUS(bf_base64_decode_chunked(whole, text_length, decoded, chunk, NULL), BF_OK);
		CHECK(memcmp(decoded, empty, length) == 0);
	}
	/* a bit set in an empty filter is found whatever the chunk size */
	empty[BF_HEADER_BYTES + 4 * BF_BLOCK_BYTES + 3] = 1;
	for (uint64_t chunk = 0; chunk <= 6; chunk++)
		CHECK_STATUS(bf_validate_filter(empty, length, &header, chunk, NULL), BF_ERR_FORMAT_EMPTY_BITS);

	/* the canonical hash primitives are XXH3 of the family's bytes */
	{
		uint8_t		bytes[8];

		bf_store_u64(bytes, (uint64_t) INT64_C(-42));
		CHECK_U64(bf_hash_int64(-42), XXH3_64bits(bytes, 8));
		CHECK_U64(bf_hash_text_utf8("abc", 3), XXH3_64bits("abc", 3));
	}
	CHECK(strcmp(bf_plain_kind_name(BF_KIND_TEXT), "text") == 0);
	CHECK(strcmp(bf_plain_kind_name(BF_KIND_NONE), "none") == 0);
	CHECK(bf_plain_kind_name(BF_KIND_INTERVAL + 1) == NULL);
	CHECK(bf_plain_kind_name(BF_KIND_BUILTIN_FLAG | 23) == NULL);
	free(empty);
	free(whole);
	free(text);
	free(decoded);
}

/*
 * test_cuckoo.c - unit tests of bf_cuckoo.c: hashing into fingerprint and
 * buckets, sizing, the semi-sorted buckets (the nibble index of every
 * multiset, bytes, round trips, probes of a bucket's bytes alone), insert
 * until full (nothing dropped), copies, remove and its collisions, the
 * stash and its insertion again after a remove, union, validation field by
 * field and bucket by bucket, and that the same adds build the same bytes.
 */
#include "harness.h"

/* ---- helpers ---- */

static uint64_t
cuckoo_bytes(const uint8_t *filter)
{
	return cf_filter_bytes(bf_load_u64(filter + CF_OFF_NBUCKETS), filter[CF_OFF_FP_BITS]);
}

/* An empty filter of kind integer (so that inserts keep its header valid). */
static uint8_t *
new_cuckoo(uint64_t nbuckets, int fp_bits)
{
	uint64_t	length = cf_filter_bytes(nbuckets, fp_bits);
	uint8_t    *filter = xcalloc(length);

	memset(filter, 0xA5, (size_t) length);	/* cf_init must clear it */
	cf_init(filter, nbuckets, fp_bits, BF_KIND_INTEGER, 1000, 0.01);
	return filter;
}

static uint8_t *
copy_cuckoo(const uint8_t *filter)
{
	uint8_t    *copy = xcalloc(cuckoo_bytes(filter));

	memcpy(copy, filter, (size_t) cuckoo_bytes(filter));
	return copy;
}

/* A hash whose fingerprint is fp and whose first bucket among nbuckets (version 2) is bucket. */
static uint64_t
hash_with(uint32_t fp, uint64_t bucket, int fp_bits, uint64_t nbuckets)
{
	uint64_t	range = (UINT64_C(1) << fp_bits) - 1;
	/* the least high word x with ((x * range) >> 32) = fp - 1 */
	uint64_t	high = (((uint64_t) (fp - 1) << 32) + range - 1) / range;
	/* the least low word x with ((x * nbuckets) >> 32) = bucket */
	uint64_t	low = ((bucket << 32) + nbuckets - 1) / nbuckets;

	return high << 32 | low;
}

/* Makes an empty filter of new_cuckoo a version 1 one: nbuckets must be a power of two. */
static void
make_version_1(uint8_t *filter)
{
	filter[CF_OFF_VERSION] = CF_FORMAT_VERSION_POW2;
	filter[CF_OFF_VERSION + 1] = 0;
}

static bf_status
validate_cuckoo(const uint8_t *filter, uint64_t length)
{
	cf_header	header;

	return cf_validate(filter, length, &header, 5, NULL);
}

/*
 * Inserts hash_int(first), hash_int(first + 1), ... until the first refusal,
 * which must be BF_ERR_FILTER_FULL and change no byte.  Returns how many
 * went in: never more than the slots and the stash hold.
 */
static uint64_t
fill_until_full(uint8_t *filter, uint64_t first)
{
	cf_view		view = cf_view_of(filter);
	uint64_t	length = cuckoo_bytes(filter);
	uint8_t    *before = xcalloc(length);
	uint64_t	room = view.nbuckets * CF_SLOTS_PER_BUCKET + 1 - bf_load_u64(filter + CF_OFF_N_ITEMS);
	uint64_t	count = 0;
	bf_status	status = BF_OK;

	while (count <= room)
	{
		memcpy(before, filter, (size_t) length);
		status = cf_insert_hash(view, hash_int(first + count));
		if (status != BF_OK)
			break;
		count++;
	}
	CHECK(count <= room);
	CHECK_STATUS(status, BF_ERR_FILTER_FULL);
	CHECK(memcmp(before, filter, (size_t) length) == 0);
	free(before);
	return count;
}

/* Sets the width bits at bit of the table (least significant first), to craft buckets by hand. */
static void
set_table_bits(uint8_t *filter, uint64_t bit, int width, uint64_t value)
{
	uint8_t    *table = filter + CF_HEADER_BYTES;

	for (int i = 0; i < width; i++)
	{
		uint64_t	at = bit + (uint64_t) i;

		table[at >> 3] = (uint8_t) ((table[at >> 3] & ~(1u << (at & 7))) | ((value >> i) & 1) << (at & 7));
	}
}

static uint64_t
get_table_bits(const uint8_t *filter, uint64_t bit, int width)
{
	const uint8_t *table = filter + CF_HEADER_BYTES;
	uint64_t	value = 0;

	for (int i = 0; i < width; i++)
		value |= (uint64_t) ((table[(bit + (uint64_t) i) >> 3] >> ((bit + (uint64_t) i) & 7)) & 1) << i;
	return value;
}

/* Of values [first, first+count), those not answered "maybe": false negatives. */
static uint64_t
missing_values(cf_view view, uint64_t first, uint64_t count)
{
	uint64_t	missing = 0;

	for (uint64_t v = first; v < first + count; v++)
		missing += !cf_contains_hash(view, hash_int(v));
	return missing;
}

/* ---- hashing ---- */

static void
test_cuckoo_fingerprints(void)
{
	for (int f = CF_MIN_FP_BITS; f <= CF_MAX_FP_BITS; f++)
	{
		uint64_t	limit = UINT64_C(1) << f;
		uint64_t	bad = 0;

		for (int i = 0; i < 20000; i++)
		{
			uint32_t	fp = cf_fingerprint(rng_next(), f);

			bad += fp == 0 || fp >= limit;
		}
		CHECK_U64(bad, 0);
		/* the ends of the high word reach the ends of 1 .. 2^f - 1 */
		CHECK_U64(cf_fingerprint(UINT64_C(0x00000000FFFFFFFF), f), 1);
		CHECK_U64(cf_fingerprint(UINT64_MAX, f), limit - 1);
	}
	/* the bucket is the low word alone, the fingerprint the high word alone */
	CHECK_U64(cf_bucket(UINT64_C(0x123456789abcdef0), 1024, CF_FORMAT_VERSION), 0x26a);
	CHECK_U64(cf_bucket(UINT64_C(0x000000009abcdef0), 1000, CF_FORMAT_VERSION), 604);	/* 0x9abcdef0 * 1000 >> 32 */
	CHECK_U64(cf_bucket(UINT64_C(0xffffffff9abcdef0), 1000, CF_FORMAT_VERSION), 604);
	CHECK_U64(cf_bucket(UINT64_C(0x00000000ffffffff), UINT64_C(1) << 32, CF_FORMAT_VERSION), UINT32_MAX);
	/* version 1: the low bits */
	CHECK_U64(cf_bucket(UINT64_C(0x123456789abcdef0), 1024, CF_FORMAT_VERSION_POW2), 0x2f0);
	CHECK_U64(cf_fingerprint(UINT64_C(0x12345678FFFFFFFF), 12), cf_fingerprint(UINT64_C(0x1234567800000000), 12));
}

/*
 * alt(alt(i, fp), fp) = i and alt(i, fp) != i, for every fingerprint of f
 * bits, at even bucket counts (powers of two for version 1).
 */
static void
test_cuckoo_alternate(void)
{
	static const int bits[] = {5, 8, 12, 16};
	static const uint64_t sizes[] = {2, 4, 6, 1000, 1024, 263158, UINT64_C(1) << 20,
		(UINT64_C(1) << 32) - 2, UINT64_C(1) << 32};

	for (uint16_t version = CF_FORMAT_VERSION_POW2; version <= CF_FORMAT_VERSION; version++)
	{
		for (size_t b = 0; b < sizeof(bits) / sizeof(bits[0]); b++)
		{
			for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
			{
				uint64_t	nbuckets = sizes[s];
				uint64_t	bad = 0;

				if (version == CF_FORMAT_VERSION_POW2 && (nbuckets & (nbuckets - 1)) != 0)
					continue;
				for (uint32_t fp = 1; fp < (UINT32_C(1) << bits[b]); fp++)
				{
					uint64_t	buckets[4] = {0, 1, nbuckets - 1, rng_next() % nbuckets};

					for (int i = 0; i < 4; i++)
					{
						uint64_t	alt = cf_alt_bucket(buckets[i], fp, nbuckets, version);

						bad += alt >= nbuckets || alt == buckets[i] ||
							cf_alt_bucket(alt, fp, nbuckets, version) != buckets[i];
					}
				}
				CHECK_U64(bad, 0);
			}
		}
	}
	/* version 2: c = ((mix(fp) N) >> 32) | 1 and i2 = (c - i1) mod N; mix(1) = 0x9e3779b9 */
	CHECK_U64(cf_alt_bucket(0, 1, 1000, CF_FORMAT_VERSION), 619);	/* 0x9e3779b9 * 1000 >> 32 = 618 */
	CHECK_U64(cf_alt_bucket(700, 1, 1000, CF_FORMAT_VERSION), 919);
	CHECK_U64(cf_alt_bucket(0, 1, 1024, CF_FORMAT_VERSION_POW2), 0x1b9 | 1);
}

/* ---- sizing ---- */

static void
test_cuckoo_plan(void)
{
	uint64_t	nbuckets = 0;
	int			f = 0;
	uint64_t	bad = 0;

	CHECK_STATUS(cf_plan(100000, 0.01, &nbuckets, &f), BF_OK);
	CHECK(f == 10 && nbuckets == 26316);	/* 1e5 / 3.8 = 26315.8 -> 26316 */
	CHECK_STATUS(cf_plan(100000, 0.001, &nbuckets, &f), BF_OK);
	CHECK(f == 13 && nbuckets == 26316);
	CHECK_STATUS(cf_plan(1000000, 0.01, &nbuckets, &f), BF_OK);
	CHECK_U64(nbuckets, 263158);	/* 263157.9 */
	CHECK_STATUS(cf_plan(1000, 0.1, &nbuckets, &f), BF_OK);
	CHECK(f == 7 && nbuckets == 264);	/* 8 / 2^7 = 0.0625; 1000 / 3.8 = 263.2 -> 264 */
	CHECK_STATUS(cf_plan(190, 0.1, &nbuckets, &f), BF_OK);
	CHECK_U64(nbuckets, 50);	/* 190 / 3.8 = 50 exactly */
	CHECK_STATUS(cf_plan(191, 0.1, &nbuckets, &f), BF_OK);
	CHECK_U64(nbuckets, 52);	/* 50.3 -> 51 -> even */
	CHECK_STATUS(cf_plan(0, 0.9, &nbuckets, &f), BF_OK);
	CHECK(f == CF_MIN_FP_BITS && nbuckets == 2);
	CHECK_STATUS(cf_plan(8, 0.5, &nbuckets, &f), BF_OK);
	CHECK(f == 5 && nbuckets == 4);	/* 8 / 2^4 = 0.5 would do, but a fingerprint needs a low bit */
	CHECK_STATUS(cf_plan(8, 0.25, &nbuckets, &f), BF_OK);
	CHECK_U64(f, 5);
	CHECK_STATUS(cf_plan(8, 0.2, &nbuckets, &f), BF_OK);
	CHECK_U64(f, 6);
	CHECK_STATUS(cf_plan(1, 8.0 / 1024, &nbuckets, &f), BF_OK);
	CHECK(f == 10 && nbuckets == 2);	/* p = 8 / 2^f exactly */
	CHECK_STATUS(cf_plan(1, ldexp(8.0, -32), &nbuckets, &f), BF_OK);
	CHECK_U64(f, 32);

	/* f is the least with 8 / 2^f <= p, for p across the whole range */
	for (int i = 0; i < 2000; i++)
	{
		double		p = exp(log(2e-9) * ((double) (rng_next() >> 11) / 9007199254740992.0));

		if (cf_plan(1000, p, &nbuckets, &f) != BF_OK || ldexp(8.0, -f) > p ||
			(f > CF_MIN_FP_BITS && ldexp(8.0, -(f - 1)) <= p) || !(nbuckets == 264))
			bad++;
	}
	CHECK_U64(bad, 0);

	/*
	 * the largest at f = 10: 170,666,666 buckets of 4.5 bytes (767,999,997
	 * bytes), for n = 19 * 170666666 / 5 = 648,533,330.8; one more element
	 * needs 170,666,668
	 */
	CHECK_STATUS(cf_plan(648533330, 0.01, &nbuckets, &f), BF_OK);
	CHECK_U64(nbuckets, 170666666);
	CHECK_U64(cf_table_bytes(nbuckets, f), 767999997);
	CHECK_STATUS(cf_plan(648533331, 0.01, &nbuckets, &f), BF_ERR_TOO_LARGE);
	CHECK_STATUS(cf_plan(INT64_C(1000000000000000000), 0.01, &nbuckets, &f), BF_ERR_TOO_LARGE);

	CHECK_STATUS(cf_plan(-1, 0.01, &nbuckets, &f), BF_ERR_N);
	CHECK_STATUS(cf_plan(INT64_C(1000000000000000001), 0.01, &nbuckets, &f), BF_ERR_N);
	CHECK_STATUS(cf_plan(10, 0.0, &nbuckets, &f), BF_ERR_P);
	CHECK_STATUS(cf_plan(10, 1.0, &nbuckets, &f), BF_ERR_P);
	CHECK_STATUS(cf_plan(10, -0.5, &nbuckets, &f), BF_ERR_P);
	CHECK_STATUS(cf_plan(10, NAN, &nbuckets, &f), BF_ERR_P);
	CHECK_STATUS(cf_plan(10, INFINITY, &nbuckets, &f), BF_ERR_P);
	CHECK_STATUS(cf_plan(10, 1e-10, &nbuckets, &f), BF_ERR_P_TOO_SMALL);
	CHECK_STATUS(cf_plan(10, ldexp(8.0, -32) * 0.999, &nbuckets, &f), BF_ERR_P_TOO_SMALL);
}

/* ---- buckets ---- */

static void
sort_fingerprints(uint32_t fps[CF_SLOTS_PER_BUCKET])
{
	for (int i = 1; i < CF_SLOTS_PER_BUCKET; i++)
		for (int j = i; j > 0 && fps[j - 1] > fps[j]; j--)
		{
			uint32_t	swap = fps[j];

			fps[j] = fps[j - 1];
			fps[j - 1] = swap;
		}
}

static uint64_t
bucket_bit(uint64_t bucket, int fp_bits)
{
	return bucket * (uint64_t) cf_bucket_bits(fp_bits);
}

/*
 * Every sorted nibble tuple a <= b <= c <= d, in the order of the loops d,
 * c <= d, b <= c, a <= b (colexicographic): its index is its rank in that
 * order, a + C(b+1, 2) + C(c+2, 3) + C(d+3, 4).  Checked through the
 * public bucket functions both ways: written as a bucket, its first 12
 * bits are that rank; the rank written by hand as those 12 bits reads back
 * as that tuple.  These loops are what generated bf_cuckoo.c's constant
 * table cf_nibble_sets.
 */
static void
test_cuckoo_nibble_index(void)
{
	uint8_t    *filter = new_cuckoo(2, 5);
	cf_view		view = cf_view_of(filter);
	uint32_t	rank = 0;
	uint64_t	bad_formula = 0,
				bad_index = 0,
				bad_decode = 0,
				bad_past = 0;
	cf_header	h;

	for (uint32_t d = 0; d < 16; d++)
		for (uint32_t c = 0; c <= d; c++)
			for (uint32_t b = 0; b <= c; b++)
				for (uint32_t a = 0; a <= b; a++, rank++)
				{
					/* f = 5: a nibble and one low bit, here 1; written out of order */
					uint32_t	fps[4] = {d << 1 | 1, b << 1 | 1, a << 1 | 1, c << 1 | 1};
					uint32_t	back[4];

					bad_formula += rank != a + (b + 1) * b / 2 + (c + 2) * (c + 1) * c / 6 +
						(d + 3) * (d + 2) * (d + 1) * d / 24;
					cf_write_bucket(view, 1, fps);
					bad_index += get_table_bits(filter, bucket_bit(1, 5), 12) != rank;
					bad_index += get_table_bits(filter, bucket_bit(1, 5) + 12, 4) != 0xF;
					set_table_bits(filter, bucket_bit(1, 5), 16, rank);
					cf_read_bucket(view, 1, back);
					bad_decode += back[0] != a << 1 || back[1] != b << 1 || back[2] != c << 1 || back[3] != d << 1;
				}
	CHECK_U64(rank, CF_NIBBLE_SETS);
	CHECK(CF_NIBBLE_SETS <= (1 << CF_NIBBLE_INDEX_BITS));
	CHECK_U64(bad_formula, 0);
	CHECK_U64(bad_index, 0);
	CHECK_U64(bad_decode, 0);
	CHECK_U64(get_table_bits(filter, 0, 16), 0);	/* bucket 0 never touched */

	/* 3876 .. 4095 are never written: read as nibbles 0 (in bounds), and rejected */
	bf_store_u64(filter + CF_OFF_N_ITEMS, 4);
	for (uint32_t index = CF_NIBBLE_SETS; index < (1u << CF_NIBBLE_INDEX_BITS); index++)
	{
		uint32_t	back[4];

		set_table_bits(filter, bucket_bit(1, 5), 16, UINT32_C(0xF000) | index);
		cf_read_bucket(view, 1, back);
		bad_past += back[0] != 1 || back[1] != 1 || back[2] != 1 || back[3] != 1;
		bad_past += cf_validate(filter, cuckoo_bytes(filter), &h, 0, NULL) != BF_ERR_FORMAT_FINGERPRINT;
	}
	CHECK_U64(bad_past, 0);
	set_table_bits(filter, bucket_bit(1, 5), 16, UINT32_C(0xF000) | (CF_NIBBLE_SETS - 1));
	CHECK_STATUS(cf_validate(filter, cuckoo_bytes(filter), &h, 0, NULL), BF_OK);	/* 0x1F four times */
	free(filter);
}

/* The bytes of a few buckets, worked out by hand (FORMAT.md has the first). */
static void
test_cuckoo_bucket_layout(void)
{
	uint8_t    *f5 = new_cuckoo(2, 5);
	uint8_t    *f10 = new_cuckoo(2, 10);
	uint8_t    *f32 = new_cuckoo(2, 32);
	uint8_t    *t;
	uint32_t	fps[4];

	CHECK(cf_bucket_bits(5) == 16 && cf_bucket_bits(10) == 36 && cf_bucket_bits(13) == 48 &&
		  cf_bucket_bits(17) == 64 && cf_bucket_bits(32) == 124);
	CHECK(cf_table_bytes(2, 5) == 4 && cf_table_bytes(2, 10) == 9 && cf_table_bytes(2, 32) == 31);
	CHECK_U64(cf_table_bytes(1024, 13), 6144);

	/*
	 * f = 5, bucket 0 = {0x1F, 3, 0, 2}: sorted 0, 2, 3, 0x1F, nibbles (the
	 * top 4 of 5 bits) 0 1 1 15, index 0 + C(2,2) + C(3,3) + C(18,4) = 3062
	 * = 0xBF6; low bits 0 0 1 1 at bits 12 .. 15: 0xCBF6, bytes f6 cb.
	 */
	t = f5 + CF_HEADER_BYTES;
	fps[0] = 0x1F, fps[1] = 3, fps[2] = 0, fps[3] = 2;
	cf_write_bucket(cf_view_of(f5), 0, fps);
	CHECK(t[0] == 0xF6 && t[1] == 0xCB && t[2] == 0 && t[3] == 0);
	cf_read_bucket(cf_view_of(f5), 0, fps);
	CHECK(fps[0] == 0 && fps[1] == 2 && fps[2] == 3 && fps[3] == 0x1F);

	/*
	 * f = 10, bucket 1 = {0x3FF} (bits 36 .. 71, the table's last): nibbles
	 * 0 0 0 15, index C(18,4) = 3060 = 0xBF4 at bits 36 .. 47; the low part
	 * 0x3F of 0x3FF at bit 12 + 3 * 6 = 30 of the bucket, 66 .. 71 of the table.
	 */
	t = f10 + CF_HEADER_BYTES;
	fps[0] = 0, fps[1] = 0x3FF, fps[2] = 0, fps[3] = 0;
	cf_write_bucket(cf_view_of(f10), 1, fps);
	CHECK(t[4] == 0x40 && t[5] == 0xBF && t[6] == 0 && t[7] == 0 && t[8] == 0xFC);
	CHECK_U64(popcount_bytes(t, 9), 8 + 6);
	cf_read_bucket(cf_view_of(f10), 1, fps);
	CHECK(fps[0] == 0 && fps[1] == 0 && fps[2] == 0 && fps[3] == 0x3FF);

	/*
	 * f = 32, bucket 1 (bits 124 .. 247, both fields, the second ending the
	 * table): nibbles 0 1 8 15, index 0 + C(2,2) + C(10,3) + C(18,4) = 3181;
	 * the largest's low part 0xFFFFFFF at bucket bit 12 + 3 * 28 = 96, table
	 * bits 220 .. 247.
	 */
	t = f32 + CF_HEADER_BYTES;
	fps[0] = UINT32_C(0xFFFFFFFF), fps[1] = 1, fps[2] = UINT32_C(0x80000000), fps[3] = UINT32_C(0x12345678);
	cf_write_bucket(cf_view_of(f32), 1, fps);
	CHECK_U64(get_table_bits(f32, 124, 12), 3181);
	CHECK_U64(get_table_bits(f32, 124 + 12, 28), 1);
	CHECK_U64(get_table_bits(f32, 124 + 40, 28), 0x2345678);
	CHECK_U64(get_table_bits(f32, 124 + 68, 28), 0);
	CHECK(t[30] == 0xFF && t[29] == 0xFF && t[28] == 0xFF && t[27] >> 4 == 0xF);
	CHECK_U64(popcount_bytes(t, 15) + (t[15] & 0x0F), 0);	/* bucket 0 untouched */
	cf_read_bucket(cf_view_of(f32), 1, fps);
	CHECK(fps[0] == 1 && fps[1] == UINT32_C(0x12345678) && fps[2] == UINT32_C(0x80000000) &&
		  fps[3] == UINT32_C(0xFFFFFFFF));
	free(f5);
	free(f10);
	free(f32);
}

/*
 * Every nibble multiset with random low parts, written in a shuffled order
 * into a random bucket of 8 at f = 5, 6, 13, 16, 17, 31 and 32: it reads
 * back sorted with its index bits, every other bucket keeps what it had,
 * and the bytes past the table stay untouched.
 */
static void
test_cuckoo_bucket_round_trips(void)
{
	static const int bits[] = {5, 6, 13, 16, 17, 31, 32};

	for (size_t i = 0; i < sizeof(bits) / sizeof(bits[0]); i++)
	{
		int			f = bits[i];
		uint64_t	nbuckets = 8;
		uint64_t	length = cf_filter_bytes(nbuckets, f);
		uint8_t    *filter = xcalloc(length + 16);
		uint32_t	want[8][4];
		uint64_t	low_mask = (UINT64_C(1) << (f - 4)) - 1;
		uint32_t	rank = 0;
		uint64_t	bad = 0;
		cf_view		view;

		cf_init(filter, nbuckets, f, BF_KIND_INTEGER, 0, 0.01);
		memset(filter + length, 0x5A, 16);
		memset(want, 0, sizeof(want));
		view = cf_view_of(filter);
		for (uint32_t d = 0; d < 16; d++)
			for (uint32_t c = 0; c <= d; c++)
				for (uint32_t b = 0; b <= c; b++)
					for (uint32_t a = 0; a <= b; a++, rank++)
					{
						uint32_t	nibbles[4] = {a, b, c, d};
						uint32_t	fps[4];
						uint32_t	back[4];
						uint64_t	bucket = rng_next() & (nbuckets - 1);
						int			turn = (int) (rng_next() & 3);

						for (int s = 0; s < 4; s++)
							fps[(s + turn) % 4] = nibbles[s] << (f - 4) | (uint32_t) (rng_next() & low_mask);
						memcpy(want[bucket], fps, sizeof(fps));
						sort_fingerprints(want[bucket]);
						cf_write_bucket(view, bucket, fps);
						bad += get_table_bits(filter, bucket_bit(bucket, f), 12) != rank;
						for (uint64_t j = 0; j < nbuckets; j++)
						{
							cf_read_bucket(view, j, back);
							bad += memcmp(back, want[j], sizeof(back)) != 0;
						}
					}
		for (int j = 0; j < 16; j++)
			bad += filter[length + j] != 0x5A;
		CHECK_U64(bad, 0);
		free(filter);
	}
}

/*
 * What the glue does for a stored filter: cf_bucket_bytes names a bucket's
 * bytes and cf_bucket_count_in counts fp among them alone (copied to a
 * buffer of just those bytes, so that ASan sees a read past them).  It
 * agrees with cf_read_bucket for the fingerprints of the bucket and for
 * neighbours of them that are not.
 */
static void
test_cuckoo_bucket_slices(void)
{
	static const int bits[] = {5, 10, 13, 16, 17, 31, 32};

	for (size_t i = 0; i < sizeof(bits) / sizeof(bits[0]); i++)
	{
		int			f = bits[i];
		uint8_t    *filter = new_cuckoo(64, f);
		cf_view		view = cf_view_of(filter);
		uint64_t	bad = 0;

		for (uint64_t v = 0; v < 230; v++)
			(void) cf_insert_hash(view, hash_int(v % 200));	/* some twice */
		for (uint64_t bucket = 0; bucket < 64; bucket++)
		{
			uint64_t	first_byte,
						byte_count;
			unsigned	first_bit;
			uint8_t    *slice;
			uint32_t	fps[4];

			cf_bucket_bytes(bucket, f, &first_byte, &byte_count, &first_bit);
			bad += first_byte * 8 + first_bit != bucket_bit(bucket, f);
			bad += byte_count != (first_bit + (uint64_t) cf_bucket_bits(f) + 7) / 8;
			bad += first_byte + byte_count > cf_table_bytes(64, f);
			slice = xcalloc(byte_count);
			memcpy(slice, filter + CF_HEADER_BYTES + first_byte, (size_t) byte_count);
			cf_read_bucket(view, bucket, fps);
			for (int s = 0; s < 4; s++)
			{
				uint32_t	probes[3] = {fps[s], fps[s] ^ 1, fps[s] ^ (UINT32_C(1) << (f - 1))};

				for (int k = 0; k < 3; k++)
				{
					int			want = 0;

					for (int t = 0; t < 4; t++)
						want += fps[t] == probes[k];
					bad += cf_bucket_count_in(slice, byte_count, first_bit, f, probes[k]) != want;
				}
			}
			free(slice);
		}
		CHECK_U64(bad, 0);
		free(filter);
	}
}

/* ---- the header ---- */

static void
test_cuckoo_header(void)
{
	uint8_t    *m = xcalloc(cf_filter_bytes(2, 8));
	uint8_t    *fresh;
	cf_header	h;
	cf_header	back;

	CHECK_U64(CF_HEADER_BYTES, 64);
	CHECK_U64(cf_filter_bytes(1024, 10), 64 + 1024 * 9 / 2);	/* 36 bits a bucket */
	memset(m, 0xFF, (size_t) cf_filter_bytes(2, 8));
	h.version = 0x0201;
	h.hash_scheme = 0x03;
	h.fp_bits = 0x04;
	h.value_kind = UINT32_C(0x05060708);
	h.flags = UINT32_C(0x090A0B0C);
	h.nbuckets = UINT64_C(0x1112131415161718);
	h.n_items = UINT64_C(0x2122232425262728);
	h.design_n = UINT64_C(0x3132333435363738);
	h.design_p = 0.125;
	h.victim_bucket = UINT64_C(0x4142434445464748);
	h.victim_fp = UINT32_C(0x51525354);
	cf_write_header(m, &h);
	cf_read_header(m, &back);
	CHECK(back.version == h.version && back.hash_scheme == h.hash_scheme && back.fp_bits == h.fp_bits);
	CHECK(back.value_kind == h.value_kind && back.flags == h.flags && back.nbuckets == h.nbuckets);
	CHECK(back.n_items == h.n_items && back.design_n == h.design_n && back.design_p == h.design_p);
	CHECK(back.victim_bucket == h.victim_bucket && back.victim_fp == h.victim_fp);
	CHECK(memcmp(m + CF_OFF_MAGIC, "CKOO", 4) == 0);
	CHECK(m[CF_OFF_VERSION] == 0x01 && m[CF_OFF_VERSION + 1] == 0x02);
	CHECK(m[CF_OFF_HASH_SCHEME] == 0x03 && m[CF_OFF_FP_BITS] == 0x04);
	CHECK(m[CF_OFF_VALUE_KIND] == 0x08 && m[CF_OFF_FLAGS + 3] == 0x09);
	CHECK(m[CF_OFF_NBUCKETS] == 0x18 && m[CF_OFF_N_ITEMS + 7] == 0x21 && m[CF_OFF_DESIGN_N] == 0x38);
	CHECK(m[CF_OFF_DESIGN_P + 7] == 0x3F && m[CF_OFF_DESIGN_P + 6] == 0xC0);	/* 0.125 */
	CHECK(m[CF_OFF_VICTIM_BUCKET] == 0x48 && m[CF_OFF_VICTIM_FP + 3] == 0x51);
	CHECK_U64(bf_load_u32(m + CF_OFF_RESERVED), 0);
	CHECK(m[CF_HEADER_BYTES] == 0xFF);	/* the header writer stays in the header */
	free(m);

	fresh = new_cuckoo(16, 12);
	CHECK_STATUS(cf_validate(fresh, cf_filter_bytes(16, 12), &h, 4, NULL), BF_OK);
	CHECK(h.version == CF_FORMAT_VERSION && h.hash_scheme == BF_HASH_SCHEME_XXH3 && h.fp_bits == 12);
	CHECK(h.value_kind == BF_KIND_INTEGER && h.flags == 0 && h.nbuckets == 16 && h.n_items == 0);
	CHECK(h.design_n == 1000 && h.design_p == 0.01 && h.victim_bucket == 0 && h.victim_fp == 0);
	CHECK_U64(popcount_bytes(fresh + CF_HEADER_BYTES, cf_table_bytes(16, 12)), 0);
	free(fresh);
}

/* ---- insert until full ---- */

static void
test_cuckoo_fill(uint64_t nbuckets, int fp_bits)
{
	uint8_t    *filter = new_cuckoo(nbuckets, fp_bits);
	cf_view		view = cf_view_of(filter);
	uint64_t	count = fill_until_full(filter, 1000000);
	cf_header	h;

	/* a full insert keeps every earlier element: the last fingerprint in hand went to the stash */
	CHECK_U64(missing_values(view, 1000000, count), 0);
	CHECK_STATUS(cf_validate(filter, cuckoo_bytes(filter), &h, 7, NULL), BF_OK);
	CHECK(h.n_items == count && (h.flags & CF_FLAG_VICTIM) != 0 && h.victim_fp != 0);
	CHECK_U64(cf_count_slots(view, 0, nbuckets), count - 1);
	/* the load at the first refusal, with CF_MAX_KICKS evictions and 4 slots a bucket */
	CHECK((double) count >= 0.95 * (double) (nbuckets * CF_SLOTS_PER_BUCKET));
	if ((double) count < 0.95 * (double) (nbuckets * CF_SLOTS_PER_BUCKET))
		printf("cuckoo: %" PRIu64 " buckets, f = %d: full at %" PRIu64 " of %" PRIu64 " slots\n",
			   nbuckets, fp_bits, count, nbuckets * CF_SLOTS_PER_BUCKET);
	free(filter);
}

/*
 * A filter of format version 1 (power-of-two buckets, the bucket from the
 * low bits of the hash, the xor alternate) keeps working as version 1:
 * filled until full with nothing lost, valid, probed alike by both probe
 * paths, its removes undone, and its fingerprints where version 1 puts
 * them.
 */
static void
test_cuckoo_version_1(void)
{
	uint8_t    *filter = new_cuckoo(1024, 12);
	cf_view		view;
	uint64_t	count;
	uint64_t	misplaced = 0;
	uint8_t    *unpacked = xcalloc(cf_unpacked_bytes(1024, 12));
	uint64_t	disagree = 0;
	uint64_t	kept = 0;

	make_version_1(filter);
	view = cf_view_of(filter);
	CHECK_U64(view.version, CF_FORMAT_VERSION_POW2);
	count = fill_until_full(filter, 0);
	CHECK((double) count >= 0.95 * 1024 * CF_SLOTS_PER_BUCKET);
	CHECK_U64(missing_values(view, 0, count), 0);
	CHECK_STATUS(validate_cuckoo(filter, cuckoo_bytes(filter)), BF_OK);
	CHECK_U64(filter[CF_OFF_VERSION], CF_FORMAT_VERSION_POW2);
	/* each value's fingerprint in h & 1023 or its xor alternate (or the stash) */
	for (uint64_t v = 0; v < count; v++)
	{
		uint64_t	hash = hash_int(v);
		uint32_t	fp = cf_fingerprint(hash, 12);
		uint64_t	mix = ((uint64_t) fp * UINT64_C(0x9e3779b97f4a7c15)) >> 32;
		uint64_t	pair[2] = {hash & 1023, (hash & 1023) ^ ((mix & 1023) | 1)};
		int			found = 0;

		for (int i = 0; i < 2; i++)
		{
			uint32_t	fps[4];

			cf_read_bucket(view, pair[i], fps);
			for (int slot = 0; slot < 4; slot++)
				found += fps[slot] == fp;
		}
		misplaced += found == 0 && bf_load_u32(filter + CF_OFF_VICTIM_FP) != fp;
	}
	CHECK_U64(misplaced, 0);
	cf_unpack_buckets(view, unpacked, 0, 1024);
	for (uint64_t v = 0; v < 3 * count; v++)
		disagree += cf_unpacked_contains_hash(view, unpacked, hash_int(v)) != cf_contains_hash(view, hash_int(v));
	CHECK_U64(disagree, 0);
	for (uint64_t v = 0; v < count; v += 2)
		CHECK(cf_remove_hash(view, hash_int(v)));
	for (uint64_t v = 1; v < count; v += 2)
		kept += cf_contains_hash(view, hash_int(v));
	CHECK_U64(kept, count / 2);
	CHECK_STATUS(validate_cuckoo(filter, cuckoo_bytes(filter)), BF_OK);
	free(unpacked);
	free(filter);
}

/* ---- the unpacked table of repeated probes ---- */

/*
 * cf_unpacked_contains_hash and cf_filter_contains_hash answer as
 * cf_contains_hash, for every f the unpacked table serves (odd f puts every
 * other bucket at a nibble offset), on full filters (the stash in use) of
 * 2, 64, 1000 and 1024 buckets, with the unpacked table allocated to its
 * exact size: members, and random hashes, which at small f often share a
 * fingerprint with a stored one in some lane.
 */
static void
test_cuckoo_unpacked(void)
{
	const uint64_t bucket_counts[] = {2, 64, 1000, 1024};

	for (int fp_bits = CF_MIN_FP_BITS; fp_bits <= CF_UNPACKED_MAX_FP_BITS; fp_bits++)
		for (int b = 0; b < 4; b++)
		{
			uint8_t    *filter = new_cuckoo(bucket_counts[b], fp_bits);
			cf_view		view = cf_view_of(filter);
			uint64_t	count = fill_until_full(filter, 7000);
			uint8_t    *unpacked = xcalloc(cf_unpacked_bytes(view.nbuckets, fp_bits));
			uint64_t	disagreements = 0;
			uint64_t	maybes = 0;

			cf_unpack_buckets(view, unpacked, 0, view.nbuckets);
			for (uint64_t v = 7000; v < 7000 + count; v++)
				disagreements += !cf_unpacked_contains_hash(view, unpacked, hash_int(v)) +
					!cf_filter_contains_hash(filter, hash_int(v));
			for (int i = 0; i < 20000; i++)
			{
				uint64_t	h = rng_next();
				bool		maybe = cf_contains_hash(view, h);

				disagreements += cf_unpacked_contains_hash(view, unpacked, h) != maybe;
				disagreements += cf_filter_contains_hash(filter, h) != maybe;
				maybes += maybe;
			}
			CHECK_U64(disagreements, 0);
			/* the random hashes test both answers (the rate is about 8 / 2^f at full load) */
			CHECK(maybes > 0 || fp_bits > 12);
			free(unpacked);
			free(filter);
		}
}

/* ---- copies ---- */

static void
test_cuckoo_copies(void)
{
	uint8_t    *filter = new_cuckoo(64, 12);
	cf_view		view = cf_view_of(filter);
	uint64_t	length = cuckoo_bytes(filter);
	uint8_t    *before;
	uint64_t	hash = hash_int(42);
	int			removed = 0;

	for (uint64_t v = 0; v < 100; v++)	/* neighbours to share the buckets */
		CHECK_STATUS(cf_insert_hash(view, hash_int(v + 1000)), BF_OK);
	for (int i = 0; i < CF_MAX_COPIES; i++)
		CHECK_STATUS(cf_insert_hash(view, hash), BF_OK);
	before = copy_cuckoo(filter);
	CHECK_STATUS(cf_insert_hash(view, hash), BF_ERR_TOO_MANY_COPIES);
	CHECK(memcmp(before, filter, (size_t) length) == 0);
	CHECK_STATUS(cf_insert_fingerprint(view, cf_bucket(hash, 64, CF_FORMAT_VERSION), cf_fingerprint(hash, 12)),
				 BF_ERR_TOO_MANY_COPIES);
	CHECK(memcmp(before, filter, (size_t) length) == 0);
	CHECK_U64(cf_count_hash(view, hash), CF_MAX_COPIES);
	CHECK_U64(bf_load_u64(filter + CF_OFF_N_ITEMS), 100 + CF_MAX_COPIES);
	CHECK_STATUS(validate_cuckoo(filter, length), BF_OK);
	CHECK_U64(missing_values(view, 1000, 100), 0);

	for (int i = 0; i < CF_MAX_COPIES; i++)
		removed += cf_remove_hash(view, hash);
	CHECK_U64(removed, CF_MAX_COPIES);
	memcpy(before, filter, (size_t) length);
	CHECK(!cf_remove_hash(view, hash));
	CHECK(memcmp(before, filter, (size_t) length) == 0);
	CHECK_U64(cf_count_hash(view, hash), 0);
	CHECK_U64(bf_load_u64(filter + CF_OFF_N_ITEMS), 100);
	CHECK_STATUS(validate_cuckoo(filter, length), BF_OK);
	CHECK_U64(missing_values(view, 1000, 100), 0);
	free(before);
	free(filter);
}

/* ---- remove ---- */

/*
 * A value never inserted but with the fingerprint and a bucket of one that
 * was is indistinguishable from it: removing it removes that one's copy.
 * Only what was added may be removed (bf_cuckoo.h says so to callers).
 */
static void
test_cuckoo_remove_collision(void)
{
	uint8_t    *filter = new_cuckoo(256, 12);
	cf_view		view = cf_view_of(filter);
	uint64_t	length = cuckoo_bytes(filter);
	uint64_t	inserted = hash_int(7);
	/* the same high word (fingerprint) and top 8 bits of the low word (bucket of 256), another hash */
	uint64_t	impostor = inserted ^ 1;
	uint32_t	fp = cf_fingerprint(inserted, 12);
	/* the same fingerprint with the other bucket first: the same pair */
	uint64_t	mirror = hash_with(fp, cf_alt_bucket(cf_bucket(inserted, 256, CF_FORMAT_VERSION), fp, 256,
												 CF_FORMAT_VERSION), 12, 256);
	uint8_t    *before;

	CHECK(impostor != inserted && cf_fingerprint(impostor, 12) == fp);
	CHECK(cf_bucket(impostor, 256, CF_FORMAT_VERSION) == cf_bucket(inserted, 256, CF_FORMAT_VERSION));
	CHECK_STATUS(cf_insert_hash(view, inserted), BF_OK);
	CHECK(cf_contains_hash(view, impostor) && cf_contains_hash(view, mirror));
	CHECK(cf_remove_hash(view, impostor));
	CHECK(!cf_contains_hash(view, inserted));
	CHECK_STATUS(cf_insert_hash(view, inserted), BF_OK);
	CHECK(cf_remove_hash(view, mirror));
	CHECK(!cf_contains_hash(view, inserted));
	CHECK_U64(bf_load_u64(filter + CF_OFF_N_ITEMS), 0);

	/* absent values: false and no byte changed */
	for (uint64_t v = 0; v < 300; v++)
		CHECK_STATUS(cf_insert_hash(view, hash_int(v + 5000)), BF_OK);
	before = copy_cuckoo(filter);
	for (uint64_t v = 0; v < 2000; v++)
	{
		uint64_t	hash = hash_int(v + 900000);

		if (!cf_contains_hash(view, hash))
			CHECK(!cf_remove_hash(view, hash));
	}
	CHECK(memcmp(before, filter, (size_t) length) == 0);
	CHECK_U64(missing_values(view, 5000, 300), 0);
	free(before);
	free(filter);
}

/* ---- the stash ---- */

/* Slots of the whole table holding fp. */
static uint64_t
table_copies(cf_view view, uint32_t fp)
{
	uint64_t	copies = 0;

	for (uint64_t bucket = 0; bucket < view.nbuckets; bucket++)
	{
		uint32_t	fps[4];

		cf_read_bucket(view, bucket, fps);
		for (int slot = 0; slot < CF_SLOTS_PER_BUCKET; slot++)
			copies += fps[slot] == fp;
	}
	return copies;
}

/*
 * Two buckets: every fingerprint may go in both, so 8 inserts fill the
 * table, the 9th goes to the stash and the 10th is refused.  Any remove
 * from the table then makes room for the stash.
 */
static void
test_cuckoo_stash_two_buckets(void)
{
	uint8_t    *filter = new_cuckoo(2, 16);
	cf_view		view = cf_view_of(filter);
	uint8_t    *copy;
	cf_header	h;
	uint64_t	stashed;

	CHECK_U64(fill_until_full(filter, 0), 9);
	CHECK_U64(missing_values(view, 0, 9), 0);
	cf_read_header(filter, &h);
	CHECK(h.flags == CF_FLAG_VICTIM && h.victim_bucket < 2 && h.n_items == 9);
	stashed = hash_with(h.victim_fp, h.victim_bucket, 16, h.nbuckets);
	CHECK(cf_contains_hash(view, stashed));
	CHECK_U64(cf_count_hash(view, stashed), 1 + table_copies(view, h.victim_fp));

	/* removing the stashed fingerprint itself (if the table has no copy of it) */
	copy = copy_cuckoo(filter);
	if (cf_count_hash(cf_view_of(copy), stashed) == 1)
	{
		CHECK(cf_remove_hash(cf_view_of(copy), stashed));
		cf_read_header(copy, &h);
		CHECK(h.flags == 0 && h.victim_bucket == 0 && h.victim_fp == 0 && h.n_items == 8);
		CHECK(!cf_contains_hash(cf_view_of(copy), stashed));
		CHECK_STATUS(validate_cuckoo(copy, cuckoo_bytes(copy)), BF_OK);
	}
	free(copy);

	/* removing a table element: the stash moves into the freed slot */
	for (uint64_t v = 0; v < 9; v++)
	{
		copy = copy_cuckoo(filter);
		CHECK(cf_remove_hash(cf_view_of(copy), hash_int(v)));
		cf_read_header(copy, &h);
		CHECK(h.flags == 0 && h.victim_bucket == 0 && h.victim_fp == 0 && h.n_items == 8);
		CHECK_U64(cf_count_slots(cf_view_of(copy), 0, 2), 8);
		CHECK_U64(missing_values(cf_view_of(copy), 0, v) + missing_values(cf_view_of(copy), v + 1, 8 - v), 0);
		CHECK_STATUS(validate_cuckoo(copy, cuckoo_bytes(copy)), BF_OK);
		CHECK_STATUS(cf_insert_hash(cf_view_of(copy), hash_int(v)), BF_OK);
		free(copy);
	}
	free(filter);
}

/* Removes from the table, not from the stash's own buckets, that test_cuckoo_stash_after_removes tries */
#define CUCKOO_REMOVES_ELSEWHERE	40

/* Which bucket a remove of hash would free: where its first copy is (UINT64_MAX: only in the stash). */
static uint64_t
bucket_freed_by(cf_view view, uint64_t hash)
{
	uint32_t	fp = cf_fingerprint(hash, view.fp_bits);
	uint64_t	buckets[2] = {cf_bucket(hash, view.nbuckets, view.version), 0};

	buckets[1] = cf_alt_bucket(buckets[0], fp, view.nbuckets, view.version);
	for (int i = 0; i < 2; i++)
	{
		uint32_t	fps[4];

		cf_read_bucket(view, buckets[i], fps);
		for (int slot = 0; slot < CF_SLOTS_PER_BUCKET; slot++)
			if (fps[slot] == fp)
				return buckets[i];
	}
	return UINT64_MAX;
}

/*
 * A large full filter, a remove from the table, and the stashed fingerprint
 * inserted again: it always finds room when the remove freed one of its own
 * two buckets, and here at least once when it freed another (its evictions
 * start from another seed than the walk that failed, and may reach the
 * freed slot; when only its own buckets were tried, the filter stayed
 * full).  Either way nothing is lost, n_items is one less, and the filter
 * takes an insert exactly when the stash is empty.
 */
static void
test_cuckoo_stash_after_removes(void)
{
	uint8_t    *filter = new_cuckoo(512, 12);
	cf_view		view = cf_view_of(filter);
	uint64_t	count = fill_until_full(filter, 0);
	cf_header	h;
	uint64_t	stashed;
	int			ours = 0,
				elsewhere = 0,
				ours_emptied = 0,
				elsewhere_emptied = 0;

	cf_read_header(filter, &h);
	stashed = hash_with(h.victim_fp, h.victim_bucket, 12, 512);
	CHECK(cf_contains_hash(view, stashed));
	for (uint64_t v = 0; v < count && (ours < 3 || elsewhere < CUCKOO_REMOVES_ELSEWHERE); v++)
	{
		uint8_t    *copy;
		cf_view		copy_view;
		uint64_t	freed = bucket_freed_by(view, hash_int(v));
		bool		is_ours = freed == h.victim_bucket ||
			freed == cf_alt_bucket(h.victim_bucket, h.victim_fp, 512, CF_FORMAT_VERSION);
		cf_header	after;

		if (freed == UINT64_MAX || (is_ours && ours >= 3) || (!is_ours && elsewhere >= CUCKOO_REMOVES_ELSEWHERE))
			continue;
		copy = copy_cuckoo(filter);
		copy_view = cf_view_of(copy);
		CHECK(cf_remove_hash(copy_view, hash_int(v)));
		cf_read_header(copy, &after);
		CHECK_U64(after.n_items, count - 1);
		CHECK_U64(cf_count_slots(copy_view, 0, 512) + (after.flags != 0), count - 1);
		if (is_ours)
			CHECK_U64(after.flags, 0);
		CHECK(cf_contains_hash(copy_view, stashed));
		CHECK_U64(missing_values(copy_view, 0, v) + missing_values(copy_view, v + 1, count - v - 1), 0);
		CHECK_STATUS(validate_cuckoo(copy, cuckoo_bytes(copy)), BF_OK);
		/* still full while the stash is in use; room again once it is empty */
		CHECK_STATUS(cf_insert_hash(copy_view, hash_int(count + 100)), after.flags == 0 ? BF_OK : BF_ERR_FILTER_FULL);
		ours += is_ours;
		elsewhere += !is_ours;
		ours_emptied += is_ours && after.flags == 0;
		elsewhere_emptied += !is_ours && after.flags == 0;
		free(copy);
	}
	CHECK(ours == 3 && ours_emptied == 3 && elsewhere == CUCKOO_REMOVES_ELSEWHERE);
	CHECK(elsewhere_emptied > 0);
	free(filter);
}

/*
 * The next fingerprint from *next up whose alternate of bucket 0 among 4
 * buckets is mask (1: its pairs are {0, 1} and {2, 3}; 3: {0, 3}, {1, 2}).
 */
static uint32_t
fingerprint_moving_by(uint32_t *next, uint64_t mask)
{
	while (cf_alt_bucket(0, *next, 4, CF_FORMAT_VERSION) != mask)
		(*next)++;
	return (*next)++;
}

/*
 * A full table of 4 buckets built by hand, f = 16, the stash holding S in
 * bucket 0 (alternate 1, both full), and one fingerprint removed from
 * bucket 2, neither of S's.  If the fingerprints of buckets 0 and 1 move
 * to 3 and 2 (mask 3) and those of 2 and 3 to each other (mask 1), every
 * eviction path from 0 or 1 reaches the freed slot within two swaps: S is
 * in the table again.  If those of 0 and 1 move only between 0 and 1, no
 * path does: after CF_MAX_KICKS swaps one of them is in the stash again.
 * Both times nothing is lost and n_items is 16.
 */
static void
test_cuckoo_stash_reinsert(void)
{
	for (int reachable = 1; reachable >= 0; reachable--)
	{
		uint8_t    *filter = new_cuckoo(4, 16);
		cf_view		view = cf_view_of(filter);
		uint32_t	next = 1;
		uint32_t	table[4][4];
		uint32_t	stashed = fingerprint_moving_by(&next, 1);
		uint64_t	missing = 0;
		uint32_t	fps[4];
		cf_header	h;

		for (int bucket = 0; bucket < 4; bucket++)
		{
			for (int slot = 0; slot < 4; slot++)
				table[bucket][slot] = fingerprint_moving_by(&next, bucket < 2 && reachable ? 3 : 1);
			cf_write_bucket(view, (uint64_t) bucket, table[bucket]);
		}
		bf_store_u32(filter + CF_OFF_FLAGS, CF_FLAG_VICTIM);
		bf_store_u32(filter + CF_OFF_VICTIM_FP, stashed);
		bf_store_u64(filter + CF_OFF_N_ITEMS, 17);
		CHECK_STATUS(validate_cuckoo(filter, cuckoo_bytes(filter)), BF_OK);
		CHECK_STATUS(cf_insert_hash(view, hash_with(next, 2, 16, 4)), BF_ERR_FILTER_FULL);

		CHECK(cf_remove_hash(view, hash_with(table[2][1], 2, 16, 4)));
		cf_read_header(filter, &h);
		CHECK_U64(h.n_items, 16);
		CHECK_STATUS(validate_cuckoo(filter, cuckoo_bytes(filter)), BF_OK);
		CHECK(!cf_contains_hash(view, hash_with(table[2][1], 2, 16, 4)));
		CHECK(cf_contains_hash(view, hash_with(stashed, 0, 16, 4)));
		for (int bucket = 0; bucket < 4; bucket++)
			for (int slot = 0; slot < 4; slot++)
				if (bucket != 2 || slot != 1)
					missing += !cf_contains_hash(view, hash_with(table[bucket][slot], (uint64_t) bucket, 16, 4));
		CHECK_U64(missing, 0);
		cf_read_bucket(view, 2, fps);
		if (reachable)
		{
			/* the table is full again, the stash empty: one more insert is taken (into the stash) */
			CHECK_U64(h.flags, 0);
			CHECK_U64(cf_count_slots(view, 0, 4), 16);
			CHECK_STATUS(cf_insert_hash(view, hash_with(next, 2, 16, 4)), BF_OK);
			CHECK_STATUS(cf_insert_hash(view, hash_with(next + 1, 2, 16, 4)), BF_ERR_FILTER_FULL);
		}
		else
		{
			/* a fingerprint of buckets 0 and 1 (S or another) in the stash, the slot of 2 still free */
			CHECK(h.flags == CF_FLAG_VICTIM && h.victim_bucket < 2);
			CHECK(cf_alt_bucket(0, h.victim_fp, 4, CF_FORMAT_VERSION) == 1);
			CHECK(fps[0] == 0 && fps[1] != 0);
			CHECK_U64(cf_count_slots(view, 0, 4), 15);
			CHECK_STATUS(cf_insert_hash(view, hash_with(next, 2, 16, 4)), BF_ERR_FILTER_FULL);
		}
		free(filter);
	}
}

static uint64_t union_chunks_seen;

static void
count_union_chunk(void)
{
	union_chunks_seen++;
}

/* ---- union ---- */

static void
test_cuckoo_union(void)
{
	uint8_t    *a = new_cuckoo(1024, 12);
	uint8_t    *b = new_cuckoo(1024, 12);
	uint8_t    *full = new_cuckoo(2, 16);
	uint8_t    *empty = new_cuckoo(2, 16);
	uint8_t    *one = new_cuckoo(2, 16);
	uint8_t    *dst;

	/* two half-full filters of the same shape */
	for (uint64_t v = 0; v < 1800; v++)
	{
		CHECK_STATUS(cf_insert_hash(cf_view_of(a), hash_int(v)), BF_OK);
		CHECK_STATUS(cf_insert_hash(cf_view_of(b), hash_int(v + 100000)), BF_OK);
	}
	dst = copy_cuckoo(a);
	union_chunks_seen = 0;
	CHECK_STATUS(cf_insert_all(cf_view_of(dst), b, 3, count_union_chunk), BF_OK);
	/* between() before every 3 buckets of the source: the glue checks for interrupts there */
	CHECK_U64(union_chunks_seen, (cf_view_of(b).nbuckets + 2) / 3);
	CHECK_U64(missing_values(cf_view_of(dst), 0, 1800) + missing_values(cf_view_of(dst), 100000, 1800), 0);
	CHECK_U64(bf_load_u64(dst + CF_OFF_N_ITEMS), 3600);
	CHECK_STATUS(validate_cuckoo(dst, cuckoo_bytes(dst)), BF_OK);
	free(dst);

	/* the source's stash comes along */
	CHECK_U64(fill_until_full(full, 0), 9);
	CHECK_STATUS(cf_insert_all(cf_view_of(empty), full, 0, NULL), BF_OK);
	CHECK_U64(missing_values(cf_view_of(empty), 0, 9), 0);
	CHECK_STATUS(validate_cuckoo(empty, cuckoo_bytes(empty)), BF_OK);
	/* into a full one: refused at the first fingerprint, and nothing changed by it */
	CHECK_STATUS(cf_insert_hash(cf_view_of(one), hash_int(1000)), BF_OK);
	dst = copy_cuckoo(full);
	CHECK_STATUS(cf_insert_all(cf_view_of(dst), one, 1, NULL), BF_ERR_FILTER_FULL);
	CHECK(memcmp(dst, full, (size_t) cuckoo_bytes(full)) == 0);
	free(dst);
	/* another shape or version: refused, nothing changed */
	dst = copy_cuckoo(a);
	make_version_1(dst);
	CHECK_STATUS(cf_insert_all(cf_view_of(dst), b, 0, NULL), BF_ERR_INCOMPATIBLE);
	make_version_1(a);	/* a is then a's bytes but for the version */
	CHECK(memcmp(dst, a, (size_t) cuckoo_bytes(a)) == 0);
	CHECK_STATUS(cf_insert_all(cf_view_of(empty), b, 0, NULL), BF_ERR_INCOMPATIBLE);
	CHECK_STATUS(cf_insert_all(cf_view_of(dst), full, 0, NULL), BF_ERR_INCOMPATIBLE);
	free(dst);
	free(one);
	free(a);
	free(b);
	free(full);
	free(empty);
}

/* ---- validation ---- */

static int	between_calls;

static void
count_between(void)
{
	between_calls++;
}

/* cf_validate's verdict on base with width bytes at offset replaced by value (little-endian). */
static bf_status
status_with(const uint8_t *base, uint64_t length, int offset, int width, uint64_t value)
{
	uint8_t    *copy = copy_cuckoo(base);
	cf_header	h;
	bf_status	status;

	for (int i = 0; i < width; i++)
		copy[offset + i] = (uint8_t) (value >> (8 * i));
	status = cf_validate(copy, length, &h, 3, NULL);
	free(copy);
	return status;
}

static bf_status
status_with_p(const uint8_t *base, uint64_t length, double p)
{
	uint64_t	bits;

	memcpy(&bits, &p, sizeof(bits));
	return status_with(base, length, CF_OFF_DESIGN_P, 8, bits);
}

/* Each header field broken alone. */
static void
test_cuckoo_rejects(void)
{
	uint8_t    *f = new_cuckoo(16, 12);
	uint64_t	len = cuckoo_bytes(f);
	cf_header	h;

	for (uint64_t v = 0; v < 20; v++)
		cf_insert_hash(cf_view_of(f), hash_int(v));
	between_calls = 0;
	CHECK_STATUS(cf_validate(f, len, &h, 3, count_between), BF_OK);
	CHECK_U64(between_calls, 6);	/* 16 buckets in chunks of 3 */
	CHECK_STATUS(cf_validate(f, len, &h, 0, NULL), BF_OK);	/* 0: one chunk */

	CHECK_STATUS(cf_check_header(f, 0, &h), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(cf_check_header(f, CF_HEADER_BYTES - 1, &h), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(cf_check_header(f, len - 1, &h), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(cf_check_header(f, len + 1, &h), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(status_with(f, len, CF_OFF_MAGIC + 3, 1, 'X'), BF_ERR_FORMAT_MAGIC);
	CHECK_STATUS(status_with(f, len, CF_OFF_VERSION, 2, 3), BF_ERR_FORMAT_VERSION);
	CHECK_STATUS(status_with(f, len, CF_OFF_VERSION, 2, 0), BF_ERR_FORMAT_VERSION);
	CHECK_STATUS(status_with(f, len, CF_OFF_VERSION, 2, CF_FORMAT_VERSION_POW2), BF_OK);	/* 16 buckets */
	CHECK_STATUS(status_with(f, len, CF_OFF_VERSION, 2, 0x0101), BF_ERR_FORMAT_VERSION);
	CHECK_STATUS(status_with(f, len, CF_OFF_HASH_SCHEME, 1, 2), BF_ERR_FORMAT_HASH_SCHEME);
	CHECK_STATUS(status_with(f, len, CF_OFF_FP_BITS, 1, 3), BF_ERR_FORMAT_FINGERPRINT);
	CHECK_STATUS(status_with(f, len, CF_OFF_FP_BITS, 1, 4), BF_ERR_FORMAT_FINGERPRINT);
	CHECK_STATUS(status_with(f, len, CF_OFF_FP_BITS, 1, 33), BF_ERR_FORMAT_FINGERPRINT);
	CHECK_STATUS(status_with(f, len, CF_OFF_VALUE_KIND, 4, 6), BF_ERR_FORMAT_KIND);
	CHECK_STATUS(status_with(f, len, CF_OFF_FLAGS, 4, 2), BF_ERR_FORMAT_FLAGS);
	CHECK_STATUS(status_with(f, len, CF_OFF_FLAGS, 4, UINT32_C(0x80000000)), BF_ERR_FORMAT_FLAGS);
	CHECK_STATUS(status_with(f, len, CF_OFF_RESERVED, 4, 1), BF_ERR_FORMAT_FLAGS);
	CHECK_STATUS(status_with(f, len, CF_OFF_NBUCKETS, 8, 0), BF_ERR_FORMAT_NBLOCKS);
	CHECK_STATUS(status_with(f, len, CF_OFF_NBUCKETS, 8, 1), BF_ERR_FORMAT_NBLOCKS);
	CHECK_STATUS(status_with(f, len, CF_OFF_NBUCKETS, 8, 3), BF_ERR_FORMAT_NBLOCKS);
	CHECK_STATUS(status_with(f, len, CF_OFF_NBUCKETS, 8, 23), BF_ERR_FORMAT_NBLOCKS);
	CHECK_STATUS(status_with(f, len, CF_OFF_NBUCKETS, 8, 24), BF_ERR_FORMAT_LENGTH);	/* even: then the length */
	/* version 1: a power of two */
	f[CF_OFF_VERSION] = CF_FORMAT_VERSION_POW2;
	CHECK_STATUS(status_with(f, len, CF_OFF_NBUCKETS, 8, 24), BF_ERR_FORMAT_NBLOCKS);
	CHECK_STATUS(status_with(f, len, CF_OFF_NBUCKETS, 8, 32), BF_ERR_FORMAT_LENGTH);
	f[CF_OFF_VERSION] = CF_FORMAT_VERSION;
	CHECK_STATUS(status_with(f, len, CF_OFF_NBUCKETS, 8, UINT64_C(1) << 33), BF_ERR_FORMAT_NBLOCKS);
	CHECK_STATUS(status_with(f, len, CF_OFF_NBUCKETS, 8, UINT64_C(1) << 63), BF_ERR_FORMAT_NBLOCKS);
	/* 2^28 buckets of 44 bits: 1.5e9 bytes, over CF_MAX_TABLE_BYTES */
	CHECK_STATUS(status_with(f, len, CF_OFF_NBUCKETS, 8, UINT64_C(1) << 28), BF_ERR_FORMAT_NBLOCKS);
	CHECK_STATUS(status_with(f, len, CF_OFF_NBUCKETS, 8, 32), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(status_with(f, len, CF_OFF_FP_BITS, 1, 13), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(status_with_p(f, len, 0.0), BF_ERR_FORMAT_DESIGN);
	CHECK_STATUS(status_with_p(f, len, 1.0), BF_ERR_FORMAT_DESIGN);
	CHECK_STATUS(status_with_p(f, len, NAN), BF_ERR_FORMAT_DESIGN);
	CHECK_STATUS(status_with_p(f, len, -0.5), BF_ERR_FORMAT_DESIGN);
	/* the stash: zero without the flag */
	CHECK_STATUS(status_with(f, len, CF_OFF_VICTIM_FP, 4, 5), BF_ERR_FORMAT_FINGERPRINT);
	CHECK_STATUS(status_with(f, len, CF_OFF_VICTIM_BUCKET, 8, 1), BF_ERR_FORMAT_FINGERPRINT);
	CHECK_STATUS(status_with(f, len, CF_OFF_VALUE_KIND, 4, BF_KIND_NONE), BF_ERR_FORMAT_COUNT);
	CHECK_STATUS(status_with(f, len, CF_OFF_N_ITEMS, 8, 4 * 16 + 2), BF_ERR_FORMAT_COUNTERS);
	CHECK_STATUS(status_with(f, len, CF_OFF_N_ITEMS, 8, 21), BF_ERR_FORMAT_COUNTERS);
	CHECK_STATUS(status_with(f, len, CF_OFF_N_ITEMS, 8, 19), BF_ERR_FORMAT_COUNTERS);
	CHECK_STATUS(status_with(f, len, CF_OFF_N_ITEMS, 8, 0), BF_ERR_FORMAT_COUNTERS);
	free(f);
}

/* The stash fields, and n_items against the contents. */
static void
test_cuckoo_rejects_counts(void)
{
	uint8_t    *f = new_cuckoo(16, 12);
	uint64_t	len = cuckoo_bytes(f);
	cf_header	h;

	for (uint64_t v = 0; v < 20; v++)
		cf_insert_hash(cf_view_of(f), hash_int(v));
	/* n_items against the contents is validation's, not the header's */
	bf_store_u64(f + CF_OFF_N_ITEMS, 21);
	CHECK_STATUS(cf_check_header(f, len, &h), BF_OK);
	bf_store_u64(f + CF_OFF_N_ITEMS, 20);

	/* with the flag: a fingerprint 1 .. 2^f - 1 in a bucket < nbuckets, counted in n_items */
	bf_store_u32(f + CF_OFF_FLAGS, CF_FLAG_VICTIM);
	bf_store_u32(f + CF_OFF_VICTIM_FP, 0xFFF);
	bf_store_u64(f + CF_OFF_VICTIM_BUCKET, 15);
	CHECK_STATUS(validate_cuckoo(f, len), BF_ERR_FORMAT_COUNTERS);
	bf_store_u64(f + CF_OFF_N_ITEMS, 21);
	CHECK_STATUS(validate_cuckoo(f, len), BF_OK);
	CHECK_STATUS(status_with(f, len, CF_OFF_VICTIM_FP, 4, 0), BF_ERR_FORMAT_FINGERPRINT);
	CHECK_STATUS(status_with(f, len, CF_OFF_VICTIM_FP, 4, 0x1000), BF_ERR_FORMAT_FINGERPRINT);
	CHECK_STATUS(status_with(f, len, CF_OFF_VICTIM_BUCKET, 8, 16), BF_ERR_FORMAT_FINGERPRINT);
	CHECK_STATUS(status_with(f, len, CF_OFF_VICTIM_BUCKET, 8, UINT64_MAX), BF_ERR_FORMAT_FINGERPRINT);
	CHECK_STATUS(status_with(f, len, CF_OFF_N_ITEMS, 8, 20), BF_ERR_FORMAT_COUNTERS);
	CHECK_STATUS(status_with(f, len, CF_OFF_FLAGS, 4, 0), BF_ERR_FORMAT_FINGERPRINT);
	/* a slot emptied, or one filled, behind the count's back */
	for (uint64_t bucket = 0; bucket < 16; bucket++)
	{
		uint32_t	fps[4];
		uint32_t	saved;

		cf_read_bucket(cf_view_of(f), bucket, fps);
		if (fps[3] == 0)
			continue;
		saved = fps[3];
		fps[3] = 0;
		cf_write_bucket(cf_view_of(f), bucket, fps);
		CHECK_STATUS(validate_cuckoo(f, len), BF_ERR_FORMAT_COUNTERS);
		fps[3] = saved;
		cf_write_bucket(cf_view_of(f), bucket, fps);
		break;
	}
	CHECK_STATUS(validate_cuckoo(f, len), BF_OK);
	for (uint64_t bucket = 0; bucket < 16; bucket++)
	{
		uint32_t	fps[4];

		cf_read_bucket(cf_view_of(f), bucket, fps);
		if (fps[0] != 0)
			continue;
		fps[0] = 1;
		cf_write_bucket(cf_view_of(f), bucket, fps);
		CHECK_STATUS(validate_cuckoo(f, len), BF_ERR_FORMAT_COUNTERS);
		break;
	}
	free(f);
}

/*
 * Buckets in any but their canonical form: an index past 3875, or the low
 * parts of equal nibbles out of order.  Low parts that descend under
 * ascending nibbles are in order (the fingerprints are sorted whole).
 */
static void
test_cuckoo_rejects_buckets(void)
{
	uint8_t    *f = new_cuckoo(16, 12);
	uint64_t	len = cuckoo_bytes(f);
	uint64_t	bit = bucket_bit(5, 12);
	uint64_t	index;
	uint32_t	fps[4] = {0x501, 0x5FE, 0x1FF, 0x201};
	cf_header	h;

	for (uint64_t v = 0; v < 20; v++)
		cf_insert_hash(cf_view_of(f), hash_int(v));
	index = get_table_bits(f, bit, 12);
	set_table_bits(f, bit, 12, CF_NIBBLE_SETS);
	CHECK_STATUS(validate_cuckoo(f, len), BF_ERR_FORMAT_FINGERPRINT);
	set_table_bits(f, bit, 12, 0xFFF);
	CHECK_STATUS(validate_cuckoo(f, len), BF_ERR_FORMAT_FINGERPRINT);
	set_table_bits(f, bit, 12, index);
	CHECK_STATUS(validate_cuckoo(f, len), BF_OK);

	/* bucket 5 made 0x1FF 0x201 0x501 0x5FE: low parts ff 01 01 fe at bucket bits 12, 20, 28, 36 */
	bf_store_u64(f + CF_OFF_N_ITEMS, 20 + 4 - cf_count_slots(cf_view_of(f), 5, 1));
	cf_write_bucket(cf_view_of(f), 5, fps);
	CHECK_STATUS(validate_cuckoo(f, len), BF_OK);
	CHECK(get_table_bits(f, bit + 12, 8) == 0xFF && get_table_bits(f, bit + 20, 8) == 0x01);
	CHECK(get_table_bits(f, bit + 28, 8) == 0x01 && get_table_bits(f, bit + 36, 8) == 0xFE);
	/* 0x5FE before 0x501: the same multiset, not canonical */
	set_table_bits(f, bit + 28, 8, 0xFE);
	set_table_bits(f, bit + 36, 8, 0x01);
	CHECK_STATUS(validate_cuckoo(f, len), BF_ERR_FORMAT_FINGERPRINT);
	CHECK_STATUS(cf_validate(f, len, &h, 1, NULL), BF_ERR_FORMAT_FINGERPRINT);
	free(f);
}

/* ---- determinism ---- */

static void
test_cuckoo_deterministic(void)
{
	uint8_t    *a = new_cuckoo(128, 9);
	uint8_t    *b = new_cuckoo(128, 9);

	for (int round = 0; round < 2; round++)
	{
		uint8_t    *f = round == 0 ? a : b;

		/* through evictions, the stash, removes and a refusal */
		fill_until_full(f, 77);
		for (uint64_t v = 77; v < 177; v += 3)
			cf_remove_hash(cf_view_of(f), hash_int(v));
		fill_until_full(f, 5000);
		CHECK_STATUS(validate_cuckoo(f, cuckoo_bytes(f)), BF_OK);
	}
	CHECK(memcmp(a, b, (size_t) cuckoo_bytes(a)) == 0);
	free(a);
	free(b);
}

void
test_cuckoo(void)
{
	test_cuckoo_fingerprints();
	test_cuckoo_alternate();
	test_cuckoo_plan();
	test_cuckoo_nibble_index();
	test_cuckoo_bucket_layout();
	test_cuckoo_bucket_round_trips();
	test_cuckoo_bucket_slices();
	test_cuckoo_header();
	test_cuckoo_fill(1024, 12);
	test_cuckoo_fill(4096, 8);
	test_cuckoo_fill(256, 16);
	test_cuckoo_fill(1024, 5);
	test_cuckoo_fill(512, 17);
	test_cuckoo_fill(256, 32);
	test_cuckoo_fill(1000, 12);
	test_cuckoo_fill(26316, 10);
	test_cuckoo_fill(6, 16);
	test_cuckoo_version_1();
	test_cuckoo_unpacked();
	test_cuckoo_copies();
	test_cuckoo_remove_collision();
	test_cuckoo_stash_two_buckets();
	test_cuckoo_stash_after_removes();
	test_cuckoo_stash_reinsert();
	test_cuckoo_union();
	test_cuckoo_rejects();
	test_cuckoo_rejects_counts();
	test_cuckoo_rejects_buckets();
	test_cuckoo_deterministic();
}

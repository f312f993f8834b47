/*
 * test_window.c - unit tests of bf_window.c, bloomwindow's core.
 *
 * The guarantees of bf_window.h are checked at their edges: count mode at
 * exactly W insertions and after G*c more; time mode at exactly T and at
 * T*G/(G-1); a gap of many spans; a clock that goes backwards; order
 * independence and exact union in time mode; union by age in count mode;
 * and that every value the core builds passes bw_validate while each
 * damaged field fails it.
 */
#include "harness.h"
#include "bf_window.h"

#define SECOND		INT64_C(1000000)

static uint8_t *
new_window(int mode, uint64_t window, uint64_t n, double p, int generations, bw_header *header)
{
	uint8_t    *bytes;

	CHECK_STATUS(bw_plan(mode, window, n, p, generations, header), BF_OK);
	bytes = malloc((size_t) bw_window_bytes(header->generations, header->nblocks));
	if (bytes == NULL)
	{
		printf("out of memory\n");
		exit(2);
	}
	memset(bytes, 0xA5, (size_t) bw_window_bytes(header->generations, header->nblocks));
	bw_init(bytes, header);
	return bytes;
}

static uint64_t
window_length(const bw_header *header)
{
	return bw_window_bytes(header->generations, header->nblocks);
}

/* One add of an integer at t, as the glue does it; false if it was outside the window. */
static bool
window_add(uint8_t *bytes, bw_header *header, uint64_t value, int64_t t)
{
	unsigned	slot;
	bool		expired;

	CHECK_STATUS(bw_prepare_add(bytes, header, t, &slot, &expired, 3, NULL), BF_OK);
	if (expired)
		return false;
	bw_add_hash(bytes, header, slot, hash_int(value));
	header->value_kind = BF_KIND_INTEGER;
	bw_write_header(bytes, header);
	return true;
}

static bool
window_contains(const uint8_t *bytes, const bw_header *header, uint64_t value, int64_t t)
{
	/* the two readings of the live rule agree */
	CHECK_U64(bw_live_slots_in(bytes, t), bw_live_slots(header, t));
	return bw_contains_hash(bytes, header, bw_live_slots(header, t), hash_int(value));
}

static bf_status
window_validate(const uint8_t *bytes, const bw_header *header)
{
	bw_header	checked;

	return bw_validate(bytes, window_length(header), &checked, 2, NULL);
}

static void
test_window_plan(void)
{
	bw_header	header;
	double		pg = bw_generation_rate(0.01, 4);

	CHECK(fabs(1 - pow(1 - pg, 4) - 0.01) < 1e-12);
	CHECK_STATUS(bw_plan(BW_MODE_COUNT, 3000, 3000, 0.01, 4, &header), BF_OK);
	CHECK_U64(header.span, 1000);
	CHECK_STATUS(bw_plan(BW_MODE_COUNT, 3001, 3001, 0.01, 4, &header), BF_OK);
	CHECK_U64(header.span, 1001);		/* rounded up: the guarantee needs (G-1)*c >= W */
	CHECK_STATUS(bw_plan(BW_MODE_COUNT, 3000, 3000, 0.01, 1, &header), BF_ERR_WINDOW);
	CHECK_STATUS(bw_plan(BW_MODE_COUNT, 3000, 3000, 0.01, 9, &header), BF_ERR_WINDOW);
	CHECK_STATUS(bw_plan(BW_MODE_COUNT, 0, 0, 0.01, 4, &header), BF_ERR_WINDOW);
	CHECK_STATUS(bw_plan(BW_MODE_TIME, 3600 * SECOND, 0, 0.01, 4, &header), BF_ERR_WINDOW);
	CHECK_STATUS(bw_plan(BW_MODE_TIME, (uint64_t) BW_MAX_WINDOW_US + 1, 10, 0.01, 4, &header), BF_ERR_WINDOW);
	CHECK_STATUS(bw_plan(BW_MODE_COUNT, 3000, 3000, 1.0, 4, &header), BF_ERR_P);
	CHECK_STATUS(bw_plan(BW_MODE_COUNT, UINT64_C(1) << 40, UINT64_C(1) << 40, 0.01, 2, &header), BF_ERR_TOO_LARGE);
}

/* Count mode: the last W always found, at exactly W and at every later point. */
static void
test_window_count_guarantee(void)
{
	static const int gs[] = {2, 3, 4, 8};

	for (size_t gi = 0; gi < sizeof(gs) / sizeof(gs[0]); gi++)
	{
		int			G = gs[gi];
		uint64_t	W = 1000;
		bw_header	header;
		uint8_t    *w = new_window(BW_MODE_COUNT, W, W, 0.01, G, &header);
		uint64_t	c = header.span;
		uint64_t	total = 6 * W + 17;
		uint64_t	missed = 0;
		uint64_t	forgotten_found = 0,
					forgotten_tested = 0;

		for (uint64_t i = 0; i < total; i++)
		{
			CHECK(window_add(w, &header, i, 0));
			/* at exactly W insertions, and at a few other points */
			if (i + 1 == W || (i + 1) % 997 == 0 || i + 1 == total)
			{
				uint64_t	n = i + 1;

				for (uint64_t j = n > W ? n - W : 0; j < n; j++)
					missed += !window_contains(w, &header, j, 0);
				/* forgotten for sure: more than G*c insertions ago */
				for (uint64_t j = 0; j + G * c < n - 1 && j < n; j++)
				{
					forgotten_tested++;
					forgotten_found += window_contains(w, &header, j, 0);
				}
			}
		}
		CHECK_U64(missed, 0);
		CHECK_U64(header.insertions, total);
		CHECK_STATUS(window_validate(w, &header), BF_OK);
		/* what is forgotten is found only at about the rate p */
		CHECK(forgotten_tested > 0 && forgotten_found <= forgotten_tested / 20);
		free(w);
	}
}

/* Count mode: the item just past G*c is forgotten from its generation: exactly, on a window of its own. */
static void
test_window_count_forgets(void)
{
	bw_header	header;
	uint8_t    *w = new_window(BW_MODE_COUNT, 30, 30, 1e-6, 4, &header);
	uint64_t	c = header.span;

	CHECK_U64(c, 10);
	CHECK(window_add(w, &header, 424242, 0));
	/* G*c - 1 more: the first generation still holds the item */
	for (uint64_t i = 1; i < 4 * c; i++)
		CHECK(window_add(w, &header, 1000000 + i, 0));
	CHECK(window_contains(w, &header, 424242, 0));
	CHECK_U64(header.gen[0].n_added, c);
	/* the next add reuses the first generation */
	CHECK(window_add(w, &header, 5000000, 0));
	CHECK_U64(header.current, 0);
	CHECK_U64(header.gen[0].start, 4 * c);
	CHECK_U64(header.gen[0].n_added, 1);
	/* the reused generation holds the new item's bits only, and the old item is gone */
	CHECK(bw_generation_bits(w, &header, 0, 1, NULL) <= header.k);
	CHECK(!window_contains(w, &header, 424242, 0));
	CHECK_STATUS(window_validate(w, &header), BF_OK);
	free(w);
}

/* Time mode: found at exactly T, gone at T*G/(G-1) for an item at a grid start. */
static void
test_window_time_guarantee(void)
{
	bw_header	header;
	int64_t		T = 3600 * SECOND;
	uint8_t    *w = new_window(BW_MODE_TIME, (uint64_t) T, 1000, 1e-6, 4, &header);
	int64_t		span = (int64_t) header.span;
	int64_t		t0 = 840000 * SECOND;	/* on the grid: 840000 s is 700 spans of 1200 s */
	uint64_t	missed = 0;

	CHECK_U64(span, 1200 * SECOND);
	CHECK_U64(bw_grid_start(t0, header.span), t0);
	CHECK(window_add(w, &header, 1, t0));
	CHECK(window_add(w, &header, 2, t0 + span - 1));	/* the last microsecond of the same span */
	CHECK(window_contains(w, &header, 1, t0 + T));
	CHECK(window_contains(w, &header, 2, t0 + span - 1 + T));
	/* item 1: gone at exactly T*G/(G-1), still there a microsecond earlier */
	CHECK(window_contains(w, &header, 1, t0 + T + span - 1));
	CHECK(!window_contains(w, &header, 1, t0 + T + span));
	CHECK_U64(bw_live_slots(&header, t0 + T + span), 0);
	/* adds all along, each probed at exactly T later (after the later adds up to then) */
	for (int64_t i = 0; i < 2000; i++)
		CHECK(window_add(w, &header, 100 + (uint64_t) i, t0 + i * (T / 500)));
	for (int64_t i = 0; i < 2000; i++)
	{
		int64_t		at = t0 + i * (T / 500);

		if (at + T <= t0 + 1999 * (T / 500))
			continue;			/* later adds have rotated, the guarantee is about probes after the adds */
		missed += !window_contains(w, &header, 100 + (uint64_t) i, at + T);
	}
	CHECK_U64(missed, 0);
	CHECK_STATUS(window_validate(w, &header), BF_OK);
	/* a time before 2000-01-01 works the same */
	CHECK_STATUS(bw_plan(BW_MODE_TIME, (uint64_t) T, 1000, 1e-6, 4, &header), BF_OK);
	bw_init(w, &header);
	CHECK(window_add(w, &header, 7, -T - 1));
	CHECK(window_contains(w, &header, 7, -1));
	CHECK_U64(header.gen[header.current].start, bw_grid_start(-T - 1, header.span));
	CHECK(header.gen[header.current].start <= -T - 1);
	CHECK_STATUS(window_validate(w, &header), BF_OK);
	/* the earliest and the last timestamps, with a span that does not divide them: still valid */
	CHECK_STATUS(bw_plan(BW_MODE_TIME, 7 * SECOND, 10, 0.01, 3, &header), BF_OK);
	bw_init(w, &header);
	CHECK(window_add(w, &header, 8, BW_MIN_TIME));
	CHECK(header.gen[header.current].start < BW_MIN_TIME);
	CHECK_STATUS(window_validate(w, &header), BF_OK);
	CHECK(window_contains(w, &header, 8, BW_MIN_TIME));
	CHECK(window_add(w, &header, 9, BW_END_TIME - 1));
	CHECK_STATUS(window_validate(w, &header), BF_OK);
	CHECK(window_contains(w, &header, 9, BW_END_TIME - 1));
	CHECK_U64(header.insertions, 1);
	free(w);
}

/* A gap of many spans clears every generation in one add; a clock that goes back is defined. */
static void
test_window_time_gaps(void)
{
	bw_header	header;
	int64_t		T = 3000 * SECOND;
	uint8_t    *w = new_window(BW_MODE_TIME, (uint64_t) T, 100, 0.01, 4, &header);
	int64_t		span = (int64_t) header.span;
	int64_t		t = 1000 * span;
	uint8_t    *before;
	uint64_t	length = window_length(&header);

	for (int i = 0; i < 30; i++)
		CHECK(window_add(w, &header, (uint64_t) i, t + i * (span / 10)));
	CHECK_U64(header.insertions, 30);
	/* two spans past the newest: two rotations at once, the generation of items 0-9 dropped */
	CHECK(window_add(w, &header, 1000, t + 4 * span));
	CHECK_U64(header.insertions, 21);
	CHECK_STATUS(window_validate(w, &header), BF_OK);
	CHECK(window_contains(w, &header, 10, t + 4 * span));
	CHECK(window_contains(w, &header, 29, t + 4 * span));
	/* a gap of far more than G spans: only the new item is left */
	CHECK(window_add(w, &header, 2000, t + 1000000 * span));
	CHECK_U64(header.insertions, 1);
	for (unsigned g = 0; g < header.generations; g++)
		CHECK_U64(bw_generation_bits(w, &header, g, 2, NULL) != 0, g == header.current);
	CHECK_STATUS(window_validate(w, &header), BF_OK);
	/* backwards into a kept generation: goes there */
	CHECK(window_add(w, &header, 3000, t + 1000000 * span - 2 * span));
	CHECK_U64(header.gen[bw_slot_of_age(&header, 2)].n_added, 1);
	CHECK(window_contains(w, &header, 3000, t + 1000000 * span));
	CHECK_STATUS(window_validate(w, &header), BF_OK);
	/* older than every kept generation: outside the window, nothing changes */
	before = malloc((size_t) length);
	memcpy(before, w, (size_t) length);
	CHECK(!window_add(w, &header, 4000, t + 1000000 * span - 4 * span));
	CHECK(memcmp(before, w, (size_t) length) == 0);
	free(before);
	free(w);
}

/*
 * Counts that saturate at 2^64 - 1 (a value can claim them): a rotation that
 * drops a generation recounts the kept ones, so the result still validates
 * (insertions = the saturating sum of the n).
 */
static void
test_window_time_saturated_counts(void)
{
	bw_header	header;
	int64_t		T = 3600 * SECOND;
	uint8_t    *w = new_window(BW_MODE_TIME, (uint64_t) T, 100, 0.01, 4, &header);
	int64_t		span;
	unsigned	old_slot;

	span = (int64_t) header.span;
	CHECK(window_add(w, &header, 1, 1000 * span));
	CHECK(window_add(w, &header, 2, 1001 * span));
	old_slot = bw_slot_of_age(&header, 1);
	header.gen[old_slot].n_added = UINT64_MAX;
	header.gen[header.current].n_added = 5;
	header.insertions = UINT64_MAX;
	bw_write_header(w, &header);
	CHECK_STATUS(window_validate(w, &header), BF_OK);
	/* 1004 spans: the generation of 1000 falls out, 1001 (n 5) is kept */
	CHECK(window_add(w, &header, 3, 1004 * span));
	CHECK_U64(header.gen[old_slot].n_added, 1);
	CHECK_U64(header.insertions, 6);
	CHECK_STATUS(window_validate(w, &header), BF_OK);
	free(w);
}

/* Time mode: any order of the same (item, t) gives the same bytes; union of parts equals the whole. */
static void
test_window_time_order_and_union(void)
{
	bw_header	h1,
				h2,
				h3,
				h4;
	int64_t		T = 600 * SECOND;
	uint8_t    *forward = new_window(BW_MODE_TIME, (uint64_t) T, 200, 0.01, 3, &h1);
	uint8_t    *backward = new_window(BW_MODE_TIME, (uint64_t) T, 200, 0.01, 3, &h2);
	uint8_t    *even = new_window(BW_MODE_TIME, (uint64_t) T, 200, 0.01, 3, &h3);
	uint8_t    *odd = new_window(BW_MODE_TIME, (uint64_t) T, 200, 0.01, 3, &h4);
	uint64_t	length = window_length(&h1);
	int			count = 400;
	int64_t		times[400];

	for (int i = 0; i < count; i++)
		times[i] = 5000 * SECOND + (int64_t) (rng_next() % (uint64_t) (3 * T));
	for (int i = 0; i < count; i++)
		(void) window_add(forward, &h1, (uint64_t) i, times[i]);
	for (int i = count - 1; i >= 0; i--)
		(void) window_add(backward, &h2, (uint64_t) i, times[i]);
	CHECK(memcmp(forward, backward, (size_t) length) == 0);
	for (int i = 0; i < count; i++)
		(void) window_add(i % 2 ? odd : even, i % 2 ? &h4 : &h3, (uint64_t) i, times[i]);
	/* odd | even, both ways round */
	bw_union_into(even, &h3, odd, &h4, BF_KIND_INTEGER, 3, NULL);
	CHECK(memcmp(forward, even, (size_t) length) == 0);
	CHECK_STATUS(window_validate(even, &h3), BF_OK);
	free(forward);
	free(backward);
	free(even);
	free(odd);
}

/* Count mode union: aligned by age, the newer starts win, nothing of the last W of either lost. */
static void
test_window_count_union(void)
{
	bw_header	ha,
				hb;
	uint8_t    *a = new_window(BW_MODE_COUNT, 300, 300, 0.01, 4, &ha);
	uint8_t    *b = new_window(BW_MODE_COUNT, 300, 300, 0.01, 4, &hb);
	uint8_t    *b_copy;
	bw_header	hb_copy;
	uint64_t	length = window_length(&ha);
	uint64_t	missed = 0;

	for (uint64_t i = 0; i < 250; i++)
		CHECK(window_add(a, &ha, i, 0));
	for (uint64_t i = 0; i < 1234; i++)
		CHECK(window_add(b, &hb, 100000 + i, 0));
	b_copy = malloc((size_t) length);
	memcpy(b_copy, b, (size_t) length);
	hb_copy = hb;
	/* the older (a) into the newer, and the newer into the older (re-aged) */
	bw_union_into(b, &hb, a, &ha, BF_KIND_INTEGER, 5, NULL);
	bw_union_into(a, &ha, b_copy, &hb_copy, BF_KIND_INTEGER, 5, NULL);
	CHECK(memcmp(a, b, (size_t) length) == 0);
	CHECK_STATUS(window_validate(a, &ha), BF_OK);
	CHECK_U64(ha.insertions, 250 + 1234);
	CHECK_U64(ha.gen[ha.current].start, hb_copy.gen[hb_copy.current].start);
	for (uint64_t i = 0; i < 250; i++)
		missed += !window_contains(a, &ha, i, 0);
	for (uint64_t i = 1234 - 300; i < 1234; i++)
		missed += !window_contains(a, &ha, 100000 + i, 0);
	CHECK_U64(missed, 0);
	free(a);
	free(b);
	free(b_copy);
}

/* Every field that makes a value non-canonical is refused. */
static void
test_window_validation(void)
{
	bw_header	header;
	uint8_t    *w = new_window(BW_MODE_TIME, 3600 * SECOND, 100, 0.01, 4, &header);
	uint64_t	length = window_length(&header);
	uint8_t    *bad = malloc((size_t) length);
	bw_header	checked;

	CHECK_STATUS(window_validate(w, &header), BF_OK);
	for (int i = 0; i < 30; i++)
		CHECK(window_add(w, &header, (uint64_t) i, 1000 * SECOND * i));
	CHECK_STATUS(window_validate(w, &header), BF_OK);

#define MUTATE(stmt, want) do { \
		memcpy(bad, w, (size_t) length); \
		stmt; \
		CHECK_STATUS(bw_validate(bad, length, &checked, 0, NULL), want); \
	} while (0)

	CHECK_STATUS(bw_validate(w, length - 1, &checked, 0, NULL), BF_ERR_FORMAT_LENGTH);
	CHECK_STATUS(bw_validate(w, 10, &checked, 0, NULL), BF_ERR_FORMAT_LENGTH);
	MUTATE(bad[0] = 'X', BF_ERR_FORMAT_MAGIC);
	MUTATE(bad[BW_OFF_VERSION] = 2, BF_ERR_FORMAT_VERSION);
	MUTATE(bad[BW_OFF_HASH_SCHEME] = 9, BF_ERR_FORMAT_HASH_SCHEME);
	MUTATE(bad[BW_OFF_K] = 0, BF_ERR_FORMAT_K);
	MUTATE(bad[BW_OFF_K] = 33, BF_ERR_FORMAT_K);
	MUTATE(bf_store_u32(bad + BW_OFF_VALUE_KIND, 77), BF_ERR_FORMAT_KIND);
	MUTATE(bad[BW_OFF_MODE] = 3, BF_ERR_FORMAT_WINDOW);
	MUTATE(bad[BW_OFF_GENERATIONS] = 9, BF_ERR_FORMAT_WINDOW);
	MUTATE(bad[BW_OFF_GENERATIONS] = 5, BF_ERR_FORMAT_LENGTH);
	MUTATE(bad[BW_OFF_CURRENT] = 4, BF_ERR_FORMAT_WINDOW);
	MUTATE(bad[BW_OFF_CURRENT] = (uint8_t) ((header.current + 1) % 4), BF_ERR_FORMAT_WINDOW);
	MUTATE(bad[BW_OFF_RESERVED1] = 1, BF_ERR_FORMAT_FLAGS);
	MUTATE(bad[BW_OFF_RESERVED2] = 1, BF_ERR_FORMAT_FLAGS);
	MUTATE(bf_store_u64(bad + BW_OFF_NBLOCKS, 0), BF_ERR_FORMAT_NBLOCKS);
	MUTATE(bf_store_u64(bad + BW_OFF_NBLOCKS, header.nblocks + 1), BF_ERR_FORMAT_LENGTH);
	MUTATE(bf_store_f64(bad + BW_OFF_DESIGN_P, 1.5), BF_ERR_FORMAT_DESIGN);
	MUTATE(bf_store_u64(bad + BW_OFF_SPAN, header.span + 1), BF_ERR_FORMAT_WINDOW);
	MUTATE(bf_store_u64(bad + BW_OFF_WINDOW, 0), BF_ERR_FORMAT_WINDOW);
	MUTATE(bf_store_u64(bad + BW_OFF_DESIGN_N, 0), BF_ERR_FORMAT_WINDOW);
	MUTATE(bf_store_u64(bad + BW_OFF_INSERTIONS, header.insertions + 1), BF_ERR_FORMAT_WINDOW);
	MUTATE(bf_store_u64(bad + BW_OFF_INSERTIONS, 0), BF_ERR_FORMAT_COUNT);
	MUTATE(bf_store_u32(bad + BW_OFF_VALUE_KIND, BF_KIND_NONE), BF_ERR_FORMAT_COUNT);
	/* a start off the grid, or not one span from its neighbour */
	MUTATE(bf_store_u64(bad + BW_OFF_RECORDS + header.current * BW_RECORD_BYTES,
						(uint64_t) (header.gen[header.current].start + 1)), BF_ERR_FORMAT_WINDOW);
	MUTATE(bf_store_u64(bad + BW_OFF_RECORDS + bw_slot_of_age(&header, 3) * BW_RECORD_BYTES,
						(uint64_t) (header.gen[bw_slot_of_age(&header, 3)].start - 1)), BF_ERR_FORMAT_WINDOW);
	/* a record beyond G */
	MUTATE(bf_store_u64(bad + BW_OFF_RECORDS + 6 * BW_RECORD_BYTES + 8, 1), BF_ERR_FORMAT_FLAGS);
	/* the whole window moved past the timestamps' range */
	MUTATE(bf_store_u64(bad + BW_OFF_RECORDS + header.current * BW_RECORD_BYTES, (uint64_t) INT64_MAX),
		   BF_ERR_FORMAT_WINDOW);
	/* a generation that claims nothing but has bits */
	{
		unsigned	empty_slot = BW_MAX_GENERATIONS;

		for (unsigned g = 0; g < header.generations; g++)
			if (header.gen[g].n_added == 0)
				empty_slot = g;
		if (empty_slot == BW_MAX_GENERATIONS)
		{
			/* all hold something: make one empty by moving its count to the current one */
			unsigned	age1 = bw_slot_of_age(&header, 1);

			MUTATE((bf_store_u64(bad + BW_OFF_RECORDS + age1 * BW_RECORD_BYTES + 8, 0),
					bf_store_u64(bad + BW_OFF_RECORDS + header.current * BW_RECORD_BYTES + 8,
								 header.gen[header.current].n_added + header.gen[age1].n_added)),
				   header.gen[age1].n_added ? BF_ERR_FORMAT_EMPTY_BITS : BF_OK);
		}
		else
			MUTATE(bad[bw_block_offset(&header, header.nblocks - 1, empty_slot) + 63] = 1,
				   BF_ERR_FORMAT_EMPTY_BITS);
	}
	/* an empty window with bits, or with a start */
	CHECK_STATUS(bw_plan(BW_MODE_TIME, 3600 * SECOND, 100, 0.01, 4, &header), BF_OK);
	bw_init(w, &header);
	MUTATE(bad[BW_HEADER_BYTES] = 1, BF_ERR_FORMAT_EMPTY_BITS);
	MUTATE(bf_store_u64(bad + BW_OFF_RECORDS, 5), BF_ERR_FORMAT_WINDOW);
#undef MUTATE
	free(bad);
	free(w);
}

/*
 * Count mode's counts: the current generation holds at least one add, each
 * older one in use at least span, and insertions covers the current start
 * plus the current count.  Values no sequence of adds and unions makes are
 * refused.
 */
static void
test_window_count_validation(void)
{
	bw_header	header;
	uint8_t    *w = new_window(BW_MODE_COUNT, 30, 30, 0.01, 4, &header);
	uint64_t	length = window_length(&header);
	uint8_t    *bad = malloc((size_t) length);
	bw_header	checked;
	unsigned	age1;

	for (uint64_t i = 0; i < 45; i++)
		CHECK(window_add(w, &header, i, 0));
	CHECK_U64(header.gen[header.current].start, 40);
	CHECK_U64(header.gen[header.current].n_added, 5);
	CHECK_STATUS(window_validate(w, &header), BF_OK);
	age1 = bw_slot_of_age(&header, 1);

#define MUTATE(stmt, want) do { \
		memcpy(bad, w, (size_t) length); \
		stmt; \
		CHECK_STATUS(bw_validate(bad, length, &checked, 0, NULL), want); \
	} while (0)

	/* more insertions than the adds: a union sums them, fine */
	MUTATE(bf_store_u64(bad + BW_OFF_INSERTIONS, 1000), BF_OK);
	/* fewer than the current start plus its count */
	MUTATE(bf_store_u64(bad + BW_OFF_INSERTIONS, 44), BF_ERR_FORMAT_WINDOW);
	/* a current generation that holds nothing */
	MUTATE(bf_store_u64(bad + BW_OFF_RECORDS + header.current * BW_RECORD_BYTES + 8, 0), BF_ERR_FORMAT_WINDOW);
	/* an older generation that rotated before its span */
	MUTATE(bf_store_u64(bad + BW_OFF_RECORDS + age1 * BW_RECORD_BYTES + 8, header.span - 1), BF_ERR_FORMAT_WINDOW);
	MUTATE(bf_store_u64(bad + BW_OFF_RECORDS + age1 * BW_RECORD_BYTES + 8, header.span + 1), BF_OK);
#undef MUTATE
	free(bad);
	free(w);
}

/*
 * bw_add_hashes builds the same bytes as one bw_prepare_add and bw_add_hash
 * per hash: in count mode over batches that cross several rotations (and
 * one of a single hash), in time mode at a new time, at an older kept one,
 * and at an expired one (nothing added).
 */
static void
test_window_batch_adds(void)
{
	bw_header	single_header;
	bw_header	batch_header;
	uint64_t	hashes[1000];
	uint64_t	added;
	uint8_t    *single;
	uint8_t    *batch;
	uint64_t	next = 1;
	/* count mode, W = 90, G = 4: a rotation every 30 adds */
	static const uint64_t count_batches[] = {7, 1, 45, 200, 29, 31, 1, 500};
	static const int64_t batch_times[] = {100, 100, 3000, 1500, 9000, 200};

	single = new_window(BW_MODE_COUNT, 90, 90, 0.01, 4, &single_header);
	batch = new_window(BW_MODE_COUNT, 90, 90, 0.01, 4, &batch_header);
	for (size_t b = 0; b < sizeof(count_batches) / sizeof(count_batches[0]); b++)
	{
		for (uint64_t i = 0; i < count_batches[b]; i++)
		{
			hashes[i] = hash_int(next);
			CHECK(window_add(single, &single_header, next++, 0));
		}
		CHECK_STATUS(bw_add_hashes(batch, &batch_header, 0, hashes, count_batches[b], &added, 3, NULL), BF_OK);
		CHECK_U64(added, count_batches[b]);
		batch_header.value_kind = BF_KIND_INTEGER;
		bw_write_header(batch, &batch_header);
		CHECK(memcmp(single, batch, (size_t) window_length(&single_header)) == 0);
	}
	free(single);
	free(batch);

	/* time mode, T = 40 s, G = 5: a generation a 10 s span */
	single = new_window(BW_MODE_TIME, 40 * SECOND, 100, 0.01, 5, &single_header);
	batch = new_window(BW_MODE_TIME, 40 * SECOND, 100, 0.01, 5, &batch_header);
	for (size_t b = 0; b < sizeof(batch_times) / sizeof(batch_times[0]); b++)
	{
		int64_t		t = batch_times[b] * SECOND / 100;
		bool		kept = true;

		for (uint64_t i = 0; i < 150; i++)
		{
			hashes[i] = hash_int(next);
			kept = window_add(single, &single_header, next++, t);
		}
		CHECK_STATUS(bw_add_hashes(batch, &batch_header, t, hashes, 150, &added, 3, NULL), BF_OK);
		/* 15 s, after 30 s, goes into the kept generation of 10 s; 2 s, after 90 s, is older than all (50 s on) */
		CHECK_U64(added, kept ? 150 : 0);
		CHECK(kept == (batch_times[b] != 200));
		if (added > 0)
		{
			batch_header.value_kind = BF_KIND_INTEGER;
			bw_write_header(batch, &batch_header);
		}
		CHECK(memcmp(single, batch, (size_t) window_length(&single_header)) == 0);
	}
	free(single);
	free(batch);
}

void
test_window(void)
{
	test_window_plan();
	test_window_count_guarantee();
	test_window_count_forgets();
	test_window_time_guarantee();
	test_window_time_gaps();
	test_window_time_saturated_counts();
	test_window_time_order_and_union();
	test_window_count_union();
	test_window_validation();
	test_window_count_validation();
	test_window_batch_adds();
}

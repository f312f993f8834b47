/*
 * bf_window.c - the core of bloomwindow: a ring of G blocked Bloom filters
 * that forgets its oldest generation at a time.  The layout, the two modes
 * and their guarantees are in bf_window.h; this file keeps the ring's rules:
 * sizing, the canonical form checked on every value, rotation, and union.
 *
 * Indexes
 * -------
 * A block is at (j*G + g) * 64 bytes, up to BW_MAX_TOTAL_BLOCKS * 64 =
 * 768,000,000 bytes: every offset is computed in uint64_t.  Starts are
 * int64 (time mode may be before 2000-01-01) and bounded by the header
 * check, so start - (G-1)*span never overflows.
 */
#include "bf_window.h"

#include <math.h>
#include <string.h>

static inline uint64_t
bw_min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

/* ---- the header ---- */

void
bw_read_header(const uint8_t *window, bw_header *header)
{
	memset(header, 0, sizeof(*header));
	header->version = (uint16_t) (window[BW_OFF_VERSION] | window[BW_OFF_VERSION + 1] << 8);
	header->hash_scheme = window[BW_OFF_HASH_SCHEME];
	header->k = window[BW_OFF_K];
	header->value_kind = bf_load_u32(window + BW_OFF_VALUE_KIND);
	header->mode = window[BW_OFF_MODE];
	header->generations = window[BW_OFF_GENERATIONS];
	header->current = window[BW_OFF_CURRENT];
	header->nblocks = bf_load_u64(window + BW_OFF_NBLOCKS);
	header->design_n = bf_load_u64(window + BW_OFF_DESIGN_N);
	header->design_p = bf_load_f64(window + BW_OFF_DESIGN_P);
	header->window = bf_load_u64(window + BW_OFF_WINDOW);
	header->span = bf_load_u64(window + BW_OFF_SPAN);
	header->insertions = bf_load_u64(window + BW_OFF_INSERTIONS);
	for (int g = 0; g < BW_MAX_GENERATIONS; g++)
	{
		const uint8_t *record = window + BW_OFF_RECORDS + g * BW_RECORD_BYTES;

		header->gen[g].start = (int64_t) bf_load_u64(record);
		header->gen[g].n_added = bf_load_u64(record + 8);
	}
}

void
bw_write_header(uint8_t *window, const bw_header *header)
{
	memcpy(window + BW_OFF_MAGIC, BW_MAGIC_BYTES, 4);
	window[BW_OFF_VERSION] = (uint8_t) (header->version & 0xFF);
	window[BW_OFF_VERSION + 1] = (uint8_t) (header->version >> 8);
	window[BW_OFF_HASH_SCHEME] = header->hash_scheme;
	window[BW_OFF_K] = header->k;
	bf_store_u32(window + BW_OFF_VALUE_KIND, header->value_kind);
	window[BW_OFF_MODE] = header->mode;
	window[BW_OFF_GENERATIONS] = header->generations;
	window[BW_OFF_CURRENT] = header->current;
	window[BW_OFF_RESERVED1] = 0;
	bf_store_u64(window + BW_OFF_NBLOCKS, header->nblocks);
	bf_store_u64(window + BW_OFF_DESIGN_N, header->design_n);
	bf_store_f64(window + BW_OFF_DESIGN_P, header->design_p);
	bf_store_u64(window + BW_OFF_WINDOW, header->window);
	bf_store_u64(window + BW_OFF_SPAN, header->span);
	bf_store_u64(window + BW_OFF_INSERTIONS, header->insertions);
	for (int g = 0; g < BW_MAX_GENERATIONS; g++)
	{
		uint8_t    *record = window + BW_OFF_RECORDS + g * BW_RECORD_BYTES;

		bf_store_u64(record, (uint64_t) header->gen[g].start);
		bf_store_u64(record + 8, header->gen[g].n_added);
	}
	bf_store_u32(window + BW_OFF_RESERVED2, 0);
}

/* ---- sizing ---- */

double
bw_generation_rate(double p, int generations)
{
	/* 1 - (1-p)^(1/G), written so that it keeps its digits for a small p */
	return -expm1(log1p(-p) / generations);
}

static uint64_t
bw_ceil_div(uint64_t a, uint64_t b)
{
	return a / b + (a % b != 0);
}

static uint64_t
bw_max_window(int mode)
{
	return mode == BW_MODE_COUNT ? BW_MAX_WINDOW_COUNT : (uint64_t) BW_MAX_WINDOW_US;
}

bf_status
bw_plan(int mode, uint64_t window, uint64_t design_n, double p, int generations, bw_header *header)
{
	uint64_t	capacity;
	uint64_t	nblocks;
	int			k;
	bf_status	status;

	if (!(p > 0.0 && p < 1.0))
		return BF_ERR_P;
	if ((mode != BW_MODE_COUNT && mode != BW_MODE_TIME) ||
		generations < BW_MIN_GENERATIONS || generations > BW_MAX_GENERATIONS ||
		window == 0 || window > bw_max_window(mode) ||
		design_n == 0 || design_n > BW_MAX_WINDOW_COUNT)
		return BF_ERR_WINDOW;
	capacity = bw_ceil_div(design_n, (uint64_t) generations - 1);
	status = bf_plan((int64_t) capacity, bw_generation_rate(p, generations), &nblocks, &k);
	if (status != BF_OK)
		return status;
	if (nblocks > BW_MAX_TOTAL_BLOCKS / (uint64_t) generations)
		return BF_ERR_TOO_LARGE;
	memset(header, 0, sizeof(*header));
	header->version = BW_FORMAT_VERSION;
	header->hash_scheme = BF_HASH_SCHEME_XXH3;
	header->k = (uint8_t) k;
	header->value_kind = BF_KIND_NONE;
	header->mode = (uint8_t) mode;
	header->generations = (uint8_t) generations;
	header->nblocks = nblocks;
	header->design_n = design_n;
	header->design_p = p;
	header->window = window;
	header->span = bw_ceil_div(window, (uint64_t) generations - 1);
	return BF_OK;
}

void
bw_init(uint8_t *window, const bw_header *plan)
{
	bw_write_header(window, plan);
	memset(window + BW_HEADER_BYTES, 0, plan->generations * plan->nblocks * BF_BLOCK_BYTES);
}

/* ---- the grid ---- */

int64_t
bw_grid_start(int64_t t, uint64_t span)
{
	int64_t		s = (int64_t) span;
	int64_t		q = t / s;

	if (t % s < 0)
		q--;
	return q * s;
}

/* The slot of a generation that starts at start: (start / span) mod G, for either mode. */
static unsigned
bw_slot_of_start(const bw_header *header, int64_t start)
{
	int64_t		q = bw_grid_start(start, header->span) / (int64_t) header->span;
	int64_t		g = header->generations;

	return (unsigned) (((q % g) + g) % g);
}

/* Count mode: does the generation of this age exist yet (current start >= age * span)? */
static bool
bw_count_age_used(const bw_header *header, unsigned age)
{
	return (uint64_t) header->gen[header->current].start / header->span >= age;
}

/*
 * Rewrites every slot's start from the current one: age a starts a spans
 * earlier (count mode: unused generations, before insertion 0, start at 0).
 */
static void
bw_set_starts(bw_header *header)
{
	int64_t		newest = header->gen[header->current].start;

	for (unsigned age = 0; age < header->generations; age++)
	{
		unsigned	slot = bw_slot_of_age(header, age);

		if (header->mode == BW_MODE_COUNT && !bw_count_age_used(header, age))
			header->gen[slot].start = 0;
		else
			header->gen[slot].start = newest - (int64_t) (age * header->span);
	}
}

static bool
bw_time_in_range(int64_t t)
{
	return t >= BW_MIN_TIME && t < BW_END_TIME;
}

/* ---- checks ---- */

/*
 * The ring's canonical form.  Every value that two sequences of the same
 * operations could produce has exactly one form, so equal windows have
 * equal bytes, and nothing a function computes from the starts overflows.
 */
bf_status
bw_check_ring(const bw_header *header)
{
	unsigned	G = header->generations;
	uint64_t	sum = 0;
	int64_t		newest = header->gen[header->current].start;

	if ((header->value_kind == BF_KIND_NONE) != (header->insertions == 0))
		return BF_ERR_FORMAT_COUNT;
	for (unsigned g = G; g < BW_MAX_GENERATIONS; g++)
		if (header->gen[g].start != 0 || header->gen[g].n_added != 0)
			return BF_ERR_FORMAT_FLAGS;
	if (header->insertions == 0)
	{
		if (header->current != 0)
			return BF_ERR_FORMAT_WINDOW;
		for (unsigned g = 0; g < G; g++)
			if (header->gen[g].start != 0 || header->gen[g].n_added != 0)
				return BF_ERR_FORMAT_WINDOW;
		return BF_OK;
	}
	if (header->mode == BW_MODE_COUNT)
	{
		/*
		 * Every add counts in the current generation, and a rotation needs
		 * span adds in it: the current one holds at least one, each older
		 * one in use at least span (a union adds theirs up), and every add
		 * before the current start and in it is counted in insertions.
		 */
		if (newest < 0 || (uint64_t) newest > BW_MAX_WINDOW_COUNT ||
			(uint64_t) newest % header->span != 0 ||
			header->gen[header->current].n_added == 0 ||
			bf_sat_add_u64((uint64_t) newest, header->gen[header->current].n_added) > header->insertions)
			return BF_ERR_FORMAT_WINDOW;
	}
	/* the grid start of the earliest timestamp may lie up to a span before it */
	else if (newest <= BW_MIN_TIME - (int64_t) header->span || newest >= BW_END_TIME ||
			 bw_grid_start(newest, header->span) != newest ||
			 header->gen[header->current].n_added == 0)
		return BF_ERR_FORMAT_WINDOW;
	if (bw_slot_of_start(header, newest) != header->current)
		return BF_ERR_FORMAT_WINDOW;
	for (unsigned age = 0; age < G; age++)
	{
		const bw_generation *gen = &header->gen[bw_slot_of_age(header, age)];

		if (header->mode == BW_MODE_COUNT && !bw_count_age_used(header, age))
		{
			if (gen->start != 0 || gen->n_added != 0)
				return BF_ERR_FORMAT_WINDOW;
		}
		else if (gen->start != newest - (int64_t) (age * header->span) ||
				 (header->mode == BW_MODE_COUNT && age > 0 && gen->n_added < header->span))
			return BF_ERR_FORMAT_WINDOW;
		sum = bf_sat_add_u64(sum, gen->n_added);
	}
	/* time mode counts what it keeps; count mode, every insertion ever */
	if (header->mode == BW_MODE_TIME ? sum != header->insertions : sum > header->insertions)
		return BF_ERR_FORMAT_WINDOW;
	return BF_OK;
}

bf_status
bw_check_header(const uint8_t *window, uint64_t length, bw_header *header)
{
	bf_status	status;

	if (length < BW_HEADER_BYTES)
		return BF_ERR_FORMAT_LENGTH;
	if (memcmp(window + BW_OFF_MAGIC, BW_MAGIC_BYTES, 4) != 0)
		return BF_ERR_FORMAT_MAGIC;
	bw_read_header(window, header);
	status = bf_check_block_format_fields(header->version, BW_FORMAT_VERSION, header->hash_scheme, header->k,
										  header->value_kind);
	if (status != BF_OK)
		return status;
	if (window[BW_OFF_RESERVED1] != 0 || bf_load_u32(window + BW_OFF_RESERVED2) != 0)
		return BF_ERR_FORMAT_FLAGS;
	if ((header->mode != BW_MODE_COUNT && header->mode != BW_MODE_TIME) ||
		header->generations < BW_MIN_GENERATIONS || header->generations > BW_MAX_GENERATIONS ||
		header->current >= header->generations)
		return BF_ERR_FORMAT_WINDOW;
	if (header->nblocks == 0 || header->nblocks > BW_MAX_TOTAL_BLOCKS / header->generations)
		return BF_ERR_FORMAT_NBLOCKS;
	if (length != bw_window_bytes(header->generations, header->nblocks))
		return BF_ERR_FORMAT_LENGTH;
	if (!(header->design_p > 0.0 && header->design_p < 1.0))
		return BF_ERR_FORMAT_DESIGN;
	if (header->window == 0 || header->window > bw_max_window(header->mode) ||
		header->design_n == 0 || header->design_n > BW_MAX_WINDOW_COUNT ||
		(header->mode == BW_MODE_COUNT && header->design_n != header->window) ||
		header->span != bw_ceil_div(header->window, header->generations - 1u))
		return BF_ERR_FORMAT_WINDOW;
	return bw_check_ring(header);
}

/* BF_OK if no bit of the slots in `slots` is set in blocks [first, first+count). */
static bf_status
bw_check_slots_zero(const uint8_t *window, const bw_header *header, unsigned slots, uint64_t first,
					uint64_t count)
{
	uint8_t		any = 0;

	for (uint64_t j = first; j < first + count; j++)
		for (unsigned g = 0; g < header->generations; g++)
			if (slots & (1u << g))
			{
				const uint8_t *block = window + bw_block_offset(header, j, g);

				for (int i = 0; i < BF_BLOCK_BYTES; i++)
					any |= block[i];
			}
	return any == 0 ? BF_OK : BF_ERR_FORMAT_EMPTY_BITS;
}

bf_status
bw_validate(const uint8_t *window, uint64_t length, bw_header *header,
			uint64_t chunk_blocks, bf_between_chunks_fn between)
{
	bf_status	status = bw_check_header(window, length, header);
	unsigned	empty = 0;

	if (status != BF_OK)
		return status;
	for (unsigned g = 0; g < header->generations; g++)
		if (header->gen[g].n_added == 0)
			empty |= 1u << g;
	if (empty == 0)
		return BF_OK;
	/* blocks hold G generations each: a chunk reads about chunk_blocks blocks */
	chunk_blocks = chunk_blocks == 0 ? header->nblocks : bw_min_u64(header->nblocks,
																	   chunk_blocks / header->generations + 1);
	for (uint64_t first = 0; first < header->nblocks && status == BF_OK; first += chunk_blocks)
	{
		if (between != NULL)
			between();
		status = bw_check_slots_zero(window, header, empty, first, bw_min_u64(chunk_blocks, header->nblocks - first));
	}
	return status;
}

/* ---- rotation ---- */

/* Zeroes the blocks of the slots in `slots`, in chunks. */
static void
bw_zero_slots(uint8_t *window, const bw_header *header, unsigned slots, uint64_t chunk_blocks,
			  bf_between_chunks_fn between)
{
	chunk_blocks = chunk_blocks == 0 ? header->nblocks : bw_min_u64(header->nblocks,
																	   chunk_blocks / header->generations + 1);
	for (uint64_t first = 0; first < header->nblocks; first += chunk_blocks)
	{
		uint64_t	last = bw_min_u64(first + chunk_blocks, header->nblocks);

		if (between != NULL)
			between();
		for (uint64_t j = first; j < last; j++)
			for (unsigned g = 0; g < header->generations; g++)
				if (slots & (1u << g))
					memset(window + bw_block_offset(header, j, g), 0, BF_BLOCK_BYTES);
	}
}

/*
 * Time mode: makes newest_start (a grid start newer than the newest
 * generation) the current generation.  The generations that fall out are
 * zeroed and their counts dropped; a gap of G spans or more drops them all.
 * At most G slots, whatever the gap.
 */
static void
bw_rotate_time_to(uint8_t *window, bw_header *header, int64_t newest_start, uint64_t chunk_blocks,
				  bf_between_chunks_fn between)
{
	int64_t		newest = header->gen[header->current].start;
	uint64_t	steps = ((uint64_t) newest_start - (uint64_t) newest) / header->span;
	unsigned	reused = 0;

	if (steps >= header->generations)
		reused = (1u << header->generations) - 1;
	else
		for (uint64_t step = 1; step <= steps; step++)
			reused |= 1u << bw_slot_of_start(header, newest + (int64_t) (step * header->span));
	/*
	 * insertions is the saturating sum of the kept counts: recounted, not
	 * decremented, since a saturated sum minus a dropped count is not the
	 * sum of the counts left.
	 */
	header->insertions = 0;
	for (unsigned g = 0; g < header->generations; g++)
	{
		if (reused & (1u << g))
			header->gen[g].n_added = 0;
		header->insertions = bf_sat_add_u64(header->insertions, header->gen[g].n_added);
	}
	bw_zero_slots(window, header, reused, chunk_blocks, between);
	header->current = (uint8_t) bw_slot_of_start(header, newest_start);
	header->gen[header->current].start = newest_start;
	bw_set_starts(header);
}

bf_status
bw_prepare_add(uint8_t *window, bw_header *header, int64_t t, unsigned *slot, bool *expired,
			   uint64_t chunk_blocks, bf_between_chunks_fn between)
{
	*expired = false;
	if (header->mode == BW_MODE_COUNT)
	{
		bw_generation *current = &header->gen[header->current];

		/* the add after the span-th of the current generation first rotates */
		if (header->insertions > 0 && current->n_added >= header->span)
		{
			int64_t		start = current->start;

			/* starts stay below 2^62, so start + span never overflows */
			if ((uint64_t) start > BW_MAX_WINDOW_COUNT - header->span)
				return BF_ERR_TOO_LARGE;
			header->current = (uint8_t) ((header->current + 1) % header->generations);
			bw_zero_slots(window, header, 1u << header->current, chunk_blocks, between);
			header->gen[header->current].start = start + (int64_t) header->span;
			header->gen[header->current].n_added = 0;
			bw_set_starts(header);
		}
		*slot = header->current;
	}
	else
	{
		int64_t		start;
		int64_t		newest = header->gen[header->current].start;

		if (!bw_time_in_range(t))
			return BF_ERR_OUT_OF_RANGE;
		start = bw_grid_start(t, header->span);
		if (header->insertions == 0)
		{
			header->current = (uint8_t) bw_slot_of_start(header, start);
			header->gen[header->current].start = start;
			bw_set_starts(header);
		}
		else if (start > newest)
			bw_rotate_time_to(window, header, start, chunk_blocks, between);
		else if (start < newest - (int64_t) ((header->generations - 1u) * header->span))
		{
			*expired = true;
			return BF_OK;
		}
		*slot = bw_slot_of_start(header, start);
	}
	header->gen[*slot].n_added = bf_sat_add_u64(header->gen[*slot].n_added, 1);
	header->insertions = bf_sat_add_u64(header->insertions, 1);
	return BF_OK;
}

/* Asks for the line of hash's block in generation slot, to be set soon. */
static inline void
bw_prefetch_hash(const uint8_t *window, const bw_header *header, unsigned slot, uint64_t hash)
{
#if defined(__GNUC__) || defined(__clang__)
	__builtin_prefetch(window + bw_block_offset(header, bf_block_of(hash, header->nblocks), slot), 1, 3);
#else
	(void) window;
	(void) header;
	(void) slot;
	(void) hash;
#endif
}

bf_status
bw_add_hashes(uint8_t *window, bw_header *header, int64_t t, const uint64_t *hashes, uint64_t count,
			  uint64_t *added, uint64_t chunk_blocks, bf_between_chunks_fn between)
{
	*added = 0;
	while (*added < count)
	{
		const uint64_t *run_hashes = hashes + *added;
		uint64_t	run = count - *added;
		unsigned	slot;
		bool		expired;
		bf_status	status = bw_prepare_add(window, header, t, &slot, &expired, chunk_blocks, between);

		if (status != BF_OK)
			return status;
		if (expired)
			return BF_OK;
		/* bw_prepare_add counted the run's first add; the generation takes span adds before the next rotates */
		if (header->mode == BW_MODE_COUNT)
		{
			uint64_t	n_added = header->gen[slot].n_added;
			uint64_t	room = n_added < header->span ? 1 + header->span - n_added : 1;

			if (run > room)
				run = room;
		}
		header->gen[slot].n_added = bf_sat_add_u64(header->gen[slot].n_added, run - 1);
		header->insertions = bf_sat_add_u64(header->insertions, run - 1);
		for (uint64_t i = 0; i < run; i++)
		{
			if (i % BF_HASHES_PER_CHUNK == 0 && i > 0 && between != NULL)
				between();
			if (i + BF_PREFETCH_DISTANCE < run)
				bw_prefetch_hash(window, header, slot, run_hashes[i + BF_PREFETCH_DISTANCE]);
			bw_add_hash(window, header, slot, run_hashes[i]);
		}
		*added += run;
	}
	return BF_OK;
}

/* The oldest start a probe at t tests is above this: start + span > t - T; t clamped so that nothing overflows. */
static inline int64_t
bw_live_after(int64_t t, uint64_t window, uint64_t span)
{
	if (t < BW_MIN_TIME)
		t = BW_MIN_TIME;
	if (t > BW_END_TIME)
		t = BW_END_TIME;
	return t - (int64_t) window - (int64_t) span;
}

unsigned
bw_live_slots(const bw_header *header, int64_t t)
{
	unsigned	live = 0;
	int64_t		after;

	if (header->mode == BW_MODE_COUNT)
		return (1u << header->generations) - 1;
	if (header->insertions == 0)
		return 0;
	after = bw_live_after(t, header->window, header->span);
	for (unsigned g = 0; g < header->generations; g++)
		if (header->gen[g].start > after)
			live |= 1u << g;
	return live;
}

unsigned
bw_live_slots_in(const uint8_t *window, int64_t t)
{
	unsigned	generations = window[BW_OFF_GENERATIONS];
	unsigned	live = 0;
	int64_t		after;

	if (window[BW_OFF_MODE] == BW_MODE_COUNT)
		return (1u << generations) - 1;
	if (bf_load_u64(window + BW_OFF_INSERTIONS) == 0)
		return 0;
	after = bw_live_after(t, bf_load_u64(window + BW_OFF_WINDOW), bf_load_u64(window + BW_OFF_SPAN));
	for (unsigned g = 0; g < generations; g++)
		live |= (unsigned) ((int64_t) bf_load_u64(window + BW_OFF_RECORDS + g * BW_RECORD_BYTES) > after) << g;
	return live;
}

/* ---- union ---- */

bf_status
bw_check_compatible(const bw_header *a, const bw_header *b, const char **parameter)
{
	*parameter = NULL;
	if (a->mode != b->mode)
		*parameter = "mode";
	else if (a->generations != b->generations)
		*parameter = "generations";
	else if (a->window != b->window)
		*parameter = a->mode == BW_MODE_COUNT ? "window (w)" : "window (t)";
	else if (a->design_n != b->design_n)
		*parameter = "n";
	else if (a->design_p != b->design_p)
		*parameter = "p";
	else if (a->nblocks != b->nblocks || a->k != b->k)
		*parameter = "size";
	return *parameter == NULL ? BF_OK : BF_ERR_INCOMPATIBLE;
}

/*
 * Count mode: the generations of dst keep their ages but the ring takes the
 * newer current start new_start: each run of G blocks is turned by the
 * difference of the current slots, records with it.
 */
static void
bw_count_reage(uint8_t *window, bw_header *header, int64_t new_start, uint64_t chunk_blocks,
			   bf_between_chunks_fn between)
{
	unsigned	G = header->generations;
	bw_header	before = *header;
	unsigned	new_current = bw_slot_of_start(header, new_start);
	unsigned	turn = (new_current + G - header->current) % G;
	uint8_t		run[BW_MAX_GENERATIONS * BF_BLOCK_BYTES];

	if (turn != 0)
	{
		chunk_blocks = chunk_blocks == 0 ? header->nblocks : bw_min_u64(header->nblocks, chunk_blocks / G + 1);
		for (uint64_t first = 0; first < header->nblocks; first += chunk_blocks)
		{
			uint64_t	last = bw_min_u64(first + chunk_blocks, header->nblocks);

			if (between != NULL)
				between();
			for (uint64_t j = first; j < last; j++)
			{
				uint8_t    *blocks = window + bw_block_offset(header, j, 0);

				memcpy(run, blocks, (size_t) G * BF_BLOCK_BYTES);
				for (unsigned g = 0; g < G; g++)
					memcpy(blocks + ((g + turn) % G) * BF_BLOCK_BYTES, run + g * BF_BLOCK_BYTES, BF_BLOCK_BYTES);
			}
		}
		for (unsigned g = 0; g < G; g++)
			header->gen[(g + turn) % G] = before.gen[g];
	}
	header->current = (uint8_t) new_current;
	header->gen[new_current].start = new_start;
	bw_set_starts(header);
}

void
bw_union_into(uint8_t *dst, bw_header *dst_header, const uint8_t *src, const bw_header *src_header,
			  uint32_t value_kind, uint64_t chunk_blocks, bf_between_chunks_fn between)
{
	unsigned	G = dst_header->generations;
	int64_t		src_newest = src_header->gen[src_header->current].start;
	unsigned	shift;			/* src slot g goes into dst slot (g + shift) mod G */
	unsigned	merged = 0;		/* src slots merged */

	if (src_header->insertions == 0)
		return;
	if (dst_header->insertions == 0)
	{
		memcpy(dst, src, bw_window_bytes(G, dst_header->nblocks));
		bw_read_header(dst, dst_header);
		return;
	}
	if (src_newest > dst_header->gen[dst_header->current].start)
	{
		if (dst_header->mode == BW_MODE_TIME)
			bw_rotate_time_to(dst, dst_header, src_newest, chunk_blocks, between);
		else
			bw_count_reage(dst, dst_header, src_newest, chunk_blocks, between);
	}
	/* time mode: the same grid start is the same slot; count mode: the same age */
	shift = dst_header->mode == BW_MODE_TIME ? 0 : (dst_header->current + G - src_header->current) % G;
	for (unsigned g = 0; g < G; g++)
	{
		const bw_generation *gen = &src_header->gen[g];
		bool		kept;

		if (gen->n_added == 0)
			continue;
		if (dst_header->mode == BW_MODE_TIME)
			kept = gen->start >= dst_header->gen[dst_header->current].start -
				(int64_t) ((G - 1u) * dst_header->span);
		else
			kept = true;
		if (!kept)
			continue;
		merged |= 1u << g;
		dst_header->gen[(g + shift) % G].n_added = bf_sat_add_u64(dst_header->gen[(g + shift) % G].n_added,
																  gen->n_added);
		if (dst_header->mode == BW_MODE_TIME)
			dst_header->insertions = bf_sat_add_u64(dst_header->insertions, gen->n_added);
	}
	if (dst_header->mode == BW_MODE_COUNT)
		dst_header->insertions = bf_sat_add_u64(dst_header->insertions, src_header->insertions);
	chunk_blocks = chunk_blocks == 0 ? dst_header->nblocks : bw_min_u64(dst_header->nblocks, chunk_blocks / G + 1);
	for (uint64_t first = 0; first < dst_header->nblocks && merged != 0; first += chunk_blocks)
	{
		uint64_t	last = bw_min_u64(first + chunk_blocks, dst_header->nblocks);

		if (between != NULL)
			between();
		for (uint64_t j = first; j < last; j++)
			for (unsigned g = 0; g < G; g++)
				if (merged & (1u << g))
					bf_or_blocks(dst + bw_block_offset(dst_header, j, (g + shift) % G),
								 src + bw_block_offset(src_header, j, g), 0, 1);
	}
	dst_header->value_kind = value_kind;
	bw_write_header(dst, dst_header);
}

uint64_t
bw_generation_bits(const uint8_t *window, const bw_header *header, unsigned slot, uint64_t chunk_blocks,
				   bf_between_chunks_fn between)
{
	uint64_t	bits = 0;

	chunk_blocks = chunk_blocks == 0 ? header->nblocks : chunk_blocks;
	for (uint64_t first = 0; first < header->nblocks; first += chunk_blocks)
	{
		uint64_t	last = bw_min_u64(first + chunk_blocks, header->nblocks);

		if (between != NULL)
			between();
		for (uint64_t j = first; j < last; j++)
		{
			const uint8_t *block = window + bw_block_offset(header, j, slot);

			for (int w = 0; w < BF_BLOCK_WORDS; w++)
				bits += (uint64_t) __builtin_popcountll(bf_load_u64(block + 8 * w));
		}
	}
	return bits;
}

/*
 * bf_aggstate.c - bloom_agg's transition state; see bf_aggstate.h.
 */
#include "bf_aggstate.h"

#include <math.h>
#include <string.h>

/* Number of parked hashes (mode filter), and where their slots are. */
static inline uint32_t
bf_state_parked_count(const uint8_t *state)
{
	return bf_load_u32(state + BF_STATE_HEADER_BYTES);
}

static inline uint8_t *
bf_state_parked(uint8_t *state)
{
	return state + BF_STATE_FILTER_OFFSET + bf_filter_bytes(bf_load_u64(state + BF_STATE_FILTER_OFFSET + BF_OFF_NBLOCKS));
}

void
bf_state_read_header(const uint8_t *state, bf_state_header *header)
{
	header->mode = state[BF_STATE_OFF_MODE];
	header->sizing = state[BF_STATE_OFF_SIZING];
	header->value_kind = bf_load_u32(state + BF_STATE_OFF_VALUE_KIND);
	header->hash_capacity = bf_load_u32(state + BF_STATE_OFF_CAPACITY);
	header->p = bf_load_f64(state + BF_STATE_OFF_P);
	header->rows = bf_load_u64(state + BF_STATE_OFF_ROWS);
	header->design_n = bf_load_u64(state + BF_STATE_OFF_DESIGN_N);
}

void
bf_state_write_header(uint8_t *state, const bf_state_header *header)
{
	memcpy(state, BF_STATE_MAGIC_BYTES, 4);
	state[BF_STATE_OFF_VERSION] = BF_STATE_VERSION;
	state[BF_STATE_OFF_ZERO] = 0;
	state[BF_STATE_OFF_MODE] = header->mode;
	state[BF_STATE_OFF_SIZING] = header->sizing;
	bf_store_u32(state + BF_STATE_OFF_VALUE_KIND, header->value_kind);
	bf_store_u32(state + BF_STATE_OFF_CAPACITY, header->hash_capacity);
	bf_store_f64(state + BF_STATE_OFF_P, header->p);
	bf_store_u64(state + BF_STATE_OFF_ROWS, header->rows);
	bf_store_u64(state + BF_STATE_OFF_DESIGN_N, header->design_n);
	bf_store_u32(state + BF_STATE_OFF_RESERVED, 0);
}

bf_status
bf_state_auto_blocks(double p, uint64_t *nblocks, int *k)
{
	uint64_t	needed;
	uint64_t	blocks = BF_AGG_FOLD_BASE_BLOCKS;
	bf_status	status = bf_plan(BF_AGG_AUTO_CAPACITY, p, &needed, k);

	/* a rate so small that the capacity does not fit: take the largest base multiple */
	if (status == BF_ERR_TOO_LARGE)
	{
		double		bits;

		status = bf_plan_rate(p, &bits, k);
		needed = BF_MAX_BLOCKS;
	}
	if (status != BF_OK)
		return status;
	while (blocks < needed && blocks * 2 <= BF_MAX_BLOCKS)
		blocks *= 2;
	*nblocks = blocks;
	return BF_OK;
}

void
bf_state_init_hashes(uint8_t *state, uint32_t capacity, double p)
{
	bf_state_header header = {BF_STATE_MODE_HASHES, BF_STATE_SIZING_AUTO, BF_KIND_NONE, capacity, p, 0, 0};

	bf_state_write_header(state, &header);
	/* unused slots are part of the state's bytes: never whatever memory held before */
	memset(bf_state_hashes(state), 0, (size_t) capacity * 8);
}

void
bf_state_init_filter(uint8_t *state, uint64_t nblocks, int k, uint8_t sizing,
					 double p, uint64_t design_n)
{
	bf_state_header header = {BF_STATE_MODE_FILTER, sizing, BF_KIND_NONE, 0, p, 0, design_n};

	bf_state_write_header(state, &header);
	bf_store_u32(state + BF_STATE_HEADER_BYTES, 0);
	bf_init(bf_state_filter(state), nblocks, k, BF_KIND_NONE, design_n, p);
	memset(bf_state_parked(state), 0, 8 * BF_AGG_PENDING);
}

bf_status
bf_state_check(const uint8_t *state, uint64_t length, bf_state_header *header)
{
	if (length < BF_STATE_HEADER_BYTES)
		return BF_ERR_FORMAT_LENGTH;
	if (memcmp(state, BF_STATE_MAGIC_BYTES, 4) != 0)
		return BF_ERR_FORMAT_MAGIC;
	if (state[BF_STATE_OFF_VERSION] != BF_STATE_VERSION || state[BF_STATE_OFF_ZERO] != 0)
		return BF_ERR_FORMAT_VERSION;
	if (bf_load_u32(state + BF_STATE_OFF_RESERVED) != 0)
		return BF_ERR_FORMAT_FLAGS;
	bf_state_read_header(state, header);
	if (!(header->p > 0.0 && header->p < 1.0) || header->p < BF_MIN_P)
		return BF_ERR_FORMAT_DESIGN;
	if (!bf_kind_is_known(header->value_kind))
		return BF_ERR_FORMAT_KIND;
	if ((header->rows == 0) != (header->value_kind == BF_KIND_NONE))
		return BF_ERR_FORMAT_COUNT;

	if (header->mode == BF_STATE_MODE_HASHES)
	{
		if (header->sizing != BF_STATE_SIZING_AUTO || header->design_n != 0 ||
			header->hash_capacity > BF_AGG_MAX_HASHES || header->rows > header->hash_capacity ||
			length != bf_state_bytes_hashes(header->hash_capacity))
			return BF_ERR_FORMAT_STATE;
		return BF_OK;
	}
	if (header->mode == BF_STATE_MODE_FILTER)
	{
		bf_header	filter;
		bf_status	status;

		if (header->hash_capacity != 0 || length < BF_STATE_FILTER_OFFSET + 8 * BF_AGG_PENDING ||
			bf_state_parked_count(state) > BF_AGG_PENDING || bf_state_parked_count(state) > header->rows)
			return BF_ERR_FORMAT_STATE;
		if (header->sizing == BF_STATE_SIZING_AUTO ? header->design_n != 0 : header->sizing != BF_STATE_SIZING_FIXED)
			return BF_ERR_FORMAT_STATE;
		status = bf_check_header(state + BF_STATE_FILTER_OFFSET,
								 length - BF_STATE_FILTER_OFFSET - 8 * BF_AGG_PENDING, &filter);
		if (status != BF_OK)
			return status;
		/* the embedded filter must agree with the state it lives in */
		if (filter.n_added != header->rows || filter.value_kind != header->value_kind ||
			filter.design_p != header->p || filter.design_n != header->design_n)
			return BF_ERR_FORMAT_STATE;
		return BF_OK;
	}
	return BF_ERR_FORMAT_STATE;
}

void
bf_state_add(uint8_t *state, uint64_t hash, uint32_t value_kind)
{
	uint64_t	rows = bf_load_u64(state + BF_STATE_OFF_ROWS);
	bf_view		view;
	uint8_t    *slot;
	uint32_t	parked;

	if (state[BF_STATE_OFF_MODE] == BF_STATE_MODE_HASHES)
	{
		bf_store_u64(bf_state_hashes(state) + 8 * rows, hash);
		bf_store_u32(state + BF_STATE_OFF_VALUE_KIND, value_kind);
		bf_store_u64(state + BF_STATE_OFF_ROWS, rows + 1);
		return;
	}
	view = bf_view_of(bf_state_filter(state));
	if (rows == UINT64_MAX)
	{
		/* the count saturates; the ring is indexed by it, so add directly */
		bf_add_hash(view, hash);
		return;
	}
	slot = bf_state_parked(state) + 8 * (rows % BF_AGG_PENDING);
	parked = bf_state_parked_count(state);
	/* the slot holds the hash of row rows - BF_AGG_PENDING, prefetched then */
	if (parked == BF_AGG_PENDING)
		bf_add_hash(view, bf_load_u64(slot));
	else
		bf_store_u32(state + BF_STATE_HEADER_BYTES, parked + 1);
	bf_prefetch_hash(view, hash);
	bf_store_u64(slot, hash);
	bf_store_u32(state + BF_STATE_OFF_VALUE_KIND, value_kind);
	bf_store_u64(state + BF_STATE_OFF_ROWS, rows + 1);
	bf_store_u32(bf_state_filter(state) + BF_OFF_VALUE_KIND, value_kind);
	bf_store_u64(bf_state_filter(state) + BF_OFF_N_ADDED, rows + 1);
}

/* Parked hashes belong to the last `parked` rows: slots (rows - parked + i) mod 16. */
static void
bf_state_add_parked_to(const uint8_t *state, bf_view target)
{
	uint64_t	rows = bf_load_u64(state + BF_STATE_OFF_ROWS);
	uint32_t	parked = bf_state_parked_count(state);
	const uint8_t *slots = bf_state_parked((uint8_t *) state);

	for (uint32_t i = 0; i < parked; i++)
		bf_add_hash(target, bf_load_u64(slots + 8 * ((rows - parked + i) % BF_AGG_PENDING)));
}

/* Sets the parked hashes of a mode-filter state into its own filter. */
static void
bf_state_apply_parked(uint8_t *state)
{
	bf_state_add_parked_to(state, bf_view_of(bf_state_filter(state)));
	bf_store_u32(state + BF_STATE_HEADER_BYTES, 0);
}

void
bf_state_add_parked_into(const uint8_t *state, uint8_t *filter)
{
	bf_state_add_parked_to(state, bf_view_of(filter));
}

void
bf_state_set_counts(uint8_t *state, uint32_t value_kind, uint64_t rows)
{
	/* the parked ring is indexed by the row count: empty it first */
	if (state[BF_STATE_OFF_MODE] == BF_STATE_MODE_FILTER)
		bf_state_apply_parked(state);
	bf_store_u32(state + BF_STATE_OFF_VALUE_KIND, value_kind);
	bf_store_u64(state + BF_STATE_OFF_ROWS, rows);
	if (state[BF_STATE_OFF_MODE] == BF_STATE_MODE_FILTER)
	{
		uint8_t    *filter = bf_state_filter(state);

		bf_store_u32(filter + BF_OFF_VALUE_KIND, value_kind);
		bf_store_u64(filter + BF_OFF_N_ADDED, rows);
	}
}

/*
 * The largest divisor `fold` of the state's block count that still leaves
 * at least `needed` blocks.  Divisors come in pairs (d, total/d), so trial
 * division up to sqrt(total) finds them all: at most 3,400 steps.
 */
static uint64_t
bf_best_fold(uint64_t total, uint64_t needed)
{
	uint64_t	best = 1;

	for (uint64_t d = 1; d * d <= total; d++)
	{
		if (total % d != 0)
			continue;
		if (total / d >= needed && d > best)
			best = d;
		if (d >= needed && total / d > best)
			best = total / d;
	}
	return best;
}

bf_status
bf_state_final_shape(const uint8_t *state, uint64_t *nblocks, int *k, uint64_t *fold)
{
	bf_state_header header;
	bf_header	filter;
	uint64_t	needed;
	bf_status	status;

	bf_state_read_header(state, &header);
	if (header.mode == BF_STATE_MODE_HASHES)
	{
		*fold = 0;
		return bf_plan((int64_t) header.rows, header.p, nblocks, k);
	}
	bf_read_header(state + BF_STATE_FILTER_OFFSET, &filter);
	*k = filter.k;
	if (header.sizing == BF_STATE_SIZING_FIXED)
	{
		*fold = 1;
		*nblocks = filter.nblocks;
		return BF_OK;
	}
	status = bf_state_plan_rows(&header, &needed, k);
	if (status == BF_ERR_TOO_LARGE)
		needed = filter.nblocks;	/* more rows than the capacity: keep every block */
	else if (status != BF_OK)
		return status;
	*k = filter.k;
	*fold = bf_best_fold(filter.nblocks, needed);
	*nblocks = filter.nblocks / *fold;
	return BF_OK;
}

bf_status
bf_state_plan_rows(const bf_state_header *header, uint64_t *nblocks, int *k)
{
	bf_status	status = bf_plan(0, header->p, nblocks, k);

	if (status != BF_OK)
		return status;			/* the rate's error first, whatever the count */
	if (header->rows > (uint64_t) BF_MAX_SIZING_N)
		return BF_ERR_TOO_LARGE;
	return bf_plan((int64_t) header->rows, header->p, nblocks, k);
}

void
bf_state_final_blocks(uint8_t *state, uint8_t *filter, uint64_t fold, uint64_t first, uint64_t count)
{
	bf_fold_or_blocks(filter + BF_HEADER_BYTES, bf_state_filter(state) + BF_HEADER_BYTES, fold, first, count);
}

void
bf_state_final_finish(uint8_t *state, uint8_t *filter, uint64_t nblocks, int k)
{
	bf_state_header header;
	bf_header	final;

	bf_state_read_header(state, &header);
	final.version = BF_FORMAT_VERSION;
	final.hash_scheme = BF_HASH_SCHEME_XXH3;
	final.k = (uint8_t) k;
	final.value_kind = header.value_kind;
	final.flags = 0;
	final.nblocks = nblocks;
	final.n_added = header.rows;
	final.design_n = header.sizing == BF_STATE_SIZING_FIXED ? header.design_n : header.rows;
	final.design_p = header.p;
	bf_write_header(filter, &final);
	if (header.mode == BF_STATE_MODE_FILTER)
		bf_state_add_parked_to(state, bf_view_of(filter));
}

bf_status
bf_validate_state(const uint8_t *state, uint64_t length, uint64_t chunk_blocks, bf_between_chunks_fn between)
{
	bf_state_header header;
	bf_header	filter_header;
	bf_status	status = bf_state_check(state, length, &header);

	if (status != BF_OK || header.mode != BF_STATE_MODE_FILTER)
		return status;
	return bf_validate_filter(state + BF_STATE_FILTER_OFFSET, length - BF_STATE_FILTER_OFFSET - 8 * BF_AGG_PENDING,
							  &filter_header, chunk_blocks, between);
}

bf_reserve
bf_state_reserve_plan(const bf_state_header *header, uint64_t more, uint64_t hash_limit, uint32_t *capacity)
{
	uint64_t	wanted = header->rows + more;
	uint64_t	bytes;
	uint64_t	slots;

	/* a hash list never holds more than BF_AGG_MAX_HASHES (its capacity is a uint32) */
	if (hash_limit > BF_AGG_MAX_HASHES)
		hash_limit = BF_AGG_MAX_HASHES;
	if (header->mode != BF_STATE_MODE_HASHES || wanted <= header->hash_capacity)
		return BF_RESERVE_FITS;
	if (wanted > hash_limit)
		return BF_RESERVE_SWITCH;
	/* wanted <= hash_limit <= 2^24: bytes stays below 2^28 */
	for (bytes = BF_AGG_INITIAL_STATE_BYTES; BF_STATE_CAPACITY_IN(bytes) < wanted; bytes *= 2)
		;
	slots = BF_STATE_CAPACITY_IN(bytes);
	*capacity = (uint32_t) (slots < hash_limit ? slots : hash_limit);
	return BF_RESERVE_GROW;
}

/*
 * One stable counting-sort pass of values [0, count) from `from` into `to`
 * by their byte `byte`, given that byte's histogram.
 */
static void
bf_radix_pass(const uint64_t *from, uint64_t *to, uint32_t count, int byte, uint32_t histogram[256])
{
	uint32_t	next = 0;

	/* the histogram becomes each byte value's first position */
	for (int value = 0; value < 256; value++)
	{
		uint32_t	values = histogram[value];

		histogram[value] = next;
		next += values;
	}
	for (uint32_t i = 0; i < count; i++)
		to[histogram[from[i] >> (8 * byte) & 0xFF]++] = from[i];
}

/*
 * A run shorter than this is sorted by insertion: its counting passes
 * would cost more in clearing and scanning 7 x 256 counters than the
 * run's own values.
 */
#define BF_SORT_INSERTION_RUN	64

/* from[0, count) into to[0, count), ascending. */
static void
bf_insertion_sort(const uint64_t *from, uint64_t *to, uint32_t count)
{
	for (uint32_t i = 0; i < count; i++)
	{
		uint64_t	value = from[i];
		uint32_t	j = i;

		for (; j > 0 && to[j - 1] > value; j--)
			to[j] = to[j - 1];
		to[j] = value;
	}
}

/*
 * Radix sort, most significant byte first, then least significant first.
 * One pass by the top byte scatters the values into 256 runs; a scatter to
 * 256 places across buffers larger than the caches costs a memory access
 * per written line, so it is done once.  Each run (1/256 of the values,
 * which stays in the caches) is then sorted by its 7 other bytes with
 * stable passes from the least significant, a byte that all of the run
 * shares skipped; a short run by insertion.  Counters are uint32_t (rows
 * <= the uint32 capacity): another type than the values', so stores to the
 * values cannot alias them.
 */
void
bf_state_sorted_hashes(const uint8_t *state, uint64_t *sorted, uint64_t *scratch, bf_between_chunks_fn between)
{
	uint32_t	rows = (uint32_t) bf_load_u64(state + BF_STATE_OFF_ROWS);
	const uint8_t *hashes = bf_state_hashes((uint8_t *) state);
	uint32_t	top[256];
	uint32_t	run_start = 0;

	memset(top, 0, sizeof(top));
	for (uint32_t i = 0; i < rows; i++)
	{
		uint64_t	hash = bf_load_u64(hashes + 8 * (uint64_t) i);

		sorted[i] = hash;
		top[hash >> 56]++;
	}
	{
		uint32_t	run_lengths[256];

		memcpy(run_lengths, top, sizeof(run_lengths));
		bf_radix_pass(sorted, scratch, rows, 7, top);
		/* top[v] is now the end of run v */
		for (int run = 0; run < 256; run++)
		{
			uint32_t	length = run_lengths[run];
			uint64_t   *from = scratch + run_start;
			uint64_t   *to = sorted + run_start;
			uint32_t	counts[7][256];

			if (length < BF_SORT_INSERTION_RUN)
			{
				bf_insertion_sort(from, to, length);
				run_start += length;
				continue;
			}
			memset(counts, 0, sizeof(counts));
			for (uint32_t i = 0; i < length; i++)
				for (int byte = 0; byte < 7; byte++)
					counts[byte][from[i] >> (8 * byte) & 0xFF]++;
			for (int byte = 0; byte < 7; byte++)
			{
				uint64_t   *swap;

				if (counts[byte][from[0] >> (8 * byte) & 0xFF] == length)
					continue;
				bf_radix_pass(from, to, length, byte, counts[byte]);
				swap = from;
				from = to;
				to = swap;
			}
			if (from != sorted + run_start)
				memcpy(sorted + run_start, from, (size_t) length * sizeof(uint64_t));
			run_start += length;
			if (between != NULL && (run & 31) == 31)
				between();
		}
	}
}

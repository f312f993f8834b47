/*
 * bf_scalable.c - the core of scalablebloom, a growing chain of blocked
 * Bloom filters.  The chain's rules and its stored format are in
 * bf_scalable.h and FORMAT.md.
 *
 * Counts
 * ------
 * Each sub-filter counts the values it took in; the header holds their sum.
 * An add appends a sub-filter only for a new value, and puts that value in
 * it, and union adds counts, so a stored chain always has:
 *   - n_added = 0 exactly when the kind is none, and then one sub-filter
 *     with no bit set;
 *   - every sub-filter but the newest at or over its capacity (it was full
 *     when the next was appended; union only adds to counts);
 *   - every sub-filter after the first with a count of at least 1.
 * A union may leave the newest over its capacity: the next add of a new
 * value then appends.
 *
 * Indexes
 * -------
 * Offsets are uint64_t.  A sub-filter has at most BF_MAX_BLOCKS blocks
 * (768,000,000 bytes) and a chain at most SBF_MAX_BYTES, so no sum of them
 * comes near 2^64.
 */
#include "bf_scalable.h"

#include <math.h>
#include <string.h>

bf_status
sbf_check_params(int64_t initial_capacity, double p, int64_t expansion, double tightening)
{
	if (initial_capacity < 1 || initial_capacity > SBF_MAX_INITIAL_CAPACITY)
		return BF_ERR_N;
	if (!(p > 0.0 && p < 1.0))
		return BF_ERR_P;
	if (p < BF_MIN_P)
		return BF_ERR_P_TOO_SMALL;
	if (expansion < SBF_MIN_EXPANSION || expansion > SBF_MAX_EXPANSION)
		return BF_ERR_EXPANSION;
	if (!(tightening > 0.0 && tightening < 1.0))
		return BF_ERR_TIGHTENING;
	return BF_OK;
}

/* n0 * s^index, or false if over the sizing limit of 1e18 elements. */
static bool
sbf_capacity_of(const sbf_header *header, uint32_t index, uint64_t *capacity)
{
	uint64_t	value = header->initial_capacity;

	for (uint32_t i = 0; i < index; i++)
	{
		if (value > UINT64_C(1000000000000000000) / header->expansion)
			return false;
		value *= header->expansion;
	}
	*capacity = value;
	return true;
}

/* by repeated multiplication, so that every build computes the same bits */
double
sbf_subfilter_rate(const sbf_header *header, uint32_t index)
{
	double		rate = header->design_p * (1.0 - header->tightening);

	for (uint32_t i = 0; i < index; i++)
		rate *= header->tightening;
	return rate;
}

bf_status
sbf_plan_subfilter(const sbf_header *header, uint32_t index, sbf_subfilter *plan, double *rate)
{
	double		bits_per_element;
	bf_status	status;

	/* the first sub-filter's failures are the parameters'; later ones end the chain */
	if (index >= SBF_MAX_SUBFILTERS)
		return BF_ERR_CHAIN_FULL;
	*rate = sbf_subfilter_rate(header, index);
	if (!sbf_capacity_of(header, index, &plan->capacity))
		return index == 0 ? BF_ERR_N : BF_ERR_CHAIN_FULL;
	if (*rate < BF_MIN_P)
		return index == 0 ? BF_ERR_P_TOO_SMALL : BF_ERR_CHAIN_FULL;
	status = bf_plan_rate(*rate, &bits_per_element, &plan->k);
	if (status == BF_OK)
		status = bf_plan_blocks((int64_t) plan->capacity, bits_per_element, &plan->nblocks);
	if (status != BF_OK)
		return index == 0 ? status : BF_ERR_CHAIN_FULL;
	plan->n_added = 0;
	plan->offset = 0;
	return BF_OK;
}

static void
sbf_params_header(sbf_header *header, int64_t initial_capacity, double p, int64_t expansion, double tightening)
{
	memset(header, 0, sizeof(*header));
	header->version = SBF_FORMAT_VERSION;
	header->hash_scheme = BF_HASH_SCHEME_XXH3;
	header->expansion = (uint8_t) expansion;
	header->value_kind = BF_KIND_NONE;
	header->subfilters = 1;
	header->initial_capacity = (uint64_t) initial_capacity;
	header->design_p = p;
	header->tightening = tightening;
}

bf_status
sbf_empty_bytes(int64_t initial_capacity, double p, int64_t expansion, double tightening, uint64_t *bytes)
{
	sbf_header	header;
	sbf_subfilter first;
	double		rate;
	bf_status	status = sbf_check_params(initial_capacity, p, expansion, tightening);

	if (status != BF_OK)
		return status;
	sbf_params_header(&header, initial_capacity, p, expansion, tightening);
	status = sbf_plan_subfilter(&header, 0, &first, &rate);
	if (status != BF_OK)
		return status;
	*bytes = sbf_table_end(1) + first.nblocks * BF_BLOCK_BYTES;
	return *bytes > SBF_MAX_BYTES ? BF_ERR_TOO_LARGE : BF_OK;
}

void
sbf_read_header(const uint8_t *bytes, sbf_header *header)
{
	header->version = (uint16_t) (bytes[SBF_OFF_VERSION] | bytes[SBF_OFF_VERSION + 1] << 8);
	header->hash_scheme = bytes[SBF_OFF_HASH_SCHEME];
	header->expansion = bytes[SBF_OFF_EXPANSION];
	header->value_kind = bf_load_u32(bytes + SBF_OFF_VALUE_KIND);
	header->subfilters = bf_load_u32(bytes + SBF_OFF_SUBFILTERS);
	header->n_added = bf_load_u64(bytes + SBF_OFF_N_ADDED);
	header->initial_capacity = bf_load_u64(bytes + SBF_OFF_INITIAL_CAPACITY);
	header->design_p = bf_load_f64(bytes + SBF_OFF_DESIGN_P);
	header->tightening = bf_load_f64(bytes + SBF_OFF_TIGHTENING);
	header->flags = bf_load_u32(bytes + SBF_OFF_FLAGS);
}

void
sbf_write_header(uint8_t *bytes, const sbf_header *header)
{
	memcpy(bytes + SBF_OFF_MAGIC, SBF_MAGIC_BYTES, 4);
	bytes[SBF_OFF_VERSION] = (uint8_t) header->version;
	bytes[SBF_OFF_VERSION + 1] = (uint8_t) (header->version >> 8);
	bytes[SBF_OFF_HASH_SCHEME] = header->hash_scheme;
	bytes[SBF_OFF_EXPANSION] = header->expansion;
	bf_store_u32(bytes + SBF_OFF_VALUE_KIND, header->value_kind);
	bf_store_u32(bytes + SBF_OFF_SUBFILTERS, header->subfilters);
	bf_store_u64(bytes + SBF_OFF_N_ADDED, header->n_added);
	bf_store_u64(bytes + SBF_OFF_INITIAL_CAPACITY, header->initial_capacity);
	bf_store_f64(bytes + SBF_OFF_DESIGN_P, header->design_p);
	bf_store_f64(bytes + SBF_OFF_TIGHTENING, header->tightening);
	bf_store_u32(bytes + SBF_OFF_FLAGS, header->flags);
}

static uint8_t *
sbf_descriptor(uint8_t *bytes, uint32_t index)
{
	return bytes + SBF_HEADER_BYTES + (uint64_t) index * SBF_DESCRIPTOR_BYTES;
}

static void
sbf_write_descriptor(uint8_t *bytes, uint32_t index, const sbf_subfilter *sub)
{
	uint8_t    *descriptor = sbf_descriptor(bytes, index);

	bf_store_u64(descriptor + SBF_DOFF_NBLOCKS, sub->nblocks);
	bf_store_u64(descriptor + SBF_DOFF_CAPACITY, sub->capacity);
	bf_store_u64(descriptor + SBF_DOFF_N_ADDED, sub->n_added);
	bf_store_u32(descriptor + SBF_DOFF_K, (uint32_t) sub->k);
	bf_store_u32(descriptor + SBF_DOFF_RESERVED, 0);
}

void
sbf_init(uint8_t *buffer, int64_t initial_capacity, double p, int64_t expansion, double tightening)
{
	sbf_header	header;
	sbf_subfilter first;
	double		rate;

	sbf_params_header(&header, initial_capacity, p, expansion, tightening);
	/* the caller had sbf_empty_bytes accept these parameters */
	(void) sbf_plan_subfilter(&header, 0, &first, &rate);
	sbf_write_header(buffer, &header);
	sbf_write_descriptor(buffer, 0, &first);
	memset(buffer + sbf_table_end(1), 0, first.nblocks * BF_BLOCK_BYTES);
}

bf_status
sbf_check_fixed_header(const uint8_t *bytes, uint64_t length, sbf_header *header)
{
	if (length < SBF_HEADER_BYTES || length > SBF_MAX_BYTES)
		return BF_ERR_FORMAT_LENGTH;
	if (memcmp(bytes + SBF_OFF_MAGIC, SBF_MAGIC_BYTES, 4) != 0)
		return BF_ERR_FORMAT_MAGIC;
	sbf_read_header(bytes, header);
	if (header->version != SBF_FORMAT_VERSION)
		return BF_ERR_FORMAT_VERSION;
	if (header->hash_scheme != BF_HASH_SCHEME_XXH3)
		return BF_ERR_FORMAT_HASH_SCHEME;
	if (header->flags != 0)
		return BF_ERR_FORMAT_FLAGS;
	if (!bf_kind_is_known(header->value_kind))
		return BF_ERR_FORMAT_KIND;
	if (header->initial_capacity > (uint64_t) SBF_MAX_INITIAL_CAPACITY ||
		sbf_check_params((int64_t) header->initial_capacity, header->design_p, header->expansion,
						 header->tightening) != BF_OK)
		return BF_ERR_FORMAT_DESIGN;
	if (header->subfilters < 1 || header->subfilters > SBF_MAX_SUBFILTERS)
		return BF_ERR_FORMAT_CHAIN;
	if ((header->n_added == 0) != (header->value_kind == BF_KIND_NONE))
		return BF_ERR_FORMAT_COUNT;
	if (length < sbf_table_end(header->subfilters))
		return BF_ERR_FORMAT_LENGTH;
	return BF_OK;
}

bf_status
sbf_check_table(const uint8_t *bytes, uint64_t length, const sbf_header *header,
				sbf_subfilter subs[SBF_MAX_SUBFILTERS])
{
	uint64_t	offset = sbf_table_end(header->subfilters);
	uint64_t	count_sum = 0;

	for (uint32_t i = 0; i < header->subfilters; i++)
	{
		const uint8_t *descriptor = bytes + SBF_HEADER_BYTES + (uint64_t) i * SBF_DESCRIPTOR_BYTES;
		sbf_subfilter *sub = &subs[i];
		uint32_t	k = bf_load_u32(descriptor + SBF_DOFF_K);
		uint64_t	capacity;

		sub->nblocks = bf_load_u64(descriptor + SBF_DOFF_NBLOCKS);
		sub->capacity = bf_load_u64(descriptor + SBF_DOFF_CAPACITY);
		sub->n_added = bf_load_u64(descriptor + SBF_DOFF_N_ADDED);
		sub->offset = offset;
		if (sub->nblocks < 1 || sub->nblocks > BF_MAX_BLOCKS)
			return BF_ERR_FORMAT_NBLOCKS;
		if (k < 1 || k > BF_MAX_K)
			return BF_ERR_FORMAT_K;
		sub->k = (int) k;
		if (bf_load_u32(descriptor + SBF_DOFF_RESERVED) != 0)
			return BF_ERR_FORMAT_FLAGS;
		if (!sbf_capacity_of(header, i, &capacity) || capacity != sub->capacity)
			return BF_ERR_FORMAT_CHAIN;
		if ((i + 1 < header->subfilters && sub->n_added < sub->capacity) || (i > 0 && sub->n_added == 0))
			return BF_ERR_FORMAT_COUNTERS;
		offset += sub->nblocks * BF_BLOCK_BYTES;
		if (offset > length)
			return BF_ERR_FORMAT_LENGTH;
		count_sum = bf_sat_add_u64(count_sum, sub->n_added);
	}
	if (offset != length)
		return BF_ERR_FORMAT_LENGTH;
	if (count_sum != header->n_added)
		return BF_ERR_FORMAT_COUNTERS;
	return BF_OK;
}

bf_status
sbf_check(const uint8_t *bytes, uint64_t length, sbf_header *header, sbf_subfilter subs[SBF_MAX_SUBFILTERS])
{
	bf_status	status = sbf_check_fixed_header(bytes, length, header);

	if (status != BF_OK)
		return status;
	return sbf_check_table(bytes, length, header, subs);
}

bf_status
sbf_validate(const uint8_t *bytes, uint64_t length, sbf_header *header, sbf_subfilter subs[SBF_MAX_SUBFILTERS],
			 uint64_t chunk_blocks, bf_between_chunks_fn between)
{
	bf_status	status = sbf_check(bytes, length, header, subs);
	uint8_t		any = 0;

	if (status != BF_OK)
		return status;
	/*
	 * A sub-filter's nblocks and k are not checked against today's plan: the
	 * plan goes through libm (exp, log, lgamma) and may be tuned in a later
	 * release, and a stored chain must stay readable on another machine and
	 * after an upgrade.  Any nblocks and k in range are a valid filter.
	 */
	if (header->n_added != 0)
		return BF_OK;
	/* empty: one sub-filter (sbf_check_table), no bit set */
	if (chunk_blocks == 0)
		chunk_blocks = subs[0].nblocks;
	for (uint64_t first = 0; first < subs[0].nblocks && any == 0; first += chunk_blocks)
	{
		uint64_t	count = subs[0].nblocks - first < chunk_blocks ? subs[0].nblocks - first : chunk_blocks;
		const uint8_t *blocks = bytes + subs[0].offset + first * BF_BLOCK_BYTES;

		if (between != NULL)
			between();
		for (uint64_t i = 0; i < count * BF_BLOCK_BYTES; i++)
			any |= blocks[i];
	}
	return any == 0 ? BF_OK : BF_ERR_FORMAT_EMPTY_BITS;
}

/* sbf_add_hash on the chain's views, taken once for many hashes */
static sbf_add_result
sbf_add_hash_in(uint8_t *bytes, const sbf_chain *chain, uint64_t hash, uint32_t value_kind)
{
	uint8_t    *newest;
	uint64_t	n_added;

	if (sbf_chain_contains_hash(chain, hash))
		return SBF_ADD_PRESENT;
	newest = sbf_descriptor(bytes, chain->count - 1);
	n_added = bf_load_u64(newest + SBF_DOFF_N_ADDED);
	if (n_added >= bf_load_u64(newest + SBF_DOFF_CAPACITY))
		return SBF_ADD_NEEDS_GROWTH;
	bf_add_hash(chain->views[chain->count - 1], hash);
	bf_store_u64(newest + SBF_DOFF_N_ADDED, n_added + 1);
	bf_store_u64(bytes + SBF_OFF_N_ADDED, bf_sat_add_u64(bf_load_u64(bytes + SBF_OFF_N_ADDED), 1));
	bf_store_u32(bytes + SBF_OFF_VALUE_KIND, value_kind);
	return SBF_ADD_ADDED;
}

sbf_add_result
sbf_add_hash(uint8_t *bytes, uint64_t hash, uint32_t value_kind)
{
	sbf_chain	chain;

	sbf_chain_of(bytes, &chain);
	return sbf_add_hash_in(bytes, &chain, hash, value_kind);
}

bf_status
sbf_grown_bytes(const uint8_t *bytes, uint64_t length, uint64_t *grown)
{
	sbf_header	header;
	sbf_subfilter next;
	double		rate;
	bf_status	status;

	sbf_read_header(bytes, &header);
	status = sbf_plan_subfilter(&header, header.subfilters, &next, &rate);
	if (status != BF_OK)
		return status;
	*grown = length + SBF_DESCRIPTOR_BYTES + next.nblocks * BF_BLOCK_BYTES;
	return *grown > SBF_MAX_BYTES ? BF_ERR_CHAIN_FULL : BF_OK;
}

void
sbf_append(const uint8_t *bytes, uint64_t length, uint8_t *grown)
{
	sbf_header	header;
	sbf_subfilter next;
	double		rate;
	uint64_t	old_table_end;

	sbf_read_header(bytes, &header);
	old_table_end = sbf_table_end(header.subfilters);
	/* the caller had sbf_grown_bytes plan it */
	(void) sbf_plan_subfilter(&header, header.subfilters, &next, &rate);
	memcpy(grown, bytes, old_table_end);
	sbf_write_descriptor(grown, header.subfilters, &next);
	memcpy(grown + old_table_end + SBF_DESCRIPTOR_BYTES, bytes + old_table_end, length - old_table_end);
	memset(grown + length + SBF_DESCRIPTOR_BYTES, 0, next.nblocks * BF_BLOCK_BYTES);
	header.subfilters++;
	sbf_write_header(grown, &header);
}

bf_status
sbf_add_hashes(uint8_t **bytes, uint64_t *length, const uint64_t *hashes, uint64_t count, uint32_t value_kind,
			   const sbf_allocator *allocator, bf_between_chunks_fn between)
{
	sbf_chain	chain;

	/*
	 * Every add first asks each sub-filter (one block in each, in memory far
	 * apart): the blocks of the hash BF_PREFETCH_DISTANCE ahead are asked
	 * for now, so those misses overlap the adds before it.
	 */
	sbf_chain_of(*bytes, &chain);
	for (uint64_t i = 0; i < count; i++)
	{
		uint64_t	grown_length;
		uint8_t    *grown;
		bf_status	status;

		if (between != NULL && i % BF_HASHES_PER_CHUNK == 0)
			between();
		if (i + BF_PREFETCH_DISTANCE < count)
			for (uint32_t sub = 0; sub < chain.count; sub++)
				bf_prefetch_hash(chain.views[sub], hashes[i + BF_PREFETCH_DISTANCE]);
		if (sbf_add_hash_in(*bytes, &chain, hashes[i], value_kind) != SBF_ADD_NEEDS_GROWTH)
			continue;
		status = sbf_grown_bytes(*bytes, *length, &grown_length);
		if (status != BF_OK)
			return status;
		grown = allocator->alloc(grown_length, allocator->context);
		if (grown == NULL)
			return BF_ERR_TOO_LARGE;
		sbf_append(*bytes, *length, grown);
		if (allocator->free != NULL)
			allocator->free(*bytes, allocator->context);
		*bytes = grown;
		*length = grown_length;
		sbf_chain_of(*bytes, &chain);
		/* the new sub-filter is empty: the value goes in */
		(void) sbf_add_hash_in(*bytes, &chain, hashes[i], value_kind);
	}
	return BF_OK;
}

bf_status
sbf_union_check(const sbf_header *a, const sbf_header *b, const char **differs)
{
	uint32_t	kind;

	*differs = NULL;
	if (a->initial_capacity != b->initial_capacity)
		*differs = "initial capacity";
	else if (memcmp(&a->design_p, &b->design_p, sizeof(double)) != 0)
		*differs = "false-positive rate";
	else if (a->expansion != b->expansion)
		*differs = "expansion";
	else if (memcmp(&a->tightening, &b->tightening, sizeof(double)) != 0)
		*differs = "tightening ratio";
	if (*differs != NULL)
		return BF_ERR_CHAIN_PARAMS;
	return bf_combine_kinds(a->value_kind, b->value_kind, &kind);
}

bf_status
sbf_union_into(uint8_t *dst, const uint8_t *other, uint64_t chunk_blocks, bf_between_chunks_fn between)
{
	sbf_chain	dst_chain;
	sbf_chain	other_chain;
	uint32_t	kind;

	sbf_chain_of(dst, &dst_chain);
	sbf_chain_of((uint8_t *) other, &other_chain);
	/*
	 * The same parameters plan the same shapes in one build, but a chain
	 * planned by another build (another libm, a later release) may differ,
	 * and OR-ing dst's nblocks out of other's sub-filter would read past it.
	 */
	if (other_chain.count > dst_chain.count)
		return BF_ERR_FORMAT_CHAIN;
	for (uint32_t i = 0; i < other_chain.count; i++)
	{
		if (dst_chain.views[i].nblocks != other_chain.views[i].nblocks ||
			dst_chain.views[i].k != other_chain.views[i].k)
			return BF_ERR_CHAIN_SHAPES;
	}
	if (chunk_blocks == 0)
		chunk_blocks = BF_MAX_BLOCKS;
	for (uint32_t i = 0; i < other_chain.count; i++)
	{
		uint8_t    *descriptor = sbf_descriptor(dst, i);
		uint64_t	nblocks = dst_chain.views[i].nblocks;

		for (uint64_t first = 0; first < nblocks; first += chunk_blocks)
		{
			if (between != NULL)
				between();
			bf_or_blocks(dst_chain.views[i].blocks, other_chain.views[i].blocks, first,
						 nblocks - first < chunk_blocks ? nblocks - first : chunk_blocks);
		}
		bf_store_u64(descriptor + SBF_DOFF_N_ADDED,
					 bf_sat_add_u64(bf_load_u64(descriptor + SBF_DOFF_N_ADDED),
									bf_load_u64(other + SBF_HEADER_BYTES + (uint64_t) i * SBF_DESCRIPTOR_BYTES +
												SBF_DOFF_N_ADDED)));
	}
	bf_store_u64(dst + SBF_OFF_N_ADDED, bf_sat_add_u64(bf_load_u64(dst + SBF_OFF_N_ADDED),
													   bf_load_u64(other + SBF_OFF_N_ADDED)));
	(void) bf_combine_kinds(bf_load_u32(dst + SBF_OFF_VALUE_KIND), bf_load_u32(other + SBF_OFF_VALUE_KIND), &kind);
	bf_store_u32(dst + SBF_OFF_VALUE_KIND, kind);
	return BF_OK;
}

void
sbf_subfilter_stats(const uint8_t *bytes, const sbf_subfilter *sub, uint64_t chunk_blocks,
					bf_between_chunks_fn between, bf_stats *stats)
{
	if (chunk_blocks == 0)
		chunk_blocks = sub->nblocks;
	for (uint64_t first = 0; first < sub->nblocks; first += chunk_blocks)
	{
		if (between != NULL)
			between();
		bf_stats_blocks(bytes + sub->offset, sub->k, first,
						sub->nblocks - first < chunk_blocks ? sub->nblocks - first : chunk_blocks, stats);
	}
}

/*
 * bf_cuckoo.c - the cuckoo filter core: sizing, the packed slots, the
 * header and its validation, insert, remove, probe and union.
 *
 * The layout, the hashing and the rules are in bf_cuckoo.h; this file adds
 * how they are carried out.
 *
 * Sizing
 * ------
 * A probe compares its fingerprint with the 8 slots of its two buckets; a
 * used slot holds a fingerprint that matches with probability 1 / (2^f - 1),
 * so at load a the rate is about 8 a / (2^f - 1), below 8 / 2^f for any
 * load under 1 - 2^-f.  cf_plan takes the smallest f >= CF_MIN_FP_BITS
 * with 8 / 2^f <= p, that is f = ceil(log2(8 / p)), found by doubling 2^f
 * rather than by log2, so that p = 8 / 2^f exactly gives that f and no
 * rounding of log2 can move it.  At a load of 0.95 a table costs f / 0.95
 * bits per element; rounding the buckets up to a power of two can leave
 * the design n at half that load, and twice the bits.
 *
 * Slots
 * -----
 * Slot s of bucket b is the f bits at bit (4 b + s) f.  They are read and
 * written through one little-endian 8-byte word at the slot's first byte:
 * the slot starts at most 7 bits into that byte and f <= 32, so it ends
 * within the first 39 bits of the word.  Near the end of the table, where
 * those 8 bytes would run past it, only the bytes the slot covers are
 * touched.  Offsets are uint64: the bit offset of the last slot of the
 * largest table is about 6.1e9, past 32 bits.
 *
 * Evictions
 * ---------
 * When both buckets are full, a fingerprint of one of them (the first bucket
 * and every slot drawn from a splitmix64 stream seeded from the hash, so the
 * same adds make the same bytes) is swapped out for the one in hand and
 * moves to its alternate bucket, which it can compute from its
 * bucket and itself alone (the alternate is an involution).  After
 * CF_MAX_KICKS swaps the one in hand goes to the stash.  Every swap keeps a
 * fingerprint within its own two buckets, so the number of copies of a
 * fingerprint in a given pair of buckets (plus the stash) only changes by
 * the insert or remove of that very fingerprint.
 */
#include "bf_cuckoo.h"

#include <math.h>
#include <string.h>

/* splitmix64's increment, odd */
#define CF_GAMMA			UINT64_C(0x9e3779b97f4a7c15)

/* The largest bucket count: the bucket comes from the low 32 bits of the hash. */
#define CF_MAX_NBUCKETS		(UINT64_C(1) << 32)

/* Largest n cf_plan accepts, as bloomfilter's sizing functions. */
#define CF_MAX_SIZING_N		INT64_C(1000000000000000000)	/* 1e18 */

static inline bool
cf_is_power_of_two(uint64_t x)
{
	return x != 0 && (x & (x - 1)) == 0;
}

static inline uint64_t
cf_min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

/* ---- sizing ---- */

bf_status
cf_plan(int64_t n, double p, uint64_t *nbuckets, int *fp_bits)
{
	int			bits = CF_MIN_FP_BITS;
	double		needed;
	uint64_t	buckets = 2;

	if (n < 0 || n > CF_MAX_SIZING_N)
		return BF_ERR_N;
	if (!(p > 0.0 && p < 1.0))	/* false for NaN too */
		return BF_ERR_P;
	/* 8 / 2^f is exact in binary64, so the comparison is too */
	while (bits <= CF_MAX_FP_BITS && ldexp(8.0, -bits) > p)
		bits++;
	if (bits > CF_MAX_FP_BITS)
		return BF_ERR_P_TOO_SMALL;

	/*
	 * n / 3.8 = 5 n / 19 is never a power of two, and lies at least 1/19 from
	 * one, far more than the rounding of a double below 2^33: the power of
	 * two found from the double is the exact one.
	 */
	needed = ceil((double) n / (CF_SLOTS_PER_BUCKET * CF_PLAN_LOAD));
	if (needed > (double) CF_MAX_NBUCKETS)
		return BF_ERR_TOO_LARGE;
	while ((double) buckets < needed)
		buckets <<= 1;
	if (cf_table_bytes(buckets, bits) > CF_MAX_TABLE_BYTES)
		return BF_ERR_TOO_LARGE;
	*nbuckets = buckets;
	*fp_bits = bits;
	return BF_OK;
}

/* ---- the header ---- */

void
cf_read_header(const uint8_t *filter, cf_header *header)
{
	header->version = (uint16_t) (filter[CF_OFF_VERSION] | filter[CF_OFF_VERSION + 1] << 8);
	header->hash_scheme = filter[CF_OFF_HASH_SCHEME];
	header->fp_bits = filter[CF_OFF_FP_BITS];
	header->value_kind = bf_load_u32(filter + CF_OFF_VALUE_KIND);
	header->flags = bf_load_u32(filter + CF_OFF_FLAGS);
	header->nbuckets = bf_load_u64(filter + CF_OFF_NBUCKETS);
	header->n_items = bf_load_u64(filter + CF_OFF_N_ITEMS);
	header->design_n = bf_load_u64(filter + CF_OFF_DESIGN_N);
	header->design_p = bf_load_f64(filter + CF_OFF_DESIGN_P);
	header->victim_bucket = bf_load_u64(filter + CF_OFF_VICTIM_BUCKET);
	header->victim_fp = bf_load_u32(filter + CF_OFF_VICTIM_FP);
}

void
cf_write_header(uint8_t *filter, const cf_header *header)
{
	memcpy(filter + CF_OFF_MAGIC, CF_MAGIC_BYTES, 4);
	filter[CF_OFF_VERSION] = (uint8_t) header->version;
	filter[CF_OFF_VERSION + 1] = (uint8_t) (header->version >> 8);
	filter[CF_OFF_HASH_SCHEME] = header->hash_scheme;
	filter[CF_OFF_FP_BITS] = header->fp_bits;
	bf_store_u32(filter + CF_OFF_VALUE_KIND, header->value_kind);
	bf_store_u32(filter + CF_OFF_FLAGS, header->flags);
	bf_store_u64(filter + CF_OFF_NBUCKETS, header->nbuckets);
	bf_store_u64(filter + CF_OFF_N_ITEMS, header->n_items);
	bf_store_u64(filter + CF_OFF_DESIGN_N, header->design_n);
	bf_store_f64(filter + CF_OFF_DESIGN_P, header->design_p);
	bf_store_u64(filter + CF_OFF_VICTIM_BUCKET, header->victim_bucket);
	bf_store_u32(filter + CF_OFF_VICTIM_FP, header->victim_fp);
	bf_store_u32(filter + CF_OFF_RESERVED, 0);
}

void
cf_init(uint8_t *filter, uint64_t nbuckets, int fp_bits, uint32_t value_kind,
		uint64_t design_n, double design_p)
{
	cf_header	header;

	memset(&header, 0, sizeof(header));
	header.version = CF_FORMAT_VERSION;
	header.hash_scheme = BF_HASH_SCHEME_XXH3;
	header.fp_bits = (uint8_t) fp_bits;
	header.value_kind = value_kind;
	header.nbuckets = nbuckets;
	header.design_n = design_n;
	header.design_p = design_p;
	cf_write_header(filter, &header);
	memset(filter + CF_HEADER_BYTES, 0, cf_table_bytes(nbuckets, fp_bits));
}

/* The stash: a fingerprint 1 .. 2^f - 1 in one of nbuckets with the flag, all zero without. */
static bf_status
cf_check_victim(const cf_header *header)
{
	uint64_t	fp_limit = UINT64_C(1) << header->fp_bits;

	if (header->flags & CF_FLAG_VICTIM)
	{
		if (header->victim_fp == 0 || header->victim_fp >= fp_limit ||
			header->victim_bucket >= header->nbuckets)
			return BF_ERR_FORMAT_FINGERPRINT;
	}
	else if (header->victim_fp != 0 || header->victim_bucket != 0)
		return BF_ERR_FORMAT_FINGERPRINT;
	return BF_OK;
}

bf_status
cf_check_header(const uint8_t *filter, uint64_t length, cf_header *header)
{
	if (length < CF_HEADER_BYTES)
		return BF_ERR_FORMAT_LENGTH;
	if (memcmp(filter + CF_OFF_MAGIC, CF_MAGIC_BYTES, 4) != 0)
		return BF_ERR_FORMAT_MAGIC;
	cf_read_header(filter, header);
	if (header->version != CF_FORMAT_VERSION)
		return BF_ERR_FORMAT_VERSION;
	if (header->hash_scheme != BF_HASH_SCHEME_XXH3)
		return BF_ERR_FORMAT_HASH_SCHEME;
	if (header->fp_bits < CF_MIN_FP_BITS || header->fp_bits > CF_MAX_FP_BITS)
		return BF_ERR_FORMAT_FINGERPRINT;
	if (!bf_kind_is_known(header->value_kind))
		return BF_ERR_FORMAT_KIND;
	if ((header->flags & ~CF_FLAG_VICTIM) != 0 || bf_load_u32(filter + CF_OFF_RESERVED) != 0)
		return BF_ERR_FORMAT_FLAGS;
	/* nbuckets <= 2^32 first: then the table size below cannot overflow */
	if (header->nbuckets < 2 || header->nbuckets > CF_MAX_NBUCKETS ||
		!cf_is_power_of_two(header->nbuckets) ||
		cf_table_bytes(header->nbuckets, header->fp_bits) > CF_MAX_TABLE_BYTES)
		return BF_ERR_FORMAT_NBLOCKS;
	if (length != cf_filter_bytes(header->nbuckets, header->fp_bits))
		return BF_ERR_FORMAT_LENGTH;
	if (!(header->design_p > 0.0 && header->design_p < 1.0))
		return BF_ERR_FORMAT_DESIGN;
	if (cf_check_victim(header) != BF_OK)
		return BF_ERR_FORMAT_FINGERPRINT;
	/* a filter that never held anything cannot know a kind; removes keep it */
	if (header->value_kind == BF_KIND_NONE && header->n_items != 0)
		return BF_ERR_FORMAT_COUNT;
	if (header->n_items > header->nbuckets * CF_SLOTS_PER_BUCKET + 1)
		return BF_ERR_FORMAT_COUNTERS;
	return BF_OK;
}

bf_status
cf_validate(const uint8_t *filter, uint64_t length, cf_header *header,
			uint64_t chunk_buckets, bf_between_chunks_fn between)
{
	bf_status	status = cf_check_header(filter, length, header);
	cf_view		view;
	uint64_t	stored;

	if (status != BF_OK)
		return status;
	if (chunk_buckets == 0)
		chunk_buckets = header->nbuckets;
	view = cf_view_of((uint8_t *) filter);	/* only read */
	stored = (header->flags & CF_FLAG_VICTIM) ? 1 : 0;
	for (uint64_t first = 0; first < header->nbuckets; first += chunk_buckets)
	{
		if (between != NULL)
			between();
		stored += cf_count_slots(view, first, cf_min_u64(chunk_buckets, header->nbuckets - first));
	}
	return stored == header->n_items ? BF_OK : BF_ERR_FORMAT_COUNTERS;
}

cf_view
cf_view_of(uint8_t *filter)
{
	cf_view		view;

	view.filter = filter;
	view.table = filter + CF_HEADER_BYTES;
	view.nbuckets = bf_load_u64(filter + CF_OFF_NBUCKETS);
	view.fp_bits = filter[CF_OFF_FP_BITS];
	return view;
}

/* ---- slots ---- */

/* Bit offset of a slot: below 2^34 slots times 32 bits, so uint64 throughout. */
static inline uint64_t
cf_slot_bit(cf_view view, uint64_t bucket, int slot)
{
	return (bucket * CF_SLOTS_PER_BUCKET + (uint64_t) slot) * (uint64_t) view.fp_bits;
}

/* The up to 8 bytes from byte offset, little-endian, never past the table's end. */
static inline uint64_t
cf_load_word(cf_view view, uint64_t byte)
{
	uint64_t	table_bytes = cf_table_bytes(view.nbuckets, view.fp_bits);
	uint64_t	word = 0;
	uint64_t	end;

	if (byte + 8 <= table_bytes)
		return bf_load_u64(view.table + byte);
	end = cf_min_u64(byte + 8, table_bytes);
	for (uint64_t i = end; i > byte; i--)
		word = (word << 8) | view.table[i - 1];
	return word;
}

static inline void
cf_store_word(cf_view view, uint64_t byte, uint64_t word)
{
	uint64_t	table_bytes = cf_table_bytes(view.nbuckets, view.fp_bits);
	uint64_t	end;

	if (byte + 8 <= table_bytes)
	{
		bf_store_u64(view.table + byte, word);
		return;
	}
	end = cf_min_u64(byte + 8, table_bytes);
	for (uint64_t i = byte; i < end; i++, word >>= 8)
		view.table[i] = (uint8_t) word;
}

uint32_t
cf_get_slot(cf_view view, uint64_t bucket, int slot)
{
	uint64_t	bit = cf_slot_bit(view, bucket, slot);
	uint64_t	mask = (UINT64_C(1) << view.fp_bits) - 1;

	return (uint32_t) ((cf_load_word(view, bit >> 3) >> (bit & 7)) & mask);
}

void
cf_set_slot(cf_view view, uint64_t bucket, int slot, uint32_t fp)
{
	uint64_t	bit = cf_slot_bit(view, bucket, slot);
	uint64_t	mask = ((UINT64_C(1) << view.fp_bits) - 1) << (bit & 7);
	uint64_t	word = cf_load_word(view, bit >> 3);

	word = (word & ~mask) | (((uint64_t) fp << (bit & 7)) & mask);
	cf_store_word(view, bit >> 3, word);
}

void
cf_bucket_bytes(uint64_t bucket, int fp_bits, uint64_t *first_byte, uint64_t *byte_count, unsigned *first_bit)
{
	uint64_t	bit = bucket * CF_SLOTS_PER_BUCKET * (uint64_t) fp_bits;

	*first_byte = bit >> 3;
	*first_bit = (unsigned) (bit & 7);
	*byte_count = ((bit & 7) + CF_SLOTS_PER_BUCKET * (uint64_t) fp_bits + 7) / 8;
}

int
cf_bucket_count_in(const uint8_t *bytes, uint64_t byte_count, unsigned first_bit, int fp_bits, uint32_t fp)
{
	uint64_t	mask = (UINT64_C(1) << fp_bits) - 1;
	int			copies = 0;

	for (int slot = 0; slot < CF_SLOTS_PER_BUCKET; slot++)
	{
		uint64_t	bit = first_bit + (uint64_t) slot * (uint64_t) fp_bits;
		uint64_t	word = 0;

		/* up to 8 bytes from the slot's first byte, never past the end */
		for (uint64_t i = cf_min_u64((bit >> 3) + 8, byte_count); i > (bit >> 3); i--)
			word = (word << 8) | bytes[i - 1];
		copies += ((word >> (bit & 7)) & mask) == fp;
	}
	return copies;
}

/* ---- the stash and the buckets ---- */

static inline bool
cf_stash_in_use(cf_view view)
{
	return (bf_load_u32(view.filter + CF_OFF_FLAGS) & CF_FLAG_VICTIM) != 0;
}

/* Is fp in the stash, for the pair of buckets of bucket? */
static inline bool
cf_stash_holds(cf_view view, uint64_t bucket, uint32_t fp)
{
	uint64_t	victim_bucket;

	if (!cf_stash_in_use(view) || bf_load_u32(view.filter + CF_OFF_VICTIM_FP) != fp)
		return false;
	victim_bucket = bf_load_u64(view.filter + CF_OFF_VICTIM_BUCKET);
	return victim_bucket == bucket || victim_bucket == cf_alt_bucket(bucket, fp, view.nbuckets);
}

static void
cf_set_stash(cf_view view, uint64_t bucket, uint32_t fp)
{
	uint32_t	flags = bf_load_u32(view.filter + CF_OFF_FLAGS);

	flags = fp != 0 ? flags | CF_FLAG_VICTIM : flags & ~CF_FLAG_VICTIM;
	bf_store_u32(view.filter + CF_OFF_FLAGS, flags);
	bf_store_u64(view.filter + CF_OFF_VICTIM_BUCKET, bucket);
	bf_store_u32(view.filter + CF_OFF_VICTIM_FP, fp);
}

static void
cf_add_items(cf_view view, int64_t delta)
{
	uint64_t	n_items = bf_load_u64(view.filter + CF_OFF_N_ITEMS);

	bf_store_u64(view.filter + CF_OFF_N_ITEMS, n_items + (uint64_t) delta);
}

/* The first slot of bucket holding fp (0 finds an empty one), or -1. */
static int
cf_find_in_bucket(cf_view view, uint64_t bucket, uint32_t fp)
{
	for (int slot = 0; slot < CF_SLOTS_PER_BUCKET; slot++)
		if (cf_get_slot(view, bucket, slot) == fp)
			return slot;
	return -1;
}

static int
cf_count_in_bucket(cf_view view, uint64_t bucket, uint32_t fp)
{
	int			count = 0;

	for (int slot = 0; slot < CF_SLOTS_PER_BUCKET; slot++)
		count += cf_get_slot(view, bucket, slot) == fp;
	return count;
}

/* Puts fp into an empty slot of bucket, if there is one. */
static bool
cf_place(cf_view view, uint64_t bucket, uint32_t fp)
{
	int			slot = cf_find_in_bucket(view, bucket, 0);

	if (slot < 0)
		return false;
	cf_set_slot(view, bucket, slot, fp);
	return true;
}

/* ---- probes ---- */

/* Copies of fp in bucket, its alternate and the stash. */
static int
cf_count_fingerprint(cf_view view, uint64_t bucket, uint32_t fp)
{
	return cf_count_in_bucket(view, bucket, fp) +
		cf_count_in_bucket(view, cf_alt_bucket(bucket, fp, view.nbuckets), fp) +
		(cf_stash_holds(view, bucket, fp) ? 1 : 0);
}

int
cf_count_hash(cf_view view, uint64_t hash)
{
	return cf_count_fingerprint(view, cf_bucket(hash, view.nbuckets), cf_fingerprint(hash, view.fp_bits));
}

bool
cf_contains_hash(cf_view view, uint64_t hash)
{
	uint32_t	fp = cf_fingerprint(hash, view.fp_bits);
	uint64_t	bucket = cf_bucket(hash, view.nbuckets);

	return cf_find_in_bucket(view, bucket, fp) >= 0 ||
		cf_find_in_bucket(view, cf_alt_bucket(bucket, fp, view.nbuckets), fp) >= 0 ||
		cf_stash_holds(view, bucket, fp);
}

uint64_t
cf_count_slots(cf_view view, uint64_t first, uint64_t count)
{
	uint64_t	used = 0;

	for (uint64_t bucket = first; bucket < first + count; bucket++)
		for (int slot = 0; slot < CF_SLOTS_PER_BUCKET; slot++)
			used += cf_get_slot(view, bucket, slot) != 0;
	return used;
}

/* ---- insert ---- */

static inline uint64_t
cf_next_random(uint64_t *state)
{
	uint64_t	z = (*state += CF_GAMMA);

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/*
 * Both buckets of fp are full: swap it for a fingerprint of one of them,
 * move that one to its alternate, and so on.  The fingerprint in hand when
 * the swaps run out goes to the (empty) stash: nothing is dropped.
 */
static void
cf_evict(cf_view view, uint64_t bucket, uint32_t fp, uint64_t seed)
{
	uint64_t	state = seed;
	uint64_t	random = cf_next_random(&state);

	if (random & 4)
		bucket = cf_alt_bucket(bucket, fp, view.nbuckets);
	for (int kick = 0; kick < CF_MAX_KICKS; kick++)
	{
		int			slot = (int) (random & (CF_SLOTS_PER_BUCKET - 1));
		uint32_t	evicted = cf_get_slot(view, bucket, slot);

		cf_set_slot(view, bucket, slot, fp);
		fp = evicted;
		bucket = cf_alt_bucket(bucket, fp, view.nbuckets);
		if (cf_place(view, bucket, fp))
			return;
		random = cf_next_random(&state);
	}
	cf_set_stash(view, bucket, fp);
}

static bf_status
cf_insert_seeded(cf_view view, uint64_t bucket, uint32_t fp, uint64_t seed)
{
	/* refusals first, so that a refused insert changes nothing */
	if (cf_count_fingerprint(view, bucket, fp) >= CF_MAX_COPIES)
		return BF_ERR_TOO_MANY_COPIES;
	if (cf_stash_in_use(view))
		return BF_ERR_FILTER_FULL;
	if (!cf_place(view, bucket, fp) &&
		!cf_place(view, cf_alt_bucket(bucket, fp, view.nbuckets), fp))
		cf_evict(view, bucket, fp, seed);
	cf_add_items(view, 1);
	return BF_OK;
}

bf_status
cf_insert_hash(cf_view view, uint64_t hash)
{
	return cf_insert_seeded(view, cf_bucket(hash, view.nbuckets), cf_fingerprint(hash, view.fp_bits), hash);
}

bf_status
cf_insert_fingerprint(cf_view view, uint64_t bucket, uint32_t fp)
{
	/* bucket < 2^32 and fp < 2^32: the seed is one-to-one in both */
	return cf_insert_seeded(view, bucket, fp, bucket << 32 | fp);
}

/* ---- remove ---- */

/* After a slot was freed: the stash moves into one of its buckets if either has room. */
static void
cf_unstash(cf_view view)
{
	uint64_t	bucket;
	uint32_t	fp;

	if (!cf_stash_in_use(view))
		return;
	bucket = bf_load_u64(view.filter + CF_OFF_VICTIM_BUCKET);
	fp = bf_load_u32(view.filter + CF_OFF_VICTIM_FP);
	if (cf_place(view, bucket, fp) || cf_place(view, cf_alt_bucket(bucket, fp, view.nbuckets), fp))
		cf_set_stash(view, 0, 0);
}

/* Clears the first copy of fp in bucket; false if there is none. */
static bool
cf_clear_in_bucket(cf_view view, uint64_t bucket, uint32_t fp)
{
	int			slot = cf_find_in_bucket(view, bucket, fp);

	if (slot < 0)
		return false;
	cf_set_slot(view, bucket, slot, 0);
	return true;
}

bool
cf_remove_hash(cf_view view, uint64_t hash)
{
	uint32_t	fp = cf_fingerprint(hash, view.fp_bits);
	uint64_t	bucket = cf_bucket(hash, view.nbuckets);

	if (cf_clear_in_bucket(view, bucket, fp) ||
		cf_clear_in_bucket(view, cf_alt_bucket(bucket, fp, view.nbuckets), fp))
		cf_unstash(view);
	else if (cf_stash_holds(view, bucket, fp))
		cf_set_stash(view, 0, 0);
	else
		return false;
	cf_add_items(view, -1);
	return true;
}

/* ---- union ---- */

bf_status
cf_insert_all(cf_view dst, const uint8_t *src_filter)
{
	cf_view		src = cf_view_of((uint8_t *) src_filter);	/* only read */
	bf_status	status;

	for (uint64_t bucket = 0; bucket < src.nbuckets; bucket++)
	{
		for (int slot = 0; slot < CF_SLOTS_PER_BUCKET; slot++)
		{
			uint32_t	fp = cf_get_slot(src, bucket, slot);

			if (fp == 0)
				continue;
			status = cf_insert_fingerprint(dst, bucket, fp);
			if (status != BF_OK)
				return status;
		}
	}
	if (!cf_stash_in_use(src))
		return BF_OK;
	return cf_insert_fingerprint(dst, bf_load_u64(src_filter + CF_OFF_VICTIM_BUCKET),
								 bf_load_u32(src_filter + CF_OFF_VICTIM_FP));
}

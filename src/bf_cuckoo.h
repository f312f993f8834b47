/*
 * bf_cuckoo.h - the pure C core of cuckoofilter (Fan, Andersen, Kaminsky &
 * Mitzenmacher, "Cuckoo Filter: Practically Better Than Bloom", CoNEXT 2014).
 * No postgres.h, like bf_core.h.
 *
 * Table
 * -----
 * nbuckets buckets (even, at least 2; a power of two in format version 1)
 * of 4 slots; a slot holds an f-bit fingerprint, 0 meaning empty,
 * 5 <= f <= 32.  A bucket is stored semi-sorted (section 5.2 of the
 * paper): its 4 fingerprints sorted ascending as whole numbers, and each
 * split into its high nibble (top 4 bits) and its low part (the f - 4 bits
 * below).  The sorted nibbles
 * a <= b <= c <= d are a multiset of 4 out of 16 values, one of
 * C(19, 4) = 3876 <= 2^12, so they are stored as a 12-bit index
 *   index = a + C(b + 1, 2) + C(c + 2, 3) + C(d + 3, 4)
 * (the combinatorial number system for the set a < b+1 < c+2 < d+3 of
 * 0 .. 18: a one-to-one map onto 0 .. 3875, all zero nibbles giving 0).
 * A bucket is B = 12 + 4 (f - 4) = 4 (f - 1) bits: the index, then the low
 * parts of the sorted fingerprints, smallest first.  Bucket i is bits
 * [i B, (i + 1) B) of the table, least significant bit first in
 * little-endian byte order, so the table is nbuckets (f - 1) / 2 bytes:
 * one bit per slot less than 4 whole fingerprints.  A zeroed table is
 * empty buckets.  The sorting makes the bytes canonical: one multiset of
 * fingerprints has one encoding, and validation rejects any other (an
 * index of 3876 or more, or low parts out of order under equal nibbles).
 *
 * Hashing
 * -------
 * An element of hash h (the same XXH3 hash of the same canonical bytes as
 * bloomfilter), with N = nbuckets and mix(fp) = (fp * 0x9e3779b97f4a7c15
 * mod 2^64) >> 32, has
 *   fingerprint  fp = 1 + (((h >> 32) * (2^f - 1)) >> 32)     1 .. 2^f - 1
 *   bucket       i1 = ((h mod 2^32) * N) >> 32                the low 32 bits
 *   alternate    i2 = (c - i1) mod N, c = ((mix(fp) * N) >> 32) | 1
 * The fingerprint comes from the high 32 bits and the bucket from the low 32
 * (N <= 2^32), so the two are independent.  The alternate is an involution
 * (c - (c - i) = i), so a fingerprint can move between its buckets knowing
 * only where it is, and as c is odd and N even, i2 and i1 differ in parity:
 * i2 != i1 always, and every element has 8 slots.  Any even N works, so
 * cf_plan sizes the table for the load it wants rather than rounding it up
 * to a power of two, which could halve the load and double the bytes.
 *
 * Format version 1 (still read, and written back as version 1: its
 * fingerprints cannot move to version 2's buckets without their hashes)
 * had N a power of two, i1 = h & (N - 1) and i2 = i1 ^ ((mix(fp) & (N - 1))
 * | 1), with the same properties.
 *
 * Probes and sizing
 * -----------------
 * A probe tests the 8 slots of i1 and i2 and the stash ("victim"): one
 * fingerprint with its bucket, kept when an insertion's evictions ran out.
 * The false-positive rate is at most 8 / (2^f - 1) (8 slots, each matching a
 * random fingerprint with probability 1 / (2^f - 1)); the semi-sorting
 * changes the bytes, not what is stored, so not the rate.  cf_plan picks
 * the smallest f with 8 / 2^f <= p, f = ceil(log2(8 / p)), at least 5 (a
 * fingerprint needs a low bit beside its nibble).  At a load of 0.95 that
 * is (f - 1) / 0.95 bits per element.
 *
 * Insert and remove
 * -----------------
 * Insertion: refused (BF_ERR_TOO_MANY_COPIES) if the value's fingerprint is
 * already in its slots and stash CF_MAX_COPIES times; refused (BF_ERR_FILTER_FULL)
 * if the stash is in use; otherwise into an empty slot of i1 or i2, or by
 * evicting: a fingerprint of a full bucket is swapped out and moved to its
 * own alternate, up to CF_MAX_KICKS times, the bucket and the slot (of the
 * sorted bucket) chosen by a generator seeded from the hash (the same adds
 * in the same order always build the same bytes).  If the evictions run out, the fingerprint
 * in hand goes to the stash: nothing is ever dropped, and the next
 * insertion is refused.  A refused insertion changes nothing.
 *
 * Remove deletes one copy of the fingerprint from i1, i2 or the stash, and
 * reports whether there was one.  After a remove from the table, a stashed
 * fingerprint is inserted again, evictions allowed (the generator seeded
 * from its bucket and itself): it finds room, possibly through the slot
 * just freed, or a fingerprint ends in the stash again; n_items is
 * unchanged by that.  A value that was never inserted but shares a
 * fingerprint and a bucket with one that was removes that one: remove only
 * what you added.
 */
#ifndef BF_CUCKOO_H
#define BF_CUCKOO_H

#include "bf_core.h"

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility push(hidden)
#endif

#define CF_MAGIC_BYTES			"CKOO"
/* what cf_init writes: any even bucket count */
#define CF_FORMAT_VERSION		2
/* power-of-two bucket counts, masked bucket and xor alternate: read and kept */
#define CF_FORMAT_VERSION_POW2	1
#define CF_SLOTS_PER_BUCKET		4
#define CF_MAX_COPIES			(2 * CF_SLOTS_PER_BUCKET)
#define CF_MAX_KICKS			500
/* a nibble and at least one low bit */
#define CF_MIN_FP_BITS			5
/* fingerprints are uint32; a bucket is then at most 4 (32 - 1) = 124 bits, two 64-bit fields */
#define CF_MAX_FP_BITS			32
/* the high bits of a fingerprint gathered into the bucket's index */
#define CF_NIBBLE_BITS			4
/* sorted nibble tuples a <= b <= c <= d: C(16 + 4 - 1, 4), held by 12 bits */
#define CF_NIBBLE_SETS			3876
#define CF_NIBBLE_INDEX_BITS	12
/* the load cf_plan sizes for: buckets = n / (4 * 0.95) = 5 n / 19, rounded up to even */
#define CF_PLAN_LOAD			0.95
/* The largest bucket count: the bucket comes from the low 32 bits of the hash. */
#define CF_MAX_NBUCKETS			(UINT64_C(1) << 32)
/* largest table: as bloomfilter's limit, so that the text form fits in 1 GB */
#define CF_MAX_TABLE_BYTES		UINT64_C(768000000)

/* 64 header bytes: the table starts on an 8-byte boundary after a 4-byte varlena header plus 4 */
#define CF_HEADER_BYTES			64
#define CF_OFF_MAGIC			0	/* 4 bytes "CKOO" */
#define CF_OFF_VERSION			4	/* uint16 */
#define CF_OFF_HASH_SCHEME		6	/* uint8, BF_HASH_SCHEME_XXH3 */
#define CF_OFF_FP_BITS			7	/* uint8, CF_MIN_FP_BITS .. CF_MAX_FP_BITS */
#define CF_OFF_VALUE_KIND		8	/* uint32, BF_KIND_* */
#define CF_OFF_FLAGS			12	/* uint32, CF_FLAG_* */
#define CF_OFF_NBUCKETS			16	/* uint64, even >= 2 (version 1: a power of two) */
#define CF_OFF_N_ITEMS			24	/* uint64, fingerprints stored (slots in use + stash) */
#define CF_OFF_DESIGN_N			32	/* uint64 */
#define CF_OFF_DESIGN_P			40	/* binary64 */
#define CF_OFF_VICTIM_BUCKET	48	/* uint64, the stashed fingerprint's bucket (0 if none) */
#define CF_OFF_VICTIM_FP		56	/* uint32, the stashed fingerprint (0 if none) */
#define CF_OFF_RESERVED			60	/* uint32, must be 0 */

#define CF_FLAG_VICTIM			UINT32_C(1)	/* the stash holds a fingerprint */

typedef struct cf_header
{
	uint16_t	version;
	uint8_t		hash_scheme;
	uint8_t		fp_bits;
	uint32_t	value_kind;
	uint32_t	flags;
	uint64_t	nbuckets;
	uint64_t	n_items;
	uint64_t	design_n;
	double		design_p;
	uint64_t	victim_bucket;
	uint32_t	victim_fp;
} cf_header;

/* Bits of one bucket: the nibble index and 4 low parts of f - 4 bits, 4 (f - 1). */
static inline int
cf_bucket_bits(int fp_bits)
{
	return CF_NIBBLE_INDEX_BITS + CF_SLOTS_PER_BUCKET * (fp_bits - CF_NIBBLE_BITS);
}

/* nbuckets 4 (f - 1) / 8 bytes, a whole number as nbuckets is even */
static inline uint64_t
cf_table_bytes(uint64_t nbuckets, int fp_bits)
{
	return nbuckets * (uint64_t) cf_bucket_bits(fp_bits) / 8;
}

static inline uint64_t
cf_filter_bytes(uint64_t nbuckets, int fp_bits)
{
	return CF_HEADER_BYTES + cf_table_bytes(nbuckets, fp_bits);
}

/* Buckets and fingerprint bits for n elements at rate p (n = 0 gives 2 buckets). */
extern bf_status cf_plan(int64_t n, double p, uint64_t *nbuckets, int *fp_bits);

extern void cf_read_header(const uint8_t *filter, cf_header *header);
extern void cf_write_header(uint8_t *filter, const cf_header *header);

/* Writes a header and zeroes the table; buffer holds cf_filter_bytes(nbuckets, fp_bits). */
extern void cf_init(uint8_t *filter, uint64_t nbuckets, int fp_bits, uint32_t value_kind,
					uint64_t design_n, double design_p);

/*
 * The header alone against the length: magic, version, scheme, fingerprint
 * bits, kind, flags and reserved field, nbuckets, length, design rate, a
 * stash in range and zero when unused, kind none only with no items.  O(1).
 */
extern bf_status cf_check_header(const uint8_t *filter, uint64_t length, cf_header *header);

/*
 * Every check of a value read or received: the header, and that n_items is
 * the number of non-empty slots plus the stash (slots counted chunk_buckets
 * buckets at a time, with between() before each chunk).
 */
extern bf_status cf_validate(const uint8_t *filter, uint64_t length, cf_header *header,
							 uint64_t chunk_buckets, bf_between_chunks_fn between);

/* What the per-element operations need, read once from a header. */
typedef struct cf_view
{
	uint8_t    *filter;			/* the whole value: header (stash, counts) and table */
	uint8_t    *table;
	uint64_t	nbuckets;
	int			fp_bits;
	uint16_t	version;		/* how hashes find buckets: cf_bucket */
} cf_view;

static inline cf_view
cf_view_of(uint8_t *filter)
{
	cf_view		view;

	view.filter = filter;
	view.table = filter + CF_HEADER_BYTES;
	view.nbuckets = bf_load_u64(filter + CF_OFF_NBUCKETS);
	view.fp_bits = filter[CF_OFF_FP_BITS];
	view.version = (uint16_t) (filter[CF_OFF_VERSION] | filter[CF_OFF_VERSION + 1] << 8);
	return view;
}

static inline uint32_t
cf_fingerprint(uint64_t hash, int fp_bits)
{
	uint64_t	range = (UINT64_C(1) << fp_bits) - 1;

	return (uint32_t) (1 + (((hash >> 32) * range) >> 32));
}

/* The first bucket of hash in a filter of nbuckets written in format version. */
static inline uint64_t
cf_bucket(uint64_t hash, uint64_t nbuckets, uint16_t version)
{
	if (version == CF_FORMAT_VERSION_POW2)
		return hash & (nbuckets - 1);
	/* (h mod 2^32) N < 2^64 as N <= 2^32 */
	return ((hash & UINT32_MAX) * nbuckets) >> 32;
}

/* The other bucket of fp, in bucket: an involution with no fixed point. */
static inline uint64_t
cf_alt_bucket(uint64_t bucket, uint32_t fp, uint64_t nbuckets, uint16_t version)
{
	uint64_t	mix = ((uint64_t) fp * UINT64_C(0x9e3779b97f4a7c15)) >> 32;
	uint64_t	center;

	if (version == CF_FORMAT_VERSION_POW2)
		return bucket ^ ((mix & (nbuckets - 1)) | 1);
	/* odd and < nbuckets, which is even; (c - bucket) mod nbuckets, with no branch to mispredict */
	center = ((mix * nbuckets) >> 32) | 1;
	return center - bucket + (nbuckets & (UINT64_C(0) - (uint64_t) (center < bucket)));
}

static inline uint64_t
cf_first_bucket(cf_view view, uint64_t hash)
{
	return cf_bucket(hash, view.nbuckets, view.version);
}

static inline uint64_t
cf_other_bucket(cf_view view, uint64_t bucket, uint32_t fp)
{
	return cf_alt_bucket(bucket, fp, view.nbuckets, view.version);
}

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
	return victim_bucket == bucket || victim_bucket == cf_other_bucket(view, bucket, fp);
}

/*
 * The 4 fingerprints of bucket, ascending (empty slots, 0, first).
 * cf_write_bucket stores any 4 fingerprints (< 2^f) in any order: it sorts
 * a copy and encodes that.
 */
extern void cf_read_bucket(cf_view view, uint64_t bucket, uint32_t fps[CF_SLOTS_PER_BUCKET]);
extern void cf_write_bucket(cf_view view, uint64_t bucket, const uint32_t fps[CF_SLOTS_PER_BUCKET]);

/*
 * Where bucket's bits are in the table: bytes [*first_byte, *first_byte +
 * *byte_count), beginning at bit *first_bit (0 or 4, as B is a multiple of
 * 4) of the first.  A probe of a stored filter reads just these bytes
 * through a TOAST slice and asks cf_bucket_count_in for the copies of fp
 * among them (any bytes are safe to ask about: an index past 3875 reads as
 * nibbles 0).
 */
extern void cf_bucket_bytes(uint64_t bucket, int fp_bits, uint64_t *first_byte, uint64_t *byte_count,
							unsigned *first_bit);
extern int	cf_bucket_count_in(const uint8_t *bytes, uint64_t byte_count, unsigned first_bit, int fp_bits,
							   uint32_t fp);

/* Copies of hash's fingerprint in its two buckets and the stash (0 .. 9). */
extern int	cf_count_hash(cf_view view, uint64_t hash);

/* Is hash's fingerprint in one of its buckets or the stash? */
extern bool cf_contains_hash(cf_view view, uint64_t hash);

/*
 * cf_contains_hash of the filter at filter (checked), for a caller that
 * would build its view only to pass it: a view passed by value is copied
 * through the stack on every call, and its reload waits on the stores.
 */
extern bool cf_filter_contains_hash(const uint8_t *filter, uint64_t hash);

/*
 * An unpacked table for repeated probes of one filter of f <= 16: bucket i
 * is the 4f bits at bit 4f i, its 4 fingerprints in f-bit lanes, unsorted
 * and without the nibble index (4 bits a bucket more than the table).  One
 * unaligned 64-bit load holds a bucket (4f + 4 <= 64 when f is odd, and the
 * offset is 0 when f is even), and a probe compares it with no decoding, by
 * the zero-lane test of x = bucket ^ (fp in every lane):
 * (x - ones) & ~x & highs is nonzero exactly when some lane of x is 0 (a
 * borrow crosses into a lane only from a lane that is 0).  The stash stays
 * in the filter's header.
 */
#define CF_UNPACKED_MAX_FP_BITS	16

/* Bytes of the unpacked table of nbuckets: the lanes, and 8 more so the last load stays inside. */
static inline uint64_t
cf_unpacked_bytes(uint64_t nbuckets, int fp_bits)
{
	return nbuckets * (uint64_t) fp_bits / 2 + 8;
}

/* Fills buckets [first, first+count) of the unpacked table (zeroed, cf_unpacked_bytes) of a checked filter of fp_bits <= CF_UNPACKED_MAX_FP_BITS. */
extern void cf_unpack_buckets(cf_view view, uint8_t *unpacked, uint64_t first, uint64_t count);

/* The low width bits set, 1 <= width <= 64. */
static inline uint64_t
cf_low_mask(int width)
{
	return width >= 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1;
}

/* Does the unpacked bucket at bit hold fp?  lane_ones: bit 0 of each of the 4 lanes. */
static inline bool
cf_unpacked_holds(const uint8_t *unpacked, uint64_t bit, int f, uint64_t lane_ones, uint32_t fp)
{
	uint64_t	x = (bf_load_u64(unpacked + (bit >> 3)) >> (bit & 7) ^ fp * lane_ones) & cf_low_mask(4 * f);

	return ((x - lane_ones) & ~x & lane_ones << (f - 1)) != 0;
}

/* cf_contains_hash of the filter of view, reading the buckets from its unpacked table. */
static inline bool
cf_unpacked_contains_hash(cf_view view, const uint8_t *unpacked, uint64_t hash)
{
	int			f = view.fp_bits;
	uint64_t	lane_ones = 1 | UINT64_C(1) << f | UINT64_C(1) << 2 * f | UINT64_C(1) << 3 * f;
	uint32_t	fp = cf_fingerprint(hash, f);
	uint64_t	bucket = cf_first_bucket(view, hash);
	uint64_t	alternate = cf_other_bucket(view, bucket, fp);

	/* both loads issued before either is tested, with no branch between them */
	return ((int) cf_unpacked_holds(unpacked, bucket * 4 * (uint64_t) f, f, lane_ones, fp) |
			(int) cf_unpacked_holds(unpacked, alternate * 4 * (uint64_t) f, f, lane_ones, fp)) != 0 ||
		cf_stash_holds(view, bucket, fp);
}

/* Does a run of more than CF_MAX_COPIES equal hashes (one value's rows) occur in ascending hashes? */
static inline bool
cf_sorted_hashes_over_copies(const uint64_t *sorted, uint64_t count)
{
	for (uint64_t i = CF_MAX_COPIES; i < count; i++)
		if (sorted[i] == sorted[i - CF_MAX_COPIES])
			return true;
	return false;
}

/*
 * Inserts hash (header n_items updated).  BF_ERR_TOO_MANY_COPIES or
 * BF_ERR_FILTER_FULL leave the filter unchanged.
 */
extern bf_status cf_insert_hash(cf_view view, uint64_t hash);

/*
 * cf_insert_hash of each of count hashes in turn, their buckets prefetched
 * BF_PREFETCH_DISTANCE hashes ahead; stops at the first refusal and
 * returns it, the hashes before it inserted.
 */
extern bf_status cf_insert_hashes(cf_view view, const uint64_t *hashes, uint64_t count);

/*
 * Inserts a fingerprint known to belong in bucket (one of its two): what a
 * union does with another filter's slots, which have no hash left.  The
 * eviction generator is seeded from bucket and fp.
 */
extern bf_status cf_insert_fingerprint(cf_view view, uint64_t bucket, uint32_t fp);

/* Removes one copy of hash's fingerprint: false (nothing changed) if none. */
extern bool cf_remove_hash(cf_view view, uint64_t hash);

/*
 * Non-empty slots among buckets [first, first+count) (validation counts
 * them, and checks each bucket's encoding, through its own scan).
 */
extern uint64_t cf_count_slots(cf_view view, uint64_t first, uint64_t count);

/*
 * dst gets every fingerprint of src, src's stash included; of another
 * nbuckets, fp_bits or version, BF_ERR_INCOMPATIBLE and nothing changed (the
 * glue checks first, to say which).  Stops at the first refusal and
 * returns it: dst is then partly updated, so the caller works on a copy.
 * Calls between() before each chunk_buckets buckets of src (0: all at once).
 */
extern bf_status cf_insert_all(cf_view dst, const uint8_t *src_filter, uint64_t chunk_buckets,
							   bf_between_chunks_fn between);

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

#endif							/* BF_CUCKOO_H */

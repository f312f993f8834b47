/*
 * bloomfilter_probe.c - the probe path: `@>`, `<@` and bloom_contains, and
 * how a call site reads the filters it probes.  A filter stored out of line
 * is read in TOAST slices (the header and one block) or kept whole, per
 * filter, by rent or buy; the fast path for repeated probes of one filter is
 * in bloomfilter.h.
 */
#include "bloomfilter.h"

#include "access/detoast.h"
#include "miscadmin.h"
#include "utils/memutils.h"

/*
 * Kept copies.
 *
 * A probe of a kept filter reads one 64-byte block (or G of them side by
 * side).  A copy placed where those blocks start on cache line boundaries
 * reads one line a block instead of two; detoast_attr's copy begins
 * wherever palloc puts it.  So a stored value to keep is fetched in slices
 * into memory placed for its format's first block, found from its first
 * bytes by first_block (an offset taken before the value is checked: a
 * wrong one only misplaces the blocks).  A value stored compressed (its
 * column's STORAGE changed) is decompressed where detoast_attr puts it, so
 * that no second copy is made.  *allocation is what to pfree.
 */
#define BLOOM_KEPT_HEAD_BYTES	4096	/* the first slice: every format's header and descriptors */
#define BLOOM_KEPT_SLICE_BYTES	(1024 * 1024)

static bytea *
bloom_fetch_kept(struct varlena *raw, MemoryContext context, bloom_first_block_fn first_block,
				 void **allocation)
{
	struct varatt_external pointer;
	uint64		length;
	uint64		head_length;
	uint64		block_offset;
	bytea	   *head;
	bytea	   *value;
	MemoryContext old;

	VARATT_EXTERNAL_GET_POINTER(pointer, raw);
	if (VARATT_EXTERNAL_IS_COMPRESSED(pointer))
	{
		old = MemoryContextSwitchTo(context);
		value = (bytea *) detoast_attr(raw);
		MemoryContextSwitchTo(old);
		*allocation = value;
		return value;
	}
	length = (uint64) VARATT_EXTERNAL_GET_EXTSIZE(pointer);
	head_length = Min(length, BLOOM_KEPT_HEAD_BYTES);
	head = bloom_stored_slice(raw, 0, head_length);
	block_offset = first_block(BLOOM_BYTES(head), head_length) % BF_BLOCK_BYTES;

	/* value + VARHDRSZ + block_offset on a line boundary; length is at most 1 GB, an external value's */
	value = (bytea *) bloom_place(bloom_alloc_probed(context, VARHDRSZ + length, allocation),
								  VARHDRSZ + block_offset);
	SET_VARSIZE(value, length + VARHDRSZ);
	memcpy(BLOOM_BYTES(value), BLOOM_BYTES(head), head_length);
	pfree(head);
	for (uint64 done = head_length; done < length;)
	{
		uint64		step = Min(length - done, BLOOM_KEPT_SLICE_BYTES);
		bytea	   *slice;

		bloom_check_interrupts();
		slice = bloom_stored_slice(raw, done, step);
		memcpy(BLOOM_BYTES(value) + done, BLOOM_BYTES(slice), step);
		pfree(slice);
		done += step;
	}
	return value;
}

/*
 * Kept copies are shared by the call sites of one memory context.  Each
 * `@>` of a query is a call site with a cache of its own, and the executor
 * makes their FmgrInfo in the query's context; so a query that probes one
 * stored value from several places (two columns against one blacklist)
 * would otherwise hold a copy per place.  A copy is known by its TOAST
 * pointer and its placement (first_block), counts the call sites keeping
 * it, and is freed when the last one drops it, or with its context.  Call
 * sites only read a copy, and what a type derives from it
 * (bloom_other_derive) is shared with it.
 */
typedef struct BloomKeptCopies BloomKeptCopies;

typedef struct BloomKeptCopy
{
	Oid			toastrelid;
	Oid			valueid;
	bloom_first_block_fn first_block;
	bytea	   *whole;
	void	   *allocation;		/* what holds whole, to free */
	int			keepers;		/* call sites keeping it */
	const BloomDeriver *deriver;	/* what derived was derived by, or NULL */
	const void *derived;
	void	   *derived_allocation; /* set before deriving: a derive cut short is not tried again */
	BloomKeptCopies *owner;
	struct BloomKeptCopy *next;
} BloomKeptCopy;

/* The copies of one context, which forgets them when it is reset or deleted. */
struct BloomKeptCopies
{
	MemoryContext context;
	BloomKeptCopy *copies;
	MemoryContextCallback forget;
	BloomKeptCopies *next;
};

static BloomKeptCopies *bloom_kept_contexts = NULL;

static void
bloom_kept_forget(void *arg)
{
	for (BloomKeptCopies **link = &bloom_kept_contexts; *link != NULL; link = &(*link)->next)
	{
		if (*link == arg)
		{
			*link = (*link)->next;
			return;
		}
	}
}

/* The copies of context, or NULL if it has none. */
static BloomKeptCopies *
bloom_kept_copies_of(MemoryContext context)
{
	for (BloomKeptCopies *copies = bloom_kept_contexts; copies != NULL; copies = copies->next)
	{
		if (copies->context == context)
			return copies;
	}
	return NULL;
}

/* The copy of the value at pointer placed by first_block (NULL: any) in context, or NULL. */
static BloomKeptCopy *
bloom_kept_find(MemoryContext context, const struct varatt_external *pointer, bloom_first_block_fn first_block)
{
	BloomKeptCopies *copies = bloom_kept_copies_of(context);

	for (BloomKeptCopy *copy = copies ? copies->copies : NULL; copy != NULL; copy = copy->next)
	{
		if (copy->valueid == pointer->va_valueid && copy->toastrelid == pointer->va_toastrelid &&
			(copy->first_block == first_block || first_block == NULL))
			return copy;
	}
	return NULL;
}

/* The copies of context, made (and forgotten with it) if it has none. */
static BloomKeptCopies *
bloom_kept_copies_in(MemoryContext context)
{
	BloomKeptCopies *copies = bloom_kept_copies_of(context);

	if (copies != NULL)
		return copies;
	copies = MemoryContextAllocZero(context, sizeof(BloomKeptCopies));
	copies->context = context;
	copies->forget.func = bloom_kept_forget;
	copies->forget.arg = copies;
	MemoryContextRegisterResetCallback(context, &copies->forget);
	copies->next = bloom_kept_contexts;
	bloom_kept_contexts = copies;
	return copies;
}

/* The kept copy of stored value raw in context: shared if there is one, else fetched. */
static BloomKeptCopy *
bloom_kept_acquire(struct varlena *raw, MemoryContext context, bloom_first_block_fn first_block)
{
	BloomKeptCopies *copies;
	struct varatt_external pointer;
	BloomKeptCopy *copy;
	void	   *allocation;
	bytea	   *whole;

	VARATT_EXTERNAL_GET_POINTER(pointer, raw);
	copy = bloom_kept_find(context, &pointer, first_block);
	if (copy != NULL)
	{
		copy->keepers++;
		return copy;
	}
	copies = bloom_kept_copies_in(context);
	whole = bloom_fetch_kept(raw, context, first_block, &allocation);
	copy = MemoryContextAllocZero(context, sizeof(BloomKeptCopy));
	copy->toastrelid = pointer.va_toastrelid;
	copy->valueid = pointer.va_valueid;
	copy->first_block = first_block;
	copy->whole = whole;
	copy->allocation = allocation;
	copy->keepers = 1;
	copy->owner = copies;
	copy->next = copies->copies;
	copies->copies = copy;
	return copy;
}

/* A call site drops its copy; the last one frees it. */
static void
bloom_kept_release(BloomKeptCopy *copy)
{
	if (--copy->keepers > 0)
		return;
	for (BloomKeptCopy **link = &copy->owner->copies; *link != NULL; link = &(*link)->next)
	{
		if (*link == copy)
		{
			*link = copy->next;
			break;
		}
	}
	pfree(copy->allocation);
	if (copy->derived_allocation != NULL)
		pfree(copy->derived_allocation);
	pfree(copy);
}

/*
 * Stored filters of a call site.
 *
 * A value stored out of line is identified by its TOAST pointer
 * (toast relation, value id); TOAST values are never changed in place, so
 * while the pointer is the same, so is the value, and a copy detoasted for
 * an earlier row serves.  A call site keeps account of the last
 * BLOOM_STORED_FILTERS filters it met (least recently used out), and keeps
 * up to BLOOM_KEPT_FILTERS of them whole, within work_mem beyond the first.
 */

/* The entry of a stored filter, marked used; NULL if the call site has none. */
static BloomStoredFilter *
bloom_stored_lookup(BloomCallCache *cache, const struct varatt_external *pointer)
{
	cache->stored.tick++;
	for (int i = 0; i < BLOOM_STORED_FILTERS; i++)
	{
		BloomStoredFilter *entry = &cache->stored.entries[i];

		if (entry->valueid == pointer->va_valueid && entry->toastrelid == pointer->va_toastrelid &&
			OidIsValid(entry->valueid))
		{
			entry->last_used = cache->stored.tick;
			return entry;
		}
	}
	return NULL;
}

/*
 * A new entry: a free one, else the least recently used of those not kept
 * whole (there are always BLOOM_STORED_FILTERS - BLOOM_KEPT_FILTERS of them).
 */
static BloomStoredFilter *
bloom_stored_enter(BloomCallCache *cache, const struct varatt_external *pointer, const bf_header *header)
{
	BloomStoredFilter *chosen = NULL;

	for (int i = 0; i < BLOOM_STORED_FILTERS; i++)
	{
		BloomStoredFilter *entry = &cache->stored.entries[i];

		if (!OidIsValid(entry->valueid))
		{
			chosen = entry;
			break;
		}
		if (entry->whole == NULL && (chosen == NULL || entry->last_used < chosen->last_used))
			chosen = entry;
	}
	if (chosen == NULL)
		elog(ERROR, "every stored filter entry of the call site is kept whole");
	chosen->toastrelid = pointer->va_toastrelid;
	chosen->valueid = pointer->va_valueid;
	chosen->header = *header;
	chosen->compressed = VARATT_EXTERNAL_IS_COMPRESSED(*pointer);
	chosen->slice_probes = 0;
	chosen->rent_began = cache->stored.tick;
	chosen->last_used = cache->stored.tick;
	return chosen;
}

/* Bytes the kept filters may take beyond the first: work_mem. */
static uint64
bloom_kept_budget(void)
{
	return (uint64) work_mem * 1024;
}

/*
 * Should victim be dropped before other to make room for entry?  For a
 * value stored compressed, copies of uncompressed values go first, least
 * recently used first: they go on in slices at their usual cost, and
 * bloom_stored_may_keep let it in counting only compressed copies, so
 * dropping a compressed copy still in use instead would have the two
 * compressed filters read whole in turn.  Otherwise the least recently used.
 */
static bool
bloom_stored_drops_before(const BloomStoredFilter *entry, const BloomStoredFilter *victim,
						  const BloomStoredFilter *other)
{
	if (entry->compressed && victim->compressed != other->compressed)
		return !victim->compressed;
	return victim->last_used < other->last_used;
}

/* Can the call site keep a filter of bytes more without dropping any it keeps? */
static bool
bloom_stored_has_room(const BloomCallCache *cache, uint64 bytes)
{
	uint64		kept_bytes = 0;
	int			kept = 0;

	for (int i = 0; i < BLOOM_STORED_FILTERS; i++)
	{
		const BloomStoredFilter *other = &cache->stored.entries[i];

		if (other->whole != NULL)
		{
			kept++;
			kept_bytes += BLOOM_LENGTH(other->whole);
		}
	}
	return kept == 0 || (kept < BLOOM_KEPT_FILTERS && kept_bytes + bytes <= bloom_kept_budget());
}

/*
 * Keeps a detoasted filter whole, making room first: copies go in the order
 * of bloom_stored_drops_before (their entries start again in slices) until
 * the filters kept number fewer than BLOOM_KEPT_FILTERS and, with this one,
 * fit the budget.
 */
static void
bloom_stored_keep(BloomCallCache *cache, BloomStoredFilter *entry, BloomKeptCopy *copy)
{
	while (!bloom_stored_has_room(cache, BLOOM_LENGTH(copy->whole)))
	{
		BloomStoredFilter *victim = NULL;

		for (int i = 0; i < BLOOM_STORED_FILTERS; i++)
		{
			BloomStoredFilter *other = &cache->stored.entries[i];

			if (other->whole != NULL && (victim == NULL || bloom_stored_drops_before(entry, other, victim)))
				victim = other;
		}
		bloom_kept_release(victim->copy);
		victim->whole = NULL;
		victim->copy = NULL;
		victim->slice_probes = 0;
		victim->rent_began = cache->stored.tick;
	}
	entry->whole = copy->whole;
	entry->copy = copy;
}

/* bloomfilter's blocks follow its header (bloom_fetch_kept) */
static uint64
bloom_first_block(const uint8_t *bytes, uint64 available)
{
	return BF_HEADER_BYTES;
}

/*
 * A value in memory is read where it is, short header or not: the core reads
 * through unaligned loads, so no copy is made.
 */
const uint8_t *
bloom_filter_bytes_arg(FunctionCallInfo fcinfo, int argno, bf_header *header)
{
	struct varlena *raw = (struct varlena *) PG_GETARG_POINTER(argno);
	BloomCallCache *cache;
	struct varatt_external pointer;
	BloomStoredFilter *entry;
	BloomKeptCopy *copy;
	bf_header	fetched_header;
	bf_status	status;

	if (bloom_varlena_in_place(raw))
	{
		const uint8_t *bytes = (const uint8_t *) VARDATA_ANY(raw);

		cache = bloom_call_cache(fcinfo);
		/* the length and header of the filter checked last: checked then (bloomfilter.h) */
		if (bloom_header_checked(cache, raw))
		{
			*header = cache->checked.header;
			return bytes;
		}
		cache->checked.valid = false;
		bloom_check_status(bf_check_header(bytes, VARSIZE_ANY_EXHDR(raw), header), BLOOM_FROM_STORAGE);
		cache->checked.length = VARSIZE_ANY_EXHDR(raw);
		memcpy(cache->checked.header_bytes, bytes, BF_HEADER_BYTES);
		cache->checked.header = *header;
		cache->checked.valid = true;
		return bytes;
	}
	if (!VARATT_IS_EXTERNAL_ONDISK(raw))
		return BLOOM_BYTES(bloom_filter_arg(fcinfo, argno, header));

	cache = bloom_call_cache(fcinfo);
	VARATT_EXTERNAL_GET_POINTER(pointer, raw);
	entry = bloom_stored_lookup(cache, &pointer);
	if (entry != NULL && entry->whole != NULL)
	{
		*header = entry->header;
		return BLOOM_BYTES(entry->whole);
	}

	/* fetched (and decompressed, if a value was stored compressed) or shared, then checked */
	copy = bloom_kept_acquire(raw, fcinfo->flinfo->fn_mcxt, bloom_first_block);
	status = bf_check_header(BLOOM_BYTES(copy->whole), BLOOM_LENGTH(copy->whole), &fetched_header);
	if (status != BF_OK)
	{
		bloom_kept_release(copy);
		bloom_check_status(status, BLOOM_FROM_STORAGE);
	}
	/* only a value that passed enters the cache */
	if (entry == NULL)
		entry = bloom_stored_enter(cache, &pointer, &fetched_header);
	bloom_stored_keep(cache, entry, copy);
	*header = fetched_header;
	return BLOOM_BYTES(copy->whole);
}

/*
 * Slices of a stored filter.
 *
 * A filter stored out of line is cut into TOAST chunks of about 2 kB, and
 * detoast_attr_slice fetches only the chunks that hold a byte range, through
 * the TOAST index.  The type's STORAGE is external (uncompressed), so a byte
 * range of the value is a byte range of the chunks.  A point probe needs the
 * header (52 bytes, in chunk 0) and the one 64-byte block of its hash: two
 * index lookups instead of reading a value of up to 768 MB.  A value that
 * was compressed after all (the column's STORAGE changed) is read whole.
 */
bool
bloom_stored_header(FunctionCallInfo fcinfo, int argno, bf_header *header, struct varlena **stored)
{
	struct varlena *raw = (struct varlena *) PG_GETARG_POINTER(argno);
	struct varatt_external pointer;
	bytea	   *slice;

	if (!VARATT_IS_EXTERNAL_ONDISK(raw))
		return false;
	VARATT_EXTERNAL_GET_POINTER(pointer, raw);
	if (VARATT_EXTERNAL_IS_COMPRESSED(pointer))
		return false;
	slice = (bytea *) detoast_attr_slice(raw, 0, BF_HEADER_BYTES);
	/* the length the header must agree with is the stored value's */
	bloom_check_status(bf_check_header(BLOOM_BYTES(slice), VARATT_EXTERNAL_GET_EXTSIZE(pointer), header),
					   BLOOM_FROM_STORAGE);
	pfree(slice);
	*stored = raw;
	return true;
}

/*
 * The checked header of stored filter argument argno, read through a slice
 * once per TOAST value at this call site (kept in its table of stored
 * filters); false if the argument is not stored out of line uncompressed.
 */
bool
bloom_stored_header_cached(FunctionCallInfo fcinfo, int argno, bf_header *header)
{
	struct varlena *raw = (struct varlena *) PG_GETARG_POINTER(argno);
	BloomCallCache *cache;
	BloomStoredFilter *entry;
	struct varatt_external pointer;
	struct varlena *stored;

	if (!VARATT_IS_EXTERNAL_ONDISK(raw))
		return false;
	cache = bloom_call_cache(fcinfo);
	VARATT_EXTERNAL_GET_POINTER(pointer, raw);
	entry = bloom_stored_lookup(cache, &pointer);
	if (entry == NULL)
	{
		if (!bloom_stored_header(fcinfo, argno, header, &stored))
			return false;
		entry = bloom_stored_enter(cache, &pointer, header);
	}
	*header = entry->header;
	return true;
}

bytea *
bloom_stored_slice(struct varlena *stored, uint64 offset, uint64 length)
{
	bytea	   *slice = (bytea *) detoast_attr_slice(stored, (int32) offset, (int32) length);

	if (BLOOM_LENGTH(slice) != length)
		bloom_check_status(BF_ERR_FORMAT_LENGTH, BLOOM_FROM_STORAGE);
	return slice;
}

/*
 * Slices or the whole value?  A slice probe (two TOAST index lookups) costs
 * about as much as reading 4 kB of a stored filter whole (test/bench/run
 * measures both, per point probe and per whole read).  So a call
 * site probes a value through slices until its probes have cost as much as
 * one whole read, then reads it whole once and keeps it (the cached path of
 * bloom_filter_bytes_arg): a point probe of a 124 MB filter reads 116 bytes,
 * and a scan that probes it on every row pays at most twice the whole read
 * (the rent-or-buy bound).  The account is kept per filter, so filters that
 * take turns (a join probing one per group) each switch in their own time.
 *
 * A filter is read whole only if it can be kept without dropping a kept
 * filter probed since its own slices began: two large filters in turn beyond
 * work_mem leave one kept and the other in slices, rather than reading one of
 * them whole on every row.  Its account then starts again, so a kept filter
 * no longer probed gives way at the next break-even.
 */
#define BLOOM_SLICE_PROBE_BYTES	UINT64_C(4096)

/*
 * May the entry be kept whole without dropping a filter probed since its
 * slices began?  For a value stored compressed, only the kept copies of
 * other compressed values count: an uncompressed filter dropped for it
 * goes on in slices at their usual cost, while a compressed one in slices
 * decompresses up to each block.
 */
static bool
bloom_stored_may_keep(const BloomCallCache *cache, const BloomStoredFilter *entry)
{
	uint64		active_bytes = 0;
	int			active = 0;

	for (int i = 0; i < BLOOM_STORED_FILTERS; i++)
	{
		const BloomStoredFilter *other = &cache->stored.entries[i];

		if (entry->compressed && !other->compressed)
			continue;
		if (other->whole != NULL && other->last_used >= entry->rent_began)
		{
			active++;
			active_bytes += BLOOM_LENGTH(other->whole);
		}
	}
	return active < BLOOM_KEPT_FILTERS &&
		(active == 0 || active_bytes + bf_filter_bytes(entry->header.nblocks) <= bloom_kept_budget());
}

bool
bloom_stored_probe(FunctionCallInfo fcinfo, int argno, const uint64 *hashes, int hash_count,
				   uint32 value_kind, bool *member)
{
	BloomCallCache *cache = bloom_call_cache(fcinfo);
	struct varlena *raw = (struct varlena *) PG_GETARG_POINTER(argno);
	struct varatt_external pointer;
	struct varlena *stored;
	BloomStoredFilter *entry;
	bf_header	header;
	bytea	   *block;
	uint64		block_index;

	if (!VARATT_IS_EXTERNAL_ONDISK(raw))
		return false;
	VARATT_EXTERNAL_GET_POINTER(pointer, raw);
	entry = bloom_stored_lookup(cache, &pointer);
	/* already read whole for this call site */
	if (entry != NULL && entry->whole != NULL)
		return false;
	/* met first: stored compressed, it is read whole (bloom_stored_header) */
	if (entry == NULL)
	{
		if (!bloom_stored_header(fcinfo, argno, &header, &stored))
			return false;
		entry = bloom_stored_enter(cache, &pointer, &header);
	}
	/*
	 * Stored compressed, its kept copy dropped for another: a slice
	 * decompresses the value up to the slice, half of it on average, so it
	 * is read whole again at once, unless that would drop another compressed
	 * filter still in use (then both would be decompressed whole in turn).
	 */
	if (entry->compressed)
	{
		if (bloom_stored_may_keep(cache, entry))
			return false;
		entry->rent_began = cache->stored.tick;
	}
	else if (entry->slice_probes * BLOOM_SLICE_PROBE_BYTES >= bf_filter_bytes(entry->header.nblocks))
	{
		if (bloom_stored_may_keep(cache, entry))
			return false;
		entry->slice_probes = 0;
		entry->rent_began = cache->stored.tick;
	}
	/* kept by another call site: taken for nothing, if that drops no copy of this one */
	else if (bloom_kept_find(fcinfo->flinfo->fn_mcxt, &pointer, bloom_first_block) != NULL &&
			 bloom_stored_has_room(cache, bf_filter_bytes(entry->header.nblocks)))
		return false;
	entry->slice_probes++;

	if (entry->header.n_added == 0)
	{
		*member = false;
		return true;
	}
	bloom_check_value_kind(&entry->header, value_kind);
	*member = false;
	for (int i = 0; i < hash_count && !*member; i++)
	{
		block_index = bf_block_of(hashes[i], entry->header.nblocks);
		block = bloom_stored_slice(raw, BF_HEADER_BYTES + block_index * BF_BLOCK_BYTES, BF_BLOCK_BYTES);
		*member = bf_block_contains_hash(BLOOM_BYTES(block), entry->header.k, hashes[i]);
		pfree(block);
	}
	return true;
}

/* ---- values of the other types ---- */

/*
 * One stored value per call site, by the same rent-or-buy rule as above:
 * slices (a header and a block or two, about BLOOM_SLICE_PROBE_BYTES of
 * TOAST work each) until they have cost as much as the whole value, which
 * is then read once and kept.
 */
static BloomOtherStored *
bloom_other_stored(FunctionCallInfo fcinfo, const struct varatt_external *pointer)
{
	BloomOtherStored *entry = &bloom_call_cache(fcinfo)->other;

	if (entry->valueid != pointer->va_valueid || entry->toastrelid != pointer->va_toastrelid)
	{
		if (entry->copy != NULL)
			bloom_kept_release(entry->copy);
		entry->whole = NULL;
		entry->copy = NULL;
		entry->derived = NULL;
		entry->derive_pending = false;
		entry->toastrelid = pointer->va_toastrelid;
		entry->valueid = pointer->va_valueid;
		entry->slice_probes = 0;
		entry->known = false;
	}
	return entry;
}

bool
bloom_probe_in_slices(FunctionCallInfo fcinfo, int argno, struct varlena **stored, uint64 *stored_bytes)
{
	struct varlena *raw = (struct varlena *) PG_GETARG_POINTER(argno);
	struct varatt_external pointer;
	BloomOtherStored *entry;

	if (!VARATT_IS_EXTERNAL_ONDISK(raw))
		return false;
	VARATT_EXTERNAL_GET_POINTER(pointer, raw);
	if (VARATT_EXTERNAL_IS_COMPRESSED(pointer))
		return false;
	entry = bloom_other_stored(fcinfo, &pointer);
	/* kept, bought, or kept by another call site (taken for nothing) */
	if (entry->whole != NULL ||
		entry->slice_probes * BLOOM_SLICE_PROBE_BYTES >= (uint64) VARATT_EXTERNAL_GET_EXTSIZE(pointer) ||
		bloom_kept_find(fcinfo->flinfo->fn_mcxt, &pointer, NULL) != NULL)
		return false;
	entry->slice_probes++;
	*stored = raw;
	*stored_bytes = (uint64) VARATT_EXTERNAL_GET_EXTSIZE(pointer);
	return true;
}

const uint8_t *
bloom_value_bytes_arg(FunctionCallInfo fcinfo, int argno, bloom_first_block_fn first_block, uint64 *length)
{
	struct varlena *raw = (struct varlena *) PG_GETARG_POINTER(argno);
	struct varatt_external pointer;
	BloomOtherStored *entry;
	bytea	   *value;

	if (bloom_varlena_in_place(raw))
	{
		*length = VARSIZE_ANY_EXHDR(raw);
		return (const uint8_t *) VARDATA_ANY(raw);
	}
	if (!VARATT_IS_EXTERNAL_ONDISK(raw))
	{
		value = (bytea *) PG_DETOAST_DATUM(PG_GETARG_DATUM(argno));
		*length = BLOOM_LENGTH(value);
		return BLOOM_BYTES(value);
	}
	VARATT_EXTERNAL_GET_POINTER(pointer, raw);
	entry = bloom_other_stored(fcinfo, &pointer);
	if (entry->whole == NULL)
	{
		entry->copy = bloom_kept_acquire(raw, fcinfo->flinfo->fn_mcxt, first_block);
		entry->whole = entry->copy->whole;
		entry->derive_pending = true;
		entry->whole_probes = 0;
	}
	*length = BLOOM_LENGTH(entry->whole);
	return BLOOM_BYTES(entry->whole);
}

void
bloom_other_remember(FunctionCallInfo fcinfo, int argno, const uint8_t *bytes, uint64 length)
{
	BloomCallCache *cache = bloom_call_cache(fcinfo);
	BloomOtherStored *entry = &cache->other;
	struct varlena *raw = (struct varlena *) PG_GETARG_POINTER(argno);

	entry->known = false;
	entry->in_place_checked = false;
	if (VARATT_IS_EXTERNAL_ONDISK(raw))
		entry->known = entry->whole != NULL && bytes == BLOOM_BYTES(entry->whole);
	else if (bloom_varlena_in_place(raw) && bytes == (const uint8_t *) VARDATA_ANY(raw))
	{
		entry->in_place_length = length;
		memset(entry->in_place_header, 0, BLOOM_OTHER_HEADER_BYTES);
		memcpy(entry->in_place_header, bytes, Min(length, BLOOM_OTHER_HEADER_BYTES));
		entry->in_place_checked = true;
		if (!cache->stable.checked)
		{
			cache->stable.is_stable = get_fn_expr_arg_stable(fcinfo->flinfo, argno);
			cache->stable.checked = true;
		}
		entry->known = cache->stable.is_stable;
	}
	if (entry->known)
		entry->known_bytes = bytes;
}

const uint8_t *
bloom_other_checked_in_place(FunctionCallInfo fcinfo, int argno)
{
	BloomOtherStored *entry = &bloom_call_cache(fcinfo)->other;
	struct varlena *raw = (struct varlena *) PG_GETARG_POINTER(argno);

	if (entry->in_place_checked && bloom_varlena_in_place(raw) && VARSIZE_ANY_EXHDR(raw) == entry->in_place_length &&
		memcmp(VARDATA_ANY(raw), entry->in_place_header, Min(entry->in_place_length, BLOOM_OTHER_HEADER_BYTES)) == 0)
		return (const uint8_t *) VARDATA_ANY(raw);
	return NULL;
}

/*
 * Deriving reads the whole value and writes size bytes, so it waits, as
 * keeping does, until the probes of the kept value have cost as much: a
 * line of BLOOM_DERIVE_PROBE_BYTES each.  A call site that meets another
 * value on every row (a join over a few compressed filters, each fetched
 * again) never derives.  Derived bytes are held within work_mem, or within
 * a quarter of the kept value (countingbloom's cast), so a call site holds
 * at most 1.25 times the value it keeps beyond work_mem.
 */
#define BLOOM_DERIVE_PROBE_BYTES	UINT64_C(64)

const void *
bloom_other_derive(FunctionCallInfo fcinfo, const BloomDeriver *deriver)
{
	BloomOtherStored *entry = &bloom_call_cache(fcinfo)->other;
	BloomKeptCopy *copy = entry->copy;
	const uint8_t *bytes = BLOOM_BYTES(entry->whole);
	uint64		size;
	void	   *derived;

	/* derived already, for another call site */
	if (copy->deriver == deriver)
	{
		entry->derive_pending = false;
		entry->derived = copy->derived;
		return copy->derived;
	}
	size = deriver->size(bytes);
	if (size == 0 || size > Max(bloom_kept_budget(), BLOOM_LENGTH(entry->whole) / 4) ||
		copy->derived_allocation != NULL)
	{
		entry->derive_pending = false;
		return NULL;
	}
	if (++entry->whole_probes * BLOOM_DERIVE_PROBE_BYTES < size)
		return NULL;
	/* a derive cut short (a cancel) is never retried, and never published */
	entry->derive_pending = false;
	derived = bloom_place(bloom_alloc_probed(copy->owner->context, size, &copy->derived_allocation), 0);
	deriver->derive(bytes, derived);
	copy->derived = derived;
	copy->deriver = deriver;
	entry->derived = derived;
	return derived;
}

/* ---- membership ---- */

static pg_noinline bool
bloom_probe_slow(FunctionCallInfo fcinfo, BloomCallCache *cache, int filter_argno, int value_argno)
{
	bf_header	header;
	const uint8_t *filter;
	uint32		value_kind;
	uint64		hashes[BLOOM_PROBE_MAX_HASHES];
	int			hash_count;
	bool		member;

	/* the usual path may replace the cached filter the fast path reads */
	cache->fast.ready = false;

	hash_count = bloom_probe_hashes_arg(fcinfo, value_argno, hashes, &value_kind);
	/* a stored filter: the first probes read only the block they need */
	if (bloom_stored_probe(fcinfo, filter_argno, hashes, hash_count, value_kind, &member))
		return member;
	filter = bloom_filter_bytes_arg(fcinfo, filter_argno, &header);

	if (header.n_added == 0)
		return false;
	bloom_check_value_kind(&header, value_kind);
	if (cache->hashing.fast_encoding != BLOOM_FAST_NONE &&
		bloom_filter_identity(PG_GETARG_DATUM(filter_argno), cache->fast.key))
	{
		cache->fast.view = bf_view_of((uint8_t *) filter);
		cache->fast.ready = true;
	}
	member = false;
	for (int i = 0; i < hash_count && !member; i++)
		member = bf_contains_hash(bf_view_of((uint8_t *) filter), hashes[i]);
	return member;
}

/*
 * The fast paths (the stored filter of an earlier row, or a filter in memory
 * with the header checked last, and a value of a fixed kind: bloomfilter.h)
 * are kept apart
 * from the usual one, which has locals in memory: without them this runs
 * with no stack frame to set up or guard.
 */
static pg_attribute_always_inline bool
bloom_probe(FunctionCallInfo fcinfo, int filter_argno, int value_argno)
{
	BloomCallCache *cache = bloom_call_cache(fcinfo);
	struct varlena *raw = (struct varlena *) PG_GETARG_POINTER(filter_argno);
	bf_view		view;
	uint64		hash;

	if (cache->fast.ready && bloom_filter_is_cached(cache, PointerGetDatum(raw)) &&
		bloom_fast_hash(cache->hashing.fast_encoding, PG_GETARG_DATUM(value_argno), &hash))
		return bf_contains_hash(cache->fast.view, hash) ||
			bloom_fast_padded_contains(cache, cache->fast.view, PG_GETARG_DATUM(value_argno));
	if (bloom_in_place_fast(cache, raw) &&
		bloom_fast_hash(cache->hashing.fast_encoding, PG_GETARG_DATUM(value_argno), &hash))
	{
		view = bf_view_of((uint8_t *) VARDATA_ANY(raw));
		return bf_contains_hash(view, hash) ||
			bloom_fast_padded_contains(cache, view, PG_GETARG_DATUM(value_argno));
	}
	return bloom_probe_slow(fcinfo, cache, filter_argno, value_argno);
}

/* bloom_contains(filter, value) and filter @> value */
PG_FUNCTION_INFO_V1(bloom_contains);
Datum
bloom_contains(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bloom_probe(fcinfo, 0, 1));
}

/* value <@ filter */
PG_FUNCTION_INFO_V1(bloom_contained);
Datum
bloom_contained(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bloom_probe(fcinfo, 1, 0));
}


/*
 * bf_format.c - the stored byte format: header, validation, base64 text.
 *
 * The format is documented byte for byte in FORMAT.md.  Everything a
 * function reads from a stored value is checked here first, so a damaged
 * or hand-made value is an error and never an out-of-bounds access.
 * Canonical form: reserved fields and flags are zero, and the text form is
 * canonical base64, so text and binary round trips are byte-identical.
 */
#include "bf_core.h"

#include <math.h>
#include <string.h>

static inline uint64_t
bf_min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

const char *
bf_status_message(bf_status status)
{
	switch (status)
	{
		case BF_OK:
			return "no error";
		case BF_ERR_N:
			return "number of elements must be between 0 and 1e18";
		case BF_ERR_N_NOT_POSITIVE:
			return "number of elements must be positive";
		case BF_ERR_OUT_OF_RANGE:
			return "result is out of range for type bigint";
		case BF_ERR_P:
			return "false-positive rate must be between 0 and 1, exclusive";
		case BF_ERR_P_TOO_SMALL:
			return "false-positive rate must be at least 1e-12";
		case BF_ERR_M:
			return "number of bits must be positive";
		case BF_ERR_K:
			return "number of hash functions must be between 1 and 2147483647";
		case BF_ERR_TOO_LARGE:
			return "bloom filter would exceed the maximum size";
		case BF_ERR_FORMAT_LENGTH:
			return "length does not match the header";
		case BF_ERR_FORMAT_MAGIC:
			return "bad magic bytes";
		case BF_ERR_FORMAT_VERSION:
			return "unsupported format version";
		case BF_ERR_FORMAT_HASH_SCHEME:
			return "unsupported hash scheme";
		case BF_ERR_FORMAT_K:
			return "number of hash functions out of range";
		case BF_ERR_FORMAT_KIND:
			return "unknown value kind";
		case BF_ERR_FORMAT_FLAGS:
			return "reserved fields are not zero";
		case BF_ERR_FORMAT_NBLOCKS:
			return "number of blocks out of range";
		case BF_ERR_FORMAT_DESIGN:
			return "design false-positive rate out of range";
		case BF_ERR_FORMAT_COUNT:
			return "element count and value kind disagree";
		case BF_ERR_FORMAT_EMPTY_BITS:
			return "empty filter has bits set";
		case BF_ERR_FORMAT_STATE:
			return "malformed aggregate state";
		case BF_ERR_BASE64:
			return "invalid base64";
		case BF_ERR_INCOMPATIBLE:
			return "bloom filters are not compatible";
		case BF_ERR_UNION_SIZES:
			return "cannot unite bloom filters of different sizes";
		case BF_ERR_KIND_MISMATCH:
			return "bloom filters hold different kinds of values";
		case BF_ERR_FORMAT_COUNTERS:
			return "element count disagrees with the contents";
		case BF_ERR_FORMAT_FINGERPRINT:
			return "fingerprint size, bucket or stash out of range";
		case BF_ERR_FILTER_FULL:
			return "cuckoo filter is full";
		case BF_ERR_TOO_MANY_COPIES:
			return "value is already stored the maximum number of times";
		case BF_ERR_WINDOW:
			return "window, n or number of generations out of range";
		case BF_ERR_FORMAT_WINDOW:
			return "window parameters or generations inconsistent";
		case BF_ERR_EXPANSION:
			return "expansion must be between 2 and 16";
		case BF_ERR_TIGHTENING:
			return "tightening ratio must be between 0 and 1, exclusive";
		case BF_ERR_CHAIN_FULL:
			return "scalable bloom filter cannot grow any further";
		case BF_ERR_CHAIN_PARAMS:
			return "scalable bloom filters have different parameters";
		case BF_ERR_FORMAT_CHAIN:
			return "sub-filter table disagrees with the parameters";
		case BF_ERR_CHAIN_SHAPES:
			return "scalable bloom filters have sub-filters of different shapes";
	}
	return "unknown error";
}

double
bf_load_f64(const uint8_t *p)
{
	uint64_t	bits = bf_load_u64(p);
	double		v;

	memcpy(&v, &bits, sizeof(v));
	return v;
}

void
bf_store_f64(uint8_t *p, double v)
{
	uint64_t	bits;

	memcpy(&bits, &v, sizeof(bits));
	bf_store_u64(p, bits);
}

void
bf_read_header(const uint8_t *filter, bf_header *header)
{
	header->version = (uint16_t) (filter[BF_OFF_VERSION] | filter[BF_OFF_VERSION + 1] << 8);
	header->hash_scheme = filter[BF_OFF_HASH_SCHEME];
	header->k = filter[BF_OFF_K];
	header->value_kind = bf_load_u32(filter + BF_OFF_VALUE_KIND);
	header->flags = bf_load_u32(filter + BF_OFF_FLAGS);
	header->nblocks = bf_load_u64(filter + BF_OFF_NBLOCKS);
	header->n_added = bf_load_u64(filter + BF_OFF_N_ADDED);
	header->design_n = bf_load_u64(filter + BF_OFF_DESIGN_N);
	header->design_p = bf_load_f64(filter + BF_OFF_DESIGN_P);
}

const bf_layout bf_bloom_layout = {
	{'B', 'L', 'O', 'M'}, BF_BLOCK_BYTES, BF_MAX_BLOCKS, true
};

void
bf_write_header(uint8_t *filter, const bf_header *header)
{
	bf_write_header_as(filter, &bf_bloom_layout, header);
}

void
bf_write_header_as(uint8_t *filter, const bf_layout *layout, const bf_header *header)
{
	memcpy(filter + BF_OFF_MAGIC, layout->magic, 4);
	filter[BF_OFF_VERSION] = (uint8_t) header->version;
	filter[BF_OFF_VERSION + 1] = (uint8_t) (header->version >> 8);
	filter[BF_OFF_HASH_SCHEME] = header->hash_scheme;
	filter[BF_OFF_K] = header->k;
	bf_store_u32(filter + BF_OFF_VALUE_KIND, header->value_kind);
	bf_store_u32(filter + BF_OFF_FLAGS, header->flags);
	bf_store_u64(filter + BF_OFF_NBLOCKS, header->nblocks);
	bf_store_u64(filter + BF_OFF_N_ADDED, header->n_added);
	bf_store_u64(filter + BF_OFF_DESIGN_N, header->design_n);
	bf_store_f64(filter + BF_OFF_DESIGN_P, header->design_p);
	bf_store_u32(filter + BF_OFF_RESERVED, 0);
}

void
bf_init(uint8_t *filter, uint64_t nblocks, int k, uint32_t value_kind,
		uint64_t design_n, double design_p)
{
	bf_header	header;

	header.version = BF_FORMAT_VERSION;
	header.hash_scheme = BF_HASH_SCHEME_XXH3;
	header.k = (uint8_t) k;
	header.value_kind = value_kind;
	header.flags = 0;
	header.nblocks = nblocks;
	header.n_added = 0;
	header.design_n = design_n;
	header.design_p = design_p;
	bf_write_header(filter, &header);
	memset(filter + BF_HEADER_BYTES, 0, nblocks * BF_BLOCK_BYTES);
}

/* The plain kinds: those a family of types is encoded to, without a flag. */
static const struct
{
	uint32_t	kind;
	const char *name;
}			bf_plain_kinds[] =
{
	{BF_KIND_NONE, "none"},
	{BF_KIND_INTEGER, "integer"},
	{BF_KIND_FLOAT, "float"},
	{BF_KIND_NUMERIC, "numeric"},
	{BF_KIND_TEXT, "text"},
	{BF_KIND_INTERVAL, "interval"},
};

const char *
bf_plain_kind_name(uint32_t kind)
{
	for (size_t i = 0; i < sizeof(bf_plain_kinds) / sizeof(bf_plain_kinds[0]); i++)
		if (bf_plain_kinds[i].kind == kind)
			return bf_plain_kinds[i].name;
	return NULL;
}

bool
bf_kind_is_known(uint32_t kind)
{
	uint32_t	element = kind & ~BF_KIND_ARRAY_FLAG;
	bool		is_array = (kind & BF_KIND_ARRAY_FLAG) != 0;

	if (element & BF_KIND_BUILTIN_FLAG)
	{
		uint32_t	oid = element & ~BF_KIND_BUILTIN_FLAG;

		return oid > 0 && oid < BF_KIND_BUILTIN_OID_LIMIT;
	}
	if (element & BF_KIND_RECORD_FLAG)
		return (element & ~(BF_KIND_RECORD_FLAG | BF_KIND_FINGERPRINT_MASK)) == 0;
	if (element & BF_KIND_NAMED_FLAG)
		return (element & ~(BF_KIND_NAMED_FLAG | BF_KIND_FINGERPRINT_MASK)) == 0;
	/* an array of nothing has no kind */
	return bf_plain_kind_name(element) != NULL && (!is_array || element != BF_KIND_NONE);
}

bf_status
bf_check_header(const uint8_t *filter, uint64_t length, bf_header *header)
{
	return bf_check_header_as(filter, length, &bf_bloom_layout, header);
}

bf_status
bf_check_block_format_fields(uint16_t version, uint16_t known_version, uint8_t hash_scheme, uint8_t k,
							 uint32_t value_kind)
{
	if (version != known_version)
		return BF_ERR_FORMAT_VERSION;
	if (hash_scheme != BF_HASH_SCHEME_XXH3)
		return BF_ERR_FORMAT_HASH_SCHEME;
	if (k < 1 || k > BF_MAX_K)
		return BF_ERR_FORMAT_K;
	if (!bf_kind_is_known(value_kind))
		return BF_ERR_FORMAT_KIND;
	return BF_OK;
}

bf_status
bf_check_header_as(const uint8_t *filter, uint64_t length, const bf_layout *layout, bf_header *header)
{
	bf_status	status;

	if (length < BF_HEADER_BYTES)
		return BF_ERR_FORMAT_LENGTH;
	if (memcmp(filter + BF_OFF_MAGIC, layout->magic, 4) != 0)
		return BF_ERR_FORMAT_MAGIC;
	bf_read_header(filter, header);
	status = bf_check_block_format_fields(header->version, BF_FORMAT_VERSION, header->hash_scheme, header->k,
										  header->value_kind);
	if (status != BF_OK)
		return status;
	if (header->flags != 0 || bf_load_u32(filter + BF_OFF_RESERVED) != 0)
		return BF_ERR_FORMAT_FLAGS;
	if (header->nblocks < 1 || header->nblocks > layout->max_blocks)
		return BF_ERR_FORMAT_NBLOCKS;
	if (length != BF_HEADER_BYTES + header->nblocks * layout->block_bytes)
		return BF_ERR_FORMAT_LENGTH;
	if (!(header->design_p > 0.0 && header->design_p < 1.0))
		return BF_ERR_FORMAT_DESIGN;
	/* a filter with no elements cannot know their kind, and vice versa */
	if (header->value_kind == BF_KIND_NONE && header->n_added != 0)
		return BF_ERR_FORMAT_COUNT;
	if (layout->empty_iff_no_kind && header->n_added == 0 && header->value_kind != BF_KIND_NONE)
		return BF_ERR_FORMAT_COUNT;
	return BF_OK;
}

bf_status
bf_check_empty_bits(const uint8_t *filter, uint64_t first_block, uint64_t count)
{
	const uint8_t *blocks = filter + BF_HEADER_BYTES;
	uint8_t		any = 0;

	if (bf_load_u64(filter + BF_OFF_N_ADDED) != 0)
		return BF_OK;
	for (uint64_t i = first_block * BF_BLOCK_BYTES; i < (first_block + count) * BF_BLOCK_BYTES; i++)
		any |= blocks[i];
	return any == 0 ? BF_OK : BF_ERR_FORMAT_EMPTY_BITS;
}

bf_status
bf_validate_filter(const uint8_t *filter, uint64_t length, bf_header *header,
				   uint64_t chunk_blocks, bf_between_chunks_fn between)
{
	bf_status	status = bf_check_header(filter, length, header);

	if (status != BF_OK || header->n_added != 0)
		return status;
	if (chunk_blocks == 0)
		chunk_blocks = header->nblocks;
	for (uint64_t first = 0; first < header->nblocks && status == BF_OK; first += chunk_blocks)
	{
		if (between != NULL)
			between();
		status = bf_check_empty_bits(filter, first, bf_min_u64(chunk_blocks, header->nblocks - first));
	}
	return status;
}

/* ---- base64 (RFC 4648, standard alphabet, with padding) ---- */

static const char bf_base64_alphabet[] =
"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void
bf_base64_encode(const uint8_t *data, uint64_t length, char *out)
{
	uint64_t	i = 0;

	for (; i + 3 <= length; i += 3)
	{
		uint32_t	triple = (uint32_t) data[i] << 16 | (uint32_t) data[i + 1] << 8 | data[i + 2];

		*out++ = bf_base64_alphabet[triple >> 18];
		*out++ = bf_base64_alphabet[(triple >> 12) & 63];
		*out++ = bf_base64_alphabet[(triple >> 6) & 63];
		*out++ = bf_base64_alphabet[triple & 63];
	}
	if (length - i == 1)
	{
		uint32_t	triple = (uint32_t) data[i] << 16;

		*out++ = bf_base64_alphabet[triple >> 18];
		*out++ = bf_base64_alphabet[(triple >> 12) & 63];
		*out++ = '=';
		*out++ = '=';
	}
	else if (length - i == 2)
	{
		uint32_t	triple = (uint32_t) data[i] << 16 | (uint32_t) data[i + 1] << 8;

		*out++ = bf_base64_alphabet[triple >> 18];
		*out++ = bf_base64_alphabet[(triple >> 12) & 63];
		*out++ = bf_base64_alphabet[(triple >> 6) & 63];
		*out++ = '=';
	}
}

static int
bf_base64_value(char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

bf_status
bf_base64_decoded_length(const char *text, uint64_t length, uint64_t *decoded)
{
	uint64_t	padding = 0;

	if (length == 0 || length % 4 != 0)
		return BF_ERR_BASE64;
	if (text[length - 1] == '=')
		padding = text[length - 2] == '=' ? 2 : 1;
	*decoded = length / 4 * 3 - padding;
	return BF_OK;
}

bf_status
bf_base64_decode(const char *text, uint64_t length, uint8_t *out)
{
	uint64_t	decoded;
	uint64_t	padding;

	if (bf_base64_decoded_length(text, length, &decoded) != BF_OK)
		return BF_ERR_BASE64;
	padding = length / 4 * 3 - decoded;

	for (uint64_t i = 0; i < length; i += 4)
	{
		/* in the last group the final `padding` characters are '=' */
		int			hidden = i + 4 == length ? (int) padding : 0;
		uint32_t	triple = 0;

		for (int j = 0; j < 4; j++)
		{
			int			v = j >= 4 - hidden ? 0 : bf_base64_value(text[i + j]);

			if (v < 0)
				return BF_ERR_BASE64;	/* includes a stray '=' */
			triple = triple << 6 | (uint32_t) v;
		}
		/* canonical: the bits that padding leaves unused must be zero */
		if ((hidden == 1 && (triple & 0xff) != 0) || (hidden == 2 && (triple & 0xffff) != 0))
			return BF_ERR_BASE64;
		*out++ = (uint8_t) (triple >> 16);
		if (hidden < 2)
			*out++ = (uint8_t) (triple >> 8);
		if (hidden < 1)
			*out++ = (uint8_t) triple;
	}
	return BF_OK;
}

bf_status
bf_base64_decode_chunked(const char *text, uint64_t length, uint8_t *out,
						 uint64_t chunk_chars, bf_between_chunks_fn between)
{
	/* whole groups of 4 characters per chunk, at least one */
	chunk_chars = chunk_chars < 4 ? 4 : chunk_chars / 4 * 4;
	for (uint64_t done = 0; done < length; done += chunk_chars)
	{
		uint64_t	chunk = bf_min_u64(chunk_chars, length - done);
		bf_status	status;

		if (between != NULL)
			between();
		/* a chunk's decoder would take an '=' at its end for the final padding */
		if (done + chunk < length && text[done + chunk - 1] == '=')
			return BF_ERR_BASE64;
		status = bf_base64_decode(text + done, chunk, out + done / 4 * 3);
		if (status != BF_OK)
			return status;
	}
	return BF_OK;
}

void
bf_base64_encode_chunked(const uint8_t *data, uint64_t length, char *out,
						 uint64_t chunk_chars, bf_between_chunks_fn between)
{
	/* whole groups of 4 characters (3 bytes) per chunk, at least one */
	uint64_t	chunk_bytes = chunk_chars < 4 ? 3 : chunk_chars / 4 * 3;

	for (uint64_t done = 0; done < length; done += chunk_bytes)
	{
		if (between != NULL)
			between();
		bf_base64_encode(data + done, bf_min_u64(chunk_bytes, length - done), out + done / 3 * 4);
	}
}

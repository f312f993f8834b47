/*
 * bloomfilter_io.c - text and binary I/O of bloomfilter and bloom_agg_state.
 *
 * Text form: canonical base64 of the stored bytes (FORMAT.md), so
 * pg_dump/restore is byte-identical.  Binary form: the stored bytes.
 * Input and receive validate everything: header fields, the exact length,
 * and that an empty filter has no bits set.
 */
#include "bloomfilter.h"

#include "libpq/pqformat.h"
#include "miscadmin.h"
#include "utils/memutils.h"

#include "bf_aggstate.h"

static void
bloom_validate_filter(const uint8_t *bytes, uint64_t length, BloomValueSource source)
{
	bf_header	header;

	bloom_check_status(bf_validate_filter(bytes, length, &header, BLOOM_BLOCKS_PER_CHUNK, bloom_check_interrupts),
					   source);
}

static void
bloom_validate_state(const uint8_t *bytes, uint64_t length, BloomValueSource source)
{
	bloom_check_status(bf_validate_state(bytes, length, BLOOM_BLOCKS_PER_CHUNK, bloom_check_interrupts), source);
}

/*
 * Base64 of a value up to 1 GB takes a second or more, so it runs in chunks
 * of BLOOM_BASE64_CHUNK characters (a multiple of 4, which maps to whole
 * bytes) with an interrupt check between them.
 */
#define BLOOM_BASE64_CHUNK	((uint64_t) 4 * 1024 * 1024)

bytea *
bloom_from_base64(const char *text, BloomValidator validate, BloomValueSource source, const char *type_name)
{
	uint64_t	text_length = strlen(text);
	uint64_t	length;
	bytea	   *result;

	bloom_check_status_of(bf_base64_decoded_length(text, text_length, &length), source, type_name);
	result = bloom_alloc_varlena(length);
	bloom_check_status_of(bf_base64_decode_chunked(text, text_length, BLOOM_BYTES(result), BLOOM_BASE64_CHUNK,
												   bloom_check_interrupts), source, type_name);
	validate(BLOOM_BYTES(result), length, source);
	return result;
}

char *
bloom_to_base64(bytea *value)
{
	uint64_t	length = BLOOM_LENGTH(value);
	uint64_t	text_length = bf_base64_length(length);
	char	   *text;

	if (text_length + 1 > MaxAllocSize)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("value is too large for its text form")));
	text = palloc(text_length + 1);
	bf_base64_encode_chunked(BLOOM_BYTES(value), length, text, BLOOM_BASE64_CHUNK, bloom_check_interrupts);
	text[text_length] = '\0';
	return text;
}

bytea *
bloom_from_binary(StringInfo buffer, BloomValidator validate, BloomValueSource source)
{
	uint64_t	length = (uint64_t) (buffer->len - buffer->cursor);
	bytea	   *result = bloom_alloc_varlena(length);

	pq_copymsgbytes(buffer, (char *) BLOOM_BYTES(result), (int) length);
	validate(BLOOM_BYTES(result), length, source);
	return result;
}

bytea *
bloom_to_binary(bytea *value)
{
	StringInfoData buffer;

	pq_begintypsend(&buffer);
	pq_sendbytes(&buffer, (char *) BLOOM_BYTES(value), (int) BLOOM_LENGTH(value));
	return pq_endtypsend(&buffer);
}

PG_FUNCTION_INFO_V1(bloomfilter_in);
Datum
bloomfilter_in(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(bloom_from_base64(PG_GETARG_CSTRING(0), bloom_validate_filter, BLOOM_FROM_TEXT, "bloomfilter"));
}

PG_FUNCTION_INFO_V1(bloomfilter_out);
Datum
bloomfilter_out(PG_FUNCTION_ARGS)
{
	bf_header	header;

	PG_RETURN_CSTRING(bloom_to_base64(bloom_filter_arg(fcinfo, 0, &header)));
}

PG_FUNCTION_INFO_V1(bloomfilter_recv);
Datum
bloomfilter_recv(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(bloom_from_binary((StringInfo) PG_GETARG_POINTER(0), bloom_validate_filter, BLOOM_FROM_BINARY));
}

PG_FUNCTION_INFO_V1(bloomfilter_send);
Datum
bloomfilter_send(PG_FUNCTION_ARGS)
{
	bf_header	header;

	PG_RETURN_BYTEA_P(bloom_to_binary(bloom_filter_arg(fcinfo, 0, &header)));
}

PG_FUNCTION_INFO_V1(bloom_agg_state_in);
Datum
bloom_agg_state_in(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(bloom_from_base64(PG_GETARG_CSTRING(0), bloom_validate_state, BLOOM_STATE_FROM_TEXT, "bloom_agg_state"));
}

PG_FUNCTION_INFO_V1(bloom_agg_state_out);
Datum
bloom_agg_state_out(PG_FUNCTION_ARGS)
{
	PG_RETURN_CSTRING(bloom_to_base64(PG_GETARG_BYTEA_P(0)));
}

PG_FUNCTION_INFO_V1(bloom_agg_state_recv);
Datum
bloom_agg_state_recv(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(bloom_from_binary((StringInfo) PG_GETARG_POINTER(0), bloom_validate_state, BLOOM_STATE_FROM_BINARY));
}

PG_FUNCTION_INFO_V1(bloom_agg_state_send);
Datum
bloom_agg_state_send(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(bloom_to_binary(PG_GETARG_BYTEA_P(0)));
}

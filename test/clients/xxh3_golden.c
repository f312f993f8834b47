/*
 * xxh3_golden.c - golden XXH3-64 (seed 0) vectors from the C libxxhash the
 * extension links, for the clients' own XXH3 (test/clients/run).
 *
 * Input of length L: the first L bytes of byte[i] = (i * 167 + 13) mod 256.
 * Every length 0 to 2048, which crosses each of XXH3's code paths (0, 1-3,
 * 4-8, 9-16, 17-128, 129-240, and the long-input loop with its stripes and
 * 1024-byte blocks).  Prints "length hash-in-hex" lines.
 */
#include <stdint.h>
#include <stdio.h>
#include <xxhash.h>

#define GOLDEN_MAX_LENGTH 2048

int
main(void)
{
	static unsigned char input[GOLDEN_MAX_LENGTH];

	for (int i = 0; i < GOLDEN_MAX_LENGTH; i++)
		input[i] = (unsigned char) ((i * 167 + 13) % 256);
	for (int length = 0; length <= GOLDEN_MAX_LENGTH; length++)
		printf("%d %016llx\n", length, (unsigned long long) XXH3_64bits(input, (size_t) length));
	return 0;
}

'use strict';
// Offline checks of the client against FORMAT.md's worked examples ("For a
// third implementation"): canonical bytes, XXH3-64, block and bits of each
// value of a kind this client encodes, in a filter of 4 blocks and k = 6.
// test/clients/run checks the same rows against the server.
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const path = require('path');
const { BloomFilter, FormatError, KindMismatchError, canonicalBytes, kindName, xxh3_64, uuid, float64, SALT } = require('..');

const EXAMPLES = {
  '42': 42,
  '(-1)::int2': -1n,
  '1.5::float8': float64(1.5),
  "'-0'::float8": float64(-0),
  "'NaN'::float8": float64(NaN),
  "'héllo'::text": 'héllo',
  "'\\xdeadbeef'::bytea": Buffer.from('deadbeef', 'hex'),
  "'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid": uuid('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'),
  'true': true,
};

const formatMd = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'FORMAT.md'), 'utf8');
const rows = new Map();
for (const line of formatMd.split('\n')) {
  const cells = line.split(' | ');
  if (cells.length === 6 && cells[0].startsWith('| `')) rows.set(cells[0].slice(3, -1), cells);
}

test('FORMAT.md examples: bytes, hash, block and bits', () => {
  for (const [literal, value] of Object.entries(EXAMPLES)) {
    const cells = rows.get(literal);
    assert.ok(cells, `FORMAT.md has a row for ${literal}`);
    const { kind, bytes } = canonicalBytes(value);
    const h = xxh3_64(bytes);
    const block = Number(((h >> 32n) * 4n) >> 32n);
    const bits = SALT.slice(0, 6).map((salt) => Number(((h * salt) & ((1n << 64n) - 1n)) >> 55n));
    assert.strictEqual(cells[1], `\`${kindName(kind)}\``, literal);
    assert.strictEqual(cells[2], Buffer.from(bytes).toString('hex').replace(/(..)(?!$)/g, '$1 ') || '(none)', literal);
    assert.strictEqual(cells[3], `\`${h.toString(16).padStart(16, '0')}\``, literal);
    assert.strictEqual(cells[4], String(block), literal);
    assert.strictEqual(cells[5], `${bits.join(', ')} |`, literal);
    const f = BloomFilter.empty(4, 6, 200, 0.01).add(value);
    assert.ok(f.mightContain(value));
  }
});

test('round trips, kinds and damaged values', () => {
  const f = BloomFilter.empty(2, 3, 10, 0.1).add(1).add(2n);
  assert.ok(BloomFilter.fromText(f.toText()).toBytes().equals(f.toBytes()));
  assert.ok(BloomFilter.fromBytes(f.toBytes()).mightContain(1));
  assert.strictEqual(f.n, 2n);
  assert.throws(() => f.mightContain('1'), KindMismatchError);
  assert.throws(() => f.add(1.5), /not an integer/);
  assert.throws(() => BloomFilter.fromBytes(f.toBytes().subarray(0, 60)), FormatError);
  assert.throws(() => BloomFilter.fromText(` ${f.toText()}`), FormatError);
  const damaged = f.toBytes();
  damaged[7] = 0;
  assert.throws(() => BloomFilter.fromBytes(damaged), /number of hash functions out of range/);
});

test('values the server could not hold are refused, on every Node version', () => {
  const f = BloomFilter.empty(2, 3, 10, 0.1);
  // lone surrogates: not UTF-8 (Node 18 has no String.prototype.isWellFormed)
  for (const text of ['\ud800', 'a\udc00', '\udbff\ud800x', 'x\udfff']) {
    assert.throws(() => f.add(text), /lone surrogate/, JSON.stringify(text));
    assert.throws(() => f.mightContain(text), /lone surrogate/, JSON.stringify(text));
  }
  for (const text of ['\ud83d\ude00', 'é', '']) assert.strictEqual(BloomFilter.empty(2, 3, 10, 0.1).add(text).n, 1n);
  // numbers beyond 2^53 may be rounded already: a bigint is exact
  for (const value of [2 ** 53, -(2 ** 53), 2 ** 60, 9007199254740993]) {
    assert.throws(() => f.add(value), /MAX_SAFE_INTEGER/, String(value));
  }
  assert.ok(BloomFilter.empty(2, 3, 10, 0.1).add(2 ** 53 - 1).add(-(2 ** 53) + 1).mightContain(2n ** 53n - 1n));
  assert.throws(() => f.add(2n ** 63n), /out of range/);
});

test('uuid() reads what uuid_in reads, and nothing else', () => {
  const bytes = 'a0eebc999c0b4ef8bb6d6bb9bd380a11';
  for (const text of ['a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11',
    '{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}', 'a0eebc999c0b4ef8bb6d6bb9bd380a11',
    'a0ee-bc99-9c0b-4ef8-bb6d-6bb9-bd38-0a11', '{a0eebc999c0b4ef8bb6d6bb9bd380a11}']) {
    assert.strictEqual(uuid(text).bytes.toString('hex'), bytes, text);
  }
  for (const text of ['{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}',
    'a0eebc9-99c0b-4ef8-bb6d-6bb9bd380a11', 'a0eebc99--9c0b-4ef8-bb6d-6bb9bd380a11', '-a0eebc999c0b4ef8bb6d6bb9bd380a11',
    'a0eebc999c0b4ef8bb6d6bb9bd380a11-', 'a0eebc999c0b4ef8bb6d6bb9bd380a1', ' a0eebc999c0b4ef8bb6d6bb9bd380a11', '']) {
    assert.throws(() => uuid(text), /invalid input syntax for type uuid/, text);
  }
});

test('empty() checks its size before allocating', () => {
  for (const nblocks of [0, -1, 12000001, 1e12, 2.5, '2']) {
    assert.throws(() => BloomFilter.empty(nblocks, 6), (error) => error.sqlstate === '22023' && /number of blocks must be/.test(error.message), String(nblocks));
  }
  assert.strictEqual(BloomFilter.empty(1, 6).nblocks, 1);
});

test('info() shows n and design_n as bloom_info does: at most 2^63 - 1', () => {
  const bytes = BloomFilter.empty(1, 3, 10, 0.1).add(1).toBytes();
  bytes.writeBigUInt64LE(2n ** 64n - 1n, 24);
  bytes.writeBigUInt64LE(2n ** 64n - 2n, 32);
  const info = BloomFilter.fromBytes(bytes).info(false);
  assert.strictEqual(info.n, 2n ** 63n - 1n);
  assert.strictEqual(info.design_n, 2n ** 63n - 1n);
  assert.strictEqual(BloomFilter.fromBytes(bytes).n, 2n ** 64n - 1n);
});

test('float64() takes numbers only: a NULL read by pg is not 0', () => {
  for (const value of [null, undefined, '', '1.5', 1n, [0]]) {
    assert.throws(() => float64(value), /float64\(\) takes a number/, String(value));
  }
  assert.ok(BloomFilter.empty(1, 3, 10, 0.1).add(float64(-0)).mightContain(float64(0)));
});

test('the bit check of an empty filter, at its first and last byte, small and large', () => {
  for (const nblocks of [1, 3, 1025, 100000]) {
    const data = BloomFilter.empty(nblocks, 6).toBytes();
    BloomFilter.fromBytes(data);
    for (const offset of [52, 52 + 65535, 52 + 65536, Math.floor(data.length / 2), data.length - 1]) {
      if (offset >= data.length) continue;
      const damaged = Buffer.from(data);
      damaged[offset] = 0x80;
      assert.throws(() => BloomFilter.fromBytes(damaged), /empty filter has bits set/, `${nblocks} blocks, byte ${offset}`);
    }
  }
});

test('hashes are unsigned 64-bit bigints', () => {
  const f = BloomFilter.empty(4, 6, 200, 0.01);
  for (const h of [-1n, 1n << 64n, 1n << 70n, 1, '1']) {
    assert.throws(() => f.addHash(h, 1), /unsigned 64-bit/, String(h));
    assert.throws(() => f.containsHash(h), /unsigned 64-bit/, String(h));
  }
  assert.ok(f.toBytes().equals(BloomFilter.empty(4, 6, 200, 0.01).toBytes()));
  f.addHash((1n << 64n) - 1n, 1);
  assert.ok(f.containsHash((1n << 64n) - 1n));
});

test('addHash takes known kinds only: the header must stay one the server reads', () => {
  const f = BloomFilter.empty(4, 6, 200, 0.01);
  for (const kind of [0, 6, 0x40000000, 0x80000000, 0x80000000 + 10000, 2 ** 32, -1, '1', 1.5]) {
    assert.throws(() => f.addHash(1n, kind), /not a value kind/, String(kind));
  }
  assert.ok(f.toBytes().equals(BloomFilter.empty(4, 6, 200, 0.01).toBytes()));
  for (const kind of [1, 0x40000001, 0x80000000 + 3904, 0x20000000 + 0x1234567]) {
    const g = BloomFilter.empty(4, 6, 200, 0.01);
    g.addHash(1n, kind);
    BloomFilter.fromBytes(g.toBytes());
  }
});

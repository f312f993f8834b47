'use strict';
/*
 * Conformance of the JavaScript client (clients/js) against the server, with
 * the `pg` package.  Run by test/clients/run after conformance.py, which made
 * the table conformance_filters.  For each filter of a kind the JavaScript
 * client encodes (integer, text, bytea, uuid, float8 through float64(),
 * boolean) it compares the client's answers with the server's for 100,000
 * members and 100,000 non-members, from the binary and the text form; builds
 * the same filter and compares bytes; sends the client's bytes back (a
 * Buffer parameter, which pg sends in binary: bloomfilter_recv; and the text
 * form: bloomfilter_in); checks XXH3-64 against the golden vectors
 * (argv[2]); damages a filter in each way the server refuses; and measures
 * probes per second.  Prints "js disagreements: N"; exits 1 if any count is off.
 */
const path = require('path');
const fs = require('fs');

const clientDir = path.join(__dirname, '..', '..', 'clients', 'js');
const { Client, types } = require(path.join(clientDir, 'node_modules', 'pg'));
const bloom = require(clientDir);

const { BloomFilter, FormatError, KindMismatchError, uuid, float64, xxh3_64 } = bloom;

types.setTypeParser(20, (text) => BigInt(text)); // int8 as BigInt, not a string

const MEMBERS = Number(process.env.CLIENTS_MEMBERS || 100000);
const JS_KINDS = { integer: (v) => v, none: (v) => v, text: (v) => v, bytea: (v) => v, uuid: (v) => uuid(v),
  float: (v) => float64(v), boolean: (v) => v };

let disagreements = 0;
let shown = 0;
function fail(message) {
  disagreements += 1;
  if (shown++ < 20) console.log(`  DISAGREE: ${message}`);
}

async function checkFilter(client, row) {
  const { name, kind, member_sql: member, nonmember_sql: nonmember } = row;
  const wrap = JS_KINDS[kind];
  const head = (await client.query(
    'SELECT bloomfilter_send(f) AS sent, f::text AS text, (bloom_info(f, false)).* FROM conformance_filters WHERE name = $1',
    [name])).rows[0];
  const fromBinary = BloomFilter.fromBytes(head.sent);
  const fromText = BloomFilter.fromText(head.text);
  if (!fromBinary.toBytes().equals(head.sent) || !fromText.toBytes().equals(head.sent)) {
    fail(`${name}: the text and binary forms load differently`);
  }
  const serverInfo = (await client.query('SELECT (bloom_info(f)).* FROM conformance_filters WHERE name = $1', [name])).rows[0];
  const info = fromBinary.info();
  if (info.m !== Number(serverInfo.m) || info.k !== serverInfo.k || info.bits_set !== Number(serverInfo.bits_set)
      || info.value_kind !== serverInfo.value_kind || Math.abs(info.fpp - serverInfo.fpp) > 1e-12 * Math.max(1, serverInfo.fpp)) {
    fail(`${name}: info() ${JSON.stringify(info, (k, v) => (typeof v === 'bigint' ? String(v) : v))} differs from bloom_info`);
  }
  const rows = (await client.query({
    text: `SELECT v, f @> v AS answer, i <= ${MEMBERS} AS is_member FROM conformance_filters,
             LATERAL (SELECT i, CASE WHEN i <= ${MEMBERS} THEN ${member} ELSE ${nonmember} END AS v
                      FROM generate_series(1, ${2 * MEMBERS}) i) s WHERE name = $1 ORDER BY i`,
    values: [name],
  })).rows;
  let falsePositives = 0;
  let probes = 0;
  const members = [];
  for (const { v, answer, is_member: isMember } of rows) {
    const value = wrap(v);
    for (const loaded of [fromBinary, fromText]) {
      probes += 1;
      const got = loaded.mightContain(value);
      if (got !== answer) fail(`${name}: ${v}: client ${got}, server ${answer}`);
    }
    if (!isMember && answer) falsePositives += 1;
    if (isMember) members.push(value);
  }
  // the same filter built here: same shape, same inserts (the union: evens, then odds)
  const built = BloomFilter.empty(Number(head.m) / 512, head.k, head.design_n, head.design_p);
  if (BigInt(head.n) > 0n) {
    if (name === 'int_union') {
      members.forEach((v, i) => { if ((i + 1) % 2 === 0) built.add(v); });
      members.forEach((v, i) => { if ((i + 1) % 2 === 1) built.add(v); });
    } else {
      members.forEach((v) => built.add(v));
    }
  }
  const identical = built.toBytes().equals(head.sent);
  if (!identical) fail(`${name}: the client's filter differs from the server's (n ${built.n} vs ${head.n})`);
  const back = (await client.query(
    `SELECT bloomfilter_send($1::bloomfilter) = bloomfilter_send(f) AS binary_same,
            bloomfilter_send($2::bloomfilter) = bloomfilter_send(f) AS text_same,
            (SELECT count(*) FROM generate_series(1, ${MEMBERS}) i WHERE NOT $1::bloomfilter @> (${member})) AS missing
       FROM conformance_filters WHERE name = $3`,
    [built.toBytes(), built.toText(), name])).rows[0];
  const accepted = back.binary_same && back.text_same && (back.missing === 0n || BigInt(head.n) === 0n);
  if (!accepted) fail(`${name}: the server read the client's filter differently: ${JSON.stringify(back, (k, v) => String(v))}`);
  console.log(`  ${name.padEnd(20)} kind=${kind.padEnd(8)} FP=${String(falsePositives).padEnd(6)} probes=${probes} `
    + `byte-identical=${identical} server-accepts=${accepted}`);
  return identical && accepted;
}

function checkGolden(file) {
  const data = Buffer.alloc(2048);
  for (let i = 0; i < 2048; i++) data[i] = (i * 167 + 13) % 256;
  const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
  for (const line of lines) {
    const [length, expected] = line.split(' ');
    const got = xxh3_64(data.subarray(0, Number(length))).toString(16).padStart(16, '0');
    if (got !== expected) fail(`XXH3 of ${length} bytes: ${got}, libxxhash ${expected}`);
  }
  console.log(`  XXH3-64 golden vectors checked: ${lines.length} (lengths 0..2048)`);
}

async function checkMalformed(client) {
  const good = (await client.query("SELECT bloomfilter_send(f) AS b FROM conformance_filters WHERE name = 'int4_tiny'")).rows[0].b;
  const empty = (await client.query('SELECT bloomfilter_send(bloom_empty(100, 0.01)) AS b')).rows[0].b;
  const patched = (base, write) => { const b = Buffer.from(base); write(b); return b; };
  const cases = [
    ['good', good], ['good empty', empty], ['short', good.subarray(0, 40)], ['one byte less', good.subarray(0, good.length - 1)],
    ['one byte more', Buffer.concat([good, Buffer.from([0])])],
    ['magic', patched(good, (b) => b.write('BLOX', 0, 'latin1'))],
    ['cuckoo magic', patched(good, (b) => b.write('CKOO', 0, 'latin1'))],
    ['version', patched(good, (b) => b.writeUInt16LE(2, 4))], ['scheme', patched(good, (b) => { b[6] = 2; })],
    ['k 0', patched(good, (b) => { b[7] = 0; })], ['k 33', patched(good, (b) => { b[7] = 33; })],
    ['kind 6', patched(good, (b) => b.writeUInt32LE(6, 8))], ['kind array of none', patched(good, (b) => b.writeUInt32LE(0x40000000, 8))],
    ['kind oid 10000', patched(good, (b) => b.writeUInt32LE(0x80000000 + 10000, 8))],
    ['flags', patched(good, (b) => b.writeUInt32LE(1, 12))], ['reserved', patched(good, (b) => b.writeUInt32LE(1, 48))],
    ['nblocks 0', patched(good, (b) => b.writeBigUInt64LE(0n, 16))], ['nblocks 3', patched(good, (b) => b.writeBigUInt64LE(3n, 16))],
    ['p 0', patched(good, (b) => b.writeDoubleLE(0, 40))], ['p NaN', patched(good, (b) => b.writeDoubleLE(NaN, 40))],
    ['n 0 with a kind', patched(good, (b) => b.writeBigUInt64LE(0n, 24))],
    ['kind none with n', patched(good, (b) => b.writeUInt32LE(0, 8))],
    ['empty with bits', patched(empty, (b) => { b[b.length - 1] = 1; })],
  ];
  for (const [label, data] of cases) {
    let clientOk = true;
    try { BloomFilter.fromBytes(data); } catch (error) { if (!(error instanceof FormatError)) throw error; clientOk = false; }
    let serverOk = true;
    try { await client.query('SELECT $1::bloomfilter IS NOT NULL', [data]); } catch (error) {
      if (error.code !== '22P03') throw error;
      serverOk = false;
    }
    if (clientOk !== serverOk) fail(`malformed ${label}: client accepts ${clientOk}, server ${serverOk}`);
  }
  console.log(`  malformed values checked: ${cases.length}, each refused (or accepted) by both (binary form)`);
}

// every built-in kind 0x80000000 | oid (oid 1 to 9999), as bloom_info names it: int4_tiny's bytes with its kind patched
async function checkKindNames(client) {
  const { rows } = await client.query(`SELECT oid, (bloom_info(translate(encode(set_byte(set_byte(set_byte(b, 8, oid % 256),
      9, oid / 256), 11, 128), 'base64'), E'\\n', '')::bloomfilter, false)).value_kind AS name
    FROM (SELECT bloomfilter_send(f) AS b FROM conformance_filters WHERE name = 'int4_tiny') s,
         generate_series(1, 9999) oid ORDER BY oid`);
  for (const { oid, name } of rows) {
    for (const [kind, expected] of [[(bloom.KIND.BUILTIN_FLAG | oid) >>> 0, name],
      [(bloom.KIND.BUILTIN_FLAG | bloom.KIND.ARRAY_FLAG | oid) >>> 0, `${name}[]`]]) {
      if (bloom.kindName(kind) !== expected) fail(`kind 0x${kind.toString(16)}: client names it ${bloom.kindName(kind)}, bloom_info ${expected}`);
    }
  }
  console.log(`  built-in kinds named as bloom_info names them: ${rows.length} (and their arrays)`);
}

// uuid(text) reads exactly the texts uuid_in reads, to the same value
async function checkUuidTexts(client) {
  const texts = ['a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11',
    '{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}', 'a0eebc999c0b4ef8bb6d6bb9bd380a11', 'a0ee-bc99-9c0b-4ef8-bb6d-6bb9-bd38-0a11',
    '{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}', 'a0eebc9-99c0b-4ef8-bb6d-6bb9bd380a11',
    'a0eebc99--9c0b-4ef8-bb6d-6bb9bd380a11', '-a0eebc999c0b4ef8bb6d6bb9bd380a11', 'a0eebc999c0b4ef8bb6d6bb9bd380a11-',
    ' a0eebc999c0b4ef8bb6d6bb9bd380a11', 'a0eebc999c0b4ef8bb6d6bb9bd380a1'];
  for (const text of texts) {
    let clientBytes = null;
    try { clientBytes = BloomFilter.empty(4, 6, 200, 0.01).add(uuid(text)).toBytes(); } catch (error) {
      if (!(error instanceof bloom.UnsupportedValueError)) throw error;
    }
    let serverBytes = null;
    try {
      serverBytes = (await client.query('SELECT bloomfilter_send(bloom_add(bloom_empty(200, 0.01), $1::uuid)) AS b', [text])).rows[0].b;
    } catch (error) { if (error.code !== '22P02') throw error; }
    if ((clientBytes === null) !== (serverBytes === null) || (clientBytes !== null && !clientBytes.equals(serverBytes))) {
      fail(`uuid('${text}'): client ${clientBytes === null ? 'refuses' : 'reads'} it, server ${serverBytes === null ? 'refuses' : 'reads'} it${clientBytes && serverBytes ? ', to other bytes' : ''}`);
    }
  }
  console.log(`  uuid texts checked against uuid_in: ${texts.length}`);
}

async function checkKindError(client) {
  const sent = (await client.query("SELECT bloomfilter_send(f) AS b FROM conformance_filters WHERE name = 'int_p0.01'")).rows[0].b;
  const filter = BloomFilter.fromBytes(sent);
  let clientMessage = null;
  try { filter.mightContain('42'); } catch (error) { if (error instanceof KindMismatchError) clientMessage = error.message; }
  let serverMessage = null;
  try { await client.query("SELECT f @> '42'::text FROM conformance_filters WHERE name = 'int_p0.01'"); } catch (error) {
    serverMessage = error.message;
  }
  if (clientMessage === null || clientMessage !== serverMessage) fail(`kind error: client ${clientMessage}, server ${serverMessage}`);
  console.log(`  a probe of the wrong kind throws as the server does: ${clientMessage}`);
}

async function speed(client) {
  const sent = (await client.query("SELECT bloomfilter_send(f) AS b FROM conformance_filters WHERE name = 'int_p0.01'")).rows[0].b;
  const filter = BloomFilter.fromBytes(sent);
  const keys = [];
  for (let i = 1; i <= 200000; i++) keys.push(BigInt(i) * 1000003n - 50000000000n + BigInt(i % 2));
  let start = process.hrtime.bigint();
  let hits = 0;
  for (const key of keys) if (filter.mightContain(key)) hits += 1;
  const clientRate = keys.length / (Number(process.hrtime.bigint() - start) / 1e9);
  const sqlKeys = keys.slice(0, 5000);
  const query = { name: 'probe', text: "SELECT f @> $1::bigint AS m FROM conformance_filters WHERE name = 'int_p0.01'" };
  await client.query({ ...query, values: [String(sqlKeys[0])] });
  start = process.hrtime.bigint();
  for (const key of sqlKeys) await client.query({ ...query, values: [String(key)] });
  const serverRate = sqlKeys.length / (Number(process.hrtime.bigint() - start) / 1e9);
  console.log(`  speed: js client ${Math.round(clientRate)} probes/s (${keys.length} keys, ${hits} maybe); `
    + `SELECT f @> $1 per key over the Unix socket (pg, prepared): ${Math.round(serverRate)} probes/s; `
    + `ratio ${Math.round(clientRate / serverRate)}x`);
}

async function main() {
  const client = new Client(); // PGHOST (the socket directory), PGPORT, PGUSER, PGDATABASE
  await client.connect();
  try {
    const filters = (await client.query('SELECT name, kind, member_sql, nonmember_sql FROM conformance_filters ORDER BY name')).rows;
    let identical = 0;
    let checked = 0;
    const skipped = [];
    for (const row of filters) {
      if (!(row.kind in JS_KINDS)) { skipped.push(`${row.name} (${row.kind})`); continue; }
      checked += 1;
      if (await checkFilter(client, row)) identical += 1;
    }
    console.log(`  not JavaScript kinds, skipped: ${skipped.join(', ')}`);
    if (checked === 0) fail('no filter of a JavaScript kind in conformance_filters (did conformance.py build them?)');
    checkGolden(process.argv[2]);
    await checkMalformed(client);
    await checkUuidTexts(client);
    await checkKindNames(client);
    await checkKindError(client);
    await speed(client);
    console.log(`js byte-identical and accepted by the server: ${identical} of ${checked} filters`);
    console.log(`js disagreements: ${disagreements}`);
    process.exitCode = disagreements === 0 && identical === checked ? 0 : 1;
  } finally {
    await client.end();
  }
}

main().catch((error) => { console.error(error); process.exitCode = 1; });

/// <reference types="node" />
export type Value = number | bigint | string | Uint8Array | boolean | Uuid | Float64;

export class BloomFilterError extends Error { sqlstate?: string }
export class FormatError extends BloomFilterError {}
export class KindMismatchError extends BloomFilterError {}
export class UnsupportedValueError extends BloomFilterError {}

export class Uuid { constructor(text: string); bytes: Buffer }
export function uuid(text: string): Uuid;
export class Float64 { constructor(value: number); value: number }
export function float64(value: number): Float64;

export interface Info {
  m: number; k: number; n: bigint; bits_set: number | null; fill_ratio: number | null;
  fpp: number | null; cardinality: number | null; bytes: number; design_n: bigint;
  design_p: number; value_kind: string; format_version: number;
}

export class BloomFilter {
  static fromBytes(bytes: Uint8Array): BloomFilter;
  static fromText(text: string): BloomFilter;
  static empty(nblocks: number, k: number, designN?: number | bigint, designP?: number): BloomFilter;
  readonly nblocks: number;
  readonly k: number;
  readonly n: bigint;
  readonly valueKind: number;
  validate(): this;
  mightContain(value: Value): boolean;
  has(value: Value): boolean;
  containsHash(hash: bigint): boolean;
  add(value: Value): this;
  addHash(hash: bigint, kind: number): void;
  toBytes(): Buffer;
  toText(): string;
  info(countBits?: boolean): Info;
}

export function canonicalBytes(value: Value): { kind: number; bytes: Uint8Array };
export function kindName(kind: number): string;
export function xxh3_64(bytes: Uint8Array): bigint;

-- bloomfilter 1.0 -> 1.1.  A fresh CREATE EXTENSION runs bloomfilter--1.0.sql
-- and then this script, so 1.0 stays exactly what was released and every
-- change since lives here, once.  Objects stay qualified with @extschema@.

\echo Use "ALTER EXTENSION bloomfilter UPDATE TO '1.1'" to load this file. \quit

-- ---------------------------------------------------------------- canonical hashing (1.1)

-- bloom_shard answers with a number, so it cannot refuse a value hashed as
-- the wrong type the way @> does: its text form received citext constants
-- and parameters already folded to text, and sent them to another shard
-- than citext columns.  An `unknown` form takes untyped literals by exact
-- match (hashed as text); every typed value, citext constants included,
-- takes the anyelement form and keeps its type.  An untyped parameter has
-- no type to hash by: bloom_shard($1::text, n).
DROP FUNCTION @extschema@.bloom_shard(text, int);
CREATE FUNCTION @extschema@.bloom_shard(value unknown, shards int) RETURNS int
    AS 'MODULE_PATHNAME', 'bloom_shard' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- "char" has an implicit cast to text, so a "char" value matched the
-- anyelement and text forms equally well and every probe was ambiguous.
-- Forms of its own take it by exact match, hashed as "char" (as bloom_agg
-- has always hashed it).
CREATE FUNCTION @extschema@.bloom_add(filter @extschema@.bloomfilter, value "char")
    RETURNS @extschema@.bloomfilter
    AS 'MODULE_PATHNAME', 'bloom_add' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION @extschema@.bloom_contains(filter @extschema@.bloomfilter, value "char") RETURNS boolean
    AS 'MODULE_PATHNAME', 'bloom_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.bloom_contained(value "char", filter @extschema@.bloomfilter) RETURNS boolean
    AS 'MODULE_PATHNAME', 'bloom_contained' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR @extschema@.@> (
    LEFTARG = @extschema@.bloomfilter, RIGHTARG = "char",
    FUNCTION = @extschema@.bloom_contains, COMMUTATOR = OPERATOR(@extschema@.<@),
    RESTRICT = @extschema@.bloom_probe_sel, JOIN = @extschema@.bloom_probe_joinsel
);
CREATE OPERATOR @extschema@.<@ (
    LEFTARG = "char", RIGHTARG = @extschema@.bloomfilter,
    FUNCTION = @extschema@.bloom_contained, COMMUTATOR = OPERATOR(@extschema@.@>),
    RESTRICT = @extschema@.bloom_probe_sel, JOIN = @extschema@.bloom_probe_joinsel
);

-- bloomfilter 1.0: Bloom filters as a PostgreSQL type.
-- Every object is created in the extension's schema (@extschema@); C functions
-- only, so nothing here resolves names through the caller's search_path.

\echo Use "CREATE EXTENSION bloomfilter" to load this file. \quit

-- ---------------------------------------------------------------- the type

CREATE TYPE @extschema@.bloomfilter;

CREATE FUNCTION @extschema@.bloomfilter_in(cstring) RETURNS @extschema@.bloomfilter
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.bloomfilter_out(@extschema@.bloomfilter) RETURNS cstring
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.bloomfilter_recv(internal) RETURNS @extschema@.bloomfilter
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.bloomfilter_send(@extschema@.bloomfilter) RETURNS bytea
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- ANALYZE keeps the mean elements and false-positive rate of a column of
-- filters (from their headers), for the estimates of @> below.
CREATE FUNCTION @extschema@.bloomfilter_typanalyze(internal) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C STRICT PARALLEL SAFE;

-- STORAGE = external: large filters go out of line uncompressed, so a probe
-- reads only the slices it needs (the header and one 64-byte block).
CREATE TYPE @extschema@.bloomfilter (
    INPUT = @extschema@.bloomfilter_in,
    OUTPUT = @extschema@.bloomfilter_out,
    RECEIVE = @extschema@.bloomfilter_recv,
    SEND = @extschema@.bloomfilter_send,
    ANALYZE = @extschema@.bloomfilter_typanalyze,
    INTERNALLENGTH = VARIABLE,
    STORAGE = external
);

-- ---------------------------------------------------------------- sizing

CREATE FUNCTION @extschema@.bloom_optimal_m(n bigint, p float8) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.bloom_optimal_k(n bigint, m bigint) RETURNS int
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.bloom_fpp(n bigint, m bigint, k int) RETURNS float8
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.bloom_capacity(m bigint, k int, p float8) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.bloom_empty(n bigint, p float8 DEFAULT 0.01) RETURNS @extschema@.bloomfilter
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- ---------------------------------------------------------------- membership

-- Not strict: a NULL value adds nothing and returns the filter unchanged.
CREATE FUNCTION @extschema@.bloom_add(filter @extschema@.bloomfilter, value anyelement)
    RETURNS @extschema@.bloomfilter
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
-- The text forms let untyped literals work: bloom_add(f, 'x').
CREATE FUNCTION @extschema@.bloom_add(filter @extschema@.bloomfilter, value text)
    RETURNS @extschema@.bloomfilter
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;

-- A batch in one copy of the filter: bloom_add_all(f, ARRAY['a', 'b']).  Its
-- own name, because an array is itself a value that bloom_add can add.
CREATE FUNCTION @extschema@.bloom_add_all(filter @extschema@.bloomfilter, "values" anyarray)
    RETURNS @extschema@.bloomfilter
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;

-- Which of `shards` filters a value belongs in (0 .. shards - 1).
CREATE FUNCTION @extschema@.bloom_shard(value anyelement, shards int) RETURNS int
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.bloom_shard(value text, shards int) RETURNS int
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.bloom_contains(filter @extschema@.bloomfilter, value anyelement) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.bloom_contains(filter @extschema@.bloomfilter, value text) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.bloom_contained(value anyelement, filter @extschema@.bloomfilter) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.bloom_contained(value text, filter @extschema@.bloomfilter) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Row estimates for probes (bloomfilter_selfuncs.c).
CREATE FUNCTION @extschema@.bloom_probe_sel(internal, oid, internal, integer) RETURNS float8
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.bloom_probe_joinsel(internal, oid, internal, smallint, internal) RETURNS float8
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;

CREATE OPERATOR @extschema@.@> (
    LEFTARG = @extschema@.bloomfilter, RIGHTARG = anyelement,
    FUNCTION = @extschema@.bloom_contains, COMMUTATOR = OPERATOR(@extschema@.<@),
    RESTRICT = @extschema@.bloom_probe_sel, JOIN = @extschema@.bloom_probe_joinsel
);
CREATE OPERATOR @extschema@.<@ (
    LEFTARG = anyelement, RIGHTARG = @extschema@.bloomfilter,
    FUNCTION = @extschema@.bloom_contained, COMMUTATOR = OPERATOR(@extschema@.@>),
    RESTRICT = @extschema@.bloom_probe_sel, JOIN = @extschema@.bloom_probe_joinsel
);
CREATE OPERATOR @extschema@.@> (
    LEFTARG = @extschema@.bloomfilter, RIGHTARG = text,
    FUNCTION = @extschema@.bloom_contains, COMMUTATOR = OPERATOR(@extschema@.<@),
    RESTRICT = @extschema@.bloom_probe_sel, JOIN = @extschema@.bloom_probe_joinsel
);
CREATE OPERATOR @extschema@.<@ (
    LEFTARG = text, RIGHTARG = @extschema@.bloomfilter,
    FUNCTION = @extschema@.bloom_contained, COMMUTATOR = OPERATOR(@extschema@.@>),
    RESTRICT = @extschema@.bloom_probe_sel, JOIN = @extschema@.bloom_probe_joinsel
);

-- ---------------------------------------------------------------- set algebra

-- Not strict: NULL is the empty set, as in array_cat, so f | NULL keeps f
-- (an UPDATE that ORs in the filter of an empty batch loses nothing).
CREATE FUNCTION @extschema@.bloom_union(a @extschema@.bloomfilter, b @extschema@.bloomfilter)
    RETURNS @extschema@.bloomfilter
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION @extschema@.bloom_intersect(a @extschema@.bloomfilter, b @extschema@.bloomfilter)
    RETURNS @extschema@.bloomfilter
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR @extschema@.| (
    LEFTARG = @extschema@.bloomfilter, RIGHTARG = @extschema@.bloomfilter,
    FUNCTION = @extschema@.bloom_union, COMMUTATOR = OPERATOR(@extschema@.|)
);
CREATE OPERATOR @extschema@.& (
    LEFTARG = @extschema@.bloomfilter, RIGHTARG = @extschema@.bloomfilter,
    FUNCTION = @extschema@.bloom_intersect, COMMUTATOR = OPERATOR(@extschema@.&)
);

CREATE FUNCTION @extschema@.bloom_union_agg_trans(@extschema@.bloomfilter, @extschema@.bloomfilter)
    RETURNS @extschema@.bloomfilter
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE @extschema@.bloom_union_agg(@extschema@.bloomfilter) (
    SFUNC = @extschema@.bloom_union_agg_trans,
    STYPE = @extschema@.bloomfilter,
    COMBINEFUNC = @extschema@.bloom_union_agg_trans,
    PARALLEL = SAFE
);

-- ---------------------------------------------------------------- info

CREATE FUNCTION @extschema@.bloom_info(filter @extschema@.bloomfilter, count_bits boolean DEFAULT true,
    OUT m bigint, OUT k int, OUT n bigint, OUT bits_set bigint, OUT fill_ratio float8,
    OUT fpp float8, OUT cardinality float8, OUT bytes int, OUT design_n bigint,
    OUT design_p float8, OUT value_kind text, OUT format_version int)
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- ---------------------------------------------------------------- bloom_agg

-- The transition state is a real type (not internal), so partial states can
-- be shipped between processes and servers through its I/O functions.
CREATE TYPE @extschema@.bloom_agg_state;

CREATE FUNCTION @extschema@.bloom_agg_state_in(cstring) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.bloom_agg_state_out(@extschema@.bloom_agg_state) RETURNS cstring
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.bloom_agg_state_recv(internal) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.bloom_agg_state_send(@extschema@.bloom_agg_state) RETURNS bytea
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE @extschema@.bloom_agg_state (
    INPUT = @extschema@.bloom_agg_state_in,
    OUTPUT = @extschema@.bloom_agg_state_out,
    RECEIVE = @extschema@.bloom_agg_state_recv,
    SEND = @extschema@.bloom_agg_state_send,
    INTERNALLENGTH = VARIABLE,
    STORAGE = external
);

CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, anyelement)
    RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, anyelement, float8)
    RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, anyelement, bigint, float8)
    RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, anyelement, @extschema@.bloomfilter)
    RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION @extschema@.bloom_agg_combine(@extschema@.bloom_agg_state, @extschema@.bloom_agg_state)
    RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION @extschema@.bloom_agg_final(@extschema@.bloom_agg_state)
    RETURNS @extschema@.bloomfilter
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;

-- bloom_agg(x): sized from the rows seen, p = 0.01
CREATE AGGREGATE @extschema@.bloom_agg(anyelement) (
    SFUNC = @extschema@.bloom_agg_trans,
    STYPE = @extschema@.bloom_agg_state,
    FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine,
    PARALLEL = SAFE
);
-- bloom_agg(x, p): sized from the rows seen
CREATE AGGREGATE @extschema@.bloom_agg(anyelement, float8) (
    SFUNC = @extschema@.bloom_agg_trans,
    STYPE = @extschema@.bloom_agg_state,
    FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine,
    PARALLEL = SAFE
);
-- bloom_agg(x, shape): in the shape of another filter, to OR into it
CREATE AGGREGATE @extschema@.bloom_agg(anyelement, @extschema@.bloomfilter) (
    SFUNC = @extschema@.bloom_agg_trans_shaped,
    STYPE = @extschema@.bloom_agg_state,
    FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine,
    PARALLEL = SAFE
);
-- bloom_agg(x, n, p): sized for n elements
CREATE AGGREGATE @extschema@.bloom_agg(anyelement, bigint, float8) (
    SFUNC = @extschema@.bloom_agg_trans,
    STYPE = @extschema@.bloom_agg_state,
    FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine,
    PARALLEL = SAFE
);

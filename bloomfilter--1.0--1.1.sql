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
-- no type to hash by: bloom_shard($1::text, n).  The text form is renamed,
-- not dropped: a user's index, view or generated column may use it, and
-- ALTER EXTENSION UPDATE must not fail on them (it hashes text as before).
ALTER FUNCTION @extschema@.bloom_shard(text, int) RENAME TO bloom_shard_text_1_0;
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

-- ---------------------------------------------------------------- comments
-- Every object of the extension says what it is, one line in the README's
-- words, so \dT+, \df+, \da+ and \do+ describe it (sql/catalog.sql fails on
-- an object without one).  ASCII only: a database of any encoding installs it.

COMMENT ON TYPE @extschema@.bloomfilter IS
    'Bloom filter: answers "certainly not in the set" or "probably in it" in a few bits per element; text form: base64 of the stored bytes';
COMMENT ON FUNCTION @extschema@.bloomfilter_in(cstring) IS
    'input function of type bloomfilter: base64 of the stored bytes, validated';
COMMENT ON FUNCTION @extschema@.bloomfilter_out(@extschema@.bloomfilter) IS
    'output function of type bloomfilter: base64 of the stored bytes';
COMMENT ON FUNCTION @extschema@.bloomfilter_recv(internal) IS
    'binary input function of type bloomfilter: the stored bytes, validated';
COMMENT ON FUNCTION @extschema@.bloomfilter_send(@extschema@.bloomfilter) IS
    'binary output function of type bloomfilter: the stored bytes';
COMMENT ON FUNCTION @extschema@.bloomfilter_typanalyze(internal) IS
    'ANALYZE support function of type bloomfilter: keeps the mean elements and false-positive rate of a column, for the estimates of @>';

COMMENT ON FUNCTION @extschema@.bloom_optimal_m(bigint, float8) IS
    'bits for n elements at rate p (classic layout): ceil(-n ln p / (ln 2)^2)';
COMMENT ON FUNCTION @extschema@.bloom_optimal_k(bigint, bigint) IS
    'hash count for n elements in m bits (classic layout): max(1, round(m/n ln 2))';
COMMENT ON FUNCTION @extschema@.bloom_fpp(bigint, bigint, int) IS
    'false-positive rate of n elements in m bits with k hashes (classic layout): (1 - e^(-kn/m))^k';
COMMENT ON FUNCTION @extschema@.bloom_capacity(bigint, int, float8) IS
    'elements that m bits and k hashes hold at rate p (classic layout): ceil(-m ln(1 - p^(1/k)) / k)';
COMMENT ON FUNCTION @extschema@.bloom_empty(bigint, float8) IS
    'an empty filter sized for n elements at rate p (default 0.01)';

COMMENT ON FUNCTION @extschema@.bloom_add(@extschema@.bloomfilter, anyelement) IS
    'a new filter with the value added; the input is never modified; a NULL value returns the filter unchanged';
COMMENT ON FUNCTION @extschema@.bloom_add(@extschema@.bloomfilter, text) IS
    'bloom_add for text, so bloom_add(f, ''x'') works with an untyped literal';
COMMENT ON FUNCTION @extschema@.bloom_add_all(@extschema@.bloomfilter, anyarray) IS
    'a new filter with every non-NULL element of the array added, in one copy of the filter; a NULL array returns the filter unchanged';
COMMENT ON FUNCTION @extschema@.bloom_shard(anyelement, int) IS
    'which of shards filters a value belongs in, 0 .. shards - 1';
COMMENT ON FUNCTION @extschema@.bloom_shard_text_1_0(text, int) IS
    'the text form of bloom_shard in 1.0, kept for objects built on it; call bloom_shard(value, shards)';
COMMENT ON FUNCTION @extschema@.bloom_shard(unknown, int) IS
    'bloom_shard for untyped literals, hashed as text; typed values, citext constants included, take the anyelement form';

COMMENT ON FUNCTION @extschema@.bloom_contains(@extschema@.bloomfilter, anyelement) IS
    'filter @> value: false, certainly not in the set; true, probably in it';
COMMENT ON FUNCTION @extschema@.bloom_contains(@extschema@.bloomfilter, text) IS
    'filter @> value for text, so untyped literals work: false, certainly not in the set; true, probably in it';
COMMENT ON FUNCTION @extschema@.bloom_contained(anyelement, @extschema@.bloomfilter) IS
    'value <@ filter: bloom_contains with the operands swapped';
COMMENT ON FUNCTION @extschema@.bloom_contained(text, @extschema@.bloomfilter) IS
    'value <@ filter for text, so untyped literals work: bloom_contains with the operands swapped';
COMMENT ON FUNCTION @extschema@.bloom_probe_sel(internal, oid, internal, integer) IS
    'planner support function: restriction selectivity of @> and <@';
COMMENT ON FUNCTION @extschema@.bloom_probe_joinsel(internal, oid, internal, smallint, internal) IS
    'planner support function: join selectivity of @> and <@';
COMMENT ON OPERATOR @extschema@.@> (@extschema@.bloomfilter, anyelement) IS
    'false: certainly not in the set; true: probably in it';
COMMENT ON OPERATOR @extschema@.@> (@extschema@.bloomfilter, text) IS
    'false: certainly not in the set; true: probably in it (text, and untyped literals)';
COMMENT ON OPERATOR @extschema@.<@ (anyelement, @extschema@.bloomfilter) IS
    'value <@ filter: filter @> value with the operands swapped';
COMMENT ON OPERATOR @extschema@.<@ (text, @extschema@.bloomfilter) IS
    'value <@ filter: filter @> value with the operands swapped (text, and untyped literals)';
COMMENT ON FUNCTION @extschema@.bloom_add(@extschema@.bloomfilter, "char") IS
    'bloom_add for "char", which would otherwise match the anyelement and text forms alike';
COMMENT ON FUNCTION @extschema@.bloom_contains(@extschema@.bloomfilter, "char") IS
    'filter @> value for "char": false, certainly not in the set; true, probably in it';
COMMENT ON FUNCTION @extschema@.bloom_contained("char", @extschema@.bloomfilter) IS
    'value <@ filter for "char": bloom_contains with the operands swapped';
COMMENT ON OPERATOR @extschema@.@> (@extschema@.bloomfilter, "char") IS
    'false: certainly not in the set; true: probably in it ("char")';
COMMENT ON OPERATOR @extschema@.<@ ("char", @extschema@.bloomfilter) IS
    'value <@ filter: filter @> value with the operands swapped ("char")';

COMMENT ON FUNCTION @extschema@.bloom_union(@extschema@.bloomfilter, @extschema@.bloomfilter) IS
    'a | b: holds every element of a and of b; filters of one shape; NULL counts as the empty set';
COMMENT ON FUNCTION @extschema@.bloom_intersect(@extschema@.bloomfilter, @extschema@.bloomfilter) IS
    'a & b: holds every element of both, and more false positives than a filter built from the intersection';
COMMENT ON OPERATOR @extschema@.| (@extschema@.bloomfilter, @extschema@.bloomfilter) IS
    'union: holds every element of a and of b; filters of one shape; f | NULL is f';
COMMENT ON OPERATOR @extschema@.& (@extschema@.bloomfilter, @extschema@.bloomfilter) IS
    'intersection: holds every element of both, and more false positives than a filter built from the intersection';
COMMENT ON FUNCTION @extschema@.bloom_union_agg_trans(@extschema@.bloomfilter, @extschema@.bloomfilter) IS
    'support function of bloom_union_agg: its transition and combine function';
COMMENT ON AGGREGATE @extschema@.bloom_union_agg(@extschema@.bloomfilter) IS
    'union of a column of filters of one shape; NULLs skipped; no rows give NULL';

COMMENT ON FUNCTION @extschema@.bloom_info(@extschema@.bloomfilter, boolean) IS
    'one row about a filter: m, k, n, bits set, fill ratio, fpp, cardinality, bytes, design n and p, value kind, format version; count_bits false reads only the header';

COMMENT ON TYPE @extschema@.bloom_agg_state IS
    'transition state of bloom_agg, a real type so partial states can be shipped between servers (format in FORMAT.md)';
COMMENT ON FUNCTION @extschema@.bloom_agg_state_in(cstring) IS
    'input function of type bloom_agg_state: base64 of the state, validated';
COMMENT ON FUNCTION @extschema@.bloom_agg_state_out(@extschema@.bloom_agg_state) IS
    'output function of type bloom_agg_state: base64 of the state';
COMMENT ON FUNCTION @extschema@.bloom_agg_state_recv(internal) IS
    'binary input function of type bloom_agg_state: the state''s bytes, validated';
COMMENT ON FUNCTION @extschema@.bloom_agg_state_send(@extschema@.bloom_agg_state) IS
    'binary output function of type bloom_agg_state: the state''s bytes';
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, anyelement) IS
    'support function of bloom_agg(x): its transition function';
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, anyelement, float8) IS
    'support function of bloom_agg(x, p): its transition function';
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, anyelement, bigint, float8) IS
    'support function of bloom_agg(x, n, p): its transition function';
COMMENT ON FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, anyelement, @extschema@.bloomfilter) IS
    'support function of bloom_agg(x, shape): its transition function';
COMMENT ON FUNCTION @extschema@.bloom_agg_combine(@extschema@.bloom_agg_state, @extschema@.bloom_agg_state) IS
    'support function of bloom_agg: combines two partial states (parallel workers, or servers)';
COMMENT ON FUNCTION @extschema@.bloom_agg_final(@extschema@.bloom_agg_state) IS
    'support function of bloom_agg: its final function, the filter of a state';
COMMENT ON AGGREGATE @extschema@.bloom_agg(anyelement) IS
    'a filter of a column, sized from the non-NULL rows it sees, at p = 0.01; zero rows give an empty filter';
COMMENT ON AGGREGATE @extschema@.bloom_agg(anyelement, float8) IS
    'a filter of a column, sized from the non-NULL rows it sees, at rate p; zero rows give an empty filter';
COMMENT ON AGGREGATE @extschema@.bloom_agg(anyelement, bigint, float8) IS
    'a filter of a column sized for n elements at rate p (the shape of bloom_empty(n, p)); zero rows give an empty filter';
COMMENT ON AGGREGATE @extschema@.bloom_agg(anyelement, @extschema@.bloomfilter) IS
    'a filter of a column in the shape of another filter (its m, k, design n and p), to OR into it; zero rows give NULL';

-- ---------------------------------------------------------------- bloom_agg of concrete types
-- Citus runs a custom aggregate on its workers (worker_partial_agg) only if
-- the argument's type equals the aggregate's declared argument type, and it
-- calls the transition function without an expression tree, so the value's
-- type must be the declared one.  So the types users distribute by get
-- overloads of every bloom_agg form, over the same C functions; PostgreSQL
-- prefers an exact match to anyelement, which remains for every other type.
-- A column of a type with only an implicit cast to text (citext, name,
-- char(n)) now resolves to the text form; the transition function looks
-- through that cast and hashes the value as its own type, as before.
-- "char" gets forms of its own, as for bloom_add: its category has no
-- preferred type, so text and anyelement would be ambiguous for it.
-- Plain statements, no DO block: a script of a trusted extension runs as a
-- superuser with the installing user's schema in search_path, where a
-- function call (format(), say) could resolve to the user's own function.
-- int2
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, int2) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, int2) IS
    'bloom_agg(int2) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(int2) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(int2) IS
    'a filter of a column, sized from the non-NULL rows it sees, at p = 0.01; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, int2, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, int2, float8) IS
    'bloom_agg(int2, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(int2, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(int2, float8) IS
    'a filter of a column, sized from the non-NULL rows it sees, at rate p; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, int2, bigint, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, int2, bigint, float8) IS
    'bloom_agg(int2, bigint, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(int2, bigint, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(int2, bigint, float8) IS
    'a filter of a column sized for n elements at rate p (the shape of bloom_empty(n, p)); zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, int2, @extschema@.bloomfilter) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans_shaped' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, int2, @extschema@.bloomfilter) IS
    'bloom_agg(int2, bloomfilter) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(int2, @extschema@.bloomfilter) (
    SFUNC = @extschema@.bloom_agg_trans_shaped, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(int2, @extschema@.bloomfilter) IS
    'a filter of a column in the shape of another filter (its m, k, design n and p), to OR into it; zero rows give NULL (the form Citus can push down)';
-- int4
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, int4) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, int4) IS
    'bloom_agg(int4) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(int4) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(int4) IS
    'a filter of a column, sized from the non-NULL rows it sees, at p = 0.01; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, int4, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, int4, float8) IS
    'bloom_agg(int4, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(int4, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(int4, float8) IS
    'a filter of a column, sized from the non-NULL rows it sees, at rate p; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, int4, bigint, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, int4, bigint, float8) IS
    'bloom_agg(int4, bigint, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(int4, bigint, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(int4, bigint, float8) IS
    'a filter of a column sized for n elements at rate p (the shape of bloom_empty(n, p)); zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, int4, @extschema@.bloomfilter) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans_shaped' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, int4, @extschema@.bloomfilter) IS
    'bloom_agg(int4, bloomfilter) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(int4, @extschema@.bloomfilter) (
    SFUNC = @extschema@.bloom_agg_trans_shaped, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(int4, @extschema@.bloomfilter) IS
    'a filter of a column in the shape of another filter (its m, k, design n and p), to OR into it; zero rows give NULL (the form Citus can push down)';
-- int8
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, int8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, int8) IS
    'bloom_agg(int8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(int8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(int8) IS
    'a filter of a column, sized from the non-NULL rows it sees, at p = 0.01; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, int8, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, int8, float8) IS
    'bloom_agg(int8, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(int8, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(int8, float8) IS
    'a filter of a column, sized from the non-NULL rows it sees, at rate p; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, int8, bigint, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, int8, bigint, float8) IS
    'bloom_agg(int8, bigint, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(int8, bigint, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(int8, bigint, float8) IS
    'a filter of a column sized for n elements at rate p (the shape of bloom_empty(n, p)); zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, int8, @extschema@.bloomfilter) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans_shaped' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, int8, @extschema@.bloomfilter) IS
    'bloom_agg(int8, bloomfilter) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(int8, @extschema@.bloomfilter) (
    SFUNC = @extschema@.bloom_agg_trans_shaped, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(int8, @extschema@.bloomfilter) IS
    'a filter of a column in the shape of another filter (its m, k, design n and p), to OR into it; zero rows give NULL (the form Citus can push down)';
-- text
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, text) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, text) IS
    'bloom_agg(text) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(text) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(text) IS
    'a filter of a column, sized from the non-NULL rows it sees, at p = 0.01; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, text, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, text, float8) IS
    'bloom_agg(text, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(text, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(text, float8) IS
    'a filter of a column, sized from the non-NULL rows it sees, at rate p; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, text, bigint, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, text, bigint, float8) IS
    'bloom_agg(text, bigint, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(text, bigint, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(text, bigint, float8) IS
    'a filter of a column sized for n elements at rate p (the shape of bloom_empty(n, p)); zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, text, @extschema@.bloomfilter) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans_shaped' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, text, @extschema@.bloomfilter) IS
    'bloom_agg(text, bloomfilter) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(text, @extschema@.bloomfilter) (
    SFUNC = @extschema@.bloom_agg_trans_shaped, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(text, @extschema@.bloomfilter) IS
    'a filter of a column in the shape of another filter (its m, k, design n and p), to OR into it; zero rows give NULL (the form Citus can push down)';
-- varchar
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, varchar) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, varchar) IS
    'bloom_agg(varchar) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(varchar) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(varchar) IS
    'a filter of a column, sized from the non-NULL rows it sees, at p = 0.01; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, varchar, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, varchar, float8) IS
    'bloom_agg(varchar, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(varchar, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(varchar, float8) IS
    'a filter of a column, sized from the non-NULL rows it sees, at rate p; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, varchar, bigint, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, varchar, bigint, float8) IS
    'bloom_agg(varchar, bigint, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(varchar, bigint, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(varchar, bigint, float8) IS
    'a filter of a column sized for n elements at rate p (the shape of bloom_empty(n, p)); zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, varchar, @extschema@.bloomfilter) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans_shaped' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, varchar, @extschema@.bloomfilter) IS
    'bloom_agg(varchar, bloomfilter) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(varchar, @extschema@.bloomfilter) (
    SFUNC = @extschema@.bloom_agg_trans_shaped, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(varchar, @extschema@.bloomfilter) IS
    'a filter of a column in the shape of another filter (its m, k, design n and p), to OR into it; zero rows give NULL (the form Citus can push down)';
-- uuid
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, uuid) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, uuid) IS
    'bloom_agg(uuid) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(uuid) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(uuid) IS
    'a filter of a column, sized from the non-NULL rows it sees, at p = 0.01; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, uuid, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, uuid, float8) IS
    'bloom_agg(uuid, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(uuid, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(uuid, float8) IS
    'a filter of a column, sized from the non-NULL rows it sees, at rate p; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, uuid, bigint, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, uuid, bigint, float8) IS
    'bloom_agg(uuid, bigint, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(uuid, bigint, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(uuid, bigint, float8) IS
    'a filter of a column sized for n elements at rate p (the shape of bloom_empty(n, p)); zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, uuid, @extschema@.bloomfilter) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans_shaped' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, uuid, @extschema@.bloomfilter) IS
    'bloom_agg(uuid, bloomfilter) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(uuid, @extschema@.bloomfilter) (
    SFUNC = @extschema@.bloom_agg_trans_shaped, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(uuid, @extschema@.bloomfilter) IS
    'a filter of a column in the shape of another filter (its m, k, design n and p), to OR into it; zero rows give NULL (the form Citus can push down)';
-- numeric
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, numeric) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, numeric) IS
    'bloom_agg(numeric) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(numeric) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(numeric) IS
    'a filter of a column, sized from the non-NULL rows it sees, at p = 0.01; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, numeric, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, numeric, float8) IS
    'bloom_agg(numeric, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(numeric, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(numeric, float8) IS
    'a filter of a column, sized from the non-NULL rows it sees, at rate p; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, numeric, bigint, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, numeric, bigint, float8) IS
    'bloom_agg(numeric, bigint, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(numeric, bigint, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(numeric, bigint, float8) IS
    'a filter of a column sized for n elements at rate p (the shape of bloom_empty(n, p)); zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, numeric, @extschema@.bloomfilter) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans_shaped' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, numeric, @extschema@.bloomfilter) IS
    'bloom_agg(numeric, bloomfilter) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(numeric, @extschema@.bloomfilter) (
    SFUNC = @extschema@.bloom_agg_trans_shaped, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(numeric, @extschema@.bloomfilter) IS
    'a filter of a column in the shape of another filter (its m, k, design n and p), to OR into it; zero rows give NULL (the form Citus can push down)';
-- date
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, date) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, date) IS
    'bloom_agg(date) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(date) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(date) IS
    'a filter of a column, sized from the non-NULL rows it sees, at p = 0.01; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, date, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, date, float8) IS
    'bloom_agg(date, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(date, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(date, float8) IS
    'a filter of a column, sized from the non-NULL rows it sees, at rate p; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, date, bigint, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, date, bigint, float8) IS
    'bloom_agg(date, bigint, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(date, bigint, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(date, bigint, float8) IS
    'a filter of a column sized for n elements at rate p (the shape of bloom_empty(n, p)); zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, date, @extschema@.bloomfilter) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans_shaped' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, date, @extschema@.bloomfilter) IS
    'bloom_agg(date, bloomfilter) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(date, @extschema@.bloomfilter) (
    SFUNC = @extschema@.bloom_agg_trans_shaped, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(date, @extschema@.bloomfilter) IS
    'a filter of a column in the shape of another filter (its m, k, design n and p), to OR into it; zero rows give NULL (the form Citus can push down)';
-- timestamp
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, timestamp) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, timestamp) IS
    'bloom_agg(timestamp) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(timestamp) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(timestamp) IS
    'a filter of a column, sized from the non-NULL rows it sees, at p = 0.01; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, timestamp, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, timestamp, float8) IS
    'bloom_agg(timestamp, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(timestamp, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(timestamp, float8) IS
    'a filter of a column, sized from the non-NULL rows it sees, at rate p; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, timestamp, bigint, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, timestamp, bigint, float8) IS
    'bloom_agg(timestamp, bigint, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(timestamp, bigint, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(timestamp, bigint, float8) IS
    'a filter of a column sized for n elements at rate p (the shape of bloom_empty(n, p)); zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, timestamp, @extschema@.bloomfilter) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans_shaped' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, timestamp, @extschema@.bloomfilter) IS
    'bloom_agg(timestamp, bloomfilter) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(timestamp, @extschema@.bloomfilter) (
    SFUNC = @extschema@.bloom_agg_trans_shaped, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(timestamp, @extschema@.bloomfilter) IS
    'a filter of a column in the shape of another filter (its m, k, design n and p), to OR into it; zero rows give NULL (the form Citus can push down)';
-- timestamptz
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, timestamptz) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, timestamptz) IS
    'bloom_agg(timestamptz) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(timestamptz) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(timestamptz) IS
    'a filter of a column, sized from the non-NULL rows it sees, at p = 0.01; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, timestamptz, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, timestamptz, float8) IS
    'bloom_agg(timestamptz, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(timestamptz, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(timestamptz, float8) IS
    'a filter of a column, sized from the non-NULL rows it sees, at rate p; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, timestamptz, bigint, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, timestamptz, bigint, float8) IS
    'bloom_agg(timestamptz, bigint, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(timestamptz, bigint, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(timestamptz, bigint, float8) IS
    'a filter of a column sized for n elements at rate p (the shape of bloom_empty(n, p)); zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, timestamptz, @extschema@.bloomfilter) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans_shaped' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, timestamptz, @extschema@.bloomfilter) IS
    'bloom_agg(timestamptz, bloomfilter) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(timestamptz, @extschema@.bloomfilter) (
    SFUNC = @extschema@.bloom_agg_trans_shaped, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(timestamptz, @extschema@.bloomfilter) IS
    'a filter of a column in the shape of another filter (its m, k, design n and p), to OR into it; zero rows give NULL (the form Citus can push down)';
-- bytea
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, bytea) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, bytea) IS
    'bloom_agg(bytea) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(bytea) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(bytea) IS
    'a filter of a column, sized from the non-NULL rows it sees, at p = 0.01; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, bytea, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, bytea, float8) IS
    'bloom_agg(bytea, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(bytea, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(bytea, float8) IS
    'a filter of a column, sized from the non-NULL rows it sees, at rate p; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, bytea, bigint, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, bytea, bigint, float8) IS
    'bloom_agg(bytea, bigint, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(bytea, bigint, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(bytea, bigint, float8) IS
    'a filter of a column sized for n elements at rate p (the shape of bloom_empty(n, p)); zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, bytea, @extschema@.bloomfilter) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans_shaped' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, bytea, @extschema@.bloomfilter) IS
    'bloom_agg(bytea, bloomfilter) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg(bytea, @extschema@.bloomfilter) (
    SFUNC = @extschema@.bloom_agg_trans_shaped, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg(bytea, @extschema@.bloomfilter) IS
    'a filter of a column in the shape of another filter (its m, k, design n and p), to OR into it; zero rows give NULL (the form Citus can push down)';
-- "char"
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, "char") RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, "char") IS
    'bloom_agg("char") transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg("char") (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg("char") IS
    'a filter of a column, sized from the non-NULL rows it sees, at p = 0.01; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, "char", float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, "char", float8) IS
    'bloom_agg("char", float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg("char", float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg("char", float8) IS
    'a filter of a column, sized from the non-NULL rows it sees, at rate p; zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, "char", bigint, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans(@extschema@.bloom_agg_state, "char", bigint, float8) IS
    'bloom_agg("char", bigint, float8) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg("char", bigint, float8) (
    SFUNC = @extschema@.bloom_agg_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg("char", bigint, float8) IS
    'a filter of a column sized for n elements at rate p (the shape of bloom_empty(n, p)); zero rows give an empty filter (the form Citus can push down)';
CREATE FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, "char", @extschema@.bloomfilter) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'bloom_agg_trans_shaped' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloom_agg_trans_shaped(@extschema@.bloom_agg_state, "char", @extschema@.bloomfilter) IS
    'bloom_agg("char", bloomfilter) transition: adds a value to the aggregate state';
CREATE AGGREGATE @extschema@.bloom_agg("char", @extschema@.bloomfilter) (
    SFUNC = @extschema@.bloom_agg_trans_shaped, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.bloom_agg_final,
    COMBINEFUNC = @extschema@.bloom_agg_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloom_agg("char", @extschema@.bloomfilter) IS
    'a filter of a column in the shape of another filter (its m, k, design n and p), to OR into it; zero rows give NULL (the form Citus can push down)';

-- ---------------------------------------------------------------- countingbloom (1.1)
-- A counting Bloom filter: bloomfilter's blocks, k and hashing, each bit a
-- 4-bit counter (saturating at 15), so values can be removed.  Cast to
-- bloomfilter it gives exactly the filter the same adds would have built.

CREATE TYPE @extschema@.countingbloom;
CREATE FUNCTION @extschema@.countingbloom_in(cstring) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_in(cstring) IS 'input function of type countingbloom: base64 of the stored bytes, validated';
CREATE FUNCTION @extschema@.countingbloom_out(@extschema@.countingbloom) RETURNS cstring
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_out(@extschema@.countingbloom) IS 'output function of type countingbloom: base64 of the stored bytes';
CREATE FUNCTION @extschema@.countingbloom_recv(internal) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_recv(internal) IS 'binary input function of type countingbloom: the stored bytes, validated';
CREATE FUNCTION @extschema@.countingbloom_send(@extschema@.countingbloom) RETURNS bytea
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_send(@extschema@.countingbloom) IS 'binary output function of type countingbloom: the stored bytes';
-- STORAGE = external: a large value goes out of line uncompressed, so a
-- probe reads only the slices it needs.
CREATE TYPE @extschema@.countingbloom (
    INPUT = @extschema@.countingbloom_in, OUTPUT = @extschema@.countingbloom_out, RECEIVE = @extschema@.countingbloom_recv, SEND = @extschema@.countingbloom_send,
    INTERNALLENGTH = VARIABLE, STORAGE = external
);
COMMENT ON TYPE @extschema@.countingbloom IS 'Counting Bloom filter: a bloomfilter whose bits are 4-bit counters, so values can be removed; casts to bloomfilter; text form: base64 of the stored bytes';

CREATE FUNCTION @extschema@.countingbloom_empty(n bigint, p float8 DEFAULT 0.01) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_empty' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_empty(bigint, float8) IS 'an empty countingbloom for n elements at false-positive rate p';

-- Not strict: a NULL value changes nothing and returns the filter unchanged.
-- The text forms take untyped literals; the "char" forms take "char" by exact
-- match (its implicit cast to text would make text and anyelement ambiguous).
CREATE FUNCTION @extschema@.countingbloom_add(filter @extschema@.countingbloom, value anyelement) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_add' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_add(@extschema@.countingbloom, anyelement) IS 'a new filter with the value added';
CREATE FUNCTION @extschema@.countingbloom_add(filter @extschema@.countingbloom, value text) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_add' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_add(@extschema@.countingbloom, text) IS 'a new filter with the value added';
CREATE FUNCTION @extschema@.countingbloom_add(filter @extschema@.countingbloom, value "char") RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_add' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_add(@extschema@.countingbloom, "char") IS 'a new filter with the value added';
CREATE FUNCTION @extschema@.countingbloom_remove(filter @extschema@.countingbloom, value anyelement) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_remove' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_remove(@extschema@.countingbloom, anyelement) IS 'a new filter with one copy of the value removed (remove only what you added)';
CREATE FUNCTION @extschema@.countingbloom_remove(filter @extschema@.countingbloom, value text) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_remove' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_remove(@extschema@.countingbloom, text) IS 'a new filter with one copy of the value removed (remove only what you added)';
CREATE FUNCTION @extschema@.countingbloom_remove(filter @extschema@.countingbloom, value "char") RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_remove' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_remove(@extschema@.countingbloom, "char") IS 'a new filter with one copy of the value removed (remove only what you added)';
CREATE FUNCTION @extschema@.countingbloom_add_all(filter @extschema@.countingbloom, "values" anyarray) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_add_all' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_add_all(@extschema@.countingbloom, anyarray) IS 'a new filter with every non-NULL element of the array added';
CREATE FUNCTION @extschema@.countingbloom_remove_all(filter @extschema@.countingbloom, "values" anyarray) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_remove_all' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_remove_all(@extschema@.countingbloom, anyarray) IS 'a new filter with one copy of every non-NULL element of the array removed';

CREATE FUNCTION @extschema@.countingbloom_contains(filter @extschema@.countingbloom, value anyelement) RETURNS boolean
    AS 'MODULE_PATHNAME', 'countingbloom_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_contains(@extschema@.countingbloom, anyelement) IS 'false if the value is certainly not in the filter, true if it probably is';
CREATE FUNCTION @extschema@.countingbloom_contained(value anyelement, filter @extschema@.countingbloom) RETURNS boolean
    AS 'MODULE_PATHNAME', 'countingbloom_contained' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_contained(anyelement, @extschema@.countingbloom) IS 'the membership test with the value first (value <@ filter)';
CREATE FUNCTION @extschema@.countingbloom_contains(filter @extschema@.countingbloom, value text) RETURNS boolean
    AS 'MODULE_PATHNAME', 'countingbloom_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_contains(@extschema@.countingbloom, text) IS 'false if the value is certainly not in the filter, true if it probably is';
CREATE FUNCTION @extschema@.countingbloom_contained(value text, filter @extschema@.countingbloom) RETURNS boolean
    AS 'MODULE_PATHNAME', 'countingbloom_contained' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_contained(text, @extschema@.countingbloom) IS 'the membership test with the value first (value <@ filter)';
CREATE FUNCTION @extschema@.countingbloom_contains(filter @extschema@.countingbloom, value "char") RETURNS boolean
    AS 'MODULE_PATHNAME', 'countingbloom_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_contains(@extschema@.countingbloom, "char") IS 'false if the value is certainly not in the filter, true if it probably is';
CREATE FUNCTION @extschema@.countingbloom_contained(value "char", filter @extschema@.countingbloom) RETURNS boolean
    AS 'MODULE_PATHNAME', 'countingbloom_contained' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_contained("char", @extschema@.countingbloom) IS 'the membership test with the value first (value <@ filter)';
CREATE OPERATOR @extschema@.@> (LEFTARG = @extschema@.countingbloom, RIGHTARG = anyelement,
    FUNCTION = @extschema@.countingbloom_contains, COMMUTATOR = OPERATOR(@extschema@.<@));
COMMENT ON OPERATOR @extschema@.@> (@extschema@.countingbloom, anyelement) IS 'filter @> value: the value is probably in the filter';
CREATE OPERATOR @extschema@.<@ (LEFTARG = anyelement, RIGHTARG = @extschema@.countingbloom,
    FUNCTION = @extschema@.countingbloom_contained, COMMUTATOR = OPERATOR(@extschema@.@>));
COMMENT ON OPERATOR @extschema@.<@ (anyelement, @extschema@.countingbloom) IS 'value <@ filter: the value is probably in the filter';
CREATE OPERATOR @extschema@.@> (LEFTARG = @extschema@.countingbloom, RIGHTARG = text,
    FUNCTION = @extschema@.countingbloom_contains, COMMUTATOR = OPERATOR(@extschema@.<@));
COMMENT ON OPERATOR @extschema@.@> (@extschema@.countingbloom, text) IS 'filter @> value: the value is probably in the filter';
CREATE OPERATOR @extschema@.<@ (LEFTARG = text, RIGHTARG = @extschema@.countingbloom,
    FUNCTION = @extschema@.countingbloom_contained, COMMUTATOR = OPERATOR(@extschema@.@>));
COMMENT ON OPERATOR @extschema@.<@ (text, @extschema@.countingbloom) IS 'value <@ filter: the value is probably in the filter';
CREATE OPERATOR @extschema@.@> (LEFTARG = @extschema@.countingbloom, RIGHTARG = "char",
    FUNCTION = @extschema@.countingbloom_contains, COMMUTATOR = OPERATOR(@extschema@.<@));
COMMENT ON OPERATOR @extschema@.@> (@extschema@.countingbloom, "char") IS 'filter @> value: the value is probably in the filter';
CREATE OPERATOR @extschema@.<@ (LEFTARG = "char", RIGHTARG = @extschema@.countingbloom,
    FUNCTION = @extschema@.countingbloom_contained, COMMUTATOR = OPERATOR(@extschema@.@>));
COMMENT ON OPERATOR @extschema@.<@ ("char", @extschema@.countingbloom) IS 'value <@ filter: the value is probably in the filter';

-- Not strict: NULL is the empty set, as for bloom_union.
CREATE FUNCTION @extschema@.countingbloom_union(a @extschema@.countingbloom, b @extschema@.countingbloom) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_union' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_union(@extschema@.countingbloom, @extschema@.countingbloom) IS 'the union of two counting filters of the same shape: counters added, saturating';
CREATE OPERATOR @extschema@.| (LEFTARG = @extschema@.countingbloom, RIGHTARG = @extschema@.countingbloom,
    FUNCTION = @extschema@.countingbloom_union, COMMUTATOR = OPERATOR(@extschema@.|));
COMMENT ON OPERATOR @extschema@.| (@extschema@.countingbloom, @extschema@.countingbloom) IS 'a | b: the union of two counting filters of the same shape: counters added, saturating';
CREATE FUNCTION @extschema@.countingbloom_union_agg_trans(@extschema@.countingbloom, @extschema@.countingbloom) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_union_agg_trans(@extschema@.countingbloom, @extschema@.countingbloom) IS 'countingbloom_union_agg transition and countingbloom_agg combine function: unites the state with a filter';
CREATE AGGREGATE @extschema@.countingbloom_union_agg(@extschema@.countingbloom) (
    SFUNC = @extschema@.countingbloom_union_agg_trans, STYPE = @extschema@.countingbloom,
    COMBINEFUNC = @extschema@.countingbloom_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_union_agg(@extschema@.countingbloom) IS 'the union of a column of countingbloom values; zero rows give NULL';

CREATE FUNCTION @extschema@.countingbloom_info(filter @extschema@.countingbloom,
    OUT m bigint, OUT k int, OUT n bigint, OUT counters_set bigint, OUT counters_saturated bigint,
    OUT fill_ratio float8, OUT fpp float8, OUT bytes bigint, OUT design_n bigint,
    OUT design_p float8, OUT value_kind text, OUT format_version int)
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_info(@extschema@.countingbloom) IS 'size, k, element count, counters set and saturated, and estimated false-positive rate of a counting filter';
CREATE FUNCTION @extschema@.countingbloom_to_bloomfilter(filter @extschema@.countingbloom)
    RETURNS @extschema@.bloomfilter
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_to_bloomfilter(@extschema@.countingbloom) IS 'the bloomfilter of a counting filter: a set bit for every counter above 0';
CREATE CAST (@extschema@.countingbloom AS @extschema@.bloomfilter)
    WITH FUNCTION @extschema@.countingbloom_to_bloomfilter(@extschema@.countingbloom) AS ASSIGNMENT;
COMMENT ON CAST (@extschema@.countingbloom AS @extschema@.bloomfilter) IS 'a counting filter as the bloomfilter the same adds would have built';

-- countingbloom_agg(x, n, p): the state is the filter itself (a real type, so partial
-- states travel between processes and Citus nodes through its I/O functions).
-- Concrete types first, for Citus (see bloom_agg above); anyelement for the rest.
CREATE FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, int2, bigint, float8) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, int2, bigint, float8) IS 'countingbloom_agg(int2, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.countingbloom_agg(int2, bigint, float8) (
    SFUNC = @extschema@.countingbloom_agg_trans, STYPE = @extschema@.countingbloom,
    COMBINEFUNC = @extschema@.countingbloom_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(int2, bigint, float8) IS 'a counting filter of a column sized for n elements at rate p, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, int4, bigint, float8) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, int4, bigint, float8) IS 'countingbloom_agg(int4, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.countingbloom_agg(int4, bigint, float8) (
    SFUNC = @extschema@.countingbloom_agg_trans, STYPE = @extschema@.countingbloom,
    COMBINEFUNC = @extschema@.countingbloom_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(int4, bigint, float8) IS 'a counting filter of a column sized for n elements at rate p, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, int8, bigint, float8) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, int8, bigint, float8) IS 'countingbloom_agg(int8, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.countingbloom_agg(int8, bigint, float8) (
    SFUNC = @extschema@.countingbloom_agg_trans, STYPE = @extschema@.countingbloom,
    COMBINEFUNC = @extschema@.countingbloom_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(int8, bigint, float8) IS 'a counting filter of a column sized for n elements at rate p, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, text, bigint, float8) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, text, bigint, float8) IS 'countingbloom_agg(text, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.countingbloom_agg(text, bigint, float8) (
    SFUNC = @extschema@.countingbloom_agg_trans, STYPE = @extschema@.countingbloom,
    COMBINEFUNC = @extschema@.countingbloom_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(text, bigint, float8) IS 'a counting filter of a column sized for n elements at rate p, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, varchar, bigint, float8) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, varchar, bigint, float8) IS 'countingbloom_agg(varchar, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.countingbloom_agg(varchar, bigint, float8) (
    SFUNC = @extschema@.countingbloom_agg_trans, STYPE = @extschema@.countingbloom,
    COMBINEFUNC = @extschema@.countingbloom_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(varchar, bigint, float8) IS 'a counting filter of a column sized for n elements at rate p, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, uuid, bigint, float8) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, uuid, bigint, float8) IS 'countingbloom_agg(uuid, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.countingbloom_agg(uuid, bigint, float8) (
    SFUNC = @extschema@.countingbloom_agg_trans, STYPE = @extschema@.countingbloom,
    COMBINEFUNC = @extschema@.countingbloom_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(uuid, bigint, float8) IS 'a counting filter of a column sized for n elements at rate p, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, numeric, bigint, float8) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, numeric, bigint, float8) IS 'countingbloom_agg(numeric, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.countingbloom_agg(numeric, bigint, float8) (
    SFUNC = @extschema@.countingbloom_agg_trans, STYPE = @extschema@.countingbloom,
    COMBINEFUNC = @extschema@.countingbloom_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(numeric, bigint, float8) IS 'a counting filter of a column sized for n elements at rate p, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, date, bigint, float8) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, date, bigint, float8) IS 'countingbloom_agg(date, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.countingbloom_agg(date, bigint, float8) (
    SFUNC = @extschema@.countingbloom_agg_trans, STYPE = @extschema@.countingbloom,
    COMBINEFUNC = @extschema@.countingbloom_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(date, bigint, float8) IS 'a counting filter of a column sized for n elements at rate p, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, timestamp, bigint, float8) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, timestamp, bigint, float8) IS 'countingbloom_agg(timestamp, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.countingbloom_agg(timestamp, bigint, float8) (
    SFUNC = @extschema@.countingbloom_agg_trans, STYPE = @extschema@.countingbloom,
    COMBINEFUNC = @extschema@.countingbloom_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(timestamp, bigint, float8) IS 'a counting filter of a column sized for n elements at rate p, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, timestamptz, bigint, float8) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, timestamptz, bigint, float8) IS 'countingbloom_agg(timestamptz, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.countingbloom_agg(timestamptz, bigint, float8) (
    SFUNC = @extschema@.countingbloom_agg_trans, STYPE = @extschema@.countingbloom,
    COMBINEFUNC = @extschema@.countingbloom_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(timestamptz, bigint, float8) IS 'a counting filter of a column sized for n elements at rate p, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, bytea, bigint, float8) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, bytea, bigint, float8) IS 'countingbloom_agg(bytea, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.countingbloom_agg(bytea, bigint, float8) (
    SFUNC = @extschema@.countingbloom_agg_trans, STYPE = @extschema@.countingbloom,
    COMBINEFUNC = @extschema@.countingbloom_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(bytea, bigint, float8) IS 'a counting filter of a column sized for n elements at rate p, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, "char", bigint, float8) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, "char", bigint, float8) IS 'countingbloom_agg("char", bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.countingbloom_agg("char", bigint, float8) (
    SFUNC = @extschema@.countingbloom_agg_trans, STYPE = @extschema@.countingbloom,
    COMBINEFUNC = @extschema@.countingbloom_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg("char", bigint, float8) IS 'a counting filter of a column sized for n elements at rate p, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, anyelement, bigint, float8) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME', 'countingbloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_trans(@extschema@.countingbloom, anyelement, bigint, float8) IS 'countingbloom_agg(anyelement, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.countingbloom_agg(anyelement, bigint, float8) (
    SFUNC = @extschema@.countingbloom_agg_trans, STYPE = @extschema@.countingbloom,
    COMBINEFUNC = @extschema@.countingbloom_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(anyelement, bigint, float8) IS 'a counting filter of a column sized for n elements at rate p, every non-NULL row added; zero rows give NULL';

-- countingbloom_agg(x) and countingbloom_agg(x, p): sized from the rows seen,
-- as bloom_agg(x) is.  bloom_agg's state, with its transition and combine
-- behind countingbloom_agg_hashes_trans and _combine, which keep the state
-- a hash list (past bloomfilter.agg_hash_limit rows, an ERROR at once);
-- the final function builds the filter from the hashes.
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_combine(@extschema@.bloom_agg_state, @extschema@.bloom_agg_state)
    RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_combine' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_combine(@extschema@.bloom_agg_state, @extschema@.bloom_agg_state) IS
    'countingbloom_agg(x) and countingbloom_agg(x, p) combine function: bloom_agg''s, two partial hash lists past bloomfilter.agg_hash_limit together an ERROR';
CREATE FUNCTION @extschema@.countingbloom_agg_final(@extschema@.bloom_agg_state) RETURNS @extschema@.countingbloom
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_final(@extschema@.bloom_agg_state) IS
    'countingbloom_agg(x) and countingbloom_agg(x, p) final function: a counting filter sized for the rows of the state''s hash list';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, int2) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, int2) IS
    'countingbloom_agg(int2) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(int2) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(int2) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at p = 0.01 (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, int2, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, int2, float8) IS
    'countingbloom_agg(int2, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(int2, float8) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(int2, float8) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at rate p (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, int4) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, int4) IS
    'countingbloom_agg(int4) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(int4) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(int4) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at p = 0.01 (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, int4, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, int4, float8) IS
    'countingbloom_agg(int4, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(int4, float8) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(int4, float8) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at rate p (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, int8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, int8) IS
    'countingbloom_agg(int8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(int8) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(int8) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at p = 0.01 (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, int8, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, int8, float8) IS
    'countingbloom_agg(int8, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(int8, float8) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(int8, float8) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at rate p (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, text) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, text) IS
    'countingbloom_agg(text) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(text) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(text) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at p = 0.01 (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, text, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, text, float8) IS
    'countingbloom_agg(text, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(text, float8) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(text, float8) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at rate p (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, varchar) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, varchar) IS
    'countingbloom_agg(varchar) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(varchar) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(varchar) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at p = 0.01 (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, varchar, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, varchar, float8) IS
    'countingbloom_agg(varchar, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(varchar, float8) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(varchar, float8) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at rate p (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, uuid) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, uuid) IS
    'countingbloom_agg(uuid) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(uuid) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(uuid) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at p = 0.01 (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, uuid, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, uuid, float8) IS
    'countingbloom_agg(uuid, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(uuid, float8) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(uuid, float8) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at rate p (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, numeric) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, numeric) IS
    'countingbloom_agg(numeric) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(numeric) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(numeric) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at p = 0.01 (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, numeric, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, numeric, float8) IS
    'countingbloom_agg(numeric, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(numeric, float8) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(numeric, float8) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at rate p (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, date) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, date) IS
    'countingbloom_agg(date) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(date) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(date) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at p = 0.01 (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, date, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, date, float8) IS
    'countingbloom_agg(date, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(date, float8) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(date, float8) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at rate p (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, timestamp) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, timestamp) IS
    'countingbloom_agg(timestamp) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(timestamp) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(timestamp) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at p = 0.01 (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, timestamp, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, timestamp, float8) IS
    'countingbloom_agg(timestamp, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(timestamp, float8) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(timestamp, float8) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at rate p (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, timestamptz) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, timestamptz) IS
    'countingbloom_agg(timestamptz) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(timestamptz) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(timestamptz) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at p = 0.01 (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, timestamptz, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, timestamptz, float8) IS
    'countingbloom_agg(timestamptz, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(timestamptz, float8) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(timestamptz, float8) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at rate p (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, bytea) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, bytea) IS
    'countingbloom_agg(bytea) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(bytea) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(bytea) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at p = 0.01 (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, bytea, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, bytea, float8) IS
    'countingbloom_agg(bytea, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(bytea, float8) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(bytea, float8) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at rate p (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, "char") RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, "char") IS
    'countingbloom_agg("char") transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg("char") (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg("char") IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at p = 0.01 (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, "char", float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, "char", float8) IS
    'countingbloom_agg("char", float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg("char", float8) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg("char", float8) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at rate p (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, anyelement) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, anyelement) IS
    'countingbloom_agg(anyelement) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(anyelement) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(anyelement) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at p = 0.01 (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';
CREATE FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, anyelement, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'countingbloom_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.countingbloom_agg_hashes_trans(@extschema@.bloom_agg_state, anyelement, float8) IS
    'countingbloom_agg(anyelement, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.countingbloom_agg(anyelement, float8) (
    SFUNC = @extschema@.countingbloom_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.countingbloom_agg_final,
    COMBINEFUNC = @extschema@.countingbloom_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.countingbloom_agg(anyelement, float8) IS
    'a counting filter of a column, sized from the non-NULL rows it sees, at rate p (cast to bloomfilter: bloom_agg of the same rows); zero rows give NULL';

-- ---------------------------------------------------------------- cuckoofilter (1.1)
-- A cuckoo filter (Fan et al. 2014): an f-bit fingerprint per element in one
-- of two buckets of 4 slots; removes and counts copies.  A full filter is an
-- ERROR and the value is left as it was.

CREATE TYPE @extschema@.cuckoofilter;
CREATE FUNCTION @extschema@.cuckoofilter_in(cstring) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoofilter_in(cstring) IS 'input function of type cuckoofilter: base64 of the stored bytes, validated';
CREATE FUNCTION @extschema@.cuckoofilter_out(@extschema@.cuckoofilter) RETURNS cstring
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoofilter_out(@extschema@.cuckoofilter) IS 'output function of type cuckoofilter: base64 of the stored bytes';
CREATE FUNCTION @extschema@.cuckoofilter_recv(internal) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoofilter_recv(internal) IS 'binary input function of type cuckoofilter: the stored bytes, validated';
CREATE FUNCTION @extschema@.cuckoofilter_send(@extschema@.cuckoofilter) RETURNS bytea
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoofilter_send(@extschema@.cuckoofilter) IS 'binary output function of type cuckoofilter: the stored bytes';
-- STORAGE = external: a large value goes out of line uncompressed, so a
-- probe reads only the slices it needs.
CREATE TYPE @extschema@.cuckoofilter (
    INPUT = @extschema@.cuckoofilter_in, OUTPUT = @extschema@.cuckoofilter_out, RECEIVE = @extschema@.cuckoofilter_recv, SEND = @extschema@.cuckoofilter_send,
    INTERNALLENGTH = VARIABLE, STORAGE = external
);
COMMENT ON TYPE @extschema@.cuckoofilter IS 'Cuckoo filter: short fingerprints in buckets of 4 slots; values can be removed and counted; text form: base64 of the stored bytes';

CREATE FUNCTION @extschema@.cuckoo_empty(n bigint, p float8 DEFAULT 0.01) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_empty' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_empty(bigint, float8) IS 'an empty cuckoofilter for n elements at false-positive rate p';

-- Not strict: a NULL value changes nothing and returns the filter unchanged.
-- The text forms take untyped literals; the "char" forms take "char" by exact
-- match (its implicit cast to text would make text and anyelement ambiguous).
CREATE FUNCTION @extschema@.cuckoo_add(filter @extschema@.cuckoofilter, value anyelement) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_add' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_add(@extschema@.cuckoofilter, anyelement) IS 'a new filter with the value added';
CREATE FUNCTION @extschema@.cuckoo_add(filter @extschema@.cuckoofilter, value text) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_add' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_add(@extschema@.cuckoofilter, text) IS 'a new filter with the value added';
CREATE FUNCTION @extschema@.cuckoo_add(filter @extschema@.cuckoofilter, value "char") RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_add' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_add(@extschema@.cuckoofilter, "char") IS 'a new filter with the value added';
CREATE FUNCTION @extschema@.cuckoo_remove(filter @extschema@.cuckoofilter, value anyelement) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_remove' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_remove(@extschema@.cuckoofilter, anyelement) IS 'a new filter with one copy of the value removed (remove only what you added)';
CREATE FUNCTION @extschema@.cuckoo_remove(filter @extschema@.cuckoofilter, value text) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_remove' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_remove(@extschema@.cuckoofilter, text) IS 'a new filter with one copy of the value removed (remove only what you added)';
CREATE FUNCTION @extschema@.cuckoo_remove(filter @extschema@.cuckoofilter, value "char") RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_remove' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_remove(@extschema@.cuckoofilter, "char") IS 'a new filter with one copy of the value removed (remove only what you added)';
CREATE FUNCTION @extschema@.cuckoo_add_all(filter @extschema@.cuckoofilter, "values" anyarray) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_add_all' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_add_all(@extschema@.cuckoofilter, anyarray) IS 'a new filter with every non-NULL element of the array added';
CREATE FUNCTION @extschema@.cuckoo_remove_all(filter @extschema@.cuckoofilter, "values" anyarray) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_remove_all' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_remove_all(@extschema@.cuckoofilter, anyarray) IS 'a new filter with one copy of every non-NULL element of the array removed';

CREATE FUNCTION @extschema@.cuckoo_contains(filter @extschema@.cuckoofilter, value anyelement) RETURNS boolean
    AS 'MODULE_PATHNAME', 'cuckoo_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_contains(@extschema@.cuckoofilter, anyelement) IS 'false if the value is certainly not in the filter, true if it probably is';
CREATE FUNCTION @extschema@.cuckoo_contained(value anyelement, filter @extschema@.cuckoofilter) RETURNS boolean
    AS 'MODULE_PATHNAME', 'cuckoo_contained' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_contained(anyelement, @extschema@.cuckoofilter) IS 'the membership test with the value first (value <@ filter)';
CREATE FUNCTION @extschema@.cuckoo_contains(filter @extschema@.cuckoofilter, value text) RETURNS boolean
    AS 'MODULE_PATHNAME', 'cuckoo_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_contains(@extschema@.cuckoofilter, text) IS 'false if the value is certainly not in the filter, true if it probably is';
CREATE FUNCTION @extschema@.cuckoo_contained(value text, filter @extschema@.cuckoofilter) RETURNS boolean
    AS 'MODULE_PATHNAME', 'cuckoo_contained' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_contained(text, @extschema@.cuckoofilter) IS 'the membership test with the value first (value <@ filter)';
CREATE FUNCTION @extschema@.cuckoo_contains(filter @extschema@.cuckoofilter, value "char") RETURNS boolean
    AS 'MODULE_PATHNAME', 'cuckoo_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_contains(@extschema@.cuckoofilter, "char") IS 'false if the value is certainly not in the filter, true if it probably is';
CREATE FUNCTION @extschema@.cuckoo_contained(value "char", filter @extschema@.cuckoofilter) RETURNS boolean
    AS 'MODULE_PATHNAME', 'cuckoo_contained' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_contained("char", @extschema@.cuckoofilter) IS 'the membership test with the value first (value <@ filter)';
CREATE OPERATOR @extschema@.@> (LEFTARG = @extschema@.cuckoofilter, RIGHTARG = anyelement,
    FUNCTION = @extschema@.cuckoo_contains, COMMUTATOR = OPERATOR(@extschema@.<@));
COMMENT ON OPERATOR @extschema@.@> (@extschema@.cuckoofilter, anyelement) IS 'filter @> value: the value is probably in the filter';
CREATE OPERATOR @extschema@.<@ (LEFTARG = anyelement, RIGHTARG = @extschema@.cuckoofilter,
    FUNCTION = @extschema@.cuckoo_contained, COMMUTATOR = OPERATOR(@extschema@.@>));
COMMENT ON OPERATOR @extschema@.<@ (anyelement, @extschema@.cuckoofilter) IS 'value <@ filter: the value is probably in the filter';
CREATE OPERATOR @extschema@.@> (LEFTARG = @extschema@.cuckoofilter, RIGHTARG = text,
    FUNCTION = @extschema@.cuckoo_contains, COMMUTATOR = OPERATOR(@extschema@.<@));
COMMENT ON OPERATOR @extschema@.@> (@extschema@.cuckoofilter, text) IS 'filter @> value: the value is probably in the filter';
CREATE OPERATOR @extschema@.<@ (LEFTARG = text, RIGHTARG = @extschema@.cuckoofilter,
    FUNCTION = @extschema@.cuckoo_contained, COMMUTATOR = OPERATOR(@extschema@.@>));
COMMENT ON OPERATOR @extschema@.<@ (text, @extschema@.cuckoofilter) IS 'value <@ filter: the value is probably in the filter';
CREATE OPERATOR @extschema@.@> (LEFTARG = @extschema@.cuckoofilter, RIGHTARG = "char",
    FUNCTION = @extschema@.cuckoo_contains, COMMUTATOR = OPERATOR(@extschema@.<@));
COMMENT ON OPERATOR @extschema@.@> (@extschema@.cuckoofilter, "char") IS 'filter @> value: the value is probably in the filter';
CREATE OPERATOR @extschema@.<@ (LEFTARG = "char", RIGHTARG = @extschema@.cuckoofilter,
    FUNCTION = @extschema@.cuckoo_contained, COMMUTATOR = OPERATOR(@extschema@.@>));
COMMENT ON OPERATOR @extschema@.<@ ("char", @extschema@.cuckoofilter) IS 'value <@ filter: the value is probably in the filter';

-- Not strict: NULL is the empty set, as for bloom_union.
CREATE FUNCTION @extschema@.cuckoo_union(a @extschema@.cuckoofilter, b @extschema@.cuckoofilter) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_union' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_union(@extschema@.cuckoofilter, @extschema@.cuckoofilter) IS 'the union of two cuckoo filters of the same shape: every fingerprint of b inserted into a';
CREATE OPERATOR @extschema@.| (LEFTARG = @extschema@.cuckoofilter, RIGHTARG = @extschema@.cuckoofilter,
    FUNCTION = @extschema@.cuckoo_union, COMMUTATOR = OPERATOR(@extschema@.|));
COMMENT ON OPERATOR @extschema@.| (@extschema@.cuckoofilter, @extschema@.cuckoofilter) IS 'a | b: the union of two cuckoo filters of the same shape: every fingerprint of b inserted into a';
CREATE FUNCTION @extschema@.cuckoo_union_agg_trans(@extschema@.cuckoofilter, @extschema@.cuckoofilter) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_union_agg_trans(@extschema@.cuckoofilter, @extschema@.cuckoofilter) IS 'cuckoo_union_agg transition and cuckoo_agg combine function: unites the state with a filter';
CREATE AGGREGATE @extschema@.cuckoo_union_agg(@extschema@.cuckoofilter) (
    SFUNC = @extschema@.cuckoo_union_agg_trans, STYPE = @extschema@.cuckoofilter,
    COMBINEFUNC = @extschema@.cuckoo_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_union_agg(@extschema@.cuckoofilter) IS 'the union of a column of cuckoofilter values; zero rows give NULL';

CREATE FUNCTION @extschema@.cuckoo_count(filter @extschema@.cuckoofilter, value anyelement) RETURNS int
    AS 'MODULE_PATHNAME', 'cuckoo_count' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_count(@extschema@.cuckoofilter, anyelement) IS 'copies of the value''s fingerprint in its two buckets (0 to 8; may over-count)';
CREATE FUNCTION @extschema@.cuckoo_count(filter @extschema@.cuckoofilter, value text) RETURNS int
    AS 'MODULE_PATHNAME', 'cuckoo_count' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_count(@extschema@.cuckoofilter, text) IS 'copies of the value''s fingerprint in its two buckets (0 to 8; may over-count)';
CREATE FUNCTION @extschema@.cuckoo_count(filter @extschema@.cuckoofilter, value "char") RETURNS int
    AS 'MODULE_PATHNAME', 'cuckoo_count' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_count(@extschema@.cuckoofilter, "char") IS 'copies of the value''s fingerprint in its two buckets (0 to 8; may over-count)';
CREATE FUNCTION @extschema@.cuckoo_info(filter @extschema@.cuckoofilter,
    OUT buckets bigint, OUT slots bigint, OUT fingerprint_bits int, OUT n bigint, OUT load float8,
    OUT fpp float8, OUT stash_used boolean, OUT bytes bigint, OUT design_n bigint,
    OUT design_p float8, OUT value_kind text, OUT format_version int)
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_info(@extschema@.cuckoofilter) IS 'buckets, fingerprint bits, items, load and estimated false-positive rate of a cuckoo filter';

-- cuckoo_agg(x, n, p): the state is the filter itself (a real type, so partial
-- states travel between processes and Citus nodes through its I/O functions).
-- Concrete types first, for Citus (see bloom_agg above); anyelement for the rest.
CREATE FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, int2, bigint, float8) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, int2, bigint, float8) IS 'cuckoo_agg(int2, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.cuckoo_agg(int2, bigint, float8) (
    SFUNC = @extschema@.cuckoo_agg_trans, STYPE = @extschema@.cuckoofilter,
    COMBINEFUNC = @extschema@.cuckoo_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(int2, bigint, float8) IS 'a cuckoo filter of a column sized for n elements at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, int4, bigint, float8) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, int4, bigint, float8) IS 'cuckoo_agg(int4, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.cuckoo_agg(int4, bigint, float8) (
    SFUNC = @extschema@.cuckoo_agg_trans, STYPE = @extschema@.cuckoofilter,
    COMBINEFUNC = @extschema@.cuckoo_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(int4, bigint, float8) IS 'a cuckoo filter of a column sized for n elements at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, int8, bigint, float8) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, int8, bigint, float8) IS 'cuckoo_agg(int8, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.cuckoo_agg(int8, bigint, float8) (
    SFUNC = @extschema@.cuckoo_agg_trans, STYPE = @extschema@.cuckoofilter,
    COMBINEFUNC = @extschema@.cuckoo_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(int8, bigint, float8) IS 'a cuckoo filter of a column sized for n elements at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, text, bigint, float8) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, text, bigint, float8) IS 'cuckoo_agg(text, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.cuckoo_agg(text, bigint, float8) (
    SFUNC = @extschema@.cuckoo_agg_trans, STYPE = @extschema@.cuckoofilter,
    COMBINEFUNC = @extschema@.cuckoo_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(text, bigint, float8) IS 'a cuckoo filter of a column sized for n elements at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, varchar, bigint, float8) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, varchar, bigint, float8) IS 'cuckoo_agg(varchar, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.cuckoo_agg(varchar, bigint, float8) (
    SFUNC = @extschema@.cuckoo_agg_trans, STYPE = @extschema@.cuckoofilter,
    COMBINEFUNC = @extschema@.cuckoo_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(varchar, bigint, float8) IS 'a cuckoo filter of a column sized for n elements at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, uuid, bigint, float8) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, uuid, bigint, float8) IS 'cuckoo_agg(uuid, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.cuckoo_agg(uuid, bigint, float8) (
    SFUNC = @extschema@.cuckoo_agg_trans, STYPE = @extschema@.cuckoofilter,
    COMBINEFUNC = @extschema@.cuckoo_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(uuid, bigint, float8) IS 'a cuckoo filter of a column sized for n elements at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, numeric, bigint, float8) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, numeric, bigint, float8) IS 'cuckoo_agg(numeric, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.cuckoo_agg(numeric, bigint, float8) (
    SFUNC = @extschema@.cuckoo_agg_trans, STYPE = @extschema@.cuckoofilter,
    COMBINEFUNC = @extschema@.cuckoo_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(numeric, bigint, float8) IS 'a cuckoo filter of a column sized for n elements at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, date, bigint, float8) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, date, bigint, float8) IS 'cuckoo_agg(date, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.cuckoo_agg(date, bigint, float8) (
    SFUNC = @extschema@.cuckoo_agg_trans, STYPE = @extschema@.cuckoofilter,
    COMBINEFUNC = @extschema@.cuckoo_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(date, bigint, float8) IS 'a cuckoo filter of a column sized for n elements at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, timestamp, bigint, float8) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, timestamp, bigint, float8) IS 'cuckoo_agg(timestamp, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.cuckoo_agg(timestamp, bigint, float8) (
    SFUNC = @extschema@.cuckoo_agg_trans, STYPE = @extschema@.cuckoofilter,
    COMBINEFUNC = @extschema@.cuckoo_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(timestamp, bigint, float8) IS 'a cuckoo filter of a column sized for n elements at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, timestamptz, bigint, float8) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, timestamptz, bigint, float8) IS 'cuckoo_agg(timestamptz, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.cuckoo_agg(timestamptz, bigint, float8) (
    SFUNC = @extschema@.cuckoo_agg_trans, STYPE = @extschema@.cuckoofilter,
    COMBINEFUNC = @extschema@.cuckoo_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(timestamptz, bigint, float8) IS 'a cuckoo filter of a column sized for n elements at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, bytea, bigint, float8) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, bytea, bigint, float8) IS 'cuckoo_agg(bytea, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.cuckoo_agg(bytea, bigint, float8) (
    SFUNC = @extschema@.cuckoo_agg_trans, STYPE = @extschema@.cuckoofilter,
    COMBINEFUNC = @extschema@.cuckoo_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(bytea, bigint, float8) IS 'a cuckoo filter of a column sized for n elements at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, "char", bigint, float8) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, "char", bigint, float8) IS 'cuckoo_agg("char", bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.cuckoo_agg("char", bigint, float8) (
    SFUNC = @extschema@.cuckoo_agg_trans, STYPE = @extschema@.cuckoofilter,
    COMBINEFUNC = @extschema@.cuckoo_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg("char", bigint, float8) IS 'a cuckoo filter of a column sized for n elements at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, anyelement, bigint, float8) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME', 'cuckoo_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_trans(@extschema@.cuckoofilter, anyelement, bigint, float8) IS 'cuckoo_agg(anyelement, bigint, float8) transition: adds a value to the filter';
CREATE AGGREGATE @extschema@.cuckoo_agg(anyelement, bigint, float8) (
    SFUNC = @extschema@.cuckoo_agg_trans, STYPE = @extschema@.cuckoofilter,
    COMBINEFUNC = @extschema@.cuckoo_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(anyelement, bigint, float8) IS 'a cuckoo filter of a column sized for n elements at rate p, every non-NULL row inserted; zero rows give NULL';

-- cuckoo_agg(x) and cuckoo_agg(x, p): sized from the rows seen, as
-- bloom_agg(x) is.  bloom_agg's state, with its transition and combine
-- behind cuckoo_agg_hashes_trans and _combine, which keep the state a hash
-- list (past bloomfilter.agg_hash_limit rows, an ERROR at once); a group's
-- first row checks p against the cuckoo filter's least rate; the final
-- function builds the filter from the hashes.
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_combine(@extschema@.bloom_agg_state, @extschema@.bloom_agg_state)
    RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_combine' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_combine(@extschema@.bloom_agg_state, @extschema@.bloom_agg_state) IS
    'cuckoo_agg(x) and cuckoo_agg(x, p) combine function: bloom_agg''s, two partial hash lists past bloomfilter.agg_hash_limit together an ERROR';
CREATE FUNCTION @extschema@.cuckoo_agg_final(@extschema@.bloom_agg_state) RETURNS @extschema@.cuckoofilter
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_final(@extschema@.bloom_agg_state) IS
    'cuckoo_agg(x) and cuckoo_agg(x, p) final function: a cuckoo filter sized for the rows of the state''s hash list';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, int2) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, int2) IS
    'cuckoo_agg(int2) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(int2) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(int2) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at p = 0.01, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, int2, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, int2, float8) IS
    'cuckoo_agg(int2, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(int2, float8) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(int2, float8) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, int4) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, int4) IS
    'cuckoo_agg(int4) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(int4) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(int4) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at p = 0.01, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, int4, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, int4, float8) IS
    'cuckoo_agg(int4, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(int4, float8) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(int4, float8) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, int8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, int8) IS
    'cuckoo_agg(int8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(int8) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(int8) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at p = 0.01, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, int8, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, int8, float8) IS
    'cuckoo_agg(int8, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(int8, float8) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(int8, float8) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, text) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, text) IS
    'cuckoo_agg(text) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(text) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(text) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at p = 0.01, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, text, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, text, float8) IS
    'cuckoo_agg(text, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(text, float8) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(text, float8) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, varchar) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, varchar) IS
    'cuckoo_agg(varchar) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(varchar) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(varchar) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at p = 0.01, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, varchar, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, varchar, float8) IS
    'cuckoo_agg(varchar, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(varchar, float8) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(varchar, float8) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, uuid) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, uuid) IS
    'cuckoo_agg(uuid) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(uuid) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(uuid) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at p = 0.01, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, uuid, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, uuid, float8) IS
    'cuckoo_agg(uuid, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(uuid, float8) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(uuid, float8) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, numeric) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, numeric) IS
    'cuckoo_agg(numeric) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(numeric) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(numeric) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at p = 0.01, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, numeric, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, numeric, float8) IS
    'cuckoo_agg(numeric, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(numeric, float8) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(numeric, float8) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, date) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, date) IS
    'cuckoo_agg(date) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(date) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(date) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at p = 0.01, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, date, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, date, float8) IS
    'cuckoo_agg(date, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(date, float8) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(date, float8) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, timestamp) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, timestamp) IS
    'cuckoo_agg(timestamp) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(timestamp) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(timestamp) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at p = 0.01, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, timestamp, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, timestamp, float8) IS
    'cuckoo_agg(timestamp, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(timestamp, float8) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(timestamp, float8) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, timestamptz) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, timestamptz) IS
    'cuckoo_agg(timestamptz) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(timestamptz) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(timestamptz) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at p = 0.01, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, timestamptz, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, timestamptz, float8) IS
    'cuckoo_agg(timestamptz, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(timestamptz, float8) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(timestamptz, float8) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, bytea) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, bytea) IS
    'cuckoo_agg(bytea) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(bytea) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(bytea) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at p = 0.01, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, bytea, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, bytea, float8) IS
    'cuckoo_agg(bytea, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(bytea, float8) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(bytea, float8) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, "char") RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, "char") IS
    'cuckoo_agg("char") transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg("char") (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg("char") IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at p = 0.01, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, "char", float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, "char", float8) IS
    'cuckoo_agg("char", float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg("char", float8) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg("char", float8) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at rate p, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, anyelement) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, anyelement) IS
    'cuckoo_agg(anyelement) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(anyelement) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(anyelement) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at p = 0.01, every non-NULL row inserted; zero rows give NULL';
CREATE FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, anyelement, float8) RETURNS @extschema@.bloom_agg_state
    AS 'MODULE_PATHNAME', 'cuckoo_agg_hashes_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cuckoo_agg_hashes_trans(@extschema@.bloom_agg_state, anyelement, float8) IS
    'cuckoo_agg(anyelement, float8) transition: adds a value''s hash to the aggregate state';
CREATE AGGREGATE @extschema@.cuckoo_agg(anyelement, float8) (
    SFUNC = @extschema@.cuckoo_agg_hashes_trans, STYPE = @extschema@.bloom_agg_state, FINALFUNC = @extschema@.cuckoo_agg_final,
    COMBINEFUNC = @extschema@.cuckoo_agg_hashes_combine, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.cuckoo_agg(anyelement, float8) IS
    'a cuckoo filter of a column, sized from the non-NULL rows it sees, at rate p, every non-NULL row inserted; zero rows give NULL';


-- ---------------------------------------------------------------- bloomwindow (1.1)
-- A sliding-window Bloom filter: a ring of G generations (2 to 8) of
-- blocked Bloom filters in bloomfilter's layout and hashing, block j of every
-- generation side by side.  Count mode keeps the last W insertions; time
-- mode the last T of time, the time an argument of add and probe (so the
-- functions stay immutable; now() works).  No false negative inside the
-- window; an item is forgotten at most W*G/(G-1) insertions or T*G/(G-1)
-- after it was added (README "Sets that forget").

CREATE TYPE @extschema@.bloomwindow;
CREATE FUNCTION @extschema@.bloomwindow_in(cstring) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_in(cstring) IS 'input function of type bloomwindow: base64 of the stored bytes, validated';
CREATE FUNCTION @extschema@.bloomwindow_out(@extschema@.bloomwindow) RETURNS cstring
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_out(@extschema@.bloomwindow) IS 'output function of type bloomwindow: base64 of the stored bytes';
CREATE FUNCTION @extschema@.bloomwindow_recv(internal) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_recv(internal) IS 'binary input function of type bloomwindow: the stored bytes, validated';
CREATE FUNCTION @extschema@.bloomwindow_send(@extschema@.bloomwindow) RETURNS bytea
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_send(@extschema@.bloomwindow) IS 'binary output function of type bloomwindow: the stored bytes';
-- STORAGE = external: a large value goes out of line uncompressed, so a
-- probe reads only the G blocks it needs, in one slice.
CREATE TYPE @extschema@.bloomwindow (
    INPUT = @extschema@.bloomwindow_in, OUTPUT = @extschema@.bloomwindow_out, RECEIVE = @extschema@.bloomwindow_recv, SEND = @extschema@.bloomwindow_send,
    INTERNALLENGTH = VARIABLE, STORAGE = external
);
COMMENT ON TYPE @extschema@.bloomwindow IS 'Sliding-window Bloom filter: a ring of generations that forgets the oldest, over the last W insertions (count mode) or the last T of time (time mode); text form: base64 of the stored bytes';

CREATE FUNCTION @extschema@.bloomwindow_empty_count(w bigint, p float8 DEFAULT 0.01, generations int DEFAULT 4) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_empty_count' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_empty_count(bigint, float8, int) IS 'an empty count-mode window over the last w insertions at false-positive rate p, in 2 to 8 generations';
CREATE FUNCTION @extschema@.bloomwindow_empty_time(t interval, n bigint, p float8 DEFAULT 0.01, generations int DEFAULT 4) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_empty_time' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_empty_time(interval, bigint, float8, int) IS 'an empty time-mode window over the last t (no months; days are 24 hours) for n items per window at false-positive rate p, in 2 to 8 generations';

-- Not strict: a NULL value changes nothing and returns the window unchanged.
-- The text forms take untyped literals; the "char" forms take "char" by exact
-- match (its implicit cast to text would make text and anyelement ambiguous).
CREATE FUNCTION @extschema@.bloomwindow_add(w @extschema@.bloomwindow, value anyelement) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_add' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_add(@extschema@.bloomwindow, anyelement) IS 'count mode: a new window with the value added (the oldest generation is reused after every ceil(w/(G-1)) insertions)';
CREATE FUNCTION @extschema@.bloomwindow_add(w @extschema@.bloomwindow, value anyelement, at timestamptz) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_add' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_add(@extschema@.bloomwindow, anyelement, timestamptz) IS 'time mode: a new window with the value added at time at; a time older than every kept generation returns the window unchanged';
CREATE FUNCTION @extschema@.bloomwindow_add(w @extschema@.bloomwindow, value text) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_add' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_add(@extschema@.bloomwindow, text) IS 'count mode: a new window with the value added (the oldest generation is reused after every ceil(w/(G-1)) insertions)';
CREATE FUNCTION @extschema@.bloomwindow_add(w @extschema@.bloomwindow, value text, at timestamptz) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_add' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_add(@extschema@.bloomwindow, text, timestamptz) IS 'time mode: a new window with the value added at time at; a time older than every kept generation returns the window unchanged';
CREATE FUNCTION @extschema@.bloomwindow_add(w @extschema@.bloomwindow, value "char") RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_add' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_add(@extschema@.bloomwindow, "char") IS 'count mode: a new window with the value added (the oldest generation is reused after every ceil(w/(G-1)) insertions)';
CREATE FUNCTION @extschema@.bloomwindow_add(w @extschema@.bloomwindow, value "char", at timestamptz) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_add' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_add(@extschema@.bloomwindow, "char", timestamptz) IS 'time mode: a new window with the value added at time at; a time older than every kept generation returns the window unchanged';
CREATE FUNCTION @extschema@.bloomwindow_add_all(w @extschema@.bloomwindow, "values" anyarray) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_add_all' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_add_all(@extschema@.bloomwindow, anyarray) IS 'count mode: a new window with every non-NULL element of the array added, in order';
CREATE FUNCTION @extschema@.bloomwindow_add_all(w @extschema@.bloomwindow, "values" anyarray, at timestamptz) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_add_all' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_add_all(@extschema@.bloomwindow, anyarray, timestamptz) IS 'time mode: a new window with every non-NULL element of the array added at time at';

CREATE FUNCTION @extschema@.bloomwindow_contains(w @extschema@.bloomwindow, value anyelement) RETURNS boolean
    AS 'MODULE_PATHNAME', 'bloomwindow_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_contains(@extschema@.bloomwindow, anyelement) IS 'count mode: false if the value is certainly not among the last w insertions (nor a little older), true if it probably is';
CREATE FUNCTION @extschema@.bloomwindow_contains(w @extschema@.bloomwindow, value anyelement, at timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'bloomwindow_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_contains(@extschema@.bloomwindow, anyelement, timestamptz) IS 'time mode: false if the value was certainly not added within the t before at (nor after at: a generation newer than at is tested too), true if it probably was';
CREATE FUNCTION @extschema@.bloomwindow_contains(w @extschema@.bloomwindow, value text) RETURNS boolean
    AS 'MODULE_PATHNAME', 'bloomwindow_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_contains(@extschema@.bloomwindow, text) IS 'count mode: false if the value is certainly not among the last w insertions (nor a little older), true if it probably is';
CREATE FUNCTION @extschema@.bloomwindow_contains(w @extschema@.bloomwindow, value text, at timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'bloomwindow_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_contains(@extschema@.bloomwindow, text, timestamptz) IS 'time mode: false if the value was certainly not added within the t before at (nor after at: a generation newer than at is tested too), true if it probably was';
CREATE FUNCTION @extschema@.bloomwindow_contains(w @extschema@.bloomwindow, value "char") RETURNS boolean
    AS 'MODULE_PATHNAME', 'bloomwindow_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_contains(@extschema@.bloomwindow, "char") IS 'count mode: false if the value is certainly not among the last w insertions (nor a little older), true if it probably is';
CREATE FUNCTION @extschema@.bloomwindow_contains(w @extschema@.bloomwindow, value "char", at timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'bloomwindow_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_contains(@extschema@.bloomwindow, "char", timestamptz) IS 'time mode: false if the value was certainly not added within the t before at (nor after at: a generation newer than at is tested too), true if it probably was';
-- w @> value: count mode only (time mode needs the time, which an operator cannot take).
CREATE OPERATOR @extschema@.@> (LEFTARG = @extschema@.bloomwindow, RIGHTARG = anyelement,
    FUNCTION = @extschema@.bloomwindow_contains);
COMMENT ON OPERATOR @extschema@.@> (@extschema@.bloomwindow, anyelement) IS 'count-mode window @> value: the value is probably among the last w insertions';
CREATE OPERATOR @extschema@.@> (LEFTARG = @extschema@.bloomwindow, RIGHTARG = text,
    FUNCTION = @extschema@.bloomwindow_contains);
COMMENT ON OPERATOR @extschema@.@> (@extschema@.bloomwindow, text) IS 'count-mode window @> value: the value is probably among the last w insertions';
CREATE OPERATOR @extschema@.@> (LEFTARG = @extschema@.bloomwindow, RIGHTARG = "char",
    FUNCTION = @extschema@.bloomwindow_contains);
COMMENT ON OPERATOR @extschema@.@> (@extschema@.bloomwindow, "char") IS 'count-mode window @> value: the value is probably among the last w insertions';

-- Not strict: NULL is the empty set, as for bloom_union.
CREATE FUNCTION @extschema@.bloomwindow_union(a @extschema@.bloomwindow, b @extschema@.bloomwindow) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_union' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_union(@extschema@.bloomwindow, @extschema@.bloomwindow) IS 'the union of two windows of the same parameters: time mode generation by generation aligned by start, count mode aligned by age (current with current)';
CREATE OPERATOR @extschema@.| (LEFTARG = @extschema@.bloomwindow, RIGHTARG = @extschema@.bloomwindow,
    FUNCTION = @extschema@.bloomwindow_union, COMMUTATOR = OPERATOR(@extschema@.|));
COMMENT ON OPERATOR @extschema@.| (@extschema@.bloomwindow, @extschema@.bloomwindow) IS 'a | b: the union of two windows of the same parameters (bloomwindow_union)';
CREATE FUNCTION @extschema@.bloomwindow_union_agg_trans(@extschema@.bloomwindow, @extschema@.bloomwindow) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_union_agg_trans(@extschema@.bloomwindow, @extschema@.bloomwindow) IS 'bloomwindow_union_agg transition and time-mode bloomwindow_agg combine function: unites the state with a window';
CREATE AGGREGATE @extschema@.bloomwindow_union_agg(@extschema@.bloomwindow) (
    SFUNC = @extschema@.bloomwindow_union_agg_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_union_agg(@extschema@.bloomwindow) IS 'the union of a column of bloomwindow values of the same parameters; zero rows give NULL';

CREATE FUNCTION @extschema@.bloomwindow_info(w @extschema@.bloomwindow,
    OUT mode text, OUT generations int, OUT m bigint, OUT k int,
    OUT window_insertions bigint, OUT window_time interval,
    OUT span_insertions bigint, OUT span_time interval,
    OUT insertions bigint, OUT bits_set bigint, OUT bytes bigint,
    OUT design_n bigint, OUT design_p float8, OUT value_kind text, OUT format_version int)
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_info(@extschema@.bloomwindow) IS 'mode, generations, bits per generation, k, window and generation span, insertions counted, bits set, size and design of a window';
CREATE FUNCTION @extschema@.bloomwindow_generations(w @extschema@.bloomwindow, at timestamptz DEFAULT NULL,
    OUT slot int, OUT age int, OUT start_insertion bigint, OUT start_time timestamptz,
    OUT n_added bigint, OUT bits_set bigint, OUT is_current boolean, OUT live boolean)
    RETURNS SETOF record
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_generations(@extschema@.bloomwindow, timestamptz) IS 'one row per generation of a window, newest first: slot, age, start, insertions, bits set, current, and whether a probe at at tests it';

-- bloomwindow_agg: the state is the window itself (a real type, so partial
-- states travel between processes and Citus nodes through its I/O functions).
-- Count mode (value, w, p [, generations]) has no combine function: which
-- rows are the last w depends on their order, so write ORDER BY inside the
-- call.  Time mode (value, at, t, n, p [, generations]) depends only on the
-- set of (value, at): union is its combine function (parallel, Citus).
-- Concrete types first, for Citus (see bloom_agg above); anyelement for the rest.
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, int2, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, int2, bigint, float8) IS 'bloomwindow_agg(int2, bigint, float8) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(int2, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(int2, bigint, float8) IS 'a count-mode window over the last w rows at rate p (4 generations); order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, int2, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, int2, bigint, float8, int) IS 'bloomwindow_agg(int2, bigint, float8, int) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(int2, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(int2, bigint, float8, int) IS 'a count-mode window over the last w rows at rate p in generations generations; order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, int2, timestamptz, interval, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, int2, timestamptz, interval, bigint, float8) IS 'bloomwindow_agg(int2, timestamptz, interval, bigint, float8) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(int2, timestamptz, interval, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(int2, timestamptz, interval, bigint, float8) IS 'a time-mode window of values at times at over the last t for n items per window at rate p (4 generations); any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, int2, timestamptz, interval, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, int2, timestamptz, interval, bigint, float8, int) IS 'bloomwindow_agg(int2, timestamptz, interval, bigint, float8, int) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(int2, timestamptz, interval, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(int2, timestamptz, interval, bigint, float8, int) IS 'a time-mode window of values at times at over the last t for n items per window at rate p in generations generations; any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, int4, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, int4, bigint, float8) IS 'bloomwindow_agg(int4, bigint, float8) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(int4, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(int4, bigint, float8) IS 'a count-mode window over the last w rows at rate p (4 generations); order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, int4, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, int4, bigint, float8, int) IS 'bloomwindow_agg(int4, bigint, float8, int) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(int4, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(int4, bigint, float8, int) IS 'a count-mode window over the last w rows at rate p in generations generations; order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, int4, timestamptz, interval, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, int4, timestamptz, interval, bigint, float8) IS 'bloomwindow_agg(int4, timestamptz, interval, bigint, float8) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(int4, timestamptz, interval, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(int4, timestamptz, interval, bigint, float8) IS 'a time-mode window of values at times at over the last t for n items per window at rate p (4 generations); any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, int4, timestamptz, interval, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, int4, timestamptz, interval, bigint, float8, int) IS 'bloomwindow_agg(int4, timestamptz, interval, bigint, float8, int) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(int4, timestamptz, interval, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(int4, timestamptz, interval, bigint, float8, int) IS 'a time-mode window of values at times at over the last t for n items per window at rate p in generations generations; any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, int8, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, int8, bigint, float8) IS 'bloomwindow_agg(int8, bigint, float8) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(int8, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(int8, bigint, float8) IS 'a count-mode window over the last w rows at rate p (4 generations); order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, int8, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, int8, bigint, float8, int) IS 'bloomwindow_agg(int8, bigint, float8, int) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(int8, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(int8, bigint, float8, int) IS 'a count-mode window over the last w rows at rate p in generations generations; order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, int8, timestamptz, interval, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, int8, timestamptz, interval, bigint, float8) IS 'bloomwindow_agg(int8, timestamptz, interval, bigint, float8) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(int8, timestamptz, interval, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(int8, timestamptz, interval, bigint, float8) IS 'a time-mode window of values at times at over the last t for n items per window at rate p (4 generations); any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, int8, timestamptz, interval, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, int8, timestamptz, interval, bigint, float8, int) IS 'bloomwindow_agg(int8, timestamptz, interval, bigint, float8, int) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(int8, timestamptz, interval, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(int8, timestamptz, interval, bigint, float8, int) IS 'a time-mode window of values at times at over the last t for n items per window at rate p in generations generations; any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, text, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, text, bigint, float8) IS 'bloomwindow_agg(text, bigint, float8) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(text, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(text, bigint, float8) IS 'a count-mode window over the last w rows at rate p (4 generations); order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, text, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, text, bigint, float8, int) IS 'bloomwindow_agg(text, bigint, float8, int) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(text, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(text, bigint, float8, int) IS 'a count-mode window over the last w rows at rate p in generations generations; order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, text, timestamptz, interval, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, text, timestamptz, interval, bigint, float8) IS 'bloomwindow_agg(text, timestamptz, interval, bigint, float8) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(text, timestamptz, interval, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(text, timestamptz, interval, bigint, float8) IS 'a time-mode window of values at times at over the last t for n items per window at rate p (4 generations); any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, text, timestamptz, interval, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, text, timestamptz, interval, bigint, float8, int) IS 'bloomwindow_agg(text, timestamptz, interval, bigint, float8, int) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(text, timestamptz, interval, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(text, timestamptz, interval, bigint, float8, int) IS 'a time-mode window of values at times at over the last t for n items per window at rate p in generations generations; any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, varchar, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, varchar, bigint, float8) IS 'bloomwindow_agg(varchar, bigint, float8) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(varchar, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(varchar, bigint, float8) IS 'a count-mode window over the last w rows at rate p (4 generations); order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, varchar, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, varchar, bigint, float8, int) IS 'bloomwindow_agg(varchar, bigint, float8, int) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(varchar, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(varchar, bigint, float8, int) IS 'a count-mode window over the last w rows at rate p in generations generations; order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, varchar, timestamptz, interval, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, varchar, timestamptz, interval, bigint, float8) IS 'bloomwindow_agg(varchar, timestamptz, interval, bigint, float8) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(varchar, timestamptz, interval, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(varchar, timestamptz, interval, bigint, float8) IS 'a time-mode window of values at times at over the last t for n items per window at rate p (4 generations); any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, varchar, timestamptz, interval, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, varchar, timestamptz, interval, bigint, float8, int) IS 'bloomwindow_agg(varchar, timestamptz, interval, bigint, float8, int) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(varchar, timestamptz, interval, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(varchar, timestamptz, interval, bigint, float8, int) IS 'a time-mode window of values at times at over the last t for n items per window at rate p in generations generations; any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, uuid, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, uuid, bigint, float8) IS 'bloomwindow_agg(uuid, bigint, float8) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(uuid, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(uuid, bigint, float8) IS 'a count-mode window over the last w rows at rate p (4 generations); order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, uuid, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, uuid, bigint, float8, int) IS 'bloomwindow_agg(uuid, bigint, float8, int) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(uuid, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(uuid, bigint, float8, int) IS 'a count-mode window over the last w rows at rate p in generations generations; order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, uuid, timestamptz, interval, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, uuid, timestamptz, interval, bigint, float8) IS 'bloomwindow_agg(uuid, timestamptz, interval, bigint, float8) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(uuid, timestamptz, interval, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(uuid, timestamptz, interval, bigint, float8) IS 'a time-mode window of values at times at over the last t for n items per window at rate p (4 generations); any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, uuid, timestamptz, interval, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, uuid, timestamptz, interval, bigint, float8, int) IS 'bloomwindow_agg(uuid, timestamptz, interval, bigint, float8, int) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(uuid, timestamptz, interval, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(uuid, timestamptz, interval, bigint, float8, int) IS 'a time-mode window of values at times at over the last t for n items per window at rate p in generations generations; any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, numeric, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, numeric, bigint, float8) IS 'bloomwindow_agg(numeric, bigint, float8) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(numeric, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(numeric, bigint, float8) IS 'a count-mode window over the last w rows at rate p (4 generations); order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, numeric, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, numeric, bigint, float8, int) IS 'bloomwindow_agg(numeric, bigint, float8, int) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(numeric, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(numeric, bigint, float8, int) IS 'a count-mode window over the last w rows at rate p in generations generations; order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, numeric, timestamptz, interval, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, numeric, timestamptz, interval, bigint, float8) IS 'bloomwindow_agg(numeric, timestamptz, interval, bigint, float8) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(numeric, timestamptz, interval, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(numeric, timestamptz, interval, bigint, float8) IS 'a time-mode window of values at times at over the last t for n items per window at rate p (4 generations); any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, numeric, timestamptz, interval, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, numeric, timestamptz, interval, bigint, float8, int) IS 'bloomwindow_agg(numeric, timestamptz, interval, bigint, float8, int) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(numeric, timestamptz, interval, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(numeric, timestamptz, interval, bigint, float8, int) IS 'a time-mode window of values at times at over the last t for n items per window at rate p in generations generations; any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, date, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, date, bigint, float8) IS 'bloomwindow_agg(date, bigint, float8) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(date, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(date, bigint, float8) IS 'a count-mode window over the last w rows at rate p (4 generations); order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, date, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, date, bigint, float8, int) IS 'bloomwindow_agg(date, bigint, float8, int) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(date, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(date, bigint, float8, int) IS 'a count-mode window over the last w rows at rate p in generations generations; order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, date, timestamptz, interval, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, date, timestamptz, interval, bigint, float8) IS 'bloomwindow_agg(date, timestamptz, interval, bigint, float8) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(date, timestamptz, interval, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(date, timestamptz, interval, bigint, float8) IS 'a time-mode window of values at times at over the last t for n items per window at rate p (4 generations); any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, date, timestamptz, interval, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, date, timestamptz, interval, bigint, float8, int) IS 'bloomwindow_agg(date, timestamptz, interval, bigint, float8, int) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(date, timestamptz, interval, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(date, timestamptz, interval, bigint, float8, int) IS 'a time-mode window of values at times at over the last t for n items per window at rate p in generations generations; any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, timestamp, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, timestamp, bigint, float8) IS 'bloomwindow_agg(timestamp, bigint, float8) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(timestamp, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(timestamp, bigint, float8) IS 'a count-mode window over the last w rows at rate p (4 generations); order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, timestamp, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, timestamp, bigint, float8, int) IS 'bloomwindow_agg(timestamp, bigint, float8, int) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(timestamp, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(timestamp, bigint, float8, int) IS 'a count-mode window over the last w rows at rate p in generations generations; order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, timestamp, timestamptz, interval, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, timestamp, timestamptz, interval, bigint, float8) IS 'bloomwindow_agg(timestamp, timestamptz, interval, bigint, float8) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(timestamp, timestamptz, interval, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(timestamp, timestamptz, interval, bigint, float8) IS 'a time-mode window of values at times at over the last t for n items per window at rate p (4 generations); any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, timestamp, timestamptz, interval, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, timestamp, timestamptz, interval, bigint, float8, int) IS 'bloomwindow_agg(timestamp, timestamptz, interval, bigint, float8, int) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(timestamp, timestamptz, interval, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(timestamp, timestamptz, interval, bigint, float8, int) IS 'a time-mode window of values at times at over the last t for n items per window at rate p in generations generations; any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, timestamptz, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, timestamptz, bigint, float8) IS 'bloomwindow_agg(timestamptz, bigint, float8) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(timestamptz, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(timestamptz, bigint, float8) IS 'a count-mode window over the last w rows at rate p (4 generations); order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, timestamptz, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, timestamptz, bigint, float8, int) IS 'bloomwindow_agg(timestamptz, bigint, float8, int) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(timestamptz, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(timestamptz, bigint, float8, int) IS 'a count-mode window over the last w rows at rate p in generations generations; order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, timestamptz, timestamptz, interval, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, timestamptz, timestamptz, interval, bigint, float8) IS 'bloomwindow_agg(timestamptz, timestamptz, interval, bigint, float8) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(timestamptz, timestamptz, interval, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(timestamptz, timestamptz, interval, bigint, float8) IS 'a time-mode window of values at times at over the last t for n items per window at rate p (4 generations); any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, timestamptz, timestamptz, interval, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, timestamptz, timestamptz, interval, bigint, float8, int) IS 'bloomwindow_agg(timestamptz, timestamptz, interval, bigint, float8, int) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(timestamptz, timestamptz, interval, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(timestamptz, timestamptz, interval, bigint, float8, int) IS 'a time-mode window of values at times at over the last t for n items per window at rate p in generations generations; any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, bytea, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, bytea, bigint, float8) IS 'bloomwindow_agg(bytea, bigint, float8) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(bytea, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(bytea, bigint, float8) IS 'a count-mode window over the last w rows at rate p (4 generations); order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, bytea, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, bytea, bigint, float8, int) IS 'bloomwindow_agg(bytea, bigint, float8, int) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(bytea, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(bytea, bigint, float8, int) IS 'a count-mode window over the last w rows at rate p in generations generations; order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, bytea, timestamptz, interval, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, bytea, timestamptz, interval, bigint, float8) IS 'bloomwindow_agg(bytea, timestamptz, interval, bigint, float8) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(bytea, timestamptz, interval, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(bytea, timestamptz, interval, bigint, float8) IS 'a time-mode window of values at times at over the last t for n items per window at rate p (4 generations); any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, bytea, timestamptz, interval, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, bytea, timestamptz, interval, bigint, float8, int) IS 'bloomwindow_agg(bytea, timestamptz, interval, bigint, float8, int) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(bytea, timestamptz, interval, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(bytea, timestamptz, interval, bigint, float8, int) IS 'a time-mode window of values at times at over the last t for n items per window at rate p in generations generations; any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, "char", bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, "char", bigint, float8) IS 'bloomwindow_agg("char", bigint, float8) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg("char", bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg("char", bigint, float8) IS 'a count-mode window over the last w rows at rate p (4 generations); order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, "char", bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, "char", bigint, float8, int) IS 'bloomwindow_agg("char", bigint, float8, int) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg("char", bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg("char", bigint, float8, int) IS 'a count-mode window over the last w rows at rate p in generations generations; order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, "char", timestamptz, interval, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, "char", timestamptz, interval, bigint, float8) IS 'bloomwindow_agg("char", timestamptz, interval, bigint, float8) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg("char", timestamptz, interval, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg("char", timestamptz, interval, bigint, float8) IS 'a time-mode window of values at times at over the last t for n items per window at rate p (4 generations); any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, "char", timestamptz, interval, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, "char", timestamptz, interval, bigint, float8, int) IS 'bloomwindow_agg("char", timestamptz, interval, bigint, float8, int) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg("char", timestamptz, interval, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg("char", timestamptz, interval, bigint, float8, int) IS 'a time-mode window of values at times at over the last t for n items per window at rate p in generations generations; any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, anyelement, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, anyelement, bigint, float8) IS 'bloomwindow_agg(anyelement, bigint, float8) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(anyelement, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(anyelement, bigint, float8) IS 'a count-mode window over the last w rows at rate p (4 generations); order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, anyelement, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_count_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_count_trans(@extschema@.bloomwindow, anyelement, bigint, float8, int) IS 'bloomwindow_agg(anyelement, bigint, float8, int) transition: adds a value to the count-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(anyelement, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_count_trans, STYPE = @extschema@.bloomwindow, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(anyelement, bigint, float8, int) IS 'a count-mode window over the last w rows at rate p in generations generations; order dependent: use ORDER BY inside the call; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, anyelement, timestamptz, interval, bigint, float8) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, anyelement, timestamptz, interval, bigint, float8) IS 'bloomwindow_agg(anyelement, timestamptz, interval, bigint, float8) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(anyelement, timestamptz, interval, bigint, float8) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(anyelement, timestamptz, interval, bigint, float8) IS 'a time-mode window of values at times at over the last t for n items per window at rate p (4 generations); any row order gives the same window; zero rows give NULL';
CREATE FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, anyelement, timestamptz, interval, bigint, float8, int) RETURNS @extschema@.bloomwindow
    AS 'MODULE_PATHNAME', 'bloomwindow_agg_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.bloomwindow_agg_time_trans(@extschema@.bloomwindow, anyelement, timestamptz, interval, bigint, float8, int) IS 'bloomwindow_agg(anyelement, timestamptz, interval, bigint, float8, int) transition: adds a value at its time to the time-mode window';
CREATE AGGREGATE @extschema@.bloomwindow_agg(anyelement, timestamptz, interval, bigint, float8, int) (
    SFUNC = @extschema@.bloomwindow_agg_time_trans, STYPE = @extschema@.bloomwindow,
    COMBINEFUNC = @extschema@.bloomwindow_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.bloomwindow_agg(anyelement, timestamptz, interval, bigint, float8, int) IS 'a time-mode window of values at times at over the last t for n items per window at rate p in generations generations; any row order gives the same window; zero rows give NULL';
-- ---------------------------------------------------------------- scalablebloom (1.1)
-- A scalable Bloom filter: a chain of bloomfilter sub-filters, each s times
-- larger than the last at r times its rate, so the chain's rate stays under p
-- however many values it takes.  A type of its own (README, "Sets that grow").

CREATE TYPE @extschema@.scalablebloom;
CREATE FUNCTION @extschema@.scalablebloom_in(cstring) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_in(cstring) IS 'input function of type scalablebloom: base64 of the stored bytes, validated';
CREATE FUNCTION @extschema@.scalablebloom_out(@extschema@.scalablebloom) RETURNS cstring
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_out(@extschema@.scalablebloom) IS 'output function of type scalablebloom: base64 of the stored bytes';
CREATE FUNCTION @extschema@.scalablebloom_recv(internal) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_recv(internal) IS 'binary input function of type scalablebloom: the stored bytes, validated';
CREATE FUNCTION @extschema@.scalablebloom_send(@extschema@.scalablebloom) RETURNS bytea
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_send(@extschema@.scalablebloom) IS 'binary output function of type scalablebloom: the stored bytes';
-- STORAGE = external: a large value goes out of line uncompressed, so a
-- probe reads only the slices it needs.
CREATE TYPE @extschema@.scalablebloom (
    INPUT = @extschema@.scalablebloom_in, OUTPUT = @extschema@.scalablebloom_out, RECEIVE = @extschema@.scalablebloom_recv, SEND = @extschema@.scalablebloom_send,
    INTERNALLENGTH = VARIABLE, STORAGE = external
);
COMMENT ON TYPE @extschema@.scalablebloom IS 'Scalable Bloom filter: a chain of bloomfilter sub-filters that grows with the set and keeps its false-positive rate under p; text form: base64 of the stored bytes';

CREATE FUNCTION @extschema@.scalablebloom_empty(initial_capacity bigint, p float8 DEFAULT 0.01, expansion int DEFAULT 2, tightening float8 DEFAULT 0.5)
    RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_empty' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_empty(bigint, float8, int, float8) IS 'an empty scalablebloom: a first sub-filter for initial_capacity values, each next one expansion times larger at tightening times the rate, the whole under rate p';

-- Not strict: a NULL value changes nothing and returns the filter unchanged.
-- The text forms take untyped literals; the "char" forms take "char" by exact
-- match (its implicit cast to text would make text and anyelement ambiguous).
CREATE FUNCTION @extschema@.scalablebloom_add(filter @extschema@.scalablebloom, value anyelement) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_add' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_add(@extschema@.scalablebloom, anyelement) IS 'a new filter with the value added (a value it may already hold changes nothing); grows the chain when its newest sub-filter is full';
CREATE FUNCTION @extschema@.scalablebloom_add(filter @extschema@.scalablebloom, value text) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_add' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_add(@extschema@.scalablebloom, text) IS 'a new filter with the value added (a value it may already hold changes nothing); grows the chain when its newest sub-filter is full';
CREATE FUNCTION @extschema@.scalablebloom_add(filter @extschema@.scalablebloom, value "char") RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_add' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_add(@extschema@.scalablebloom, "char") IS 'a new filter with the value added (a value it may already hold changes nothing); grows the chain when its newest sub-filter is full';
CREATE FUNCTION @extschema@.scalablebloom_add_all(filter @extschema@.scalablebloom, "values" anyarray) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_add_all' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_add_all(@extschema@.scalablebloom, anyarray) IS 'a new filter with every non-NULL element of the array added';

CREATE FUNCTION @extschema@.scalablebloom_contains(filter @extschema@.scalablebloom, value anyelement) RETURNS boolean
    AS 'MODULE_PATHNAME', 'scalablebloom_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_contains(@extschema@.scalablebloom, anyelement) IS 'false if the value is certainly not in the filter, true if it probably is';
CREATE FUNCTION @extschema@.scalablebloom_contained(value anyelement, filter @extschema@.scalablebloom) RETURNS boolean
    AS 'MODULE_PATHNAME', 'scalablebloom_contained' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_contained(anyelement, @extschema@.scalablebloom) IS 'the membership test with the value first (value <@ filter)';
CREATE FUNCTION @extschema@.scalablebloom_contains(filter @extschema@.scalablebloom, value text) RETURNS boolean
    AS 'MODULE_PATHNAME', 'scalablebloom_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_contains(@extschema@.scalablebloom, text) IS 'false if the value is certainly not in the filter, true if it probably is';
CREATE FUNCTION @extschema@.scalablebloom_contained(value text, filter @extschema@.scalablebloom) RETURNS boolean
    AS 'MODULE_PATHNAME', 'scalablebloom_contained' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_contained(text, @extschema@.scalablebloom) IS 'the membership test with the value first (value <@ filter)';
CREATE FUNCTION @extschema@.scalablebloom_contains(filter @extschema@.scalablebloom, value "char") RETURNS boolean
    AS 'MODULE_PATHNAME', 'scalablebloom_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_contains(@extschema@.scalablebloom, "char") IS 'false if the value is certainly not in the filter, true if it probably is';
CREATE FUNCTION @extschema@.scalablebloom_contained(value "char", filter @extschema@.scalablebloom) RETURNS boolean
    AS 'MODULE_PATHNAME', 'scalablebloom_contained' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_contained("char", @extschema@.scalablebloom) IS 'the membership test with the value first (value <@ filter)';
CREATE OPERATOR @extschema@.@> (LEFTARG = @extschema@.scalablebloom, RIGHTARG = anyelement,
    FUNCTION = @extschema@.scalablebloom_contains, COMMUTATOR = OPERATOR(@extschema@.<@));
COMMENT ON OPERATOR @extschema@.@> (@extschema@.scalablebloom, anyelement) IS 'filter @> value: the value is probably in the filter';
CREATE OPERATOR @extschema@.<@ (LEFTARG = anyelement, RIGHTARG = @extschema@.scalablebloom,
    FUNCTION = @extschema@.scalablebloom_contained, COMMUTATOR = OPERATOR(@extschema@.@>));
COMMENT ON OPERATOR @extschema@.<@ (anyelement, @extschema@.scalablebloom) IS 'value <@ filter: the value is probably in the filter';
CREATE OPERATOR @extschema@.@> (LEFTARG = @extschema@.scalablebloom, RIGHTARG = text,
    FUNCTION = @extschema@.scalablebloom_contains, COMMUTATOR = OPERATOR(@extschema@.<@));
COMMENT ON OPERATOR @extschema@.@> (@extschema@.scalablebloom, text) IS 'filter @> value: the value is probably in the filter';
CREATE OPERATOR @extschema@.<@ (LEFTARG = text, RIGHTARG = @extschema@.scalablebloom,
    FUNCTION = @extschema@.scalablebloom_contained, COMMUTATOR = OPERATOR(@extschema@.@>));
COMMENT ON OPERATOR @extschema@.<@ (text, @extschema@.scalablebloom) IS 'value <@ filter: the value is probably in the filter';
CREATE OPERATOR @extschema@.@> (LEFTARG = @extschema@.scalablebloom, RIGHTARG = "char",
    FUNCTION = @extschema@.scalablebloom_contains, COMMUTATOR = OPERATOR(@extschema@.<@));
COMMENT ON OPERATOR @extschema@.@> (@extschema@.scalablebloom, "char") IS 'filter @> value: the value is probably in the filter';
CREATE OPERATOR @extschema@.<@ (LEFTARG = "char", RIGHTARG = @extschema@.scalablebloom,
    FUNCTION = @extschema@.scalablebloom_contained, COMMUTATOR = OPERATOR(@extschema@.@>));
COMMENT ON OPERATOR @extschema@.<@ ("char", @extschema@.scalablebloom) IS 'value <@ filter: the value is probably in the filter';

-- Union only between chains of the same initial capacity, p, expansion and
-- tightening: sub-filter by sub-filter, the longer chain's further ones kept.
CREATE FUNCTION @extschema@.scalablebloom_union(a @extschema@.scalablebloom, b @extschema@.scalablebloom) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_union' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_union(@extschema@.scalablebloom, @extschema@.scalablebloom) IS 'the union of two chains of the same parameters: sub-filters OR-ed in order, the longer chain''s further sub-filters kept, counts added';
CREATE OPERATOR @extschema@.| (LEFTARG = @extschema@.scalablebloom, RIGHTARG = @extschema@.scalablebloom,
    FUNCTION = @extschema@.scalablebloom_union, COMMUTATOR = OPERATOR(@extschema@.|));
COMMENT ON OPERATOR @extschema@.| (@extschema@.scalablebloom, @extschema@.scalablebloom) IS 'a | b: the union of two chains of the same parameters';
CREATE FUNCTION @extschema@.scalablebloom_union_agg_trans(@extschema@.scalablebloom, @extschema@.scalablebloom) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_union_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_union_agg_trans(@extschema@.scalablebloom, @extschema@.scalablebloom) IS 'scalablebloom_union_agg transition and combine function: unites the state with a chain';
CREATE AGGREGATE @extschema@.scalablebloom_union_agg(@extschema@.scalablebloom) (
    SFUNC = @extschema@.scalablebloom_union_agg_trans, STYPE = @extschema@.scalablebloom,
    COMBINEFUNC = @extschema@.scalablebloom_union_agg_trans, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_union_agg(@extschema@.scalablebloom) IS 'the union of a column of scalablebloom values of the same parameters; zero rows give NULL';

CREATE FUNCTION @extschema@.scalablebloom_info(filter @extschema@.scalablebloom,
    OUT subfilters int, OUT n bigint, OUT capacity bigint, OUT fpp float8, OUT bytes bigint,
    OUT initial_capacity bigint, OUT design_p float8, OUT expansion int, OUT tightening float8,
    OUT value_kind text, OUT format_version int)
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_info(@extschema@.scalablebloom) IS 'the chain as a whole: sub-filters, element count, total capacity, estimated false-positive rate, size and parameters';
CREATE FUNCTION @extschema@.scalablebloom_chain(filter @extschema@.scalablebloom,
    OUT subfilter int, OUT capacity bigint, OUT n bigint, OUT nblocks bigint, OUT k int,
    OUT bytes bigint, OUT target_fpp float8, OUT fpp float8)
    RETURNS SETOF record
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 8;
COMMENT ON FUNCTION @extschema@.scalablebloom_chain(@extschema@.scalablebloom) IS 'one row per sub-filter, oldest first: capacity, element count, size, k, target and estimated false-positive rate';

-- scalablebloom_agg(x, initial_capacity, p[, expansion, tightening]): the state
-- is the chain itself.  No combine function, on purpose: partial chains can
-- only be united sub-filter by sub-filter, which puts W workers' (or shards')
-- values into sub-filters sized for one, and the rate climbs far over p
-- (README, "Sets that grow").  So a parallel plan gathers the rows and one
-- process builds the chain, and Citus gathers the rows to the coordinator.
-- Concrete types first, as for the other aggregates; anyelement for the rest.
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, int2, bigint, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, int2, bigint, float8) IS 'scalablebloom_agg(int2, bigint, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(int2, bigint, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(int2, bigint, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p (expansion 2, tightening 0.5), every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, int2, bigint, float8, int, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, int2, bigint, float8, int, float8) IS 'scalablebloom_agg(int2, bigint, float8, int, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(int2, bigint, float8, int, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(int2, bigint, float8, int, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p, with this expansion and tightening, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, int4, bigint, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, int4, bigint, float8) IS 'scalablebloom_agg(int4, bigint, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(int4, bigint, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(int4, bigint, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p (expansion 2, tightening 0.5), every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, int4, bigint, float8, int, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, int4, bigint, float8, int, float8) IS 'scalablebloom_agg(int4, bigint, float8, int, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(int4, bigint, float8, int, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(int4, bigint, float8, int, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p, with this expansion and tightening, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, int8, bigint, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, int8, bigint, float8) IS 'scalablebloom_agg(int8, bigint, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(int8, bigint, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(int8, bigint, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p (expansion 2, tightening 0.5), every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, int8, bigint, float8, int, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, int8, bigint, float8, int, float8) IS 'scalablebloom_agg(int8, bigint, float8, int, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(int8, bigint, float8, int, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(int8, bigint, float8, int, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p, with this expansion and tightening, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, text, bigint, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, text, bigint, float8) IS 'scalablebloom_agg(text, bigint, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(text, bigint, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(text, bigint, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p (expansion 2, tightening 0.5), every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, text, bigint, float8, int, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, text, bigint, float8, int, float8) IS 'scalablebloom_agg(text, bigint, float8, int, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(text, bigint, float8, int, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(text, bigint, float8, int, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p, with this expansion and tightening, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, varchar, bigint, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, varchar, bigint, float8) IS 'scalablebloom_agg(varchar, bigint, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(varchar, bigint, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(varchar, bigint, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p (expansion 2, tightening 0.5), every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, varchar, bigint, float8, int, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, varchar, bigint, float8, int, float8) IS 'scalablebloom_agg(varchar, bigint, float8, int, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(varchar, bigint, float8, int, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(varchar, bigint, float8, int, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p, with this expansion and tightening, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, uuid, bigint, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, uuid, bigint, float8) IS 'scalablebloom_agg(uuid, bigint, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(uuid, bigint, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(uuid, bigint, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p (expansion 2, tightening 0.5), every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, uuid, bigint, float8, int, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, uuid, bigint, float8, int, float8) IS 'scalablebloom_agg(uuid, bigint, float8, int, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(uuid, bigint, float8, int, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(uuid, bigint, float8, int, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p, with this expansion and tightening, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, numeric, bigint, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, numeric, bigint, float8) IS 'scalablebloom_agg(numeric, bigint, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(numeric, bigint, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(numeric, bigint, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p (expansion 2, tightening 0.5), every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, numeric, bigint, float8, int, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, numeric, bigint, float8, int, float8) IS 'scalablebloom_agg(numeric, bigint, float8, int, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(numeric, bigint, float8, int, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(numeric, bigint, float8, int, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p, with this expansion and tightening, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, date, bigint, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, date, bigint, float8) IS 'scalablebloom_agg(date, bigint, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(date, bigint, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(date, bigint, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p (expansion 2, tightening 0.5), every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, date, bigint, float8, int, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, date, bigint, float8, int, float8) IS 'scalablebloom_agg(date, bigint, float8, int, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(date, bigint, float8, int, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(date, bigint, float8, int, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p, with this expansion and tightening, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, timestamp, bigint, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, timestamp, bigint, float8) IS 'scalablebloom_agg(timestamp, bigint, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(timestamp, bigint, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(timestamp, bigint, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p (expansion 2, tightening 0.5), every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, timestamp, bigint, float8, int, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, timestamp, bigint, float8, int, float8) IS 'scalablebloom_agg(timestamp, bigint, float8, int, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(timestamp, bigint, float8, int, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(timestamp, bigint, float8, int, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p, with this expansion and tightening, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, timestamptz, bigint, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, timestamptz, bigint, float8) IS 'scalablebloom_agg(timestamptz, bigint, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(timestamptz, bigint, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(timestamptz, bigint, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p (expansion 2, tightening 0.5), every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, timestamptz, bigint, float8, int, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, timestamptz, bigint, float8, int, float8) IS 'scalablebloom_agg(timestamptz, bigint, float8, int, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(timestamptz, bigint, float8, int, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(timestamptz, bigint, float8, int, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p, with this expansion and tightening, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, bytea, bigint, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, bytea, bigint, float8) IS 'scalablebloom_agg(bytea, bigint, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(bytea, bigint, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(bytea, bigint, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p (expansion 2, tightening 0.5), every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, bytea, bigint, float8, int, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, bytea, bigint, float8, int, float8) IS 'scalablebloom_agg(bytea, bigint, float8, int, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(bytea, bigint, float8, int, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(bytea, bigint, float8, int, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p, with this expansion and tightening, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, "char", bigint, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, "char", bigint, float8) IS 'scalablebloom_agg("char", bigint, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg("char", bigint, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg("char", bigint, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p (expansion 2, tightening 0.5), every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, "char", bigint, float8, int, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, "char", bigint, float8, int, float8) IS 'scalablebloom_agg("char", bigint, float8, int, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg("char", bigint, float8, int, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg("char", bigint, float8, int, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p, with this expansion and tightening, every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, anyelement, bigint, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, anyelement, bigint, float8) IS 'scalablebloom_agg(anyelement, bigint, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(anyelement, bigint, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(anyelement, bigint, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p (expansion 2, tightening 0.5), every non-NULL row added; zero rows give NULL';
CREATE FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, anyelement, bigint, float8, int, float8) RETURNS @extschema@.scalablebloom
    AS 'MODULE_PATHNAME', 'scalablebloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.scalablebloom_agg_trans(@extschema@.scalablebloom, anyelement, bigint, float8, int, float8) IS 'scalablebloom_agg(anyelement, bigint, float8, int, float8) transition: adds a value to the chain';
CREATE AGGREGATE @extschema@.scalablebloom_agg(anyelement, bigint, float8, int, float8) (
    SFUNC = @extschema@.scalablebloom_agg_trans, STYPE = @extschema@.scalablebloom, PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.scalablebloom_agg(anyelement, bigint, float8, int, float8) IS 'a scalable filter of a column, starting at initial_capacity values at rate p, with this expansion and tightening, every non-NULL row added; zero rows give NULL';

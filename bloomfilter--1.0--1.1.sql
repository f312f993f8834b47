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

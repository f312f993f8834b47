-- bloom_agg overloads of concrete types (the form Citus pushes down): which
-- form a call resolves to, and that it builds the same filter as before
CREATE SCHEMA ta;
CREATE TABLE ta.t (i2 int2, i4 int4, i8 int8, tx text, vc varchar(20), u uuid, nu numeric,
                   d date, ts timestamp, tz timestamptz, by bytea, bp char(6), nm name);
INSERT INTO ta.t
SELECT g, g, g, 'v' || g, 'v' || g, md5(g::text)::uuid, g / 4.0, date '2026-01-01' + g,
       timestamp '2026-01-01' + g * interval '1 hour', timestamptz '2026-01-01 00:00+00' + g * interval '1 hour',
       int8send(g), 'v' || g, 'v' || g
FROM generate_series(1, 1000) g;

-- the aggregate each call resolves to, read from a view's dependencies
CREATE FUNCTION ta.resolved(call text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  found text;
BEGIN
  EXECUTE format('CREATE TEMP VIEW resolved_call AS SELECT %s FROM ta.t', call);
  SELECT string_agg(d.refobjid::regprocedure::text, ', ') INTO found
  FROM pg_depend d JOIN pg_rewrite r ON r.oid = d.objid
  WHERE r.ev_class = 'resolved_call'::regclass AND d.refclassid = 'pg_proc'::regclass
    AND d.refobjid IN (SELECT oid FROM pg_proc WHERE proname = 'bloom_agg');
  DROP VIEW resolved_call;
  RETURN found;
END $$;
SELECT call, ta.resolved(call) FROM (VALUES
  ('bloom_agg(i2)'), ('bloom_agg(i4)'), ('bloom_agg(i8)'), ('bloom_agg(tx)'), ('bloom_agg(vc)'),
  ('bloom_agg(u)'), ('bloom_agg(nu)'), ('bloom_agg(d)'), ('bloom_agg(ts)'), ('bloom_agg(tz)'),
  ('bloom_agg(by)'), ('bloom_agg(i8, 0.001)'), ('bloom_agg(i8, 1000, 0.01)'),
  ('bloom_agg(tx, bloom_empty(10))'), ('bloom_agg(bp)'), ('bloom_agg(nm)'),
  ('bloom_agg(i4::oid)'), ('bloom_agg(''a'')'), ('bloom_agg(tx::"char")')) c(call);

-- every type: the same filter as the values added one by one, and (self-sized,
-- in a window) every member found
CREATE FUNCTION ta.check_column(col text, OUT same_bytes bool, OUT every_member_found bool) LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('SELECT (SELECT bloom_agg(%1$I, 1000, 0.01) FROM ta.t)::text
                       = (SELECT bloom_add_all(bloom_empty(1000, 0.01), array_agg(%1$I)) FROM ta.t)::text,
                         (SELECT bool_and(w @> %1$I) FROM (SELECT %1$I, bloom_agg(%1$I) OVER () AS w FROM ta.t) s)', col)
    INTO same_bytes, every_member_found;
END $$;
SELECT col, r.* FROM unnest(ARRAY['i2', 'i4', 'i8', 'tx', 'vc', 'u', 'nu', 'd', 'ts', 'tz', 'by', 'bp']) col,
  LATERAL ta.check_column(col) r ORDER BY col;
-- the shaped and p forms agree with the n, p form where they must
SELECT bloom_agg(i8, bloom_empty(1000, 0.01))::text = bloom_agg(i8, 1000, 0.01)::text AS shaped_same,
       (bloom_info(bloom_agg(tx, 0.001))).design_p AS p_form_rate
FROM ta.t;

-- citext resolves to the text form, and is still hashed as citext (case-insensitive),
-- in an aggregate and in a window; an explicit ::text is text
CREATE EXTENSION citext;
CREATE TABLE ta.emails (e citext, shouted citext);
INSERT INTO ta.emails VALUES ('Alice@Example.com', 'ALICE@EXAMPLE.COM'), ('bob@example.com', 'BOB@EXAMPLE.COM');
CREATE TEMP VIEW citext_call AS SELECT bloom_agg(e) FROM ta.emails;
SELECT d.refobjid::regprocedure AS citext_resolves_to
FROM pg_depend d JOIN pg_rewrite r ON r.oid = d.objid
WHERE r.ev_class = 'citext_call'::regclass AND d.refclassid = 'pg_proc'::regclass
  AND d.refobjid IN (SELECT oid FROM pg_proc WHERE proname = 'bloom_agg');
DROP VIEW citext_call;
SELECT (bloom_info(f)).value_kind <> 'text' AS aggregate_kind_is_citext,
       f @> (SELECT 'ALICE@EXAMPLE.COM'::citext) AS finds_other_case
FROM (SELECT bloom_agg(e) AS f FROM ta.emails) s;
SELECT bool_and((bloom_info(w)).value_kind <> 'text') AS window_kind_is_citext,
       bool_and(w @> shouted) AS window_finds_other_case
FROM (SELECT shouted, bloom_agg(e) OVER () AS w FROM ta.emails) s;
SELECT (bloom_info(bloom_agg(e::text))).value_kind AS explicit_text_kind,
       bloom_agg(e::text) @> 'ALICE@EXAMPLE.COM' AS explicit_text_is_case_sensitive
FROM ta.emails;
-- two window calls of one transition function that disagree on the type as written: nothing says
-- which one is running, so both hash by the type the call received (text): a limit, see README
SELECT (bloom_info(bloom_agg(e) OVER ())).value_kind <> 'text' AS citext_call,
       (bloom_info(bloom_agg(e::text) OVER ())).value_kind AS text_call
FROM ta.emails LIMIT 1;

-- a user aggregate whose moving-aggregate functions are our transition function, in a
-- window with bloom_agg calls of other types: each call hashes its own values
CREATE FUNCTION ta.keep(bloom_agg_state, float8) RETURNS bloom_agg_state LANGUAGE sql IMMUTABLE AS 'SELECT $1';
CREATE AGGREGATE ta.moving(float8) (SFUNC = ta.keep, STYPE = bloom_agg_state, FINALFUNC = bloom_agg_final,
  MSFUNC = bloom_agg_trans, MINVFUNC = ta.keep, MSTYPE = bloom_agg_state, MFINALFUNC = bloom_agg_final);
SELECT (bloom_info(ta.moving(x) OVER w)).value_kind AS moving_kind, ta.moving(x) OVER w @> x AS moving_finds,
       (bloom_info(bloom_agg(j) OVER w)).value_kind AS jsonb_kind, bloom_agg(j) OVER w @> j AS jsonb_finds
FROM (VALUES (1::float8, '{"k": 1}'::jsonb), (2, '{"k": 2}')) v(x, j)
WINDOW w AS (ORDER BY x ROWS BETWEEN 1 PRECEDING AND CURRENT ROW);
CREATE FUNCTION ta.keep4(bloom_agg_state, float4) RETURNS bloom_agg_state LANGUAGE sql IMMUTABLE AS 'SELECT $1';
CREATE AGGREGATE ta.moving4(float4) (SFUNC = ta.keep4, STYPE = bloom_agg_state, FINALFUNC = bloom_agg_final,
  MSFUNC = bloom_agg_trans, MINVFUNC = ta.keep4, MSTYPE = bloom_agg_state, MFINALFUNC = bloom_agg_final);
SELECT bool_and(m @> x) AS moving4_finds_every_value
FROM (SELECT x, ta.moving4(x) OVER w AS m, bloom_agg(x::float8 * 3) OVER w AS other
      FROM (VALUES (1::float4), (2), (3)) v(x)
      WINDOW w AS (ORDER BY x ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)) s;

DROP EXTENSION citext CASCADE;
DROP SCHEMA ta CASCADE;

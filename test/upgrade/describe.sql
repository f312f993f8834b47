-- test/upgrade/describe.sql - a description of the bloomfilter extension
-- from the catalog, free of OIDs (which differ between databases), one
-- object per paragraph, sorted: what test/upgrade/run compares between an
-- updated and a fresh installation.  Every member (pg_depend deptype 'e'),
-- whatever its kind, appears with its identity, its comment and what it
-- depends on; functions, aggregates, operators, types and casts with their
-- definitions in full.
\pset format unaligned
\pset tuples_only on
\pset fieldsep ' '
CREATE TEMP VIEW member AS
SELECT d.classid, d.objid, pg_describe_object(d.classid, d.objid, 0) AS object
FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e' AND e.extname = 'bloomfilter';

SELECT 'extension ' || extname, extversion, extrelocatable, extnamespace::regnamespace, extowner::regrole,
       extconfig, extcondition
FROM pg_extension WHERE extname = 'bloomfilter';

-- every member: kind, identity, comment
SELECT m.object, (pg_identify_object_as_address(m.classid, m.objid, 0)).*, 'comment: ' || coalesce(obj_description(m.objid, m.classid::regclass::name), '(none)')
FROM member m ORDER BY m.object;

-- what each member depends on (other than the extension itself)
SELECT m.object, 'depends ' || d.deptype::text || ' on ' || pg_describe_object(d.refclassid, d.refobjid, d.refobjsubid)
FROM member m JOIN pg_depend d ON d.classid = m.classid AND d.objid = m.objid
WHERE d.refclassid <> 'pg_extension'::regclass
ORDER BY 1, 2;

-- functions and aggregates: every pg_proc column, and the definition
SELECT p.oid::regprocedure, p.prokind, p.pronamespace::regnamespace, p.proowner::regrole,
       (SELECT lanname FROM pg_language WHERE oid = p.prolang), p.procost, p.prorows,
       p.provariadic::regtype, p.prosupport::regprocedure, p.prosecdef, p.proleakproof, p.proisstrict,
       p.proretset, p.provolatile, p.proparallel, p.pronargs, p.pronargdefaults, p.prorettype::regtype,
       p.proargtypes::regtype[], p.proallargtypes::regtype[], p.proargmodes, p.proargnames,
       pg_get_expr(p.proargdefaults, 0), p.protrftypes, p.prosrc, p.probin, p.proconfig, p.proacl,
       pg_get_function_arguments(p.oid), pg_get_function_result(p.oid),
       CASE WHEN p.prokind <> 'a' THEN pg_get_functiondef(p.oid) END
FROM member m JOIN pg_proc p ON m.classid = 'pg_proc'::regclass AND p.oid = m.objid
ORDER BY 1::text;

SELECT a.aggfnoid::regprocedure, a.aggkind, a.aggnumdirectargs, a.aggtransfn::oid::regprocedure,
       a.aggfinalfn::oid::regprocedure, a.aggcombinefn::oid::regprocedure, a.aggserialfn::oid::regprocedure,
       a.aggdeserialfn::oid::regprocedure, a.aggmtransfn::oid::regprocedure, a.aggminvtransfn::oid::regprocedure,
       a.aggmfinalfn::oid::regprocedure, a.aggfinalextra, a.aggmfinalextra, a.aggfinalmodify, a.aggmfinalmodify,
       a.aggsortop::regoperator, a.aggtranstype::regtype, a.aggtransspace, a.aggmtranstype::regtype,
       a.aggmtransspace, a.agginitval, a.aggminitval
FROM member m JOIN pg_aggregate a ON m.classid = 'pg_proc'::regclass AND a.aggfnoid = m.objid
ORDER BY 1::text;

SELECT o.oid::regoperator, o.oprnamespace::regnamespace, o.oprowner::regrole, o.oprkind, o.oprcanmerge,
       o.oprcanhash, o.oprleft::regtype, o.oprright::regtype, o.oprresult::regtype, o.oprcom::regoperator,
       o.oprnegate::regoperator, o.oprcode::oid::regprocedure, o.oprrest::oid::regprocedure,
       o.oprjoin::oid::regprocedure
FROM member m JOIN pg_operator o ON m.classid = 'pg_operator'::regclass AND o.oid = m.objid
ORDER BY 1::text;

-- types, and the array types PostgreSQL made for them
SELECT t.oid::regtype, t.typnamespace::regnamespace, t.typowner::regrole, t.typlen, t.typbyval, t.typtype,
       t.typcategory, t.typispreferred, t.typisdefined, t.typdelim, t.typrelid::regclass,
       t.typsubscript::regprocedure, t.typelem::regtype, t.typarray::regtype, t.typinput::oid::regprocedure,
       t.typoutput::oid::regprocedure, t.typreceive::oid::regprocedure, t.typsend::oid::regprocedure,
       t.typmodin::oid::regprocedure, t.typmodout::oid::regprocedure, t.typanalyze::oid::regprocedure,
       t.typalign, t.typstorage, t.typnotnull, t.typbasetype::regtype, t.typtypmod, t.typndims,
       t.typcollation, t.typdefault, t.typacl
FROM pg_type t
WHERE t.oid IN (SELECT objid FROM member WHERE classid = 'pg_type'::regclass)
   OR t.typelem IN (SELECT objid FROM member WHERE classid = 'pg_type'::regclass)
ORDER BY 1::text;

-- casts from, to or through the extension's objects
SELECT 'cast ' || c.castsource::regtype || ' -> ' || c.casttarget::regtype, c.castfunc::regprocedure,
       c.castcontext, c.castmethod
FROM pg_cast c
WHERE c.castsource IN (SELECT objid FROM member WHERE classid = 'pg_type'::regclass)
   OR c.casttarget IN (SELECT objid FROM member WHERE classid = 'pg_type'::regclass)
   OR c.castfunc IN (SELECT objid FROM member WHERE classid = 'pg_proc'::regclass)
ORDER BY 1;

-- A trusted extension: a user who is not a superuser, with CREATE on the
-- database, can install it and use it, and cannot change what it installed.

DROP EXTENSION bloomfilter;
CREATE ROLE regress_bloom_user LOGIN;
SELECT format('GRANT CREATE ON DATABASE %I TO regress_bloom_user', current_database()) \gexec
SET ROLE regress_bloom_user;
CREATE SCHEMA bloom;
CREATE EXTENSION bloomfilter SCHEMA bloom;
SET search_path = bloom, public;

-- usable
SELECT bloom_add(bloom_empty(10), 'x') @> 'x' AS works,
       (SELECT bloom_agg(g) FROM generate_series(1, 100) g) @> 5 AS aggregate_works;

-- bloomfilter.agg_hash_limit is a superuser's setting (42501 for the user), so
-- that no user can make each group of a few rows hold the 184 MB fixed filter
\set VERBOSITY sqlstate
SET bloomfilter.agg_hash_limit = 8;
\set VERBOSITY default
SHOW bloomfilter.agg_hash_limit;
-- a value the user set before the library was loaded is dropped when it loads
\c
SET ROLE regress_bloom_user;
SET bloomfilter.agg_hash_limit = 8;
SELECT (SELECT bloom.bloom_agg(g) FROM generate_series(1, 100) g) OPERATOR(bloom.@>) 5 AS aggregate_works;
SHOW bloomfilter.agg_hash_limit;
-- a superuser may give it to the user
RESET ROLE;
GRANT SET ON PARAMETER bloomfilter.agg_hash_limit TO regress_bloom_user;
SET ROLE regress_bloom_user;
SET bloomfilter.agg_hash_limit = 8;
SHOW bloomfilter.agg_hash_limit;
RESET bloomfilter.agg_hash_limit;
RESET ROLE;
REVOKE SET ON PARAMETER bloomfilter.agg_hash_limit FROM regress_bloom_user;
SET ROLE regress_bloom_user;
SET search_path = bloom, public;

-- what it installed belongs to the bootstrap superuser, not to the user
SELECT count(*) AS functions, bool_and(proowner = 10) AS all_owned_by_superuser
FROM pg_proc WHERE pronamespace = 'bloom'::regnamespace;
SELECT bool_and(typowner = 10) AS types_owned_by_superuser
FROM pg_type WHERE typnamespace = 'bloom'::regnamespace AND typname IN ('bloomfilter', 'bloom_agg_state');

-- so the user cannot replace or alter it (42501 insufficient_privilege)
\set VERBOSITY sqlstate
CREATE OR REPLACE FUNCTION bloom.bloom_fpp(n bigint, m bigint, k int) RETURNS float8 LANGUAGE sql AS 'SELECT 0.0::float8';
ALTER FUNCTION bloom.bloom_add(bloomfilter, anyelement) OWNER TO regress_bloom_user;
ALTER TYPE bloom.bloomfilter OWNER TO regress_bloom_user;
DROP FUNCTION bloom.bloom_union(bloomfilter, bloomfilter);
\set VERBOSITY default

-- the install script calls no function through the user's search_path: a
-- format() of the user's own in the extension's schema would be an exact
-- match for a call of format(), and break the install (or worse) if called
DROP EXTENSION bloomfilter;
CREATE FUNCTION bloom.format(text, text, text, text) RETURNS text LANGUAGE sql AS
  $$ SELECT 'the install script called the user''s format()' $$;
CREATE FUNCTION bloom.format(text, text, text) RETURNS text LANGUAGE sql AS
  $$ SELECT 'the install script called the user''s format()' $$;
CREATE FUNCTION bloom.format(text, text) RETURNS text LANGUAGE sql AS
  $$ SELECT 'the install script called the user''s format()' $$;
CREATE FUNCTION bloom.format(text, text, text, text, text) RETURNS text LANGUAGE sql AS
  $$ SELECT 'the install script called the user''s format()' $$;
CREATE EXTENSION bloomfilter SCHEMA bloom;
SELECT rolsuper AS installer_is_superuser FROM pg_roles WHERE rolname = current_user;
SELECT count(*) AS aggregates FROM pg_proc WHERE pronamespace = 'bloom'::regnamespace AND prokind = 'a';
DROP FUNCTION bloom.format(text, text, text, text), bloom.format(text, text, text), bloom.format(text, text),
  bloom.format(text, text, text, text, text);

-- and the user who installed it may remove it
DROP EXTENSION bloomfilter;
RESET ROLE;
RESET search_path;
DROP SCHEMA bloom;
SELECT format('REVOKE CREATE ON DATABASE %I FROM regress_bloom_user', current_database()) \gexec
DROP ROLE regress_bloom_user;
CREATE EXTENSION bloomfilter;

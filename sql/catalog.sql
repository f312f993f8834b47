-- The catalog documents the extension: every object that belongs to it
-- (pg_depend, deptype 'e': types, functions, aggregates, operators, and
-- whatever kind comes later) has a one-line comment, so \dT+, \df+, \da+
-- and \do+ describe it.  A new object without a COMMENT ON fails here.
-- Not the array types PostgreSQL makes for each type (members on 17 and
-- 18, not on 15): \dT+ does not list them, their element type says it.
CREATE TEMP VIEW extension_object AS
SELECT d.classid, d.objid, pg_describe_object(d.classid, d.objid, 0) AS object,
       obj_description(d.objid, d.classid::regclass::name) AS comment
FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e' AND e.extname = 'bloomfilter'
  AND NOT (d.classid = 'pg_type'::regclass AND EXISTS (SELECT FROM pg_type t WHERE t.typarray = d.objid));

-- the view does see the extension's objects
SELECT count(*) > 40 AS sees_the_objects,
       count(DISTINCT classid) AS kinds_of_object FROM extension_object;
SELECT object AS without_comment FROM extension_object WHERE coalesce(comment, '') = '' ORDER BY 1;
SELECT object AS comment_not_one_line, comment FROM extension_object
WHERE comment !~ '^[ -~]+$' ORDER BY 1;   -- one line of printable ASCII

-- and the check does catch one: an object added to the extension without a comment
CREATE FUNCTION undocumented() RETURNS int LANGUAGE sql AS 'SELECT 1';
ALTER EXTENSION bloomfilter ADD FUNCTION undocumented();
SELECT object AS without_comment FROM extension_object WHERE coalesce(comment, '') = '' ORDER BY 1;
ALTER EXTENSION bloomfilter DROP FUNCTION undocumented();
DROP FUNCTION undocumented();

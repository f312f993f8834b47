-- countingbloom: add a unique value to a random filter, and write it to the
-- ledger (live until a remove marks it) in the same transaction
\set id random(1, :filters)
BEGIN;
SELECT nextval('vals') AS v \gset
UPDATE cb_filters SET f = countingbloom_add(f, :v) WHERE id = :id;
INSERT INTO cb_ledger (v, id) VALUES (:v, :id);
COMMIT;

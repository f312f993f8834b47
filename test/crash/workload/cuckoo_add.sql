-- cuckoofilter: add a unique value to a random filter, and write it to the
-- ledger (live until a remove marks it) in the same transaction
\set id random(1, :filters)
BEGIN;
SELECT nextval('vals') AS v \gset
UPDATE ck_filters SET f = cuckoo_add(f, :v) WHERE id = :id;
INSERT INTO ck_ledger (v, id) VALUES (:v, :id);
COMMIT;

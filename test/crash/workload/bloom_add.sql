-- bloomfilter: add a unique value to a random filter, and write it to the
-- ledger in the same transaction
\set id random(1, :filters)
BEGIN;
SELECT nextval('vals') AS v \gset
UPDATE filters SET f = bloom_add(f, :v) WHERE id = :id;
INSERT INTO committed VALUES (:id, :v);
COMMIT;

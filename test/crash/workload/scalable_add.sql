-- scalablebloom: add a unique value to a random chain (which grows past its
-- small initial capacity during a run), and write it to the ledger in the
-- same transaction
\set id random(1, :filters)
BEGIN;
SELECT nextval('vals') AS v \gset
UPDATE sb_filters SET f = scalablebloom_add(f, :v) WHERE id = :id;
INSERT INTO sb_ledger (v, id) VALUES (:v, :id);
COMMIT;

-- bloomwindow: add a unique value to a random count-mode window, and write it
-- to the ledger with its place in that window's stream (the row lock of the
-- UPDATE orders the adds of one window) in the same transaction
\set id random(1, :filters)
BEGIN;
SELECT nextval('vals') AS v \gset
UPDATE bw_filters SET f = bloomwindow_add(f, :v), n = n + 1 WHERE id = :id RETURNING n \gset
INSERT INTO bw_ledger (v, id, n) VALUES (:v, :id, :n);
COMMIT;

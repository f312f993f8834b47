-- countingbloom: remove a value this filter holds (one its ledger says is live,
-- locked so that no other client removes it too) and mark it removed, in
-- one transaction.  A filter with no live value gives rv = 0: nothing changes.
\set id random(1, :filters)
BEGIN;
SELECT coalesce((SELECT v FROM cb_ledger WHERE id = :id AND NOT removed
                 LIMIT 1 FOR UPDATE SKIP LOCKED), 0) AS rv \gset
UPDATE cb_ledger SET removed = true WHERE v = :rv;
UPDATE cb_filters SET f = countingbloom_remove(f, :rv) WHERE id = :id AND :rv <> 0;
COMMIT;

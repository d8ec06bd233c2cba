-- Claims on the member benefits fund that the members passed when the fund could not pay them wait
-- for funds (`waiting_funds`) instead of staying `in_vote`; the cron pays them, oldest first, as
-- money comes in. docs/decisions/0215-member-benefits-fund-and-claims.md explains what a claim holds.
--
-- SQLite cannot change a CHECK constraint in place: fund_claims is rebuilt with the new status
-- (nothing references it; its rows, ids and indexes are kept).
CREATE TABLE fund_claims_next (
  id TEXT PRIMARY KEY,
  claimant_id TEXT NOT NULL REFERENCES users(id),
  kind TEXT NOT NULL CHECK (kind IN ('accident', 'hospitalisation', 'bereavement', 'calamity')),
  amount INTEGER NOT NULL CHECK (amount > 0),
  note TEXT NOT NULL CHECK (length(note) <= 1000),
  photos TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'in_vote', 'waiting_funds', 'approved', 'rejected')),
  proposal_id TEXT REFERENCES proposals(id),
  filed_at INTEGER NOT NULL,
  decided_at INTEGER,
  decided_by TEXT REFERENCES users(id),
  reason TEXT
);
INSERT INTO fund_claims_next (id, claimant_id, kind, amount, note, photos, status, proposal_id, filed_at, decided_at, decided_by, reason)
  SELECT id, claimant_id, kind, amount, note, photos, status, proposal_id, filed_at, decided_at, decided_by, reason FROM fund_claims;
DROP TABLE fund_claims;
ALTER TABLE fund_claims_next RENAME TO fund_claims;
CREATE INDEX fund_claims_claimant_idx ON fund_claims (claimant_id, filed_at DESC, id DESC);
CREATE INDEX fund_claims_status_idx ON fund_claims (status, filed_at DESC, id DESC);
CREATE INDEX fund_claims_filed_idx ON fund_claims (filed_at DESC, id DESC);
CREATE UNIQUE INDEX fund_claims_proposal_idx ON fund_claims (proposal_id) WHERE proposal_id IS NOT NULL;
-- What undecided claims hold of the fund, and what passed claims waiting for funds are owed (sums by status).
CREATE INDEX fund_claims_held_idx ON fund_claims (status, amount);

-- Claims whose vote passed while the fund could not pay them were left `in_vote`: they wait now,
-- from their vote's close, and the cron pays them in that order.
UPDATE fund_claims SET status = 'waiting_funds', decided_at = (SELECT closed_at FROM proposals WHERE proposals.id = fund_claims.proposal_id)
  WHERE status = 'in_vote' AND EXISTS (SELECT 1 FROM proposals WHERE proposals.id = fund_claims.proposal_id AND proposals.result = 'passed');

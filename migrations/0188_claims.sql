-- Decision 0215 (docs/guide/coop.md#claims-on-the-fund): claims on the member benefits fund.
-- docs/decisions/0215-member-benefits-fund-and-claims.md explains who files, who decides and how it is booked.
--
-- A claim: who filed it, its kind, amount (centavos), note and up to 3 document photos (JSON list
-- of {n, key, contentType, size}; the objects are in the private ID_DOCUMENTS bucket under
-- claims/{id}/). `pending` waits for an admin (at most the co-op's claim approval limit);
-- `in_vote` is above the limit and became the payout proposal `proposal_id`; an admin's decision
-- makes it `approved` (a `benefit` ledger entry with source_id 'claim:' || id) or `rejected`.
CREATE TABLE fund_claims (
  id TEXT PRIMARY KEY,
  claimant_id TEXT NOT NULL REFERENCES users(id),
  kind TEXT NOT NULL CHECK (kind IN ('accident', 'hospitalisation', 'bereavement', 'calamity')),
  amount INTEGER NOT NULL CHECK (amount > 0),
  note TEXT NOT NULL CHECK (length(note) <= 1000),
  photos TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'in_vote', 'approved', 'rejected')),
  proposal_id TEXT REFERENCES proposals(id),
  filed_at INTEGER NOT NULL,
  decided_at INTEGER,
  decided_by TEXT REFERENCES users(id),
  reason TEXT
);
-- A claimant's own claims, newest first.
CREATE INDEX fund_claims_claimant_idx ON fund_claims (claimant_id, filed_at DESC, id DESC);
-- The admins' list by status (pending first on the page), and all of them newest first.
CREATE INDEX fund_claims_status_idx ON fund_claims (status, filed_at DESC, id DESC);
CREATE INDEX fund_claims_filed_idx ON fund_claims (filed_at DESC, id DESC);
-- The claim a payout proposal was opened for.
CREATE UNIQUE INDEX fund_claims_proposal_idx ON fund_claims (proposal_id) WHERE proposal_id IS NOT NULL;

-- The fund's balance sums the ledger's `benefit` entries (the claims paid): a covering index by kind.
CREATE INDEX ledger_entries_kind_idx ON ledger_entries (kind, amount);

-- Decision 0215 (docs/guide/coop.md#member-benefits-fund): the member benefits fund's payouts and
-- the surplus returns (patronage refunds), booked by the close of a passed proposal.
-- docs/decisions/0215-member-benefits-fund-and-claims.md explains the fund's balance and the caps.

-- Which call closed a proposal: each statement of the close's batch after its guarded UPDATE acts
-- only where this is the calling close's own token, so a second close (or one racing it) books nothing.
ALTER TABLE proposals ADD COLUMN close_id TEXT;

-- A passed payout proposal, paid out of the fund: at most one per proposal.
CREATE TABLE fund_payouts (
  proposal_id TEXT PRIMARY KEY NOT NULL REFERENCES proposals(id),
  amount INTEGER NOT NULL CHECK (amount > 0),
  booked_at INTEGER NOT NULL
);
-- The fund's movements newest first and the month report's range (covering: the balance's sum too).
CREATE INDEX fund_payouts_booked_idx ON fund_payouts (booked_at, proposal_id, amount);

-- A passed surplus return, booked as `patronage` entries of the riders' ledger: at most one per
-- proposal. The Manila period is [period_start, period_end) as YYYY-MM-DD days (daily_totals' keys).
CREATE TABLE surplus_returns (
  proposal_id TEXT PRIMARY KEY NOT NULL REFERENCES proposals(id),
  period_start TEXT NOT NULL,
  period_end TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  members INTEGER NOT NULL,
  booked_at INTEGER NOT NULL
);
-- Earlier returns overlapping a period (the cap), and the month report's returns by booking time.
CREATE INDEX surplus_returns_period_idx ON surplus_returns (period_start, period_end, amount);
CREATE INDEX surplus_returns_booked_idx ON surplus_returns (booked_at);

-- Ledger entries of one kind by time (the fund's claims paid: `benefit`; the month's `patronage`),
-- covering the fund's balance and its movements' keyset (at, source_id).
CREATE INDEX ledger_entries_kind_at_idx ON ledger_entries (kind, at, source_id, amount);

-- Decision 0216 (docs/guide/coop.md#proposals): proposals and secret ballots.
-- docs/decisions/0216-governance.md explains the two ballot tables and the keyed hash.
--
-- A proposal: its kind, text, payload (JSON: settings changes, payout, surplus return; '{}' for a
-- resolution), when voting opened and closes, how many member-owners were entitled to vote when it
-- opened (the quorum's base, fixed then), and at the close its totals and result.
CREATE TABLE proposals (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('settings', 'payout', 'surplus_return', 'resolution')),
  title TEXT NOT NULL CHECK (length(title) <= 120),
  body TEXT NOT NULL CHECK (length(body) <= 2000),
  payload TEXT NOT NULL DEFAULT '{}',
  opened_by TEXT NOT NULL REFERENCES users(id),
  opened_at INTEGER NOT NULL,
  closes_at INTEGER NOT NULL,
  entitled INTEGER NOT NULL,
  closed_at INTEGER,
  result TEXT CHECK (result IN ('passed', 'failed', 'inquorate')),
  yes_votes INTEGER,
  no_votes INTEGER,
  abstain_votes INTEGER,
  -- What a passed proposal made: e.g. 'settings:42' (the coop_settings_versions id).
  applied_ref TEXT
);
-- The cron: open proposals by when they close; the list's open part (soonest close first).
CREATE INDEX proposals_open_closes_idx ON proposals (closes_at, id) WHERE closed_at IS NULL;
-- The list's closed part, newest first.
CREATE INDEX proposals_closed_idx ON proposals (closes_at DESC, id DESC) WHERE closed_at IS NOT NULL;

-- Who voted, never how.
CREATE TABLE proposal_voters (
  proposal_id TEXT NOT NULL REFERENCES proposals(id),
  member_id TEXT NOT NULL REFERENCES users(id),
  voted_at INTEGER NOT NULL,
  PRIMARY KEY (proposal_id, member_id)
) WITHOUT ROWID;

-- How, never who: ballot_key is HMAC-SHA256(BALLOT_SECRET, "proposalId:memberId"), so a member's
-- second ballot replaces the first without any column naming the member. WITHOUT ROWID (both
-- tables): rows are stored in key order, so no rowid keeps the order ballots came in, which could
-- be matched with the order of voters. cast_at is the proposal's opened_at for every ballot: a
-- ballot's own time could be matched with proposal_voters.voted_at (decision 0216).
CREATE TABLE proposal_ballots (
  proposal_id TEXT NOT NULL REFERENCES proposals(id),
  ballot_key TEXT NOT NULL,
  choice TEXT NOT NULL CHECK (choice IN ('yes', 'no', 'abstain')),
  cast_at INTEGER NOT NULL,
  PRIMARY KEY (proposal_id, ballot_key)
);

-- A settings version made by a passed settings proposal (null: saved by an admin).
ALTER TABLE coop_settings_versions ADD COLUMN proposal_id TEXT REFERENCES proposals(id);

-- Decision 0216. proposal_ballots was created with a rowid, against the decision: rowids
-- grow in the order ballots first arrive, which proposal_voters.voted_at also gives, so the two
-- orders could be matched to tell who chose what. Rebuilt WITHOUT ROWID (rows kept in key order).
CREATE TABLE proposal_ballots_keyed (
  proposal_id TEXT NOT NULL REFERENCES proposals(id),
  ballot_key TEXT NOT NULL,
  choice TEXT NOT NULL CHECK (choice IN ('yes', 'no', 'abstain')),
  cast_at INTEGER NOT NULL,
  PRIMARY KEY (proposal_id, ballot_key)
) WITHOUT ROWID;
INSERT INTO proposal_ballots_keyed (proposal_id, ballot_key, choice, cast_at)
  SELECT proposal_id, ballot_key, choice, cast_at FROM proposal_ballots ORDER BY proposal_id, ballot_key;
DROP TABLE proposal_ballots;
ALTER TABLE proposal_ballots_keyed RENAME TO proposal_ballots;

-- The SMS each member-owner is sent about a proposal: when it opens, and its result. A row is
-- written before its text is sent (the cron's claim), so a text goes out at most once per member.
-- Who was texted, never how anyone voted.
CREATE TABLE proposal_texts (
  proposal_id TEXT NOT NULL REFERENCES proposals(id),
  member_id TEXT NOT NULL REFERENCES users(id),
  event TEXT NOT NULL CHECK (event IN ('opened', 'result')),
  sent_at INTEGER NOT NULL,
  PRIMARY KEY (proposal_id, event, member_id)
) WITHOUT ROWID;

-- Migrations 0187 (the fund) and 0188 (claims) were written side by side and each indexed the
-- ledger's entries by kind; 0187's (kind, at, source_id, amount) serves the fund's balance and its
-- movements, so 0188's (kind, amount) only slows every ledger write.
DROP INDEX IF EXISTS ledger_entries_kind_idx;

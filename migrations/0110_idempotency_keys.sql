-- Idempotency-Key (docs/guide/deliveries.md#field-conditions): the first answer to a mutating /api call, kept
-- 24 hours per user and key so that a phone retrying after a lost answer changes nothing twice.
-- A row without completed_at is a call still being answered.
CREATE TABLE idempotency_keys (
  user_id TEXT NOT NULL REFERENCES users(id),
  key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status INTEGER,
  body TEXT,
  content_type TEXT,
  created_at INTEGER NOT NULL,
  completed_at INTEGER,
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

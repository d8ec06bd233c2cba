-- Development outbox: SMS and email that a local Hatid "sends" land here (docs/guide/people-and-access.md#sign-in-by-phone).
-- Only written when no real gateway is configured and ENVIRONMENT is development or test.
CREATE TABLE dev_outbox (
  id TEXT PRIMARY KEY NOT NULL,
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient TEXT NOT NULL,
  body TEXT NOT NULL,
  code TEXT,
  link TEXT,
  sent_at INTEGER NOT NULL
);
CREATE INDEX dev_outbox_sent_at_idx ON dev_outbox (sent_at);

-- Decision 0180.
-- Every SMS and email the co-op sends, with what became of it (docs/guide/what-is-true.md#outbox): queued when written, then sent or failed (with the gateway's error). The cron retries a
-- failed one up to 3 times (attempts counts every try: 1 + 3). Sign-in codes and links are recorded
-- without their text (body '', retryable 0): a code is never stored in clear, and it expires long
-- before a retry would help (the person asks for a new one).
CREATE TABLE messages (
  id TEXT PRIMARY KEY NOT NULL,
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient TEXT NOT NULL,
  subject TEXT,
  body TEXT NOT NULL,
  -- What the message is for, e.g. 'sign_in', 'application_received', 'application_decided', 'recipient_link'.
  purpose TEXT NOT NULL,
  -- What it is about (an application id, a delivery id), so a page can show its status.
  ref TEXT,
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  retryable INTEGER NOT NULL DEFAULT 1,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  sent_at INTEGER
);
CREATE INDEX messages_status_updated_idx ON messages (status, updated_at);
CREATE INDEX messages_ref_idx ON messages (ref, created_at);

-- The applicant's first and last name, given separately on /become-rider; full_name stays (both joined).
ALTER TABLE rider_applications ADD COLUMN first_name TEXT;
ALTER TABLE rider_applications ADD COLUMN last_name TEXT;

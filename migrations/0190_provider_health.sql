-- How each outside service (SMS, email, payments, payouts, geocoding, captcha) last answered, for
-- the admins' setup page (decision 0205). One row per provider, written by every call to it: when
-- it last answered at all, when it last said yes, and its last failure in words for an operator
-- (an HTTP status or "unreachable", never a key or a person's data).
CREATE TABLE provider_health (
  provider TEXT PRIMARY KEY NOT NULL,
  last_answer_at INTEGER,
  last_success_at INTEGER,
  last_failure_at INTEGER,
  last_failure TEXT
) WITHOUT ROWID;

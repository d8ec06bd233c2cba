-- Becoming a rider takes an approved application; admins may suspend a rider.
-- Riders who already had the rider role before applications existed count as approved.
ALTER TABLE users ADD COLUMN rider_approved_at INTEGER;
ALTER TABLE users ADD COLUMN rider_suspended_at INTEGER;
ALTER TABLE users ADD COLUMN rider_suspension_reason TEXT;
UPDATE users SET rider_approved_at = updated_at WHERE role = 'rider';
-- Manage Riders lists approved riders (a few hundred rows, never all users).
CREATE INDEX users_rider_approved_idx ON users (rider_approved_at);

-- The /become-rider form's applications. `mobile` is normalised +639XXXXXXXXX; at most one
-- application per number may wait for a decision (the partial unique index).
CREATE TABLE rider_applications (
  id TEXT PRIMARY KEY NOT NULL,
  full_name TEXT NOT NULL,
  mobile TEXT NOT NULL,
  city TEXT NOT NULL,
  has_motorcycle INTEGER NOT NULL,
  referral_code TEXT,
  status TEXT NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'approved', 'rejected')),
  note TEXT,
  client_address TEXT,
  created_at INTEGER NOT NULL,
  decided_at INTEGER,
  decided_by TEXT REFERENCES users (id),
  user_id TEXT REFERENCES users (id)
);
CREATE INDEX rider_applications_status_created_idx ON rider_applications (status, created_at);
CREATE INDEX rider_applications_client_created_idx ON rider_applications (client_address, created_at);
CREATE UNIQUE INDEX rider_applications_submitted_mobile_unique ON rider_applications (mobile) WHERE status = 'submitted';

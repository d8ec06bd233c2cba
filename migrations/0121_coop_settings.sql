-- The co-op's settings (rate card, size fees, cancellation fees, incentives, promo codes)
-- as versions: each change is a new row with who and when; the newest row is in force. Without
-- any row, the built-in first version (app/settings/coop-settings.ts) is in force, as version 0.
CREATE TABLE coop_settings_versions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  settings TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  created_by TEXT REFERENCES users(id)
);

-- The settings version a booking was priced with (null: booked before versions existed).
ALTER TABLE deliveries ADD COLUMN settings_version INTEGER;

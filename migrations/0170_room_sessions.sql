-- Which delivery rooms a session has opened a live-tracking socket in (decision 0214).
-- The /ws gate writes a row before it forwards the upgrade; a logout, a deactivation, a role change
-- or a suspension reads the rows of the session or user and tells those rooms at once, so the rooms
-- need not re-read every socket's session from D1 every few seconds. A row outlives its socket
-- (telling a room that no longer holds the socket does nothing); it goes with its session: at the
-- logout, at the deactivation, and by the cron once expires_at (the session's expiry) has passed.
CREATE TABLE room_sessions (
  session_hash TEXT NOT NULL,
  delivery_id TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id),
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (session_hash, delivery_id)
) WITHOUT ROWID;
CREATE INDEX room_sessions_user_idx ON room_sessions (user_id);
CREATE INDEX room_sessions_expires_idx ON room_sessions (expires_at);

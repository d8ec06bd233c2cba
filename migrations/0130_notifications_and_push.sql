-- Notifications (docs/guide/deliveries.md#field-conditions): what the bell lists, one row per
-- recipient, written in the same batch as the change they tell about. push_pending is 1 while the
-- recipient had a push subscription and the Web Push has not been sent yet (the Worker sends it
-- after the request, the every-minute cron picks up what a request left).
CREATE TABLE notifications (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL REFERENCES users(id),
  kind TEXT NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  url TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  read_at INTEGER,
  push_pending INTEGER NOT NULL DEFAULT 0,
  push_claimed_at INTEGER
);
-- The bell's list: a user's newest first.
CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, id DESC);
-- The unread count and "mark all read".
CREATE INDEX notifications_user_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
-- The push sender's queue.
CREATE INDEX notifications_push_pending_idx ON notifications (id) WHERE push_pending = 1;

-- A browser's Web Push subscription (RFC 8030): its endpoint (unique per browser), its keys.
CREATE TABLE push_subscriptions (
  endpoint TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);

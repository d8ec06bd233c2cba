-- Decision 0181: what can be booked, riders told once, approximate places.

-- Approximate places: a point taken from a city centre (no geocoder, or the geocoder failed) is
-- not where the address is. Navigate then uses the address text, distances read "about", the map
-- shows the city, and the pickup fee (part C) needs a precise pickup.
ALTER TABLE deliveries ADD COLUMN pickup_approximate INTEGER NOT NULL DEFAULT 0;
ALTER TABLE deliveries ADD COLUMN dropoff_approximate INTEGER NOT NULL DEFAULT 0;

-- NEWCOOP (and every first-delivery-only code) once per customer, enforced here: one row per
-- customer and code. The booking's batch takes the row (or takes over a row whose delivery was
-- cancelled) and the delivery is inserted only if it owns the row.
CREATE TABLE promo_redemptions (
  customer_id TEXT NOT NULL REFERENCES users(id),
  code TEXT NOT NULL,
  delivery_id TEXT NOT NULL,
  redeemed_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX promo_redemptions_customer_code_unique ON promo_redemptions (customer_id, code);
CREATE INDEX promo_redemptions_delivery_idx ON promo_redemptions (delivery_id);
-- Existing first-delivery redemptions (NEWCOOP is the only first-delivery code so far): the
-- customer's earliest booking that took it and was not cancelled.
INSERT OR IGNORE INTO promo_redemptions (customer_id, code, delivery_id, redeemed_at)
SELECT customer_id, promo_code, id, created_at FROM deliveries
WHERE promo_code = 'NEWCOOP' AND status != 'cancelled'
ORDER BY created_at;

-- One waiting ID application per customer. Older duplicates (made by the race this closes) are
-- rejected, the oldest of each customer's waiting ones is kept.
UPDATE id_discounts SET status = 'rejected', reject_reason = 'Another application was already waiting for review'
WHERE status = 'pending' AND EXISTS (
  SELECT 1 FROM id_discounts AS older
  WHERE older.user_id = id_discounts.user_id AND older.status = 'pending'
    AND (older.created_at < id_discounts.created_at OR (older.created_at = id_discounts.created_at AND older.id < id_discounts.id))
);
CREATE UNIQUE INDEX id_discounts_one_pending_per_user ON id_discounts (user_id) WHERE status = 'pending';

-- "New delivery nearby" at most once a minute per rider: the minute's first notification and how
-- many deliveries it gathers since (app/notifications/nearby-riders.server.ts).
CREATE TABLE nearby_alerts (
  rider_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id),
  since INTEGER NOT NULL,
  count INTEGER NOT NULL
) WITHOUT ROWID;

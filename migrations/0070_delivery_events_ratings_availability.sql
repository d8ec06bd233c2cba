-- What happened to each delivery (events), the customers' ratings, and riders' availability.
-- See docs/decisions/0070-delivery-events-and-rider-figures.md.

-- One row per change of a delivery, written in the same D1 batch as the change itself
-- (app/deliveries/events.server.ts). rider_id is the rider the change concerns: the one who
-- accepted, released, delivered, or held the delivery when it was cancelled.
CREATE TABLE delivery_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  delivery_id TEXT NOT NULL REFERENCES deliveries (id),
  kind TEXT NOT NULL CHECK (kind IN ('booked', 'accepted', 'released', 'picked_up', 'in_transit', 'delivered',
    'cancelled', 'reassigned', 'rated', 'paid', 'refunded')),
  from_status TEXT,
  to_status TEXT,
  actor_id TEXT REFERENCES users (id),
  rider_id TEXT REFERENCES users (id),
  at INTEGER NOT NULL,
  note TEXT
);
-- The tracking page's timeline.
CREATE INDEX delivery_events_delivery_at_idx ON delivery_events (delivery_id, at);
-- A rider's figures (acceptance, completion over 30 days) and history page (newest first).
CREATE INDEX delivery_events_rider_at_idx ON delivery_events (rider_id, at);

-- One rating per delivery, by its customer, once it is delivered.
CREATE TABLE delivery_ratings (
  delivery_id TEXT PRIMARY KEY NOT NULL REFERENCES deliveries (id),
  customer_id TEXT NOT NULL REFERENCES users (id),
  rider_id TEXT NOT NULL REFERENCES users (id),
  stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
  comment TEXT,
  rated_at INTEGER NOT NULL
);
-- Admin satisfaction over the last 7 Manila days.
CREATE INDEX delivery_ratings_rated_at_idx ON delivery_ratings (rated_at);

-- Admin success rate: cancellations in a date range.
CREATE INDEX deliveries_cancelled_at_idx ON deliveries (cancelled_at);

-- Go Online: a rider's own choice, and when the app last heard from them (admins count a rider
-- not heard from for 10 minutes as offline). New riders start offline.
ALTER TABLE users ADD COLUMN rider_online INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN rider_seen_at INTEGER;
CREATE INDEX users_rider_online_seen_idx ON users (rider_online, rider_seen_at);

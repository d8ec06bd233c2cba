-- The return to the sender (docs/decisions/0222-could-not-deliver-and-returns.md): a delivery the
-- rider could not deliver goes `returning`, then `returned` once the sender confirms the parcel is
-- back with the return code. The rider's arrival at the dropoff (a position within 100 m), the
-- reason with its note, photo (a private R2 key) and the rider's position, the return code and the
-- time of the return are kept on the delivery; the events gain their three kinds.
--
-- SQLite cannot change a CHECK constraint in place: deliveries and delivery_events are rebuilt
-- (rows, ids and indexes kept). The tables referencing them keep their rows: foreign keys are
-- checked at the end of the migration, once the rebuilt tables carry their old names.
PRAGMA defer_foreign_keys = true;

CREATE TABLE deliveries_next (
  id TEXT PRIMARY KEY NOT NULL,
  customer_id TEXT NOT NULL REFERENCES users (id),
  rider_id TEXT REFERENCES users (id),
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'assigned', 'picked_up', 'in_transit', 'delivered', 'cancelled', 'returning', 'returned')),
  pickup_address TEXT NOT NULL,
  pickup_city TEXT NOT NULL,
  pickup_phone TEXT NOT NULL,
  pickup_notes TEXT,
  dropoff_address TEXT NOT NULL,
  dropoff_city TEXT NOT NULL,
  dropoff_phone TEXT NOT NULL,
  dropoff_notes TEXT,
  package_type TEXT NOT NULL
    CHECK (package_type IN ('documents', 'food', 'parcels', 'groceries', 'electronics')),
  package_size TEXT NOT NULL CHECK (package_size IN ('small', 'medium', 'large')),
  package_description TEXT NOT NULL,
  is_fragile INTEGER NOT NULL DEFAULT 0,
  base_fare INTEGER NOT NULL,
  distance_fee INTEGER NOT NULL,
  size_fee INTEGER NOT NULL,
  total_fee INTEGER NOT NULL,
  cancellation_fee INTEGER NOT NULL DEFAULT 0,
  distance TEXT NOT NULL,
  estimated_duration TEXT NOT NULL,
  pickup_latitude REAL,
  pickup_longitude REAL,
  dropoff_latitude REAL,
  dropoff_longitude REAL,
  rider_latitude REAL,
  rider_longitude REAL,
  rider_located_at INTEGER,
  created_at INTEGER NOT NULL,
  assigned_at INTEGER,
  picked_up_at INTEGER,
  delivered_at INTEGER,
  cancelled_at INTEGER,
  notify_recipient INTEGER NOT NULL DEFAULT 1,
  recipient_token_hash TEXT,
  cancellation_reason TEXT,
  payment_method TEXT NOT NULL DEFAULT 'cash'
    CHECK (payment_method IN ('cash', 'gcash', 'maya', 'card', 'invoice')),
  payment_status TEXT NOT NULL DEFAULT 'not_required'
    CHECK (payment_status IN ('not_required', 'pending', 'paid', 'failed', 'refunded', 'partially_refunded')),
  id_discount_kind TEXT CHECK (id_discount_kind IN ('pwd', 'senior', 'student')),
  id_discount_percent INTEGER,
  id_discount_amount INTEGER NOT NULL DEFAULT 0,
  promo_code TEXT,
  promo_discount INTEGER NOT NULL DEFAULT 0,
  amount_due INTEGER NOT NULL DEFAULT 0,
  payment_id TEXT,
  checkout_url TEXT,
  refunded_amount INTEGER NOT NULL DEFAULT 0,
  partner_id TEXT REFERENCES business_partners (id),
  settings_version INTEGER,
  handover_code TEXT,
  handover TEXT,
  handover_note TEXT,
  handover_wrong_tries INTEGER NOT NULL DEFAULT 0,
  handover_wrong_since INTEGER,
  handover_locked_at INTEGER,
  pickup_approximate INTEGER NOT NULL DEFAULT 0,
  dropoff_approximate INTEGER NOT NULL DEFAULT 0,
  owed_fee_collected INTEGER NOT NULL DEFAULT 0,
  pickup_arrival_first_at INTEGER,
  pickup_arrival_confirmed_at INTEGER,
  refund_pending INTEGER NOT NULL DEFAULT 0,
  peak_surcharge INTEGER NOT NULL DEFAULT 0,
  dropoff_arrival_at INTEGER,
  could_not_deliver_at INTEGER,
  could_not_deliver_reason TEXT
    CHECK (could_not_deliver_reason IN ('recipient_absent', 'recipient_refused', 'address_not_found', 'unsafe', 'other')),
  could_not_deliver_note TEXT,
  could_not_deliver_photo TEXT,
  could_not_deliver_latitude REAL,
  could_not_deliver_longitude REAL,
  return_code TEXT,
  returned_at INTEGER
);
INSERT INTO deliveries_next (id, customer_id, rider_id, status, pickup_address, pickup_city, pickup_phone, pickup_notes, dropoff_address, dropoff_city, dropoff_phone, dropoff_notes, package_type, package_size, package_description, is_fragile, base_fare, distance_fee, size_fee, total_fee, cancellation_fee, distance, estimated_duration, pickup_latitude, pickup_longitude, dropoff_latitude, dropoff_longitude, rider_latitude, rider_longitude, rider_located_at, created_at, assigned_at, picked_up_at, delivered_at, cancelled_at, notify_recipient, recipient_token_hash, cancellation_reason, payment_method, payment_status, id_discount_kind, id_discount_percent, id_discount_amount, promo_code, promo_discount, amount_due, payment_id, checkout_url, refunded_amount, partner_id, settings_version, handover_code, handover, handover_note, handover_wrong_tries, handover_wrong_since, handover_locked_at, pickup_approximate, dropoff_approximate, owed_fee_collected, pickup_arrival_first_at, pickup_arrival_confirmed_at, refund_pending, peak_surcharge)
  SELECT id, customer_id, rider_id, status, pickup_address, pickup_city, pickup_phone, pickup_notes, dropoff_address, dropoff_city, dropoff_phone, dropoff_notes, package_type, package_size, package_description, is_fragile, base_fare, distance_fee, size_fee, total_fee, cancellation_fee, distance, estimated_duration, pickup_latitude, pickup_longitude, dropoff_latitude, dropoff_longitude, rider_latitude, rider_longitude, rider_located_at, created_at, assigned_at, picked_up_at, delivered_at, cancelled_at, notify_recipient, recipient_token_hash, cancellation_reason, payment_method, payment_status, id_discount_kind, id_discount_percent, id_discount_amount, promo_code, promo_discount, amount_due, payment_id, checkout_url, refunded_amount, partner_id, settings_version, handover_code, handover, handover_note, handover_wrong_tries, handover_wrong_since, handover_locked_at, pickup_approximate, dropoff_approximate, owed_fee_collected, pickup_arrival_first_at, pickup_arrival_confirmed_at, refund_pending, peak_surcharge FROM deliveries;
DROP TABLE deliveries;
ALTER TABLE deliveries_next RENAME TO deliveries;
CREATE INDEX deliveries_status_created_idx ON deliveries (status, created_at);
CREATE INDEX deliveries_rider_status_idx ON deliveries (rider_id, status);
CREATE INDEX deliveries_customer_created_idx ON deliveries (customer_id, created_at);
CREATE INDEX deliveries_delivered_at_idx ON deliveries (delivered_at);
CREATE INDEX deliveries_rider_delivered_idx ON deliveries (rider_id, delivered_at);
CREATE INDEX deliveries_created_at_idx ON deliveries (created_at);
CREATE INDEX deliveries_rider_created_idx ON deliveries (rider_id, created_at, id);
CREATE INDEX deliveries_cancelled_at_idx ON deliveries (cancelled_at);
CREATE INDEX deliveries_rider_cancelled_idx ON deliveries (rider_id, cancelled_at);
CREATE INDEX deliveries_cancelled_fee_idx ON deliveries (cancelled_at, rider_id, cancellation_fee);
CREATE UNIQUE INDEX deliveries_recipient_token_unique ON deliveries (recipient_token_hash);
CREATE INDEX deliveries_partner_created_idx ON deliveries (partner_id, created_at);
CREATE INDEX deliveries_undelivered_status_idx ON deliveries (status) WHERE status != 'delivered';
CREATE INDEX deliveries_no_code_handover_idx ON deliveries (delivered_at) WHERE handover = 'none';
CREATE INDEX deliveries_delivered_fee_idx ON deliveries (delivered_at, rider_id, total_fee, promo_discount, peak_surcharge, id_discount_amount);
CREATE INDEX deliveries_cancelled_paid_idx ON deliveries (cancelled_at) WHERE status = 'cancelled' AND payment_status = 'paid';
CREATE INDEX deliveries_position_kept_idx ON deliveries (rider_located_at) WHERE rider_latitude IS NOT NULL;

CREATE TABLE delivery_events_next (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  delivery_id TEXT NOT NULL REFERENCES deliveries (id),
  kind TEXT NOT NULL CHECK (kind IN ('booked', 'accepted', 'released', 'picked_up', 'in_transit', 'delivered',
    'cancelled', 'reassigned', 'rated', 'paid', 'refunded',
    'arrived_at_dropoff', 'could_not_deliver', 'returned')),
  from_status TEXT,
  to_status TEXT,
  actor_id TEXT REFERENCES users (id),
  rider_id TEXT REFERENCES users (id),
  at INTEGER NOT NULL,
  note TEXT
);
INSERT INTO delivery_events_next (id, delivery_id, kind, from_status, to_status, actor_id, rider_id, at, note)
  SELECT id, delivery_id, kind, from_status, to_status, actor_id, rider_id, at, note FROM delivery_events;
DROP TABLE delivery_events;
ALTER TABLE delivery_events_next RENAME TO delivery_events;
CREATE INDEX delivery_events_delivery_at_idx ON delivery_events (delivery_id, at);
CREATE INDEX delivery_events_rider_at_idx ON delivery_events (rider_id, at);

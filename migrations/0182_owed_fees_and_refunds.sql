-- Decision 0217: fees owed are collected before they are paid out, the ₱50
-- "rider at the pickup" fee rests on server-side evidence, and refunds never get lost.

-- A cancellation fee nothing could be taken from (cash, a ₱0 booking, a refund smaller than the
-- fee): the customer owes it (or the remainder). Their next booking collects it with its fare
-- (collected_by = that booking, while status stays 'owed'); when that booking's money arrives the
-- rider who held the cancelled delivery is credited their share and the row becomes 'collected'.
-- An admin may waive it (nobody is credited). One row per cancelled delivery.
CREATE TABLE owed_fees (
  id TEXT PRIMARY KEY NOT NULL,
  customer_id TEXT NOT NULL REFERENCES users (id),
  delivery_id TEXT NOT NULL REFERENCES deliveries (id),
  rider_id TEXT NOT NULL REFERENCES users (id),
  amount INTEGER NOT NULL CHECK (amount > 0),
  status TEXT NOT NULL DEFAULT 'owed' CHECK (status IN ('owed', 'collected', 'waived')),
  collected_by TEXT REFERENCES deliveries (id),
  waived_by TEXT REFERENCES users (id),
  waive_reason TEXT,
  created_at INTEGER NOT NULL,
  settled_at INTEGER
);
CREATE UNIQUE INDEX owed_fees_delivery_unique ON owed_fees (delivery_id);
CREATE INDEX owed_fees_customer_status_idx ON owed_fees (customer_id, status);
CREATE INDEX owed_fees_collected_by_idx ON owed_fees (collected_by) WHERE collected_by IS NOT NULL;
CREATE INDEX owed_fees_status_created_idx ON owed_fees (status, created_at);
-- Collected fees by the day they were collected (the books), for all riders and for one.
CREATE INDEX owed_fees_settled_idx ON owed_fees (settled_at) WHERE status = 'collected';
CREATE INDEX owed_fees_rider_settled_idx ON owed_fees (rider_id, settled_at) WHERE status = 'collected';

-- Earlier unpaid cancellation fees this booking collects (part of amount_due).
ALTER TABLE deliveries ADD COLUMN owed_fee_collected INTEGER NOT NULL DEFAULT 0;
-- Arrival evidence for the ₱50 fee: the first position within 100 m of the pickup while assigned,
-- and the first one at least 20 s after it. Cleared when the delivery changes rider.
ALTER TABLE deliveries ADD COLUMN pickup_arrival_first_at INTEGER;
ALTER TABLE deliveries ADD COLUMN pickup_arrival_confirmed_at INTEGER;
-- What is still to be refunded (centavos) while a refund waits for the gateway; 0 otherwise.
ALTER TABLE deliveries ADD COLUMN refund_pending INTEGER NOT NULL DEFAULT 0;

-- A refund owed on a cancelled paid booking, written in the same batch as the cancellation. One
-- per payment (the primary key). The gateway call follows; a failure stays 'pending' with its
-- error and the cron retries it at next_at (1 min, 5 min, 30 min, 2 h, then daily).
CREATE TABLE refunds (
  payment_id TEXT PRIMARY KEY NOT NULL REFERENCES payments (id),
  delivery_id TEXT NOT NULL REFERENCES deliveries (id),
  amount INTEGER NOT NULL CHECK (amount > 0),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'refunded')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL,
  claimed_at INTEGER,
  last_error TEXT,
  provider_refund_id TEXT,
  created_at INTEGER NOT NULL,
  refunded_at INTEGER
);
CREATE INDEX refunds_status_next_idx ON refunds (status, next_at);

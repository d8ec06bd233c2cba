-- Money in: how a delivery is paid, its discounts, the gateway's payments and events,
-- ID-discount applications and business partners. Money is integer centavos; times UTC ms.
--
-- On a delivery: base_fare + distance_fee + size_fee is the rate-card fare; id_discount_amount
-- lowers it to total_fee, the fee split 85/10/5; promo_discount is the co-op's marketing cost
-- (carried by operations); amount_due = total_fee - promo_discount is what the customer pays.
ALTER TABLE deliveries ADD COLUMN payment_method TEXT NOT NULL DEFAULT 'cash'
  CHECK (payment_method IN ('cash', 'gcash', 'maya', 'card', 'invoice'));
ALTER TABLE deliveries ADD COLUMN payment_status TEXT NOT NULL DEFAULT 'not_required'
  CHECK (payment_status IN ('not_required', 'pending', 'paid', 'failed', 'refunded', 'partially_refunded'));
ALTER TABLE deliveries ADD COLUMN id_discount_kind TEXT CHECK (id_discount_kind IN ('pwd', 'senior', 'student'));
ALTER TABLE deliveries ADD COLUMN id_discount_percent INTEGER;
ALTER TABLE deliveries ADD COLUMN id_discount_amount INTEGER NOT NULL DEFAULT 0;
ALTER TABLE deliveries ADD COLUMN promo_code TEXT;
ALTER TABLE deliveries ADD COLUMN promo_discount INTEGER NOT NULL DEFAULT 0;
ALTER TABLE deliveries ADD COLUMN amount_due INTEGER NOT NULL DEFAULT 0;
-- Kept in step with the payments row (same batch), so every delivery answer shows its payment.
ALTER TABLE deliveries ADD COLUMN payment_id TEXT;
ALTER TABLE deliveries ADD COLUMN checkout_url TEXT;
ALTER TABLE deliveries ADD COLUMN refunded_amount INTEGER NOT NULL DEFAULT 0;
UPDATE deliveries SET amount_due = total_fee;

-- One row per online payment (cash and invoice bookings have none).
CREATE TABLE payments (
  id TEXT PRIMARY KEY NOT NULL,
  delivery_id TEXT NOT NULL REFERENCES deliveries (id),
  method TEXT NOT NULL CHECK (method IN ('gcash', 'maya', 'card')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'failed', 'refunded', 'partially_refunded')),
  provider TEXT NOT NULL CHECK (provider IN ('paymongo', 'sandbox')),
  amount INTEGER NOT NULL,
  checkout_id TEXT,
  checkout_url TEXT,
  provider_payment_id TEXT,
  refunded_amount INTEGER NOT NULL DEFAULT 0,
  refund_id TEXT,
  refund_error TEXT,
  created_at INTEGER NOT NULL,
  paid_at INTEGER,
  failed_at INTEGER,
  refunded_at INTEGER
);
CREATE UNIQUE INDEX payments_delivery_unique ON payments (delivery_id);
CREATE INDEX payments_checkout_idx ON payments (checkout_id);

-- Gateway events already applied: the same event id twice changes things once.
CREATE TABLE payment_events (
  event_id TEXT PRIMARY KEY NOT NULL,
  type TEXT NOT NULL,
  payment_id TEXT,
  received_at INTEGER NOT NULL
);

-- A customer's PWD, senior-citizen or student ID, its photo in the private R2 bucket.
CREATE TABLE id_discounts (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id),
  kind TEXT NOT NULL CHECK (kind IN ('pwd', 'senior', 'student')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  object_key TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  reviewed_at INTEGER,
  reviewed_by TEXT REFERENCES users (id),
  reject_reason TEXT,
  expires_at INTEGER
);
CREATE INDEX id_discounts_user_created_idx ON id_discounts (user_id, created_at);
CREATE INDEX id_discounts_status_created_idx ON id_discounts (status, created_at);

CREATE TABLE business_partners (
  id TEXT PRIMARY KEY NOT NULL,
  name TEXT NOT NULL,
  billing_email TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  created_by TEXT REFERENCES users (id)
);
CREATE INDEX business_partners_created_idx ON business_partners (created_at);

-- A customer belongs to at most one partner.
CREATE TABLE partner_members (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users (id),
  partner_id TEXT NOT NULL REFERENCES business_partners (id),
  added_at INTEGER NOT NULL,
  added_by TEXT REFERENCES users (id)
);
CREATE INDEX partner_members_partner_idx ON partner_members (partner_id, added_at);

-- The partner an invoice booking is billed to (its monthly statement).
ALTER TABLE deliveries ADD COLUMN partner_id TEXT REFERENCES business_partners (id);
CREATE INDEX deliveries_partner_created_idx ON deliveries (partner_id, created_at);

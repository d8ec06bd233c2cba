-- Cancellation fees count as money on the Manila day of the cancellation, and the
-- recipient's public tracking link.

-- A rider's cancellation-fee shares and the admin's revenue read cancelled rows by day.
CREATE INDEX deliveries_rider_cancelled_idx ON deliveries (rider_id, cancelled_at);
CREATE INDEX deliveries_cancelled_fee_idx ON deliveries (cancelled_at, rider_id, cancellation_fee);

-- The part of a day's revenue (and shares) that came from cancellation fees.
ALTER TABLE daily_totals ADD COLUMN cancellation_fees INTEGER NOT NULL DEFAULT 0;

-- "Text the recipient a tracking link" (on by default), and the SHA-256 of the link's token.
ALTER TABLE deliveries ADD COLUMN notify_recipient INTEGER NOT NULL DEFAULT 1;
ALTER TABLE deliveries ADD COLUMN recipient_token_hash TEXT;
CREATE UNIQUE INDEX deliveries_recipient_token_unique ON deliveries (recipient_token_hash);

-- Why an admin cancelled a delivery (docs/guide/money.md: admins cancel with a reason).
ALTER TABLE deliveries ADD COLUMN cancellation_reason TEXT;

-- Decision 0217. The cron's sweep finds every cancelled booking still paid and without a refund row
-- (a refund lost between a late payment's event and its refund before this decision) through this
-- partial index: a booking leaves it once refunded.
CREATE INDEX deliveries_cancelled_paid_idx ON deliveries (cancelled_at) WHERE status = 'cancelled' AND payment_status = 'paid';

-- The payment sandbox's refunds (development and tests), one per idempotency key, as a provider
-- keeps them: a refund retried with its key answers the refund already made, never a second one.
CREATE TABLE sandbox_refunds (
  idempotency_key TEXT PRIMARY KEY NOT NULL,
  payment_id TEXT NOT NULL,
  amount INTEGER NOT NULL,
  refund_id TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- Decision 0219 (docs/guide/money.md#cash-outs): a GCash cash-out is sent at once
-- through the payout gateway (app/payments/payout-gateway.server.ts). docs/decisions/0184-*.md.
--
-- status gains 'sending' (the payout was asked of the gateway; its amount already left the
-- balance as the `cashout` entry) and 'failed' (the gateway failed it; the amount came back as a
-- `cashout` entry of +amount, source "cashout-return:{id}").
ALTER TABLE cashouts ADD COLUMN provider TEXT;
ALTER TABLE cashouts ADD COLUMN provider_payout_id TEXT;
ALTER TABLE cashouts ADD COLUMN failure_reason TEXT;

-- One open cash-out per rider: a GCash payout being sent is open too.
DROP INDEX cashouts_one_open_per_rider;
CREATE UNIQUE INDEX cashouts_one_open_per_rider ON cashouts (rider_id) WHERE status IN ('requested', 'sending');
CREATE UNIQUE INDEX cashouts_provider_payout_unique ON cashouts (provider_payout_id) WHERE provider_payout_id IS NOT NULL;

-- The payout sandbox (development and tests only, /dev/payouts): each row makes the next sandbox
-- payout fail with its reason (taken by one payout, so a failure can be tried by hand).
CREATE TABLE payout_sandbox_failures (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reason TEXT NOT NULL,
  armed_at INTEGER NOT NULL
);

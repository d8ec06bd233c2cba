-- The riders' ledger (docs/guide/money.md#rider-ledger), cash-out requests and period closes.

-- One signed amount in centavos per entry. `source_id` names what caused the entry
-- ("share:{deliveryId}", "insurance:{deliveryId}", "cash:{deliveryId}", "cancel-share:{deliveryId}",
-- "incentive:day:2026-11-22:{riderId}:daily", "remittance:{id}", "cashout:{id}", "adjustment:{id}");
-- it is unique, so no cause can enter the books twice.
CREATE TABLE ledger_entries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  rider_id TEXT NOT NULL REFERENCES users(id),
  kind TEXT NOT NULL,
  amount INTEGER NOT NULL,
  delivery_id TEXT REFERENCES deliveries(id),
  source_id TEXT NOT NULL,
  at INTEGER NOT NULL,
  note TEXT,
  created_by TEXT REFERENCES users(id)
);
CREATE UNIQUE INDEX ledger_entries_source_unique ON ledger_entries (source_id);
-- A rider's entries by month and their balance (covering: rider, time, amount).
CREATE INDEX ledger_entries_rider_at_idx ON ledger_entries (rider_id, at, amount);
-- The month report's sums by kind.
CREATE INDEX ledger_entries_at_idx ON ledger_entries (at, kind, amount);

-- A rider's request to be paid their balance; at most one open (requested) at a time.
CREATE TABLE cashouts (
  id TEXT PRIMARY KEY,
  rider_id TEXT NOT NULL REFERENCES users(id),
  amount INTEGER NOT NULL,
  fee INTEGER NOT NULL DEFAULT 0,
  method TEXT NOT NULL,
  account_name TEXT,
  account_number TEXT,
  status TEXT NOT NULL DEFAULT 'requested',
  reference TEXT,
  requested_at INTEGER NOT NULL,
  settled_at INTEGER,
  settled_by TEXT REFERENCES users(id)
);
CREATE UNIQUE INDEX cashouts_one_open_per_rider ON cashouts (rider_id) WHERE status = 'requested';
CREATE INDEX cashouts_rider_requested_idx ON cashouts (rider_id, requested_at);
CREATE INDEX cashouts_status_requested_idx ON cashouts (status, requested_at);

-- A Manila day or week whose incentives were awarded (by the cron or an admin), once.
-- close_id: the awards of a close enter only with the close row that carries it (one batch).
CREATE TABLE payroll_closes (
  period TEXT NOT NULL,
  close_id TEXT NOT NULL,
  start_date TEXT NOT NULL,
  closed_at INTEGER NOT NULL,
  closed_by TEXT REFERENCES users(id),
  PRIMARY KEY (period, start_date)
);

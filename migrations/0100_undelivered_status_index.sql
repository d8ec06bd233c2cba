-- The admin Live Deliveries counts without reading every delivery ever made
-- (docs/decisions/0050). Delivered deliveries, the bulk of history, are counted from the
-- daily_totals ledger; the others (pending, the three in-progress statuses, cancelled) from this
-- partial index, which holds no delivered row.
CREATE INDEX deliveries_undelivered_status_idx ON deliveries (status) WHERE status != 'delivered';

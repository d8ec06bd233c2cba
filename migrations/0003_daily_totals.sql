-- Delivered fees per Manila calendar day, kept in step with deliveries: the row of a day is
-- updated in the same D1 batch that marks a delivery delivered. The all-time member-benefits
-- fund is the sum of these rows (a few hundred), not a scan of every delivery.
CREATE TABLE daily_totals (
  day TEXT PRIMARY KEY NOT NULL,
  delivered_count INTEGER NOT NULL DEFAULT 0,
  revenue INTEGER NOT NULL DEFAULT 0,
  rider_share INTEGER NOT NULL DEFAULT 0,
  operations_share INTEGER NOT NULL DEFAULT 0,
  member_benefits_share INTEGER NOT NULL DEFAULT 0
);

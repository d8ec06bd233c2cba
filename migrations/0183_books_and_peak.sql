-- Books that reconcile and the peak-hours bonus (decision 0183).
--
-- deliveries.peak_surcharge: centavos a booking made in a peak window pays on top of its fare
-- (co-op settings, app/pricing/peak.ts); it is part of amount_due and goes whole to the rider who
-- delivers it (a `peak_bonus` ledger entry), never split 85/10/5.
ALTER TABLE deliveries ADD COLUMN peak_surcharge INTEGER NOT NULL DEFAULT 0;

-- The admin's delivered-money sums read every figure from this covering index: what the customer
-- paid (total_fee - promo_discount + peak_surcharge), the ID discount and the promo as own lines.
DROP INDEX IF EXISTS deliveries_delivered_fee_idx;
CREATE INDEX deliveries_delivered_fee_idx ON deliveries (delivered_at, rider_id, total_fee, promo_discount, peak_surcharge, id_discount_amount);

-- daily_totals now says what each figure is: revenue = what customers paid (fares after ID
-- discounts and promos, plus peak surcharges, plus fees charged), and
-- revenue = rider_share + operations_share + member_benefits_share to the centavo, with
-- rider_share = the riders' 85% plus peak bonuses. New lines: the rate-card fares before ID
-- discounts, the ID discounts, the promos the co-op paid for, the peak bonuses, and the ₱1 insurance
-- per delivery that the riders pay into the member benefits fund.
ALTER TABLE daily_totals ADD COLUMN gross_fare INTEGER NOT NULL DEFAULT 0;
ALTER TABLE daily_totals ADD COLUMN id_discounts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE daily_totals ADD COLUMN promo_cost INTEGER NOT NULL DEFAULT 0;
ALTER TABLE daily_totals ADD COLUMN peak_bonus INTEGER NOT NULL DEFAULT 0;
ALTER TABLE daily_totals ADD COLUMN insurance INTEGER NOT NULL DEFAULT 0;

-- Backfill the existing days from their delivered deliveries (every one before this migration has
-- no peak surcharge). Revenue used to count the fare before the promo; it now counts what was paid.
UPDATE daily_totals SET
  gross_fare = (SELECT coalesce(sum(total_fee + id_discount_amount), 0) FROM deliveries
                WHERE delivered_at >= unixepoch(daily_totals.day) * 1000 - 28800000 AND delivered_at < unixepoch(daily_totals.day) * 1000 - 28800000 + 86400000),
  id_discounts = (SELECT coalesce(sum(id_discount_amount), 0) FROM deliveries
                  WHERE delivered_at >= unixepoch(daily_totals.day) * 1000 - 28800000 AND delivered_at < unixepoch(daily_totals.day) * 1000 - 28800000 + 86400000),
  promo_cost = (SELECT coalesce(sum(promo_discount), 0) FROM deliveries
                WHERE delivered_at >= unixepoch(daily_totals.day) * 1000 - 28800000 AND delivered_at < unixepoch(daily_totals.day) * 1000 - 28800000 + 86400000),
  insurance = delivered_count * 100;
UPDATE daily_totals SET revenue = revenue - promo_cost;

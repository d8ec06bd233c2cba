-- Admin stats: today's and this month's delivered fees per rider come from a range scan
-- of this index alone (delivered_at first for the range, then rider_id and total_fee), so a stats
-- call never reads the deliveries table rows themselves. See docs/decisions/0050-admin-stats-queries.md.
CREATE INDEX deliveries_delivered_fee_idx ON deliveries (delivered_at, rider_id, total_fee);

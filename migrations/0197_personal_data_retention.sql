-- Decision 0211: personal data kept no longer than the Privacy Notice says. The cron deletes an ID
-- photo some days after its decision and a claim's document photos some days after the claim's
-- (app/legal/retention.ts), and marks when; the rows themselves stay. Each partial index holds
-- only what is still to be deleted, so the every-minute sweep reads nothing else.
ALTER TABLE id_discounts ADD COLUMN photo_deleted_at INTEGER;
ALTER TABLE fund_claims ADD COLUMN photos_deleted_at INTEGER;
CREATE INDEX id_discounts_photo_kept_idx ON id_discounts (reviewed_at) WHERE photo_deleted_at IS NULL AND reviewed_at IS NOT NULL;
CREATE INDEX fund_claims_photos_kept_idx ON fund_claims (decided_at) WHERE photos_deleted_at IS NULL AND decided_at IS NOT NULL;
-- A delivery's last rider position, erased some days after the delivery ended.
CREATE INDEX deliveries_position_kept_idx ON deliveries (rider_located_at) WHERE rider_latitude IS NOT NULL;

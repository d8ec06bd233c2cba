-- The handover (docs/guide/deliveries.md#handover-code): a 4-digit code generated at booking,
-- shown to the customer and the recipient's link and asked for by Mark Delivered. `handover`
-- records how it was handed over ('code' or 'none'), with the rider's note for 'none'. Wrong codes
-- are counted in a 10-minute window; the fifth locks code entry for that delivery.
ALTER TABLE deliveries ADD COLUMN handover_code TEXT;
ALTER TABLE deliveries ADD COLUMN handover TEXT;
ALTER TABLE deliveries ADD COLUMN handover_note TEXT;
ALTER TABLE deliveries ADD COLUMN handover_wrong_tries INTEGER NOT NULL DEFAULT 0;
ALTER TABLE deliveries ADD COLUMN handover_wrong_since INTEGER;
ALTER TABLE deliveries ADD COLUMN handover_locked_at INTEGER;
UPDATE deliveries SET handover_code = printf('%04d', abs(random()) % 10000) WHERE handover_code IS NULL;
-- The admin dashboard's deliveries handed over without a code, newest first.
CREATE INDEX deliveries_no_code_handover_idx ON deliveries (delivered_at) WHERE handover = 'none';

-- Who is coming: the rider's vehicle (the co-op's riders ride motorcycles unless recorded otherwise)
-- and their rating over every rated delivery.
ALTER TABLE users ADD COLUMN vehicle TEXT NOT NULL DEFAULT 'motorcycle';
CREATE INDEX delivery_ratings_rider_idx ON delivery_ratings (rider_id, stars);

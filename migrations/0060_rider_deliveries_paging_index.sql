-- Paging of GET /api/deliveries/rider: a rider's deliveries newest booking first, keyset
-- on (created_at, id), read as one range of this index. See app/http/paging.server.ts.
CREATE INDEX deliveries_rider_created_idx ON deliveries (rider_id, created_at, id);

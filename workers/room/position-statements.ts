// The room's write of a rider's position to D1 (`deliveries.rider_*`, `users.last_*`; app/db/schema,
// timestamps in UTC ms), bound as (latitude, longitude, at, id). Also run by bench:ws-fanout's echo
// that writes D1 as the rooms do (bench/echo-room/worker.js, decision 0214).
export const WRITE_DELIVERY_POSITION =
  "UPDATE deliveries SET rider_latitude = ?1, rider_longitude = ?2, rider_located_at = ?3 WHERE id = ?4";
export const WRITE_RIDER_POSITION =
  "UPDATE users SET last_latitude = ?1, last_longitude = ?2, last_located_at = ?3 WHERE id = ?4";

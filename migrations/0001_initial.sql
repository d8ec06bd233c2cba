-- Hatid initial schema. Timestamps are UTC epoch milliseconds; money is integer centavos.

CREATE TABLE users (
  id TEXT PRIMARY KEY NOT NULL,
  phone_number TEXT,
  email TEXT,
  first_name TEXT,
  last_name TEXT,
  role TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'rider', 'admin')),
  last_latitude REAL,
  last_longitude REAL,
  last_located_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  deactivated_at INTEGER
);
CREATE UNIQUE INDEX users_phone_number_unique ON users (phone_number);
CREATE UNIQUE INDEX users_email_unique ON users (email);
CREATE INDEX users_role_idx ON users (role);

CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

CREATE TABLE verifications (
  id TEXT PRIMARY KEY NOT NULL,
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
  target TEXT NOT NULL,
  secret_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  client_address TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  verified_at INTEGER,
  redeemed_at INTEGER
);
CREATE INDEX verifications_target_created_idx ON verifications (target, created_at);
CREATE INDEX verifications_client_created_idx ON verifications (client_address, created_at);
CREATE UNIQUE INDEX verifications_secret_hash_email_unique ON verifications (secret_hash) WHERE channel = 'email';

CREATE TABLE deliveries (
  id TEXT PRIMARY KEY NOT NULL,
  customer_id TEXT NOT NULL REFERENCES users (id),
  rider_id TEXT REFERENCES users (id),
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'assigned', 'picked_up', 'in_transit', 'delivered', 'cancelled')),
  pickup_address TEXT NOT NULL,
  pickup_city TEXT NOT NULL,
  pickup_phone TEXT NOT NULL,
  pickup_notes TEXT,
  dropoff_address TEXT NOT NULL,
  dropoff_city TEXT NOT NULL,
  dropoff_phone TEXT NOT NULL,
  dropoff_notes TEXT,
  package_type TEXT NOT NULL
    CHECK (package_type IN ('documents', 'food', 'parcels', 'groceries', 'electronics')),
  package_size TEXT NOT NULL CHECK (package_size IN ('small', 'medium', 'large')),
  package_description TEXT NOT NULL,
  is_fragile INTEGER NOT NULL DEFAULT 0,
  base_fare INTEGER NOT NULL,
  distance_fee INTEGER NOT NULL,
  size_fee INTEGER NOT NULL,
  total_fee INTEGER NOT NULL,
  cancellation_fee INTEGER NOT NULL DEFAULT 0,
  distance TEXT NOT NULL,
  estimated_duration TEXT NOT NULL,
  pickup_latitude REAL,
  pickup_longitude REAL,
  dropoff_latitude REAL,
  dropoff_longitude REAL,
  rider_latitude REAL,
  rider_longitude REAL,
  rider_located_at INTEGER,
  created_at INTEGER NOT NULL,
  assigned_at INTEGER,
  picked_up_at INTEGER,
  delivered_at INTEGER,
  cancelled_at INTEGER
);
CREATE INDEX deliveries_status_created_idx ON deliveries (status, created_at);
CREATE INDEX deliveries_rider_status_idx ON deliveries (rider_id, status);
CREATE INDEX deliveries_customer_created_idx ON deliveries (customer_id, created_at);
CREATE INDEX deliveries_delivered_at_idx ON deliveries (delivered_at);
CREATE INDEX deliveries_rider_delivered_idx ON deliveries (rider_id, delivered_at);
CREATE INDEX deliveries_created_at_idx ON deliveries (created_at);

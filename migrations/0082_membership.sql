-- Membership (docs/guide/people-and-access.md): a rider becomes a member-owner when an admin
-- records the one-time ₱500 fee. The fee (centavos) and who recorded it stay on the account.
ALTER TABLE users ADD COLUMN member_since INTEGER;
ALTER TABLE users ADD COLUMN membership_fee INTEGER;
ALTER TABLE users ADD COLUMN membership_recorded_by TEXT REFERENCES users(id);

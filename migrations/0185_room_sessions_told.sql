-- What each delivery room was last told of a session's user (decision 0214): the role and
-- rider suspension (UTC ms) the /ws gate passed with the upgrade, updated by every push of a change
-- (tellRoomsUserChanged). The minute cron compares them with users and tells the rooms what differs
-- (a change made around the app), and closes the sockets of sessions no longer live: the backstop
-- the rooms ran themselves every 30 s, one D1 read per room, before. NULL in rows written before:
-- the cron tells those rooms once.
ALTER TABLE room_sessions ADD COLUMN role TEXT;
ALTER TABLE room_sessions ADD COLUMN rider_suspended_at INTEGER;

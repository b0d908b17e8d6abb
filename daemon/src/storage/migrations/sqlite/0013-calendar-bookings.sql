-- bookings from calendar services: each campaign's intake secret, cancelled meetings, and the
-- calendars' booking ids of each meeting

-- Campaigns made before this version get a secret here, so every campaign can take bookings; new
-- ones get theirs when made.
ALTER TABLE campaigns ADD COLUMN intake_secret TEXT;
UPDATE campaigns SET intake_secret = lower(hex(randomblob(32)));
ALTER TABLE meetings ADD COLUMN source TEXT;
ALTER TABLE meetings ADD COLUMN cancelled_at BIGINT;
ALTER TABLE meetings ADD COLUMN updated_at BIGINT;

-- Every booking id a calendar has used for a meeting: a rescheduled booking gets a new one, and a
-- late repeat of the old one must still find its meeting. No meeting: the booking was cancelled
-- before its report of being made arrived.
CREATE TABLE calendar_bookings (
                 campaign_id TEXT NOT NULL REFERENCES campaigns(id),
                 provider TEXT NOT NULL CHECK (provider IN ('calcom', 'calendly')),
                 booking_id TEXT NOT NULL,
                 meeting_id TEXT REFERENCES meetings(id),
                 received_at BIGINT NOT NULL,
                 PRIMARY KEY (campaign_id, provider, booking_id));

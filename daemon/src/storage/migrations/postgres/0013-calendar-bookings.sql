-- bookings from calendar services: intake secrets, cancelled meetings, booking ids

ALTER TABLE campaigns ADD COLUMN intake_secret TEXT;

-- 244 random bits from two version-4 UUIDs (gen_random_uuid is built in since 13).
UPDATE campaigns SET intake_secret = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
ALTER TABLE meetings ADD COLUMN source TEXT;
ALTER TABLE meetings ADD COLUMN cancelled_at BIGINT;
ALTER TABLE meetings ADD COLUMN updated_at BIGINT;

CREATE TABLE calendar_bookings (
    campaign_id TEXT NOT NULL REFERENCES campaigns(id),
    provider TEXT NOT NULL CHECK (provider IN ('calcom', 'calendly')),
    booking_id TEXT NOT NULL,
    meeting_id TEXT REFERENCES meetings(id),
    received_at BIGINT NOT NULL,
    PRIMARY KEY (campaign_id, provider, booking_id));

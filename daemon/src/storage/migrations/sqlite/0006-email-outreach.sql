-- email outreach: sequences, scheduled sends, sending days, suppressions, unsubscribe tokens,
-- mailbox memory

ALTER TABLE campaigns ADD COLUMN sequence_json TEXT;
ALTER TABLE prospects ADD COLUMN unsubscribe_token TEXT;

-- Prospects added before this version get theirs here; new ones get one from the daemon's random
-- source when they are added.
UPDATE prospects SET unsubscribe_token = lower(hex(randomblob(24)));
CREATE UNIQUE INDEX prospects_by_unsubscribe_token ON prospects (unsubscribe_token);
CREATE INDEX prospects_by_email ON prospects (organisation_id, email_key);

CREATE TABLE email_sends (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 campaign_id TEXT NOT NULL REFERENCES campaigns(id),
                 prospect_id TEXT NOT NULL REFERENCES prospects(id),
                 step BIGINT NOT NULL CHECK (step >= 0),
                 status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'bounced',
                     'cancelled')),
                 due_at BIGINT NOT NULL,
                 attempt_count BIGINT NOT NULL DEFAULT 0 CHECK (attempt_count >= 0),
                 message_id TEXT NOT NULL UNIQUE,
                 lease_owner TEXT,
                 lease_expires_at BIGINT,
                 sent_at BIGINT,
                 last_error TEXT,
                 smtp_reply TEXT,
                 created_at BIGINT NOT NULL,
                 updated_at BIGINT NOT NULL,
                 UNIQUE (prospect_id, step));

-- Claims read this index only (SqliteEmailSends names it).
CREATE INDEX email_sends_due ON email_sends (due_at) WHERE status = 'pending' AND lease_owner IS NULL;
CREATE INDEX email_sends_leased ON email_sends (lease_expires_at) WHERE lease_owner IS NOT NULL;

CREATE TABLE campaign_sending_days (
                 campaign_id TEXT PRIMARY KEY REFERENCES campaigns(id),
                 day_start BIGINT NOT NULL,
                 sends BIGINT NOT NULL CHECK (sends >= 0),
                 last_send_at BIGINT,
                 next_send_at BIGINT NOT NULL,
                 next_first_send_at BIGINT NOT NULL);

CREATE TABLE suppressions (
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 email_key TEXT NOT NULL,
                 reason TEXT NOT NULL CHECK (reason IN ('unsubscribed', 'bounced')),
                 prospect_id TEXT,
                 campaign_id TEXT,
                 detail TEXT,
                 created_at BIGINT NOT NULL,
                 PRIMARY KEY (organisation_id, email_key));

CREATE TABLE mailbox_messages (
                 mailbox TEXT NOT NULL,
                 uid TEXT NOT NULL,
                 outcome TEXT NOT NULL,
                 processed_at BIGINT NOT NULL,
                 PRIMARY KEY (mailbox, uid));

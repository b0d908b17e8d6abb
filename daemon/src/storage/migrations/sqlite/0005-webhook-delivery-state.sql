-- webhook delivery state and attempts; campaign secret rotation

-- Events written before this version have never been attempted: pending, due now.
ALTER TABLE webhook_outbox ADD COLUMN status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed'));
ALTER TABLE webhook_outbox ADD COLUMN attempt_count BIGINT NOT NULL DEFAULT 0 CHECK (attempt_count >= 0);
ALTER TABLE webhook_outbox ADD COLUMN next_attempt_at BIGINT;
ALTER TABLE webhook_outbox ADD COLUMN manual BIGINT NOT NULL DEFAULT 0 CHECK (manual IN (0, 1));
ALTER TABLE webhook_outbox ADD COLUMN lease_owner TEXT;
ALTER TABLE webhook_outbox ADD COLUMN lease_expires_at BIGINT;
ALTER TABLE webhook_outbox ADD COLUMN delivered_at BIGINT;
ALTER TABLE webhook_outbox ADD COLUMN last_error TEXT;
ALTER TABLE webhook_outbox ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0;
UPDATE webhook_outbox SET next_attempt_at = created_at, updated_at = created_at;

-- Claims read this index only (SqliteWebhookDeliveries names it): with no ANALYZE statistics SQLite
-- would otherwise scan every pending row per claim.
CREATE INDEX webhook_outbox_due ON webhook_outbox (next_attempt_at, created_at) WHERE status = 'pending' AND lease_owner IS NULL;
CREATE INDEX webhook_outbox_leased ON webhook_outbox (lease_expires_at) WHERE lease_owner IS NOT NULL;
CREATE INDEX webhook_outbox_by_campaign_status ON webhook_outbox (campaign_id, status, created_at);

CREATE TABLE webhook_attempts (
                 delivery_id TEXT NOT NULL REFERENCES webhook_outbox(id) ON DELETE CASCADE,
                 number BIGINT NOT NULL CHECK (number >= 1),
                 url TEXT,
                 manual BIGINT NOT NULL DEFAULT 0 CHECK (manual IN (0, 1)),
                 started_at BIGINT NOT NULL,
                 finished_at BIGINT,
                 outcome TEXT CHECK (outcome IN ('delivered', 'failed')),
                 status_code BIGINT,
                 latency_ms BIGINT CHECK (latency_ms >= 0),
                 error TEXT,
                 PRIMARY KEY (delivery_id, number),
                 CHECK ((finished_at IS NULL) = (outcome IS NULL)));

ALTER TABLE campaigns ADD COLUMN previous_webhook_secret TEXT;
ALTER TABLE campaigns ADD COLUMN previous_secret_expires_at BIGINT;

-- lifecycle events: endpoints subscribed to event types, and outbox events for them

-- events: the subscribed event types, comma-separated; retry_schedule: the delays between attempts
-- in milliseconds, comma-separated (none: webhooks.retry_schedule).
CREATE TABLE webhook_endpoints (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 project_id TEXT REFERENCES projects(id),
                 url TEXT NOT NULL,
                 secret TEXT NOT NULL,
                 events TEXT NOT NULL,
                 retry_schedule TEXT,
                 created_at BIGINT NOT NULL,
                 disabled_at BIGINT);

CREATE INDEX webhook_endpoints_by_organisation ON webhook_endpoints (organisation_id, created_at);

-- An event goes to a campaign's URL or to an endpoint: campaign_id may be empty now, which SQLite
-- cannot allow in place (see migration 10).
CREATE TABLE webhook_outbox_v14 (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 campaign_id TEXT REFERENCES campaigns(id),
                 event TEXT NOT NULL CHECK (length(event) BETWEEN 1 AND 64
                     AND event NOT GLOB '*[^a-z0-9_.]*'),
                 payload_json TEXT NOT NULL,
                 created_at BIGINT NOT NULL,
                 status TEXT NOT NULL DEFAULT 'pending'
                     CHECK (status IN ('pending', 'delivered', 'failed')),
                 attempt_count BIGINT NOT NULL DEFAULT 0 CHECK (attempt_count >= 0),
                 next_attempt_at BIGINT,
                 manual BIGINT NOT NULL DEFAULT 0 CHECK (manual IN (0, 1)),
                 lease_owner TEXT,
                 lease_expires_at BIGINT,
                 delivered_at BIGINT,
                 last_error TEXT,
                 updated_at BIGINT NOT NULL DEFAULT 0,
                 endpoint_id TEXT REFERENCES webhook_endpoints(id),
                 CHECK ((campaign_id IS NULL) <> (endpoint_id IS NULL)));

INSERT INTO webhook_outbox_v14 (id, organisation_id, campaign_id, event,
                 payload_json, created_at, status, attempt_count, next_attempt_at, manual,
                 lease_owner, lease_expires_at, delivered_at, last_error, updated_at)
                 SELECT id, organisation_id, campaign_id, event, payload_json, created_at, status,
                 attempt_count, next_attempt_at, manual, lease_owner, lease_expires_at,
                 delivered_at, last_error, updated_at FROM webhook_outbox;

DROP TABLE webhook_outbox;
ALTER TABLE webhook_outbox_v14 RENAME TO webhook_outbox;
CREATE INDEX webhook_outbox_by_campaign ON webhook_outbox (campaign_id, created_at);
CREATE INDEX webhook_outbox_due ON webhook_outbox (next_attempt_at, created_at) WHERE status = 'pending' AND lease_owner IS NULL;
CREATE INDEX webhook_outbox_leased ON webhook_outbox (lease_expires_at) WHERE lease_owner IS NOT NULL;
CREATE INDEX webhook_outbox_by_campaign_status ON webhook_outbox (campaign_id, status, created_at);
CREATE INDEX webhook_outbox_by_endpoint ON webhook_outbox (endpoint_id, status, created_at);

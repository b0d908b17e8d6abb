-- lifecycle events: endpoints subscribed to event types, and outbox events for them

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
ALTER TABLE webhook_outbox ALTER COLUMN campaign_id DROP NOT NULL;
ALTER TABLE webhook_outbox ADD COLUMN endpoint_id TEXT REFERENCES webhook_endpoints(id);
ALTER TABLE webhook_outbox ADD CONSTRAINT webhook_outbox_one_target CHECK ((campaign_id IS NULL) <> (endpoint_id IS NULL));
CREATE INDEX webhook_outbox_by_endpoint ON webhook_outbox (endpoint_id, status, created_at);

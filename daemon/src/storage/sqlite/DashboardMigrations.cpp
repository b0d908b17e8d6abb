#include "storage/sqlite/Migrations.hpp"

// Migrations 8 on: the lists (indexes for paging), the dashboard's operators and audit log, the
// outbox taking any event name, when each API key was last used, and rate-limit counts shared
// by several hosts, bookings from calendar services, lifecycle events' endpoints, page views.
// Append only, as
// the founding ones.
namespace lodestone::storage::sqlite {

std::vector<Migration> listAndDashboardMigrations() {
    return {
        {8,
         "listings: a project's jobs and a campaign's prospects, newest first, page by page",
         {
             "CREATE INDEX jobs_by_project ON jobs (project_id, created_at, id)",
             "DROP INDEX prospects_by_campaign",
             "CREATE INDEX prospects_by_campaign ON prospects (campaign_id, created_at, id)",
         }},
        {9,
         "the dashboard: operators, their sessions and set-password links, the audit log",
         {
             R"sql(CREATE TABLE operators (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 email TEXT NOT NULL UNIQUE,
                 role TEXT NOT NULL CHECK (role IN ('admin', 'member')),
                 password_hash TEXT,
                 created_at BIGINT NOT NULL,
                 disabled_at BIGINT))sql",
             R"sql(CREATE TABLE operator_password_setups (
                 token_hash TEXT PRIMARY KEY,
                 operator_id TEXT NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
                 expires_at BIGINT NOT NULL))sql",
             R"sql(CREATE TABLE operator_sessions (
                 token_hash TEXT PRIMARY KEY,
                 operator_id TEXT NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
                 csrf_token TEXT NOT NULL,
                 created_at BIGINT NOT NULL,
                 last_seen_at BIGINT NOT NULL,
                 expires_at BIGINT NOT NULL))sql",
             "CREATE INDEX operator_sessions_by_operator ON operator_sessions (operator_id)",
             R"sql(CREATE TABLE audit_log (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 actor TEXT NOT NULL,
                 action TEXT NOT NULL,
                 subject TEXT NOT NULL,
                 detail TEXT NOT NULL,
                 created_at BIGINT NOT NULL))sql",
             "CREATE INDEX audit_log_by_organisation ON audit_log "
             "(organisation_id, created_at, id)",
             "CREATE INDEX jobs_by_organisation ON jobs (organisation_id, created_at)",
         }},
        {10,
         "webhook events beyond meeting_booked (a dashboard's test event, lifecycle events): the "
         "outbox's event column takes any lowercase name",
         {
             // SQLite cannot change a CHECK in place: the table is made again, with its rows,
             // indexes and the attempts that refer to it (foreign keys are off while migrating).
             R"sql(CREATE TABLE webhook_outbox_v10 (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 campaign_id TEXT NOT NULL REFERENCES campaigns(id),
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
                 updated_at BIGINT NOT NULL DEFAULT 0))sql",
             R"sql(INSERT INTO webhook_outbox_v10 (id, organisation_id, campaign_id, event,
                 payload_json, created_at, status, attempt_count, next_attempt_at, manual,
                 lease_owner, lease_expires_at, delivered_at, last_error, updated_at)
                 SELECT id, organisation_id, campaign_id, event, payload_json, created_at, status,
                 attempt_count, next_attempt_at, manual, lease_owner, lease_expires_at,
                 delivered_at, last_error, updated_at FROM webhook_outbox)sql",
             "DROP TABLE webhook_outbox",
             "ALTER TABLE webhook_outbox_v10 RENAME TO webhook_outbox",
             "CREATE INDEX webhook_outbox_by_campaign ON webhook_outbox (campaign_id, created_at)",
             "CREATE INDEX webhook_outbox_due ON webhook_outbox (next_attempt_at, created_at) "
             "WHERE status = 'pending' AND lease_owner IS NULL",
             "CREATE INDEX webhook_outbox_leased ON webhook_outbox (lease_expires_at) "
             "WHERE lease_owner IS NOT NULL",
             "CREATE INDEX webhook_outbox_by_campaign_status ON webhook_outbox "
             "(campaign_id, status, created_at)",
         }},
        {11,
         "when each API key was last used",
         {
             // Written in batches, at most once a minute per key (auth/KeyUseLog).
             "ALTER TABLE api_keys ADD COLUMN last_used_at BIGINT",
         }},
        {12,
         "rate-limit counts kept in the database, shared by several lodestoned on PostgreSQL",
         {
             R"sql(CREATE TABLE rate_limit_counts (
                 bucket TEXT NOT NULL,
                 second BIGINT NOT NULL,
                 requests BIGINT NOT NULL CHECK (requests > 0),
                 PRIMARY KEY (bucket, second)))sql",
             "CREATE INDEX rate_limit_counts_by_second ON rate_limit_counts (second)",
         }},
        {13,
         "bookings from calendar services: each campaign's intake secret, cancelled meetings, and "
         "the calendars' booking ids of each meeting",
         {
             // Campaigns made before this version get a secret here, so every campaign can
             // take bookings; new ones get theirs when made.
             "ALTER TABLE campaigns ADD COLUMN intake_secret TEXT",
             "UPDATE campaigns SET intake_secret = lower(hex(randomblob(32)))",
             "ALTER TABLE meetings ADD COLUMN source TEXT",
             "ALTER TABLE meetings ADD COLUMN cancelled_at BIGINT",
             "ALTER TABLE meetings ADD COLUMN updated_at BIGINT",
             // Every booking id a calendar has used for a meeting: a rescheduled booking gets a
             // new one, and a late repeat of the old one must still find its meeting. No
             // meeting: the booking was cancelled before its report of being made arrived.
             R"sql(CREATE TABLE calendar_bookings (
                 campaign_id TEXT NOT NULL REFERENCES campaigns(id),
                 provider TEXT NOT NULL CHECK (provider IN ('calcom', 'calendly')),
                 booking_id TEXT NOT NULL,
                 meeting_id TEXT REFERENCES meetings(id),
                 received_at BIGINT NOT NULL,
                 PRIMARY KEY (campaign_id, provider, booking_id)))sql",
         }},
        {14,
         "lifecycle events: endpoints subscribed to event types, and outbox events for them",
         {
             // events: the subscribed event types, comma-separated; retry_schedule: the delays
             // between attempts in milliseconds, comma-separated (none: webhooks.retry_schedule).
             R"sql(CREATE TABLE webhook_endpoints (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 project_id TEXT REFERENCES projects(id),
                 url TEXT NOT NULL,
                 secret TEXT NOT NULL,
                 events TEXT NOT NULL,
                 retry_schedule TEXT,
                 created_at BIGINT NOT NULL,
                 disabled_at BIGINT))sql",
             "CREATE INDEX webhook_endpoints_by_organisation ON webhook_endpoints "
             "(organisation_id, created_at)",
             // An event goes to a campaign's URL or to an endpoint: campaign_id may be empty now,
             // which SQLite cannot allow in place (see migration 10).
             R"sql(CREATE TABLE webhook_outbox_v14 (
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
                 CHECK ((campaign_id IS NULL) <> (endpoint_id IS NULL))))sql",
             R"sql(INSERT INTO webhook_outbox_v14 (id, organisation_id, campaign_id, event,
                 payload_json, created_at, status, attempt_count, next_attempt_at, manual,
                 lease_owner, lease_expires_at, delivered_at, last_error, updated_at)
                 SELECT id, organisation_id, campaign_id, event, payload_json, created_at, status,
                 attempt_count, next_attempt_at, manual, lease_owner, lease_expires_at,
                 delivered_at, last_error, updated_at FROM webhook_outbox)sql",
             "DROP TABLE webhook_outbox",
             "ALTER TABLE webhook_outbox_v14 RENAME TO webhook_outbox",
             "CREATE INDEX webhook_outbox_by_campaign ON webhook_outbox (campaign_id, created_at)",
             "CREATE INDEX webhook_outbox_due ON webhook_outbox (next_attempt_at, created_at) "
             "WHERE status = 'pending' AND lease_owner IS NULL",
             "CREATE INDEX webhook_outbox_leased ON webhook_outbox (lease_expires_at) "
             "WHERE lease_owner IS NOT NULL",
             "CREATE INDEX webhook_outbox_by_campaign_status ON webhook_outbox "
             "(campaign_id, status, created_at)",
             "CREATE INDEX webhook_outbox_by_endpoint ON webhook_outbox "
             "(endpoint_id, status, created_at)",
         }},
        {15,
         "what happened on lead-magnet pages: views and calls-to-action followed; leads by email",
         {
             "ALTER TABLE leads ADD COLUMN view_count BIGINT NOT NULL DEFAULT 0",
             "ALTER TABLE leads ADD COLUMN first_viewed_at BIGINT",
             "ALTER TABLE leads ADD COLUMN last_viewed_at BIGINT",
             "ALTER TABLE leads ADD COLUMN cta_clicks BIGINT NOT NULL DEFAULT 0",
             "ALTER TABLE leads ADD COLUMN last_cta_click_at BIGINT",
             // A prospect's view shows the lead magnets made for its address: the address with
             // ASCII letters lowercased, as a prospect's email_key (SQLite's lower() folds ASCII
             // only; PostgreSQL's migration says so with translate()).
             "ALTER TABLE leads ADD COLUMN email_key TEXT",
             "UPDATE leads SET email_key = lower(email)",
             "CREATE INDEX leads_by_email ON leads (organisation_id, email_key)",
         }},
    };
}

}  // namespace lodestone::storage::sqlite

#include "storage/sqlite/Migrations.hpp"

// The schema, as numbered changes. Append only: a released migration is never edited, since
// databases in the field have already applied it.
namespace lodestone::storage::sqlite {

namespace {

std::vector<Migration> foundingMigrations() {
    return {
        {1,
         "organisations, projects, campaigns, API keys",
         {
             R"sql(CREATE TABLE organisations (
                 id TEXT PRIMARY KEY,
                 name TEXT NOT NULL UNIQUE,
                 credits BIGINT NOT NULL DEFAULT 0 CHECK (credits >= 0),
                 created_at BIGINT NOT NULL,
                 updated_at BIGINT NOT NULL))sql",
             R"sql(CREATE TABLE projects (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 name TEXT NOT NULL,
                 schema_json TEXT NOT NULL,
                 lead_magnet_host TEXT,
                 credits_per_generation BIGINT NOT NULL DEFAULT 1
                     CHECK (credits_per_generation >= 0),
                 created_at BIGINT NOT NULL,
                 updated_at BIGINT NOT NULL,
                 UNIQUE (organisation_id, name)))sql",
             R"sql(CREATE TABLE campaigns (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 name TEXT NOT NULL,
                 webhook_url TEXT,
                 calendar_url TEXT,
                 webhook_secret TEXT NOT NULL,
                 icp_json TEXT,
                 created_at BIGINT NOT NULL,
                 updated_at BIGINT NOT NULL,
                 UNIQUE (organisation_id, name)))sql",
             R"sql(CREATE TABLE api_keys (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 name TEXT NOT NULL,
                 key_hash TEXT NOT NULL UNIQUE,
                 prefix TEXT NOT NULL,
                 created_at BIGINT NOT NULL,
                 expires_at BIGINT,
                 revoked_at BIGINT))sql",
             "CREATE INDEX api_keys_by_name ON api_keys (organisation_id, name)",
             R"sql(CREATE TABLE api_key_projects (
                 api_key_id TEXT NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
                 project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
                 PRIMARY KEY (api_key_id, project_id)))sql",
         }},
        {2,
         "leads, generation jobs and their steps, idempotency records, credit ledger",
         {
             R"sql(CREATE TABLE credit_transactions (
                 id INTEGER PRIMARY KEY AUTOINCREMENT,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 delta BIGINT NOT NULL,
                 reason TEXT NOT NULL
                     CHECK (reason IN ('grant', 'adjustment', 'generation', 'refund')),
                 job_id TEXT,
                 created_at BIGINT NOT NULL))sql",
             "CREATE INDEX credit_transactions_by_org ON credit_transactions "
             "(organisation_id, created_at)",
             R"sql(CREATE TABLE leads (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 project_id TEXT NOT NULL REFERENCES projects(id),
                 email TEXT NOT NULL,
                 fields_json TEXT NOT NULL,
                 lead_magnet_url TEXT NOT NULL,
                 created_at BIGINT NOT NULL))sql",
             "CREATE INDEX leads_by_project ON leads (project_id, created_at)",
             R"sql(CREATE TABLE jobs (
                 id TEXT PRIMARY KEY,
                 lead_id TEXT NOT NULL UNIQUE REFERENCES leads(id),
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 project_id TEXT NOT NULL REFERENCES projects(id),
                 lead_magnet_url TEXT NOT NULL,
                 status TEXT NOT NULL CHECK (status IN ('queued', 'research_running',
                     'content_running', 'finalizing', 'completed', 'failed')),
                 retry_count BIGINT NOT NULL DEFAULT 0 CHECK (retry_count >= 0),
                 max_retries BIGINT NOT NULL CHECK (max_retries >= 0),
                 error TEXT,
                 retryable BIGINT NOT NULL DEFAULT 1 CHECK (retryable IN (0, 1)),
                 credits_charged BIGINT NOT NULL DEFAULT 0 CHECK (credits_charged >= 0),
                 lease_owner TEXT,
                 lease_expires_at BIGINT,
                 run_after BIGINT NOT NULL,
                 created_at BIGINT NOT NULL,
                 updated_at BIGINT NOT NULL,
                 finished_at BIGINT))sql",
             "CREATE INDEX jobs_ready ON jobs (status, run_after)",
             R"sql(CREATE TABLE job_steps (
                 job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
                 name TEXT NOT NULL
                     CHECK (name IN ('research_agent', 'content_generation', 'finalization')),
                 status TEXT NOT NULL CHECK (status IN ('running', 'completed', 'failed')),
                 started_at BIGINT NOT NULL,
                 completed_at BIGINT,
                 failed_at BIGINT,
                 progress BIGINT CHECK (progress BETWEEN 0 AND 100),
                 error TEXT,
                 output_json TEXT,
                 PRIMARY KEY (job_id, name)))sql",
             "CREATE INDEX job_steps_completed ON job_steps (name, status, completed_at)",
             R"sql(CREATE TABLE idempotency_keys (
                 api_key_id TEXT NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
                 idempotency_key TEXT NOT NULL,
                 request_hash TEXT NOT NULL,
                 status BIGINT NOT NULL,
                 response_json TEXT NOT NULL,
                 created_at BIGINT NOT NULL,
                 PRIMARY KEY (api_key_id, idempotency_key)))sql",
             "CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at)",
         }},
        {3,
         "the job engine: where each job resumes, rendered pages, project settings",
         {
             R"sql(ALTER TABLE jobs ADD COLUMN next_step TEXT NOT NULL DEFAULT 'research_agent'
                 CHECK (next_step IN ('research_agent', 'content_generation', 'finalization')))sql",
             // What workers poll: unleased, unfinished jobs of one step, by when they are due.
             "CREATE INDEX jobs_claimable ON jobs (next_step, run_after) "
             "WHERE lease_owner IS NULL AND status NOT IN ('completed', 'failed')",
             "CREATE INDEX jobs_leased ON jobs (lease_expires_at) WHERE lease_owner IS NOT NULL",
             "ALTER TABLE leads ADD COLUMN page_html TEXT",
             "ALTER TABLE projects ADD COLUMN settings_json TEXT NOT NULL DEFAULT '{}'",
         }},
        {4,
         "campaign outreach: prospects, prospect jobs, meetings, the webhook outbox",
         {
             R"sql(CREATE TABLE prospects (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 campaign_id TEXT NOT NULL REFERENCES campaigns(id),
                 email TEXT NOT NULL,
                 email_key TEXT NOT NULL,
                 company_name TEXT NOT NULL,
                 contact_name TEXT NOT NULL,
                 title TEXT,
                 domain TEXT,
                 input_json TEXT NOT NULL,
                 status TEXT NOT NULL CHECK (status IN ('queued', 'researching', 'scored',
                     'qualified', 'disqualified', 'in_sequence', 'replied', 'meeting_booked',
                     'completed', 'bounced', 'unsubscribed', 'failed')),
                 score BIGINT CHECK (score BETWEEN 0 AND 100),
                 score_json TEXT,
                 booking_token TEXT NOT NULL UNIQUE,
                 error TEXT,
                 created_at BIGINT NOT NULL,
                 updated_at BIGINT NOT NULL,
                 UNIQUE (campaign_id, email_key)))sql",
             "CREATE INDEX prospects_by_campaign ON prospects (campaign_id, created_at)",
             R"sql(CREATE TABLE prospect_transitions (
                 id INTEGER PRIMARY KEY AUTOINCREMENT,
                 prospect_id TEXT NOT NULL REFERENCES prospects(id) ON DELETE CASCADE,
                 status TEXT NOT NULL,
                 at BIGINT NOT NULL,
                 detail TEXT))sql",
             "CREATE INDEX prospect_transitions_by_prospect ON prospect_transitions "
             "(prospect_id, id)",
             R"sql(CREATE TABLE meetings (
                 id TEXT PRIMARY KEY,
                 campaign_id TEXT NOT NULL REFERENCES campaigns(id),
                 prospect_id TEXT NOT NULL REFERENCES prospects(id),
                 external_id TEXT,
                 scheduled_at TEXT NOT NULL,
                 duration_minutes BIGINT NOT NULL CHECK (duration_minutes > 0),
                 title TEXT NOT NULL,
                 created_at BIGINT NOT NULL,
                 UNIQUE (campaign_id, external_id)))sql",
             "CREATE INDEX meetings_by_prospect ON meetings (prospect_id, created_at)",
             R"sql(CREATE TABLE webhook_outbox (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 campaign_id TEXT NOT NULL REFERENCES campaigns(id),
                 event TEXT NOT NULL CHECK (event IN ('meeting_booked')),
                 payload_json TEXT NOT NULL,
                 created_at BIGINT NOT NULL))sql",
             "CREATE INDEX webhook_outbox_by_campaign ON webhook_outbox (campaign_id, created_at)",
             // Jobs of either kind. SQLite cannot relax NOT NULL or widen a CHECK in place, so
             // the two job tables are rebuilt (the runner turns foreign keys off around this
             // and checks them before committing).
             R"sql(CREATE TABLE jobs_v4 (
                 id TEXT PRIMARY KEY,
                 kind TEXT NOT NULL DEFAULT 'lead_magnet'
                     CHECK (kind IN ('lead_magnet', 'prospect')),
                 lead_id TEXT UNIQUE REFERENCES leads(id),
                 prospect_id TEXT UNIQUE REFERENCES prospects(id),
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 project_id TEXT REFERENCES projects(id),
                 campaign_id TEXT REFERENCES campaigns(id),
                 lead_magnet_url TEXT,
                 status TEXT NOT NULL CHECK (status IN ('queued', 'research_running',
                     'content_running', 'finalizing', 'scoring', 'completed', 'failed')),
                 retry_count BIGINT NOT NULL DEFAULT 0 CHECK (retry_count >= 0),
                 max_retries BIGINT NOT NULL CHECK (max_retries >= 0),
                 error TEXT,
                 retryable BIGINT NOT NULL DEFAULT 1 CHECK (retryable IN (0, 1)),
                 credits_charged BIGINT NOT NULL DEFAULT 0 CHECK (credits_charged >= 0),
                 lease_owner TEXT,
                 lease_expires_at BIGINT,
                 run_after BIGINT NOT NULL,
                 created_at BIGINT NOT NULL,
                 updated_at BIGINT NOT NULL,
                 finished_at BIGINT,
                 next_step TEXT NOT NULL DEFAULT 'research_agent' CHECK (next_step IN
                     ('research_agent', 'content_generation', 'finalization', 'icp_scoring')),
                 CHECK ((kind = 'lead_magnet' AND lead_id IS NOT NULL AND project_id IS NOT NULL
                         AND lead_magnet_url IS NOT NULL)
                     OR (kind = 'prospect' AND prospect_id IS NOT NULL
                         AND campaign_id IS NOT NULL))))sql",
             R"sql(INSERT INTO jobs_v4 (id, kind, lead_id, organisation_id, project_id,
                 lead_magnet_url, status, retry_count, max_retries, error, retryable,
                 credits_charged, lease_owner, lease_expires_at, run_after, created_at,
                 updated_at, finished_at, next_step)
                 SELECT id, 'lead_magnet', lead_id, organisation_id, project_id, lead_magnet_url,
                 status, retry_count, max_retries, error, retryable, credits_charged, lease_owner,
                 lease_expires_at, run_after, created_at, updated_at, finished_at, next_step
                 FROM jobs)sql",
             "DROP TABLE jobs",
             "ALTER TABLE jobs_v4 RENAME TO jobs",
             "CREATE INDEX jobs_ready ON jobs (status, run_after)",
             // Claims take one kind at a time (lead magnets first), each by when it is due.
             "CREATE INDEX jobs_claimable ON jobs (next_step, kind, run_after) "
             "WHERE lease_owner IS NULL AND status NOT IN ('completed', 'failed')",
             "CREATE INDEX jobs_leased ON jobs (lease_expires_at) WHERE lease_owner IS NOT NULL",
             R"sql(CREATE TABLE job_steps_v4 (
                 job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
                 name TEXT NOT NULL CHECK (name IN ('research_agent', 'content_generation',
                     'finalization', 'icp_scoring')),
                 status TEXT NOT NULL CHECK (status IN ('running', 'completed', 'failed')),
                 started_at BIGINT NOT NULL,
                 completed_at BIGINT,
                 failed_at BIGINT,
                 progress BIGINT CHECK (progress BETWEEN 0 AND 100),
                 error TEXT,
                 output_json TEXT,
                 PRIMARY KEY (job_id, name)))sql",
             "INSERT INTO job_steps_v4 SELECT job_id, name, status, started_at, completed_at, "
             "failed_at, progress, error, output_json FROM job_steps",
             "DROP TABLE job_steps",
             "ALTER TABLE job_steps_v4 RENAME TO job_steps",
             "CREATE INDEX job_steps_completed ON job_steps (name, status, completed_at)",
         }},
        {5,
         "webhook delivery state and attempts; campaign secret rotation",
         {
             // Events written before this version have never been attempted: pending, due now.
             "ALTER TABLE webhook_outbox ADD COLUMN status TEXT NOT NULL DEFAULT 'pending' "
             "CHECK (status IN ('pending', 'delivered', 'failed'))",
             "ALTER TABLE webhook_outbox ADD COLUMN attempt_count BIGINT NOT NULL DEFAULT 0 "
             "CHECK (attempt_count >= 0)",
             "ALTER TABLE webhook_outbox ADD COLUMN next_attempt_at BIGINT",
             "ALTER TABLE webhook_outbox ADD COLUMN manual BIGINT NOT NULL DEFAULT 0 "
             "CHECK (manual IN (0, 1))",
             "ALTER TABLE webhook_outbox ADD COLUMN lease_owner TEXT",
             "ALTER TABLE webhook_outbox ADD COLUMN lease_expires_at BIGINT",
             "ALTER TABLE webhook_outbox ADD COLUMN delivered_at BIGINT",
             "ALTER TABLE webhook_outbox ADD COLUMN last_error TEXT",
             "ALTER TABLE webhook_outbox ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0",
             "UPDATE webhook_outbox SET next_attempt_at = created_at, updated_at = created_at",
             // Claims read this index only (SqliteWebhookDeliveries names it): with no ANALYZE
             // statistics SQLite would otherwise scan every pending row per claim.
             "CREATE INDEX webhook_outbox_due ON webhook_outbox (next_attempt_at, created_at) "
             "WHERE status = 'pending' AND lease_owner IS NULL",
             "CREATE INDEX webhook_outbox_leased ON webhook_outbox (lease_expires_at) "
             "WHERE lease_owner IS NOT NULL",
             "CREATE INDEX webhook_outbox_by_campaign_status ON webhook_outbox "
             "(campaign_id, status, created_at)",
             R"sql(CREATE TABLE webhook_attempts (
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
                 CHECK ((finished_at IS NULL) = (outcome IS NULL))))sql",
             "ALTER TABLE campaigns ADD COLUMN previous_webhook_secret TEXT",
             "ALTER TABLE campaigns ADD COLUMN previous_secret_expires_at BIGINT",
         }},
        {6,
         "email outreach: sequences, scheduled sends, sending days, suppressions, unsubscribe "
         "tokens, mailbox memory",
         {
             "ALTER TABLE campaigns ADD COLUMN sequence_json TEXT",
             "ALTER TABLE prospects ADD COLUMN unsubscribe_token TEXT",
             // Prospects added before this version get theirs here; new ones get one from the
             // daemon's random source when they are added.
             "UPDATE prospects SET unsubscribe_token = lower(hex(randomblob(24)))",
             "CREATE UNIQUE INDEX prospects_by_unsubscribe_token ON prospects "
             "(unsubscribe_token)",
             "CREATE INDEX prospects_by_email ON prospects (organisation_id, email_key)",
             R"sql(CREATE TABLE email_sends (
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
                 UNIQUE (prospect_id, step)))sql",
             // Claims read this index only (SqliteEmailSends names it).
             "CREATE INDEX email_sends_due ON email_sends (due_at) "
             "WHERE status = 'pending' AND lease_owner IS NULL",
             "CREATE INDEX email_sends_leased ON email_sends (lease_expires_at) "
             "WHERE lease_owner IS NOT NULL",
             R"sql(CREATE TABLE campaign_sending_days (
                 campaign_id TEXT PRIMARY KEY REFERENCES campaigns(id),
                 day_start BIGINT NOT NULL,
                 sends BIGINT NOT NULL CHECK (sends >= 0),
                 last_send_at BIGINT,
                 next_send_at BIGINT NOT NULL,
                 next_first_send_at BIGINT NOT NULL))sql",
             R"sql(CREATE TABLE suppressions (
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 email_key TEXT NOT NULL,
                 reason TEXT NOT NULL CHECK (reason IN ('unsubscribed', 'bounced')),
                 prospect_id TEXT,
                 campaign_id TEXT,
                 detail TEXT,
                 created_at BIGINT NOT NULL,
                 PRIMARY KEY (organisation_id, email_key)))sql",
             R"sql(CREATE TABLE mailbox_messages (
                 mailbox TEXT NOT NULL,
                 uid TEXT NOT NULL,
                 outcome TEXT NOT NULL,
                 processed_at BIGINT NOT NULL,
                 PRIMARY KEY (mailbox, uid)))sql",
         }},
        {7,
         "storage probes: /readyz proves the database takes a write",
         {
             R"sql(CREATE TABLE storage_probes (
                 host TEXT PRIMARY KEY,
                 probed_at BIGINT NOT NULL))sql",
         }},
    };
}

}  // namespace

const std::vector<Migration>& migrations() {
    static const std::vector<Migration> all = [] {
        auto list = foundingMigrations();
        for (auto& migration : listAndDashboardMigrations()) list.push_back(std::move(migration));
        return list;
    }();
    return all;
}

}  // namespace lodestone::storage::sqlite

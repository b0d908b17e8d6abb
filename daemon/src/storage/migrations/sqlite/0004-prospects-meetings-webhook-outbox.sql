-- campaign outreach: prospects, prospect jobs, meetings, the webhook outbox

CREATE TABLE prospects (
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
                 UNIQUE (campaign_id, email_key));

CREATE INDEX prospects_by_campaign ON prospects (campaign_id, created_at);

CREATE TABLE prospect_transitions (
                 id INTEGER PRIMARY KEY AUTOINCREMENT,
                 prospect_id TEXT NOT NULL REFERENCES prospects(id) ON DELETE CASCADE,
                 status TEXT NOT NULL,
                 at BIGINT NOT NULL,
                 detail TEXT);

CREATE INDEX prospect_transitions_by_prospect ON prospect_transitions (prospect_id, id);

CREATE TABLE meetings (
                 id TEXT PRIMARY KEY,
                 campaign_id TEXT NOT NULL REFERENCES campaigns(id),
                 prospect_id TEXT NOT NULL REFERENCES prospects(id),
                 external_id TEXT,
                 scheduled_at TEXT NOT NULL,
                 duration_minutes BIGINT NOT NULL CHECK (duration_minutes > 0),
                 title TEXT NOT NULL,
                 created_at BIGINT NOT NULL,
                 UNIQUE (campaign_id, external_id));

CREATE INDEX meetings_by_prospect ON meetings (prospect_id, created_at);

CREATE TABLE webhook_outbox (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 campaign_id TEXT NOT NULL REFERENCES campaigns(id),
                 event TEXT NOT NULL CHECK (event IN ('meeting_booked')),
                 payload_json TEXT NOT NULL,
                 created_at BIGINT NOT NULL);

CREATE INDEX webhook_outbox_by_campaign ON webhook_outbox (campaign_id, created_at);

-- Jobs of either kind. SQLite cannot relax NOT NULL or widen a CHECK in place, so the two job
-- tables are rebuilt (the runner turns foreign keys off around this and checks them before
-- committing).
CREATE TABLE jobs_v4 (
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
                         AND campaign_id IS NOT NULL)));

INSERT INTO jobs_v4 (id, kind, lead_id, organisation_id, project_id,
                 lead_magnet_url, status, retry_count, max_retries, error, retryable,
                 credits_charged, lease_owner, lease_expires_at, run_after, created_at,
                 updated_at, finished_at, next_step)
                 SELECT id, 'lead_magnet', lead_id, organisation_id, project_id, lead_magnet_url,
                 status, retry_count, max_retries, error, retryable, credits_charged, lease_owner,
                 lease_expires_at, run_after, created_at, updated_at, finished_at, next_step
                 FROM jobs;

DROP TABLE jobs;
ALTER TABLE jobs_v4 RENAME TO jobs;
CREATE INDEX jobs_ready ON jobs (status, run_after);

-- Claims take one kind at a time (lead magnets first), each by when it is due.
CREATE INDEX jobs_claimable ON jobs (next_step, kind, run_after) WHERE lease_owner IS NULL AND status NOT IN ('completed', 'failed');
CREATE INDEX jobs_leased ON jobs (lease_expires_at) WHERE lease_owner IS NOT NULL;

CREATE TABLE job_steps_v4 (
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
                 PRIMARY KEY (job_id, name));

INSERT INTO job_steps_v4 SELECT job_id, name, status, started_at, completed_at, failed_at, progress, error, output_json FROM job_steps;
DROP TABLE job_steps;
ALTER TABLE job_steps_v4 RENAME TO job_steps;
CREATE INDEX job_steps_completed ON job_steps (name, status, completed_at);

-- leads, generation jobs and their steps, idempotency records, credit ledger

CREATE TABLE credit_transactions (
                 id INTEGER PRIMARY KEY AUTOINCREMENT,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 delta BIGINT NOT NULL,
                 reason TEXT NOT NULL
                     CHECK (reason IN ('grant', 'adjustment', 'generation', 'refund')),
                 job_id TEXT,
                 created_at BIGINT NOT NULL);

CREATE INDEX credit_transactions_by_org ON credit_transactions (organisation_id, created_at);

CREATE TABLE leads (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 project_id TEXT NOT NULL REFERENCES projects(id),
                 email TEXT NOT NULL,
                 fields_json TEXT NOT NULL,
                 lead_magnet_url TEXT NOT NULL,
                 created_at BIGINT NOT NULL);

CREATE INDEX leads_by_project ON leads (project_id, created_at);

CREATE TABLE jobs (
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
                 finished_at BIGINT);

CREATE INDEX jobs_ready ON jobs (status, run_after);

CREATE TABLE job_steps (
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
                 PRIMARY KEY (job_id, name));

CREATE INDEX job_steps_completed ON job_steps (name, status, completed_at);

CREATE TABLE idempotency_keys (
                 api_key_id TEXT NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
                 idempotency_key TEXT NOT NULL,
                 request_hash TEXT NOT NULL,
                 status BIGINT NOT NULL,
                 response_json TEXT NOT NULL,
                 created_at BIGINT NOT NULL,
                 PRIMARY KEY (api_key_id, idempotency_key));

CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);

-- the dashboard: operators, their sessions and set-password links, the audit log

CREATE TABLE operators (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 email TEXT NOT NULL UNIQUE,
                 role TEXT NOT NULL CHECK (role IN ('admin', 'member')),
                 password_hash TEXT,
                 created_at BIGINT NOT NULL,
                 disabled_at BIGINT);

CREATE TABLE operator_password_setups (
                 token_hash TEXT PRIMARY KEY,
                 operator_id TEXT NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
                 expires_at BIGINT NOT NULL);

CREATE TABLE operator_sessions (
                 token_hash TEXT PRIMARY KEY,
                 operator_id TEXT NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
                 csrf_token TEXT NOT NULL,
                 created_at BIGINT NOT NULL,
                 last_seen_at BIGINT NOT NULL,
                 expires_at BIGINT NOT NULL);

CREATE INDEX operator_sessions_by_operator ON operator_sessions (operator_id);

CREATE TABLE audit_log (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 actor TEXT NOT NULL,
                 action TEXT NOT NULL,
                 subject TEXT NOT NULL,
                 detail TEXT NOT NULL,
                 created_at BIGINT NOT NULL);

CREATE INDEX audit_log_by_organisation ON audit_log (organisation_id, created_at, id);
CREATE INDEX jobs_by_organisation ON jobs (organisation_id, created_at);

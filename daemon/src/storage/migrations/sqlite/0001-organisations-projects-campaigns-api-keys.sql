-- organisations, projects, campaigns, API keys

CREATE TABLE organisations (
                 id TEXT PRIMARY KEY,
                 name TEXT NOT NULL UNIQUE,
                 credits BIGINT NOT NULL DEFAULT 0 CHECK (credits >= 0),
                 created_at BIGINT NOT NULL,
                 updated_at BIGINT NOT NULL);

CREATE TABLE projects (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 name TEXT NOT NULL,
                 schema_json TEXT NOT NULL,
                 lead_magnet_host TEXT,
                 credits_per_generation BIGINT NOT NULL DEFAULT 1
                     CHECK (credits_per_generation >= 0),
                 created_at BIGINT NOT NULL,
                 updated_at BIGINT NOT NULL,
                 UNIQUE (organisation_id, name));

CREATE TABLE campaigns (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 name TEXT NOT NULL,
                 webhook_url TEXT,
                 calendar_url TEXT,
                 webhook_secret TEXT NOT NULL,
                 icp_json TEXT,
                 created_at BIGINT NOT NULL,
                 updated_at BIGINT NOT NULL,
                 UNIQUE (organisation_id, name));

CREATE TABLE api_keys (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 name TEXT NOT NULL,
                 key_hash TEXT NOT NULL UNIQUE,
                 prefix TEXT NOT NULL,
                 created_at BIGINT NOT NULL,
                 expires_at BIGINT,
                 revoked_at BIGINT);

CREATE INDEX api_keys_by_name ON api_keys (organisation_id, name);

CREATE TABLE api_key_projects (
                 api_key_id TEXT NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
                 project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
                 PRIMARY KEY (api_key_id, project_id));

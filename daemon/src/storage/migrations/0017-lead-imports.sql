-- Lists in (docs/lists.md): an import of a CSV file of leads into a campaign. Its rows are kept
-- from the moment the file arrives until each is added, so that an import resumes where it
-- stopped after a restart, and go as they are added; the counts and the rejected rows stay.
-- An import being worked on is leased (lease_owner, lease_expires_at), as a job is.

CREATE TABLE lead_imports (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 campaign_id TEXT NOT NULL REFERENCES campaigns(id),
                 status TEXT NOT NULL
                     CHECK (status IN ('receiving', 'queued', 'running', 'completed', 'failed')),
                 file_name TEXT,
                 bytes BIGINT NOT NULL DEFAULT 0,
                 rows_total BIGINT NOT NULL DEFAULT 0,
                 rows_read BIGINT NOT NULL DEFAULT 0,
                 added BIGINT NOT NULL DEFAULT 0,
                 duplicates BIGINT NOT NULL DEFAULT 0,
                 rejected BIGINT NOT NULL DEFAULT 0,
                 columns_json TEXT NOT NULL,
                 ignored_columns_json TEXT NOT NULL,
                 error TEXT,
                 lease_owner TEXT,
                 lease_expires_at BIGINT,
                 run_after BIGINT NOT NULL,
                 created_at BIGINT NOT NULL,
                 updated_at BIGINT NOT NULL,
                 finished_at BIGINT);
CREATE INDEX lead_imports_by_campaign ON lead_imports (campaign_id, created_at);
CREATE INDEX lead_imports_due ON lead_imports (status, run_after);
CREATE INDEX lead_imports_leased ON lead_imports (lease_expires_at) WHERE lease_owner IS NOT NULL;

CREATE TABLE lead_import_rows (
                 import_id TEXT NOT NULL REFERENCES lead_imports(id),
                 line BIGINT NOT NULL,
                 cells_json TEXT NOT NULL,
                 PRIMARY KEY (import_id, line));

CREATE TABLE lead_import_rejections (
                 import_id TEXT NOT NULL REFERENCES lead_imports(id),
                 line BIGINT NOT NULL,
                 sequence INTEGER NOT NULL,
                 field TEXT,
                 error TEXT NOT NULL,
                 PRIMARY KEY (import_id, line, sequence));

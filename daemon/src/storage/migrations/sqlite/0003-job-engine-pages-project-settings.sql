-- the job engine: where each job resumes, rendered pages, project settings

ALTER TABLE jobs ADD COLUMN next_step TEXT NOT NULL DEFAULT 'research_agent'
                 CHECK (next_step IN ('research_agent', 'content_generation', 'finalization'));

-- What workers poll: unleased, unfinished jobs of one step, by when they are due.
CREATE INDEX jobs_claimable ON jobs (next_step, run_after) WHERE lease_owner IS NULL AND status NOT IN ('completed', 'failed');
CREATE INDEX jobs_leased ON jobs (lease_expires_at) WHERE lease_owner IS NOT NULL;
ALTER TABLE leads ADD COLUMN page_html TEXT;
ALTER TABLE projects ADD COLUMN settings_json TEXT NOT NULL DEFAULT '{}';

-- listings: a project's jobs and a campaign's prospects, newest first, page by page

CREATE INDEX jobs_by_project ON jobs (project_id, created_at, id);
DROP INDEX prospects_by_campaign;
CREATE INDEX prospects_by_campaign ON prospects (campaign_id, created_at, id);

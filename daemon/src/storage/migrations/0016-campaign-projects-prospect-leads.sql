-- One flow from list to meeting (docs/outreach.md, "Lead magnets in the sequence"): a campaign
-- may name the project its prospects' lead magnets are made in; such a lead serves one prospect
-- (one lead per prospect, however often it is scored or its job retried); and an email whose
-- step links to that page waits, marked, until the page is ready.

ALTER TABLE campaigns ADD COLUMN project_id TEXT REFERENCES projects(id);

ALTER TABLE leads ADD COLUMN prospect_id TEXT REFERENCES prospects(id);
CREATE UNIQUE INDEX leads_by_prospect ON leads (prospect_id) WHERE prospect_id IS NOT NULL;

ALTER TABLE email_sends ADD COLUMN waiting_for TEXT CHECK (waiting_for IN ('lead_magnet'));

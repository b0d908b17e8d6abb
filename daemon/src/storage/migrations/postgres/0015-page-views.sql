-- what happened on lead-magnet pages: views and calls-to-action followed; leads by email

ALTER TABLE leads ADD COLUMN view_count BIGINT NOT NULL DEFAULT 0;
ALTER TABLE leads ADD COLUMN first_viewed_at BIGINT;
ALTER TABLE leads ADD COLUMN last_viewed_at BIGINT;
ALTER TABLE leads ADD COLUMN cta_clicks BIGINT NOT NULL DEFAULT 0;
ALTER TABLE leads ADD COLUMN last_cta_click_at BIGINT;
ALTER TABLE leads ADD COLUMN email_key TEXT;
UPDATE leads SET email_key = translate(email, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
CREATE INDEX leads_by_email ON leads (organisation_id, email_key);

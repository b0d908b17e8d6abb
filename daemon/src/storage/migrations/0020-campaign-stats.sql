-- Campaign numbers (docs/api.md, Campaign numbers): a campaign's emails are counted by campaign,
-- step and the day they went out, without reading every other campaign's.
CREATE INDEX email_sends_by_campaign ON email_sends (campaign_id, step, sent_at);

-- Campaigns: when one was paused (docs/outreach.md). A paused campaign's due emails stay pending
-- and go out after it is resumed; NULL is an active campaign, so existing ones stay active.

ALTER TABLE campaigns ADD COLUMN paused_at BIGINT;

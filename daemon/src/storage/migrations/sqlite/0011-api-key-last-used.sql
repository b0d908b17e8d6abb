-- when each API key was last used

-- Written in batches, at most once a minute per key (auth/KeyUseLog).
ALTER TABLE api_keys ADD COLUMN last_used_at BIGINT;

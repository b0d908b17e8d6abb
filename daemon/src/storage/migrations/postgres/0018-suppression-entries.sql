-- Suppressions as entries an organisation manages (docs/lists.md): whole domains as well as
-- addresses, every address found by its keyed hash under the organisation's own key, its clear
-- text kept beside it for display until its person is erased, and entries added by hand.

ALTER TABLE organisations ADD COLUMN suppression_key TEXT;
UPDATE organisations SET suppression_key =
    replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');

-- address_hash is NULL only for rows this migration copies: the store computes their HMAC when
-- it opens (SQL has none), so an address's clear text is never a key.
CREATE TABLE suppression_entries (
    id TEXT PRIMARY KEY,
    organisation_id TEXT NOT NULL REFERENCES organisations(id),
    kind TEXT NOT NULL CHECK (kind IN ('address', 'domain')),
    address_hash TEXT,
    address TEXT,
    domain TEXT,
    reason TEXT NOT NULL CHECK (reason IN ('unsubscribed', 'bounced', 'added',
                                           'erased')),
    added_by TEXT,
    note TEXT,
    prospect_id TEXT,
    campaign_id TEXT,
    detail TEXT,
    created_at BIGINT NOT NULL,
    CHECK ((kind = 'address' AND domain IS NULL)
           OR (kind = 'domain' AND domain IS NOT NULL AND address IS NULL
               AND address_hash IS NULL)));

INSERT INTO suppression_entries (id, organisation_id, kind, address, reason, prospect_id,
                                 campaign_id, detail, created_at)
    SELECT 'sup_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 24), organisation_id,
           'address', email_key, reason, prospect_id, campaign_id, detail, created_at
    FROM suppressions;

DROP TABLE suppressions;
ALTER TABLE suppression_entries RENAME TO suppressions;

CREATE UNIQUE INDEX suppressions_by_address ON suppressions (organisation_id, address_hash)
    WHERE address_hash IS NOT NULL;
CREATE UNIQUE INDEX suppressions_by_domain ON suppressions (organisation_id, domain)
    WHERE domain IS NOT NULL;
CREATE INDEX suppressions_by_age ON suppressions (organisation_id, created_at, id);

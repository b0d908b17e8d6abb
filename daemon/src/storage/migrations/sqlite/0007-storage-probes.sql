-- storage probes: /readyz proves the database takes a write

CREATE TABLE storage_probes (
                 host TEXT PRIMARY KEY,
                 probed_at BIGINT NOT NULL);

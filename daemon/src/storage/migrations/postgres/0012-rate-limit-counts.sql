-- rate-limit counts kept in the database, shared by several lodestoned

CREATE TABLE rate_limit_counts (
    bucket TEXT NOT NULL,
    second BIGINT NOT NULL,
    requests BIGINT NOT NULL CHECK (requests > 0),
    PRIMARY KEY (bucket, second));

CREATE INDEX rate_limit_counts_by_second ON rate_limit_counts (second);

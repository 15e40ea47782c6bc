-- Accounts, optional: a display name (unique by its normalized key) and an argon2id
-- password hash. Sessions are kept only as the SHA-256 of their token.
CREATE TABLE accounts (
    id            BIGSERIAL PRIMARY KEY,
    name          TEXT NOT NULL,
    name_key      TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at    BIGINT NOT NULL
);

CREATE TABLE sessions (
    token_hash  TEXT PRIMARY KEY,
    account_id  BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL
);

CREATE INDEX sessions_account ON sessions (account_id);

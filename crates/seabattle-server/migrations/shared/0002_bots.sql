-- BOT accounts (issue 40): an account turned into a BOT, for good, plays through API
-- tokens, kept only as their SHA-256, named, and revocable.
ALTER TABLE accounts ADD COLUMN bot {int} NOT NULL DEFAULT 0;

CREATE TABLE api_tokens (
    id          {id},
    account_id  {int} NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    token_hash  TEXT NOT NULL UNIQUE,
    created_at  {time} NOT NULL,
    revoked_at  {time}
);

CREATE INDEX api_tokens_account ON api_tokens (account_id);

-- Challenges by name, written once for both databases (`{int}` and `{time}` are
-- spelled per database). A challenge is `open` until it is accepted (then `game` is
-- the game made), declined, cancelled or expired; `token_hash` is the SHA-256 of the
-- challenger's seat token, made by the challenger's node. Times are milliseconds since
-- the epoch.
CREATE TABLE challenges (
    id            TEXT PRIMARY KEY,
    from_account  {int} NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    to_account    {int} NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    rules         TEXT NOT NULL,
    clock         {int},
    rated         {int} NOT NULL,
    token_hash    TEXT NOT NULL,
    state         TEXT NOT NULL,
    game          TEXT,
    created_ms    {time} NOT NULL,
    expires_ms    {time} NOT NULL
);

CREATE INDEX challenges_to ON challenges (to_account, state);
CREATE INDEX challenges_from ON challenges (from_account, state);

-- The daily sea (issue 41): one classic fleet a day for everyone. A day is drawn once,
-- by a guarded insert (`ON CONFLICT DO NOTHING`, then read back), so every node and
-- every restart plays the same fleet; its SHA-256 commitment is public at once, the
-- fleet and salt the next day. `day` counts days since 1970-01-01 (UTC).
CREATE TABLE daily_days (
    day           {int} PRIMARY KEY,
    fleet         TEXT NOT NULL,
    salt          TEXT NOT NULL,
    commitment    TEXT NOT NULL,
    expert_seed   {int} NOT NULL,
    expert_shots  TEXT NOT NULL,
    drawn_at      {time} NOT NULL
);

-- One attempt per account, or per guest (the SHA-256 of its cookie's token), a day;
-- `score` (the shots it took) and `finished_at` are set when the last ship sinks.
CREATE TABLE daily_attempts (
    id           {id},
    day          {int} NOT NULL REFERENCES daily_days (day),
    account_id   {int} REFERENCES accounts (id) ON DELETE CASCADE,
    guest_hash   TEXT,
    started_at   {time} NOT NULL,
    finished_at  {time},
    score        {int}
);

CREATE UNIQUE INDEX daily_attempts_account ON daily_attempts (day, account_id);
CREATE UNIQUE INDEX daily_attempts_guest ON daily_attempts (day, guest_hash);
CREATE INDEX daily_attempts_by_account ON daily_attempts (account_id);

-- Each shot of an attempt as it is fired, so a restart loses none; the answers are
-- the referee's, replayed from the day's fleet.
CREATE TABLE daily_shots (
    attempt  {int} NOT NULL REFERENCES daily_attempts (id) ON DELETE CASCADE,
    seq      {int} NOT NULL,
    cell     TEXT NOT NULL,
    PRIMARY KEY (attempt, seq)
);

-- Moderation (issue 51), written once for both databases. Times are seconds since the
-- epoch.

-- Roles the operator grants (`seabattle admin grant-mod`): `moderator` only, so far.
CREATE TABLE account_roles (
    account_id  {int} NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    role        TEXT NOT NULL,
    granted_at  {time} NOT NULL,
    PRIMARY KEY (account_id, role)
);

-- What moderation set on an account: a warning shown once at the next visit (cleared
-- when shown), quick chat muted until a time (0: not muted), marked as an engine, a
-- name to be changed at the next visit, closed (sessions and tokens ended, no sign-in),
-- a BOT whose API tokens no longer open it.
ALTER TABLE accounts ADD COLUMN warning TEXT;
ALTER TABLE accounts ADD COLUMN muted_until {time} NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN engine {int} NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN must_rename {int} NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN closed_at {time};
ALTER TABLE accounts ADD COLUMN bot_disabled {int} NOT NULL DEFAULT 0;

-- Names given up by a forced rename: nobody else may take them (their key, as
-- `accounts.name_key`).
CREATE TABLE retired_names (
    name_key    TEXT PRIMARY KEY,
    account_id  {int} REFERENCES accounts (id) ON DELETE SET NULL,
    retired_at  {time} NOT NULL
);

-- An arena a moderator closed (it ended then, and may have been renamed).
ALTER TABLE arenas ADD COLUMN closed_at {time};

-- Who blocks whom: the blocked player cannot challenge the blocker, is never paired
-- with them, and their quick chat does not reach them.
CREATE TABLE blocks (
    blocker     {int} NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    blocked     {int} NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at  {time} NOT NULL,
    PRIMARY KEY (blocker, blocked)
);

CREATE INDEX blocks_by_blocked ON blocks (blocked);

-- Every moderation action, appended and never changed: who (a moderator's id and name
-- at the time; both empty for the operator), whom (an account's id and name at the
-- time, or an arena's id), what (`ModAction`'s word), why, and what else it carried
-- (a mute's minutes, an arena's new name). No account is referenced: the log outlives
-- the accounts it names.
CREATE TABLE moderation_log (
    id              {id},
    at              {time} NOT NULL,
    moderator       {int},
    moderator_name  TEXT,
    target_account  {int},
    target          TEXT NOT NULL,
    action          TEXT NOT NULL,
    reason          TEXT NOT NULL,
    detail          TEXT,
    resolved        {int} NOT NULL DEFAULT 0
);

CREATE INDEX moderation_log_by_target ON moderation_log (target_account, at);

-- Reports of players: one per reporter, player and reason a day (`day` counts days
-- since 1970-01-01, UTC). `weight` is 1 from an established account, less from a new
-- one. `resolved_by` names the log's line of the action that answered it.
CREATE TABLE reports (
    id           {id},
    reporter     {int} NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    reported     {int} NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    reason       TEXT NOT NULL,
    words        TEXT NOT NULL,
    game         TEXT,
    weight       {real} NOT NULL,
    day          {int} NOT NULL,
    created_at   {time} NOT NULL,
    resolved_by  {int} REFERENCES moderation_log (id)
);

CREATE UNIQUE INDEX reports_once_a_day ON reports (reporter, reported, reason, day);
CREATE INDEX reports_open ON reports (reported, resolved_by);

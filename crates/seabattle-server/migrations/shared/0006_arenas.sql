-- Arena tournaments (issue 41), written once for both databases. An arena runs from
-- `starts_ms` for `minutes`; players join and leave it (`paused`) as rows, so any node
-- may take their word; one node at a time runs it (`runner` until `runner_until`, the
-- same kind of lease a game's owner holds) and pairs its waiting players into games.
-- `schedule` names the operator's schedule slot that made it, so a slot is made once
-- across nodes and restarts; `ended_early_ms` is set when its maker ends it before its
-- time. Times are milliseconds since the epoch.
CREATE TABLE arenas (
    id               TEXT PRIMARY KEY,
    name             TEXT NOT NULL,
    rules            TEXT NOT NULL,
    clock            {int} NOT NULL,
    minutes          {int} NOT NULL,
    starts_ms        {time} NOT NULL,
    rated            {int} NOT NULL,
    bots             {int} NOT NULL,
    min_rated_games  {int} NOT NULL,
    created_by       {int} REFERENCES accounts (id) ON DELETE SET NULL,
    schedule         TEXT UNIQUE,
    runner           TEXT,
    runner_until     {time} NOT NULL DEFAULT 0,
    ended_early_ms   {time},
    finished         {int} NOT NULL DEFAULT 0
);

CREATE INDEX arenas_by_start ON arenas (finished, starts_ms);

-- Who plays in an arena; `paused` is set by the player (and cleared when they come
-- back) or by the arena after two no-shows in a row; `seen_ms` is when the player's
-- arena page last asked for the standings (a player away from it is not paired);
-- `back_ms` when they last joined: no-shows before it no longer withdraw them.
CREATE TABLE arena_players (
    arena       TEXT NOT NULL REFERENCES arenas (id) ON DELETE CASCADE,
    account_id  {int} NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    joined_ms   {time} NOT NULL,
    paused      {int} NOT NULL DEFAULT 0,
    seen_ms     {time} NOT NULL DEFAULT 0,
    back_ms     {time} NOT NULL DEFAULT 0,
    PRIMARY KEY (arena, account_id)
);

CREATE INDEX arena_players_by_account ON arena_players (account_id);

-- Each game of an arena, in the order its pairs were made. `winner` (1 or 2) and the
-- shots each seat fired are set when it ends; `reason` is the end's word (`sunk`,
-- `resigned`, `timeout`, `abandoned`, …). Standings are always counted from these rows.
CREATE TABLE arena_games (
    game         TEXT PRIMARY KEY,
    arena        TEXT NOT NULL REFERENCES arenas (id) ON DELETE CASCADE,
    one          {int} NOT NULL,
    two          {int} NOT NULL,
    berserk_one  {int} NOT NULL DEFAULT 0,
    berserk_two  {int} NOT NULL DEFAULT 0,
    created_ms   {time} NOT NULL,
    ended_ms     {time},
    winner       {int},
    shots_one    {int},
    shots_two    {int},
    reason       TEXT
);

CREATE INDEX arena_games_by_arena ON arena_games (arena, created_ms);

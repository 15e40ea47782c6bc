-- The same schema as migrations/sqlite/0001_init.sql in PostgreSQL types.
CREATE TABLE games (
    id            TEXT PRIMARY KEY,
    rules         TEXT NOT NULL,
    mode          TEXT NOT NULL,
    clock_secs    INTEGER,
    token1        TEXT,
    token2        TEXT,
    fleet1        TEXT,
    fleet2        TEXT,
    salt1         TEXT,
    salt2         TEXT,
    first_player  SMALLINT,
    result        TEXT,
    created_at    BIGINT NOT NULL,
    finished_at   BIGINT
);

CREATE TABLE moves (
    game_id  TEXT NOT NULL REFERENCES games (id),
    seq      INTEGER NOT NULL,
    player   SMALLINT NOT NULL,
    kind     TEXT NOT NULL,
    shots    TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE INDEX games_unfinished ON games (finished_at);

-- Games and their moves. A game is rebuilt by replaying its moves through the rules
-- engine, so the moves are the source of truth.
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
    first_player  INTEGER,
    result        TEXT,
    created_at    INTEGER NOT NULL,
    finished_at   INTEGER
);

CREATE TABLE moves (
    game_id  TEXT NOT NULL REFERENCES games (id),
    seq      INTEGER NOT NULL,
    player   INTEGER NOT NULL,
    kind     TEXT NOT NULL,
    shots    TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE INDEX games_unfinished ON games (finished_at);

-- Ratings: which account sat in each seat (-1 once that account was deleted: the seat
-- stays a "deleted player", so the opponent's records stay whole), whether the game
-- counts for ratings, one Glicko-2 rating per account and preset, and each rated
-- game's change, for the profile's chart. A game is rated once: its rows in
-- rating_changes are its proof.
ALTER TABLE games ADD COLUMN account1 BIGINT;
ALTER TABLE games ADD COLUMN account2 BIGINT;
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_account1 ON games (account1, created_at);
CREATE INDEX games_account2 ON games (account2, created_at);

CREATE TABLE ratings (
    account_id  BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    preset      TEXT NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    games       INTEGER NOT NULL,
    updated_at  BIGINT NOT NULL,
    PRIMARY KEY (account_id, preset)
);

CREATE INDEX ratings_top ON ratings (preset, rating);

CREATE TABLE rating_changes (
    game_id     TEXT NOT NULL,
    account_id  BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    preset      TEXT NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL,
    rating_after  DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    at          BIGINT NOT NULL,
    PRIMARY KEY (game_id, account_id)
);

CREATE INDEX rating_changes_account ON rating_changes (account_id, preset, at);

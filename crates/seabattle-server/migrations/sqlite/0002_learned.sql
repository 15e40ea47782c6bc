-- The fleets each player placed in games against the computer that ended, for the
-- expert to learn from. A player is a SHA-256 of their key: the key itself is never
-- stored. Rows are kept in insertion order by `id`.
CREATE TABLE learned_fleets (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    player    TEXT NOT NULL,
    rules     TEXT NOT NULL,
    fleet     TEXT NOT NULL,
    added_at  INTEGER NOT NULL
);

CREATE INDEX learned_fleets_player ON learned_fleets (player, rules, id);

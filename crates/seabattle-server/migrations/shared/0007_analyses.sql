-- Game analysis (issue 50): each finished game's analysis, computed once and kept.
-- `version` says how it was computed; an analysis of another version is made again.
CREATE TABLE analyses (
    game        TEXT PRIMARY KEY,
    version     {int} NOT NULL,
    body        TEXT NOT NULL,
    created_at  {time} NOT NULL
);

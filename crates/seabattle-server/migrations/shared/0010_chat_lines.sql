-- The quick chat's lines of games between people (issue 51), kept so that a moderator
-- reading a report of a game sees what was said in it. Times are seconds since the
-- epoch.
CREATE TABLE chat_lines (
    id          {id},
    game        TEXT NOT NULL,
    seat        {int} NOT NULL,
    account_id  {int} REFERENCES accounts (id) ON DELETE SET NULL,
    phrase      TEXT NOT NULL,
    said_at     {time} NOT NULL
);
CREATE INDEX chat_lines_by_game ON chat_lines (game, id);

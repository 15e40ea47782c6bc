-- Who is on each node, published by the node every couple of seconds for the lobby:
-- its open sockets, the games played on it, its open games (the lobby's JSON list) and
-- the accounts with a page open there (",1,5,9,"), which challenges are sent to.
ALTER TABLE nodes ADD COLUMN online BIGINT NOT NULL DEFAULT 0;
ALTER TABLE nodes ADD COLUMN playing BIGINT NOT NULL DEFAULT 0;
ALTER TABLE nodes ADD COLUMN lobby TEXT NOT NULL DEFAULT '[]';
ALTER TABLE nodes ADD COLUMN accounts TEXT NOT NULL DEFAULT ',';

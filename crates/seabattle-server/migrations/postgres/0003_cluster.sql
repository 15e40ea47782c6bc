-- Many nodes on one database. Each running node has a row with a lease it renews; each
-- game is owned by at most one node, and every write of a game checks the fencing token
-- its owner got when it took the game, so a node that lost a game can no longer write it.
CREATE TABLE nodes (
    id           TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    lease_until  TIMESTAMPTZ NOT NULL,
    started_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

ALTER TABLE games ADD COLUMN owner TEXT;
ALTER TABLE games ADD COLUMN fence BIGINT NOT NULL DEFAULT 0;
CREATE INDEX games_owner ON games (owner) WHERE owner IS NOT NULL;

-- Players waiting for a random opponent, on whichever node they are connected to. The
-- node that pairs takes the oldest row with FOR UPDATE SKIP LOCKED and tells the
-- waiter's node with NOTIFY. `token_hash` is the waiter's seat token, made by its node.
CREATE TABLE queue (
    ticket      BIGSERIAL PRIMARY KEY,
    rules       TEXT NOT NULL,
    node        TEXT NOT NULL,
    waiter      TEXT NOT NULL UNIQUE,
    token_hash  TEXT NOT NULL,
    queued_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX queue_rules ON queue (rules, ticket);

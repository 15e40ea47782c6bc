//! Queries shared by every backend: standard SQL with `$n` parameters, numbered in the
//! order they appear (PostgreSQL reads them natively, SQLite binds them by position).

/// Inserts a game.
pub const INSERT_GAME: &str = "INSERT INTO games (id, rules, mode, clock_secs, token1, token2, \
     fleet1, fleet2, salt1, salt2, created_at, account1, account2, rated) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)";

/// Sets seat 1's token hash.
pub const SEAT1: &str = "UPDATE games SET token1 = $1 WHERE id = $2";
/// Sets seat 2's token hash.
pub const SEAT2: &str = "UPDATE games SET token2 = $1 WHERE id = $2";

/// Sets fleet 1 and its salt.
pub const PLACE1: &str = "UPDATE games SET fleet1 = $1, salt1 = $2 WHERE id = $3";
/// Sets fleet 2 and its salt.
pub const PLACE2: &str = "UPDATE games SET fleet2 = $1, salt2 = $2 WHERE id = $3";

/// Sets who shoots first.
pub const START: &str = "UPDATE games SET first_player = $1 WHERE id = $2";

/// Appends a move.
pub const APPEND: &str =
    "INSERT INTO moves (game_id, seq, player, kind, shots) VALUES ($1, $2, $3, $4, $5)";

/// Marks a game over.
pub const FINISH: &str = "UPDATE games SET result = $1, finished_at = $2 WHERE id = $3";

/// Reads a game.
pub const SELECT_GAME: &str = "SELECT id, rules, mode, clock_secs, token1, token2, fleet1, \
     fleet2, salt1, salt2, first_player, result, account1, account2, rated FROM games WHERE id = $1";

/// Reads a game's moves in order.
pub const SELECT_MOVES: &str =
    "SELECT player, kind, shots FROM moves WHERE game_id = $1 ORDER BY seq";

/// The migrations table, created before any migration runs.
pub const CREATE_MIGRATIONS: &str = "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)";

/// The versions applied.
pub const SELECT_MIGRATIONS: &str = "SELECT version FROM schema_migrations";

/// Notes a migration applied.
pub const INSERT_MIGRATION: &str =
    "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)";

/// Learns a fleet a player placed.
pub const INSERT_LEARNED: &str =
    "INSERT INTO learned_fleets (player, rules, fleet, added_at) VALUES ($1, $2, $3, $4)";

/// Drops a player's fleets under one rules text but the newest `$3`.
pub const TRIM_LEARNED: &str = "DELETE FROM learned_fleets WHERE player = $1 AND rules = $2 \
     AND id NOT IN (SELECT id FROM learned_fleets WHERE player = $1 AND rules = $2 \
     ORDER BY id DESC LIMIT $3)";

/// A player's fleets, by rules text and then oldest first.
pub const SELECT_LEARNED: &str =
    "SELECT rules, fleet FROM learned_fleets WHERE player = $1 ORDER BY rules, id";

/// A player's fleets under one rules text, oldest first.
pub const SELECT_LEARNED_RULES: &str =
    "SELECT rules, fleet FROM learned_fleets WHERE player = $1 AND rules = $2 ORDER BY id";

/// Erases a player's fleets.
pub const FORGET: &str = "DELETE FROM learned_fleets WHERE player = $1";

/// Creates an account unless its name's key is taken; returns its id.
pub const INSERT_ACCOUNT: &str = "INSERT INTO accounts (name, name_key, password_hash, created_at) \
     VALUES ($1, $2, $3, $4) ON CONFLICT (name_key) DO NOTHING RETURNING id";

/// Reads an account by its name's key.
pub const SELECT_ACCOUNT: &str = "SELECT id, name, password_hash FROM accounts WHERE name_key = $1";

/// Opens a session.
pub const INSERT_SESSION: &str = "INSERT INTO sessions (token_hash, account_id, created_at, \
     expires_at) VALUES ($1, $2, $3, $4)";

/// The account of a session still running at `$2`.
pub const SELECT_SESSION: &str = "SELECT a.id, a.name, a.password_hash FROM sessions s \
     JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = $1 AND s.expires_at > $2";

/// Ends one session.
pub const DELETE_SESSION: &str = "DELETE FROM sessions WHERE token_hash = $1";

/// Erases the sessions that have ended.
pub const DELETE_EXPIRED: &str = "DELETE FROM sessions WHERE expires_at <= $1";

/// Ends every session of an account.
pub const DELETE_SESSIONS: &str = "DELETE FROM sessions WHERE account_id = $1";

/// Erases an account (its sessions first).
pub const DELETE_ACCOUNT: &str = "DELETE FROM accounts WHERE id = $1";

/// Gives seat 1 to an account.
pub const SEAT_ACCOUNT1: &str = "UPDATE games SET account1 = $1 WHERE id = $2";
/// Gives seat 2 to an account.
pub const SEAT_ACCOUNT2: &str = "UPDATE games SET account2 = $1 WHERE id = $2";

/// Makes a game count for ratings.
pub const SET_RATED: &str = "UPDATE games SET rated = 1 WHERE id = $1";

/// An account's rating under a preset.
pub const SELECT_RATING: &str =
    "SELECT rating, deviation, volatility FROM ratings WHERE account_id = $1 AND preset = $2";

/// Writes an account's rating under a preset after one more game.
pub const UPSERT_RATING: &str = "INSERT INTO ratings (account_id, preset, rating, deviation, \
     volatility, games, updated_at) VALUES ($1, $2, $3, $4, $5, 1, $6) \
     ON CONFLICT (account_id, preset) DO UPDATE SET rating = excluded.rating, \
     deviation = excluded.deviation, volatility = excluded.volatility, \
     games = ratings.games + 1, updated_at = excluded.updated_at";

/// The changes a game already made, if it was rated.
pub const SELECT_CHANGES: &str = "SELECT account_id, rating_before, rating_after, deviation \
     FROM rating_changes WHERE game_id = $1";

/// Notes a rated game's change for one account.
pub const INSERT_CHANGE: &str = "INSERT INTO rating_changes (game_id, account_id, preset, \
     rating_before, rating_after, deviation, at) VALUES ($1, $2, $3, $4, $5, $6, $7)";

/// An account's ratings, by preset.
pub const SELECT_RATINGS: &str = "SELECT preset, rating, deviation, volatility, games, \
     updated_at FROM ratings WHERE account_id = $1 ORDER BY preset";

/// An account's rating after each rated game, oldest first.
pub const SELECT_HISTORY: &str = "SELECT preset, rating_after, at FROM rating_changes \
     WHERE account_id = $1 ORDER BY at, game_id";

/// The leaderboard of a preset.
pub const SELECT_LEADERS: &str = "SELECT a.name, r.rating, r.deviation, r.volatility, r.games \
     FROM ratings r JOIN accounts a ON a.id = r.account_id \
     WHERE r.preset = $1 AND r.deviation <= $2 AND r.updated_at >= $3 \
     ORDER BY r.rating DESC, a.name_key LIMIT $4";

/// An account's games still being played, newest first.
pub const SELECT_UNFINISHED: &str = "SELECT g.id, g.rules, g.mode, g.result, g.created_at, \
     g.finished_at, g.rated, g.account1, g.account2, a1.name, a2.name FROM games g \
     LEFT JOIN accounts a1 ON a1.id = g.account1 LEFT JOIN accounts a2 ON a2.id = g.account2 \
     WHERE (g.account1 = $1 OR g.account2 = $1) AND g.result IS NULL \
     ORDER BY g.created_at DESC, g.id LIMIT $2";

/// An account's games that ended (not those closed unfinished), newest first.
pub const SELECT_FINISHED: &str = "SELECT g.id, g.rules, g.mode, g.result, g.created_at, \
     g.finished_at, g.rated, g.account1, g.account2, a1.name, a2.name FROM games g \
     LEFT JOIN accounts a1 ON a1.id = g.account1 LEFT JOIN accounts a2 ON a2.id = g.account2 \
     WHERE (g.account1 = $1 OR g.account2 = $1) AND g.result IS NOT NULL \
     AND g.result <> 'abandoned' ORDER BY g.finished_at DESC, g.id LIMIT $2";

/// A game's volleys, for its shot counts.
pub const SELECT_VOLLEYS: &str =
    "SELECT player, shots FROM moves WHERE game_id = $1 AND kind = 'volley'";

/// Gives a guest's learned fleets to an account.
pub const ADOPT_LEARNED: &str = "UPDATE learned_fleets SET player = $1 WHERE player = $2";

/// Gives a finished game's seat 1, by its token, to an account that has none there.
pub const ADOPT1: &str = "UPDATE games SET account1 = $1 WHERE id = $2 AND token1 = $3 \
     AND account1 IS NULL AND result IS NOT NULL";
/// The same for seat 2.
pub const ADOPT2: &str = "UPDATE games SET account2 = $1 WHERE id = $2 AND token2 = $3 \
     AND account2 IS NULL AND result IS NOT NULL";

/// Leaves a deleted account's seats as "deleted player".
pub const ORPHAN1: &str = "UPDATE games SET account1 = -1 WHERE account1 = $1";
/// The same for seat 2.
pub const ORPHAN2: &str = "UPDATE games SET account2 = -1 WHERE account2 = $1";

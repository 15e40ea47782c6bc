//! SQLite: one file, WAL, created and migrated on first open.

use super::api::{LEARNED_FLEETS, Store, histories, now_secs};
use super::sql;
use super::stored::{Append, MoveKind, StoredAccount, StoredGame, StoredMove};
use crate::error::StoreError;
use rusqlite::{Connection, OptionalExtension, params};
use seabattle_bots::StoredHistory;
use seabattle_core::Player;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The SQLite migrations, in order; version `n` is `MIGRATIONS[n - 1]`.
const MIGRATIONS: [&str; 4] = [
    include_str!("../../migrations/sqlite/0001_init.sql"),
    include_str!("../../migrations/sqlite/0002_learned.sql"),
    include_str!("../../migrations/sqlite/0003_accounts.sql"),
    include_str!("../../migrations/sqlite/0004_ratings.sql"),
];

/// Games in an SQLite file.
pub struct SqliteStore {
    path: PathBuf,
    // One connection: SQLite writes one transaction at a time anyway, and a mutex is
    // cheaper than a pool for the microsecond inserts a move takes.
    conn: Mutex<Connection>,
}

pub(super) fn q(e: rusqlite::Error) -> StoreError {
    StoreError::Query(e.to_string())
}

fn account_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<StoredAccount> {
    Ok(StoredAccount {
        id: r.get(0)?,
        name: r.get(1)?,
        password_hash: r.get(2)?,
    })
}

impl SqliteStore {
    /// Opens the file at `path`, creating it and its directory if needed.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| StoreError::Open(format!("{}: {e}", dir.display())))?;
        }
        let conn = Connection::open(path)
            .map_err(|e| StoreError::Open(format!("{}: {e}", path.display())))?;
        // WAL with synchronous=NORMAL: a committed move survives the process being
        // killed (kill -9); only a power cut can lose the last transactions.
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(|e| StoreError::Open(e.to_string()))?;
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(|e| StoreError::Open(e.to_string()))?;
        conn.pragma_update(None, "foreign_keys", "ON")
            .map_err(|e| StoreError::Open(e.to_string()))?;
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(|e| StoreError::Open(e.to_string()))?;
        migrate(&conn)?;
        Ok(SqliteStore {
            path: path.to_path_buf(),
            conn: Mutex::new(conn),
        })
    }

    pub(super) fn with<T>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        // A panic while holding the lock cannot leave SQLite half-written: each call is
        // its own statement or transaction.
        let conn = self.conn.lock().unwrap_or_else(|p| p.into_inner());
        f(&conn)
    }

    fn exec(&self, sql: &str, p: impl rusqlite::Params) -> Result<(), StoreError> {
        self.with(|c| {
            let n = c.execute(sql, p).map_err(q)?;
            if n == 0 {
                return Err(StoreError::Query("no such game".into()));
            }
            Ok(())
        })
    }
}

fn migrate(conn: &Connection) -> Result<(), StoreError> {
    let m = |e: rusqlite::Error| StoreError::Migrate(e.to_string());
    conn.execute(sql::CREATE_MIGRATIONS, []).map_err(m)?;
    let applied: Vec<i64> = conn
        .prepare(sql::SELECT_MIGRATIONS)
        .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
        .map_err(m)?;
    for (i, script) in MIGRATIONS.iter().enumerate() {
        let version = i as i64 + 1;
        if applied.contains(&version) {
            continue;
        }
        let tx = conn.unchecked_transaction().map_err(m)?;
        tx.execute_batch(script).map_err(m)?;
        tx.execute(sql::INSERT_MIGRATION, params![version, now_secs()])
            .map_err(m)?;
        tx.commit().map_err(m)?;
    }
    Ok(())
}

fn player_of(n: i64) -> Result<Player, StoreError> {
    match n {
        1 => Ok(Player::One),
        2 => Ok(Player::Two),
        _ => Err(StoreError::Corrupt(format!("player {n}"))),
    }
}

impl Store for SqliteStore {
    fn create(&self, g: &StoredGame) -> Result<(), StoreError> {
        self.with(|c| {
            c.execute(
                sql::INSERT_GAME,
                params![
                    g.id,
                    g.rules,
                    g.mode,
                    g.clock_secs,
                    g.tokens[0],
                    g.tokens[1],
                    g.fleets[0],
                    g.fleets[1],
                    g.salts[0],
                    g.salts[1],
                    now_secs(),
                    g.accounts[0],
                    g.accounts[1],
                    i64::from(g.rated)
                ],
            )
            .map_err(q)
            .map(drop)
        })
    }

    fn take_seat(&self, id: &str, player: Player, token_hash: &str) -> Result<(), StoreError> {
        let sql = match player {
            Player::One => sql::SEAT1,
            Player::Two => sql::SEAT2,
        };
        self.exec(sql, params![token_hash, id])
    }

    fn place(&self, id: &str, player: Player, fleet: &str, salt: &str) -> Result<(), StoreError> {
        let sql = match player {
            Player::One => sql::PLACE1,
            Player::Two => sql::PLACE2,
        };
        self.exec(sql, params![fleet, salt, id])
    }

    fn start(&self, id: &str, first: Player) -> Result<(), StoreError> {
        self.exec(sql::START, params![first.number(), id])
    }

    fn append_all(&self, id: &str, seq: usize, moves: &[StoredMove]) -> Result<(), StoreError> {
        self.with(|c| {
            // The lock is held throughout, so nothing else can interleave.
            let tx = c.unchecked_transaction().map_err(q)?;
            for (i, mv) in moves.iter().enumerate() {
                tx.execute(
                    sql::APPEND,
                    params![
                        id,
                        (seq + i) as i64,
                        mv.player.number(),
                        mv.kind.word(),
                        mv.shots
                    ],
                )
                .map_err(q)?;
            }
            tx.commit().map_err(q)
        })
    }

    fn append_together(&self, batch: &[Append]) -> Result<Vec<Result<(), StoreError>>, StoreError> {
        self.with(|c| {
            let mut tx = c.unchecked_transaction().map_err(q)?;
            let mut answers = Vec::with_capacity(batch.len());
            for a in batch {
                // Each game's moves under a savepoint of their own: a refused one
                // rolls back only its own rows.
                let sp = tx.savepoint().map_err(q)?;
                let stored = a.moves.iter().enumerate().try_for_each(|(i, mv)| {
                    sp.execute(
                        sql::APPEND,
                        params![
                            a.id,
                            (a.seq + i) as i64,
                            mv.player.number(),
                            mv.kind.word(),
                            mv.shots
                        ],
                    )
                    .map(drop)
                });
                answers.push(match stored {
                    Ok(()) => sp.commit().map_err(q),
                    // Dropping the savepoint rolls it back.
                    Err(e) => Err(q(e)),
                });
            }
            tx.commit().map_err(q)?;
            Ok(answers)
        })
    }

    fn finish(&self, id: &str, result: &str) -> Result<(), StoreError> {
        self.exec(sql::FINISH, params![result, now_secs(), id])
    }

    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        self.with(|c| {
            let game = c
                .query_row(sql::SELECT_GAME, params![id], |r| {
                    Ok((
                        StoredGame {
                            id: r.get(0)?,
                            rules: r.get(1)?,
                            mode: r.get(2)?,
                            clock_secs: r.get(3)?,
                            tokens: [r.get(4)?, r.get(5)?],
                            fleets: [r.get(6)?, r.get(7)?],
                            salts: [r.get(8)?, r.get(9)?],
                            first: None,
                            result: r.get(11)?,
                            moves: Vec::new(),
                            accounts: [r.get(12)?, r.get(13)?],
                            rated: r.get::<_, i64>(14)? != 0,
                        },
                        r.get::<_, Option<i64>>(10)?,
                    ))
                })
                .optional()
                .map_err(q)?;
            let Some((mut game, first)) = game else {
                return Ok(None);
            };
            game.first = first.map(player_of).transpose()?;
            let mut stmt = c.prepare_cached(sql::SELECT_MOVES).map_err(q)?;
            let rows = stmt
                .query_map(params![id], |r| {
                    Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get(2)?))
                })
                .map_err(q)?;
            for row in rows {
                let (player, kind, shots) = row.map_err(q)?;
                game.moves.push(StoredMove {
                    player: player_of(player)?,
                    kind: MoveKind::from_word(&kind)
                        .ok_or_else(|| StoreError::Corrupt(format!("move kind {kind:?}")))?,
                    shots,
                });
            }
            Ok(Some(game))
        })
    }

    fn remember(&self, player: &str, rules: &str, fleet: &str) -> Result<(), StoreError> {
        self.with(|c| {
            let tx = c.unchecked_transaction().map_err(q)?;
            tx.execute(
                sql::INSERT_LEARNED,
                params![player, rules, fleet, now_secs()],
            )
            .map_err(q)?;
            tx.execute(
                sql::TRIM_LEARNED,
                params![player, rules, LEARNED_FLEETS as i64],
            )
            .map_err(q)?;
            tx.commit().map_err(q)
        })
    }

    fn learned(&self, player: &str, rules: Option<&str>) -> Result<Vec<StoredHistory>, StoreError> {
        self.with(|c| {
            let row = |r: &rusqlite::Row<'_>| Ok((r.get(0)?, r.get(1)?));
            let rows: Vec<(String, String)> = match rules {
                Some(rules) => c
                    .prepare_cached(sql::SELECT_LEARNED_RULES)
                    .and_then(|mut s| s.query_map(params![player, rules], row)?.collect()),
                None => c
                    .prepare_cached(sql::SELECT_LEARNED)
                    .and_then(|mut s| s.query_map(params![player], row)?.collect()),
            }
            .map_err(q)?;
            Ok(histories(rows))
        })
    }

    fn forget(&self, player: &str) -> Result<usize, StoreError> {
        self.with(|c| c.execute(sql::FORGET, params![player]).map_err(q))
    }

    fn describe(&self) -> String {
        format!("sqlite://{} (WAL)", self.path.display())
    }

    fn create_account(
        &self,
        name: &str,
        key: &str,
        password_hash: &str,
    ) -> Result<Option<i64>, StoreError> {
        self.with(|c| {
            c.query_row(
                sql::INSERT_ACCOUNT,
                params![name, key, password_hash, now_secs()],
                |r| r.get(0),
            )
            .optional()
            .map_err(q)
        })
    }

    fn account(&self, key: &str) -> Result<Option<StoredAccount>, StoreError> {
        self.with(|c| {
            c.query_row(sql::SELECT_ACCOUNT, params![key], account_row)
                .optional()
                .map_err(q)
        })
    }

    fn open_session(
        &self,
        token_hash: &str,
        account: i64,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        self.with(|c| {
            c.execute(
                sql::INSERT_SESSION,
                params![token_hash, account, now_secs(), expires_at],
            )
            .map(|_| ())
            .map_err(q)
        })
    }

    fn session(&self, token_hash: &str) -> Result<Option<StoredAccount>, StoreError> {
        self.with(|c| {
            c.query_row(
                sql::SELECT_SESSION,
                params![token_hash, now_secs()],
                account_row,
            )
            .optional()
            .map_err(q)
        })
    }

    fn close_session(&self, token_hash: &str) -> Result<(), StoreError> {
        self.with(|c| {
            c.execute(sql::DELETE_SESSION, params![token_hash])
                .map(|_| ())
                .map_err(q)
        })
    }

    fn close_sessions(&self, account: i64) -> Result<usize, StoreError> {
        self.with(|c| c.execute(sql::DELETE_SESSIONS, params![account]).map_err(q))
    }

    fn sweep_sessions(&self, now: i64) -> Result<usize, StoreError> {
        self.with(|c| c.execute(sql::DELETE_EXPIRED, params![now]).map_err(q))
    }

    fn delete_account(&self, account: i64) -> Result<(), StoreError> {
        self.with(|c| {
            let tx = c.unchecked_transaction().map_err(q)?;
            tx.execute(sql::DELETE_SESSIONS, params![account])
                .map_err(q)?;
            tx.execute(sql::ORPHAN1, params![account]).map_err(q)?;
            tx.execute(sql::ORPHAN2, params![account]).map_err(q)?;
            tx.execute(sql::FORGET, params![crate::ids::account_learner(account)])
                .map_err(q)?;
            tx.execute(sql::DELETE_ACCOUNT, params![account])
                .map_err(q)?;
            tx.commit().map_err(q)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_reopen() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("g.db");
        let s = SqliteStore::open(&path).unwrap();
        let mut g = StoredGame::new("abc".into(), "classic".into(), "friend".into(), Some(30));
        g.tokens[0] = Some("h1".into());
        s.create(&g).unwrap();
        s.take_seat("abc", Player::Two, "h2").unwrap();
        s.place("abc", Player::One, "a1-d1", "s1").unwrap();
        s.start("abc", Player::Two).unwrap();
        let mv = StoredMove {
            player: Player::Two,
            kind: MoveKind::Volley,
            shots: "e5:miss".into(),
        };
        s.append("abc", 0, &mv).unwrap();
        assert!(
            s.append("abc", 0, &mv).is_err(),
            "a move number is used once"
        );
        assert!(s.take_seat("nope", Player::Two, "h").is_err());
        drop(s);
        let s = SqliteStore::open(&path).unwrap();
        let back = s.load("abc").unwrap().unwrap();
        assert_eq!(back.tokens, [Some("h1".into()), Some("h2".into())]);
        assert_eq!(back.fleets[0].as_deref(), Some("a1-d1"));
        assert_eq!(back.first, Some(Player::Two));
        assert_eq!(back.clock_secs, Some(30));
        assert_eq!(back.moves, vec![mv]);
        assert!(s.load("zzz").unwrap().is_none());
    }

    #[test]
    fn learned_fleets_are_kept_per_player_and_rules_and_forgotten() {
        let dir = tempfile::tempdir().unwrap();
        let s = SqliteStore::open(&dir.path().join("g.db")).unwrap();
        assert!(s.learned("p", None).unwrap().is_empty());
        s.remember("p", "classic", "a1-d1").unwrap();
        s.remember("p", "classic", "a2-d2").unwrap();
        s.remember("p", "8x8", "b1").unwrap();
        s.remember("q", "classic", "c1").unwrap();
        let all = s.learned("p", None).unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!(all[0].rules, "8x8");
        assert_eq!(all[1].fleets, vec!["a1-d1", "a2-d2"], "oldest first");
        let classic = s.learned("p", Some("classic")).unwrap();
        assert_eq!(classic, vec![all[1].clone()]);
        for i in 0..LEARNED_FLEETS + 3 {
            s.remember("q", "classic", &format!("x{i}")).unwrap();
        }
        let q = s.learned("q", Some("classic")).unwrap();
        assert_eq!(
            q[0].fleets.len(),
            LEARNED_FLEETS,
            "only the newest are kept"
        );
        assert_eq!(
            q[0].fleets.last().unwrap(),
            &format!("x{}", LEARNED_FLEETS + 2)
        );
        assert_eq!(s.forget("p").unwrap(), 3);
        assert!(s.learned("p", None).unwrap().is_empty());
        assert_eq!(s.learned("q", None).unwrap().len(), 1, "others keep theirs");
    }
}

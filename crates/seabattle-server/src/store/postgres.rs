//! PostgreSQL: the same schema in PostgreSQL types (`migrations/postgres/`), the shared
//! queries of `sql.rs`, one connection re-opened if it drops.

use super::api::{LEARNED_FLEETS, Store, histories, now_secs};
use super::sql;
use super::stored::{Append, MoveKind, StoredAccount, StoredGame, StoredMove};
use crate::error::{StoreError, chain};
use postgres::{Client, NoTls};
use seabattle_bots::StoredHistory;
use seabattle_core::Player;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The PostgreSQL migrations, in order; version `n` is `MIGRATIONS[n - 1]`.
const MIGRATIONS: [&str; 6] = [
    include_str!("../../migrations/postgres/0001_init.sql"),
    include_str!("../../migrations/postgres/0002_learned.sql"),
    include_str!("../../migrations/postgres/0003_cluster.sql"),
    include_str!("../../migrations/postgres/0004_accounts.sql"),
    include_str!("../../migrations/postgres/0005_ratings.sql"),
    include_str!("../../migrations/postgres/0006_rated_queue.sql"),
];

/// A key for `pg_advisory_xact_lock`: two servers starting at once migrate one at a time.
const MIGRATION_LOCK: i64 = 0x5eab_a771;

/// Connections kept open. Each commit waits for the disk; commits on several
/// connections are flushed together, so games on different connections do not queue
/// behind each other.
const CONNECTIONS: usize = 8;

/// Games in a PostgreSQL database.
pub struct PgStore {
    pub(crate) url: String,
    shown: String,
    /// This node's name, as `--node` gave it.
    pub(crate) name: String,
    /// This run of the node: its name and a random suffix, so a node restarted under
    /// the same name does not inherit the games its last run owned.
    pub(crate) node: String,
    /// The fencing token of each game this node owns, as it got it; every write of the
    /// game must find it unchanged in the database.
    pub(crate) fences: Mutex<HashMap<String, i64>>,
    /// This node's lease as its own monotonic clock sees it (see `pg_cluster::Lease`).
    pub(crate) lease: Mutex<crate::cluster::lease::Lease>,
    // A game always uses the same connection (by a hash of its id), which keeps its
    // writes in order. `Option` so that `Drop` can move the clients off the async
    // threads: each owns a runtime, which may not be dropped inside another.
    conns: Vec<Mutex<Option<Client>>>,
}

/// A move number past what the table's `seq` column holds.
fn too_many() -> StoreError {
    StoreError::Query("too many moves".into())
}

pub(crate) fn q(e: postgres::Error) -> StoreError {
    if broken(&e) {
        StoreError::Connection(chain(&e))
    } else {
        StoreError::Query(chain(&e))
    }
}

/// Whether `e` says the connection is unusable rather than the statement wrong: an
/// I/O error ("Broken pipe" on the first use after the database restarted), a
/// connection the client knows is closed, or the server ending it (SQLSTATE class
/// 08, or 57P01–57P03: shut down, crashed, cannot connect now).
fn broken(e: &postgres::Error) -> bool {
    if e.is_closed() {
        return true;
    }
    match e.code() {
        Some(code) => {
            let code = code.code();
            code.starts_with("08") || matches!(code, "57P01" | "57P02" | "57P03")
        }
        None => {
            e.as_db_error().is_none()
                && std::error::Error::source(e).is_some_and(|s| s.is::<std::io::Error>())
        }
    }
}

pub(crate) fn connect(url: &str) -> Result<Client, StoreError> {
    Client::connect(url, NoTls).map_err(|e| StoreError::Open(chain(&e)))
}

/// Opens the database at `url`, migrates it, and joins its cluster as `name`.
pub(crate) fn open(url: &str, shown: String, name: &str) -> Result<Arc<dyn Store>, StoreError> {
    let mut client = connect(url)?;
    migrate(&mut client)?;
    let mut conns = vec![Mutex::new(Some(client))];
    // The others are opened when first needed.
    conns.extend((1..CONNECTIONS).map(|_| Mutex::new(None)));
    let store = PgStore {
        url: url.to_string(),
        shown,
        name: name.to_string(),
        node: format!("{name}-{}", crate::ids::new_salt()),
        fences: Mutex::new(HashMap::new()),
        lease: Mutex::new(crate::cluster::lease::Lease::default()),
        conns,
    };
    crate::store::Cluster::heartbeat(&store)?;
    Ok(Arc::new(store))
}

fn migrate(client: &mut Client) -> Result<(), StoreError> {
    let m = |e: postgres::Error| StoreError::Migrate(chain(&e));
    let mut tx = client.transaction().map_err(m)?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .map_err(m)?;
    tx.batch_execute(sql::CREATE_MIGRATIONS).map_err(m)?;
    let applied: Vec<i32> = tx
        .query(sql::SELECT_MIGRATIONS, &[])
        .map_err(m)?
        .iter()
        .map(|r| r.get(0))
        .collect();
    for (i, script) in MIGRATIONS.iter().enumerate() {
        let version = i as i32 + 1;
        if applied.contains(&version) {
            continue;
        }
        tx.batch_execute(script).map_err(m)?;
        tx.execute(sql::INSERT_MIGRATION, &[&version, &now_secs()])
            .map_err(m)?;
    }
    tx.commit().map_err(m)
}

fn account_row(r: &postgres::Row) -> StoredAccount {
    StoredAccount {
        id: r.get(0),
        name: r.get(1),
        password_hash: r.get(2),
    }
}

fn player_of(n: i16) -> Result<Player, StoreError> {
    match n {
        1 => Ok(Player::One),
        2 => Ok(Player::Two),
        _ => Err(StoreError::Corrupt(format!("player {n}"))),
    }
}

fn number(p: Player) -> i16 {
    i16::from(p.number())
}

impl PgStore {
    /// Runs `f` on the connection game (or key) `id` uses. A connection found broken
    /// (see [`broken`]) is replaced and `f` run once more on the new one, so the first
    /// statement after a database restart succeeds instead of failing on the dead
    /// socket; `f` is then a whole transaction or one statement, so a retry cannot
    /// apply half of it twice.
    pub(crate) fn with<T>(
        &self,
        id: &str,
        mut f: impl FnMut(&mut Client) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let slot = id.bytes().fold(0usize, |h, b| {
            h.wrapping_mul(31).wrapping_add(usize::from(b))
        }) % self.conns.len();
        let mut guard = self.conns[slot].lock().unwrap_or_else(|p| p.into_inner());
        let mut retried = false;
        loop {
            if guard.as_ref().is_none_or(Client::is_closed) {
                *guard = Some(connect(&self.url)?);
            }
            let Some(c) = guard.as_mut() else {
                return Err(StoreError::Open("no connection".into()));
            };
            match f(c) {
                Err(StoreError::Connection(e)) if !retried => {
                    tracing::warn!(error = %e, "a database connection broke; reconnecting and trying again");
                    retried = true;
                    *guard = None;
                }
                Err(StoreError::Connection(e)) => {
                    *guard = None;
                    return Err(StoreError::Connection(e));
                }
                other => return other,
            }
        }
    }

    /// Appends `moves` from `seq` on if this node still holds game `id`.
    fn append_rows(&self, id: &str, seq: usize, moves: &[StoredMove]) -> Result<(), StoreError> {
        let first = i32::try_from(seq).map_err(|_| too_many())?;
        // The usual case, a single move: one statement, one round trip. The game's row
        // is locked and its token checked in the same statement.
        if let [mv] = moves {
            let fence = self.fence(id)?;
            return self.with(id, |c| {
                let n = c
                    .execute(
                        "INSERT INTO moves (game_id, seq, player, kind, shots) \
                         SELECT id, $2, $3, $4, $5 FROM games WHERE id = $1 AND fence = $6 \
                         FOR UPDATE",
                        &[
                            &id,
                            &first,
                            &number(mv.player),
                            &mv.kind.word(),
                            &mv.shots,
                            &fence,
                        ],
                    )
                    .map_err(q)?;
                if n == 0 { Err(self.lost(id)) } else { Ok(()) }
            });
        }
        self.fenced(id, |tx| {
            for (i, mv) in moves.iter().enumerate() {
                let seq = i32::try_from(i)
                    .ok()
                    .and_then(|i| first.checked_add(i))
                    .ok_or_else(too_many)?;
                tx.execute(
                    sql::APPEND,
                    &[&id, &seq, &number(mv.player), &mv.kind.word(), &mv.shots],
                )
                .map_err(q)?;
            }
            Ok(())
        })
    }

    /// Whether the rows from `seq` on are `moves` already, and no more.
    fn stored_already(
        &self,
        id: &str,
        seq: usize,
        moves: &[StoredMove],
    ) -> Result<bool, StoreError> {
        let first = i32::try_from(seq).map_err(|_| too_many())?;
        let rows = self.with(id, |c| {
            c.query(
                "SELECT player, kind, shots FROM moves WHERE game_id = $1 AND seq >= $2 \
                 ORDER BY seq",
                &[&id, &first],
            )
            .map_err(q)
        })?;
        Ok(rows.len() == moves.len()
            && rows.iter().zip(moves).all(|(r, mv)| {
                r.get::<_, i16>(0) == number(mv.player)
                    && r.get::<_, String>(1) == mv.kind.word()
                    && r.get::<_, String>(2) == mv.shots
            }))
    }

    /// The fencing token this node holds for game `id`.
    /// Nothing is held once the lease has lapsed by this node's clock.
    pub(crate) fn fence(&self, id: &str) -> Result<i64, StoreError> {
        if !self.standing() {
            return Err(StoreError::Fenced(id.to_string()));
        }
        let fences = self.fences.lock().unwrap_or_else(|p| p.into_inner());
        fences
            .get(id)
            .copied()
            .ok_or_else(|| StoreError::Fenced(id.to_string()))
    }

    /// Runs `f` on a transaction in which game `id`'s row is locked and its fencing
    /// token is the one this node holds, so no other node can take the game over
    /// until the write is committed, and a node that lost it writes nothing.
    fn fenced<T>(
        &self,
        id: &str,
        mut f: impl FnMut(&mut postgres::Transaction<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let fence = self.fence(id)?;
        self.with(id, |c| {
            let mut tx = c.transaction().map_err(q)?;
            let row = tx
                .query_opt("SELECT fence FROM games WHERE id = $1 FOR UPDATE", &[&id])
                .map_err(q)?;
            match row.map(|r| r.get::<_, i64>(0)) {
                None => return Err(StoreError::Query("no such game".into())),
                Some(now) if now != fence => return Err(self.lost(id)),
                Some(_) => {}
            }
            let out = f(&mut tx)?;
            tx.commit().map_err(q)?;
            Ok(out)
        })
    }

    /// Runs one of the shared `UPDATE games … WHERE id = $n` statements only if the
    /// game's fencing token is still this node's: one statement, whose row lock orders
    /// it against a takeover.
    pub(crate) fn exec(
        &self,
        id: &str,
        sql: &str,
        params: &[&(dyn postgres::types::ToSql + Sync)],
    ) -> Result<(), StoreError> {
        let fence = self.fence(id)?;
        let checked = format!("{sql} AND fence = ${}", params.len() + 1);
        let mut all = params.to_vec();
        all.push(&fence);
        self.with(id, |c| {
            match c.execute(checked.as_str(), &all).map_err(q)? {
                0 => Err(self.lost(id)),
                _ => Ok(()),
            }
        })
    }

    /// A write found the game's token moved on: another node took it.
    fn lost(&self, id: &str) -> StoreError {
        self.fences
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(id);
        StoreError::Fenced(id.to_string())
    }

    /// Stores a new game owned by this node, in `tx`.
    pub(crate) fn insert(
        &self,
        tx: &mut postgres::Transaction<'_>,
        g: &StoredGame,
    ) -> Result<(), StoreError> {
        let clock = g.clock_secs.map(|s| s.min(i32::MAX as u32) as i32);
        tx.execute(
            sql::INSERT_GAME,
            &[
                &g.id,
                &g.rules,
                &g.mode,
                &clock,
                &g.tokens[0],
                &g.tokens[1],
                &g.fleets[0],
                &g.fleets[1],
                &g.salts[0],
                &g.salts[1],
                &now_secs(),
                &g.accounts[0],
                &g.accounts[1],
                &i32::from(g.rated),
            ],
        )
        .map_err(q)?;
        tx.execute(
            "UPDATE games SET owner = $1, fence = 1 WHERE id = $2",
            &[&self.node, &g.id],
        )
        .map_err(q)?;
        Ok(())
    }

    /// Notes that this node owns game `id` under fencing token `fence`.
    pub(crate) fn hold(&self, id: &str, fence: i64) {
        self.fences
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(id.to_string(), fence);
    }
}

impl Drop for PgStore {
    fn drop(&mut self) {
        let clients: Vec<Client> = self
            .conns
            .iter_mut()
            .filter_map(|m| m.get_mut().unwrap_or_else(|p| p.into_inner()).take())
            .collect();
        if !clients.is_empty() {
            std::thread::spawn(move || drop(clients));
        }
    }
}

impl Store for PgStore {
    fn create(&self, g: &StoredGame) -> Result<(), StoreError> {
        self.with(&g.id, |c| {
            let mut tx = c.transaction().map_err(q)?;
            self.insert(&mut tx, g)?;
            tx.commit().map_err(q)
        })?;
        self.hold(&g.id, 1);
        Ok(())
    }

    fn take_seat(&self, id: &str, player: Player, token_hash: &str) -> Result<(), StoreError> {
        let sql = match player {
            Player::One => sql::SEAT1,
            Player::Two => sql::SEAT2,
        };
        self.exec(id, sql, &[&token_hash, &id])
    }

    fn place(&self, id: &str, player: Player, fleet: &str, salt: &str) -> Result<(), StoreError> {
        let sql = match player {
            Player::One => sql::PLACE1,
            Player::Two => sql::PLACE2,
        };
        self.exec(id, sql, &[&fleet, &salt, &id])
    }

    fn start(&self, id: &str, first: Player) -> Result<(), StoreError> {
        self.exec(id, sql::START, &[&number(first), &id])
    }

    fn append_all(&self, id: &str, seq: usize, moves: &[StoredMove]) -> Result<(), StoreError> {
        match self.append_rows(id, seq, moves) {
            // A commit whose answer was lost with its connection (the primary died just
            // after its standby had the commit) is run again on the new primary, and
            // finds its own rows there: they are stored, as asked.
            Err(StoreError::Query(e)) => match self.stored_already(id, seq, moves) {
                Ok(true) => Ok(()),
                _ => Err(StoreError::Query(e)),
            },
            other => other,
        }
    }

    fn append_together(&self, batch: &[Append]) -> Result<Vec<Result<(), StoreError>>, StoreError> {
        let Some(first) = batch.first() else {
            return Ok(Vec::new());
        };
        let mut answers: Vec<Option<Result<(), StoreError>>> = vec![None; batch.len()];
        // Every move of the batch as columns, each with its game's fencing token; a
        // game this node holds no token for is refused without asking the database.
        let (mut ids, mut seqs, mut players, mut kinds, mut shots, mut fences) =
            (vec![], vec![], vec![], vec![], vec![], vec![]);
        // Sorted by game, so every batch locks the games' rows in the same order and
        // two never wait on each other in a circle.
        let mut order: Vec<usize> = (0..batch.len()).collect();
        order.sort_by(|&i, &j| batch[i].id.cmp(&batch[j].id));
        for &i in &order {
            let a = &batch[i];
            let fence = match self.fence(&a.id) {
                Ok(f) => f,
                Err(e) => {
                    answers[i] = Some(Err(e));
                    continue;
                }
            };
            for (k, mv) in a.moves.iter().enumerate() {
                let seq = i32::try_from(a.seq + k).map_err(|_| too_many())?;
                ids.push(a.id.as_str());
                seqs.push(seq);
                players.push(number(mv.player));
                kinds.push(mv.kind.word());
                shots.push(mv.shots.as_str());
                fences.push(fence);
            }
        }
        // One statement, so one round trip and one commit for the whole batch. A
        // game's rows go in only where its row, locked, still holds this node's token:
        // all of its moves or none.
        let stored: Vec<String> = self.with(&first.id, |c| {
            Ok(c.query(
                "INSERT INTO moves (game_id, seq, player, kind, shots) \
                 SELECT m.id, m.seq, m.player, m.kind, m.shots \
                 FROM unnest($1::text[], $2::int4[], $3::int2[], $4::text[], $5::text[], \
                             $6::int8[]) AS m (id, seq, player, kind, shots, fence) \
                 JOIN games g ON g.id = m.id AND g.fence = m.fence \
                 FOR UPDATE OF g \
                 RETURNING game_id",
                &[&ids, &seqs, &players, &kinds, &shots, &fences],
            )
            .map_err(q)?
            .iter()
            .map(|r| r.get(0))
            .collect())
        })?;
        Ok(batch
            .iter()
            .zip(answers)
            .map(|(a, answer)| match answer {
                Some(refused) => refused,
                None if stored.contains(&a.id) => Ok(()),
                None => Err(self.lost(&a.id)),
            })
            .collect())
    }

    fn finish(&self, id: &str, result: &str) -> Result<(), StoreError> {
        self.exec(id, sql::FINISH, &[&result, &now_secs(), &id])
    }

    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        self.with(id, |c| {
            let Some(r) = c.query_opt(sql::SELECT_GAME, &[&id]).map_err(q)? else {
                return Ok(None);
            };
            let clock: Option<i32> = r.get(3);
            let first: Option<i16> = r.get(10);
            let mut game = StoredGame {
                id: r.get(0),
                rules: r.get(1),
                mode: r.get(2),
                clock_secs: clock.map(|s| s.max(0) as u32),
                tokens: [r.get(4), r.get(5)],
                fleets: [r.get(6), r.get(7)],
                salts: [r.get(8), r.get(9)],
                first: first.map(player_of).transpose()?,
                result: r.get(11),
                moves: Vec::new(),
                accounts: [r.get(12), r.get(13)],
                rated: r.get::<_, i32>(14) != 0,
            };
            for row in c.query(sql::SELECT_MOVES, &[&id]).map_err(q)? {
                let kind: String = row.get(1);
                game.moves.push(StoredMove {
                    player: player_of(row.get(0))?,
                    kind: MoveKind::from_word(&kind)
                        .ok_or_else(|| StoreError::Corrupt(format!("move kind {kind:?}")))?,
                    shots: row.get(2),
                });
            }
            Ok(Some(game))
        })
    }

    fn remember(&self, player: &str, rules: &str, fleet: &str) -> Result<(), StoreError> {
        let keep = LEARNED_FLEETS as i64;
        self.with(player, |c| {
            let mut tx = c.transaction().map_err(q)?;
            tx.execute(sql::INSERT_LEARNED, &[&player, &rules, &fleet, &now_secs()])
                .map_err(q)?;
            tx.execute(sql::TRIM_LEARNED, &[&player, &rules, &keep])
                .map_err(q)?;
            tx.commit().map_err(q)
        })
    }

    fn learned(&self, player: &str, rules: Option<&str>) -> Result<Vec<StoredHistory>, StoreError> {
        self.with(player, |c| {
            let rows = match rules {
                Some(rules) => c.query(sql::SELECT_LEARNED_RULES, &[&player, &rules]),
                None => c.query(sql::SELECT_LEARNED, &[&player]),
            }
            .map_err(q)?;
            Ok(histories(rows.iter().map(|r| (r.get(0), r.get(1)))))
        })
    }

    fn forget(&self, player: &str) -> Result<usize, StoreError> {
        self.with(player, |c| {
            let n = c.execute(sql::FORGET, &[&player]).map_err(q)?;
            Ok(usize::try_from(n).unwrap_or(usize::MAX))
        })
    }

    fn describe(&self) -> String {
        self.shown.clone()
    }

    fn create_account(
        &self,
        name: &str,
        key: &str,
        password_hash: &str,
    ) -> Result<Option<i64>, StoreError> {
        self.with(key, |c| {
            let row = c
                .query_opt(
                    sql::INSERT_ACCOUNT,
                    &[&name, &key, &password_hash, &now_secs()],
                )
                .map_err(q)?;
            Ok(row.map(|r| r.get(0)))
        })
    }

    fn account(&self, key: &str) -> Result<Option<StoredAccount>, StoreError> {
        self.with(key, |c| {
            let row = c.query_opt(sql::SELECT_ACCOUNT, &[&key]).map_err(q)?;
            Ok(row.map(|r| account_row(&r)))
        })
    }

    fn open_session(
        &self,
        token_hash: &str,
        account: i64,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        self.with(token_hash, |c| {
            c.execute(
                sql::INSERT_SESSION,
                &[&token_hash, &account, &now_secs(), &expires_at],
            )
            .map(|_| ())
            .map_err(q)
        })
    }

    fn session(&self, token_hash: &str) -> Result<Option<StoredAccount>, StoreError> {
        self.with(token_hash, |c| {
            let row = c
                .query_opt(sql::SELECT_SESSION, &[&token_hash, &now_secs()])
                .map_err(q)?;
            Ok(row.map(|r| account_row(&r)))
        })
    }

    fn close_session(&self, token_hash: &str) -> Result<(), StoreError> {
        self.with(token_hash, |c| {
            c.execute(sql::DELETE_SESSION, &[&token_hash])
                .map(|_| ())
                .map_err(q)
        })
    }

    fn close_sessions(&self, account: i64) -> Result<usize, StoreError> {
        self.with(&account.to_string(), |c| {
            let n = c.execute(sql::DELETE_SESSIONS, &[&account]).map_err(q)?;
            Ok(usize::try_from(n).unwrap_or(usize::MAX))
        })
    }

    fn sweep_sessions(&self, now: i64) -> Result<usize, StoreError> {
        self.with("sessions", |c| {
            Ok(c.execute(sql::DELETE_EXPIRED, &[&now]).map_err(q)? as usize)
        })
    }

    fn delete_account(&self, account: i64) -> Result<(), StoreError> {
        self.with(&account.to_string(), |c| {
            let mut tx = c.transaction().map_err(q)?;
            tx.execute(sql::DELETE_SESSIONS, &[&account]).map_err(q)?;
            tx.execute(sql::ORPHAN1, &[&account]).map_err(q)?;
            tx.execute(sql::ORPHAN2, &[&account]).map_err(q)?;
            let learner = crate::ids::account_learner(account);
            tx.execute(sql::FORGET, &[&learner]).map_err(q)?;
            tx.execute(sql::DELETE_ACCOUNT, &[&account]).map_err(q)?;
            tx.commit().map_err(q)
        })
    }

    fn cluster(&self) -> Option<&dyn crate::store::Cluster> {
        Some(self)
    }
}

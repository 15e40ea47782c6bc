//! The random-opponent queue the cluster's nodes share: rows taken with `FOR UPDATE
//! SKIP LOCKED`, the game made in the same transaction, and the waiter's node told
//! with `NOTIFY`.

use super::Cluster;
use super::answers::Pairing;
use super::notice::PAIRED;
use crate::db::params;
use crate::db::{FromRow, One, Row, StoreError};
use crate::game::store::insert_game;
use crate::game::stored::StoredGame;
use crate::matchmaking::seeker::{CASUAL_AFTER, RatedAs};
use crate::ratings::glicko::{WINDOW_MAX, WINDOW_PER_SEC, WINDOW_START};
use crate::ratings::store::pair_limit_reached;
use seabattle_core::Preset;
use std::time::Duration;

/// The oldest waiter under the rules `$1` whose node is alive, other than `$2` and not
/// kept apart from account `$3` by a block, taken.
const TAKE_WAITER: &str = "DELETE FROM queue WHERE ticket = (SELECT q.ticket FROM queue q \
     JOIN nodes n ON n.id = q.node AND n.lease_until > now() \
     WHERE q.rules = $1 AND q.waiter <> $2 \
     AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker = q.account AND b.blocked = $3) \
         OR (b.blocker = $3 AND b.blocked = q.account)) ORDER BY q.ticket \
     FOR UPDATE OF q SKIP LOCKED LIMIT 1) RETURNING waiter, token_hash, account";

/// Takes the rated waiter of the lane `$1` nearest in rating to `$4`, another account's
/// than `$3`, within the window the longer of its wait and `$8` s has earned, and not
/// kept apart from `$3`'s account (`$9`) by a block.
const TAKE_RATED: &str = "DELETE FROM queue WHERE ticket = (SELECT q.ticket FROM queue q \
     JOIN nodes n ON n.id = q.node AND n.lease_until > now() \
     WHERE q.rules = $1 AND q.waiter <> $2 AND q.account <> $3 \
     AND abs(q.rating - $4) <= least($6, $5 + $7 * \
         greatest(extract(epoch FROM now() - q.queued_at)::float8, $8)) \
     AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker = q.account AND b.blocked = $9) \
         OR (b.blocker = $9 AND b.blocked = q.account)) ORDER BY abs(q.rating - $4), q.ticket \
     FOR UPDATE OF q SKIP LOCKED LIMIT 1) RETURNING waiter, token_hash, account";

/// The oldest waiter of the rated lane `$1` who has waited at least `$3` s, other than
/// `$2` and not kept apart from account `$4` by a block, taken: a seeker who cannot play
/// rated meets them, casual.
const TAKE_PATIENT: &str = "DELETE FROM queue WHERE ticket = (SELECT q.ticket FROM queue q \
     JOIN nodes n ON n.id = q.node AND n.lease_until > now() \
     WHERE q.rules = $1 AND q.waiter <> $2 \
     AND q.queued_at <= now() - $3 * interval '1 second' \
     AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker = q.account AND b.blocked = $4) \
         OR (b.blocker = $4 AND b.blocked = q.account)) ORDER BY q.ticket \
     FOR UPDATE OF q SKIP LOCKED LIMIT 1) RETURNING waiter, token_hash, account";

/// The waiter `$1` (not `$2`), if its node is alive, taken: a seeker the lobby lists,
/// joined by name. It waits for a lock rather than skipping it: the one who joins holds
/// no other row, and the row is gone or free once the lock is let go.
const TAKE_NAMED: &str = "DELETE FROM queue WHERE ticket = (SELECT q.ticket FROM queue q \
     JOIN nodes n ON n.id = q.node AND n.lease_until > now() \
     WHERE q.waiter = $1 AND q.waiter <> $2 \
     FOR UPDATE OF q) RETURNING waiter, token_hash, account";

/// Whether a live waiter other than `$2`, not kept apart from account `$3`, waits under
/// the rules `$1`, locked or not.
const OTHER_WAITER: &str = "SELECT 1 FROM queue q \
     JOIN nodes n ON n.id = q.node AND n.lease_until > now() \
     WHERE q.rules = $1 AND q.waiter <> $2 \
     AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker = q.account AND b.blocked = $3) \
         OR (b.blocker = $3 AND b.blocked = q.account)) LIMIT 1";

/// How many times a queued waiter tries to pair while other waiters' rows are locked,
/// and the longest random pause between tries.
const PAIR_TRIES: usize = 200;
const PAIR_JITTER_MS: u64 = 10;

/// A waiter taken from the queue.
struct Taken {
    waiter: String,
    token_hash: String,
    account: Option<crate::ids::AccountId>,
}

impl FromRow for Taken {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(Taken {
            waiter: r.get("waiter")?,
            token_hash: r.get("token_hash")?,
            account: r.get("account")?,
        })
    }
}

/// A rated lane's rows: `rated PRESET` in the queue's `rules` column.
fn lane(preset: Preset) -> String {
    format!("rated {}", preset.name())
}

/// Where a pairing attempt looks.
pub enum Look<'a> {
    /// The plain lane of the game's rules: the longest waiter.
    Plain,
    /// A rated lane: the nearest in rating within the window.
    Rated(&'a RatedAs, Duration),
    /// A rated seeker who waited long enough looks in the plain lane: casual.
    PlainFromRated,
    /// A plain seeker looks in the preset's rated lane for a waiter who waited long
    /// enough: casual.
    RatedPatient(Preset),
    /// One seeker named by its waiter id (the lobby's `join`), rated if the one who
    /// joins plays rated (`Some`) and the pair may still play rated today.
    Named(&'a str, Option<&'a RatedAs>),
}

/// One pairing attempt.
enum Tried {
    Done(Pairing),
    /// Nobody unlocked was found, but a waiter's row was locked: try again.
    Skipped,
}

impl Cluster {
    /// One transaction of [`Cluster::pair`].
    fn pair_once(
        &self,
        game: &mut StoredGame,
        me: &str,
        queued: bool,
        look: &Look<'_>,
        per_pair: u32,
    ) -> Result<Tried, StoreError> {
        let rules = match look {
            Look::Plain | Look::PlainFromRated => game.rules.clone(),
            Look::Rated(r, _) => lane(r.preset),
            Look::RatedPatient(p) => lane(*p),
            Look::Named(..) => String::new(),
        };
        // The seeker's account (seat 2's): a waiter kept apart from it by a block is
        // passed over.
        let mine = game.accounts[1];
        self.db.tx(|sql| {
            if queued {
                // Our own row, waiting for it if a node pairing with us holds it: that
                // node commits (our row is gone: we were taken) without waiting on
                // anything itself, since every other row is taken with SKIP LOCKED.
                let ours: Option<One<i64>> = sql.row(
                    "SELECT ticket FROM queue WHERE waiter = $1 FOR UPDATE",
                    params![me],
                )?;
                if ours.is_none() {
                    return Ok(Tried::Done(Pairing::Taken));
                }
            }
            let taken: Option<Taken> = match look {
                Look::Named(waiter, _) => sql.row(TAKE_NAMED, params![waiter, me])?,
                Look::Plain | Look::PlainFromRated => {
                    sql.row(TAKE_WAITER, params![rules, me, mine])?
                }
                Look::RatedPatient(_) => sql.row(
                    TAKE_PATIENT,
                    params![rules, me, CASUAL_AFTER.as_secs_f64(), mine],
                )?,
                Look::Rated(r, waited) => sql.row(
                    TAKE_RATED,
                    params![
                        rules,
                        me,
                        r.account,
                        r.rating,
                        WINDOW_START,
                        WINDOW_MAX,
                        WINDOW_PER_SEC,
                        waited.as_secs_f64(),
                        mine
                    ],
                )?,
            };
            let Some(taken) = taken else {
                // Our row stays, if we had one: nothing was written.
                if queued
                    && sql
                        .row::<One<i64>>(OTHER_WAITER, params![rules, me, mine])?
                        .is_some()
                {
                    return Ok(Tried::Skipped);
                }
                return Ok(Tried::Done(Pairing::Nobody));
            };
            if queued {
                sql.exec("DELETE FROM queue WHERE waiter = $1", params![me])?;
            }
            game.tokens[0] = Some(taken.token_hash);
            game.accounts[0] = taken.account;
            game.rated = false;
            let rated_as = match look {
                Look::Rated(r, _) | Look::Named(_, Some(r)) => Some(*r),
                _ => None,
            };
            if let (Some(r), Some(them)) = (rated_as, taken.account) {
                // Two accounts that played their rated games against each other today
                // play on, casual.
                game.rated = !pair_limit_reached(sql, them, r.account, per_pair)?;
            }
            insert_game(sql, game)?;
            self.own_new(sql, &game.id)?;
            // Held before the waiter's node hears of it: when that is this node, it
            // finds the game its own and seats the waiter here (forgotten again below
            // if the transaction fails).
            self.hold(&game.id, 1);
            let payload = format!("{} {}", taken.waiter, game.id);
            sql.exec("SELECT pg_notify($1, $2)", params![PAIRED, payload])?;
            Ok(Tried::Done(Pairing::With(taken.waiter)))
        })
    }

    /// Pairs in the plain queue (`rated` none) or a rated lane, trying again while
    /// other waiters' rows are locked.
    fn pair_in(
        &self,
        game: &mut StoredGame,
        me: &str,
        queued: bool,
        look: &Look<'_>,
        per_pair: u32,
    ) -> Result<Pairing, StoreError> {
        for _ in 0..PAIR_TRIES {
            let tried = self.pair_once(game, me, queued, look, per_pair);
            if !matches!(tried, Ok(Tried::Done(Pairing::With(_)))) {
                self.forget(&game.id);
            }
            match tried? {
                Tried::Done(pairing) => {
                    if matches!(pairing, Pairing::With(_)) {
                        self.hold(&game.id, 1);
                    }
                    return Ok(pairing);
                }
                // Someone else's row was locked: by a node pairing it (then it goes), or
                // by its own waiter trying to pair with us at the same instant. Both of
                // us roll back and try again after a random pause, so one goes first.
                Tried::Skipped => std::thread::sleep(Duration::from_millis(rand::random_range(
                    1..=PAIR_JITTER_MS,
                ))),
            }
        }
        tracing::warn!(waiter = %me, "the queue stayed busy; waiting to be paired");
        Ok(Pairing::Nobody)
    }

    /// Pairs `me` by `look` with another player on any node: in one transaction that
    /// waiter's row is taken (`FOR UPDATE SKIP LOCKED`), their token hash (and
    /// account) fills seat 1, `game` is stored owned by this node, `me`'s own row (if
    /// `queued`) leaves the queue, and the waiter's node hears of it. In a rated lane
    /// the waiter taken is another account's, the nearest in rating within the window
    /// the longer wait has earned ([`crate::ratings::glicko::window`]), and the game is
    /// rated unless the pair reached `per_pair` rated games today. A queued waiter that
    /// finds only locked rows tries again after a random pause of a few milliseconds:
    /// two waiters pairing at the same instant would otherwise each skip the other's
    /// row and both stay.
    pub fn pair(
        &self,
        game: &mut StoredGame,
        me: &str,
        queued: bool,
        look: &Look<'_>,
        per_pair: u32,
    ) -> Result<Pairing, StoreError> {
        self.pair_in(game, me, queued, look, per_pair)
    }

    /// Puts `me` in `rated`'s lane, with its seat token's hash.
    pub fn enqueue_rated(
        &self,
        me: &str,
        token_hash: &str,
        rated: &RatedAs,
    ) -> Result<(), StoreError> {
        self.db
            .exec(
                "INSERT INTO queue (rules, node, waiter, token_hash, account, rating) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
                params![
                    lane(rated.preset),
                    self.node,
                    me,
                    token_hash,
                    rated.account,
                    rated.rating
                ],
            )
            .map(drop)
    }

    /// Puts `me` in the queue under `rules`, with its seat token's hash and its
    /// account, if signed in (shown at the board; a casual game all the same).
    pub fn enqueue(
        &self,
        rules: &str,
        me: &str,
        token_hash: &str,
        account: Option<crate::ids::AccountId>,
    ) -> Result<(), StoreError> {
        self.db
            .exec(
                "INSERT INTO queue (rules, node, waiter, token_hash, account) \
                 VALUES ($1, $2, $3, $4, $5)",
                params![rules, self.node, me, token_hash, account],
            )
            .map(drop)
    }

    /// Takes `me` out of the queue.
    pub fn dequeue(&self, me: &str) -> Result<(), StoreError> {
        self.db
            .exec("DELETE FROM queue WHERE waiter = $1", params![me])
            .map(drop)
    }
}

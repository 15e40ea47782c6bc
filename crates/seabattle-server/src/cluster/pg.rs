//! The cluster on PostgreSQL: a lease row per node, an owner and a fencing token per
//! game, the queue as rows taken with `FOR UPDATE SKIP LOCKED`, and `NOTIFY` for what
//! one node must tell another.

use super::api::{Claim, Cluster, Notice, Pairing, RatedSeeker};
use crate::store::postgres::{PgStore, connect, q};
use crate::store::StoredGame;
use crate::error::StoreError;
use std::time::{Duration, Instant};
use tokio::sync::mpsc::UnboundedSender;

/// How long a node's lease lasts past its last heartbeat. A killed node's games can be
/// taken over this long after its last heartbeat.
pub const LEASE: Duration = Duration::from_secs(5);

/// How often a node renews its lease.
pub const HEARTBEAT: Duration = Duration::from_secs(1);

/// How much shorter a node takes its own lease to be than the database does. The
/// database ends a lease by its own clock (`now()` when the renewal ran, plus
/// [`LEASE`]); the node counts from the instant before it sent the renewal, on its
/// monotonic clock, so it never thinks its lease stands after the database's has run
/// out, as long as the two clocks' rates differ by less than this over one lease
/// (10 %: far more than any real clock drifts, see docs/deploy.md).
pub const MAX_DRIFT: Duration = Duration::from_millis(500);

impl PgStore {
    /// Whether the lease stands by this node's clock. The first call past its end
    /// forgets every game: others may have taken them, so nothing in memory may be
    /// served until it is claimed anew.
    pub(crate) fn standing(&self) -> bool {
        let mut lease = self.lease.lock().unwrap_or_else(|p| p.into_inner());
        match lease.until {
            Some(t) if Instant::now() < t => true,
            Some(_) => {
                lease.until = None;
                lease.lapses += 1;
                self.forget_all();
                false
            }
            None => false,
        }
    }

    /// The lapses counted so far, for a claim to notice one that happened meanwhile.
    fn lapses(&self) -> u64 {
        self.lease.lock().unwrap_or_else(|p| p.into_inner()).lapses
    }

    fn forget_all(&self) {
        let mut fences = self.fences.lock().unwrap_or_else(|p| p.into_inner());
        if !fences.is_empty() {
            tracing::warn!(
                games = fences.len(),
                "this node's lease lapsed: every game it held is let go"
            );
        }
        fences.clear();
    }
}

/// The channel on which a node is asked to hand a game over (payload: `game asker`;
/// the asking node hears its own request too, and ignores it).
const HANDOVER: &str = "seabattle_handover";
/// The channel on which a waiter's node hears it was paired (payload: `waiter game`).
const PAIRED: &str = "seabattle_paired";

/// Takes a game if nobody owns it, this node does, or its owner's lease ran out; the
/// old owner comes back to tell a takeover from a first claim.
const ACQUIRE: &str = "WITH old AS (SELECT id, owner FROM games WHERE id = $1 FOR UPDATE) \
     UPDATE games g SET owner = $2, fence = g.fence + 1 FROM old WHERE g.id = old.id \
     AND (old.owner IS NULL OR old.owner = $2 OR NOT EXISTS \
     (SELECT 1 FROM nodes n WHERE n.id = old.owner AND n.lease_until > now())) \
     RETURNING g.fence, old.owner";

/// The oldest waiter under the rules `$1` whose node is alive, other than `$2`, taken.
const TAKE_WAITER: &str = "DELETE FROM queue WHERE ticket = (SELECT q.ticket FROM queue q \
     JOIN nodes n ON n.id = q.node AND n.lease_until > now() \
     WHERE q.rules = $1 AND q.waiter <> $2 ORDER BY q.ticket \
     FOR UPDATE OF q SKIP LOCKED LIMIT 1) RETURNING waiter, token_hash";

/// Takes the rated waiter of the lane `$1` nearest in rating to `$4`, another account's
/// than `$3`, within the window the longer of its wait and `$8` s has earned.
const TAKE_RATED: &str = "DELETE FROM queue WHERE ticket = (SELECT q.ticket FROM queue q \
     JOIN nodes n ON n.id = q.node AND n.lease_until > now() \
     WHERE q.rules = $1 AND q.waiter <> $2 AND q.account <> $3 \
     AND abs(q.rating - $4) <= least($6, $5 + $7 * \
         greatest(extract(epoch FROM now() - q.queued_at)::float8, $8)) \
     ORDER BY abs(q.rating - $4), q.ticket \
     FOR UPDATE OF q SKIP LOCKED LIMIT 1) RETURNING waiter, token_hash, account";

/// How many times a queued waiter tries to pair while other waiters' rows are locked,
/// and the longest random pause between tries.
const PAIR_TRIES: usize = 200;
const PAIR_JITTER_MS: u64 = 10;

/// Whether a live waiter other than `$2` waits under the rules `$1`, locked or not.
const OTHER_WAITER: &str = "SELECT 1 FROM queue q \
     JOIN nodes n ON n.id = q.node AND n.lease_until > now() \
     WHERE q.rules = $1 AND q.waiter <> $2 LIMIT 1";

/// One pairing attempt.
enum Tried {
    Done(Pairing),
    /// Nobody unlocked was found, but a waiter's row was locked: try again.
    Skipped,
}

impl PgStore {
    /// One transaction of [`Cluster::pair`].
    fn pair_once(
        &self,
        game: &mut StoredGame,
        me: &str,
        queued: bool,
        rated: Option<&RatedSeeker>,
    ) -> Result<Tried, StoreError> {
        let rules = rated.map_or_else(|| game.rules.clone(), |s| s.lane.clone());
        self.with(&rules, |c| {
            let mut tx = c.transaction().map_err(q)?;
            if queued {
                // Our own row, waiting for it if a node pairing with us holds it: that
                // node commits (our row is gone: we were taken) without waiting on
                // anything itself, since every other row is taken with SKIP LOCKED.
                let ours = tx
                    .query_opt(
                        "SELECT ticket FROM queue WHERE waiter = $1 FOR UPDATE",
                        &[&me],
                    )
                    .map_err(q)?;
                if ours.is_none() {
                    return Ok(Tried::Done(Pairing::Taken));
                }
            }
            let row = match rated {
                None => tx.query_opt(TAKE_WAITER, &[&rules, &me]),
                Some(s) => tx.query_opt(
                    TAKE_RATED,
                    &[
                        &rules,
                        &me,
                        &s.account,
                        &s.rating,
                        &crate::ratings::glicko::WINDOW_START,
                        &crate::ratings::glicko::WINDOW_MAX,
                        &crate::ratings::glicko::WINDOW_PER_SEC,
                        &s.waited_secs,
                    ],
                ),
            };
            let Some(row) = row.map_err(q)? else {
                // Our row stays, if we had one: the rollback keeps it.
                if queued
                    && tx
                        .query_opt(OTHER_WAITER, &[&rules, &me])
                        .map_err(q)?
                        .is_some()
                {
                    return Ok(Tried::Skipped);
                }
                return Ok(Tried::Done(Pairing::Nobody));
            };
            if queued {
                tx.execute("DELETE FROM queue WHERE waiter = $1", &[&me])
                    .map_err(q)?;
            }
            let waiter: String = row.get(0);
            game.tokens[0] = Some(row.get(1));
            if rated.is_some() {
                game.accounts[0] = row.get(2);
            }
            self.insert(&mut tx, game)?;
            let payload = format!("{waiter} {}", game.id);
            tx.execute("SELECT pg_notify($1, $2)", &[&PAIRED, &payload])
                .map_err(q)?;
            tx.commit().map_err(q)?;
            Ok(Tried::Done(Pairing::With(waiter)))
        })
    }
    /// Pairs in the plain queue (`rated` none) or a rated lane, trying again while
    /// other waiters' rows are locked.
    fn pair_in(
        &self,
        game: &mut StoredGame,
        me: &str,
        queued: bool,
        rated: Option<&RatedSeeker>,
    ) -> Result<Pairing, StoreError> {
        for _ in 0..PAIR_TRIES {
            match self.pair_once(game, me, queued, rated)? {
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
}

impl Cluster for PgStore {
    fn name(&self) -> &str {
        &self.name
    }

    fn heartbeat(&self) -> Result<(), StoreError> {
        let ms = LEASE.as_millis() as f64;
        // Noticed before the renewal, so games held before a lapse are never held after.
        self.standing();
        let sent = Instant::now();
        self.with(&self.node, |c| {
            c.execute(
                "INSERT INTO nodes (id, name, lease_until) \
                 VALUES ($1, $2, now() + $3 * interval '1 millisecond') \
                 ON CONFLICT (id) DO UPDATE SET lease_until = EXCLUDED.lease_until",
                &[&self.node, &self.name, &ms],
            )
            .map_err(q)?;
            // Rows of nodes long gone (their games are free to take already), and the
            // queue rows of waiters they left behind (never paired: their node is dead).
            c.execute(
                "DELETE FROM nodes WHERE lease_until < now() - interval '1 hour'",
                &[],
            )
            .map_err(q)?;
            c.execute(
                "DELETE FROM queue q WHERE NOT EXISTS (SELECT 1 FROM nodes n WHERE n.id = q.node)",
                &[],
            )
            .map_err(q)?;
            Ok(())
        })?;
        let mut lease = self.lease.lock().unwrap_or_else(|p| p.into_inner());
        if lease.until.is_some_and(|t| Instant::now() >= t) {
            // It ran out while the renewal was on its way: others may have taken games.
            lease.lapses += 1;
            self.forget_all();
        }
        lease.until = Some(sent + LEASE - MAX_DRIFT);
        Ok(())
    }

    fn lease_stands(&self) -> bool {
        self.standing()
    }

    fn acquire(&self, id: &str) -> Result<Claim, StoreError> {
        if !self.standing() {
            return Ok(Claim::Lapsed);
        }
        let lapses = self.lapses();
        self.with(id, |c| {
            let mut tx = c.transaction().map_err(q)?;
            let claim = match tx.query_opt(ACQUIRE, &[&id, &self.node]).map_err(q)? {
                Some(r) => {
                    let old: Option<String> = r.get(1);
                    let took_over = old.is_some_and(|o| o != self.node);
                    if self.lapses() != lapses {
                        // The lease lapsed while this ran: the game may be gone already.
                        tx.rollback().map_err(q)?;
                        return Ok(Claim::Lapsed);
                    }
                    self.hold(id, r.get(0));
                    Claim::Owned { took_over }
                }
                None => match tx
                    .query_opt("SELECT owner FROM games WHERE id = $1", &[&id])
                    .map_err(q)?
                {
                    None => Claim::Missing,
                    Some(r) => Claim::Held {
                        owner: r.get::<_, Option<String>>(0).unwrap_or_default(),
                    },
                },
            };
            tx.commit().map_err(q)?;
            Ok(claim)
        })
    }

    fn holds(&self, id: &str) -> bool {
        self.fence(id).is_ok()
    }

    fn fence_of(&self, id: &str) -> Option<i64> {
        self.fence(id).ok()
    }

    fn forget(&self, id: &str) -> Option<i64> {
        self.fences
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(id)
    }

    fn release(&self, id: &str, fence: i64) -> Result<(), StoreError> {
        self.with(id, |c| {
            c.execute(
                "UPDATE games SET owner = NULL, fence = fence + 1 \
                 WHERE id = $1 AND owner = $2 AND fence = $3",
                &[&id, &self.node, &fence],
            )
            .map_err(q)
            .map(drop)
        })
    }

    fn disown(&self, id: &str) -> Result<(), StoreError> {
        self.with(id, |c| {
            c.execute(
                "UPDATE games SET owner = NULL, fence = fence + 1 WHERE id = $1 AND owner = $2",
                &[&id, &self.node],
            )
            .map_err(q)
            .map(drop)
        })
    }

    fn ask_handover(&self, id: &str) -> Result<(), StoreError> {
        self.with(id, |c| {
            let payload = format!("{id} {}", self.node);
            c.execute("SELECT pg_notify($1, $2)", &[&HANDOVER, &payload])
                .map_err(q)
                .map(drop)
        })
    }

    fn retire(&self) -> Result<(), StoreError> {
        self.fences
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clear();
        self.with(&self.node, |c| {
            let mut tx = c.transaction().map_err(q)?;
            tx.execute(
                "UPDATE games SET owner = NULL, fence = fence + 1 WHERE owner = $1",
                &[&self.node],
            )
            .map_err(q)?;
            tx.execute("DELETE FROM queue WHERE node = $1", &[&self.node])
                .map_err(q)?;
            tx.execute("DELETE FROM nodes WHERE id = $1", &[&self.node])
                .map_err(q)?;
            tx.commit().map_err(q)
        })
    }

    fn pair(&self, game: &mut StoredGame, me: &str, queued: bool) -> Result<Pairing, StoreError> {
        self.pair_in(game, me, queued, None)
    }

    fn pair_rated(
        &self,
        game: &mut StoredGame,
        me: &str,
        queued: bool,
        seeker: &RatedSeeker,
    ) -> Result<Pairing, StoreError> {
        self.pair_in(game, me, queued, Some(seeker))
    }

    fn enqueue_rated(
        &self,
        me: &str,
        token_hash: &str,
        seeker: &RatedSeeker,
    ) -> Result<(), StoreError> {
        self.with(&seeker.lane, |c| {
            c.execute(
                "INSERT INTO queue (rules, node, waiter, token_hash, account, rating) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
                &[
                    &seeker.lane,
                    &self.node,
                    &me,
                    &token_hash,
                    &seeker.account,
                    &seeker.rating,
                ],
            )
            .map_err(q)
            .map(drop)
        })
    }

    fn enqueue(&self, rules: &str, me: &str, token_hash: &str) -> Result<(), StoreError> {
        self.with(rules, |c| {
            c.execute(
                "INSERT INTO queue (rules, node, waiter, token_hash) VALUES ($1, $2, $3, $4)",
                &[&rules, &self.node, &me, &token_hash],
            )
            .map_err(q)
            .map(drop)
        })
    }

    fn dequeue(&self, me: &str) -> Result<(), StoreError> {
        self.with(me, |c| {
            c.execute("DELETE FROM queue WHERE waiter = $1", &[&me])
                .map_err(q)
                .map(drop)
        })
    }

    fn listen(&self, to: UnboundedSender<Notice>) -> Result<(), StoreError> {
        let (url, me) = (self.url.clone(), self.node.clone());
        // Connects once here, so a server that cannot listen fails to start.
        let first = listener(&url)?;
        std::thread::Builder::new()
            .name("seabattle-listen".into())
            .spawn(move || {
                let mut client = Some(first);
                while !to.is_closed() {
                    let c = match client.take() {
                        Some(c) => c,
                        None => match listener(&url) {
                            Ok(c) => c,
                            Err(e) => {
                                tracing::warn!(error = %e, "cannot listen for other nodes; retrying");
                                std::thread::sleep(HEARTBEAT);
                                continue;
                            }
                        },
                    };
                    let mut c = c;
                    if let Err(e) = relay(&mut c, &to, &me) {
                        tracing::warn!(error = %e, "lost the notification connection; reconnecting");
                    } else {
                        client = Some(c);
                    }
                }
            })
            .map(drop)
            .map_err(|e| StoreError::Open(format!("listener thread: {e}")))
    }
}

/// A connection listening on both channels.
fn listener(url: &str) -> Result<postgres::Client, StoreError> {
    let mut c = connect(url)?;
    c.batch_execute(&format!("LISTEN {HANDOVER}; LISTEN {PAIRED};"))
        .map_err(q)?;
    Ok(c)
}

/// Passes notifications on for a while (so a closed `to` is noticed), or until the
/// connection fails.
fn relay(
    c: &mut postgres::Client,
    to: &UnboundedSender<Notice>,
    me: &str,
) -> Result<(), StoreError> {
    let mut notes = c.notifications();
    let mut it = notes.timeout_iter(HEARTBEAT);
    use postgres::fallible_iterator::FallibleIterator;
    while let Some(n) = it.next().map_err(q)? {
        let notice = match n.channel() {
            HANDOVER => match n.payload().split_once(' ') {
                // This node's own request: it is the one taking the game.
                Some((_, asker)) if asker == me => continue,
                Some((game, _)) => Notice::Handover(game.to_string()),
                None => Notice::Handover(n.payload().to_string()),
            },
            PAIRED => match n.payload().split_once(' ') {
                Some((waiter, game)) => Notice::Paired {
                    waiter: waiter.to_string(),
                    game: game.to_string(),
                },
                None => continue,
            },
            _ => continue,
        };
        if to.send(notice).is_err() {
            return Ok(());
        }
    }
    Ok(())
}

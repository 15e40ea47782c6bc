//! One node of the cluster on PostgreSQL: an owner and a fencing token per game, the
//! games this node holds, taking one over from a node that is gone, giving one up, and
//! the group commit's appends, each game's checked against its token.

use super::answers::Claim;
use super::lease::{LEASE, Lease, MAX_DRIFT};
use crate::db::params;
use crate::db::{Db, FromRow, Row, Sql, StoreError};
use crate::game::stored::Append;
use crate::ids::GameId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// This server as one node of many on a shared PostgreSQL. Every method blocks; the
/// server calls them off the async threads.
pub struct Cluster {
    pub(super) db: Arc<Db>,
    /// This node's name, as `--node` gave it.
    pub(super) name: String,
    /// This run of the node: its name and a random suffix, so a node restarted under
    /// the same name does not inherit the games its last run owned.
    pub(super) node: String,
    /// The fencing token of each game this node owns, as it got it; every write of the
    /// game must find it unchanged in the database.
    fences: Mutex<HashMap<GameId, i64>>,
    /// This node's lease as its own monotonic clock sees it.
    pub(super) lease: Mutex<Lease>,
}

/// Takes a game if nobody owns it, this node does, or its owner's lease ran out; the
/// old owner comes back to tell a takeover from a first claim.
const ACQUIRE: &str = "WITH old AS (SELECT id, owner FROM games WHERE id = $1 FOR UPDATE) \
     UPDATE games g SET owner = $2, fence = g.fence + 1 FROM old WHERE g.id = old.id \
     AND (old.owner IS NULL OR old.owner = $2 OR NOT EXISTS \
     (SELECT 1 FROM nodes n WHERE n.id = old.owner AND n.lease_until > now())) \
     RETURNING g.fence, old.owner";

/// A game taken by [`ACQUIRE`].
struct Acquired {
    fence: i64,
    old_owner: Option<String>,
}

impl FromRow for Acquired {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(Acquired {
            fence: r.get("fence")?,
            old_owner: r.get("owner")?,
        })
    }
}

impl Cluster {
    /// Joins the cluster on `db` as `name`, with a lease from the first heartbeat.
    pub fn join(db: Arc<Db>, name: &str) -> Result<Cluster, StoreError> {
        let cluster = Cluster {
            db,
            name: name.to_string(),
            node: format!("{name}-{}", crate::ids::new_salt()),
            fences: Mutex::new(HashMap::new()),
            lease: Mutex::new(Lease::default()),
        };
        cluster.heartbeat()?;
        Ok(cluster)
    }

    /// This node's name (`seabattle serve --node`).
    pub fn name(&self) -> &str {
        &self.name
    }

    fn fences(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, i64>> {
        self.fences.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub(super) fn forget_all(&self) {
        let mut fences = self.fences();
        if !fences.is_empty() {
            tracing::warn!(
                games = fences.len(),
                "this node's lease lapsed: every game it held is let go"
            );
        }
        fences.clear();
    }

    /// The fencing token this node holds for game `id`. Nothing is held once the
    /// lease has lapsed by this node's clock.
    pub fn fence(&self, id: &GameId) -> Result<i64, StoreError> {
        if !self.lease_stands() {
            return Err(StoreError::Fenced { game: id.clone() });
        }
        self.fences()
            .get(id)
            .copied()
            .ok_or_else(|| StoreError::Fenced { game: id.clone() })
    }

    /// A write found the game's token moved on: another node took it.
    pub fn lost(&self, id: &GameId) -> StoreError {
        self.fences().remove(id);
        StoreError::Fenced { game: id.clone() }
    }

    /// Notes that this node owns game `id` under fencing token `fence`.
    pub fn hold(&self, id: &GameId, fence: i64) {
        self.fences().insert(id.clone(), fence);
    }

    /// Makes a game just inserted in `sql`'s transaction this node's, with token 1.
    pub fn own_new(&self, sql: &mut Sql<'_>, id: &GameId) -> Result<(), StoreError> {
        sql.exec(
            "UPDATE games SET owner = $1, fence = 1 WHERE id = $2",
            params![self.node, id],
        )
        .map(drop)
    }

    /// Whether this node holds the game: it acquired or created it, no write has
    /// found its fencing token moved on since, and its lease has not lapsed since.
    pub fn holds(&self, id: &GameId) -> bool {
        self.fence(id).is_ok()
    }

    /// The fencing token this node holds for the game, if it holds it.
    pub fn fence_of(&self, id: &GameId) -> Option<i64> {
        self.fence(id).ok()
    }

    /// Stops holding the game here, at once and without I/O; the token it held, for
    /// [`Cluster::release`].
    pub fn forget(&self, id: &GameId) -> Option<i64> {
        self.fences().remove(id)
    }

    /// Takes the game for this node if nobody owns it, this node does, or its owner's
    /// lease ran out. Every later write of the game checks the fencing token this
    /// bumps, so the last owner can no longer write it.
    pub fn acquire(&self, id: &GameId) -> Result<Claim, StoreError> {
        if !self.lease_stands() {
            return Ok(Claim::Lapsed);
        }
        let lapses = self.lapses();
        self.db.tx(|sql| {
            let Some(got) = sql.row::<Acquired>(ACQUIRE, params![id, self.node])? else {
                let owner: Option<crate::db::One<Option<String>>> =
                    sql.row("SELECT owner FROM games WHERE id = $1", params![id])?;
                return Ok(match owner {
                    None => Claim::Missing,
                    Some(crate::db::One(owner)) => Claim::Held {
                        owner: owner.unwrap_or_default(),
                    },
                });
            };
            if self.lapses() != lapses {
                // The lease lapsed while this ran: the game may be gone already.
                sql.roll_back();
                return Ok(Claim::Lapsed);
            }
            self.hold(id, got.fence);
            Ok(Claim::Owned {
                took_over: got.old_owner.is_some_and(|o| o != self.node),
            })
        })
    }

    /// Gives up the game in the database if the token `fence` still stands (its token
    /// moves on, so nothing written with the old one lands).
    pub fn release(&self, id: &GameId, fence: i64) -> Result<(), StoreError> {
        self.db
            .exec(
                "UPDATE games SET owner = NULL, fence = fence + 1 \
                 WHERE id = $1 AND owner = $2 AND fence = $3",
                params![id, self.node, fence],
            )
            .map(drop)
    }

    /// Gives up the game in the database if this node is named its owner, whatever
    /// the token: for a game not in memory here (a release that failed, a lapse) that
    /// another node asks for.
    pub fn disown(&self, id: &GameId) -> Result<(), StoreError> {
        self.db
            .exec(
                "UPDATE games SET owner = NULL, fence = fence + 1 WHERE id = $1 AND owner = $2",
                params![id, self.node],
            )
            .map(drop)
    }

    /// Leaves the cluster: every game this node owns is released, its waiters leave
    /// the queue, and its lease ends.
    pub fn retire(&self) -> Result<(), StoreError> {
        self.fences().clear();
        self.db.tx(|sql| {
            sql.exec(
                "UPDATE games SET owner = NULL, fence = fence + 1 WHERE owner = $1",
                params![self.node],
            )?;
            sql.exec("DELETE FROM queue WHERE node = $1", params![self.node])?;
            sql.exec("DELETE FROM nodes WHERE id = $1", params![self.node])?;
            Ok(())
        })
    }

    /// The group commit's appends: every move of the batch in one statement, so one
    /// round trip and one commit. A game's rows go in only where its row, locked, still
    /// holds this node's token: all of its moves or none; a game this node holds no
    /// token for is refused without asking the database.
    pub fn append_fenced(
        &self,
        batch: &[Append],
    ) -> Result<Vec<Result<(), StoreError>>, StoreError> {
        let mut answers: Vec<Option<Result<(), StoreError>>> = vec![None; batch.len()];
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
                let seq = i32::try_from(a.seq + k)
                    .map_err(|_| StoreError::corrupt(format!("game {}: too many moves", a.id)))?;
                ids.push(a.id.as_str());
                seqs.push(seq);
                players.push(i16::from(mv.player.number()));
                kinds.push(mv.kind.word());
                shots.push(mv.shots.as_str());
                fences.push(fence);
            }
        }
        let stored: Vec<crate::db::One<GameId>> = if ids.is_empty() {
            Vec::new()
        } else {
            self.db.run(|sql| {
                let rows = sql.postgres()?.rows_raw(
                    "INSERT INTO moves (game_id, seq, player, kind, shots) \
                     SELECT m.id, m.seq, m.player, m.kind, m.shots \
                     FROM unnest($1::text[], $2::int4[], $3::int2[], $4::text[], $5::text[], \
                                 $6::int8[]) AS m (id, seq, player, kind, shots, fence) \
                     JOIN games g ON g.id = m.id AND g.fence = m.fence \
                     FOR UPDATE OF g \
                     RETURNING game_id",
                    &[&ids, &seqs, &players, &kinds, &shots, &fences],
                )?;
                rows.iter().map(crate::db::One::from_row).collect()
            })?
        };
        Ok(batch
            .iter()
            .zip(answers)
            .map(|(a, answer)| match answer {
                Some(refused) => refused,
                None if stored.iter().any(|s| s.0 == a.id) => Ok(()),
                None => Err(self.lost(&a.id)),
            })
            .collect())
    }
}

impl Cluster {
    /// Whether the lease stands by this node's clock. The first call past its end
    /// forgets every game: others may have taken them, so nothing in memory may be
    /// served until it is claimed anew.
    pub fn lease_stands(&self) -> bool {
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
    pub(super) fn lapses(&self) -> u64 {
        self.lease.lock().unwrap_or_else(|p| p.into_inner()).lapses
    }

    /// Renews this node's lease; a node whose lease ran out loses its games to any node
    /// that asks for them.
    pub fn heartbeat(&self) -> Result<(), StoreError> {
        let ms = LEASE.as_millis() as f64;
        // Noticed before the renewal, so games held before a lapse are never held after.
        self.lease_stands();
        let sent = Instant::now();
        self.db.run(|sql| {
            sql.exec(
                "INSERT INTO nodes (id, name, lease_until) \
                 VALUES ($1, $2, now() + $3 * interval '1 millisecond') \
                 ON CONFLICT (id) DO UPDATE SET lease_until = EXCLUDED.lease_until",
                params![self.node, self.name, ms],
            )?;
            // Rows of nodes long gone (their games are free to take already), and the
            // queue rows of waiters they left behind (never paired: their node is dead).
            sql.exec(
                "DELETE FROM nodes WHERE lease_until < now() - interval '1 hour'",
                params![],
            )?;
            sql.exec(
                "DELETE FROM queue q WHERE NOT EXISTS (SELECT 1 FROM nodes n WHERE n.id = q.node)",
                params![],
            )?;
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
}

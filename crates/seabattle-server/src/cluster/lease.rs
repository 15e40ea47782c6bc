//! A node's lease on its games: a row in `nodes` it renews every [`HEARTBEAT`], and
//! the lease as its own monotonic clock sees it, which it trusts for less long than
//! the database does ([`MAX_DRIFT`]).

use super::Cluster;
use crate::db::StoreError;
use crate::params;
use std::time::{Duration, Instant};

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

/// The node's lease as it knows it locally: until when it stands, and how many times
/// it has lapsed (each lapse forgets every game the node held).
#[derive(Default)]
pub struct Lease {
    /// The instant past which the node holds nothing; `None` once that has passed
    /// and until the next renewal.
    until: Option<Instant>,
    /// Lapses so far: a game taken during one lapse is not held after the next.
    lapses: u64,
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

//! A node's lease on its games: a row in `nodes` it renews every [`HEARTBEAT`], and
//! the lease as its own monotonic clock sees it, which it trusts for less long than
//! the database does ([`MAX_DRIFT`]). `node.rs` renews and checks it.

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
    pub(super) until: Option<Instant>,
    /// Lapses so far: a game taken during one lapse is not held after the next.
    pub(super) lapses: u64,
}

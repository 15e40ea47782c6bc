//! A node's lease on its games, as its own monotonic clock sees it (see
//! `pg_cluster.rs`, which renews and checks it).

use std::time::Instant;

/// The node's lease as it knows it locally: until when it stands, and how many times
/// it has lapsed (each lapse forgets every game the node held).
#[derive(Default)]
pub struct Lease {
    /// The instant past which the node holds nothing; `None` once that has passed
    /// and until the next renewal.
    pub(crate) until: Option<Instant>,
    /// Lapses so far: a game taken during one lapse is not held after the next.
    pub(crate) lapses: u64,
}

//! What storage need not keep for ever is erased on a timer, each kind by the feature
//! that owns it (ended sessions, old quick-chat lines): one loop per kind, on every
//! node (an erase is idempotent, so nodes doing it at once only repeat one another).

use crate::db::Store;
use crate::error::StoreError;
use crate::node::SharedNode;
use crate::ticker::Ticker;
use std::time::Duration;

/// Calls `erase(store, now)` (now in seconds since the epoch) every `period` until the
/// server closes, logging how many rows went, or why none could.
pub fn every(
    node: SharedNode,
    period: Duration,
    what: &'static str,
    erase: fn(&Store, i64) -> Result<u64, StoreError>,
) {
    tokio::spawn(async move {
        let mut ticker = Ticker::new(period, &node.closing);
        while ticker.next().await {
            let now = crate::db::now_secs();
            match node.db(move |db| erase(db, now)).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(rows = n, what, "erased"),
                Err(e) => tracing::warn!(error = %e, what, "erasing failed"),
            }
        }
    });
}

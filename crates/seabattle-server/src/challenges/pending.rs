//! The challenges sent from this node's sockets, a leaf the hub may hold without naming
//! the challenges' code.

use crate::conn::Conn;
use crate::ids::AccountId;
use std::collections::HashMap;
use std::sync::Mutex;

/// A challenge sent from a socket of this node, waiting for its answer.
pub(super) struct Sent {
    pub(super) conn: Conn,
    pub(super) from: AccountId,
    /// The challenger's seat token (storage keeps only its hash).
    pub(super) token: String,
    /// Whether the challenged account is a BOT (known when it was sent): a BOT's no
    /// leaves a challenger still in the queue offered a level.
    pub(super) to_bot: bool,
}

/// The challenges sent from this node's sockets, by id.
#[derive(Default)]
pub struct Pending(Mutex<HashMap<String, Sent>>);

impl Pending {
    pub(super) fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Sent>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub(super) fn take(&self, id: &str) -> Option<Sent> {
        self.map().remove(id)
    }

    pub(super) fn sent_by(&self, account: AccountId) -> usize {
        self.map().values().filter(|s| s.from == account).count()
    }

    pub(super) fn of_conn(&self, conn: u64) -> Vec<(String, AccountId)> {
        self.map()
            .iter()
            .filter(|(_, s)| s.conn.id == conn)
            .map(|(id, s)| (id.clone(), s.from))
            .collect()
    }
}

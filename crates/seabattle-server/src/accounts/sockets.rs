//! The sockets each account has open, so that signing out everywhere and deleting the
//! account reach them at once: each is stripped of its account (it can no longer resume
//! the account's seats, queue as it, or be rated as it) and closed with [`SIGNED_OUT`];
//! its client reconnects as whoever its cookie says it is now. In a cluster every node
//! hears of it (`crate::cluster`'s notices) and does the same with its own sockets.

use crate::conn::Conn;
use crate::ids::AccountId;
use std::collections::HashMap;
use std::sync::Mutex;

/// The close code of a socket whose account signed out everywhere or was deleted.
pub const SIGNED_OUT: u16 = 4003;

/// The open sockets of each signed-in account.
#[derive(Default)]
pub struct Sockets(Mutex<HashMap<AccountId, Vec<Conn>>>);

impl Sockets {
    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<AccountId, Vec<Conn>>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Notes `conn`, if it is signed in.
    pub fn opened(&self, conn: &Conn) {
        if let Some(a) = conn.account() {
            self.map().entry(a.id).or_default().push(conn.clone());
        }
    }

    /// Forgets `conn`, which has closed.
    pub fn closed(&self, conn: &Conn) {
        let mut map = self.map();
        if let Some(id) = conn.signed_in_as() {
            if let Some(list) = map.get_mut(&id) {
                list.retain(|c| c.id != conn.id);
                if list.is_empty() {
                    map.remove(&id);
                }
            }
        }
    }

    /// The accounts with a socket open here.
    pub fn accounts(&self) -> Vec<AccountId> {
        self.map().keys().copied().collect()
    }

    /// The open sockets of `account` here (none once it signed out).
    pub fn of(&self, account: AccountId) -> Vec<Conn> {
        self.map()
            .get(&account)
            .map(|l| l.iter().filter(|c| !c.is_closed()).cloned().collect())
            .unwrap_or_default()
    }

    /// Strips every open socket of `account` of it and closes it; how many there were.
    pub fn sign_out(&self, account: AccountId) -> usize {
        let conns = self.map().remove(&account).unwrap_or_default();
        for c in &conns {
            c.revoke();
            c.close(SIGNED_OUT, "signed out");
        }
        conns.len()
    }
}

//! Who is here: the online count, the games being played and the open games waiting
//! for an opponent (games opened with `seek`), sent to the pages that follow the lobby
//! (`lobby`) when they change, at most once every [`Config::lobby_every`] per socket:
//! one message is made per change and the same text goes to every follower. In a
//! cluster each node publishes its own figures and open games in its row of `nodes`
//! and reads the others' ([`crate::cluster`]'s presence), so every page sees the
//! whole site.
//!
//! [`Config::lobby_every`]: crate::config::Config::lobby_every

pub mod broadcast;
pub mod seek;
pub mod tally;

use crate::conn::Conn;
use crate::ids::GameId;
use crate::protocol::{LobbyJson, OpenGameJson};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

/// The most open games one message lists (the oldest first): a page shows a screenful,
/// and a flood of seeks cannot make every follower's message large.
pub const MAX_LISTED: usize = 50;

/// What this node knows of who is here.
#[derive(Default)]
pub struct Lobby {
    /// This node's open games, by the order they were listed in.
    open: Mutex<BTreeMap<u64, (GameId, OpenGameJson)>>,
    listed: AtomicU64,
    /// Games being played on this node now.
    playing: AtomicU64,
    /// The sockets following the lobby.
    followers: Mutex<Vec<Conn>>,
    /// The last message sent to the followers, whole site.
    last: Mutex<Option<String>>,
    /// In a cluster, the other nodes' figures as the last tick read them: a new follower
    /// is answered from them, with no round trip to the database.
    elsewhere: Mutex<Vec<LobbyJson>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Lobby {
    /// Lists an open game; returns its place, to take it out by.
    pub fn list(&self, id: &GameId, game: OpenGameJson) -> u64 {
        let at = self.listed.fetch_add(1, Ordering::Relaxed);
        lock(&self.open).insert(at, (id.clone(), game));
        at
    }

    /// Replaces the game listed at `at`, in its place.
    pub fn relist(&self, at: u64, id: &GameId, game: OpenGameJson) {
        lock(&self.open).insert(at, (id.clone(), game));
    }

    /// Takes the game listed at `at` out.
    pub fn unlist(&self, at: u64) {
        lock(&self.open).remove(&at);
    }

    /// One game more (or fewer) being played here.
    pub fn count_playing(&self, more: bool) {
        if more {
            self.playing.fetch_add(1, Ordering::Relaxed);
        } else {
            self.playing.fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// This node's figures and open games, the oldest first.
    pub fn here(&self, online: u64) -> LobbyJson {
        LobbyJson {
            online: u32::try_from(online).unwrap_or(u32::MAX),
            playing: u32::try_from(self.playing.load(Ordering::Relaxed)).unwrap_or(u32::MAX),
            open: lock(&self.open)
                .values()
                .take(MAX_LISTED)
                .map(|(_, g)| g.clone())
                .collect(),
        }
    }

    /// Keeps the other nodes' figures the tick read.
    pub fn set_elsewhere(&self, others: Vec<LobbyJson>) {
        *lock(&self.elsewhere) = others;
    }

    /// The other nodes' figures the last tick read.
    pub fn elsewhere(&self) -> Vec<LobbyJson> {
        lock(&self.elsewhere).clone()
    }

    /// Follows the lobby from `conn`, which is sent `now`, where the lobby stands.
    pub fn follow(&self, conn: &Conn, now: String) {
        {
            let mut f = lock(&self.followers);
            if !f.iter().any(|c| c.id == conn.id) {
                f.push(conn.clone());
            }
        }
        conn.send(now);
    }

    /// The followers to send `text` to, if it differs from the last message: those
    /// still open and not in a game (the others are forgotten).
    pub fn changed(&self, text: &str) -> Option<Vec<Conn>> {
        {
            let mut last = lock(&self.last);
            if last.as_deref() == Some(text) {
                return None;
            }
            *last = Some(text.to_string());
        }
        let mut followers = lock(&self.followers);
        followers.retain(|c| !c.is_closed() && c.binding().is_none());
        Some(followers.clone())
    }
}

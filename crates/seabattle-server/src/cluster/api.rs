//! Many nodes on one database: which node owns each game, and the random-opponent
//! queue they share. Only a store several servers can open at once (PostgreSQL) has a
//! cluster; see `docs/deploy.md`.

use crate::store::StoredGame;
use crate::error::StoreError;
use tokio::sync::mpsc::UnboundedSender;

/// What [`Cluster::acquire`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// This node owns the game now, with a fresh fencing token; `took_over` when it
    /// took the game from a node whose lease had run out.
    Owned {
        /// Whether another node owned it last (and is gone).
        took_over: bool,
    },
    /// A live node owns the game: ask it to hand the game over, and try again.
    Held {
        /// The owner's node id.
        owner: String,
    },
    /// No game has that id.
    Missing,
    /// This node's own lease has lapsed (by its clock): it may take nothing until
    /// the heartbeat renews it. Try again.
    Lapsed,
}

/// What [`Cluster::pair`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pairing {
    /// Paired with the waiter named: the game is stored, owned here, with the waiter
    /// in seat 1, and the waiter's node was told.
    With(String),
    /// Nobody else waits under these rules.
    Nobody,
    /// Another node paired with this waiter first; its notice is on the way.
    Taken,
}

/// A signed-in player in the shared rated queue: its lane (`rated PRESET`), account,
/// rating, and how long it has waited (its window widens with that).
#[derive(Clone, Debug, PartialEq)]
pub struct RatedSeeker {
    /// The lane, `rated PRESET`: the queue row's `rules`.
    pub lane: String,
    /// The account.
    pub account: i64,
    /// Its rating under the preset.
    pub rating: f64,
    /// Seconds waited so far (0 on arrival).
    pub waited_secs: f64,
}

/// A note from another node, heard through `LISTEN`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A node was asked to serve this game: its owner should hand it over.
    Handover(String),
    /// The waiter (this node's, perhaps) was paired into the game.
    Paired {
        /// The waiter's id.
        waiter: String,
        /// The game.
        game: String,
    },
}

/// One node's view of the cluster. Every method blocks; the server calls them off the
/// async threads.
pub trait Cluster: Send + Sync {
    /// This node's name (`seabattle serve --node`).
    fn name(&self) -> &str;
    /// Renews this node's lease; a node whose lease ran out loses its games to any node
    /// that asks for them.
    fn heartbeat(&self) -> Result<(), StoreError>;
    /// Whether this node's lease stands by its own monotonic clock (the database's,
    /// shortened by the largest clock drift allowed). Past its end the node holds no
    /// game: it must neither answer nor tell anything from memory, and must claim
    /// each game anew.
    fn lease_stands(&self) -> bool;
    /// Takes the game for this node if nobody owns it, this node does, or its owner's
    /// lease ran out. Every later write of the game checks the fencing token this
    /// bumps, so the last owner can no longer write it.
    fn acquire(&self, id: &str) -> Result<Claim, StoreError>;
    /// Whether this node holds the game: it acquired or created it, no write has
    /// found its fencing token moved on since, and its lease has not lapsed since.
    fn holds(&self, id: &str) -> bool;
    /// The fencing token this node holds for the game, if it holds it.
    fn fence_of(&self, id: &str) -> Option<i64>;
    /// Stops holding the game here, at once and without I/O; the token it held, for
    /// [`Cluster::release`].
    fn forget(&self, id: &str) -> Option<i64>;
    /// Gives up the game in the database if the token `fence` still stands (its token
    /// moves on, so nothing written with the old one lands).
    fn release(&self, id: &str, fence: i64) -> Result<(), StoreError>;
    /// Gives up the game in the database if this node is named its owner, whatever
    /// the token: for a game not in memory here (a release that failed, a lapse) that
    /// another node asks for.
    fn disown(&self, id: &str) -> Result<(), StoreError>;
    /// Asks the game's owner, whichever node it is, to hand it over.
    fn ask_handover(&self, id: &str) -> Result<(), StoreError>;
    /// Leaves the cluster: every game this node owns is released, its waiters leave
    /// the queue, and its lease ends.
    fn retire(&self) -> Result<(), StoreError>;
    /// Pairs `me` with the longest-waiting other player under `game.rules` on any
    /// node: in one transaction that waiter's row is taken (`FOR UPDATE SKIP LOCKED`),
    /// their token hash fills seat 1, `game` is stored owned by this node, `me`'s own
    /// row (if `queued`) leaves the queue, and the waiter's node hears of it. A queued
    /// waiter that finds only locked rows tries again after a random pause of a few
    /// milliseconds: two waiters pairing at the same instant would otherwise each skip
    /// the other's row and both stay.
    fn pair(&self, game: &mut StoredGame, me: &str, queued: bool) -> Result<Pairing, StoreError>;
    /// [`Cluster::pair`] in a rated lane: the waiter taken is another account's, the
    /// nearest in rating within the window the longer wait has earned
    /// ([`crate::ratings::glicko::window`]), and seat 1 is stored as its account's.
    fn pair_rated(
        &self,
        game: &mut StoredGame,
        me: &str,
        queued: bool,
        seeker: &RatedSeeker,
    ) -> Result<Pairing, StoreError>;
    /// Puts `me` in the rated lane of `seeker`, with its seat token's hash.
    fn enqueue_rated(
        &self,
        me: &str,
        token_hash: &str,
        seeker: &RatedSeeker,
    ) -> Result<(), StoreError>;
    /// Puts `me` in the queue under `rules`, with its seat token's hash.
    fn enqueue(&self, rules: &str, me: &str, token_hash: &str) -> Result<(), StoreError>;
    /// Takes `me` out of the queue.
    fn dequeue(&self, me: &str) -> Result<(), StoreError>;
    /// Sends every [`Notice`] to `to`, from a thread of its own, until `to` closes.
    fn listen(&self, to: UnboundedSender<Notice>) -> Result<(), StoreError>;
}

//! What the cluster's calls answer: a claim on a game, a pairing from the shared
//! queue, a rated waiter in it, and a note from another node.

/// What [`super::Cluster::acquire`] found.
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

/// What [`super::Cluster::pair`] did.
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

/// A note from another node, heard through `LISTEN`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A node was asked to serve this game: its owner should hand it over.
    Handover(crate::ids::GameId),
    /// The waiter (this node's, perhaps) was paired into the game.
    Paired {
        /// The waiter's id.
        waiter: String,
        /// The game.
        game: crate::ids::GameId,
    },
    /// The account signed out everywhere or was deleted: its sockets close.
    SignedOut(crate::ids::AccountId),
    /// The account blocked or unblocked someone: its sockets here read again whose
    /// quick chat they do not hear.
    Blocks(crate::ids::AccountId),
    /// An arena's game ended: the node running the arenas pairs again.
    ArenaEnded(crate::ids::GameId),
    /// A challenge changed (its id): this node tells its own sockets.
    Challenge(String),
    /// An arena paired the account into the game's seat: this node tells the
    /// account's sockets it holds.
    ArenaPaired {
        /// The arena's game.
        game: crate::ids::GameId,
        /// The account paired.
        account: crate::ids::AccountId,
        /// Its seat.
        seat: seabattle_core::Player,
    },
}

//! What one node tells another, through PostgreSQL's `NOTIFY`: hand a game over, or a
//! waiter of yours was paired. Each node listens on a connection of its own, in a
//! thread of its own, and passes each note to the server as a [`Notice`].

use super::Cluster;
use super::answers::Notice;
use super::lease::HEARTBEAT;
use crate::db::params;
use crate::db::postgres::{connect, error};
use crate::db::{StoreError, chain};
use crate::ids::{AccountId, GameId};
use postgres::fallible_iterator::FallibleIterator;
use std::sync::Arc;
use tokio::sync::mpsc::UnboundedSender;

/// The channel on which a node is asked to hand a game over (payload: `game asker`;
/// the asking node hears its own request too, and ignores it).
pub const HANDOVER: &str = "seabattle_handover";
/// The channel on which a waiter's node hears it was paired (payload: `waiter game`).
pub const PAIRED: &str = "seabattle_paired";
/// The channel on which every node hears an account signed out everywhere or was
/// deleted (payload: the account's id).
pub const SIGNED_OUT: &str = "seabattle_signed_out";
/// The channel on which every node hears an account blocked or unblocked someone
/// (payload: the account's id), and reads again whose quick chat that account's
/// sockets do not hear (see `crate::moderation::chat`).
pub const BLOCKS: &str = "seabattle_blocks";
/// The channel on which every node hears a challenge changed (payload: its id), and
/// tells its own sockets (see [`crate::challenges`]).
pub const CHALLENGE: &str = "seabattle_challenge";
/// The channel on which every node hears an arena paired an account into a game
/// (payload: `game account seat`), and tells that account's sockets it holds.
pub const ARENA_PAIRED: &str = "seabattle_arena_paired";
/// The channel on which every node hears an arena's game ended (payload: the game),
/// so the node running the arenas pairs its players again at once, wherever the game
/// was played.
pub const ARENA_ENDED: &str = "seabattle_arena_ended";

impl Cluster {
    /// Asks the game's owner, whichever node it is, to hand it over.
    pub fn ask_handover(&self, id: &GameId) -> Result<(), StoreError> {
        let payload = format!("{id} {}", self.node);
        self.db
            .exec("SELECT pg_notify($1, $2)", params![HANDOVER, payload])
            .map(drop)
    }

    /// Tells every node that `account` signed out everywhere or was deleted.
    pub fn tell_signed_out(&self, account: AccountId) -> Result<(), StoreError> {
        self.db
            .exec(
                "SELECT pg_notify($1, $2)",
                params![SIGNED_OUT, account.to_string()],
            )
            .map(drop)
    }

    /// Tells every node, this one too, that `account` blocked or unblocked someone.
    pub fn tell_blocks(&self, account: AccountId) -> Result<(), StoreError> {
        self.db
            .exec(
                "SELECT pg_notify($1, $2)",
                params![BLOCKS, account.to_string()],
            )
            .map(drop)
    }

    /// Tells every node, this one too, that arena game `game` ended.
    pub fn tell_arena_ended(&self, game: &str) -> Result<(), StoreError> {
        self.db
            .exec("SELECT pg_notify($1, $2)", params![ARENA_ENDED, game])
            .map(drop)
    }

    /// Tells every node, this one too, that challenge `id` changed.
    pub fn tell_challenge(&self, id: &str) -> Result<(), StoreError> {
        self.db
            .exec("SELECT pg_notify($1, $2)", params![CHALLENGE, id])
            .map(drop)
    }

    /// Tells every node, this one too, that an arena paired `account` into `game`'s
    /// `seat`.
    pub fn tell_arena_paired(
        &self,
        game: &GameId,
        account: AccountId,
        seat: seabattle_core::Player,
    ) -> Result<(), StoreError> {
        let payload = format!("{game} {account} {}", seat.number());
        self.db
            .exec("SELECT pg_notify($1, $2)", params![ARENA_PAIRED, payload])
            .map(drop)
    }

    /// Sends every [`Notice`] to `to`, from a thread of its own, until `to` closes.
    pub fn listen(&self, to: UnboundedSender<Notice>) -> Result<(), StoreError> {
        let url = self.db.postgres_url().unwrap_or_default().to_string();
        let (shown, me) = (self.db.describe(), self.node.clone());
        // Connects once here, so a server that cannot listen fails to start.
        let first = listener(&url, &shown)?;
        std::thread::Builder::new()
            .name("seabattle-listen".into())
            .spawn(move || {
                let mut client = Some(first);
                while !to.is_closed() {
                    let mut c = match client.take() {
                        Some(c) => c,
                        None => match listener(&url, &shown) {
                            Ok(c) => c,
                            Err(e) => {
                                tracing::warn!(error = %chain(&e), "cannot listen for other nodes; retrying");
                                std::thread::sleep(HEARTBEAT);
                                continue;
                            }
                        },
                    };
                    match relay(&mut c, &to, &me) {
                        Ok(()) => client = Some(c),
                        Err(e) => {
                            tracing::warn!(error = %chain(&e), "lost the notification connection; reconnecting");
                        }
                    }
                }
            })
            .map(drop)
            .map_err(|e| StoreError::Open {
                what: "the listener thread".into(),
                source: Some(Arc::new(e)),
            })
    }
}

/// An [`ARENA_PAIRED`] payload, `game account seat`, if it is one.
fn arena_paired(payload: &str) -> Option<Notice> {
    let mut parts = payload.split(' ');
    let game = GameId::parse(parts.next()?)?;
    let account = AccountId(parts.next()?.parse().ok()?);
    let seat = match parts.next()? {
        "1" => seabattle_core::Player::One,
        "2" => seabattle_core::Player::Two,
        _ => return None,
    };
    Some(Notice::ArenaPaired {
        game,
        account,
        seat,
    })
}

/// A connection listening on every channel.
fn listener(url: &str, shown: &str) -> Result<postgres::Client, StoreError> {
    let mut c = connect(url, shown)?;
    c.batch_execute(&format!(
        "LISTEN {HANDOVER}; LISTEN {PAIRED}; LISTEN {SIGNED_OUT}; LISTEN {CHALLENGE}; \
         LISTEN {ARENA_PAIRED}; LISTEN {ARENA_ENDED}; LISTEN {BLOCKS};"
    ))
    .map_err(error)?;
    Ok(c)
}

/// Passes notifications on for a while (so a closed `to` is noticed), or until the
/// connection fails.
fn relay(
    c: &mut postgres::Client,
    to: &UnboundedSender<Notice>,
    me: &str,
) -> Result<(), StoreError> {
    let mut notes = c.notifications();
    let mut it = notes.timeout_iter(HEARTBEAT);
    while let Some(n) = it.next().map_err(error)? {
        // A payload that names no game is no node's: it is passed over.
        let notice = match (n.channel(), n.payload().split_once(' ')) {
            // This node's own request: it is the one taking the game.
            (HANDOVER, Some((_, asker))) if asker == me => continue,
            (HANDOVER, Some((game, _))) => match GameId::parse(game) {
                Some(game) => Notice::Handover(game),
                None => continue,
            },
            (CHALLENGE, _) => Notice::Challenge(n.payload().to_string()),
            (ARENA_PAIRED, _) => match arena_paired(n.payload()) {
                Some(notice) => notice,
                None => continue,
            },
            (ARENA_ENDED, _) => match GameId::parse(n.payload()) {
                Some(game) => Notice::ArenaEnded(game),
                None => continue,
            },
            (SIGNED_OUT, _) => match n.payload().parse() {
                Ok(id) => Notice::SignedOut(AccountId(id)),
                Err(_) => continue,
            },
            (BLOCKS, _) => match n.payload().parse() {
                Ok(id) => Notice::Blocks(AccountId(id)),
                Err(_) => continue,
            },
            (PAIRED, Some((waiter, game))) => match GameId::parse(game) {
                Some(game) => Notice::Paired {
                    waiter: waiter.to_string(),
                    game,
                },
                None => continue,
            },
            _ => continue,
        };
        if to.send(notice).is_err() {
            return Ok(());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_arena_pairing_is_read_from_its_payload_and_a_bad_one_is_passed_over() {
        let game = GameId::random();
        let Some(Notice::ArenaPaired {
            game: g,
            account,
            seat,
        }) = arena_paired(&format!("{game} 42 2"))
        else {
            panic!("not read");
        };
        assert_eq!(
            (g, account, seat),
            (game.clone(), AccountId(42), seabattle_core::Player::Two)
        );
        for bad in [
            String::new(),
            format!("{game} 42"),
            format!("{game} x 1"),
            format!("{game} 42 3"),
            "NOPE! 42 1".to_string(),
        ] {
            assert!(arena_paired(&bad).is_none(), "{bad}");
        }
    }
}

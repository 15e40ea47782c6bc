//! A live game's address: the inbox of the one task that owns it (see [`super::task`]).
//! Whatever would change or read a game is sent there as a [`GameMsg`] and handled in
//! turn, never beside another.

use super::msg::{GameMsg, Reply};
use crate::error::Failure;
use crate::ids::GameId;
use crate::protocol::ErrorCode;
use tokio::sync::{mpsc, oneshot};

/// Messages a game may have waiting before senders wait too: a game's players send a
/// move at a time, so only a flood fills it, and the flood then waits on itself.
pub const INBOX: usize = 64;

/// The handle to a live game, cheap to clone.
#[derive(Clone)]
pub struct GameHandle {
    id: GameId,
    tx: mpsc::Sender<Inbound>,
}

/// A message as the inbox carries it. Boxed: the inbox allocates its slots 32 at a time
/// with every game, and a [`GameMsg`] is about a hundred bytes (a connection, a name,
/// a reply): 3 KiB in every open game, where a pointer a slot takes 256 bytes.
pub type Inbound = Box<GameMsg>;

impl GameHandle {
    /// The handle to the inbox `tx` of game `id`.
    pub fn new(id: &GameId, tx: mpsc::Sender<Inbound>) -> GameHandle {
        GameHandle { id: id.clone(), tx }
    }

    /// The game's id.
    pub fn id(&self) -> &GameId {
        &self.id
    }

    /// Sends the message `make` builds around its reply, and waits for the answer.
    /// Fails only if the game left memory meanwhile.
    pub async fn ask<T>(&self, make: impl FnOnce(Reply<T>) -> GameMsg) -> Result<T, Failure> {
        let (tx, rx) = oneshot::channel();
        self.tx
            .send(Box::new(make(tx)))
            .await
            .map_err(|_| self.gone())?;
        rx.await.map_err(|_| self.gone())
    }

    /// Like [`GameHandle::ask`], for a message the game may refuse: the refusal and the
    /// game gone read alike.
    pub async fn ask_or<T>(
        &self,
        make: impl FnOnce(Reply<Result<T, Failure>>) -> GameMsg,
    ) -> Result<T, Failure> {
        self.ask(make).await?
    }

    /// Sends a message that needs no answer. Fails only if the game left memory.
    pub async fn tell(&self, msg: GameMsg) -> Result<(), Failure> {
        self.tx.send(Box::new(msg)).await.map_err(|_| self.gone())
    }

    fn gone(&self) -> Failure {
        moved(&self.id)
    }
}

/// The refusal for game `id` gone from this node's memory (let go to another node, or
/// while storage was away: a PostgreSQL restart). The game goes on, so the client is
/// told to reconnect and `resume` (`moved`), never that it is in no game, which a
/// client takes as final.
pub fn moved(id: &GameId) -> Failure {
    Failure::refused(
        ErrorCode::Moved,
        format!("game {id} left this node for a moment; reconnect and resume"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 48: during a PostgreSQL restart a `resume` reached a game that had just
    /// left memory and was refused `not_in_game`, which a client takes as final.
    #[tokio::test]
    async fn a_game_gone_from_memory_answers_moved_so_the_client_resumes() {
        let id = GameId::random();
        let (tx, rx) = mpsc::channel(INBOX);
        drop(rx);
        let h = GameHandle::new(&id, tx);
        let Err(Failure::Refused(e)) = h.ask(|reply| GameMsg::Wake { reply }).await else {
            panic!("a game gone must be refused");
        };
        assert_eq!(e.code, ErrorCode::Moved, "{}", e.message);
        assert!(e.message.contains("resume"), "{}", e.message);
    }
}

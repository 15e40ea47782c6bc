//! A live game's address: the inbox of the one task that owns it (see
//! [`crate::game_task`]). Whatever would change or read a game is sent there as a job
//! and runs in turn, never beside another.

use crate::protocol::{ClientError, ErrorCode};
use crate::room::Room;
use futures_util::future::BoxFuture;
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

/// Work for a game's task, run with the game in hand.
pub type Job = Box<dyn for<'r> FnOnce(&'r mut Room) -> BoxFuture<'r, ()> + Send>;

/// Jobs a game may have waiting before senders wait too: a game's players send a move at
/// a time, so only a flood fills it, and the flood then waits on itself.
pub const INBOX: usize = 64;

/// The handle to a live game, cheap to clone.
#[derive(Clone)]
pub struct GameHandle {
    id: Arc<str>,
    tx: mpsc::Sender<Job>,
}

impl GameHandle {
    /// The handle to the inbox `tx` of game `id`.
    pub fn new(id: &str, tx: mpsc::Sender<Job>) -> GameHandle {
        GameHandle { id: id.into(), tx }
    }

    /// The game's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Runs `f` with the game in hand, in the game's task, and returns what it
    /// returned. Fails only if the game left memory meanwhile.
    pub async fn with<T: Send + 'static>(
        &self,
        f: impl for<'r> FnOnce(&'r mut Room) -> BoxFuture<'r, T> + Send + 'static,
    ) -> Result<T, ClientError> {
        let (tx, rx) = oneshot::channel();
        let job: Job = Box::new(move |room| {
            Box::pin(async move {
                let _ = tx.send(f(room).await);
            })
        });
        self.tx.send(job).await.map_err(|_| self.gone())?;
        rx.await.map_err(|_| self.gone())
    }

    fn gone(&self) -> ClientError {
        ClientError::new(
            ErrorCode::NotInGame,
            format!("game {} is no longer open here", self.id),
        )
    }
}

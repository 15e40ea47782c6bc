//! One claim of a game at a time on this node. Each claim bumps the game's fencing
//! token, so two sockets reconnecting at once must not both claim it: the second
//! bump would fence the copy the first one loaded, and its next write would be
//! refused as if another node had taken the game.

use crate::ids::GameId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

/// The games being claimed on this node, each behind its own lock.
#[derive(Default)]
pub struct Claims {
    games: Mutex<HashMap<GameId, Arc<tokio::sync::Mutex<()>>>>,
}

/// Held while a game is claimed and loaded; the next claimer of the same game waits.
pub struct ClaimGuard<'a> {
    claims: &'a Claims,
    id: GameId,
    lock: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl Claims {
    /// Waits until no other task of this node claims game `id`, then holds it. Other
    /// games' claims do not wait on this one (a dead owner's lease may take seconds).
    pub async fn hold(&self, id: &GameId) -> ClaimGuard<'_> {
        let lock = Arc::clone(
            self.games
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .entry(id.clone())
                .or_default(),
        );
        ClaimGuard {
            claims: self,
            id: id.clone(),
            lock: Some(lock.lock_owned().await),
        }
    }
}

impl Drop for ClaimGuard<'_> {
    fn drop(&mut self) {
        let mut games = self
            .claims
            .games
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        drop(self.lock.take());
        // The entry goes with its last user: the map holds one reference, and a waiter
        // still in `hold` holds another.
        if games
            .get(&self.id)
            .is_some_and(|l| Arc::strong_count(l) == 1)
        {
            games.remove(&self.id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn a_second_claim_of_a_game_waits_for_the_first_and_others_do_not() {
        let claims = Arc::new(Claims::default());
        let a = GameId::random();
        let b = GameId::random();
        let first = claims.hold(&a).await;
        let c = Arc::clone(&claims);
        let a2 = a.clone();
        let second = tokio::spawn(async move {
            let _g = c.hold(&a2).await;
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!second.is_finished(), "the same game's claim must wait");
        // Another game's claim goes at once.
        drop(claims.hold(&b).await);
        drop(first);
        second.await.unwrap();
        assert!(
            claims.games.lock().unwrap().is_empty(),
            "entries leave with their last user"
        );
    }
}

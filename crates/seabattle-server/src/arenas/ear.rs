//! The arenas' ear on the bus. An arena's game is an ordinary game between two
//! accounts (mode `random`) with the arena's clock; the arena hears its end and its
//! no-show (the standings count them, and the runner is woken to pair the players
//! again), answers a seat's berserk with its half clock, and gives a rebuilt game its
//! berserk seats' half clocks back.

use super::ArenaRunner;
use super::store::GameEnd;
use crate::bus::{GameEvent, Heard, Later, Subscriber};
use crate::game::room::mode::Mode;
use crate::ids::{AccountId, GameId};
use crate::node::{Node, SharedNode};
use crate::protocol::ErrorCode;
use seabattle_core::Player;
use std::sync::{Arc, Weak};

/// Hears the games an arena may have made.
pub struct Arenas {
    node: Weak<Node>,
    runner: Arc<ArenaRunner>,
}

impl Arenas {
    /// The arenas stored on `node`, run by `runner`.
    pub fn new(node: Weak<Node>, runner: Arc<ArenaRunner>) -> Arenas {
        Arenas { node, runner }
    }
}

/// Whether a game is one an arena could have made: between two accounts, paired.
fn maybe_arenas(mode: &Mode, accounts: &[Option<AccountId>; 2]) -> bool {
    *mode == Mode::Random && accounts.iter().all(Option::is_some)
}

impl Subscriber for Arenas {
    fn hear(&self, event: &GameEvent) -> Option<Later> {
        match event {
            GameEvent::Ended(end) if maybe_arenas(&end.mode, &end.accounts) => {
                let (winner, reason) = end.ending?;
                let game_end = GameEnd {
                    winner: Some(winner),
                    shots: end.shots,
                    reason: reason.word().to_string(),
                };
                let node = self.node.upgrade()?;
                let id = end.game.to_string();
                let runner = Arc::clone(&self.runner);
                Some(Box::pin(async move {
                    noted(&node, &runner, id, game_end).await
                }))
            }
            GameEvent::NoShow { game, winner } => {
                let game_end = GameEnd {
                    winner: *winner,
                    shots: [0, 0],
                    reason: "no_show".into(),
                };
                let node = self.node.upgrade()?;
                let id = game.to_string();
                let runner = Arc::clone(&self.runner);
                Some(Box::pin(async move {
                    noted(&node, &runner, id, game_end).await
                }))
            }
            GameEvent::Berserk { game, seat } => {
                let node = self.node.upgrade()?;
                Some(Box::pin(berserk(node, game.clone(), *seat)))
            }
            GameEvent::Loaded {
                game,
                mode,
                accounts,
            } if maybe_arenas(mode, accounts) => {
                let node = self.node.upgrade()?;
                Some(Box::pin(restore(node, game.clone())))
            }
            _ => None,
        }
    }
}

/// Notes the end of game `game` if it is an arena's (the standings count it) and wakes
/// the runner to pair its players again.
pub(super) async fn noted(
    node: &SharedNode,
    runner: &ArenaRunner,
    game: String,
    end: GameEnd,
) -> Heard {
    let id = game.clone();
    let ended = node.db(move |db| {
        let arena = db.end_arena_game(&game, &end)?;
        // The arenas run on one node at a time, perhaps not this one: every node hears.
        // Told or not, the end is stored, and the runner's tick finds it.
        if let (Some(_), Some(c)) = (&arena, db.cluster())
            && let Err(e) = c.tell_arena_ended(&game)
        {
            tracing::warn!(game = %game, error = %e, "the other nodes could not be told of an arena's game end");
        }
        Ok(arena)
    });
    match ended.await {
        Ok(Some(arena)) => {
            tracing::info!(arena = %arena, game = %id, "an arena's game ended");
            runner.wake();
        }
        Ok(None) => {}
        Err(e) => tracing::warn!(game = %id, error = %e, "an arena's game end could not be noted"),
    }
    Heard::Noted
}

/// Seat `seat` of an arena's game goes berserk: its own clock is halved for the game
/// (the arena counts +1 for a win that took some shooting). The game checked it is
/// before the seat's first shot.
async fn berserk(node: Arc<Node>, game: GameId, seat: Player) -> Heard {
    let refuse = |why: &str| Heard::Refused(ErrorCode::NoBerserk, why.to_string());
    let id = game.to_string();
    let key = id.clone();
    let clock = match node.db(move |db| db.arena_game(&key)).await {
        Ok(Some((_, clock))) => clock,
        Ok(None) => return refuse("only an arena's games have berserk"),
        Err(e) => return Heard::Failed(e),
    };
    match node.db(move |db| db.set_berserk(&id, seat)).await {
        Ok(true) => Heard::MoveLimit((clock / 2).max(1)),
        Ok(false) => refuse("the game is over"),
        Err(e) => Heard::Failed(e),
    }
}

/// A rebuilt arena's game gets back its berserk seats' half clocks.
async fn restore(node: Arc<Node>, game: GameId) -> Heard {
    let id = game.to_string();
    match node.db(move |db| db.arena_game(&id)).await {
        Ok(Some((g, clock))) => Heard::SeatLimits(
            Player::BOTH.map(|p| g.berserk[p.index()].then_some((clock / 2).max(1))),
        ),
        Ok(None) => Heard::Noted,
        Err(e) => Heard::Failed(e),
    }
}

//! Ratings: Glicko-2 per preset, what storage keeps of them, and which games count.

use seabattle_core::{Game, Move, Phase, Player};

pub mod glicko;
pub mod store;

/// Whether a game ended before each player had fired at least once: resigned, left or
/// timed out at the start. Such a game is aborted: not rated, and left out of players'
/// figures, so a game cannot be won or lost for a rating without being played.
pub fn aborted(game: &Game) -> bool {
    let fired = |p: Player| {
        game.moves()
            .iter()
            .any(|m| matches!(m, Move::Volley { player, .. } if *player == p))
    };
    game.phase() == Phase::Over && !Player::BOTH.into_iter().all(fired)
}

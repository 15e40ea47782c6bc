//! A game's end as features hear of it ([`Ended`] on the bus), and the facts of play
//! they are counted from.

use super::room::Room;
use crate::bus::Ended;
use seabattle_core::{Game, Move, Phase, Player};

/// The shots each seat fired.
pub fn shots(room: &Room) -> [u32; 2] {
    let mut n = [0u32; 2];
    for m in room.game().moves() {
        if let Move::Volley { player, shots } = m {
            n[player.index()] =
                n[player.index()].saturating_add(u32::try_from(shots.len()).unwrap_or(u32::MAX));
        }
    }
    n
}

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

/// The facts of `room`'s end, for the bus.
pub fn facts(room: &Room) -> Ended {
    let lesson = room
        .learner()
        .cloned()
        .zip(room.seat(Player::One).fleet_text.clone())
        .filter(|_| room.game().phase() == Phase::Over);
    Ended {
        game: room.id().clone(),
        mode: room.mode().clone(),
        rules: room.rules().clone(),
        accounts: Player::BOTH.map(|p| room.seat(p).account),
        rated: room.rated(),
        aborted: aborted(room.game()),
        ending: room.table().ending(),
        shots: shots(room),
        lesson,
    }
}

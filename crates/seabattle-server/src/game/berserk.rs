//! Berserk: a seat halves its own clock before its first shot. The game checks that it
//! is not too late; whoever made the game with a clock to halve (an arena) answers on
//! the bus with the new limit and stores the choice. A game nobody answers for has no
//! berserk.

use super::room::Room;
use crate::bus::{GameEvent, Heard};
use crate::error::Failure;
use crate::node::SharedNode;
use crate::protocol::ErrorCode;
use seabattle_core::{Phase, Player};

/// Seat `seat` goes berserk: its move limit from now on, in seconds.
pub async fn berserk(node: &SharedNode, room: &mut Room, seat: Player) -> Result<u32, Failure> {
    let refuse = |why: String| Err(Failure::refused(ErrorCode::NoBerserk, why));
    if room.game().phase() == Phase::Over {
        return refuse("the game is over".into());
    }
    if super::ended::shots(room)[seat.index()] > 0 {
        return refuse("berserk is chosen before your first shot".into());
    }
    let game = room.id().clone();
    let heard = node.bus.publish(GameEvent::Berserk { game, seat }).await;
    let half = match heard.into_iter().next() {
        Some(Heard::MoveLimit(half)) => half,
        Some(Heard::Refused(code, why)) => return Err(Failure::refused(code, why)),
        Some(Heard::Failed(e)) => return Err(Failure::Store(e)),
        _ => return refuse("only an arena's games have berserk".into()),
    };
    room.seat_mut(seat).move_limit = Some(half);
    if room.clock().running_for == Some(seat) {
        super::clock::arm(room, seat);
    }
    Ok(half)
}

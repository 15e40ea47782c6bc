//! A no-show: when an arena's placement time is up, a seat that placed no fleet loses
//! (or, with neither placed, nobody wins). The game is closed unfinished rather than
//! resigned for the absent seat, since a game with a fleet missing has no record to end
//! with; the bus tells who won ([`GameEvent::NoShow`]) to whoever counts it.

use super::msg::NoShown;
use super::room::Room;
use crate::bus::GameEvent;
use crate::node::SharedNode;
use crate::protocol::ServerMsg;
use seabattle_core::{Phase, Player};

/// The no-show, in the game's actor: see [`NoShown`].
pub async fn no_show(node: &SharedNode, room: &mut Room) -> NoShown {
    if room.game().phase() != Phase::Placement {
        return NoShown::Started;
    }
    let absent: Vec<Player> = Player::BOTH
        .into_iter()
        .filter(|&p| !room.game().has_placed(p))
        .collect();
    let (done, winner, why) = verdict(room, &absent);
    if done == NoShown::Started {
        return done;
    }
    tracing::info!(game = %room.id(), "{why}");
    let notice = ServerMsg::NoShow {
        game: room.id().to_string(),
        absent,
    };
    super::expire::close_telling(node, room, notice).await;
    let game = room.id().clone();
    node.bus.publish(GameEvent::NoShow { game, winner }).await;
    done
}

/// What a no-show of the `absent` seats makes of the game: the result, the winner and
/// what the log says.
fn verdict(room: &Room, absent: &[Player]) -> (NoShown, Option<Player>, String) {
    let name = |p: Player| {
        room.seat(p)
            .name
            .clone()
            .unwrap_or_else(|| format!("player {}", p.number()))
    };
    match absent {
        [] => (NoShown::Started, None, String::new()),
        &[p] => (
            NoShown::Forfeited(p),
            Some(p.other()),
            format!(
                "{} placed no fleet in time: the arena counts game {} as a win for {}",
                name(p),
                room.id(),
                name(p.other())
            ),
        ),
        _ => (
            NoShown::Closed,
            None,
            format!(
                "neither player placed a fleet in time: game {} was closed and counts for nobody",
                room.id()
            ),
        ),
    }
}

//! A BOT's seat that never places its fleet (issue 48): once the person has placed and
//! the BOT has not within [`Config::bot_placement`](crate::config::Config::bot_placement),
//! the server draws a fleet for the BOT, the battle opens and the BOT's seat resigns.
//! The person wins with a whole record, audited as any game, and a rated game moves
//! both ratings. An arena's games are left to the arena, which settles its no-shows.

use super::play;
use super::room::Room;
use crate::error::Failure;
use crate::node::SharedNode;
use seabattle_core::{Phase, Player};

/// The BOT's seat that is late with its fleet, if any.
pub fn late_bot(node: &SharedNode, room: &Room) -> Option<Player> {
    if room.game().phase() != Phase::Placement
        || room.arena().is_some()
        || room.since().elapsed() < node.config.bot_placement
    {
        return None;
    }
    let bot = |p: Player| room.seat(p).shown.as_ref().is_some_and(|s| s.bot);
    Player::BOTH.into_iter().find(|&p| {
        bot(p) && !room.game().has_placed(p) && !bot(p.other()) && room.game().has_placed(p.other())
    })
}

/// Seat `p` (a BOT that placed nothing in time) loses: a fleet drawn for it, the battle
/// opened, and its resignation.
pub async fn bot_no_show(node: &SharedNode, room: &mut Room, p: Player) -> Result<(), Failure> {
    tracing::info!(game = %room.id(), seat = p.number(), "a BOT placed no fleet in time: it resigns");
    let fleet = play::draw_fleet(node, room.rules().clone()).await?;
    play::place(node, room, p, fleet).await?;
    play::start_battle(node, room).await?;
    play::resign(node, room, p).await
}

//! Quick chat: a seated player of a game between people says one of the protocol's
//! fixed phrases, and both seats and every spectator are told who said which. Chat is
//! no part of the game: it is not replayed, and the referee never sees it. The game
//! publishes each line on the bus, where moderation keeps it for a report of the game.

use crate::bus::GameEvent;
use crate::error::Failure;
use crate::game::room::Room;
use crate::node::SharedNode;
use crate::protocol::{ErrorCode, Phrase, ServerMsg};
use seabattle_core::Player;
use std::time::Instant;

/// `chat`: player `p` says `phrase` to everyone in the game.
pub fn say(node: &SharedNode, room: &mut Room, p: Player, phrase: Phrase) -> Result<(), Failure> {
    if !room.mode().is_two_devices() {
        return Err(Failure::refused(
            ErrorCode::NoChat,
            "quick chat is only for games between people on their own devices (a friend's \
             game or a random opponent's)",
        ));
    }
    let limits = &node.config.limits;
    let rate = crate::guard::pace::Rate {
        burst: limits.chat_burst,
        every: limits.chat_every,
    };
    if let Err(too) = room.seat_mut(p).chat.take(Instant::now(), rate) {
        return Err(Failure::refused(
            ErrorCode::Flood,
            format!(
                "chat: at most {} phrases at once, then one every {:.1} s; try again in {:.1} s",
                limits.chat_burst.max(1),
                limits.chat_every.as_secs_f64(),
                too.wait.as_secs_f64()
            ),
        ));
    }
    let from = room.seat(p).account;
    room.broadcast_from(
        &ServerMsg::Chat {
            game: room.id().to_string(),
            player: p,
            phrase,
        },
        from,
    );
    node.bus.tell(GameEvent::Chatted {
        game: room.id().clone(),
        seat: p,
        account: from,
        phrase,
    });
    Ok(())
}

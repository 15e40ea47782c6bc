//! Two people at one device: one connection holds both seats. The referee says whose
//! turn it is ([`Room::hot_seat`]); each time that, the phase or the move changes, the
//! connection is sent the state as that seat sees it, and the page hands the device
//! over before it shows it. The page decides nothing: the seat a command is made for
//! is the one the server handed the device to ([`Room::acting_seat`]).

use crate::game::room::{Mode, Room};
use crate::protocol::ServerMsg;
use seabattle_core::Player;

/// Sends the hot-seat connection the state for the seat the device is handed to, if
/// the seat, the phase or the move changed since it was last sent one.
pub fn hand_over(room: &mut Room) {
    if *room.mode() != Mode::Hotseat {
        return;
    }
    let Some(conn) = room.seat(Player::One).conn.clone() else {
        return;
    };
    let seat = shown_seat(room);
    let key = (seat, room.game().phase(), room.game().moves().len());
    if room.hot_told() == Some(key) {
        return;
    }
    room.set_hot_told(Some(key));
    conn.send(ServerMsg::State(Box::new(crate::game::tell::state(room, Some(seat)))).to_text());
}

/// The seat whose view the connection in seat `p` is shown: `p`, except in a hot-seat
/// game, where it is the seat the device is handed to (once the game is over, the last
/// one it was).
pub fn shown_seat_for(room: &Room, p: Player) -> Player {
    match room.mode() {
        Mode::Hotseat => shown_seat(room),
        _ => p,
    }
}

fn shown_seat(room: &Room) -> Player {
    room.hot_seat()
        .or(room.hot_told().map(|(p, _, _)| p))
        .unwrap_or(Player::One)
}

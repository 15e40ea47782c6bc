//! What a game does with each message of its inbox: the one place a [`GameMsg`] turns
//! into the game's own actions. A player's command runs only while the connection that
//! sent it still plays the seat.

use super::msg::{Finished, GameMsg, NotFinished, SeatCommand, SeatRef};
use super::room::Room;
use super::{cluster, expire, play, relocate, rematch, reveal, seats};
use crate::hub::SharedHub;
use crate::protocol::{ClientError, ErrorCode, ServerMsg};
use seabattle_core::Player;

/// Handles `msg` with the game in hand. An answer nobody waits for any more (the asker
/// hung up) is dropped.
pub async fn handle(hub: &SharedHub, room: &mut Room, msg: GameMsg) {
    match msg {
        GameMsg::Play {
            from,
            command,
            reply,
        } => {
            let done = match acting(room, from) {
                Ok(p) => play(hub, room, p, command).await,
                Err(e) => Err(e),
            };
            let _ = reply.send(done);
        }
        GameMsg::Rules {
            from,
            placing,
            reply,
        } => {
            let rules = match from.map(|f| acting(room, f)).transpose() {
                Ok(Some(p)) if placing => play::may_place(room, p).map(|()| room.rules().clone()),
                Ok(_) => Ok(room.rules().clone()),
                Err(e) => Err(e),
            };
            let _ = reply.send(rules);
        }
        GameMsg::Coach { from, reply } => {
            let input = acting(room, from).and_then(|p| play::coach_input(room, p));
            let _ = reply.send(input);
        }
        GameMsg::Sync { conn, seat } => {
            let seat = seat.map(|p| super::hotseat::shown_seat_for(room, p));
            conn.send(ServerMsg::State(Box::new(room.state_for(seat))).to_text());
        }
        GameMsg::Seat {
            conn,
            seat,
            token,
            reply,
        } => {
            seats::take_seat(room, &conn, seat, token);
            let _ = reply.send(());
        }
        GameMsg::CanJoin { reply } => {
            let _ = reply.send(seats::open_seat(room));
        }
        GameMsg::Join { conn, name, reply } => {
            let _ = reply.send(seats::join(hub, room, &conn, name).await);
        }
        GameMsg::SeatOf { token_hash, reply } => {
            let _ = reply.send(seats::seat_of(room, &token_hash));
        }
        GameMsg::Resume {
            conn,
            token_hash,
            reply,
        } => {
            let done =
                seats::seat_of(room, &token_hash).map(|p| seats::take_seat(room, &conn, p, None));
            let _ = reply.send(done);
        }
        GameMsg::Watch { conn, reply } => {
            seats::watch(room, &conn);
            let _ = reply.send(());
        }
        GameMsg::Leave { conn, seat, reply } => {
            seats::leave(hub, room, conn, seat);
            let _ = reply.send(());
        }
        GameMsg::HostName { reply } => {
            let _ = reply.send(room.name(Player::One).map(str::to_string));
        }
        GameMsg::Record { reply } => {
            let _ = reply.send(record(hub, room));
        }
        GameMsg::Expire { reply } => {
            if expire::expired(hub, room) {
                expire::close(hub, room).await;
            }
            let _ = reply.send(());
        }
        GameMsg::HandOver { reply } => {
            cluster::hand_over(hub, room).await;
            let _ = reply.send(());
        }
        GameMsg::LetGo { reply } => {
            cluster::let_go(hub, room);
            let _ = reply.send(());
        }
        // The task checked the lease before handling it: nothing is left to do.
        GameMsg::Wake { reply } => {
            let _ = reply.send(());
        }
    }
}

/// The seat a command from `from` is made for, once the seat is checked to be still
/// that connection's: in a hot-seat game, the seat the device is handed to.
fn acting(room: &Room, from: SeatRef) -> Result<Player, ClientError> {
    if !room.is_played_from(from.seat, from.conn) {
        return Err(ClientError::new(
            ErrorCode::NotInGame,
            "this seat is played from another connection now",
        ));
    }
    Ok(room.acting_seat(from.seat))
}

async fn play(
    hub: &SharedHub,
    room: &mut Room,
    p: Player,
    command: SeatCommand,
) -> Result<(), ClientError> {
    match command {
        SeatCommand::Place(fleet) => play::place(hub, room, p, *fleet).await,
        SeatCommand::Fire(cells) => play::fire(hub, room, p, &cells).await,
        SeatCommand::Reveal(cell) => reveal::reveal(hub, room, p, &cell).await,
        SeatCommand::Relocate(cells) => relocate::relocate(hub, room, p, cells.as_deref()).await,
        SeatCommand::Resign => play::resign(hub, room, p).await,
        SeatCommand::ClaimWin => play::claim_win(hub, room, p).await,
        SeatCommand::Rematch => rematch::rematch(hub, room, p).await,
        SeatCommand::Rename(name) => {
            play::rename(room, p, name);
            Ok(())
        }
    }
}

/// A finished game's record; a game loaded only to be downloaded leaves memory.
fn record(hub: &SharedHub, room: &Room) -> Result<Finished, NotFinished> {
    let finished = room.finished()?;
    if room.is_idle() {
        hub.evict(&room.id);
    }
    Ok(finished)
}

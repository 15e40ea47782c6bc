//! Who is in a game: players taking, regaining and leaving their seats, and
//! spectators. The room's side of `join`, `resume`, `watch` and leaving; the lobby
//! finds the game and forwards.

use super::msg::SeatKey;
use super::room::{Mode, Room};
use crate::conn::{Binding, Conn};
use crate::error::Failure;
use crate::ids::{new_token, token_hash};
use crate::node::SharedNode;
use crate::protocol::{ClientError, ErrorCode, Role, ServerMsg};
use seabattle_core::{Phase, Player};
use std::time::Instant;

/// Puts `conn` in seat `p` and tells it so; a connection already there is let go. A
/// computer's move or a start that could not be made is tried again.
pub fn take_seat(room: &mut Room, conn: &Conn, p: Player, token: Option<String>) {
    room.unstick();
    let seat = room.seat_mut(p);
    if let Some(old) = seat.conn.replace(conn.clone())
        && old.id != conn.id
    {
        old.bind(None);
        old.send(
            ServerMsg::from(ClientError::new(
                ErrorCode::NotInGame,
                "this seat was taken over by another connection",
            ))
            .to_text(),
        );
    }
    seat.away_since = None;
    conn.bind(Some(Binding {
        game: room.id().clone(),
        seat: Some(p),
    }));
    // The device may have changed hands while it was away: the state is the seat's it
    // is handed to now.
    room.set_hot_told(None);
    let shown = super::hotseat::shown_seat_for(room, p);
    conn.send(
        ServerMsg::Joined {
            game: room.id().to_string(),
            role: Role::Player,
            seat: Some(p),
            token,
            link: room.link(),
        }
        .to_text(),
    );
    if *room.mode() == Mode::Hotseat {
        super::hotseat::hand_over(room);
    } else {
        conn.send(
            ServerMsg::State(Box::new(crate::game::tell::state(room, Some(shown)))).to_text(),
        );
    }
    let msg = ServerMsg::Presence {
        game: room.id().to_string(),
        player: p,
        present: true,
        name: room.seat(p).name.clone(),
        account: room.seat(p).shown.as_deref().cloned(),
    };
    room.send_to(p.other(), &msg);
    for s in room.spectators() {
        s.send(msg.to_text());
    }
}

/// The refusal of a seat in a full game.
pub fn game_full() -> Failure {
    Failure::refused(
        ErrorCode::GameFull,
        "the game is full; send watch to see it",
    )
}

/// Whether a friend's game has its second seat free.
pub fn open_seat(room: &Room) -> bool {
    *room.mode() == Mode::Friend && room.seat(Player::Two).token_hash.is_none()
}

/// Whether a friend's game may be joined, and whose its first seat is.
pub fn joinable(room: &Room) -> super::msg::Joinable {
    if open_seat(room) {
        super::msg::Joinable::Open {
            host: room.seat(Player::One).account,
        }
    } else {
        super::msg::Joinable::Full
    }
}

/// The seat `key` belongs to.
pub fn seat_of(room: &Room, key: &SeatKey) -> Result<Player, Failure> {
    let found = Player::BOTH.into_iter().find(|&p| match key {
        SeatKey::Token(hash) => room.seat(p).token_hash.as_deref() == Some(hash),
        SeatKey::Account(id) => room.seat(p).account == Some(*id),
    });
    found.ok_or_else(|| match key {
        SeatKey::Token(_) => Failure::refused(
            ErrorCode::BadToken,
            "that token is not a player's of this game",
        ),
        SeatKey::Account(_) => Failure::refused(
            ErrorCode::BadToken,
            "this account has no seat in this game: resume with the seat's token",
        ),
    })
}

/// `resume`: back in the seat `key` belongs to. A signed-in player who comes back to
/// a seat no account holds yet makes it their account's, so the game follows them to
/// every device.
pub async fn resume(
    node: &SharedNode,
    room: &mut Room,
    conn: &Conn,
    key: &SeatKey,
) -> Result<(), Failure> {
    let p = seat_of(room, key)?;
    adopt(node, room, conn, p).await?;
    show_accounts(node, room).await;
    take_seat(room, conn, p, None);
    Ok(())
}

/// Gives seat `p` to `conn`'s account, stored first, if it is signed in, the seat has
/// no account yet and the game is still being played (a rated game's seats are given
/// when it is made, and never change).
pub async fn adopt(
    node: &SharedNode,
    room: &mut Room,
    conn: &Conn,
    p: Player,
) -> Result<(), Failure> {
    let Some(account) = conn.account().map(|a| a.id) else {
        return Ok(());
    };
    if room.seat(p).account.is_some() || room.game().phase() == Phase::Over || room.is_bot(p) {
        return Ok(());
    }
    let id = room.id().clone();
    node.db(move |db| db.seat_account(&id, p, account)).await?;
    room.seat_mut(p).account = Some(account);
    Ok(())
}

/// Reads how each seat's account is shown at the board (name, rating under the
/// preset), for seats whose account is known and not read yet. A store that cannot
/// answer leaves the seat shown by its name alone: nothing is refused for it.
pub async fn show_accounts(node: &SharedNode, room: &mut Room) {
    let preset = room.rules().as_preset();
    for p in Player::BOTH {
        let seat = room.seat(p);
        let Some(account) = seat.account.filter(|_| seat.shown.is_none()) else {
            continue;
        };
        match node.db(move |db| db.shown_account(account, preset)).await {
            Ok(shown) => room.seat_mut(p).shown = shown.map(Box::new),
            Err(e) => tracing::warn!(error = %e, "a seat's account could not be read"),
        }
    }
}

/// `join`: a friend takes the free second seat, stored before it is theirs.
pub async fn join(
    node: &SharedNode,
    room: &mut Room,
    conn: &Conn,
    name: Option<String>,
) -> Result<(), Failure> {
    if !open_seat(room) {
        return Err(game_full());
    }
    let token = new_token();
    let hash = token_hash(&token);
    let (key, stored_hash) = (room.id().clone(), hash.clone());
    node.db(move |db| db.take_seat(&key, Player::Two, &stored_hash))
        .await?;
    room.seat_mut(Player::Two).token_hash = Some(hash);
    room.seat_mut(Player::Two).name = name;
    adopt(node, room, conn, Player::Two).await?;
    show_accounts(node, room).await;
    super::rate::joined_seek(node, room).await;
    take_seat(room, conn, Player::Two, Some(token));
    Ok(())
}

/// `watch`: answers only, live.
pub fn watch(room: &mut Room, conn: &Conn) {
    room.unstick();
    room.add_spectator(conn);
    conn.bind(Some(Binding {
        game: room.id().clone(),
        seat: None,
    }));
    conn.send(
        ServerMsg::Joined {
            game: room.id().to_string(),
            role: Role::Spectator,
            seat: None,
            token: None,
            link: room.link(),
        }
        .to_text(),
    );
    conn.send(ServerMsg::State(Box::new(crate::game::tell::state(room, None))).to_text());
}

/// The connection `id` leaves seat `seat` (or watching, for `None`); the others are
/// told a player is away. A finished game nobody is left in leaves memory.
pub fn leave(node: &SharedNode, room: &mut Room, id: u64, seat: Option<Player>) {
    match seat {
        None => room.remove_spectator(id),
        Some(p) => {
            let seat = room.seat_mut(p);
            if seat.conn.as_ref().is_some_and(|c| c.id == id) {
                seat.conn = None;
                seat.away_since = Some(Instant::now());
                let msg = ServerMsg::Presence {
                    game: room.id().to_string(),
                    player: p,
                    present: false,
                    name: room.seat(p).name.clone(),
                    account: room.seat(p).shown.as_deref().cloned(),
                };
                room.broadcast(&msg);
            }
        }
    }
    if room.is_idle() && room.game().phase() == Phase::Over {
        node.evict(room.id());
    }
}

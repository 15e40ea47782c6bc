//! The rematch: a new game with the same rules, found from the old one.

use crate::conn::Conn;
use crate::error::Failure;
use crate::game::play::to_stored;
use crate::game::room::{Mode, Room, RoomSetup, SeatSetup};
use crate::node::SharedNode;
use crate::protocol::{ErrorCode, ServerMsg};
use seabattle_core::{Phase, Player};

/// `rematch`: once both players ask (or at once against the computer), a new game with
/// the same rules; between people the seats swap. Each player keeps their token, so one
/// who is away can `resume` the new game (its id is in the old game's state).
pub async fn rematch(
    node: &SharedNode,
    room: &mut Room,
    p: Player,
) -> Result<Option<NextGame>, Failure> {
    if room.game().phase() != Phase::Over {
        return Err(Failure::refused(ErrorCode::NotOver, "the game is not over"));
    }
    if let Some(next) = room.next_game() {
        return Err(Failure::refused(
            ErrorCode::GameOver,
            format!("the rematch is game {next}"),
        ));
    }
    room.seat_mut(p).rematch = true;
    let computer = room.mode().is_computer();
    // Against the computer, or at one device, one request is everyone's.
    let at_once = computer || *room.mode() == Mode::Hotseat;
    if !at_once && !Player::BOTH.iter().all(|&q| room.seat(q).rematch) {
        room.broadcast(&ServerMsg::RematchOffered {
            game: room.id().to_string(),
            player: p,
        });
        return Ok(None);
    }
    // A rematch is a new game: it counts against the asking player's address.
    let reservation = match &room.seat(p).conn {
        Some(conn) => Some(node.addresses.may_create(conn.ip)?),
        None => None,
    };
    let seat_of = |q: Player| if at_once { q } else { q.other() };
    let mut setup = RoomSetup::new(room.rules().clone(), room.mode().clone());
    setup.clock = room.clock().secs;
    for q in Player::BOTH {
        setup.seats[seat_of(q)] = SeatSetup {
            token_hash: room.seat(q).token_hash.clone(),
            account: room.seat(q).account,
            name: room.seat(q).name.clone(),
            // Everyone is seated once the game opens.
            away: true,
            move_limit: room.seat(q).move_limit,
        };
    }
    // A rated game's rematch is rated too: both players are the same accounts.
    setup.rated = room.rated();
    setup.creator = room.seat(p).conn.as_ref().map(|c| c.ip);
    let mut next = Room::new(setup, &node.config.bots);
    if computer {
        // The rematch learns from the game just ended: its fleet is remembered already.
        super::play::setup_computer(node, &mut next, room.learner().cloned()).await?;
    }
    let stored = to_stored(&next);
    node.db(move |db| db.create(&stored)).await?;
    if let Some(r) = reservation {
        r.opened(next.id());
    }
    node.metrics
        .games_created
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    room.set_next_game(next.id().clone());
    let seats = Player::BOTH
        .into_iter()
        .filter_map(|q| Some((room.seat_mut(q).conn.take()?, seat_of(q), None)))
        .collect();
    Ok(Some(NextGame { room: next, seats }))
}

/// A rematch made and stored, for the game's task to open: its players are seated
/// there, then the old game's everyone is told (see [`told`]).
pub struct NextGame {
    /// The new game.
    pub room: Room,
    /// The connections that played the old game, in their new seats.
    pub seats: Vec<(Conn, Player, Option<String>)>,
}

/// Tells everyone in the old game that the rematch `next` is open.
pub fn told(room: &mut Room, next: &crate::ids::GameId) {
    room.broadcast(&ServerMsg::Rematch {
        game: room.id().to_string(),
        next: next.to_string(),
    });
}

//! A random opponents' game made: two waiting connections seated in a new game, from
//! the plain queue or the rated one.

use crate::conn::Conn;
use crate::error::Failure;
use crate::game::play::to_stored;
use crate::game::room::{Mode, Room};
use crate::game::task::seat_new;
use crate::hub::SharedHub;
use crate::ids::{new_game_id, new_token, token_hash};
use crate::protocol::ServerMsg;
use seabattle_core::Player;

/// Starts a random opponents' game between `seats` (seat 1 first, the one who waited),
/// counting against `reservation`'s address when one is given, rated if `rated`. A
/// failure to store is told to both: the one who waited hears it too.
pub async fn start_random(
    hub: &SharedHub,
    rules: seabattle_core::Rules,
    seats: [Conn; 2],
    rated: bool,
    reservation: Option<crate::guard::address::Reservation>,
) -> Result<(), Failure> {
    let [partner, conn] = seats;
    let mut room = Room::new(new_game_id(), rules, Mode::Random, None, &hub.config.bots);
    room.set_creator(conn.ip);
    let tokens = [new_token(), new_token()];
    for (p, c) in Player::BOTH.into_iter().zip([&partner, &conn]) {
        room.set_token_hash(p, Some(token_hash(&tokens[p.index()])));
        room.set_account(p, c.account().map(|a| a.id));
    }
    if rated {
        room.set_rated();
    }
    let stored = to_stored(&room);
    if let Err(e) = hub.db(move |db| db.create(&stored)).await {
        let told = Failure::Store(e).into_client();
        partner.send(ServerMsg::from(told.clone()).to_text());
        return Err(told.into());
    }
    if let Some(r) = reservation {
        r.opened(room.id());
    }
    hub.metrics
        .games_created
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let [t1, t2] = tokens;
    seat_new(
        hub,
        room,
        vec![
            (partner, Player::One, Some(t1)),
            (conn, Player::Two, Some(t2)),
        ],
    )
    .await
}

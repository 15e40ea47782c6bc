//! A random opponents' game made: two seekers seated in a new game, from either queue.

use super::seeker::Seeker;
use crate::error::Failure;
use crate::game::play::to_stored;
use crate::game::room::{Mode, Room, RoomSetup, SeatSetup};
use crate::game::task::seat_new;
use crate::guard::address::Reservation;
use crate::ids::{new_token, token_hash};
use crate::node::SharedNode;
use crate::protocol::{Casual, ServerMsg};
use seabattle_core::Player;

/// Starts a random opponents' game between `seats` (seat 1 first, the one who waited),
/// counting against `reservation`'s address when one is given, rated when both waited
/// for a rated game. A failure to store is told to both: the one who waited hears it
/// too.
pub async fn start_random(
    hub: &SharedNode,
    seats: [Seeker; 2],
    reservation: Option<Reservation>,
) -> Result<(), Failure> {
    let [first, second] = seats;
    let mut setup = RoomSetup::new(second.rules.clone(), Mode::Random);
    setup.creator = Some(second.conn.ip);
    if first.mixed(&second) {
        setup.casual = Some(Casual::Mixed);
    } else if let (Some(a), Some(b)) = (&first.rated, &second.rated) {
        let (a, b) = (a.account, b.account);
        // Two accounts that played their rated games against each other today play on,
        // casual, and are told why.
        let limit = hub.config.limits.rated_per_pair;
        if hub.db(move |db| db.may_rate_pair(a, b, limit)).await? {
            setup.rated = true;
        } else {
            setup.casual = Some(Casual::PairLimit);
        }
    }
    let tokens = [new_token(), new_token()];
    for (p, s) in Player::BOTH.into_iter().zip([&first, &second]) {
        setup.seats[p] = SeatSetup {
            token_hash: Some(token_hash(&tokens[p.index()])),
            account: s.conn.account().map(|a| a.id),
            // An account plays a stranger under its own name.
            name: s.conn.account().map(|a| a.name.clone()),
            away: false,
            move_limit: None,
        };
    }
    let room = Room::new(setup, &hub.config.bots);
    let stored = to_stored(&room);
    if let Err(e) = hub.db(move |db| db.create(&stored)).await {
        let told = Failure::Store(e).into_client();
        first.conn.send(ServerMsg::from(told.clone()).to_text());
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
            (first.conn, Player::One, Some(t1)),
            (second.conn, Player::Two, Some(t2)),
        ],
    )
    .await
}

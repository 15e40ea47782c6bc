//! Whether a game is rated: a friend's game by both seats asking, a lobby's game when
//! it was opened as rated. The ratings themselves change when the game's end is heard
//! on the bus (docs/protocol.md, "Ratings").

use super::room::{Mode, Room};
use crate::error::Failure;
use crate::node::SharedNode;
use crate::protocol::{ErrorCode, ServerMsg};
use seabattle_core::{Phase, Player};

/// `rate`: seat `p` asks that a friend's game be rated. Once both seats, held by two
/// accounts, asked before either placed a fleet, the game is stored as rated and
/// everyone is told; each ask is told too.
pub async fn ask(node: &SharedNode, room: &mut Room, p: Player) -> Result<(), Failure> {
    let refuse = |why: &str| Err(Failure::refused(ErrorCode::NotRateable, why.to_string()));
    if *room.mode() != Mode::Friend {
        return refuse(
            "only a friend's game is rated by asking: a random opponent's is rated when both are signed in",
        );
    }
    if room.rated() {
        return Ok(());
    }
    if room.seat(p).account.is_none() {
        return refuse("sign in to play rated games");
    }
    if room.rules().as_preset().is_none() {
        return refuse("only games under a preset are rated; these rules are custom");
    }
    if Player::BOTH.iter().any(|&q| room.game().has_placed(q))
        || room.game().phase() != Phase::Placement
    {
        return refuse("a game is rated only if both ask before either fleet is placed");
    }
    room.seat_mut(p).rate_asked = true;
    let accounts = Player::BOTH.map(|q| room.seat(q).account);
    let both = Player::BOTH.iter().all(|&q| room.seat(q).rate_asked);
    let limit = node.config.limits.rated_per_pair;
    if let (true, [Some(a), Some(b)]) = (both, accounts)
        && a != b
        && !node.db(move |db| db.may_rate_pair(a, b, limit)).await?
    {
        room.seat_mut(p).rate_asked = false;
        return refuse(&format!(
            "you two have played {limit} rated games against each other in the last 24 \
             hours; this one is casual"
        ));
    }
    if both && matches!(accounts, [Some(a), Some(b)] if a != b) {
        let id = room.id().clone();
        node.db(move |db| db.set_rated(&id)).await?;
        room.set_rated(true);
    }
    room.broadcast(&ServerMsg::Rate {
        game: room.id().to_string(),
        asked: Player::BOTH.map(|q| room.seat(q).rate_asked),
        rated: room.rated(),
    });
    Ok(())
}

/// Someone joined a game opened in the lobby as rated:
/// it is rated if they are signed in as another account and the pair's daily limit
/// allows, casual otherwise, and everyone is told which and why. A store that cannot
/// answer leaves it casual: the game is not refused for it.
pub async fn joined_seek(node: &SharedNode, room: &mut Room) {
    if !room.seek().is_some_and(|s| s.rated) || room.rated() {
        return;
    }
    let accounts = Player::BOTH.map(|q| room.seat(q).account);
    let [Some(a), Some(b)] = accounts else {
        room.set_casual(crate::protocol::Casual::Mixed);
        return;
    };
    if a == b {
        room.set_casual(crate::protocol::Casual::Mixed);
        return;
    }
    let limit = node.config.limits.rated_per_pair;
    match node.db(move |db| db.may_rate_pair(a, b, limit)).await {
        Ok(true) => {}
        Ok(false) => {
            room.set_casual(crate::protocol::Casual::PairLimit);
            return;
        }
        Err(e) => {
            tracing::warn!(game = %room.id(), error = %e, "a lobby game could not be rated");
            return;
        }
    }
    let id = room.id().clone();
    if let Err(e) = node.db(move |db| db.set_rated(&id)).await {
        tracing::warn!(game = %room.id(), error = %e, "a lobby game could not be stored as rated");
        return;
    }
    room.seat_mut(Player::Two).rate_asked = true;
    room.set_rated(true);
    room.broadcast(&ServerMsg::Rate {
        game: room.id().to_string(),
        asked: Player::BOTH.map(|q| room.seat(q).rate_asked),
        rated: true,
    });
}

//! A rated game's end: both ratings updated by Glicko-2, in one transaction, and the
//! change told in the result (docs/protocol.md, "Ratings").

use super::room::{Mode, Room};
use crate::error::Failure;
use crate::hub::SharedHub;
use crate::ids::AccountId;
use crate::levels::{Levels, strength};
use crate::protocol::{ErrorCode, RatingJson, ServerMsg};
use crate::ratings::glicko::Rating;
use crate::ratings::store::{RatedGame, RatingChange};
use seabattle_core::{Phase, Player};

/// `rate`: seat `p` asks that a friend's game be rated. Once both seats, held by two
/// accounts, asked before either placed a fleet, the game is stored as rated and
/// everyone is told; each ask is told too.
pub async fn ask(hub: &SharedHub, room: &mut Room, p: Player) -> Result<(), Failure> {
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
    let limit = hub.config.limits.rated_per_pair;
    if let (true, [Some(a), Some(b)]) = (both, accounts)
        && a != b
        && !hub.db(move |db| db.may_rate_pair(a, b, limit)).await?
    {
        room.seat_mut(p).rate_asked = false;
        return refuse(&format!(
            "you two have played {limit} rated games against each other in the last 24 \
             hours; this one is casual"
        ));
    }
    if both && matches!(accounts, [Some(a), Some(b)] if a != b) {
        let id = room.id().clone();
        hub.db(move |db| db.set_rated(&id)).await?;
        room.set_rated(true);
    }
    room.broadcast(&ServerMsg::Rate {
        game: room.id().to_string(),
        asked: Player::BOTH.map(|q| room.seat(q).rate_asked),
        rated: room.rated(),
    });
    Ok(())
}

/// Someone joined a game opened in the lobby as rated (see [`crate::lobby::seek`]):
/// it is rated if they are signed in as another account and the pair's daily limit
/// allows, casual otherwise, and everyone is told which and why. A store that cannot
/// answer leaves it casual: the game is not refused for it.
pub async fn joined_seek(hub: &SharedHub, room: &mut Room) {
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
    let limit = hub.config.limits.rated_per_pair;
    match hub.db(move |db| db.may_rate_pair(a, b, limit)).await {
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
    if let Err(e) = hub.db(move |db| db.set_rated(&id)).await {
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

/// What a rated game that ended is rated as, a level's seat at its fixed rating;
/// `None` for a game that does not count (unrated, a seat without an account, one
/// account in both seats, custom rules).
pub fn rated_game(room: &Room, levels: &Levels) -> Option<RatedGame> {
    if !room.rated() {
        return None;
    }
    let accounts = Player::BOTH.map(|p| room.seat(p).account);
    let [Some(a), Some(b)] = accounts else {
        return None;
    };
    if a == b || a == AccountId::DELETED || b == AccountId::DELETED {
        return None;
    }
    // A game nobody really played cannot be won or lost for a rating.
    if crate::ratings::aborted(room.game()) {
        return None;
    }
    let preset = room.rules().as_preset()?;
    let (winner, _) = room.table().ending()?;
    Some(RatedGame {
        preset,
        accounts: [a, b],
        winner,
        fixed: [a, b].map(|x| levels.level_of(x).map(|l| strength::rating(l, preset))),
    })
}

/// Rates the game if it counts, before its end is told, so the result carries the
/// change. A failure to store is logged: the game's result stands, unrated.
pub async fn rate(hub: &SharedHub, room: &mut Room) {
    let Some(rated) = rated_game(room, &hub.levels) else {
        return;
    };
    let id = room.id().clone();
    match hub.db(move |db| db.rate(&id, &rated)).await {
        Ok(Some(changes)) => room.set_ratings(changes.map(|c| json(&c))),
        Ok(None) => {
            tracing::info!(game = %room.id(), "not rated: an account was deleted before the end");
            room.set_rated(false);
        }
        Err(e) => tracing::warn!(game = %room.id(), error = %e, "rating a game failed"),
    }
}

fn shown(r: &Rating) -> i32 {
    r.rating.round() as i32
}

fn json(c: &RatingChange) -> RatingJson {
    RatingJson {
        before: shown(&c.before),
        after: shown(&c.after),
        provisional_before: c.before.provisional(),
        provisional_after: c.after.provisional(),
    }
}

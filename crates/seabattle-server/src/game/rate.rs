//! A rated game's end: both ratings updated by Glicko-2, in one transaction, and the
//! change told in the result (docs/protocol.md, "Ratings").

use super::room::Room;
use crate::hub::SharedHub;
use crate::protocol::RatingJson;
use crate::rating::Rating;
use crate::store::{DELETED, RatedGame, RatingChange};
use seabattle_core::Player;

/// What a rated game that ended is rated as; `None` for a game that does not count
/// (unrated, a seat without an account, one account in both seats, custom rules).
pub fn rated_game(room: &Room) -> Option<RatedGame> {
    if !room.rated {
        return None;
    }
    let accounts = Player::BOTH.map(|p| room.seats[p].account);
    let [Some(a), Some(b)] = accounts else {
        return None;
    };
    if a == b || a == DELETED || b == DELETED {
        return None;
    }
    let preset = room.rules().as_preset()?;
    let (winner, _) = room.table.ending()?;
    Some(RatedGame {
        preset: preset.name().to_string(),
        accounts: [a, b],
        winner,
    })
}

/// Rates the game if it counts, before its end is told, so the result carries the
/// change. A failure to store is logged: the game's result stands, unrated.
pub async fn rate(hub: &SharedHub, room: &mut Room) {
    let Some(rated) = rated_game(room) else {
        return;
    };
    let id = room.id.clone();
    match hub.db(move |db| db.rate(&id, &rated)).await {
        Ok(changes) => room.ratings = Some(changes.map(|c| json(&c))),
        Err(e) => tracing::warn!(game = %room.id, error = %e, "rating a game failed"),
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

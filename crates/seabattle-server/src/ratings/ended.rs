//! A rated game's end, heard on the bus: both ratings updated by Glicko-2 in one
//! transaction, before the end is told, so the result carries the change.

use super::glicko::Rating;
use super::store::{RatedGame, RatingChange};
use crate::bus::{Ended, GameEvent, Heard, Later, Subscriber};
use crate::ids::AccountId;
use crate::levels::{Levels, strength};
use crate::node::Node;
use crate::protocol::RatingJson;
use std::sync::{Arc, Weak};

/// The ratings' ear on the bus.
pub struct Rater {
    node: Weak<Node>,
    levels: Arc<Levels>,
}

impl Rater {
    /// Rates the games of `node`, the computer's levels at their fixed ratings.
    pub fn new(node: Weak<Node>, levels: Arc<Levels>) -> Rater {
        Rater { node, levels }
    }
}

impl Subscriber for Rater {
    fn hear(&self, event: &GameEvent) -> Option<Later> {
        let GameEvent::Ended(end) = event else {
            return None;
        };
        let rated = rated_game(end, &self.levels)?;
        let node = self.node.upgrade()?;
        let id = end.game.clone();
        Some(Box::pin(async move {
            let key = id.clone();
            match node.db(move |db| db.rate(&key, &rated)).await {
                Ok(Some(changes)) => Heard::Rated(changes.map(|c| json(&c))),
                Ok(None) => {
                    tracing::info!(game = %id, "not rated: an account was deleted before the end");
                    Heard::Unrated
                }
                // The game's result stands, unrated.
                Err(e) => {
                    tracing::warn!(game = %id, error = %e, "rating a game failed");
                    Heard::Noted
                }
            }
        }))
    }
}

/// What a rated game that ended is rated as, a level's seat at its fixed rating;
/// `None` for a game that does not count (unrated, a seat without an account, one
/// account in both seats, custom rules, aborted).
pub fn rated_game(end: &Ended, levels: &Levels) -> Option<RatedGame> {
    if !end.rated {
        return None;
    }
    let [Some(a), Some(b)] = end.accounts else {
        return None;
    };
    if a == b || a == AccountId::DELETED || b == AccountId::DELETED {
        return None;
    }
    // A game nobody really played cannot be won or lost for a rating.
    if end.aborted {
        return None;
    }
    let preset = end.rules.as_preset()?;
    let (winner, _) = end.ending?;
    Some(RatedGame {
        preset,
        accounts: [a, b],
        winner,
        fixed: [a, b].map(|x| levels.level_of(x).map(|l| strength::rating(l, preset))),
    })
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

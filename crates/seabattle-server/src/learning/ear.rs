//! Learning's ear on the bus: a new game against the expert is given what was learned
//! of its player ([`GameEvent::Opening`]), and a finished game teaches the human's
//! fleet ([`crate::bus::Ended::lesson`]), before its end is told, so a player who sees
//! `game_over` finds it in `learned`.

use super::prior_for;
use crate::bus::{GameEvent, Heard, Later, Subscriber};
use crate::node::Node;
use std::sync::Weak;

/// Hears the games for learning.
pub struct Learning {
    node: Weak<Node>,
}

impl Learning {
    /// Learns into `node`'s storage.
    pub fn new(node: Weak<Node>) -> Learning {
        Learning { node }
    }
}

impl Subscriber for Learning {
    fn hear(&self, event: &GameEvent) -> Option<Later> {
        match event {
            GameEvent::Opening { learner, rules, .. } => {
                let node = self.node.upgrade()?;
                let (learner, rules) = (learner.clone(), rules.clone());
                Some(Box::pin(async move {
                    let who = learner.short();
                    match node.db(move |db| prior_for(db, &learner, &rules)).await {
                        Ok(Some(prior)) => Heard::Prior(prior),
                        Ok(None) => Heard::Noted,
                        // The plain expert plays.
                        Err(e) => {
                            tracing::warn!(player = %who, error = %e, "what was learned could not be read; the plain expert plays");
                            Heard::Noted
                        }
                    }
                }))
            }
            GameEvent::Ended(end) => {
                let (learner, fleet) = end.lesson.clone()?;
                let node = self.node.upgrade()?;
                let rules = end.rules.to_string();
                Some(Box::pin(async move {
                    let who = learner.short();
                    // The game's result does not depend on it.
                    if let Err(e) = node
                        .db(move |db| db.remember(&learner, &rules, &fleet))
                        .await
                    {
                        tracing::warn!(player = %who, error = %e, "the fleet could not be learned");
                    }
                    Heard::Noted
                }))
            }
            _ => None,
        }
    }
}

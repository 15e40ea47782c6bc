//! The games' part in the lobby, heard on the bus: a game is listed while it is an open
//! game waiting for an opponent, counted while it is being played, and forgotten when
//! it leaves memory however it ends. Only listed games are kept here (their place in
//! the list); the played ones are a count.

use super::Lobby;
use crate::bus::{GameEvent, Later, Subscriber};
use crate::ids::GameId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The lobby's ear on the bus.
pub struct Tally {
    lobby: Arc<Lobby>,
    /// Each listed game's place in the list.
    places: Mutex<HashMap<GameId, u64>>,
}

impl Tally {
    /// A tally keeping `lobby`.
    pub fn new(lobby: Arc<Lobby>) -> Tally {
        Tally {
            lobby,
            places: Mutex::default(),
        }
    }

    fn places(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, u64>> {
        self.places.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl Subscriber for Tally {
    fn hear(&self, event: &GameEvent) -> Option<Later> {
        match event {
            GameEvent::Listing { game, listed } => {
                let mut places = self.places();
                match (places.get(game).copied(), listed) {
                    // Changed in place (its player's rating was read): it keeps its place.
                    (Some(at), Some(g)) => self.lobby.relist(at, game, g.clone()),
                    (Some(at), None) => {
                        self.lobby.unlist(at);
                        places.remove(game);
                    }
                    (None, Some(g)) => {
                        places.insert(game.clone(), self.lobby.list(game, g.clone()));
                    }
                    (None, None) => {}
                }
            }
            GameEvent::Playing { playing } => self.lobby.count_playing(*playing),
            GameEvent::Closed {
                game,
                listed,
                playing,
            } => {
                if *listed && let Some(at) = self.places().remove(game) {
                    self.lobby.unlist(at);
                }
                if *playing {
                    self.lobby.count_playing(false);
                }
            }
            _ => {}
        }
        None
    }
}

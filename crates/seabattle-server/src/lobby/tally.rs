//! The games' part in the lobby, heard on the bus: a game is listed while it is an open
//! game waiting for an opponent, counted while it is being played, and forgotten when
//! it leaves memory however it ends.

use super::Lobby;
use crate::bus::{GameEvent, Later, Subscriber};
use crate::ids::GameId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// What each game of this node has in the lobby: its place in the list, if listed, and
/// whether it is counted as played.
#[derive(Default)]
struct Part {
    listed: Option<u64>,
    playing: bool,
}

/// The lobby's ear on the bus.
pub struct Tally {
    lobby: Arc<Lobby>,
    parts: Mutex<HashMap<GameId, Part>>,
}

impl Tally {
    /// A tally keeping `lobby`.
    pub fn new(lobby: Arc<Lobby>) -> Tally {
        Tally {
            lobby,
            parts: Mutex::default(),
        }
    }
}

impl Subscriber for Tally {
    fn hear(&self, event: &GameEvent) -> Option<Later> {
        let (GameEvent::Listing { game, .. } | GameEvent::Closed { game }) = event else {
            return None;
        };
        let lobby = &self.lobby;
        let mut parts = self.parts.lock().unwrap_or_else(|p| p.into_inner());
        let mut part = parts.remove(game).unwrap_or_default();
        let (listed, playing) = match event {
            GameEvent::Listing {
                listed, playing, ..
            } => (listed.clone(), *playing),
            _ => (None, false),
        };
        part.listed = match (part.listed, listed) {
            // Changed in place (its player's rating was read): it keeps its place.
            (Some(at), Some(g)) => {
                lobby.relist(at, game, g);
                Some(at)
            }
            (Some(at), None) => {
                lobby.unlist(at);
                None
            }
            (None, Some(g)) => Some(lobby.list(game, g)),
            (None, None) => None,
        };
        if playing != part.playing {
            part.playing = playing;
            lobby.count_playing(playing);
        }
        if part.listed.is_some() || part.playing {
            parts.insert(game.clone(), part);
        }
        None
    }
}

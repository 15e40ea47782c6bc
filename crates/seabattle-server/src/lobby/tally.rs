//! A game's part in the lobby, kept by its task: listed while it is an open game
//! waiting for an opponent, counted while it is being played. Updated after every
//! message the game handles, and undone when the task ends however it ends.

use crate::game::room::Room;
use crate::hub::SharedHub;
use crate::protocol::OpenGameJson;
use std::sync::Arc;

/// What a game's task has put in the lobby.
pub struct Tally {
    hub: SharedHub,
    /// Its place in the list and how it is listed. Boxed: every game's task carries a
    /// tally, and few games are open ones.
    listed: Option<Box<(u64, OpenGameJson)>>,
    playing: bool,
}

impl Tally {
    /// Nothing yet.
    pub fn new(hub: &SharedHub) -> Tally {
        Tally {
            hub: Arc::clone(hub),
            listed: None,
            playing: false,
        }
    }

    /// Brings the lobby up to date with `room`.
    pub fn update(&mut self, room: &Room) {
        let listing = room.listing();
        if self.listed.as_ref().map(|l| &l.1) != listing.as_ref() {
            let lobby = &self.hub.lobby;
            self.listed = match (self.listed.take(), listing) {
                // Changed in place (its player's rating was read): it keeps its place.
                (Some(l), Some(g)) => {
                    lobby.relist(l.0, room.id(), g.clone());
                    Some(Box::new((l.0, g)))
                }
                (Some(l), None) => {
                    lobby.unlist(l.0);
                    None
                }
                (None, Some(g)) => Some(Box::new((lobby.list(room.id(), g.clone()), g))),
                (None, None) => None,
            };
        }
        let playing = room.being_played();
        if playing != self.playing {
            self.playing = playing;
            self.hub.lobby.count_playing(playing);
        }
    }
}

impl Drop for Tally {
    fn drop(&mut self) {
        if let Some(l) = self.listed.take() {
            self.hub.lobby.unlist(l.0);
        }
        if self.playing {
            self.hub.lobby.count_playing(false);
        }
    }
}

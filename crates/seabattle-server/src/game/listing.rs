//! A game's part in the lobby, published by its task: listed while it is an open game
//! waiting for an opponent, counted while it is being played. Told on the bus when
//! either changes, and [`GameEvent::Closed`] when the task ends however it ends, so the
//! lobby forgets it. Every game's task carries one: it holds no more than the lobby's
//! own note of it used to.

use super::room::Room;
use crate::bus::GameEvent;
use crate::ids::GameId;
use crate::node::SharedNode;
use crate::protocol::OpenGameJson;
use std::sync::Arc;

/// What a game's task last told of its part in the lobby.
pub struct Listing {
    node: SharedNode,
    /// The game and its listing, while listed. Boxed: few games are open ones.
    listed: Option<Box<(GameId, OpenGameJson)>>,
    playing: bool,
}

impl Listing {
    /// Nothing told yet.
    pub fn new(node: &SharedNode) -> Listing {
        Listing {
            node: Arc::clone(node),
            listed: None,
            playing: false,
        }
    }

    /// Tells the lobby of `room` if its part changed.
    pub fn update(&mut self, room: &Room) {
        let listed = room.listing();
        if self.listed.as_ref().map(|l| &l.1) != listed.as_ref() {
            self.listed = listed.clone().map(|g| Box::new((room.id().clone(), g)));
            self.node.bus.tell(GameEvent::Listing {
                game: room.id().clone(),
                listed,
            });
        }
        let playing = room.being_played();
        if playing != self.playing {
            self.playing = playing;
            self.node.bus.tell(GameEvent::Playing { playing });
        }
    }
}

impl Drop for Listing {
    fn drop(&mut self) {
        let Some(game) = self.listed.take().map(|l| l.0) else {
            if self.playing {
                self.node.bus.tell(GameEvent::Playing { playing: false });
            }
            return;
        };
        self.node.bus.tell(GameEvent::Closed {
            game,
            listed: true,
            playing: self.playing,
        });
    }
}

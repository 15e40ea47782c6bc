//! A game's part in the lobby, published by its task: listed while it is an open game
//! waiting for an opponent, counted while it is being played. Told on the bus when
//! either changes, and [`GameEvent::Closed`] when the task ends however it ends, so the
//! lobby forgets it.

use super::room::Room;
use crate::bus::GameEvent;
use crate::node::SharedNode;
use crate::protocol::OpenGameJson;
use std::sync::Arc;

/// What a game's task last told of its part in the lobby.
pub struct Listing {
    node: SharedNode,
    game: crate::ids::GameId,
    /// Boxed: every game's task carries one, and few games are open ones.
    listed: Option<Box<OpenGameJson>>,
    playing: bool,
}

impl Listing {
    /// Nothing told yet.
    pub fn new(node: &SharedNode, room: &Room) -> Listing {
        Listing {
            node: Arc::clone(node),
            game: room.id().clone(),
            listed: None,
            playing: false,
        }
    }

    /// Tells the lobby of `room` if its part changed.
    pub fn update(&mut self, room: &Room) {
        let listed = room.listing();
        let playing = room.being_played();
        if self.listed.as_deref() == listed.as_ref() && self.playing == playing {
            return;
        }
        self.listed = listed.clone().map(Box::new);
        self.playing = playing;
        self.node.bus.tell(GameEvent::Listing {
            game: self.game.clone(),
            listed,
            playing,
        });
    }
}

impl Drop for Listing {
    fn drop(&mut self) {
        self.node.bus.tell(GameEvent::Closed {
            game: self.game.clone(),
        });
    }
}

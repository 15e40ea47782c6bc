//! The games' bus (as lila's `Bus`): a game publishes what happened to it as a typed
//! [`GameEvent`], and the features that must hear of it (ratings, arenas, learning, the
//! lobby) subscribe at start-up. The game names none of them; a new feature subscribes
//! here and the game is not edited.
//!
//! A subscriber hears an event in the publisher's task, in the order they subscribed.
//! What must happen at once (the lobby's counts) happens in the call; slower work
//! (storage) comes back as a [`Later`] that the game awaits before it goes on, so a
//! player told of the end finds the rating and the arena's score already stored. A
//! subscriber may answer with a [`Heard`] the game acts on (a rating change for the
//! result, a refusal of berserk); most answer [`Heard::Noted`].
//!
//! Another node hears of a game through storage and the cluster's notices
//! (`cluster/listen.rs`), not through this bus: it is in-process.

pub mod event;

pub use event::{Ended, GameEvent, Heard};

use futures_util::future::BoxFuture;
use std::sync::{Arc, RwLock};

/// A subscriber's slower part of hearing an event, awaited by the game.
pub type Later = BoxFuture<'static, Heard>;

/// A feature that hears the games' events.
pub trait Subscriber: Send + Sync + 'static {
    /// Hears `event`. Returns the work the game must wait for, if any.
    fn hear(&self, event: &GameEvent) -> Option<Later>;
}

/// The subscribers, in the order they subscribed.
#[derive(Default)]
pub struct Bus {
    subscribers: RwLock<Vec<Arc<dyn Subscriber>>>,
}

impl Bus {
    /// Adds `s`: it hears every event published from now on.
    pub fn subscribe(&self, s: Arc<dyn Subscriber>) {
        self.subscribers
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .push(s);
    }

    fn all(&self) -> Vec<Arc<dyn Subscriber>> {
        self.subscribers
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Publishes `event` and waits for every subscriber's slower part; returns their
    /// answers other than [`Heard::Noted`], in subscription order.
    pub async fn publish(&self, event: GameEvent) -> Vec<Heard> {
        let mut heard = Vec::new();
        for s in self.all() {
            if let Some(later) = s.hear(&event) {
                match later.await {
                    Heard::Noted => {}
                    h => heard.push(h),
                }
            }
        }
        heard
    }

    /// Publishes `event` where nothing can wait (a game's task ending): the subscribers'
    /// slower parts run on their own, and their answers are dropped.
    pub fn tell(&self, event: GameEvent) {
        for s in self.all() {
            if let Some(later) = s.hear(&event) {
                tokio::spawn(later);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::GameId;
    use std::sync::Mutex;

    /// Notes what it hears, and answers a berserk with a half clock of 7.
    #[derive(Default)]
    struct Ear(Mutex<Vec<String>>);

    impl Subscriber for Ear {
        fn hear(&self, event: &GameEvent) -> Option<Later> {
            self.0.lock().unwrap().push(format!("{event:?}"));
            match event {
                GameEvent::Berserk { .. } => Some(Box::pin(async { Heard::MoveLimit(7) })),
                _ => None,
            }
        }
    }

    #[tokio::test]
    async fn every_subscriber_hears_in_order_and_the_publisher_gets_their_answers() {
        let bus = Bus::default();
        let (a, b) = (Arc::new(Ear::default()), Arc::new(Ear::default()));
        bus.subscribe(a.clone());
        bus.subscribe(b.clone());
        let game = GameId::random();
        let heard = bus
            .publish(GameEvent::Berserk {
                game: game.clone(),
                seat: seabattle_core::Player::One,
            })
            .await;
        assert!(
            matches!(heard.as_slice(), [Heard::MoveLimit(7), Heard::MoveLimit(7)]),
            "{heard:?}"
        );
        let quiet = bus
            .publish(GameEvent::Closed {
                game,
                listed: true,
                playing: false,
            })
            .await;
        assert!(quiet.is_empty(), "{quiet:?}");
        for ear in [a, b] {
            let got = ear.0.lock().unwrap();
            assert_eq!(got.len(), 2);
            assert!(got[0].starts_with("Berserk"), "{got:?}");
            assert!(got[1].starts_with("Closed"), "{got:?}");
        }
    }
}

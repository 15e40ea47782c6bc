//! The timer of the server's background work (the game sweep, erasing old rows, the
//! lease and log watches, the lobby): a tick every period, a late tick not made up
//! for, and no tick once the server closes.

use std::time::Duration;
use tokio::sync::watch;
use tokio::time::{Interval, MissedTickBehavior};

/// Ticks every period until the server closes.
pub struct Ticker {
    tick: Interval,
    closing: watch::Receiver<bool>,
}

impl Ticker {
    /// A timer of `period` that stops when `closing` turns true. Its first tick is at
    /// once.
    pub fn new(period: Duration, closing: &watch::Receiver<bool>) -> Ticker {
        let mut tick = tokio::time::interval(period);
        tick.set_missed_tick_behavior(MissedTickBehavior::Delay);
        Ticker {
            tick,
            closing: closing.clone(),
        }
    }

    /// Waits for the next tick: `true`, or `false` once the server is closing.
    pub async fn next(&mut self) -> bool {
        tokio::select! {
            _ = self.tick.tick() => true,
            _ = self.closing.wait_for(|c| *c) => false,
        }
    }
}

//! The arenas' state on this node, a leaf the hub may hold without naming the arenas'
//! code: the runner's wake-up.

/// This node's part of the arenas: the runner's wake-up, rung when an arena's game
/// ends so its players are paired again at once.
#[derive(Default)]
pub struct ArenaRunner {
    pub(super) wake: tokio::sync::Notify,
}

impl ArenaRunner {
    /// Wakes the runner.
    pub fn wake(&self) {
        self.wake.notify_one();
    }
}

//! Abandoned games leave memory: a game still in placement `placement_expiry` after it
//! came into memory, or a battle whose players have both been away for `away_expiry`
//! (the computer counts as away), is closed. Its moves stay stored and its result is
//! marked `abandoned`; a player who comes back is told so (`abandoned`). The same sweep
//! makes a BOT's seat that keeps a person waiting for its fleet resign
//! ([`crate::game::forfeit`]).

use crate::game::msg::GameMsg;
use crate::node::SharedNode;
use std::time::Duration;

/// Starts the sweep, every quarter of the shorter expiry (between 20 ms and 30 s),
/// until the server closes.
pub fn start(node: SharedNode) {
    let limits = &node.config.limits;
    let every = (limits
        .placement_expiry
        .min(limits.away_expiry)
        .min(node.config.bot_placement)
        / 4)
    .clamp(Duration::from_millis(20), Duration::from_secs(30));
    tokio::spawn(async move {
        let mut ticker = crate::ticker::Ticker::new(every, &node.closing);
        while ticker.next().await {
            sweep(&node).await;
        }
    });
}

/// Closes every expired game in memory, each in its own task.
async fn sweep(node: &SharedNode) {
    for h in node.all_rooms() {
        // A game that left memory meanwhile needs no closing.
        let _ = h.ask(|reply| GameMsg::Expire { reply }).await;
    }
}

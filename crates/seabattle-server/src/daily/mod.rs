//! The daily sea (issue 41): one classic fleet a day, the same for everyone, drawn at
//! 00:00 UTC. Its SHA-256 commitment is public at once; the fleet and salt are shown
//! the next day, so anyone can check the puzzle never changed ([`commit`]). A player
//! shoots until every ship is sunk, refereed shot by shot by the server ([`play`]); the
//! score is the number of shots. One attempt per account (or guest) a day; only
//! accounts are ranked. Afterwards: the day's histogram, the expert computer's score
//! on the same fleet, the player's streak and best, and a result to share that spoils
//! nothing ([`share`]). The day is stored, so every node and every restart plays the
//! same one ([`store`]).

pub mod commit;
pub mod day;
pub mod draw;
mod drawing;
pub mod http;
pub mod play;
pub mod profile;
pub mod results;
pub mod share;
pub mod store;
pub mod streak;
mod who;

use crate::error::{Failure, StoreError};
use crate::hub::SharedHub;
use day::Day;
pub use drawing::Daily;
use std::sync::Arc;
use std::time::Duration;
use store::StoredDay;

pub use http::routes;

/// The day `day` as stored, drawn first if it is today and nobody drew it yet (here
/// or on another node). A past day that was never drawn stays undrawn: `None`.
pub async fn day(hub: &SharedHub, day: Day) -> Result<Option<StoredDay>, Failure> {
    if let Some(d) = hub.db(move |db| db.daily_day(day)).await? {
        return Ok(Some(d));
    }
    if day != hub.config.daily_clock.today() {
        return Ok(None);
    }
    let _drawing = hub.daily.drawing.lock().await;
    if let Some(d) = hub.db(move |db| db.daily_day(day)).await? {
        return Ok(Some(d));
    }
    let started = std::time::Instant::now();
    let drawn = tokio::task::spawn_blocking(move || draw::draw(day))
        .await
        .map_err(|e| {
            Failure::Store(StoreError::Unavailable {
                what: "the daily sea's draw",
                source: Some(Arc::new(e)),
            })
        })?
        .map_err(|e| Failure::Referee(format!("the daily sea of {day}: {}", e.0)))?;
    let now = hub.config.daily_clock.now_secs();
    let stored = hub.db(move |db| db.add_daily_day(&drawn, now)).await?;
    let ms = started.elapsed().as_millis();
    tracing::info!(day = %day, commitment = %stored.commitment, draw_ms = ms, "the daily sea is drawn");
    Ok(Some(stored))
}

/// How often the drawer looks at the clock: a test that moves the clock past midnight
/// sees the new day drawn within this, and a request draws it at once anyway.
const LOOK_EVERY: Duration = Duration::from_secs(60);

/// Draws each day as it begins at 00:00 UTC, until the server closes, so the
/// commitment is public from the first minute of the day. A server that starts draws
/// nothing at once (a restart finds the day stored, and a day nobody drew yet is drawn
/// by its first request): starting stays cheap, and so do the tests' many servers.
pub fn start(hub: &SharedHub) {
    let hub = Arc::clone(hub);
    tokio::spawn(async move {
        let mut closing = hub.closing.clone();
        let mut seen = hub.config.daily_clock.today();
        loop {
            let secs = hub.config.daily_clock.secs_to_midnight();
            let wait = Duration::from_secs(secs.clamp(1, 86_400).unsigned_abs()).min(LOOK_EVERY);
            tokio::select! {
                _ = tokio::time::sleep(wait) => {}
                _ = closing.wait_for(|c| *c) => return,
            }
            let today = hub.config.daily_clock.today();
            if today == seen {
                continue;
            }
            match day(&hub, today).await {
                Ok(_) => seen = today,
                Err(e) => {
                    tracing::warn!(day = %today, error = %e, "drawing the daily sea failed; it is tried again");
                }
            }
        }
    });
}

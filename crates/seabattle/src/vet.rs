//! Rules the drawing commands (`place`, `bench`, `arena`) work under must let a fleet be
//! drawn in reasonable time: the check the server makes before it creates a game, with
//! more room, so a hopeless draw is refused at once with the reason instead of running
//! for minutes.

use anyhow::anyhow;
use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_core::{Placer, Rules};
use std::time::{Duration, Instant};

/// How long the trial draw may take.
pub const DRAW_BUDGET: Duration = Duration::from_secs(1);

/// Whether a fleet of `rules` can be drawn within [`DRAW_BUDGET`].
pub fn drawable(rules: &Rules) -> anyhow::Result<()> {
    let deadline = Instant::now() + DRAW_BUDGET;
    let mut rng = StdRng::seed_from_u64(0);
    Placer::new(rules)
        .sample_until(&mut rng, &mut |_| Instant::now() < deadline)
        .map(|_| ())
        .map_err(|e| {
            anyhow!(
                "rules {rules}: no fleet could be drawn within {} s ({} random attempts): \
                 they leave too little room for a uniform draw (the game server refuses \
                 them too); use a bigger board or fewer ships",
                DRAW_BUDGET.as_secs(),
                e.attempts
            )
        })
}

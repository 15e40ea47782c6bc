//! One game of `bench`: a shooter against a fleet until it is sunk, with the time of
//! every decision; shared by the plain benchmark and `bench --habits`.

use rand::rngs::StdRng;
use seabattle_bots::History;
use seabattle_core::view::TargetBoard;
use seabattle_core::{Fleet, Rules, Sea};
use std::time::Instant;

/// One game's figures.
pub(super) struct GameResult {
    /// Shots to sink the fleet.
    pub(super) shots: usize,
    /// Decisions (volleys) made.
    pub(super) decisions: usize,
    /// Seconds spent deciding.
    pub(super) seconds: f64,
    /// The slowest decision, in seconds.
    pub(super) worst: f64,
    /// Every decision's time, in milliseconds, in order (for percentiles).
    pub(super) times_ms: Vec<f32>,
    /// Every decision's CPU time of its thread, in milliseconds (empty where the
    /// system does not tell it).
    pub(super) cpu_ms: Vec<f32>,
    /// Seconds spent turning the history into the game's prior (with --learn).
    pub(super) learning: f64,
}

/// A seed per game, the same whatever thread plays it.
pub(super) fn game_seed(seed: u64, game: usize) -> u64 {
    let mut x = seed ^ (game as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^ (x >> 31)
}

/// The history game `game` of a --learn run starts from: the fleets of the games played
/// before it, which have ended; never its own or a later one's.
pub(super) fn history_before(rules: &Rules, fleets: &[Fleet], game: usize) -> History {
    let mut history = History::new(rules);
    for fleet in fleets.iter().take(game) {
        // Every fleet was drawn or read under these rules: none is refused.
        let _ = history.record(fleet);
    }
    history
}

/// Plays one board to the end. Volleys (salvo) are as many shots as the shooter's own
/// fleet would have afloat if it were never hit: the bench has no second board. A hit
/// flying ship (the Flying Dutchman) moves as the computer moves its own: uniformly
/// among the legal places.
pub(super) fn play_one(
    rules: &Rules,
    shooter: &mut dyn seabattle_bots::Shooter,
    fleet: Fleet,
    rng: &mut StdRng,
) -> GameResult {
    let mut sea = Sea::new(fleet);
    let mut view = TargetBoard::new(rules);
    let mut r = GameResult {
        shots: 0,
        decisions: 0,
        seconds: 0.0,
        worst: 0.0,
        times_ms: Vec::new(),
        cpu_ms: Vec::new(),
        learning: 0.0,
    };
    while !sea.all_sunk() {
        let count = rules.volley_size(
            rules.fleet().len(),
            rules.dims().area() - sea.incoming().len(),
        );
        let cpu = super::cputime::thread_cpu();
        let t = Instant::now();
        let cells = shooter.choose(rules, &view, count, rng);
        let dt = t.elapsed().as_secs_f64();
        if let (Some(a), Some(b)) = (cpu, super::cputime::thread_cpu()) {
            r.cpu_ms
                .push(((b.saturating_sub(a)).as_secs_f64() * 1000.0) as f32);
        }
        r.decisions += 1;
        r.seconds += dt;
        r.worst = r.worst.max(dt);
        r.times_ms.push((dt * 1000.0) as f32);
        for c in cells {
            // A shooter that picks a cell twice wastes nothing but its own turn.
            if let Ok(shot) = sea.fire(c) {
                view.record(c, &shot);
                r.shots += 1;
            }
        }
        if let Some((_, decks)) = sea.relocation_due()
            && let Some(ship) =
                seabattle_bots::computer::relocate(rules, decks, sea.incoming(), rng)
            && sea.relocate(&ship.0).is_ok()
        {
            view.relocated();
        }
    }
    r
}

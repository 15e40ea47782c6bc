//! What game analysis (issue 50) costs and says: the median time to analyse a classic
//! game of about 100 shots (expert against expert, hardness apart), the time of the
//! hardness figures, and the mean accuracy of the `expert` level and of a random
//! shooter over 20 games each.
//!
//! `cargo run --release -p seabattle-bots --example analysis_bench [GAMES [HARDNESS_PARTICLES]]`

use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_bots::analysis::{Options, Verdict, analyse};
use seabattle_bots::{Level, ShooterKind};
use seabattle_core::{Game, GameRecord, Outcome, Placer, Player, Rules};
use std::time::Instant;

/// A classic game between two shooters of `kind`, played to its end.
fn play(rules: &Rules, kind: ShooterKind, seed: u64) -> GameRecord {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(rules.clone());
    let placer = Placer::new(rules);
    for p in Player::BOTH {
        let fleet = placer.sample(&mut rng).expect("classic draws");
        game.place(p, fleet).expect("placing");
    }
    game.start_with(Player::One).expect("starting");
    let mut shooters = [kind.build(), kind.build()];
    while game.outcome() == Outcome::InProgress {
        let Some(p) = game.to_move() else { break };
        let view = game.view(p).enemy;
        let cells = shooters[p.index()].choose(rules, &view, game.shots_due(p), &mut rng);
        game.fire(p, &cells).expect("a legal volley");
    }
    game.record().expect("a started game has a record")
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let full = Options {
        hardness_particles: std::env::args()
            .nth(2)
            .and_then(|s| s.parse().ok())
            .unwrap_or(Options::FULL.hardness_particles),
        ..Options::FULL
    };
    let rules = Rules::classic();
    let per_shot = Options {
        hardness_runs: 0,
        ..full
    };
    for (name, kind) in [
        ("expert", Level::Expert.shooter()),
        ("random", ShooterKind::Random),
    ] {
        let mut times = Vec::new();
        let (mut quality, mut shots, mut wasted, mut mistakes) = (0.0, 0usize, 0, 0);
        for g in 0..games {
            let record = play(&rules, kind, g);
            let start = Instant::now();
            let a = analyse(&record, g, &per_shot).expect("classic is supported");
            let secs = start.elapsed().as_secs_f64();
            times.push((secs, a.shots.len()));
            quality += a.shots.iter().map(|s| s.quality).sum::<f64>();
            shots += a.shots.len();
            wasted += a
                .shots
                .iter()
                .filter(|s| s.verdict == Verdict::Wasted)
                .count();
            mistakes += a
                .shots
                .iter()
                .filter(|s| s.verdict == Verdict::Mistake)
                .count();
        }
        times.sort_by(|a, b| a.0.total_cmp(&b.0));
        let (median, median_shots) = times[times.len() / 2];
        let per100 =
            times.iter().map(|t| t.0 / t.1 as f64 * 100.0).sum::<f64>() / times.len() as f64;
        println!(
            "{name} vs {name}, {games} classic games: accuracy {:.1}% ({shots} shots, {wasted} wasted, {mistakes} mistakes); \
             analysis median {median:.3} s for a {median_shots}-shot game, mean {per100:.3} s per 100 shots",
            100.0 * quality / shots as f64,
        );
    }
    // Hardness: the costly part, timed on its own. The first game also works out the
    // uniform yardstick, which later games under the same rules reuse.
    for seed in [1000, 1001] {
        let record = play(&rules, Level::Expert.shooter(), seed);
        let start = Instant::now();
        let a = analyse(&record, seed, &full).expect("classic is supported");
        let secs = start.elapsed().as_secs_f64();
        for p in Player::BOTH {
            let side = &a.sides[p.index()];
            let fleet = a.fleets.as_ref().map(|f| &f[p.index()]);
            println!(
                "game {seed}, player {p}: accuracy {:.1}%, luck {:+.2}, {} shots, {} hits; \
                 the expert needs {:.1} shots at the fleet it faced; own fleet {fleet:?}",
                side.accuracy_percent,
                side.luck,
                side.shots,
                side.hits,
                side.expert_shots.unwrap_or(f64::NAN),
            );
        }
        println!(
            "game {seed}: full analysis with hardness ({} runs, {} particles): {secs:.2} s",
            full.hardness_runs, full.hardness_particles
        );
    }
}

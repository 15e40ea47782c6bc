//! How the knobs of the careless shooters ([`Casual`]) set their strength: mean shots
//! to sink a uniform `classic` fleet for a grid of settings, and for the `easy` and
//! `medium` levels as set. This is how the levels' knobs were chosen.
//!
//! `cargo run --release -p seabattle-bots --example levels [GAMES] [SEED]`

use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_bots::casual::Casual;
use seabattle_bots::{PlacerKind, Shooter};
use seabattle_core::view::TargetBoard;
use seabattle_core::{Rules, Sea};

/// Mean and standard error of the shots `shooter` needs over `games` uniform boards.
fn measure(shooter: &mut dyn Shooter, rules: &Rules, games: usize, seed: u64) -> (f64, f64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let shots: Vec<f64> = (0..games)
        .map(|_| {
            let fleet = PlacerKind::Uniform
                .place(rules, &mut rng)
                .expect("classic draws");
            let mut sea = Sea::new(fleet);
            let mut view = TargetBoard::new(rules);
            let mut n = 0;
            while !sea.all_sunk() {
                for c in shooter.choose(rules, &view, 1, &mut rng) {
                    if let Ok(shot) = sea.fire(c) {
                        view.record(c, &shot);
                        n += 1;
                    }
                }
            }
            f64::from(n)
        })
        .collect();
    let n = shots.len() as f64;
    let mean = shots.iter().sum::<f64>() / n;
    let var = shots.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, (var / n).sqrt())
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let rules = Rules::classic();
    println!("classic, uniform boards, {games} games, seed {seed}");
    for line in [true, false] {
        for forget in [0.0, 0.25, 0.5, 0.75, 1.0] {
            let (m, se) = measure(&mut Casual { forget, line }, &rules, games, seed);
            println!("line {line:<5} forget {forget:.2}: {m:.2} ± {se:.2}");
        }
    }
    for (name, mut level) in [("easy", Casual::BEGINNER), ("medium", Casual::CASUAL)] {
        let (m, se) = measure(&mut level, &rules, games, seed);
        println!("{name}: {level:?}: {m:.2} ± {se:.2}");
    }
}

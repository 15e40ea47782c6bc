//! How long a pairing wave takes: `cargo run --release -p seabattle-arena
//! --example pairing_bench`. Prints the median and the 99th percentile over 50 waves
//! of 100, 1,000 and 10,000 waiting players (random ranks and ratings from a fixed
//! seed, each with a last opponent). The target: 1,000 in under 50 ms.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use seabattle_arena::{Candidate, pair};
use std::time::Instant;

fn main() {
    let mut rng = StdRng::seed_from_u64(41);
    for n in [100usize, 1_000, 10_000] {
        let runs = if n > 1_000 { 10 } else { 50 };
        let mut ms = Vec::new();
        for _ in 0..runs {
            let mut ranks: Vec<u32> = (1..=n as u32).collect();
            for i in (1..ranks.len()).rev() {
                ranks.swap(i, rng.random_range(0..=i));
            }
            let w: Vec<Candidate<u32>> = (0..n as u32)
                .map(|i| Candidate {
                    id: i,
                    rank: ranks[i as usize],
                    rating: rng.random_range(800..2600),
                    last_opponent: Some(i ^ 1),
                    waited_ms: 5_000,
                })
                .collect();
            let started = Instant::now();
            let pairs = pair(&w);
            ms.push(started.elapsed().as_secs_f64() * 1e3);
            assert!(pairs.len() >= n / 2 - 1);
        }
        ms.sort_by(f64::total_cmp);
        let p99 = ms[((ms.len() as f64 * 0.99).ceil() as usize).min(ms.len()) - 1];
        println!(
            "pairing {n:>6} waiting: median {:.2} ms, p99 {:.2} ms ({runs} waves)",
            ms[ms.len() / 2],
            p99
        );
    }
}

//! `cargo bench -p seabattle-core`: legal fleets drawn per second and shots resolved per
//! second. Criterion prints each as a throughput in elements per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_core::{Game, Placer, Player, Preset};
use std::hint::black_box;

fn placement(c: &mut Criterion) {
    let mut group = c.benchmark_group("uniform placement");
    group.throughput(Throughput::Elements(1));
    for preset in Preset::ALL {
        let placer = Placer::new(&preset.rules());
        let mut rng = StdRng::seed_from_u64(1);
        group.bench_function(preset.name(), |b| {
            b.iter(|| black_box(placer.sample(&mut rng).unwrap()))
        });
    }
    group.finish();
}

fn shots(c: &mut Criterion) {
    // Whole classic games, every cell shot in a fixed order: shots per second.
    let rules = Preset::Classic.rules();
    let placer = Placer::new(&rules);
    let mut rng = StdRng::seed_from_u64(2);
    let fleets: Vec<_> = (0..64).map(|_| placer.sample(&mut rng).unwrap()).collect();
    let order: Vec<_> = rules.dims().cells().collect();
    let mut total = 0u64;
    let mut games = Vec::new();
    for pair in fleets.chunks(2) {
        let mut g = Game::new(rules.clone());
        g.place(Player::One, pair[0].clone()).unwrap();
        g.place(Player::Two, pair[1].clone()).unwrap();
        g.start_with(Player::One).unwrap();
        let mut probe = g.clone();
        let mut next = [0usize; 2];
        while let Some(p) = probe.to_move() {
            probe.shoot(p, order[next[p.index()]]).unwrap();
            next[p.index()] += 1;
            total += 1;
        }
        games.push(g);
    }
    let mut group = c.benchmark_group("shots");
    group.throughput(Throughput::Elements(total));
    group.bench_function("classic games, shots resolved", |b| {
        b.iter(|| {
            for g in &games {
                let mut g = g.clone();
                let mut next = [0usize; 2];
                while let Some(p) = g.to_move() {
                    black_box(g.shoot(p, order[next[p.index()]]).unwrap());
                    next[p.index()] += 1;
                }
            }
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(3));
    targets = placement, shots
}
criterion_main!(benches);

//! The computer against the Flying Dutchman: it forgets where a ship it hit stood, it
//! finishes a ship that had nowhere to go, its moves are legal, and it beats chance.

use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_bots::dutchman::LoneShip;
use seabattle_bots::{Level, PlacerKind, ShooterKind, choose_relocation};
use seabattle_core::view::TargetBoard;
use seabattle_core::{
    Coord, CoordSystem, Dims, Game, Outcome, Player, Preset, Rules, Sea, Shot, Verdict, audit,
};

fn c(s: &str) -> Coord {
    CoordSystem::Latin.parse(s, Dims::LARGEST).unwrap()
}

/// Shots `kind` needs to sink a uniformly placed, uniformly moving Dutchman.
fn shots_to_sink(rules: &Rules, kind: ShooterKind, rng: &mut StdRng) -> usize {
    let mut shooter = kind.build();
    let mut sea = Sea::new(PlacerKind::Uniform.place(rules, rng).unwrap());
    let mut view = TargetBoard::new(rules);
    let mut shots = 0;
    while !sea.all_sunk() {
        for cell in shooter.choose(rules, &view, 1, rng) {
            let shot = sea.fire(cell).unwrap();
            view.record(cell, &shot);
            shots += 1;
        }
        if let Some((_, decks)) = sea.relocation_due() {
            let to =
                seabattle_core::flying::random_move(rules, decks, sea.incoming(), rng).unwrap();
            sea.relocate(&to.iter().collect::<Vec<_>>()).unwrap();
            view.relocated();
        }
    }
    shots
}

#[test]
fn the_dutchman_shooters_beat_chance() {
    // A smaller board keeps the test quick; the bench plays the preset.
    let rules: Rules = "dutchman size=10x10 fleet=5".parse().unwrap();
    let mut rng = StdRng::seed_from_u64(5);
    let games = 30;
    let mean = |kind: ShooterKind, rng: &mut StdRng| {
        (0..games)
            .map(|_| shots_to_sink(&rules, kind, rng))
            .sum::<usize>() as f64
            / games as f64
    };
    let random = mean(ShooterKind::Random, &mut rng);
    let expert = mean(ShooterKind::Expert, &mut rng);
    let density = mean(ShooterKind::Density, &mut rng);
    // A ship that jumps anywhere after each hit leaves little to learn but the
    // misses: the gain over chance is small (see docs/variants.md), but it is there.
    assert!(expert < random, "expert {expert} vs random {random}");
    assert!(density < random, "density {density} vs random {random}");
}

#[test]
fn a_hit_left_behind_draws_no_target_mode() {
    let rules = Preset::Dutchman.rules();
    let mut rng = StdRng::seed_from_u64(9);
    let mut view = TargetBoard::new(&rules);
    view.record(c("j10"), &Shot::Hit);
    view.relocated();
    assert!(view.open_hits().is_empty());
    let lone = LoneShip::new(400);
    let counts = lone.coverage(&view, &mut rng);
    let at = |s: &str| counts[usize::from(c(s).row) * 20 + usize::from(c(s).col)];
    assert_eq!(at("j10"), 0, "the ship never returns to a shot cell");
    // Its neighbours are no likelier than other cells near the middle: no target mode.
    let near: u32 = ["i9", "j9", "k9", "i10", "k10", "i11", "j11", "k11"]
        .iter()
        .map(|s| at(s))
        .sum();
    let far: u32 = ["e5", "f5", "g5", "e6", "g6", "e7", "f7", "g7"]
        .iter()
        .map(|s| at(s))
        .sum();
    assert!(near < 2 * far && far < 2 * near, "near {near}, far {far}");
    // And every level spreads its next shots over the board.
    for level in Level::ALL {
        let mut shooter = level.shooter().build();
        let far_shots = (0..20)
            .map(|_| shooter.choose(&rules, &view, 1, &mut rng)[0])
            .filter(|s| s.col.abs_diff(9) > 1 || s.row.abs_diff(9) > 1)
            .count();
        assert!(far_shots > 0, "{level:?} only shoots around the old hit");
    }
}

#[test]
fn a_ship_that_could_not_move_is_finished() {
    // Rules where the ship does not fly: an open hit is a ship standing there.
    let rules: Rules = "20x20 fleet=6 shape=path".parse().unwrap();
    let mut rng = StdRng::seed_from_u64(4);
    let mut view = TargetBoard::new(&rules);
    view.record(c("j10"), &Shot::Hit);
    for level in Level::ALL {
        let mut shooter = level.shooter().build();
        let next = shooter.choose(&rules, &view, 1, &mut rng)[0];
        assert!(
            next.col.abs_diff(9) <= 1 && next.row.abs_diff(9) <= 1,
            "{level:?} shot {next}"
        );
    }
}

#[test]
fn computers_play_the_dutchman_to_the_end_with_legal_moves() {
    let rules: Rules = "dutchman size=12x12".parse().unwrap();
    let mut rng = StdRng::seed_from_u64(12);
    for kind in [ShooterKind::Hunt, ShooterKind::Expert] {
        let mut g = Game::new(rules.clone());
        for p in Player::BOTH {
            g.place(p, PlacerKind::Expert.place(&rules, &mut rng).unwrap())
                .unwrap();
        }
        g.start(&mut rng).unwrap();
        let mut shooters = [kind.build(), kind.build()];
        let mut moved = 0;
        while g.outcome() == Outcome::InProgress {
            if let Some(d) = g.duties().first().copied() {
                let to = choose_relocation(&g, d.player, &mut rng).unwrap();
                g.relocate(d.player, &to).unwrap();
                moved += 1;
                continue;
            }
            let p = g.to_move().unwrap();
            let view = g.view(p);
            let cells = shooters[p.index()].choose(&rules, &view.enemy, 1, &mut rng);
            g.fire(p, &cells).unwrap();
            assert!(g.moves().len() < 1000, "{kind} does not finish");
        }
        assert!(moved >= 5, "{kind}: the loser's ship moved after each hit");
        let rec = g.record().unwrap();
        assert_eq!(audit(&rec).verdict, Verdict::Stands(g.outcome()), "{kind}");
    }
}

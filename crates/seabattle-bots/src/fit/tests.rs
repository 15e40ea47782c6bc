use super::*;
use crate::PlacerKind;
use crate::habit::{HabitKind, Side};
use rand::SeedableRng;
use rand::rngs::StdRng;

fn fleets(placer: PlacerKind, n: usize, seed: u64) -> Vec<Vec<CellSet>> {
    let rules = Rules::classic();
    let mut rng = StdRng::seed_from_u64(seed);
    let habit = placer.player(&mut rng);
    (0..n)
        .map(|_| {
            let f = match habit {
                Some(h) => h.place(&rules, &mut rng).unwrap(),
                None => placer.place(&rules, &mut rng).unwrap(),
            };
            f.ships().iter().map(|s| s.cells()).collect()
        })
        .collect()
}

#[test]
fn a_uniform_player_gets_no_habit() {
    let mut none = 0;
    for seed in 0..6 {
        let l = learn(&Rules::classic(), &fleets(PlacerKind::Uniform, 10, seed)).unwrap();
        assert_eq!(l.habit, None, "seed {seed}");
        none += usize::from(l.table.is_none() || l.weight < 0.3);
    }
    assert!(
        none >= 5,
        "{none} of 6 uniform histories left (nearly) without habits"
    );
}

#[test]
fn a_habit_is_learned_and_named() {
    let f = fleets(PlacerKind::Habit(HabitKind::Half), 10, 1);
    let side = HabitKind::Half.player(&mut StdRng::seed_from_u64(1));
    let l = learn(&Rules::classic(), &f).unwrap();
    assert_eq!(l.habit, Some(side));
    assert!(l.weight > 0.9, "{}", l.weight);
    assert!(matches!(
        side,
        Habit::Half(Side::Left | Side::Right | Side::Top | Side::Bottom)
    ));
    let f = fleets(PlacerKind::Habit(HabitKind::Horizontal), 10, 2);
    assert_eq!(
        learn(&Rules::classic(), &f).unwrap().habit,
        Some(Habit::Horizontal)
    );
}

/// Ten fleets of a light border habit seldom reach the likelihood ratio that
/// names it, yet by Bayes' rule they make it as likely as uniform placement most
/// of the time; a uniform player's ten fleets seldom do that for any habit.
#[test]
fn ten_fleets_of_a_light_habit_weigh_it_before_they_name_it() {
    let rules = Rules::classic();
    let likely = |placer: PlacerKind, seeds: std::ops::Range<u64>| {
        let (mut named, mut likely) = (0, 0);
        for seed in seeds {
            let l = learn(&rules, &fleets(placer, 10, seed)).unwrap();
            named += usize::from(l.habit.is_some());
            likely += usize::from(l.named_weight >= 1.0);
        }
        (named, likely)
    };
    let (named, weighed) = likely(PlacerKind::Habit(HabitKind::HugLight), 0..20);
    assert!(
        weighed >= 12 && weighed > named,
        "of 20 light huggers {named} named, {weighed} as likely as uniform"
    );
    let (named, weighed) = likely(PlacerKind::Uniform, 20..40);
    assert!(
        named == 0 && weighed <= 2,
        "of 20 uniform players {named} named, {weighed} as likely as uniform"
    );
}

#[test]
fn the_pair_energy_follows_the_counts() {
    // A uniform placer's fleets: a third with no pair of big ships in one quarter,
    // the rest with one, two or three.
    let base = [0.3, 0.4, 0.2, 0.1];
    let never: Vec<usize> = vec![0; 12];
    let apart = pair_fit(&base, &never, 0.25);
    assert!(apart > 2.0, "{apart}");
    assert!(pair_score(&base, &never, apart) > 12.0 * 0.3f64.recip().ln() * 0.5);
    // Counts as a uniform placer gives them: next to no energy.
    let like: Vec<usize> = [0, 0, 0, 1, 1, 1, 1, 2, 2, 3].to_vec();
    assert!(pair_fit(&base, &like, 0.25).abs() < 0.3);
    // Big ships kept together: a negative energy.
    let together: Vec<usize> = vec![3; 8];
    assert!(pair_fit(&base, &together, 0.25) < -1.0);
    assert!(pair_score(&base, &like, 0.0).abs() < 1e-9);
}

#[test]
fn odds_too_small_to_matter_are_none() {
    assert_eq!(named_weight(-3.0, 12), 0.0);
    assert!((named_weight(3.0, 12) - 3f64.exp() / 12.0).abs() < 1e-12);
    assert_eq!(named_weight(NAMED, 12), MAX_ODDS);
}

#[test]
fn a_pair_term_is_learned_from_big_ships_kept_apart() {
    let f = fleets(PlacerKind::Habit(HabitKind::BigApart), 20, 3);
    let l = learn(&Rules::classic(), &f).unwrap();
    let (zones, pair) = l.pair.expect("a pair term");
    assert!(pair > 1.5, "{pair}");
    assert!(l.weight > 0.5, "{}", l.weight);
    // Quarters for the big ships' positions only.
    let lists = positions_by_size(&Rules::classic());
    for ((size, list), z) in lists.iter().zip(&zones) {
        assert_eq!(z.len(), list.len());
        assert_eq!(z.iter().all(|&q| q == u8::MAX), *size < 3, "size {size}");
    }
}

#[test]
fn a_uniform_player_gets_no_pair_term() {
    let kept = (10..16)
        .filter(|&seed| {
            let f = fleets(PlacerKind::Uniform, 20, seed);
            learn(&Rules::classic(), &f).unwrap().pair.is_some()
        })
        .count();
    assert!(kept <= 1, "{kept} of 6 uniform histories given a pair term");
}

#[test]
fn the_prior_weight_grows_with_the_held_out_gain() {
    assert_eq!(prior_weight(MARGIN), 0.0);
    assert!(prior_weight(MARGIN + 1.0) < 0.3);
    assert!(prior_weight(MARGIN + FULL_GAIN) < 1.0);
    assert!(prior_weight(MARGIN + FULL_GAIN + 4.0) > 5.0);
    assert_eq!(prior_weight(100.0), MAX_ODDS);
}

#[test]
fn solve_solves() {
    let mut a = [[0.0; F]; F];
    let mut b = [0.0; F];
    for i in 0..F {
        a[i][i] = 2.0;
        b[i] = i as f64;
    }
    a[0][1] = 1.0;
    a[1][0] = 1.0;
    let x = solve(a, b).unwrap();
    for i in 0..F {
        let ax: f64 = (0..F).map(|j| a[i][j] * x[j]).sum();
        assert!((ax - b[i]).abs() < 1e-9);
    }
}

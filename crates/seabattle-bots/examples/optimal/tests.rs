use super::*;

#[test]
fn one_decker_on_two_by_two() {
    // The ship is in each cell with probability 1/4 and every order of the four
    // cells is as good: (1 + 2 + 3 + 4) / 4 = 2.5 shots.
    let p = Problem::new(2, 2, &[1], Touch::None);
    let o = solve(&p, true);
    assert!((o.optimal - 2.5).abs() < 1e-12);
    assert!((o.greedy - 2.5).abs() < 1e-12);
    let (hunt, finish, strays) = o.regret.unwrap();
    assert!(hunt.abs() < 1e-12 && finish.abs() < 1e-12 && strays == 0.0);
}

#[test]
fn two_decker_on_one_by_three() {
    // Two positions; the middle cell is certain and shot first (a free hit), then
    // one of the ends: a miss half the time. 2 + 0.5 shots.
    let p = Problem::new(3, 1, &[2], Touch::Allowed);
    let o = solve(&p, false);
    assert!((o.optimal - 2.5).abs() < 1e-12);
    assert!((o.greedy - 2.5).abs() < 1e-12);
}

#[test]
fn greedy_never_beats_the_optimum_and_regret_adds_up() {
    for (w, h, sizes, touch) in [
        (3, 3, vec![2, 1], Touch::None),
        (3, 3, vec![2, 2], Touch::Allowed),
        (4, 3, vec![3, 1], Touch::Allowed),
        (4, 4, vec![2, 1], Touch::None),
        (4, 4, vec![2, 1], Touch::Allowed),
        (4, 3, vec![2, 2], Touch::None),
    ] {
        let p = Problem::new(w, h, &sizes, touch);
        let o = solve(&p, true);
        assert!(o.greedy >= o.optimal - 1e-9, "{w}x{h} {sizes:?}");
        let (hunt, finish, _) = o.regret.unwrap();
        let gap = o.greedy - o.optimal;
        assert!((hunt + finish - gap).abs() < 1e-9, "{w}x{h} {sizes:?}");
        // Branch and bound agrees with the plain minimum over every action.
        let mut s = Solver::new(&p);
        let mut memo = HashMap::new();
        let plain: f64 = p
            .roots()
            .iter()
            .map(|(w, r)| w * s.exhaustive(r, &mut memo))
            .sum::<f64>()
            + p.ship_cells() as f64;
        assert!((plain - o.optimal).abs() < 1e-9, "{w}x{h} {sizes:?}");
    }
}

#[test]
fn boards_match_the_rules_crate() {
    let p = Problem::new(5, 5, &[3, 2, 1], Touch::None);
    assert_eq!(rules_count(&p), Some(p.fleets.len()));
    let p = Problem::new(5, 5, &[2, 2, 1], Touch::Allowed);
    assert_eq!(rules_count(&p), Some(p.fleets.len()));
}

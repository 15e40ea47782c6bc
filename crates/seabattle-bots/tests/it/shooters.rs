//! Every shooter under every preset: it finishes every game, never shoots a cell it
//! already knows, and sees nothing but its view.

use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_bots::density::Density;
use seabattle_bots::{PlacerKind, ShooterKind};
use seabattle_core::placement::all_placements;
use seabattle_core::view::TargetBoard;
use seabattle_core::{CellSet, Coord, Fleet, Preset, Rules, Sea, Shot};

/// Plays one board to the end; checks every volley against what the view knew.
fn play(rules: &Rules, kind: ShooterKind, fleet: Fleet, rng: &mut StdRng) -> usize {
    let mut shooter = kind.build();
    let mut sea = Sea::new(fleet);
    let mut view = TargetBoard::new(rules);
    let mut shots = 0;
    while !sea.all_sunk() {
        let left = rules.dims().area() - sea.incoming().len();
        let count = rules.volley_size(rules.fleet().len(), left);
        let cells = shooter.choose(rules, &view, count, rng);
        assert_eq!(cells.len(), count, "{kind} under {rules}");
        let unknown = view.unknown();
        let distinct: CellSet = cells.iter().copied().collect();
        assert_eq!(distinct.len(), count, "{kind} named a cell twice");
        for &c in &cells {
            assert!(!view.shots().contains(c), "{kind} shot {c} again");
            // Known-empty cells are wasted shots; only a volley bigger than the unknown
            // cells may contain them.
            // (The careless people of the gentler levels forget some, on purpose.)
            assert!(
                unknown.contains(c) || count > unknown.len() || !kind.careful(),
                "{kind} shot {c}, known to be empty"
            );
            let shot = sea.fire(c).unwrap();
            view.record(c, &shot);
            shots += 1;
        }
        assert!(shots <= rules.dims().area(), "{kind} does not finish");
        // A hit flying ship moves, as the computer moves its own.
        if let Some((_, decks)) = sea.relocation_due() {
            let cells =
                seabattle_core::flying::random_move(rules, decks, sea.incoming(), rng).unwrap();
            sea.relocate(&cells.iter().collect::<Vec<_>>()).unwrap();
            view.relocated();
        }
    }
    shots
}

#[test]
fn every_shooter_finishes_every_preset() {
    let mut rng = StdRng::seed_from_u64(3);
    for preset in Preset::ALL {
        let rules = preset.rules();
        for kind in ShooterKind::ALL {
            for placer in PlacerKind::ALL {
                let fleet = placer.place(&rules, &mut rng).unwrap();
                let shots = play(&rules, kind, fleet, &mut rng);
                let cells: usize = rules.fleet().iter().map(|&s| usize::from(s)).sum();
                assert!(shots >= cells, "{kind} {preset}: {shots} shots");
            }
        }
    }
}

#[test]
fn styled_placers_follow_their_style() {
    let rules = Rules::classic();
    let mut rng = StdRng::seed_from_u64(4);
    for _ in 0..20 {
        let f = PlacerKind::Edge.place(&rules, &mut rng).unwrap();
        for ship in f.ships().iter().filter(|s| s.size() > 1) {
            assert!(
                ship.cells()
                    .iter()
                    .any(|c| c.col == 0 || c.row == 0 || c.col == 9 || c.row == 9)
            );
        }
        // Perelman: the multi-deckers sit in one corner's quarter-and-a-bit.
        let f = PlacerKind::Perelman.place(&rules, &mut rng).unwrap();
        let multi: Vec<Coord> = f
            .ships()
            .iter()
            .filter(|s| s.size() > 1)
            .flat_map(|s| s.iter())
            .collect();
        let corner_dist = |c: &Coord, cx: u8, cy: u8| c.col.abs_diff(cx).max(c.row.abs_diff(cy));
        let best = [(0, 0), (0, 9), (9, 0), (9, 9)]
            .iter()
            .map(|&(x, y)| multi.iter().map(|c| corner_dist(c, x, y)).max().unwrap())
            .min()
            .unwrap();
        assert!(
            best <= 6,
            "multi-deckers spread over {best} cells from the nearest corner"
        );
    }
}

/// With one ship afloat, density counts exactly the placements consistent with what is
/// known: the same as enumerating every legal board.
#[test]
fn density_matches_exact_enumeration_on_a_small_board() {
    let rules: Rules = "6x6 fleet=3".parse().unwrap();
    let mut view = TargetBoard::new(&rules);
    for c in [Coord::new(2, 2), Coord::new(0, 0), Coord::new(4, 1)] {
        view.record(c, &Shot::Miss);
    }
    let heat = Density::default().heat(&rules, &view);
    let boards = all_placements(&rules, 1 << 20).unwrap();
    for c in rules.dims().cells() {
        let exact = boards
            .iter()
            .filter(|b| !b[0].intersects(view.misses()) && b[0].contains(c))
            .count();
        let expected = if view.misses().contains(c) {
            0.0
        } else {
            exact as f64
        };
        assert_eq!(heat.at(c), expected, "{c}");
    }
}

/// Two computer players play whole games of each variant with pieces through the
/// engine: they shoot shown ship cells first, make the reveals they owe, and the
/// records stand up to the audit.
#[test]
fn computers_play_the_variants_with_pieces_to_the_end() {
    use seabattle_bots::choose_reveal;
    use seabattle_core::{Game, Outcome, Player, Verdict, audit};
    let mut rng = StdRng::seed_from_u64(8);
    for preset in [Preset::Mines, Preset::Minesweepers, Preset::Submarines] {
        let rules = preset.rules();
        for kind in [ShooterKind::Hunt, ShooterKind::Expert] {
            let mut g = Game::new(rules.clone());
            for p in Player::BOTH {
                let fleet = PlacerKind::Uniform.place(&rules, &mut rng).unwrap();
                g.place(p, fleet).unwrap();
            }
            g.start(&mut rng).unwrap();
            let mut shooters = [kind.build(), kind.build()];
            let mut took_shown = 0;
            while g.outcome() == Outcome::InProgress {
                if let Some(d) = g.duties().first().copied() {
                    let cell = choose_reveal(&g, d.player, d.kind, &mut rng).unwrap();
                    g.reveal(d.player, cell).unwrap();
                    continue;
                }
                let p = g.to_move().unwrap();
                let view = g.view(p);
                let shown = view.enemy.shown_ships().minus(&view.enemy.shots());
                let cells =
                    shooters[p.index()].choose(&rules, &view.enemy, g.shots_due(p), &mut rng);
                if !shown.is_empty() {
                    assert!(
                        shown.contains(cells[0]),
                        "{kind} {preset}: a sure hit first"
                    );
                    took_shown += 1;
                }
                g.fire(p, &cells).unwrap();
                assert!(g.moves().len() < 2000, "{kind} {preset} does not finish");
            }
            let rec = g.record().unwrap();
            assert_eq!(
                audit(&rec).verdict,
                Verdict::Stands(g.outcome()),
                "{kind} {preset}"
            );
            if preset == Preset::Mines {
                let mines_hit = rec
                    .moves
                    .iter()
                    .filter(|m| matches!(m, seabattle_core::Move::Reveal { .. }))
                    .count();
                assert!(
                    took_shown >= mines_hit.saturating_sub(2),
                    "{kind}: {took_shown} of {mines_hit}"
                );
            }
        }
    }
}

/// The shots of one game on the board `seed` draws, by a shooter that may have played
/// before.
fn game_shots(rules: &Rules, shooter: &mut dyn seabattle_bots::Shooter, seed: u64) -> Vec<Coord> {
    let mut rng = StdRng::seed_from_u64(seed);
    let fleet = PlacerKind::Edge.place(rules, &mut rng).unwrap();
    let mut sea = Sea::new(fleet);
    let mut view = TargetBoard::new(rules);
    let mut shots = Vec::new();
    while !sea.all_sunk() {
        for c in shooter.choose(rules, &view, 1, &mut rng) {
            let shot = sea.fire(c).unwrap();
            view.record(c, &shot);
            shots.push(c);
        }
    }
    shots
}

/// A game depends on its generator alone: a shooter that played another game first
/// shoots exactly as a new one does (the bench's figures must not depend on which
/// thread played which games before).
#[test]
fn a_game_does_not_depend_on_the_games_played_before() {
    let rules = Rules::classic();
    let effort = seabattle_bots::expert::Effort { particles: 300 };
    for kind in ShooterKind::ALL {
        let fresh = game_shots(&rules, kind.build_with(effort).as_mut(), 5);
        let mut used = kind.build_with(effort);
        game_shots(&rules, used.as_mut(), 9);
        assert_eq!(fresh, game_shots(&rules, used.as_mut(), 5), "{kind}");
    }
}

/// Every level finishes a ship it has hit: the next shot after a lone hit is beside it.
#[test]
fn every_level_goes_for_the_ship_it_hit() {
    use seabattle_bots::Level;
    let rules = Rules::classic();
    let mut rng = StdRng::seed_from_u64(6);
    let mut view = TargetBoard::new(&rules);
    view.record(Coord::new(0, 0), &Shot::Miss);
    view.record(Coord::new(4, 4), &Shot::Hit);
    for level in Level::ALL {
        let mut shooter = level.shooter().build();
        for _ in 0..10 {
            let next = shooter.choose(&rules, &view, 1, &mut rng)[0];
            assert_eq!(
                next.col.abs_diff(4) + next.row.abs_diff(4),
                1,
                "{level:?} shot {next}"
            );
        }
    }
}

//! Property tests: no input panics, invariants of the game hold for random play.

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_core::{
    CoordSystem, Dims, Fleet, FleetSetup, Game, GameRecord, Grid, PieceKind, Placer, Player,
    Preset, Rules, Shot,
};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn parsing_any_text_never_panics(s in "\\PC{0,40}") {
        for sys in CoordSystem::ALL {
            let _ = sys.parse(&s, Dims::CLASSIC);
        }
        let _ = s.parse::<Rules>();
        let _ = s.parse::<CoordSystem>();
        let _ = Grid::parse(&s);
        let _ = GameRecord::from_text(&s);
        let _ = FleetSetup::parse(&s, CoordSystem::Russian, Dims::CLASSIC);
        let _ = serde_json::from_str::<GameRecord>(&s);
    }

    #[test]
    fn board_like_text_never_panics(rows in prop::collection::vec("[.#xXo~■ 0-9]{0,30}", 0..30)) {
        let text = rows.join("\n");
        if let Ok(grid) = Grid::parse(&text) {
            for p in Preset::ALL {
                let rules = p.rules();
                let setup = grid.to_setup(&rules);
                let _ = Fleet::new(setup, &rules);
            }
        }
    }

    #[test]
    fn any_setup_is_validated_without_panic(
        ships in prop::collection::vec(prop::collection::vec((0u8..30, 0u8..30), 0..6), 0..12),
        pieces in prop::collection::vec((0usize..3, 0u8..30, 0u8..30), 0..6)
    ) {
        let setup = FleetSetup {
            ships: ships.into_iter().map(|s| seabattle_core::ShipSetup(s.into_iter().map(|(c, r)| seabattle_core::Coord::new(c, r)).collect())).collect(),
            pieces: pieces.into_iter().map(|(k, c, r)| seabattle_core::Piece {
                kind: seabattle_core::PieceKind::ALL[k],
                cell: seabattle_core::Coord::new(c, r),
            }).collect(),
        };
        for p in Preset::ALL {
            let rules = p.rules();
            if let Err(e) = Fleet::new(setup.clone(), &rules) {
                prop_assert!(!e.violations.is_empty());
            }
        }
    }

    #[test]
    fn any_move_of_a_flying_ship_is_checked_without_panic(
        cells in prop::collection::vec((0u8..30, 0u8..30), 0..12),
        shot in prop::collection::vec((0u8..22, 0u8..22), 0..200),
        decks in 0usize..10,
    ) {
        let rules = Preset::Dutchman.rules();
        let shot: seabattle_core::CellSet = shot
            .into_iter()
            .map(|(c, r)| seabattle_core::Coord::new(c, r))
            .filter(|&c| rules.dims().contains(c))
            .collect();
        let cells: Vec<_> = cells.into_iter().map(|(c, r)| seabattle_core::Coord::new(c, r)).collect();
        if let Ok(set) = seabattle_core::flying::check(&rules, decks, &shot, &cells) {
            prop_assert_eq!(set.len(), decks);
            prop_assert!(!set.intersects(&shot));
            prop_assert!(seabattle_core::path::is_path(&set));
        }
        let _ = seabattle_core::flying::can_move(&rules, decks, &shot);
    }

    #[test]
    fn drawn_fleets_are_legal_and_random_games_keep_invariants(seed in any::<u64>(), preset in 0usize..Preset::ALL.len()) {
        let rules = Preset::ALL[preset].rules();
        let mut rng = StdRng::seed_from_u64(seed);
        let placer = Placer::new(&rules);
        let mut g = Game::new(rules.clone());
        for p in Player::BOTH {
            let f = placer.sample(&mut rng).unwrap();
            prop_assert!(Fleet::new(f.to_setup(), &rules).is_ok());
            g.place(p, f).unwrap();
        }
        g.start(&mut rng).unwrap();
        let placed: Vec<Fleet> = Player::BOTH.iter().map(|&p| {
            let rec = g.record().unwrap();
            Fleet::new(rec.fleets[p.index()].clone(), &rules).unwrap()
        }).collect();
        prop_assert_eq!(Some(placed[0].clone()), g.view(Player::One).own.fleet);
        loop {
            // A hit flying ship moves at random, and only to legal cells.
            if let Some(d) = g.duties().first().copied()
                && d.kind == seabattle_core::DutyKind::Relocate
            {
                let decks = g.relocation_decks(d.player).unwrap();
                let shot = g.view(d.player).own.incoming;
                let cells = seabattle_core::flying::random_move(&rules, decks, &shot, &mut rng).unwrap();
                prop_assert!(!cells.intersects(&shot));
                g.relocate(d.player, &seabattle_core::ShipSetup(cells.iter().collect())).unwrap();
                continue;
            }
            // Reveals owed after mines and minesweepers come first; any allowed cell.
            if let Some(d) = g.duties().first().copied() {
                use rand::RngExt;
                let options: Vec<_> = g.reveal_options(d.player, d.kind).iter().collect();
                prop_assert!(!options.is_empty());
                let cell = options[rng.random_range(0..options.len())];
                g.reveal(d.player, cell).unwrap();
                continue;
            }
            let Some(p) = g.to_move() else { break };
            use rand::RngExt;
            // The fleets where they stand before the volley: flying ships move.
            let fleets: Vec<Fleet> = Player::BOTH.iter().map(|&q| g.view(q).own.fleet.unwrap()).collect();
            let target = p.other().index();
            let before = g.view(p.other()).own.incoming;
            let n = g.shots_due(p);
            let mut cells = Vec::new();
            let mut pool: Vec<_> = seabattle_core::CellSet::full(rules.dims()).minus(&before).iter().collect();
            for _ in 0..n {
                let i = rng.random_range(0..pool.len());
                cells.push(pool.swap_remove(i));
            }
            let shots = g.fire(p, &cells).unwrap();
            // Answered one by one: a hit early in a volley may be sunk later in it.
            let mut shot = before;
            for (&c, s) in cells.iter().zip(&shots) {
                shot.insert(c);
                let fleet = &fleets[target];
                let piece = fleet.pieces().at(c);
                match (fleet.ship_at(c), s) {
                    (None, Shot::Miss) => prop_assert_eq!(piece, None),
                    (None, Shot::Mine) => prop_assert_eq!(piece, Some(PieceKind::Mine)),
                    (None, Shot::Sweeper) => prop_assert_eq!(piece, Some(PieceKind::Sweeper)),
                    (None, Shot::Submarine) => prop_assert_eq!(piece, Some(PieceKind::Submarine)),
                    (Some(i), Shot::Hit) => prop_assert!(!fleet.ships()[i].cells().is_subset(&shot)),
                    (Some(i), Shot::Sunk(ship)) => {
                        prop_assert_eq!(ship.cells, fleet.ships()[i].cells());
                        prop_assert!(ship.cells.is_subset(&shot));
                    }
                    (at, s) => prop_assert!(false, "{c}: ship {at:?} answered {s:?}"),
                }
            }
            // The shooter's view never holds an unsunk enemy ship cell that was not hit,
            // except the cells the enemy showed after a mine.
            let view = g.view(p);
            let shot = g.view(p.other()).own.incoming;
            prop_assert!(view.enemy.hits().is_subset(&shot));
            prop_assert!(view.enemy.shown_ships().is_subset(fleets[target].occupied()));
            prop_assert!(!view.enemy.known_empty().intersects(fleets[target].occupied()));
        }
        let rec = g.record().unwrap();
        prop_assert_eq!(GameRecord::from_text(&rec.to_text(CoordSystem::Latin, seabattle_core::Lang::En)).unwrap(), rec.clone());
        prop_assert_eq!(serde_json::from_str::<GameRecord>(&serde_json::to_string(&rec).unwrap()).unwrap(), rec);
    }
}

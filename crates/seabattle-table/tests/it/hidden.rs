//! No viewer ever receives a cell of an enemy ship it may not know of: random games
//! under every preset, with reveals, moves of flying ships, timeouts and resignations,
//! every event cut down for each viewer and searched for such cells.

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use seabattle_core::{CellSet, Coord, Phase, Placer, Player, Preset, ShipSetup};
use seabattle_table::{Ask, Command, Event, Fired, Instead, Table, Viewer};

/// The ship cells of `owner` that `viewer` may not know of now: for a seat, the enemy's ship cells
/// neither hit nor shown to it, on ships afloat; for a spectator, those of both sides,
/// shown or not.
fn secret(table: &Table, viewer: Viewer, owner: Player) -> CellSet {
    let game = table.game();
    let mut out = CellSet::EMPTY;
    {
        if viewer == Viewer::Seat(owner) {
            return out;
        }
        let own = game.view(owner).own;
        let Some(fleet) = own.fleet else { return out };
        // What the shooter at `owner`'s waters knows: shots answered, ships sunk, cells
        // shown to it.
        let enemy = game.view(owner.other()).enemy;
        let mut known = own.incoming.or(enemy.shown_ships());
        if viewer == Viewer::Spectator {
            known = own.incoming;
        }
        for sunk in enemy.sunk() {
            known.union_with(sunk);
        }
        out.union_with(&fleet.occupied().minus(&known));
    }
    out
}

/// The cells `event` names on `owner`'s board. The match is exhaustive, so a new kind
/// of event cannot pass unsearched.
fn cells_on(event: &Event, owner: Player) -> CellSet {
    let mut out = CellSet::EMPTY;
    let mut fired = |f: &Fired| {
        out.insert(f.cell);
        if let Some(s) = f.sunk {
            out.union_with(&s.cells.or(&s.halo));
        }
    };
    match event {
        Event::Volley { player, shots, .. } if player.other() == owner => {
            shots.iter().for_each(&mut fired)
        }
        Event::Dying { player, shot, .. } if player.other() == owner => fired(shot),
        Event::Placed { player, fleet } if *player == owner => {
            for ship in fleet.iter().flat_map(|f| &f.ships) {
                ship.0.iter().for_each(|&c| {
                    out.insert(c);
                });
            }
        }
        Event::Owed {
            player, options, ..
        } if *player == owner => out.union_with(&options.unwrap_or_default()),
        Event::Revealed { player, cell, .. } if *player == owner => cell.iter().for_each(|&c| {
            out.insert(c);
        }),
        Event::Relocated {
            player, ship, left, ..
        } if *player == owner => out.union_with(&ship.unwrap_or_default().or(left)),
        Event::Volley { .. }
        | Event::Dying { .. }
        | Event::Placed { .. }
        | Event::Owed { .. }
        | Event::Revealed { .. }
        | Event::Relocated { .. }
        | Event::Started { .. }
        | Event::TimedOut { .. }
        | Event::Resigned { .. }
        | Event::Abandoned { .. }
        | Event::Over { .. } => {}
    }
    out
}

fn pick(set: &CellSet, rng: &mut StdRng) -> Option<Coord> {
    let n = set.len();
    (n > 0).then(|| set.iter().nth(rng.random_range(0..n)).unwrap())
}

/// A random legal answer to `ask` for `seat`.
fn answer(table: &Table, seat: Player, ask: Ask, rng: &mut StdRng) -> Command {
    let game = table.game();
    match ask {
        Ask::Place => unreachable!("fleets are placed before the loop"),
        Ask::Fire { due } => {
            let mut free = seabattle_core::CellSet::full(table.rules().dims())
                .minus(&game.view(seat).enemy.shots());
            let cells = (0..due)
                .map(|_| {
                    let c = pick(&free, rng).unwrap();
                    free.remove(c);
                    c
                })
                .collect();
            Command::Fire { cells }
        }
        Ask::Reveal { options, .. } => Command::Reveal {
            cell: pick(&options, rng).unwrap(),
        },
        Ask::Relocate { decks } => Command::Relocate {
            ship: relocation(table, seat, decks, rng),
        },
    }
}

fn relocation(table: &Table, seat: Player, decks: usize, rng: &mut StdRng) -> ShipSetup {
    let shot = table.game().view(seat).own.incoming;
    let set = seabattle_core::flying::random_move(table.rules(), decks, &shot, rng).unwrap();
    ShipSetup(set.iter().collect())
}

fn play_and_check(preset: Preset, seed: u64) -> Result<(), TestCaseError> {
    let rules = preset.rules();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut table = Table::new(rules.clone());
    let mut events = Vec::new();
    for p in Player::BOTH {
        let fleet = Placer::new(&rules).sample(&mut rng).unwrap();
        events.push(table.place(p, fleet).unwrap());
    }
    events.push(table.start(Player::BOTH[rng.random_range(0..2)]).unwrap());
    for _ in 0..3000 {
        if table.game().phase() != Phase::Battle {
            break;
        }
        let roll = rng.random_range(0..100);
        let happened = if roll < 4 {
            let seat = table.actor().unwrap();
            let instead = match table.stand_in(seat) {
                Some(Ask::Reveal { options, .. }) => {
                    Some(Instead::Reveal(pick(&options, &mut rng).unwrap()))
                }
                Some(Ask::Relocate { decks }) => {
                    Some(Instead::Relocate(relocation(&table, seat, decks, &mut rng)))
                }
                _ => None,
            };
            table.act(seat, Command::Timeout { instead })
        } else if roll == 4 && rng.random_range(0..20) == 0 {
            table.act(Player::One, Command::Resign)
        } else if roll == 5 && rng.random_range(0..20) == 0 {
            table.act(Player::Two, Command::Abandon)
        } else {
            let (seat, ask) = Player::BOTH
                .into_iter()
                .find_map(|p| Some((p, table.ask(p)?)))
                .expect("someone is asked during the battle");
            let command = answer(&table, seat, ask, &mut rng);
            table.act(seat, command)
        };
        let happened = happened.map_err(|e| TestCaseError::fail(e.to_string()))?;
        for e in &happened {
            for viewer in Viewer::ALL {
                let seen = e.for_viewer(viewer);
                for owner in Player::BOTH {
                    let leaked = cells_on(&seen, owner).and(&secret(&table, viewer, owner));
                    prop_assert!(
                        leaked.is_empty(),
                        "{preset:?} seed {seed}: {viewer:?} received {leaked:?} of player {owner}'s ships in {seen:?}"
                    );
                }
                // The filter is idempotent, and the JSON form reads back the same.
                prop_assert_eq!(&seen.for_viewer(viewer), &seen);
                let back: Event =
                    serde_json::from_str(&serde_json::to_string(&seen).unwrap()).unwrap();
                prop_assert_eq!(&back, &seen);
            }
        }
        events.push(happened);
    }
    // A placed fleet reaches its owner only.
    for e in events.iter().flatten() {
        if let Event::Placed { player, .. } = e {
            let theirs = matches!(
                e.for_viewer(Viewer::Seat(player.other())),
                Event::Placed { fleet: None, .. }
            );
            prop_assert!(theirs, "the opponent saw a fleet");
            let watched = matches!(
                e.for_viewer(Viewer::Spectator),
                Event::Placed { fleet: None, .. }
            );
            prop_assert!(watched, "a spectator saw a fleet");
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn no_viewer_receives_a_cell_of_an_unsunk_enemy_ship(
        preset in prop::sample::select(Preset::ALL.to_vec()),
        seed in any::<u64>(),
    ) {
        play_and_check(preset, seed)?;
    }
}

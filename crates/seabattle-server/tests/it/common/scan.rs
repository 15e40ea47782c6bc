//! The scans that read every message a connection got: nothing names a cell its reader
//! may not know yet.

use super::{PIECE_WORDS, cells, ship_cells};
use seabattle_core::Player;
use seabattle_wire::{ResultJson, ServerMsg, ShotJson, TargetJson};
use serde_json::Value;
use std::collections::BTreeSet;

/// Every string in `v`, recursively.
pub fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(o) => o.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

/// The cells named anywhere in message `m`, in any field (ships expanded): the scans'
/// net for a cell a field they do not read might carry.
pub fn cells_named(m: &ServerMsg) -> BTreeSet<String> {
    // The coach's `best` cells are guesses from the player's own view of the enemy
    // board: the likeliest cells are often where a ship is, by design, not by a leak
    // (a 20×20 Flying Dutchman game's scan failed on one now and then).
    if matches!(m, ServerMsg::Coach { .. }) {
        return BTreeSet::new();
    }
    let mut s = Vec::new();
    strings(&serde_json::to_value(m).unwrap(), &mut s);
    let looks_like_cell = |t: &str| {
        let b = t.as_bytes();
        b.len() >= 2
            && b[0].is_ascii_lowercase()
            && t[1..]
                .split(['-', '+'])
                .next()
                .is_some_and(|n| n.parse::<u8>().is_ok())
    };
    s.iter()
        .flat_map(|t| t.split_whitespace())
        .map(|t| match t.split_once(':') {
            Some((word, cell)) if PIECE_WORDS.contains(&word) => cell,
            _ => t,
        })
        .filter(|t| looks_like_cell(t))
        .flat_map(ship_cells)
        .collect()
}

/// Whether `m` is the end of the game: `game_over`, or a state with the result.
pub fn ends(m: &ServerMsg) -> bool {
    match m {
        ServerMsg::GameOver { .. } => true,
        ServerMsg::State(s) => s.result.is_some(),
        _ => false,
    }
}

/// The cells of the ships (`pieces` false) or of the pieces (true) of `fleet`.
fn fleet_cells(fleet: &[String], pieces: bool) -> BTreeSet<String> {
    cells(fleet.iter().filter(|s| s.contains(':') == pieces))
}

/// The cells a board's answers name: the cells shot there, and the sunk ships'.
fn answered(b: &TargetJson) -> BTreeSet<String> {
    let lists = [&b.misses, &b.hits, &b.mines, &b.sweepers, &b.subs];
    cells(lists.into_iter().flatten().chain(b.sunk.iter().flatten()))
}

/// Counts a volley of `player`'s as seat `me` does: its cells join `fired` (`me`'s own
/// volleys) or `incoming` (the opponent's); the set they joined.
pub fn shots_on<'a>(
    me: Player,
    player: Player,
    shots: &[ShotJson],
    fired: &'a mut BTreeSet<String>,
    incoming: &'a mut BTreeSet<String>,
) -> &'a mut BTreeSet<String> {
    let side = if player == me { fired } else { incoming };
    side.extend(shots.iter().map(|s| s.cell.clone()));
    side
}

/// The leak scan: no message to seat `me` before the end names a cell of an enemy ship
/// or piece that `me` had not shot (or been shown) by then. A cell name alone does not
/// say which board it is on, so cells `me` knows for other reasons (its own fleet, the
/// shots at it, the halos of sunk ships) are set aside; the fields that carry them are
/// checked against what they must hold.
pub fn assert_no_leak(log: &[ServerMsg], me: Player, result: &ResultJson) {
    let ours = &result.fleets[me.index()];
    let theirs = &result.fleets[me.other().index()];
    let my_ships = fleet_cells(ours, false);
    let mine: BTreeSet<String> = my_ships.union(&fleet_cells(ours, true)).cloned().collect();
    let enemy_ships = fleet_cells(theirs, false);
    let enemy_pieces = fleet_cells(theirs, true);
    let enemy: BTreeSet<String> = enemy_ships.union(&enemy_pieces).cloned().collect();
    let mut fired: BTreeSet<String> = BTreeSet::new();
    let mut incoming: BTreeSet<String> = BTreeSet::new();
    // Enemy cells shown to `me` after its mines and minesweepers went off.
    let mut shown: BTreeSet<String> = BTreeSet::new();
    // Cells the rules prove hold no ship, on either board: named with sunk ships.
    let mut proven: BTreeSet<String> = BTreeSet::new();
    let mut checked = 0;
    for m in log {
        if ends(m) {
            break;
        }
        match m {
            ServerMsg::Shot { player, shots, .. } => {
                let side = shots_on(me, *player, shots, &mut fired, &mut incoming);
                for ship in shots.iter().filter_map(|s| s.ship.as_ref()) {
                    assert!(
                        cells(ship).is_subset(side),
                        "a sunk ship with unshot cells: {m:?}"
                    );
                }
                let halos = cells(shots.iter().filter_map(|s| s.halo.as_ref()).flatten());
                if *player == me {
                    assert!(
                        halos.is_disjoint(&enemy_ships),
                        "a halo on an enemy ship: {m:?}"
                    );
                }
                proven.extend(halos);
            }
            ServerMsg::RevealDue { cells: allowed, .. } => {
                assert!(cells(allowed).is_subset(&mine), "{m:?}");
            }
            ServerMsg::Revealed {
                player,
                cell: Some(cell),
                ..
            } => {
                if *player == me {
                    assert!(mine.contains(cell), "{m:?}");
                } else {
                    assert!(enemy.contains(cell) && !fired.contains(cell), "{m:?}");
                    shown.insert(cell.clone());
                }
            }
            ServerMsg::State(s) => {
                if let Some(own) = &s.own {
                    if let Some(fleet) = &own.fleet {
                        assert_eq!(cells(fleet), mine, "own fleet: {m:?}");
                    }
                    assert!(cells(&own.incoming).is_subset(&incoming), "{m:?}");
                }
                if let Some(reveal) = &s.reveal {
                    assert!(cells(&reveal.cells).is_subset(&mine), "{m:?}");
                }
                // Boards hold answers (cells shot) and the cells the rules prove empty,
                // which are never ship cells; and the cells shown after pieces went off.
                let my_view = &s.boards[me.index()];
                let their_view = &s.boards[me.other().index()];
                assert!(answered(my_view).is_subset(&fired), "{m:?}");
                assert!(answered(their_view).is_subset(&incoming), "{m:?}");
                assert!(cells(&my_view.empty).is_disjoint(&enemy_ships), "{m:?}");
                let theirs = cells(&their_view.empty);
                // A submarine may lie beside a ship, so inside its halo.
                assert!(theirs.is_disjoint(&my_ships), "{m:?}");
                proven.extend(theirs);
                proven.extend(cells(&my_view.empty));
                let shown_ships = cells(&my_view.shown_ships);
                let shown_mines = cells(&my_view.shown_mines);
                assert!(shown_ships.is_subset(&enemy_ships), "{m:?}");
                assert!(shown_mines.is_subset(&enemy_pieces), "{m:?}");
                shown.extend(shown_ships);
                shown.extend(shown_mines);
                assert!(cells(&their_view.shown_ships).is_subset(&mine), "{m:?}");
                assert!(cells(&their_view.shown_mines).is_subset(&mine), "{m:?}");
            }
            _ => {}
        }
        for c in cells_named(m) {
            checked += 1;
            let known = fired.contains(&c)
                || incoming.contains(&c)
                || mine.contains(&c)
                || shown.contains(&c)
                || proven.contains(&c);
            assert!(
                !enemy.contains(&c) || known,
                "message {m:?} names enemy cell {c} before it was shot or shown"
            );
        }
    }
    assert!(checked > 0, "the scan saw no cells at all");
}

/// The spectator's scan: before the end, every cell named in any message was shot by
/// one side or the other, or is one the rules prove empty (a sunk ship's halo), so no
/// message can carry a hidden ship. The fleets in the final result confirm that the
/// proven-empty cells hold no ship on their board.
pub fn assert_spectator_sees_only_shots(log: &[ServerMsg]) {
    let mut shot: BTreeSet<String> = BTreeSet::new();
    // Proven-empty cells on the board of player 1 and of player 2.
    let mut proven: [BTreeSet<String>; 2] = Default::default();
    let mut checked = 0;
    for m in log {
        if ends(m) {
            break;
        }
        match m {
            ServerMsg::State(s) => {
                assert!(s.own.is_none(), "a spectator got a fleet: {m:?}");
                assert!(s.reveal.is_none(), "a spectator got reveal options: {m:?}");
                assert!(s.relocate.is_none(), "a spectator got a move owed: {m:?}");
                for b in &s.boards {
                    assert!(b.shown_ships.is_empty(), "{m:?}");
                    assert!(b.shown_mines.is_empty(), "{m:?}");
                }
                // The move list of a state is shots, as the shot messages are.
                shot.extend(s.log.iter().map(|e| e.cell.clone()));
                // boards[0] is what player 1 knows of player 2's waters, and the reverse.
                proven[1].extend(cells(&s.boards[0].empty));
                proven[0].extend(cells(&s.boards[1].empty));
            }
            ServerMsg::Revealed { cell, .. } => {
                assert!(cell.is_none(), "a spectator saw a cell shown: {m:?}");
            }
            ServerMsg::RelocateDue { .. } => panic!("a spectator got a move owed: {m:?}"),
            ServerMsg::Relocated { cells, .. } => {
                assert!(cells.is_none(), "a spectator saw a ship's new place: {m:?}");
            }
            ServerMsg::Shot { player, shots, .. } => {
                // Player 1's shots fall on player 2's board.
                let target = player.other().index();
                for s in shots {
                    shot.insert(s.cell.clone());
                    proven[target].extend(cells(s.halo.iter().flatten()));
                }
            }
            _ => {}
        }
        for c in cells_named(m) {
            checked += 1;
            assert!(
                shot.contains(&c) || proven.iter().any(|p| p.contains(&c)),
                "spectator message {m:?} names unshot cell {c}"
            );
        }
    }
    assert!(checked > 0, "the scan saw no cells at all");
    let over = log.iter().find_map(|m| match m {
        ServerMsg::GameOver { result, .. } => Some(result),
        _ => None,
    });
    if let Some(result) = over {
        for (i, cells) in proven.iter().enumerate() {
            let fleet = fleet_cells(&result.fleets[i], false);
            assert!(
                cells.is_disjoint(&fleet),
                "a proven-empty cell holds a ship"
            );
        }
    }
}

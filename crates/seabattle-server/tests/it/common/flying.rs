//! The leak scan of the Flying Dutchman, whose ship stands in a new place after every
//! hit: no place of the enemy ship may reach a player before the end.

use super::scan::shots_on;
use super::{cells, cells_named, ends};
use seabattle_core::{GameRecord, Move, Player};
use seabattle_wire::ServerMsg;
use std::collections::BTreeSet;

/// Every place each player's ship stood in, from a finished game's record: the fleet as
/// placed (its pieces too), then each move's cells.
pub fn places(record: &GameRecord) -> [Vec<BTreeSet<String>>; 2] {
    let mut out: [Vec<BTreeSet<String>>; 2] = Default::default();
    for (side, fleet) in out.iter_mut().zip(&record.fleets) {
        let pieces = fleet.pieces.iter().map(|p| p.cell);
        side.push(fleet.cells().chain(pieces).map(|c| c.to_string()).collect());
    }
    for m in &record.moves {
        if let Move::Relocate { player, cells } = m {
            out[player.index()].push(cells.iter().map(|c| c.to_string()).collect());
        }
    }
    out
}

/// The leak scan for flying rules: before the end, no message to seat `me` names a cell
/// of any place the enemy ship ever stood in that `me` had not shot (or that it knows
/// as water or as a cell of its own ship's places, on its own board), `me` hears the
/// enemy's moves without cells and its own with the cells the record gives, and its
/// `state` shows its ship where the record says it stands.
pub fn assert_no_leak_flying(log: &[ServerMsg], me: Player, record: &GameRecord) {
    let places = places(record);
    let mine: BTreeSet<String> = places[me.index()].iter().flatten().cloned().collect();
    let enemy: BTreeSet<String> = places[me.other().index()]
        .iter()
        .flatten()
        .cloned()
        .collect();
    let mut my_moves = places[me.index()].iter().skip(1);
    let mut here = places[me.index()][0].clone();
    let mut fired: BTreeSet<String> = BTreeSet::new();
    let mut incoming: BTreeSet<String> = BTreeSet::new();
    let mut checked = 0;
    for m in log {
        if ends(m) {
            break;
        }
        match m {
            ServerMsg::Shot { player, shots, .. } => {
                shots_on(me, *player, shots, &mut fired, &mut incoming);
            }
            ServerMsg::Relocated {
                player, cells: c, ..
            } => {
                if *player == me {
                    if let Some(c) = c {
                        here = my_moves.next().expect("a move the record lacks").clone();
                        assert_eq!(cells(c), here, "my move: {m:?}");
                    }
                } else {
                    assert!(c.is_none(), "the enemy's new place: {m:?}");
                }
            }
            ServerMsg::RelocateDue { player, lost, .. } => {
                assert_eq!(*player, me, "{m:?}");
                assert!(cells(lost).is_subset(&here), "{m:?}");
            }
            ServerMsg::State(s) => {
                if let Some(fleet) = s.own.as_ref().and_then(|o| o.fleet.as_ref()) {
                    assert!(places[me.index()].contains(&cells(fleet)), "{m:?}");
                }
                let my_view = &s.boards[me.index()];
                let answered = cells(
                    [&my_view.misses, &my_view.hits, &my_view.left]
                        .into_iter()
                        .flatten(),
                );
                assert!(answered.is_subset(&fired), "{m:?}");
            }
            _ => {}
        }
        for c in cells_named(m) {
            checked += 1;
            let known = fired.contains(&c) || incoming.contains(&c) || mine.contains(&c);
            assert!(
                !enemy.contains(&c) || known,
                "message {m:?} names enemy cell {c} before it was shot"
            );
        }
    }
    assert!(checked > 0, "the scan saw no cells at all");
}

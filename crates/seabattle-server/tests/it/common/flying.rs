//! The leak scan of the Flying Dutchman, whose ship stands in a new place after every
//! hit: no place of the enemy ship may reach a player before the end.

use super::{cells_in, ship_cells};
use serde_json::Value;
use std::collections::BTreeSet;

/// Every place each player's ship stood in, from a finished game's JSON record: the
/// fleet as placed, then each move's cells.
pub fn places(record: &Value) -> [Vec<BTreeSet<String>>; 2] {
    let mut out: [Vec<BTreeSet<String>>; 2] = Default::default();
    for (i, side) in out.iter_mut().enumerate() {
        let fleet = &record["fleets"][i];
        side.push(
            fleet
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|s| ship_cells(s.as_str().unwrap()))
                .collect(),
        );
    }
    for m in record["moves"].as_array().unwrap() {
        if let Some(ship) = m["relocate"].as_str() {
            let i = (m["player"].as_u64().unwrap() - 1) as usize;
            out[i].push(ship_cells(ship).into_iter().collect());
        }
    }
    out
}

/// The leak scan for flying rules: before the end, no message to seat `me` names a cell
/// of any place the enemy ship ever stood in that `me` had not shot (or that it knows
/// as water or as a cell of its own ship's places, on its own board), `me` hears the
/// enemy's moves without cells and its own with the cells the record gives, and its
/// `state` shows its ship where the record says it stands.
pub fn assert_no_leak_flying(log: &[Value], me: u64, record: &Value) {
    let places = places(record);
    let mine: BTreeSet<String> = places[(me - 1) as usize]
        .iter()
        .flatten()
        .cloned()
        .collect();
    let enemy: BTreeSet<String> = places[(2 - me) as usize]
        .iter()
        .flatten()
        .cloned()
        .collect();
    let mut my_moves = places[(me - 1) as usize].iter().skip(1);
    let mut here = places[(me - 1) as usize][0].clone();
    let mut fired: BTreeSet<String> = BTreeSet::new();
    let mut incoming: BTreeSet<String> = BTreeSet::new();
    let mut checked = 0;
    for m in log {
        if m["type"] == "game_over" || m["result"].is_object() {
            break;
        }
        if m["type"] == "shot" {
            let side = if m["player"] == me {
                &mut fired
            } else {
                &mut incoming
            };
            for s in m["shots"].as_array().unwrap() {
                side.insert(s["cell"].as_str().unwrap().to_string());
            }
        }
        if m["type"] == "relocated" {
            if m["player"] == me {
                if !m["cells"].is_null() {
                    here = my_moves.next().expect("a move the record lacks").clone();
                    assert_eq!(cells_in(&m["cells"]), here, "my move: {m}");
                }
            } else {
                assert!(m["cells"].is_null(), "the enemy's new place: {m}");
            }
        }
        if m["type"] == "relocate_due" {
            assert_eq!(m["player"], me, "{m}");
            assert!(cells_in(&m["lost"]).is_subset(&here), "{m}");
        }
        if m["type"] == "state" {
            if !m["own"]["fleet"].is_null() {
                assert!(
                    places[(me - 1) as usize].contains(&cells_in(&m["own"]["fleet"])),
                    "{m}"
                );
            }
            let my_view = &m["boards"][(me - 1) as usize];
            let answered: BTreeSet<String> = ["misses", "hits", "left"]
                .iter()
                .flat_map(|k| cells_in(&my_view[*k]))
                .collect();
            assert!(answered.is_subset(&fired), "{m}");
        }
        for c in cells_in(m) {
            checked += 1;
            let known = fired.contains(&c) || incoming.contains(&c) || mine.contains(&c);
            assert!(
                !enemy.contains(&c) || known,
                "message {m} names enemy cell {c} before it was shot"
            );
        }
    }
    assert!(checked > 0, "the scan saw no cells at all");
}

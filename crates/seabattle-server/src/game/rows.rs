//! Moves as storage rows, both ways: the rows a command's events are stored as, and a
//! game rebuilt by replaying its rows through a [`Table`].

use super::stored::{MoveKind, StoredGame, StoredMove};
use crate::error::StoreError;
use crate::game::room::{Room, RoomSetup, SeatSetup};
use seabattle_core::{
    Answer, CellSet, Coord, CoordSystem, Dims, Fleet, FleetSetup, Player, Rules, ShipSetup,
};
use seabattle_table::{Ask, Command, Event, Instead, Table};
use std::collections::{BTreeMap, VecDeque};

/// The stored form of a volley: `cell:answer` pairs.
pub fn format_shots(shots: &[(Coord, Answer)]) -> String {
    let v: Vec<String> = shots.iter().map(|(c, a)| format!("{c}:{a}")).collect();
    v.join(" ")
}

fn parse_shots(text: &str, dims: Dims) -> Option<Vec<(Coord, Answer)>> {
    text.split_whitespace()
        .map(|pair| {
            let (c, a) = pair.split_once(':')?;
            Some((CoordSystem::Latin.parse(c, dims).ok()?, a.parse().ok()?))
        })
        .collect()
}

/// A ship's cells in the notation's form, in board order (`d4+e5+f6`).
fn ship_text(cells: &CellSet) -> String {
    ShipSetup(cells.iter().collect()).format(CoordSystem::Latin)
}

/// What a resignation row holds when the player did not resign but stayed away and
/// the opponent claimed the win.
const ABANDONED: &str = "abandoned";

/// The kind of row of a reveal or move: its own, or the timeout's when a stand-in made it.
fn own(stand_in: bool, kind: MoveKind) -> MoveKind {
    if stand_in { MoveKind::Timeout } else { kind }
}

/// The rows `events` are stored as, in order. Placements and the start have columns of
/// their own; the end needs no row.
pub fn rows_for(events: &[Event]) -> Vec<StoredMove> {
    let row = |player, kind, shots| StoredMove {
        player,
        kind,
        shots,
    };
    let mut rows = Vec::new();
    for e in events {
        match e {
            Event::Volley { player, shots, .. } => {
                let pairs: Vec<(Coord, Answer)> =
                    shots.iter().map(|f| (f.cell, f.answer)).collect();
                rows.push(row(*player, MoveKind::Volley, format_shots(&pairs)));
            }
            Event::Dying { player, shot, .. } => rows.push(row(
                *player,
                MoveKind::Dying,
                format_shots(&[(shot.cell, shot.answer)]),
            )),
            // A stand-in's reveal or move is stored in the timeout's own row.
            Event::Revealed {
                player,
                cell: Some(cell),
                stand_in,
                ..
            } => rows.push(row(
                *player,
                own(*stand_in, MoveKind::Reveal),
                cell.to_string(),
            )),
            Event::Relocated {
                player,
                ship: Some(ship),
                stand_in,
                ..
            } => rows.push(row(
                *player,
                own(*stand_in, MoveKind::Relocate),
                ship_text(ship),
            )),
            Event::TimedOut {
                player,
                stand_in: false,
                ..
            } => rows.push(row(*player, MoveKind::Timeout, String::new())),
            Event::Resigned { player, .. } => {
                rows.push(row(*player, MoveKind::Resign, String::new()))
            }
            // A resignation row that says why: the player stayed away.
            Event::Abandoned { player, .. } => {
                rows.push(row(*player, MoveKind::Resign, ABANDONED.to_string()))
            }
            Event::Placed { .. }
            | Event::Started { .. }
            | Event::Owed { .. }
            | Event::Revealed { .. }
            | Event::Relocated { .. }
            | Event::TimedOut { .. }
            | Event::Over { .. } => {}
        }
    }
    rows
}

/// Rebuilds a stored game by replaying its rows through the referee; `bots` are the
/// registered bot programs.
pub fn restore(s: &StoredGame, bots: &BTreeMap<String, String>) -> Result<Room, StoreError> {
    let bad = |what: String| StoreError::corrupt(format!("game {}: {what}", s.id));
    let rules: Rules = s.rules.parse().map_err(|e| bad(format!("rules: {e}")))?;
    let mode = crate::game::room::Mode::from_word(&s.mode)
        .ok_or_else(|| bad(format!("mode {:?}", s.mode)))?;
    let mut setup = RoomSetup::new(rules.clone(), mode);
    setup.id = s.id.clone();
    setup.clock = s.clock_secs;
    setup.rated = s.rated;
    for p in Player::BOTH {
        setup.seats[p] = SeatSetup {
            token_hash: s.tokens[p.index()].clone(),
            account: s.accounts[p.index()],
            name: None,
            // A player who never connected since the restart is away from now on.
            away: true,
            // A BOT's own limit is kept in memory only: the loader sets it again
            // (`crate::game::task::read`).
            move_limit: None,
        };
    }
    let mut room = Room::new(setup, bots);
    for p in Player::BOTH {
        let i = p.index();
        if let Some(text) = &s.fleets[i] {
            let setup = FleetSetup::parse(text, CoordSystem::Latin, rules.dims())
                .map_err(|e| bad(format!("fleet {p}: {e}")))?;
            let fleet = Fleet::new(setup, &rules).map_err(|e| bad(format!("fleet {p}: {e}")))?;
            room.table_mut()
                .place(p, fleet)
                .map_err(|e| bad(format!("fleet {p}: {e}")))?;
            room.seat_mut(p).fleet_text = Some(text.clone());
            room.seat_mut(p).salt = s.salts[i].clone();
        }
    }
    if let Some(first) = s.first {
        room.table_mut()
            .start(first)
            .map_err(|e| bad(format!("start: {e}")))?;
    }
    let dims = rules.dims();
    // Rows the replayed commands produced themselves and their own rows must confirm:
    // dying shots after a volley, the resignation after a second timeout.
    let mut implied: VecDeque<StoredMove> = VecDeque::new();
    for (n, m) in s.moves.iter().enumerate() {
        let bad = |what: String| bad(format!("move {n}: {what}"));
        if let Some(expected) = implied.pop_front() {
            if expected != *m {
                return Err(bad(format!("{m:?} differs on replay ({expected:?})")));
            }
            continue;
        }
        let command = command_for(room.table(), m, dims).map_err(&bad)?;
        let events = room
            .table_mut()
            .act(m.player, command)
            .map_err(|e| bad(e.to_string()))?;
        let mut rows: VecDeque<StoredMove> = rows_for(&events).into();
        match rows.pop_front() {
            Some(first) if first == *m => implied = rows,
            other => return Err(bad(format!("{m:?} differs on replay ({other:?})"))),
        }
    }
    if let Some(m) = implied.front() {
        return Err(bad(format!("the move {m:?} has no row")));
    }
    room.stored(s.moves.len());
    // A game stored finished was told its end when it ended.
    if room.game().phase() == seabattle_core::Phase::Over {
        room.set_life(crate::game::room::Life::Told);
    }
    Ok(room)
}

/// The command a stored row records.
fn command_for(table: &Table, m: &StoredMove, dims: Dims) -> Result<Command, String> {
    let cell = |text: &str| {
        CoordSystem::Latin
            .parse(text, dims)
            .map_err(|e| e.to_string())
    };
    let ship =
        |text: &str| ShipSetup::parse(text, CoordSystem::Latin, dims).map_err(|e| e.to_string());
    Ok(match m.kind {
        MoveKind::Volley => {
            let shots = parse_shots(&m.shots, dims).ok_or_else(|| format!("{:?}", m.shots))?;
            Command::Fire {
                cells: shots.iter().map(|s| s.0).collect(),
            }
        }
        MoveKind::Resign if m.shots == ABANDONED => Command::Abandon,
        MoveKind::Resign if m.shots.is_empty() => Command::Resign,
        MoveKind::Resign => return Err(format!("a resignation reads {:?}", m.shots)),
        MoveKind::Reveal => Command::Reveal {
            cell: cell(&m.shots)?,
        },
        MoveKind::Relocate => Command::Relocate {
            ship: ship(&m.shots)?,
        },
        MoveKind::Timeout if m.shots.is_empty() => Command::Timeout { instead: None },
        MoveKind::Timeout => Command::Timeout {
            instead: Some(match table.stand_in(m.player) {
                Some(Ask::Relocate { .. }) => Instead::Relocate(ship(&m.shots)?),
                _ => Instead::Reveal(cell(&m.shots)?),
            }),
        },
        MoveKind::Dying => return Err(format!("the dying shot {:?} follows no volley", m.shots)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shots_round_trip() {
        let dims = Rules::classic().dims();
        let s = vec![
            (Coord::new(0, 0), Answer::Miss),
            (Coord::new(9, 9), Answer::Sunk),
        ];
        let text = format_shots(&s);
        assert_eq!(text, "a1:miss j10:sunk");
        assert_eq!(parse_shots(&text, dims), Some(s));
        assert_eq!(parse_shots("a1", dims), None);
    }
}

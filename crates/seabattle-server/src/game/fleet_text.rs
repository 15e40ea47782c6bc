//! A fleet as text: the canonical form a fleet is committed, stored and shown in.

use seabattle_core::{CoordSystem, Fleet};

/// The canonical text of a fleet, as committed: each ship in the file form, cells in the
/// canonical ASCII system, ships sorted by their text, then the pieces (`mine:e5`,
/// `sweeper:c3`, `sub:j10`) by kind and board order, joined by single spaces.
pub fn canonical_fleet(fleet: &Fleet) -> String {
    canonical_words(fleet).join(" ")
}

/// The words of [`canonical_fleet`]: each ship, sorted by its text, then each piece.
pub fn canonical_words(fleet: &Fleet) -> Vec<String> {
    let setup = fleet.to_setup();
    let mut ships: Vec<String> = setup
        .ships
        .iter()
        .map(|s| s.format(CoordSystem::Latin))
        .collect();
    ships.sort();
    // Pieces come out of the fleet by kind and then in board order: already canonical.
    ships.extend(setup.pieces.iter().map(|p| p.format(CoordSystem::Latin)));
    ships
}

/// The words of a fleet's canonical text, or none before it is placed.
pub fn fleet_words(text: Option<&str>) -> Vec<String> {
    text.map(|t| t.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}

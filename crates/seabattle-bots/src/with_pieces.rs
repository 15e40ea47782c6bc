//! A fleet made of ships already drawn, with its pieces added: shared by the styled
//! placers and the habits, a leaf so that neither names the other.

use rand::Rng;
use seabattle_core::{CellSet, Fleet, FleetSetup, Rules, ShipSetup};

/// The fleet of `ships` (each one's cells), with its pieces (mines, minesweepers,
/// submarines) drawn anywhere the rules allow, through the same validation as any
/// player's layout; `None` if the pieces find no room or the layout is refused.
pub(crate) fn with_pieces(rules: &Rules, ships: &[CellSet], rng: &mut dyn Rng) -> Option<Fleet> {
    let occupied = ships.iter().fold(CellSet::EMPTY, |acc, s| acc.or(s));
    let pieces = seabattle_core::pieces::draw(rules, &occupied, rng)?;
    let setup = FleetSetup {
        ships: ships
            .iter()
            .map(|s| ShipSetup(s.iter().collect()))
            .collect(),
        pieces: pieces.to_setup(),
    };
    Fleet::new(setup, rules).ok()
}

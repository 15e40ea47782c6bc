//! What a computer player shows when it owes a reveal (seed 004's mines and
//! minesweepers): as little as it can.

use rand::{Rng, RngExt};
use seabattle_core::{CellSet, Coord, DutyKind, Game, Player};

/// The cell `player` shows for a reveal of `kind` in `game`, from the cells the rules
/// allow; `None` if there are none. After a mine it shows a cell of a ship the enemy
/// has hit already (which tells them least), else a cell of its largest ship (one
/// found hit still leaves the rest to search); after a minesweeper, any unspent mine.
/// Uses only `player`'s own view: its fleet and the shots it has taken.
pub fn choose_reveal(
    game: &Game,
    player: Player,
    kind: DutyKind,
    rng: &mut dyn Rng,
) -> Option<Coord> {
    let options = game.reveal_options(player, kind);
    let pick = |set: &CellSet, rng: &mut dyn Rng| {
        let n = set.len();
        (n > 0)
            .then(|| set.iter().nth(rng.random_range(0..n)))
            .flatten()
    };
    if kind == DutyKind::ShipCell {
        let own = game.view(player).own;
        let fleet = own.fleet?;
        let damaged = fleet
            .ships()
            .iter()
            .filter(|s| s.cells().intersects(&own.incoming))
            .fold(CellSet::EMPTY, |acc, s| acc.or(s.cells()))
            .and(&options);
        if !damaged.is_empty() {
            return pick(&damaged, rng);
        }
        let largest = fleet
            .ships()
            .iter()
            .filter(|s| s.cells().intersects(&options))
            .max_by_key(|s| s.size())
            .map(|s| s.cells().and(&options));
        if let Some(cells) = largest {
            return pick(&cells, rng);
        }
    }
    pick(&options, rng)
}

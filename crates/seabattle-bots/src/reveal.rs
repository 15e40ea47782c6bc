//! What a computer player shows when it owes a reveal (seed 004's mines and
//! minesweepers): as little as it can.

use rand::{Rng, RngExt};
use seabattle_core::{CellSet, Coord, DutyKind, Fleet, Game, Player};

/// The cell `player` shows for a reveal of `kind` in `game`, from the cells the rules
/// allow; `None` if there are none. Uses only `player`'s own view: its fleet and the
/// shots it has taken. See [`choose_reveal_among`] for how it picks.
pub fn choose_reveal(
    game: &Game,
    player: Player,
    kind: DutyKind,
    rng: &mut dyn Rng,
) -> Option<Coord> {
    let options = game.reveal_options(player, kind);
    let own = game.view(player).own;
    match own.fleet {
        Some(fleet) => choose_reveal_among(&fleet, &own.incoming, options, kind, rng),
        None => pick(&options, rng),
    }
}

/// The cell to show among `options` (the cells the rules allow), for a player whose
/// fleet is `fleet` and who has taken the shots `incoming`. After a mine it shows a
/// cell of a ship the enemy has hit already (which tells them least), else a cell of
/// its largest ship (one found hit still leaves the rest to search); after a
/// minesweeper, any of the mines allowed. For hosts that keep no [`Game`] of their own,
/// such as the arena's in-process bots.
pub fn choose_reveal_among(
    fleet: &Fleet,
    incoming: &CellSet,
    options: CellSet,
    kind: DutyKind,
    rng: &mut dyn Rng,
) -> Option<Coord> {
    if kind == DutyKind::ShipCell {
        let damaged = fleet
            .ships()
            .iter()
            .filter(|s| s.cells().intersects(incoming))
            .fold(CellSet::EMPTY, |acc, s| acc.or(&s.cells()))
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

/// A cell of `set` drawn uniformly, if it has any.
fn pick(set: &CellSet, rng: &mut dyn Rng) -> Option<Coord> {
    let n = set.len();
    (n > 0)
        .then(|| set.iter().nth(rng.random_range(0..n)))
        .flatten()
}

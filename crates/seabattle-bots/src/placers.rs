//! Placers: how a computer player lays out its fleet.

use crate::habit::{Habit, HabitKind};
use crate::names::{UnknownName, by_name};
use crate::with_pieces::with_pieces;
use rand::{Rng, RngExt, SeedableRng};
use seabattle_core::placement::{Position, positions_by_size};
use seabattle_core::{CellSet, Coord, Fleet, FleetSetup, Placer, Rules, ShipSetup, TooConstrained};
use std::fmt;
use std::str::FromStr;

/// The placement styles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlacerKind {
    /// Uniform over all legal boards (the rules crate's generator).
    Uniform,
    /// Ships of two or more decks along the border, one-deckers anywhere.
    Edge,
    /// Seed 004: multi-deckers packed into one corner so their halos overlap and fall
    /// off the board; one-deckers spread over the rest.
    Perelman,
    /// The hardest for strong shooters, by measurement: Perelman's packed corner, with
    /// the one-deckers anywhere else at random so their places cannot be predicted.
    Expert,
    /// A player who reuses two layouts (the same two for given rules), one ship in five
    /// games moved: an opponent to learn (`bench --learn`).
    Reuser,
    /// A player who hugs the edges: every ship, one-deckers too, along the border while
    /// there is room there (then touching it).
    Hugger,
    /// The reuser's two layouts, each game turned or mirrored (one of the board's
    /// symmetries at random): repeats a shooter must see through symmetry.
    Mirrorer,
    /// Ship by ship, as hobby programs place: each ship, largest first, dropped at a
    /// uniformly random place on the board and dropped again until it fits beside the
    /// ships already placed. Not uniform over fleets: the first ships are placed as if
    /// the board were empty.
    ShipByShip,
    /// A player with a habit (see [`crate::habit`]). Each fleet drawn by
    /// [`PlacerKind::place`] is a new player's, side or corner drawn afresh; one
    /// player's games are [`PlacerKind::player`]'s habit placed again and again.
    Habit(HabitKind),
}

impl PlacerKind {
    /// Every placer.
    pub const ALL: [PlacerKind; 15] = [
        PlacerKind::Uniform,
        PlacerKind::ShipByShip,
        PlacerKind::Edge,
        PlacerKind::Perelman,
        PlacerKind::Expert,
        PlacerKind::Reuser,
        PlacerKind::Hugger,
        PlacerKind::Mirrorer,
        PlacerKind::Habit(HabitKind::Half),
        PlacerKind::Habit(HabitKind::Corner),
        PlacerKind::Habit(HabitKind::Horizontal),
        PlacerKind::Habit(HabitKind::BigApart),
        PlacerKind::Habit(HabitKind::SinglesInCorners),
        PlacerKind::Habit(HabitKind::HugLight),
        PlacerKind::Habit(HabitKind::HugStrong),
    ];

    /// The placement styles the shooters are compared on (`bench --matrix`); the
    /// others are opponents with habits to learn.
    pub const STYLES: [PlacerKind; 4] = [
        PlacerKind::Uniform,
        PlacerKind::Edge,
        PlacerKind::Perelman,
        PlacerKind::Expert,
    ];

    /// Its name.
    pub const fn name(self) -> &'static str {
        match self {
            PlacerKind::Uniform => "uniform",
            PlacerKind::Edge => "edge",
            PlacerKind::Perelman => "perelman",
            PlacerKind::Expert => "expert",
            PlacerKind::Reuser => "reuser",
            PlacerKind::Hugger => "hugger",
            PlacerKind::Mirrorer => "mirrorer",
            PlacerKind::ShipByShip => "ship-by-ship",
            PlacerKind::Habit(h) => h.name(),
        }
    }

    /// One player of this style: for a habit, the player's own (its side or corner
    /// drawn from `rng`), else `None` (every fleet is drawn alike).
    pub fn player(self, rng: &mut dyn Rng) -> Option<Habit> {
        match self {
            PlacerKind::Habit(h) => Some(h.player(rng)),
            _ => None,
        }
    }

    /// A fleet in this style. Styles that cannot be followed under the rules (no room
    /// along the border, say) fall back to the uniform draw.
    pub fn place(self, rules: &Rules, rng: &mut dyn Rng) -> Result<Fleet, TooConstrained> {
        // A lone path-shaped ship has no border or corner to pack: every style draws it
        // uniformly, which also leaves its shooter nothing to learn.
        if seabattle_core::placement::lone_path(rules).is_some() {
            return Placer::new(rules).sample(rng);
        }
        let styled = match self {
            PlacerKind::Uniform => None,
            PlacerKind::Edge => greedy(rules, rng, Style::Edge),
            PlacerKind::Perelman => greedy(rules, rng, Style::Perelman),
            PlacerKind::Expert => greedy(rules, rng, Style::Expert),
            PlacerKind::Hugger => greedy(rules, rng, Style::Hug),
            PlacerKind::Reuser => reuse(rules, rng),
            PlacerKind::Mirrorer => reuse(rules, rng).map(|f| mirror(rules, f, rng)),
            PlacerKind::ShipByShip => ship_by_ship(rules, rng),
            PlacerKind::Habit(h) => return h.player(rng).place(rules, rng),
        };
        match styled {
            Some(f) => Ok(f),
            None => Placer::new(rules).sample(rng),
        }
    }
}

impl fmt::Display for PlacerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for PlacerKind {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, UnknownName> {
        by_name("placer", &PlacerKind::ALL, PlacerKind::name, s)
    }
}

#[derive(Clone, Copy)]
enum Style {
    Edge,
    Perelman,
    Expert,
    Hug,
}

/// The seed of the reuser's two layouts: the same for every game under given rules.
const REUSER_SEED: u64 = 0x0000_2E05_E200_0000;
/// The chance the reuser moves one ship of its layout.
const REUSER_MOVES: f64 = 0.2;

/// One of the reuser's two layouts, now and then with one ship moved.
fn reuse(rules: &Rules, rng: &mut dyn Rng) -> Option<Fleet> {
    let which = u64::from(rng.random_bool(0.5));
    let mut own = rand::rngs::StdRng::seed_from_u64(REUSER_SEED + which);
    let layout = Placer::new(rules).sample(&mut own).ok()?;
    if !rng.random_bool(REUSER_MOVES) || layout.ships().is_empty() {
        return Some(layout);
    }
    let moved = rng.random_range(0..layout.ships().len());
    let others = layout
        .ships()
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != moved)
        .fold(CellSet::EMPTY, |acc, (_, s)| acc.or(&s.cells()));
    let size = layout.ships()[moved].size();
    let lists = positions_by_size(rules);
    let free: Vec<&Position> = lists
        .iter()
        .filter(|(s, _)| usize::from(*s) == size)
        .flat_map(|(_, l)| l)
        .filter(|p| !p.blocked.intersects(&others) && p.cells != layout.ships()[moved].cells())
        .collect();
    if free.is_empty() {
        return Some(layout);
    }
    let to = free[rng.random_range(0..free.len())];
    let mut setup = layout.to_setup();
    if let Some(ship) = setup.ships.get_mut(moved) {
        *ship = ShipSetup(to.cells.iter().collect());
    }
    // Pieces and ships the move might now touch: the layout went through the same
    // validation as any player's, or stays as it was.
    Some(Fleet::new(setup, rules).unwrap_or(layout))
}

/// The fleet turned or mirrored by one of the board's symmetries at random (eight on a
/// square board, four on another); the fleet as it was if the image breaks the rules.
fn mirror(rules: &Rules, fleet: Fleet, rng: &mut dyn Rng) -> Fleet {
    let dims = rules.dims();
    let (w, h) = (dims.width(), dims.height());
    let square = w == h;
    let which = rng.random_range(0..if square { 8 } else { 4 });
    let map = |c: Coord| {
        let (x, y) = (c.col, c.row);
        let (x, y) = if which & 1 == 1 {
            (w - 1 - x, y)
        } else {
            (x, y)
        };
        let (x, y) = if which & 2 == 2 {
            (x, h - 1 - y)
        } else {
            (x, y)
        };
        if which & 4 == 4 {
            Coord::new(y, x)
        } else {
            Coord::new(x, y)
        }
    };
    let setup = fleet.to_setup();
    let turned = FleetSetup {
        ships: setup
            .ships
            .iter()
            .map(|s| ShipSetup(s.0.iter().map(|&c| map(c)).collect()))
            .collect(),
        pieces: setup.pieces.clone(),
    };
    // Pieces stay where they were; the image goes through the same validation as any
    // player's layout.
    Fleet::new(turned, rules).unwrap_or(fleet)
}

/// Drops of one ship a fleet tries before it starts again from an empty board.
const DROPS: usize = 1000;
/// Fresh starts before [`ship_by_ship`] gives up (rules too tight for dropping ships).
const STARTS: usize = 50;

/// The positions of ships of `size` among `lists` (as `positions_by_size` gives them);
/// none when the fleet has no ship of that size.
fn of_size(lists: &[(u8, Vec<Position>)], size: u8) -> &[Position] {
    lists
        .iter()
        .find(|(s, _)| *s == size)
        .map(|(_, l)| l.as_slice())
        .unwrap_or(&[])
}

/// Each ship in turn, largest first, dropped at a uniformly random place among all of
/// its size (every orientation and shape) until it fits beside the ships already down:
/// the retry loop of hobby code. A ship that finds no room in [`DROPS`] tries starts the
/// fleet again; `None` after [`STARTS`] starts.
fn ship_by_ship(rules: &Rules, rng: &mut dyn Rng) -> Option<Fleet> {
    let lists = positions_by_size(rules);
    let list = |size: u8| of_size(&lists, size);
    'start: for _ in 0..STARTS {
        let mut blocked = CellSet::EMPTY;
        let mut ships: Vec<CellSet> = Vec::with_capacity(rules.fleet().len());
        for &size in rules.fleet() {
            let places = list(size);
            if places.is_empty() {
                return None;
            }
            let dropped = (0..DROPS)
                .map(|_| &places[rng.random_range(0..places.len())])
                .find(|p| !p.cells.intersects(&blocked));
            let Some(p) = dropped else { continue 'start };
            blocked.union_with(&p.blocked);
            ships.push(p.cells);
        }
        if let Some(f) = with_pieces(rules, &ships, rng) {
            return Some(f);
        }
    }
    None
}

/// Tries a few times to lay the fleet out ship by ship in the style; `None` if every try
/// ran out of room.
fn greedy(rules: &Rules, rng: &mut dyn Rng, style: Style) -> Option<Fleet> {
    let dims = rules.dims();
    let (w, h) = (i32::from(dims.width()) - 1, i32::from(dims.height()) - 1);
    let lists = positions_by_size(rules);
    let list = |size: u8| of_size(&lists, size);
    for _ in 0..50 {
        // Perelman's corner, one of four.
        let corner = (rng.random_bool(0.5), rng.random_bool(0.5));
        let from_corner = |c: Coord| {
            let x = if corner.0 {
                w - i32::from(c.col)
            } else {
                i32::from(c.col)
            };
            let y = if corner.1 {
                h - i32::from(c.row)
            } else {
                i32::from(c.row)
            };
            x.max(y)
        };
        let mut blocked = CellSet::EMPTY;
        let mut ships: Vec<CellSet> = Vec::new();
        let mut ok = true;
        for &size in rules.fleet() {
            let free: Vec<&Position> = list(size)
                .iter()
                .filter(|p| !p.cells.intersects(&blocked))
                .collect();
            let on_edge = |p: &&Position| {
                p.cells.iter().any(|c| {
                    c.col == 0 || c.row == 0 || i32::from(c.col) == w || i32::from(c.row) == h
                })
            };
            let choice: Vec<&Position> = match (style, size > 1) {
                (Style::Edge, true) => free.iter().copied().filter(on_edge).collect(),
                (Style::Perelman | Style::Expert, true) => {
                    // Perelman's aim: few new cells ruled out, so halos overlap each
                    // other and fall off the board, and all of it near one corner.
                    let reach = |p: &Position| {
                        let grown = (blocked.or(&p.blocked).len() - blocked.len()) as i32;
                        grown + p.cells.iter().map(from_corner).max().unwrap_or(0)
                    };
                    let best = free.iter().map(|p| reach(p)).min();
                    free.iter()
                        .copied()
                        .filter(|p| Some(reach(p)) == best)
                        .collect()
                }
                (Style::Perelman, false) => {
                    // As far from every ship placed as possible, spreading them out.
                    let taken: Vec<Coord> = ships.iter().flat_map(|s| s.iter()).collect();
                    let gap = |p: &Position| {
                        let c = p.cells.first().unwrap_or(Coord::new(0, 0));
                        taken
                            .iter()
                            .map(|t| {
                                (i32::from(t.col) - i32::from(c.col))
                                    .abs()
                                    .max((i32::from(t.row) - i32::from(c.row)).abs())
                            })
                            .min()
                            .unwrap_or(0)
                    };
                    let best = free.iter().map(|p| gap(p)).max();
                    free.iter()
                        .copied()
                        .filter(|p| Some(gap(p)) == best)
                        .collect()
                }
                (Style::Edge | Style::Expert, false) => free,
                (Style::Hug, _) => {
                    let along = |p: &&Position| {
                        p.cells.iter().all(|c| {
                            c.col == 0
                                || c.row == 0
                                || i32::from(c.col) == w
                                || i32::from(c.row) == h
                        })
                    };
                    let lying: Vec<&Position> = free.iter().copied().filter(along).collect();
                    let touching: Vec<&Position> = free.iter().copied().filter(on_edge).collect();
                    // Along the border while there is room, then touching it; one-deckers
                    // go inside once the border is full.
                    match (lying.is_empty(), touching.is_empty(), size == 1) {
                        (false, _, _) => lying,
                        (true, false, _) => touching,
                        (true, true, true) => free,
                        (true, true, false) => Vec::new(),
                    }
                }
            };
            if choice.is_empty() {
                ok = false;
                break;
            }
            let p = choice[rng.random_range(0..choice.len())];
            blocked.union_with(&p.blocked);
            ships.push(p.cells);
        }
        // The pieces are drawn even after a failed try, as they always were: the same
        // seed keeps drawing the same boards.
        let fleet = with_pieces(rules, &ships, rng);
        if ok && let Some(f) = fleet {
            return Some(f);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;

    /// Share of `n` fleets of `placer` whose largest ship lies along the border.
    fn on_the_border(placer: PlacerKind, rules: &Rules, n: usize) -> f64 {
        let mut rng = StdRng::seed_from_u64(43);
        let along = |c: &[Coord], f: fn(&Coord) -> u8| {
            let v = f(&c[0]);
            c.iter().all(|x| f(x) == v) && (v == 0 || v == 4)
        };
        let border = (0..n)
            .filter(|_| {
                let f = placer.place(rules, &mut rng).unwrap();
                let big = f.ships().iter().max_by_key(|s| s.size()).unwrap();
                let cells: Vec<Coord> = big.cells().iter().collect();
                along(&cells, |c| c.row) || along(&cells, |c| c.col)
            })
            .count();
        border as f64 / n as f64
    }

    /// Dropped ship by ship, the first ship is uniform over its own places, whatever
    /// room it leaves the others: on 5×5 with ships of 5 and 4 that may touch, the
    /// five-decker lies along the border 4 times in 10. Uniform over fleets it does 52
    /// times in 100: a border line leaves the four-decker 13 places, another line 8.
    #[test]
    fn ship_by_ship_drops_the_first_ship_uniformly() {
        let rules: Rules = "5x5 fleet=5,4 touch=allowed".parse().unwrap();
        let n = 6000;
        let dropped = on_the_border(PlacerKind::ShipByShip, &rules, n);
        let uniform = on_the_border(PlacerKind::Uniform, &rules, n);
        // Standard errors are about 0.0065.
        assert!((dropped - 0.40).abs() < 0.025, "{dropped}");
        assert!((uniform - 0.52).abs() < 0.025, "{uniform}");
    }

    /// Every preset's fleet is dropped in full, halos kept where ships may not touch,
    /// and the name reads back.
    #[test]
    fn ship_by_ship_places_every_preset() {
        let mut rng = StdRng::seed_from_u64(44);
        for preset in seabattle_core::Preset::ALL {
            let rules = preset.rules();
            if seabattle_core::placement::lone_path(&rules).is_some() {
                continue;
            }
            for _ in 0..20 {
                let f = ship_by_ship(&rules, &mut rng).expect("room for every preset's fleet");
                assert_eq!(f.ships().len(), rules.fleet().len(), "{preset}");
            }
        }
        assert_eq!(
            "ship-by-ship".parse::<PlacerKind>(),
            Ok(PlacerKind::ShipByShip)
        );
    }

    /// Where dropped ships run out of room (four five-deckers and a four-decker fill
    /// all but one cell of 5×5, and only ships all one way fit) the style still gives a
    /// fleet of the rules, found by dropping again or by the uniform draw.
    #[test]
    fn ship_by_ship_on_a_tight_board_still_places() {
        let rules: Rules = "5x5 fleet=5,5,5,5,4 touch=allowed".parse().unwrap();
        let mut rng = StdRng::seed_from_u64(45);
        for _ in 0..20 {
            let f = PlacerKind::ShipByShip.place(&rules, &mut rng).unwrap();
            assert_eq!(f.ships().len(), 5);
        }
    }
}

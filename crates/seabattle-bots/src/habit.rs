//! Habits: how one person keeps placing fleets, as a prior over fleets, and the placer
//! that draws fleets with it.
//!
//! A [`Habit`] is a product of per-ship weights (`exp(-energy)` for each ship where it
//! lies) times the uniform measure on legal fleets, with one pairwise term for
//! [`Habit::BigApart`]. Because the placer draws from exactly this distribution (by
//! Gibbs steps started from a uniform fleet), a shooter told the habit can hold the true
//! posterior of the opponent's fleets: the ceiling learning is measured against
//! (`seabattle bench --habits`). Learning names the habit it finds with the same enum
//! (see [`crate::learn::OpponentPrior::habit`]).

use crate::names::{UnknownName, by_name};
use rand::{Rng, RngExt};
use seabattle_core::placement::{Position, positions_by_size, ship_lists};
use seabattle_core::{CellSet, Dims, Fleet, Placer, Rules, TooConstrained};
use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, Mutex};

/// A side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The columns on the left (`a`–`e` on a 10×10 board).
    Left,
    /// The columns on the right (`f`–`j`).
    Right,
    /// The rows at the top (`1`–`5`).
    Top,
    /// The rows at the bottom (`6`–`10`).
    Bottom,
}

impl Side {
    /// Every side.
    pub const ALL: [Side; 4] = [Side::Left, Side::Right, Side::Top, Side::Bottom];
}

/// A corner of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Corner {
    /// Around `a1`.
    TopLeft,
    /// Around `j1` on a 10×10 board.
    TopRight,
    /// Around `a10`.
    BottomLeft,
    /// Around `j10`.
    BottomRight,
}

impl Corner {
    /// Every corner.
    pub const ALL: [Corner; 4] = [
        Corner::TopLeft,
        Corner::TopRight,
        Corner::BottomLeft,
        Corner::BottomRight,
    ];
}

/// How strongly a habit holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strength {
    /// A leaning: a ship off the habit is `e` (2.7) times less likely.
    Light,
    /// A rule the player nearly always keeps: `e^3` (20) times less likely off it.
    Strong,
}

/// A placement habit of one player. `Half` and `Corner` name the player's own side or
/// corner; the others need nothing more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Habit {
    /// Every multi-decker in one half of the board; one-deckers anywhere.
    Half(Side),
    /// Every multi-decker in a square of seven tenths of the board's side at one
    /// corner; one-deckers anywhere.
    Corner(Corner),
    /// Every multi-decker lying along a row, none along a column.
    Horizontal,
    /// The big ships (three decks or more) each in a quarter of its own.
    BigApart,
    /// The one-deckers in the board's corner cells.
    SinglesInCorners,
    /// Every ship, one-deckers too, touching the border.
    EdgeHugging(Strength),
}

/// Energy of a ship off a near-certain habit: `e^6`, 400 times less likely.
const HARD: f64 = 6.0;
/// Energy of a one-decker off the corner cells.
const SINGLES: f64 = 3.0;
/// Energy of two big ships in one quarter.
const APART: f64 = 4.0;
/// Gibbs sweeps from a uniform fleet to a draw of the habit.
const SWEEPS: usize = 40;
/// Exact draws [`exact_draws`] makes of a habit: as many as the expert's first
/// population draws of any prior.
const DRAWS: usize = 200;
/// The seed of [`exact_draws`]: the same fleets in every process.
const DRAWS_SEED: u64 = 0x5EAB_A771_E000_0002;
/// Habits under rules whose draws [`exact_draws`] keeps (some 200 KB each).
const KEPT_DRAWS: usize = 32;

/// The habits by name, as `seabattle place --placer` and `bench --habits` know them:
/// the side or corner is drawn per player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HabitKind {
    /// [`Habit::Half`], the side drawn per player.
    Half,
    /// [`Habit::Corner`], the corner drawn per player.
    Corner,
    /// [`Habit::Horizontal`].
    Horizontal,
    /// [`Habit::BigApart`].
    BigApart,
    /// [`Habit::SinglesInCorners`].
    SinglesInCorners,
    /// [`Habit::EdgeHugging`] with [`Strength::Light`].
    HugLight,
    /// [`Habit::EdgeHugging`] with [`Strength::Strong`].
    HugStrong,
}

impl HabitKind {
    /// Every habit.
    pub const ALL: [HabitKind; 7] = [
        HabitKind::Half,
        HabitKind::Corner,
        HabitKind::Horizontal,
        HabitKind::BigApart,
        HabitKind::SinglesInCorners,
        HabitKind::HugLight,
        HabitKind::HugStrong,
    ];

    /// Its name.
    pub const fn name(self) -> &'static str {
        match self {
            HabitKind::Half => "half",
            HabitKind::Corner => "corner",
            HabitKind::Horizontal => "horizontal",
            HabitKind::BigApart => "apart",
            HabitKind::SinglesInCorners => "singles-in-corners",
            HabitKind::HugLight => "hug-light",
            HabitKind::HugStrong => "hug-strong",
        }
    }

    /// One player's habit of this kind: the side or corner drawn from `rng`.
    pub fn player(self, rng: &mut dyn Rng) -> Habit {
        match self {
            HabitKind::Half => Habit::Half(Side::ALL[rng.random_range(0..4)]),
            HabitKind::Corner => Habit::Corner(Corner::ALL[rng.random_range(0..4)]),
            HabitKind::Horizontal => Habit::Horizontal,
            HabitKind::BigApart => Habit::BigApart,
            HabitKind::SinglesInCorners => Habit::SinglesInCorners,
            HabitKind::HugLight => Habit::EdgeHugging(Strength::Light),
            HabitKind::HugStrong => Habit::EdgeHugging(Strength::Strong),
        }
    }
}

impl fmt::Display for HabitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for HabitKind {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, UnknownName> {
        by_name("habit", &HabitKind::ALL, HabitKind::name, s)
    }
}

impl Habit {
    /// The kind it is of.
    pub const fn kind(self) -> HabitKind {
        match self {
            Habit::Half(_) => HabitKind::Half,
            Habit::Corner(_) => HabitKind::Corner,
            Habit::Horizontal => HabitKind::Horizontal,
            Habit::BigApart => HabitKind::BigApart,
            Habit::SinglesInCorners => HabitKind::SinglesInCorners,
            Habit::EdgeHugging(Strength::Light) => HabitKind::HugLight,
            Habit::EdgeHugging(Strength::Strong) => HabitKind::HugStrong,
        }
    }

    /// Its stable name, for a page or a message to name it by (the words people read
    /// are the page's, in their language): the kind's name, with the side or corner
    /// for a half or a corner (`half-left`, `corner-top-right`, `horizontal`, `apart`,
    /// `singles-in-corners`, `hug-light`, `hug-strong`). [`Habit::from_str`] reads it
    /// back; serde writes and reads a habit as this name.
    pub const fn name(self) -> &'static str {
        match self {
            Habit::Half(Side::Left) => "half-left",
            Habit::Half(Side::Right) => "half-right",
            Habit::Half(Side::Top) => "half-top",
            Habit::Half(Side::Bottom) => "half-bottom",
            Habit::Corner(Corner::TopLeft) => "corner-top-left",
            Habit::Corner(Corner::TopRight) => "corner-top-right",
            Habit::Corner(Corner::BottomLeft) => "corner-bottom-left",
            Habit::Corner(Corner::BottomRight) => "corner-bottom-right",
            Habit::Horizontal
            | Habit::BigApart
            | Habit::SinglesInCorners
            | Habit::EdgeHugging(_) => self.kind().name(),
        }
    }

    /// Every habit, each side and corner apart.
    pub fn all() -> Vec<Habit> {
        let mut out: Vec<Habit> = Side::ALL.iter().map(|&s| Habit::Half(s)).collect();
        out.extend(Corner::ALL.iter().map(|&c| Habit::Corner(c)));
        out.extend([
            Habit::Horizontal,
            Habit::BigApart,
            Habit::SinglesInCorners,
            Habit::EdgeHugging(Strength::Light),
            Habit::EdgeHugging(Strength::Strong),
        ]);
        out
    }

    /// The energy of a ship of `cells` standing there by itself (the pairwise part of
    /// [`Habit::BigApart`] is apart: [`Habit::zone`]).
    pub fn energy(self, dims: Dims, cells: &CellSet) -> f64 {
        let (w, h) = (i32::from(dims.width()), i32::from(dims.height()));
        let multi = cells.len() > 1;
        let all = |f: &dyn Fn(i32, i32) -> bool| {
            cells.iter().all(|c| f(i32::from(c.col), i32::from(c.row)))
        };
        let off = |keeps: bool| if keeps { 0.0 } else { HARD };
        match self {
            Habit::Half(side) if multi => off(all(&|x, y| match side {
                Side::Left => 2 * x < w,
                Side::Right => 2 * x >= w,
                Side::Top => 2 * y < h,
                Side::Bottom => 2 * y >= h,
            })),
            Habit::Corner(corner) if multi => {
                let (sw, sh) = ((7 * w + 9) / 10, (7 * h + 9) / 10);
                off(all(&|x, y| {
                    let (dx, dy) = match corner {
                        Corner::TopLeft => (x, y),
                        Corner::TopRight => (w - 1 - x, y),
                        Corner::BottomLeft => (x, h - 1 - y),
                        Corner::BottomRight => (w - 1 - x, h - 1 - y),
                    };
                    dx < sw && dy < sh
                }))
            }
            Habit::Horizontal if multi => {
                let row = cells.first().map_or(0, |c| c.row);
                off(cells.iter().all(|c| c.row == row))
            }
            Habit::SinglesInCorners if !multi => {
                let corner = all(&|x, y| (x == 0 || x == w - 1) && (y == 0 || y == h - 1));
                if corner { 0.0 } else { SINGLES }
            }
            Habit::EdgeHugging(strength) => {
                let touches = cells.iter().any(|c| {
                    let (x, y) = (i32::from(c.col), i32::from(c.row));
                    x == 0 || y == 0 || x == w - 1 || y == h - 1
                });
                match (touches, strength) {
                    (true, _) => 0.0,
                    (false, Strength::Light) => 1.0,
                    (false, Strength::Strong) => 3.0,
                }
            }
            _ => 0.0,
        }
    }

    /// For [`Habit::BigApart`], the quarter a big ship of `cells` stands in (by its
    /// centre) and the energy of every pair of big ships sharing one; `None` for a
    /// small ship or another habit.
    pub fn zone(self, dims: Dims, cells: &CellSet) -> Option<(u8, f64)> {
        if self != Habit::BigApart || cells.len() < 3 {
            return None;
        }
        let n = cells.len() as i32;
        let (sx, sy) = cells.iter().fold((0, 0), |(x, y), c| {
            (x + i32::from(c.col), y + i32::from(c.row))
        });
        // The centre is past the middle when twice the sum exceeds n (side - 1).
        let right = 2 * sx > n * (i32::from(dims.width()) - 1);
        let bottom = 2 * sy > n * (i32::from(dims.height()) - 1);
        Some((u8::from(right) + 2 * u8::from(bottom), APART))
    }

    /// A fleet placed with this habit. Rules with a lone path-shaped ship have no habit
    /// to follow: the fleet is drawn uniformly.
    pub fn place(self, rules: &Rules, rng: &mut dyn Rng) -> Result<Fleet, TooConstrained> {
        let placer = Placer::new(rules);
        if seabattle_core::placement::lone_path(rules).is_some() {
            return placer.sample(rng);
        }
        let ships = HabitPlacer::new(self, rules).ships(rng)?;
        if let Some(f) = crate::with_pieces::with_pieces(rules, &ships, rng) {
            return Ok(f);
        }
        placer.sample(rng)
    }
}

/// Draws the ships of fleets with one habit under one set of rules: the positions and
/// their energies are worked out once.
pub struct HabitPlacer {
    rules: Rules,
    lists: Vec<Vec<Position>>,
    /// Per list and position, the energy of a ship there.
    energy: Vec<Vec<f64>>,
    /// Per list and position, `exp(-energy)`.
    weight: Vec<Vec<f64>>,
    /// Per list and position, its quarter for [`Habit::BigApart`] (`u8::MAX`: none).
    zone: Vec<Vec<u8>>,
    /// The energy of two ships in one zone.
    pair: f64,
    ship_list: Vec<usize>,
}

impl HabitPlacer {
    /// The placer of `habit` under `rules`.
    pub fn new(habit: Habit, rules: &Rules) -> HabitPlacer {
        let dims = rules.dims();
        let lists: Vec<Vec<Position>> = positions_by_size(rules)
            .into_iter()
            .map(|(_, l)| l)
            .collect();
        let energy: Vec<Vec<f64>> = lists
            .iter()
            .map(|l| l.iter().map(|p| habit.energy(dims, &p.cells)).collect())
            .collect();
        let weight = energy
            .iter()
            .map(|l| l.iter().map(|e| (-e).exp()).collect())
            .collect();
        let mut pair = 0.0;
        let zone = lists
            .iter()
            .map(|l| {
                l.iter()
                    .map(|p| match habit.zone(dims, &p.cells) {
                        Some((z, e)) => {
                            pair = e;
                            z
                        }
                        None => u8::MAX,
                    })
                    .collect()
            })
            .collect();
        HabitPlacer {
            rules: rules.clone(),
            lists,
            energy,
            weight,
            zone,
            pair,
            ship_list: ship_lists(rules),
        }
    }

    /// Per list (the order of `positions_by_size`) and position, the energy of a ship
    /// there.
    pub fn energies(&self) -> &[Vec<f64>] {
        &self.energy
    }

    /// Per list and position, its zone (`u8::MAX`: none), and the energy of a pair of
    /// ships in one zone.
    pub fn zones(&self) -> (&[Vec<u8>], f64) {
        (&self.zone, self.pair)
    }

    /// The cells of each ship of one fleet with the habit, in the rules' fleet order.
    pub fn ships(&self, rng: &mut dyn Rng) -> Result<Vec<CellSet>, TooConstrained> {
        let start = Placer::new(&self.rules).sample(rng)?;
        let mut row: Vec<usize> = Vec::with_capacity(self.ship_list.len());
        let mut used = vec![false; start.ships().len()];
        for &l in &self.ship_list {
            let size = self.lists[l].first().map_or(0, |p| p.cells.len());
            let found = start.ships().iter().enumerate().find_map(|(j, s)| {
                if used[j] || s.size() != size {
                    return None;
                }
                let k = self.lists[l].iter().position(|p| p.cells == s.cells())?;
                Some((j, k))
            });
            let Some((j, k)) = found else {
                // The generator's fleet is always one of the lists'; if not, keep it.
                return Ok(start.ships().iter().map(|s| s.cells()).collect());
            };
            used[j] = true;
            row.push(k);
        }
        let mut weights: Vec<f64> = Vec::new();
        let mut cand: Vec<usize> = Vec::new();
        let shared = (-self.pair).exp();
        for _ in 0..SWEEPS {
            for i in 0..row.len() {
                let l = self.ship_list[i];
                let blocked = (0..row.len())
                    .filter(|&j| j != i)
                    .fold(CellSet::EMPTY, |acc, j| {
                        acc.or(&self.lists[self.ship_list[j]][row[j]].blocked)
                    });
                cand.clear();
                weights.clear();
                let mut total = 0.0;
                for (k, p) in self.lists[l].iter().enumerate() {
                    if p.cells.intersects(&blocked) {
                        continue;
                    }
                    let mut wgt = self.weight[l][k];
                    let z = self.zone[l][k];
                    if z != u8::MAX {
                        for (j, &at) in row.iter().enumerate() {
                            if j != i && self.zone[self.ship_list[j]][at] == z {
                                wgt *= shared;
                            }
                        }
                    }
                    total += wgt;
                    cand.push(k);
                    weights.push(wgt);
                }
                // The ship's own place is always a candidate: the list is never empty.
                let mut x = rng.random::<f64>() * total;
                for (&k, &wgt) in cand.iter().zip(&weights) {
                    x -= wgt;
                    if x <= 0.0 {
                        row[i] = k;
                        break;
                    }
                }
            }
        }
        Ok(row
            .iter()
            .zip(&self.ship_list)
            .map(|(&k, &l)| self.lists[l][k].cells)
            .collect())
    }
}

/// Fleets drawn exactly from `habit` under `rules` (each ship's cells, in the rules'
/// fleet order), the same ones every time: what a learned prior of the habit named
/// starts a game from. A draw costs some 0.5 ms of Gibbs sweeps, too much for every
/// game's first decision, so they are made once per habit and rules in a process (the
/// first prior that names it pays) and shared.
pub(crate) fn exact_draws(habit: Habit, rules: &Rules) -> Arc<[Vec<CellSet>]> {
    type Kept = Vec<(Habit, Rules, Arc<[Vec<CellSet>]>)>;
    static KEPT: Mutex<Kept> = Mutex::new(Vec::new());
    let kept = |kept: &Kept| {
        kept.iter()
            .find(|(h, r, _)| *h == habit && r == rules)
            .map(|(_, _, d)| d.clone())
    };
    // A poisoned lock only means another thread panicked while holding it; the
    // draws it holds are whole either way.
    if let Some(d) = kept(&KEPT.lock().unwrap_or_else(|e| e.into_inner())) {
        return d;
    }
    // Drawn outside the lock: two threads may both draw, and they draw the same.
    let placer = HabitPlacer::new(habit, rules);
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(DRAWS_SEED);
    let draws: Arc<[Vec<CellSet>]> = (0..DRAWS)
        .map_while(|_| placer.ships(&mut rng).ok())
        .collect();
    let mut all = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(d) = kept(&all) {
        return d;
    }
    if all.len() == KEPT_DRAWS {
        all.remove(0);
    }
    all.push((habit, rules.clone(), draws.clone()));
    draws
}

impl FromStr for Habit {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, UnknownName> {
        by_name("habit", &Habit::all(), Habit::name, s)
    }
}

impl serde::Serialize for Habit {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Habit {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Left => "left",
            Side::Right => "right",
            Side::Top => "top",
            Side::Bottom => "bottom",
        })
    }
}

impl fmt::Display for Corner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Corner::TopLeft => "top left",
            Corner::TopRight => "top right",
            Corner::BottomLeft => "bottom left",
            Corner::BottomRight => "bottom right",
        })
    }
}

/// The habit in English words, for logs and the command line; a page that says it to
/// people words it in their language from the enum itself.
impl fmt::Display for Habit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Habit::Half(side) => write!(f, "big ships in the {side} half"),
            Habit::Corner(corner) => write!(f, "big ships near the {corner} corner"),
            Habit::Horizontal => f.write_str("big ships lying along rows"),
            Habit::BigApart => f.write_str("the biggest ships each in a quarter of its own"),
            Habit::SinglesInCorners => f.write_str("one-deckers in the corners"),
            Habit::EdgeHugging(Strength::Light) => f.write_str("ships along the border, often"),
            Habit::EdgeHugging(Strength::Strong) => {
                f.write_str("ships along the border, nearly always")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use seabattle_core::{FleetSetup, ShipSetup};

    #[test]
    fn every_habit_places_legal_fleets_under_every_preset() {
        for preset in seabattle_core::Preset::ALL {
            let rules = preset.rules();
            let mut rng = StdRng::seed_from_u64(3);
            for habit in Habit::all() {
                let f = habit.place(&rules, &mut rng).unwrap();
                assert_eq!(f.rules(), &rules, "{preset} {habit}");
            }
        }
    }

    #[test]
    fn a_placer_keeps_its_habit() {
        let rules = Rules::classic();
        let dims = rules.dims();
        let mut rng = StdRng::seed_from_u64(5);
        for habit in [
            Habit::Half(Side::Left),
            Habit::Corner(Corner::BottomRight),
            Habit::Horizontal,
        ] {
            let mut off = 0;
            for _ in 0..20 {
                let f = habit.place(&rules, &mut rng).unwrap();
                off += f
                    .ships()
                    .iter()
                    .filter(|s| habit.energy(dims, &s.cells()) > 0.0)
                    .count();
            }
            // Under a uniform placer most of the 120 multi-deckers would be off each of
            // these; the corner's square is tight, so a few stray.
            assert!(off <= 6, "{habit}: {off} ships off the habit in 20 fleets");
        }
    }

    #[test]
    fn exact_draws_keep_the_habit_and_are_made_once() {
        let rules = Rules::classic();
        let dims = rules.dims();
        let habit = Habit::Corner(Corner::TopRight);
        let draws = exact_draws(habit, &rules);
        assert_eq!(draws.len(), DRAWS);
        assert!(Arc::ptr_eq(&draws, &exact_draws(habit, &rules)));
        let off = draws
            .iter()
            .flatten()
            .filter(|s| habit.energy(dims, s) > 0.0)
            .count();
        // 1,200 multi-deckers; a uniform placer puts most of them off the square.
        assert!(off <= 30, "{off} ships off the habit");
        for d in draws.iter() {
            let setup = FleetSetup {
                ships: d.iter().map(|s| ShipSetup(s.iter().collect())).collect(),
                pieces: Default::default(),
            };
            assert!(Fleet::new(setup, &rules).is_ok());
        }
        let other = exact_draws(Habit::Half(Side::Left), &rules);
        assert!(!Arc::ptr_eq(&draws, &other));
    }

    #[test]
    fn every_habit_has_a_name_of_its_own_that_reads_back() {
        let all = Habit::all();
        for h in &all {
            assert_eq!(h.name().parse::<Habit>(), Ok(*h));
            assert_eq!(
                serde_json::to_string(h).unwrap(),
                format!("\"{}\"", h.name())
            );
            assert_eq!(
                serde_json::from_str::<Habit>(&format!("\"{}\"", h.name())).unwrap(),
                *h
            );
        }
        let mut names: Vec<&str> = all.iter().map(|h| h.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all.len());
        let err = "half".parse::<Habit>().unwrap_err();
        assert_eq!(err.what, "habit");
        assert!(err.known.contains(&"half-left".to_string()));
        assert!(serde_json::from_str::<Habit>("\"left\"").is_err());
    }

    #[test]
    fn the_same_seed_gives_the_same_fleets() {
        let rules = Rules::classic();
        let draw = || {
            let mut rng = StdRng::seed_from_u64(8);
            let h = HabitKind::Half.player(&mut rng);
            (0..3)
                .map(|_| h.place(&rules, &mut rng).unwrap())
                .collect::<Vec<_>>()
        };
        assert_eq!(draw(), draw());
    }
}

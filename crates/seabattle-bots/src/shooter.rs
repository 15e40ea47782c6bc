//! The registry of shooters by name, the simple shooters, and the levels offered to
//! people. The [`Shooter`] trait itself lives apart, in [`crate::shooting`], so the
//! shooters this file names can import it without importing the registry back.

use crate::casual::{Casual, random_order};
use crate::density::Density;
use crate::dutchman::LoneShip;
use crate::expert::{Effort, Expert};
use crate::learn::OpponentPrior;
pub use crate::names::UnknownName;
use crate::names::by_name;
pub use crate::shooting::Shooter;
use crate::targeting::{fill, finishing_cells};
use rand::Rng;
use seabattle_core::view::TargetBoard;
use seabattle_core::{CellSet, Coord, Rules};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// Any shooter, made to shoot first the enemy ship cells shown after a mine: a sure
/// hit, which earns another shot.
struct ShownFirst(Box<dyn Shooter>);

impl Shooter for ShownFirst {
    fn choose(
        &mut self,
        rules: &Rules,
        view: &TargetBoard,
        count: usize,
        rng: &mut dyn Rng,
    ) -> Vec<Coord> {
        let sure = view.shown_ships().minus(&view.shots());
        if sure.is_empty() {
            return self.0.choose(rules, view, count, rng);
        }
        let mut out: Vec<Coord> = sure.iter().take(count).collect();
        if out.len() < count {
            // Ask for enough extra cells that some are left once the sure ones are out.
            let more = (count + out.len()).min(rules.dims().area() - view.shots().len());
            for c in self.0.choose(rules, view, more, rng) {
                if out.len() < count && !sure.contains(c) {
                    out.push(c);
                }
            }
        }
        out
    }

    fn set_opponent(&mut self, prior: Option<Arc<OpponentPrior>>) {
        self.0.set_opponent(prior);
    }
}

/// A shooter that hands rules with one path-shaped ship (the Flying Dutchman) to a
/// [`LoneShip`]: the positions the others enumerate are too many for such a ship.
struct LoneOr(Box<dyn Shooter>, LoneShip);

impl Shooter for LoneOr {
    fn choose(
        &mut self,
        rules: &Rules,
        view: &TargetBoard,
        count: usize,
        rng: &mut dyn Rng,
    ) -> Vec<Coord> {
        if seabattle_core::placement::lone_path(rules).is_some() {
            self.1.choose(rules, view, count, rng)
        } else {
            self.0.choose(rules, view, count, rng)
        }
    }

    fn set_opponent(&mut self, prior: Option<Arc<OpponentPrior>>) {
        // A lone path-shaped ship is drawn uniformly by every placer: nothing to learn.
        self.0.set_opponent(prior);
    }
}

/// Paths the `density` shooter draws per decision against a lone path-shaped ship.
pub const DENSITY_PATHS: usize = 200;
/// Paths the `expert` shooter draws per decision against a lone path-shaped ship.
pub const EXPERT_PATHS: usize = 1_500;

/// The shooters by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShooterKind {
    /// Random cells it knows nothing about.
    Random,
    /// Random until a hit, then finish the ship.
    Hunt,
    /// A beginner (the `easy` level): random search that often forgets the cells
    /// around sunk ships, and every side of a hit ship probed (see [`Casual`]).
    Beginner,
    /// A casual player (the `medium` level): random search that sometimes forgets the
    /// cells around sunk ships; ships finished along their line (see [`Casual`]).
    Casual,
    /// Hunt on a lattice sized to the largest ship afloat (the seeds' diagonal search).
    Parity,
    /// Probability density of the ships afloat over the cells, target mode after a hit.
    Density,
    /// The most likely cell under the posterior over whole fleets (see
    /// [`crate::posterior`]).
    Expert,
    /// The expert's posterior under the uniform prior alone (no packed prior): the
    /// yardstick for the expert's weighing of priors.
    UniformPosterior,
}

impl ShooterKind {
    /// Every shooter.
    pub const ALL: [ShooterKind; 8] = [
        ShooterKind::Random,
        ShooterKind::Hunt,
        ShooterKind::Beginner,
        ShooterKind::Casual,
        ShooterKind::Parity,
        ShooterKind::Density,
        ShooterKind::Expert,
        ShooterKind::UniformPosterior,
    ];

    /// Its name.
    pub const fn name(self) -> &'static str {
        match self {
            ShooterKind::Random => "random",
            ShooterKind::Hunt => "hunt",
            ShooterKind::Beginner => "beginner",
            ShooterKind::Casual => "casual",
            ShooterKind::Parity => "parity",
            ShooterKind::Density => "density",
            ShooterKind::Expert => "expert",
            ShooterKind::UniformPosterior => "uniform-posterior",
        }
    }

    /// Whether it never shoots a cell its view proves empty (the careless people
    /// modelled by [`Casual`] sometimes do, next to sunk ships).
    pub const fn careful(self) -> bool {
        !matches!(self, ShooterKind::Beginner | ShooterKind::Casual)
    }

    /// A new shooter of this kind.
    pub fn build(self) -> Box<dyn Shooter> {
        self.build_with(Effort::default())
    }

    /// A new shooter of this kind; `effort` sets how hard the expert works (the other
    /// shooters have no such knob).
    pub fn build_with(self, effort: Effort) -> Box<dyn Shooter> {
        let inner: Box<dyn Shooter> = match self {
            ShooterKind::Random => Box::new(RandomShooter),
            ShooterKind::Hunt => Box::new(HuntShooter),
            // People at these levels chase a flying ship as they chase any other: no
            // path counting (its finishing step looks at corner neighbours too).
            ShooterKind::Beginner => Box::new(Casual::BEGINNER),
            ShooterKind::Casual => Box::new(Casual::CASUAL),
            ShooterKind::Parity => Box::new(ParityShooter),
            ShooterKind::Density => Box::new(LoneOr(
                Box::new(Density::default()),
                LoneShip::new(DENSITY_PATHS),
            )),
            ShooterKind::Expert => Box::new(LoneOr(
                Box::new(Expert::new(effort)),
                LoneShip::new(EXPERT_PATHS),
            )),
            ShooterKind::UniformPosterior => Box::new(LoneOr(
                Box::new(Expert::uniform(effort)),
                LoneShip::new(EXPERT_PATHS),
            )),
        };
        Box::new(ShownFirst(inner))
    }
}

impl fmt::Display for ShooterKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ShooterKind {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, UnknownName> {
        by_name("shooter", &ShooterKind::ALL, ShooterKind::name, s)
    }
}

/// The levels offered to people, each a shooter; none of them cheats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A beginner: searches at random, often shoots next to sunk ships, and probes
    /// every side of a hit ship (`beginner`).
    Easy,
    /// A casual player: searches at random, sometimes shoots next to sunk ships, and
    /// finishes ships along their line (`casual`).
    Medium,
    /// Probability density (`density`).
    Hard,
    /// The posterior over whole fleets (`expert`).
    Expert,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// Its name.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// The shooter behind the level.
    pub const fn shooter(self) -> ShooterKind {
        match self {
            Level::Easy => ShooterKind::Beginner,
            Level::Medium => ShooterKind::Casual,
            Level::Hard => ShooterKind::Density,
            Level::Expert => ShooterKind::Expert,
        }
    }
}

impl FromStr for Level {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, UnknownName> {
        by_name("level", &Level::ALL, Level::name, s)
    }
}

impl ShooterKind {
    /// The shooter named by a level (`hard`) or by its own name (`density`); the error
    /// lists both kinds of name.
    pub fn by_level_or_name(s: &str) -> Result<ShooterKind, UnknownName> {
        match (s.parse::<Level>(), s.parse::<ShooterKind>()) {
            (Ok(level), _) => Ok(level.shooter()),
            (_, Ok(kind)) => Ok(kind),
            (Err(mut e), Err(shooters)) => {
                e.what = "level or shooter";
                for n in shooters.known {
                    if !e.known.contains(&n) {
                        e.known.push(n);
                    }
                }
                Err(e)
            }
        }
    }
}

struct RandomShooter;

impl Shooter for RandomShooter {
    fn choose(
        &mut self,
        _: &Rules,
        view: &TargetBoard,
        count: usize,
        rng: &mut dyn Rng,
    ) -> Vec<Coord> {
        fill(view, Vec::new(), count, rng)
    }
}

struct HuntShooter;

impl Shooter for HuntShooter {
    fn choose(
        &mut self,
        rules: &Rules,
        view: &TargetBoard,
        count: usize,
        rng: &mut dyn Rng,
    ) -> Vec<Coord> {
        fill(
            view,
            random_order(finishing_cells(rules, view), rng),
            count,
            rng,
        )
    }
}

struct ParityShooter;

impl Shooter for ParityShooter {
    fn choose(
        &mut self,
        rules: &Rules,
        view: &TargetBoard,
        count: usize,
        rng: &mut dyn Rng,
    ) -> Vec<Coord> {
        let mut first = random_order(finishing_cells(rules, view), rng);
        if first.len() < count {
            first.extend(random_order(lattice(view), rng));
        }
        fill(view, first, count, rng)
    }
}

/// The unknown cells on the densest diagonal lattice of spacing equal to the largest
/// ship afloat: every ship of that size must cross one of its cells.
fn lattice(view: &TargetBoard) -> CellSet {
    let step = view.afloat().first().copied().unwrap_or(1).max(1);
    let unknown = view.unknown();
    (0..step)
        .map(|offset| {
            unknown
                .iter()
                .filter(|c| (c.col + c.row) % step == offset)
                .collect::<CellSet>()
        })
        .max_by_key(CellSet::len)
        .unwrap_or(unknown)
}

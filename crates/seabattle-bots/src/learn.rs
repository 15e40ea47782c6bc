//! Learning an opponent: the fleets one player placed in past games, under one rules
//! text, and the prior the `expert` shooter mixes in from them.
//!
//! # What is learned
//! A [`History`] keeps the fleets of the games that ended. [`History::prior`] turns it
//! into an [`OpponentPrior`] of four parts, each a prior over fleets the expert's
//! posterior weighs by Bayes' rule against its built-in ones (uniform, packed, edge),
//! exactly as it weighs those against each other:
//!
//! - **exact repeats**: the fleet is one of the past ones, each as likely as it was
//!   placed. Its evidence is exact (the share of past fleets the answers leave);
//! - **near repeats**: a past fleet with a few ships moved or turned. A particle keeps
//!   the past fleet it is near as a label, resampled by Gibbs steps;
//! - **habits**: uniform fleets tilted by a weight per ship where it lies, a log-linear
//!   function of a few features of its place (half, corner square, along a row, on or
//!   near the border, corner cell), multi-deckers and one-deckers apart (see
//!   `fit.rs`);
//! - **the habit named**: when the history names one of the crate's [`Habit`]s, that
//!   habit exactly as defined, beside the fitted weights: a short history says a habit
//!   people have sooner than it fits the free weights. A near-certain habit (a ship off
//!   it 400 times less likely) starts each game from exact draws of it made once, and
//!   at full odds it stands instead of the fitted weights.
//!
//! Each part's prior weight is what the history says of it: the share of past games
//! that repeated an earlier fleet exactly or nearly, and for habits the gain in
//! held-out likelihood over a uniform placer (the habits' strength is chosen by the
//! same held-out likelihood), and for the habit named its likelihood ratio over a
//! uniform placer past the one that names it. A uniform placer's history gives them
//! next to no weight (and names no habit), so the expert plays against it as the
//! plain one.
//!
//! [`OpponentPrior::habit`] names the habit found, for people to read.
//!
//! # Never the fleet of the game being played
//! The expert takes a prior when its game starts and keeps it to the end
//! ([`crate::Shooter::set_opponent`]); a [`History`] only grows by
//! [`History::record`], which a caller makes when a game has ended. An empty history
//! gives no prior at all: the expert is then the plain one, shot for shot.

use crate::fit;
use crate::habit::{Habit, HabitPlacer};
use crate::posterior::LearnedPart;
use seabattle_core::{CellSet, CoordSystem, Fleet, FleetSetup, Rules};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// Fleets a history keeps: the oldest go first.
pub const MAX_FLEETS: usize = 200;
/// Distinct recent fleets the near-repeat prior stays near (each costs time per step).
const MAX_ANCHORS: usize = 24;
/// The largest prior odds of a repeat prior against the built-in ones.
const MAX_REPEAT_ODDS: f64 = 20.0;
/// Fleets kept per learned population.
const EXACT_SHARE: usize = 1;
const NEAR_SHARE: usize = 4;
const HABIT_SHARE: usize = 2;
/// The largest energy (nats) of a habit named that learning takes as it is named.
const MAX_LEANING: f64 = 4.0;
/// Fleets kept by the habits part when it is likelier than uniform.
const HABIT_SHARE_LIKELY: usize = 4;

/// Why a history cannot be read or grown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LearnError {
    /// The stored rules text is not rules.
    Rules(String),
    /// A stored fleet (its index) is not a fleet of the rules.
    Fleet(usize, String),
    /// The fleet was placed under other rules than the history's.
    OtherRules,
}

impl fmt::Display for LearnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LearnError::Rules(e) => write!(f, "bad rules in history: {e}"),
            LearnError::Fleet(i, e) => write!(f, "bad fleet {} in history: {e}", i + 1),
            LearnError::OtherRules => f.write_str("fleet placed under other rules"),
        }
    }
}

impl std::error::Error for LearnError {}

/// The fleets one opponent placed in games that ended, under one rules text.
#[derive(Clone, Debug)]
pub struct History {
    rules: Rules,
    fleets: Vec<Fleet>,
}

/// A history as plain data, for storage: the rules text and each fleet's canonical text
/// (`FleetSetup::format` in Latin coordinates), oldest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredHistory {
    /// The rules text.
    pub rules: String,
    /// The fleets, oldest first.
    pub fleets: Vec<String>,
}

impl History {
    /// An empty history for `rules`.
    pub fn new(rules: &Rules) -> History {
        History {
            rules: rules.clone(),
            fleets: Vec::new(),
        }
    }

    /// The rules the fleets were placed under.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The fleets, oldest first.
    pub fn fleets(&self) -> &[Fleet] {
        &self.fleets
    }

    /// How many fleets it holds.
    pub fn len(&self) -> usize {
        self.fleets.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.fleets.is_empty()
    }

    /// Learns the fleet of a game that has ended. Call it only then: a prior taken
    /// before keeps what it had ([`History::prior`] copies).
    pub fn record(&mut self, fleet: &Fleet) -> Result<(), LearnError> {
        if fleet.rules() != &self.rules {
            return Err(LearnError::OtherRules);
        }
        if self.fleets.len() == MAX_FLEETS {
            self.fleets.remove(0);
        }
        self.fleets.push(fleet.clone());
        Ok(())
    }

    /// Forgets every fleet: the next prior is the plain one.
    pub fn erase(&mut self) {
        self.fleets.clear();
    }

    /// The history as plain data.
    pub fn to_stored(&self) -> StoredHistory {
        StoredHistory {
            rules: self.rules.to_string(),
            fleets: self
                .fleets
                .iter()
                .map(|f| f.to_setup().format(CoordSystem::Latin))
                .collect(),
        }
    }

    /// Reads a stored history back; every fleet is checked against the rules.
    pub fn from_stored(stored: &StoredHistory) -> Result<History, LearnError> {
        let rules: Rules = stored
            .rules
            .parse()
            .map_err(|e: <Rules as std::str::FromStr>::Err| LearnError::Rules(e.to_string()))?;
        let mut history = History::new(&rules);
        let skip = stored.fleets.len().saturating_sub(MAX_FLEETS);
        for (i, text) in stored.fleets.iter().enumerate().skip(skip) {
            let setup = FleetSetup::parse(text, CoordSystem::Latin, rules.dims())
                .map_err(|e| LearnError::Fleet(i, e.to_string()))?;
            let fleet =
                Fleet::new(setup, &rules).map_err(|e| LearnError::Fleet(i, e.to_string()))?;
            history.fleets.push(fleet);
        }
        Ok(history)
    }

    /// The placement habit the fleets show most clearly, as [`OpponentPrior::habit`]
    /// names it, without building a prior (for a page to show); `None` for an empty
    /// history or none clearly likelier than uniform placement.
    pub fn habit(&self) -> Option<Habit> {
        if self.fleets.is_empty() || seabattle_core::placement::lone_path(&self.rules).is_some() {
            return None;
        }
        fit::habit(&self.rules, &self.cells())
    }

    /// Each fleet as its ships' cells.
    fn cells(&self) -> Vec<Vec<CellSet>> {
        self.fleets
            .iter()
            .map(|f| f.ships().iter().map(|s| s.cells()).collect())
            .collect()
    }

    /// The prior the expert mixes in for this opponent; `None` if there is nothing to
    /// learn from (no fleets, or rules with a lone path-shaped ship, which every
    /// placer draws uniformly).
    pub fn prior(&self) -> Option<Arc<OpponentPrior>> {
        if self.fleets.is_empty() || seabattle_core::placement::lone_path(&self.rules).is_some() {
            return None;
        }
        let ships = self.cells();
        let n = ships.len();
        let size = self.rules.fleet().len().max(1);
        // How each game's fleet stood to the ones before it.
        let (mut exact, mut near, mut moved) = (0usize, 0usize, 0usize);
        for i in 1..n {
            let d = (0..i)
                .map(|j| away(&ships[i], &ships[j]))
                .min()
                .unwrap_or(size);
            if d == 0 {
                exact += 1;
            } else if 2 * d <= size {
                near += 1;
                moved += d;
            }
        }
        let later = n.saturating_sub(1) as f64;
        let odds = |k: usize| {
            let rate = (k as f64 + 0.1) / (later + 1.0);
            (rate / (1.0 - rate).max(0.05)).min(MAX_REPEAT_ODDS)
        };
        let mut recent: Vec<Vec<CellSet>> = Vec::new();
        for f in ships.iter().rev() {
            if recent.len() < MAX_ANCHORS && !recent.contains(f) {
                recent.push(f.clone());
            }
        }
        let q = (moved as f64 + 0.5) / ((near * size) as f64 + 2.0);
        let mut parts = vec![
            (LearnedPart::Exact(ships.clone()), odds(exact), EXACT_SHARE),
            (
                LearnedPart::Near {
                    fleets: recent,
                    moved: q.clamp(0.05, 0.5),
                },
                odds(near + exact) * 0.5,
                NEAR_SHARE,
            ),
        ];
        let learned = crate::fit::learn(&self.rules, &ships);
        let habit = learned.as_ref().and_then(|l| l.habit);
        // The habit named, as it is named: its own prior beside the fitted one. A short
        // history says a habit people have sooner than it fits the free weights.
        let weighed = learned
            .as_ref()
            .and_then(|l| Some((l.likeliest?, l.named_weight)))
            .filter(|&(_, w)| w > 0.0);
        let named = weighed.map(|(h, w)| (named_part(h, &self.rules), w));
        let named_weight = weighed.map(|(_, w)| w);
        // A habit drawn exactly (near-certain, or of pairs) named at full odds stands
        // instead of the fitted weights: they say the same habit, drawn worse (tilted
        // uniform draws), and took the particles and the posterior's weight from its
        // exact draws. Beside them, half of the ceiling's gain after 50 games; instead
        // of them, 87% (`bench --habits --habit half --players 200 --seed 1`: learn50
        // +1.29 against +1.97 shots of the ceiling's +2.25).
        let drawn = named
            .as_ref()
            .is_some_and(|(p, w)| *w >= 1.0 && matches!(p, LearnedPart::Drawn { .. }));
        if let Some((part, w)) = named {
            for part in &mut parts {
                part.1 *= w.max(1.0);
            }
            let share = if w >= 1.0 {
                HABIT_SHARE_LIKELY
            } else {
                HABIT_SHARE
            };
            parts.push((part, w, share));
        }
        if let Some(fit::Learned {
            table: Some(table),
            pair,
            weight,
            ..
        }) = learned
            && weight > 0.01
            && !drawn
        {
            // The repeats' odds are against a fresh fleet drawn uniformly; a habit far
            // likelier than uniform is what a fresh fleet is drawn from, and the
            // repeats keep their share against it.
            // (Against the odds of the named habit too, when those are less.)
            let up = weight.max(1.0) / named_weight.map_or(1.0, |w| w.max(1.0));
            for part in parts
                .iter_mut()
                .filter(|p| matches!(p.0, LearnedPart::Exact(_) | LearnedPart::Near { .. }))
            {
                part.1 *= up.max(1.0);
            }
            let (zones, pair) = pair.unwrap_or_default();
            // A habit likelier than uniform carries much of the posterior: it gets
            // more fleets to say it well.
            // (The habit named, when there is one, takes that part.)
            let share = if weight >= 1.0 && named_weight.is_none_or(|w| w < 1.0) {
                HABIT_SHARE_LIKELY
            } else {
                HABIT_SHARE
            };
            parts.push((
                LearnedPart::Table {
                    energies: table,
                    zones,
                    pair,
                },
                weight,
                share,
            ));
        }
        Some(Arc::new(OpponentPrior {
            rules: self.rules.clone(),
            games: n,
            parts,
            habit,
            weighed,
        }))
    }
}

/// The prior of `habit` named under `rules`, beside the fitted weights:
/// - a leaning of single ships (no ship more than [`MAX_LEANING`] nats less likely
///   anywhere) as a table of its energies, sampled as the fitted ones are;
/// - a near-certain habit of single ships (big ships in one half, near one corner,
///   along rows: a ship off it 400 times less likely) as exact draws of it made once.
///   Uniform draws tilted by the sampler's steps hold such a table poorly, and the
///   fitted weights alone learned half of what knowing the habit gains
///   (`bench --habits --habit half --players 200 --seed 1`: 0.94 of 2.25 shots after 50
///   games);
/// - a habit of pairs (big ships apart) as exact draws too. The fitted pair term alone
///   took about 40% of the ceiling's gain (`--habit apart --players 1000 --seed 2`:
///   +0.17 and +0.15 of +0.42 and +0.35 shots); its own table beside it cost a shot a
///   game; its exact draws took 53% and 80%.
fn named_part(habit: Habit, rules: &Rules) -> LearnedPart {
    let placer = HabitPlacer::new(habit, rules);
    let energies = placer.energies();
    let leaning = placer.zones().1 == 0.0 && energies.iter().flatten().all(|&e| e <= MAX_LEANING);
    if leaning {
        LearnedPart::Table {
            energies: energies.to_vec(),
            zones: Vec::new(),
            pair: 0.0,
        }
    } else {
        LearnedPart::Drawn {
            habit,
            draws: crate::habit::exact_draws(habit, rules),
        }
    }
}

/// How many ships of `a` stand where `b` has no ship of the same cells.
fn away(a: &[CellSet], b: &[CellSet]) -> usize {
    a.iter().filter(|s| !b.contains(s)).count()
}

/// The largest odds against uniform placement a learned habit is weighed in at (the
/// fitted weights and the habit named alike): full odds.
pub const MAX_HABIT_ODDS: f64 = fit::MAX_ODDS;

/// What the expert mixes in for one opponent: built by [`History::prior`] when a game
/// starts, and fixed for the game.
#[derive(Clone, Debug, PartialEq)]
pub struct OpponentPrior {
    rules: Rules,
    games: usize,
    /// (part, prior weight, eighths of the expert's particles it keeps).
    parts: Vec<(LearnedPart, f64, usize)>,
    /// The named habit the history shows most clearly, if any.
    habit: Option<Habit>,
    /// The habit weighed in as a prior of its own, and its odds.
    weighed: Option<(Habit, f64)>,
}

impl OpponentPrior {
    /// The rules it was learned under.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The games it was learned from.
    pub fn games(&self) -> usize {
        self.games
    }

    /// The prior weights of exact repeats, near repeats and habits (uniform is 1; a
    /// part the history gives nothing is 0).
    pub fn weights(&self) -> [f64; 3] {
        let mut w = [0.0f64; 3];
        for (part, weight, _) in &self.parts {
            let i = match part {
                LearnedPart::Exact(_) => 0,
                LearnedPart::Near { .. } => 1,
                LearnedPart::Table { .. } | LearnedPart::Habit(_) | LearnedPart::Drawn { .. } => 2,
            };
            w[i] = w[i].max(*weight);
        }
        w
    }

    /// The placement habit the history shows most clearly, among those the crate
    /// names ([`Habit::all`]: each half and corner, lying along rows, big ships apart,
    /// one-deckers in the corners, edge hugging light or strong), or `None` if none is
    /// clearly more likely than uniform placement. For people's eyes (say, a panel
    /// «what the computer learned»): the shooter weighs the habits by their odds, not by
    /// whether one is named.
    pub fn habit(&self) -> Option<Habit> {
        self.habit
    }

    /// The habit weighed in as a prior of its own (the likeliest of [`Habit::all`],
    /// whether or not the history is sure enough to name it) and its odds against
    /// uniform placement, up to [`MAX_HABIT_ODDS`]; `None` when the history gives
    /// every habit none. For benchmarks: how often a player's own habit gets full odds.
    pub fn weighed(&self) -> Option<(Habit, f64)> {
        self.weighed
    }

    /// The parts for a sampler keeping `particles` fleets in its uniform population.
    pub(crate) fn parts(&self, particles: usize) -> Vec<(LearnedPart, f64, usize)> {
        self.parts
            .iter()
            .map(|(p, w, eighths)| (p.clone(), *w, (particles * eighths / 8).max(1)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PlacerKind;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    /// How many of the prior's parts are sampled from a table of weights.
    fn tables(prior: &OpponentPrior) -> usize {
        prior
            .parts
            .iter()
            .filter(|(part, _, _)| matches!(part, LearnedPart::Table { .. }))
            .count()
    }

    fn history(placer: PlacerKind, n: usize, seed: u64) -> History {
        let rules = Rules::classic();
        let mut rng = StdRng::seed_from_u64(seed);
        let mut h = History::new(&rules);
        for _ in 0..n {
            h.record(&placer.place(&rules, &mut rng).unwrap()).unwrap();
        }
        h
    }

    #[test]
    fn stored_history_round_trips() {
        let h = history(PlacerKind::Uniform, 5, 1);
        let stored = h.to_stored();
        let json = serde_json::to_string(&stored).unwrap();
        let back: StoredHistory = serde_json::from_str(&json).unwrap();
        let again = History::from_stored(&back).unwrap();
        assert_eq!(again.fleets(), h.fleets());
        assert_eq!(again.rules(), h.rules());
    }

    #[test]
    fn bad_stored_history_is_an_error() {
        let mut stored = history(PlacerKind::Uniform, 2, 1).to_stored();
        stored.fleets[1] = "a1-a4".into();
        assert!(matches!(
            History::from_stored(&stored),
            Err(LearnError::Fleet(1, _))
        ));
        stored.rules = "not rules".into();
        assert!(matches!(
            History::from_stored(&stored),
            Err(LearnError::Rules(_))
        ));
    }

    #[test]
    fn fleets_of_other_rules_are_refused() {
        let mut h = History::new(&Rules::classic());
        let hasbro = seabattle_core::Preset::Hasbro.rules();
        let mut rng = StdRng::seed_from_u64(1);
        let f = PlacerKind::Uniform.place(&hasbro, &mut rng).unwrap();
        assert_eq!(h.record(&f), Err(LearnError::OtherRules));
        assert!(h.is_empty());
    }

    #[test]
    fn empty_or_erased_history_gives_no_prior() {
        let mut h = history(PlacerKind::Reuser, 3, 1);
        assert!(h.prior().is_some());
        h.erase();
        assert!(h.prior().is_none());
    }

    #[test]
    fn a_history_names_its_habit_as_its_prior_does() {
        let h = history(PlacerKind::Habit(crate::HabitKind::Horizontal), 10, 5);
        assert_eq!(h.habit(), Some(Habit::Horizontal));
        assert_eq!(h.habit(), h.prior().unwrap().habit());
        assert_eq!(history(PlacerKind::Uniform, 10, 6).habit(), None);
        assert_eq!(History::new(&Rules::classic()).habit(), None);
    }

    #[test]
    fn a_named_habit_is_a_prior_of_its_own() {
        let tables = |h: &History| {
            h.prior().map_or(0, |p| {
                p.parts
                    .iter()
                    .filter(|(part, _, _)| matches!(part, LearnedPart::Table { .. }))
                    .count()
            })
        };
        // Hugging the border lightly: named from ten fleets, beside the fitted weights.
        let light = history(PlacerKind::Habit(crate::HabitKind::HugLight), 10, 1);
        assert_eq!(
            light.habit(),
            Some(Habit::EdgeHugging(crate::Strength::Light))
        );
        assert_eq!(tables(&light), 2);
        assert_eq!(light.prior().unwrap().weights()[2], MAX_HABIT_ODDS);
        assert_eq!(tables(&history(PlacerKind::Uniform, 10, 7)), 0);
    }

    /// Big ships kept in one half: a habit nearly always kept, named at full odds, is
    /// drawn exactly, from draws made once and shared by every prior that names it,
    /// instead of the fitted weights (which learned half of what knowing it gains).
    #[test]
    fn a_near_certain_habit_named_is_drawn_exactly_instead_of_fitted() {
        let side = crate::Side::Top;
        let rules = Rules::classic();
        let mut rng = StdRng::seed_from_u64(1);
        let mut half = History::new(&rules);
        for _ in 0..10 {
            let fleet = Habit::Half(side).place(&rules, &mut rng).unwrap();
            half.record(&fleet).unwrap();
        }
        assert_eq!(half.habit(), Some(Habit::Half(side)));
        let draws = |h: &History| -> Vec<Arc<[Vec<CellSet>]>> {
            h.prior()
                .unwrap()
                .parts
                .iter()
                .filter_map(|(part, w, _)| match part {
                    LearnedPart::Drawn { habit, draws } => {
                        assert_eq!(*habit, Habit::Half(side));
                        assert_eq!(*w, MAX_HABIT_ODDS);
                        Some(draws.clone())
                    }
                    _ => None,
                })
                .collect()
        };
        let (first, again) = (draws(&half), draws(&half));
        assert_eq!(first.len(), 1);
        assert!(Arc::ptr_eq(&first[0], &again[0]), "drawn once");
        let prior = half.prior().unwrap();
        assert_eq!(tables(&prior), 0, "no fitted weights beside it");
        // A light leaning is still sampled from its table.
        let light = history(PlacerKind::Habit(crate::HabitKind::HugLight), 10, 1);
        assert!(
            light
                .prior()
                .unwrap()
                .parts
                .iter()
                .all(|(part, _, _)| !matches!(part, LearnedPart::Drawn { .. }))
        );
    }

    /// Big ships kept apart, named at full odds, are drawn exactly as the near-certain
    /// habits are: the fitted pair term alone took about 40% of what knowing the habit
    /// gains, and the habit's own table beside it cost a shot a game.
    #[test]
    fn a_named_pair_habit_is_drawn_exactly() {
        let apart = history(PlacerKind::Habit(crate::HabitKind::BigApart), 10, 1);
        assert_eq!(apart.habit(), Some(Habit::BigApart));
        let prior = apart.prior().unwrap();
        let drawn: Vec<&(LearnedPart, f64, usize)> = prior
            .parts
            .iter()
            .filter(|(part, _, _)| {
                matches!(
                    part,
                    LearnedPart::Drawn {
                        habit: Habit::BigApart,
                        ..
                    }
                )
            })
            .collect();
        assert_eq!(drawn.len(), 1, "{:?}", prior.weights());
        assert!(
            drawn[0].1 >= 1.0,
            "likelier than uniform placement: {}",
            drawn[0].1
        );
        assert_eq!(prior.weighed(), Some((Habit::BigApart, drawn[0].1)));
        assert_eq!(tables(&prior), 0, "no fitted weights beside it");
        let LearnedPart::Drawn { draws, .. } = &drawn[0].0 else {
            unreachable!()
        };
        let dims = apart.rules().dims();
        let apart_fleets = draws.iter().filter(|f| fit::big_apart(dims, f)).count();
        // Fleets placed at random have their three big ships in three quarters some
        // 60% of the time; these, 198 of 200.
        assert!(
            apart_fleets * 10 >= draws.len() * 9,
            "{apart_fleets} of {}",
            draws.len()
        );
    }

    #[test]
    fn weights_follow_the_history() {
        let reuser = history(PlacerKind::Reuser, 12, 2)
            .prior()
            .unwrap()
            .weights();
        let hugger = history(PlacerKind::Hugger, 12, 3)
            .prior()
            .unwrap()
            .weights();
        let uniform = history(PlacerKind::Uniform, 12, 4)
            .prior()
            .unwrap()
            .weights();
        assert!(reuser[0] > 1.0, "{reuser:?}");
        assert!(uniform[0] < 0.05 && uniform[1] < 0.05, "{uniform:?}");
        assert!(hugger[2] > 0.5, "{hugger:?}");
        assert!(uniform[2] < 0.3, "{uniform:?}");
        // The habit weighed in as its own prior, as a bench reads it.
        let uniform = history(PlacerKind::Uniform, 12, 4).prior().unwrap();
        assert!(
            uniform.weighed().is_none_or(|(_, w)| w < 0.3),
            "{:?}",
            uniform.weighed()
        );
    }
}

//! Rules made from a spec or a text, checked: a spec becomes [`Rules`] only when its
//! fleet can be placed at all, which asks the placement engine. Apart from `rules.rs`
//! because the placement engine itself reads the rules: the rules' data sits below
//! placement, this check above it.

use crate::coord::Dims;
use crate::rules::{
    FLYING_DECKS, MAX_BENT_SIZE, MAX_FIXED_SHOTS, MAX_PATH_IN_FLEET, MAX_PIECES, MAX_POSITIONS,
    MAX_SHIPS, Preset, Rules, RulesError, RulesSpec, ShipShape, Shots, Touching,
};
use std::str::FromStr;

impl Rules {
    /// Validates a spec: board size, ship sizes, and that the fleet can be placed at all.
    pub fn new(spec: RulesSpec) -> Result<Rules, RulesError> {
        let dims = Dims::new(spec.width, spec.height).map_err(RulesError::Dims)?;
        if spec.fleet.is_empty() {
            return Err(RulesError::EmptyFleet);
        }
        if spec.fleet.len() > MAX_SHIPS {
            return Err(RulesError::TooManyShips(spec.fleet.len()));
        }
        if spec.flying {
            check_flying(&spec)?;
        }
        let max = match spec.shape {
            ShipShape::Straight => u32::from(dims.width().max(dims.height())),
            ShipShape::Any => MAX_BENT_SIZE.min(dims.area() as u32),
            ShipShape::Path if spec.fleet.len() > 1 => MAX_PATH_IN_FLEET,
            ShipShape::Path => MAX_BENT_SIZE,
        };
        if let Some(&size) = spec.fleet.iter().find(|&&s| s == 0 || s > max) {
            return Err(RulesError::ShipSize { size, max });
        }
        if let Shots::Fixed(n) = spec.shots
            && (n == 0 || n > MAX_FIXED_SHOTS)
        {
            return Err(RulesError::Shots(u32::from(n)));
        }
        let p = spec.pieces;
        if let Some(&n) = [p.mines, p.sweepers, p.submarines]
            .iter()
            .find(|&&n| n > MAX_PIECES)
        {
            return Err(RulesError::Pieces(u32::from(n)));
        }
        if p.sweepers > 0 && p.mines == 0 {
            return Err(RulesError::Syntax(
                "minesweepers need mines: a minesweeper shows a mine to its owner".into(),
            ));
        }
        let rules = Rules::from_spec_unchecked(spec);
        if crate::placement::lone_path(&rules).is_none() {
            let places: usize = rules
                .sizes()
                .into_iter()
                .map(|size| crate::placement::count_positions(&rules, usize::from(size)))
                .sum();
            if places > MAX_POSITIONS {
                return Err(RulesError::TooManyPositions(places));
            }
        }
        let cells: usize = rules.fleet().iter().map(|&s| usize::from(s)).sum();
        if cells > dims.area() {
            return Err(RulesError::DoesNotFit(format!(
                "{cells} ship cells on a board of {} cells",
                dims.area()
            )));
        }
        match crate::placement::fits(&rules) {
            Some(true) => Ok(rules),
            Some(false) => Err(RulesError::DoesNotFit(format!(
                "no arrangement of ships {} on a {} board keeps them apart as the rules require",
                rules.fleet_text(),
                dims
            ))),
            None => Err(RulesError::TooCrowded),
        }
    }
}

impl FromStr for Rules {
    type Err = RulesError;

    /// Reads a preset name, a board size `WxH`, or either followed by `key=value`
    /// settings that override it: `classic touch=corners`, `8x8 fleet=3,2,2,1`.
    /// Keys: `fleet`, `touch` (none|corners|allowed), `shape` (straight|any|path),
    /// `hit-again` (yes|no), `shots` (a number or `afloat`), `size` (WxH), the pieces'
    /// `mines`, `sweepers`, `subs`, `pieces-touch`, and `flying` (yes|no).
    fn from_str(s: &str) -> Result<Rules, RulesError> {
        let syntax = |m: String| RulesError::Syntax(m);
        let mut words = s.split_whitespace();
        let Some(first) = words.next() else {
            return Err(syntax(
                "empty rules: give a preset name such as classic".into(),
            ));
        };
        let mut spec = if first.contains('=') {
            return Err(syntax(format!(
                "rules start with a preset name or a board size, not {first:?}"
            )));
        } else if let Some(dims) = parse_size(first) {
            let (width, height) = dims?;
            RulesSpec {
                width,
                height,
                ..Preset::Classic.rules().spec()
            }
        } else {
            first.parse::<Preset>()?.rules().spec()
        };
        for word in words {
            let Some((key, value)) = word.split_once('=') else {
                return Err(syntax(format!("expected key=value, found {word:?}")));
            };
            let bad = |what: &str| syntax(format!("{key}: {value:?} is not {what}"));
            match key {
                "size" => {
                    let (w, h) = parse_size(value).ok_or_else(|| bad("a size like 10x10"))??;
                    spec.width = w;
                    spec.height = h;
                }
                "fleet" => {
                    spec.fleet = value
                        .split(',')
                        .map(|n| n.trim().parse::<u32>())
                        .collect::<Result<_, _>>()
                        .map_err(|_| bad("a list of ship sizes like 4,3,3,2"))?;
                }
                "touch" => {
                    spec.touching =
                        Touching::from_name(value).ok_or_else(|| bad("none, corners or allowed"))?
                }
                "shape" => {
                    spec.shape =
                        ShipShape::from_name(value).ok_or_else(|| bad("straight, any or path"))?
                }
                "hit-again" => spec.hit_again = yes_no(value).ok_or_else(|| bad("yes or no"))?,
                "flying" => spec.flying = yes_no(value).ok_or_else(|| bad("yes or no"))?,
                "pieces-touch" => {
                    spec.pieces.may_touch = yes_no(value).ok_or_else(|| bad("yes or no"))?
                }
                "mines" | "sweepers" | "subs" => {
                    let n: u32 = value.parse().map_err(|_| bad("a number"))?;
                    if n > u32::from(MAX_PIECES) {
                        return Err(RulesError::Pieces(n));
                    }
                    let slot = match key {
                        "mines" => &mut spec.pieces.mines,
                        "sweepers" => &mut spec.pieces.sweepers,
                        _ => &mut spec.pieces.submarines,
                    };
                    *slot = n as u8;
                }
                "shots" => {
                    spec.shots = if value == "afloat" {
                        Shots::ShipsAfloat
                    } else {
                        let n: u32 = value.parse().map_err(|_| bad("a number or afloat"))?;
                        if n == 0 || n > u32::from(MAX_FIXED_SHOTS) {
                            return Err(RulesError::Shots(n));
                        }
                        Shots::Fixed(n as u8)
                    }
                }
                _ => {
                    return Err(syntax(format!(
                        "unknown rules setting {key:?}: expected size, fleet, touch, shape, hit-again, shots, mines, sweepers, subs, pieces-touch or flying"
                    )));
                }
            }
        }
        Rules::new(spec)
    }
}

/// The Flying Dutchman's limits: one ship (which ship moved would otherwise have to be
/// said, and several moving ships would have to keep clear of one another), a path (the
/// seed's shape), 5 to 8 decks (the seed), and no pieces (a shown cell or a mine would
/// have to follow the ship about; the seed plays them apart).
fn check_flying(spec: &RulesSpec) -> Result<(), RulesError> {
    if spec.fleet.len() != 1 {
        return Err(RulesError::Flying("must be the only ship of its fleet"));
    }
    if !FLYING_DECKS.contains(&spec.fleet[0]) {
        return Err(RulesError::Flying("has 5 to 8 decks"));
    }
    if spec.shape != ShipShape::Path {
        return Err(RulesError::Flying("takes shape=path"));
    }
    if spec.pieces.count() > 0 {
        return Err(RulesError::Flying(
            "sails without mines, minesweepers or submarines",
        ));
    }
    Ok(())
}

fn yes_no(value: &str) -> Option<bool> {
    match value {
        "yes" => Some(true),
        "no" => Some(false),
        _ => None,
    }
}

/// `Some(Ok(..))` for a well-formed `WxH`, `Some(Err)` for `WxH` with bad numbers,
/// `None` if the word is not a size at all.
fn parse_size(word: &str) -> Option<Result<(u32, u32), RulesError>> {
    let (w, h) = word.split_once(['x', 'X', '×'])?;
    if !w.chars().all(|c| c.is_ascii_digit()) || w.is_empty() {
        return None;
    }
    Some(match (w.parse(), h.parse()) {
        (Ok(w), Ok(h)) => Ok((w, h)),
        _ => Err(RulesError::Syntax(format!(
            "board size {word:?} is not like 10x10"
        ))),
    })
}

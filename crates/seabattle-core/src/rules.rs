//! [`Rules`]: every setting of a variant as data, with named presets.

use crate::Lang;
use crate::coord::{Dims, DimsError};
use std::fmt;
use std::str::FromStr;

/// What contact between ships the placement rules allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Touching {
    /// Ships may not touch by sides or corners (the classic Russian rule).
    Forbidden,
    /// Ships may touch at corners but not by sides.
    Corners,
    /// Ships may touch by sides and corners (Milton Bradley).
    Allowed,
}

/// Which shapes a ship may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShipShape {
    /// A straight row or column of cells.
    Straight,
    /// Any shape whose cells are connected by sides («Г», square, zigzag…).
    Any,
    /// Cells that can be walked in one line, each step to a neighbour by a side or a
    /// corner, no cell twice: the Flying Dutchman's ship, which runs "vertically,
    /// horizontally and diagonally at the same time".
    Path,
}

/// How many shots a player fires in one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shots {
    /// Always this many (capped by the cells left to shoot).
    Fixed(u8),
    /// As many as the shooter has ships afloat (salvo).
    ShipsAfloat,
}

impl Touching {
    /// Every setting.
    pub const ALL: [Touching; 3] = [Touching::Forbidden, Touching::Corners, Touching::Allowed];

    /// The word of rules texts and JSON: `none`, `corners` or `allowed`.
    pub const fn name(self) -> &'static str {
        match self {
            Touching::Forbidden => "none",
            Touching::Corners => "corners",
            Touching::Allowed => "allowed",
        }
    }

    /// Reads a word of [`Touching::name`].
    pub fn from_name(s: &str) -> Option<Touching> {
        Touching::ALL.into_iter().find(|t| t.name() == s)
    }
}

impl ShipShape {
    /// Every setting.
    pub const ALL: [ShipShape; 3] = [ShipShape::Straight, ShipShape::Any, ShipShape::Path];

    /// The word of rules texts and JSON: `straight`, `any` or `path`.
    pub const fn name(self) -> &'static str {
        match self {
            ShipShape::Straight => "straight",
            ShipShape::Any => "any",
            ShipShape::Path => "path",
        }
    }

    /// Reads a word of [`ShipShape::name`].
    pub fn from_name(s: &str) -> Option<ShipShape> {
        ShipShape::ALL.into_iter().find(|t| t.name() == s)
    }
}

impl fmt::Display for Shots {
    /// A number, or `afloat`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shots::Fixed(n) => write!(f, "{n}"),
            Shots::ShipsAfloat => f.write_str("afloat"),
        }
    }
}

/// The named presets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// 10×10, 4,3,3,2,2,2,1,1,1,1, straight, no touching, a hit shoots again.
    Classic,
    /// As classic, but ships may touch at corners.
    ClassicCorners,
    /// As classic, but ships may be bent (any connected shape).
    ClassicBent,
    /// Milton Bradley: 5,4,3,3,2 on 10×10, ships may touch, turns alternate.
    Hasbro,
    /// 15×15 with a five-decker added to the classic fleet.
    Big15,
    /// Classic fleet and placement; a volley of as many shots as ships afloat.
    Salvo,
    /// Classic, with two mines per side.
    Mines,
    /// 16×16 with a larger fleet, three mines and one minesweeper per side.
    Minesweepers,
    /// Classic, with one submarine per side.
    Submarines,
    /// The Flying Dutchman: 20×20, one path-shaped ship of six decks that moves after
    /// every hit and loses the deck hit.
    Dutchman,
}

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 10] = [
        Preset::Classic,
        Preset::ClassicCorners,
        Preset::ClassicBent,
        Preset::Hasbro,
        Preset::Big15,
        Preset::Salvo,
        Preset::Mines,
        Preset::Minesweepers,
        Preset::Submarines,
        Preset::Dutchman,
    ];

    /// The preset's name, as `FromStr` reads it.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Classic => "classic",
            Preset::ClassicCorners => "classic-corners",
            Preset::ClassicBent => "classic-bent",
            Preset::Hasbro => "hasbro",
            Preset::Big15 => "big15",
            Preset::Salvo => "salvo",
            Preset::Mines => "mines",
            Preset::Minesweepers => "minesweepers",
            Preset::Submarines => "submarines",
            Preset::Dutchman => "dutchman",
        }
    }

    /// The preset's name as players read it in `lang` («Классика», "Big board"): the
    /// page's own table (`i18n.js`, `presets`) says the same, which the server's tests
    /// check.
    pub const fn title(self, lang: Lang) -> &'static str {
        let (ru, en) = match self {
            Preset::Classic => ("Классика", "Classic"),
            Preset::ClassicCorners => ("Касание углами", "Corners"),
            Preset::ClassicBent => ("Гнутые корабли", "Bent ships"),
            Preset::Hasbro => ("Hasbro", "Hasbro"),
            Preset::Big15 => ("Большое поле", "Big board"),
            Preset::Salvo => ("Залп", "Salvo"),
            Preset::Mines => ("Мины", "Mines"),
            Preset::Minesweepers => ("Тральщики", "Minesweepers"),
            Preset::Submarines => ("Подлодки", "Submarines"),
            Preset::Dutchman => ("Летучий голландец", "Flying Dutchman"),
        };
        match lang {
            Lang::Ru => ru,
            Lang::En => en,
        }
    }

    /// The rules of this preset.
    pub fn rules(self) -> Rules {
        let classic = RulesSpec {
            width: 10,
            height: 10,
            fleet: vec![4, 3, 3, 2, 2, 2, 1, 1, 1, 1],
            touching: Touching::Forbidden,
            shape: ShipShape::Straight,
            hit_again: true,
            shots: Shots::Fixed(1),
            pieces: Pieces::NONE,
            flying: false,
        };
        let spec = match self {
            Preset::Classic => classic,
            Preset::ClassicCorners => RulesSpec {
                touching: Touching::Corners,
                ..classic
            },
            Preset::ClassicBent => RulesSpec {
                shape: ShipShape::Any,
                ..classic
            },
            Preset::Hasbro => RulesSpec {
                fleet: vec![5, 4, 3, 3, 2],
                touching: Touching::Allowed,
                hit_again: false,
                ..classic
            },
            Preset::Big15 => RulesSpec {
                width: 15,
                height: 15,
                fleet: vec![5, 4, 3, 3, 2, 2, 2, 1, 1, 1, 1],
                ..classic
            },
            Preset::Salvo => RulesSpec {
                hit_again: false,
                shots: Shots::ShipsAfloat,
                ..classic
            },
            Preset::Mines => RulesSpec {
                pieces: Pieces {
                    mines: 2,
                    ..Pieces::NONE
                },
                ..classic
            },
            Preset::Minesweepers => RulesSpec {
                width: 16,
                height: 16,
                fleet: vec![5, 4, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1],
                pieces: Pieces {
                    mines: 3,
                    sweepers: 1,
                    ..Pieces::NONE
                },
                ..classic
            },
            Preset::Submarines => RulesSpec {
                pieces: Pieces {
                    submarines: 1,
                    ..Pieces::NONE
                },
                ..classic
            },
            Preset::Dutchman => RulesSpec {
                width: 20,
                height: 20,
                fleet: vec![DUTCHMAN_DECKS],
                shape: ShipShape::Path,
                flying: true,
                ..classic
            },
        };
        // Presets are tested to be valid; validation is cheap for them.
        Rules::from_spec_unchecked(spec)
    }
}

/// Unchecked rules: plain data, possibly unsatisfiable. [`Rules::new`] validates it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RulesSpec {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Ship sizes, one entry per ship (order does not matter).
    pub fleet: Vec<u32>,
    /// Allowed contact between ships.
    pub touching: Touching,
    /// Allowed ship shapes.
    pub shape: ShipShape,
    /// Whether a hit (or sink) earns another turn.
    pub hit_again: bool,
    /// Shots per turn.
    pub shots: Shots,
    /// The one-cell pieces beside the ships: mines, minesweepers, submarines.
    pub pieces: Pieces,
    /// Whether a hit ship loses the deck hit and its owner moves it elsewhere (the
    /// Flying Dutchman).
    pub flying: bool,
}

/// The one-cell pieces each side has beside its ships. They are not ships: a side
/// whose ships are all sunk loses whatever pieces it has left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Pieces {
    /// Mines: a shot on one makes the shooter show its owner a cell of one of their
    /// ships, and passes the turn.
    pub mines: u8,
    /// Minesweepers: a shot on one makes the shooter show its owner one of their
    /// unspent mines, and passes the turn.
    pub sweepers: u8,
    /// Submarines: sunk by one shot, they fire a dying shot at the same cell of the
    /// shooter's board.
    pub submarines: u8,
    /// Whether mines and minesweepers may touch ships and each other (the seed's
    /// variant); by default they may not, not even at corners.
    pub may_touch: bool,
}

impl Pieces {
    /// No pieces at all.
    pub const NONE: Pieces = Pieces {
        mines: 0,
        sweepers: 0,
        submarines: 0,
        may_touch: false,
    };

    /// How many pieces in all.
    pub fn count(&self) -> usize {
        usize::from(self.mines) + usize::from(self.sweepers) + usize::from(self.submarines)
    }
}

/// The most pieces of one kind a side may have.
pub const MAX_PIECES: u8 = 8;

/// Validated rules of a game. Everything else in the crate trusts them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    dims: Dims,
    fleet: Vec<u8>,
    touching: Touching,
    shape: ShipShape,
    hit_again: bool,
    shots: Shots,
    pieces: Pieces,
    flying: bool,
}

/// The decks of the `dutchman` preset's ship.
pub const DUTCHMAN_DECKS: u32 = 6;
/// The fewest and most decks of a flying ship (the seed: "from 5 to 8").
pub const FLYING_DECKS: std::ops::RangeInclusive<u32> = 5..=8;
/// The largest path-shaped ship in a fleet of several ships: their positions are
/// enumerated, and path shapes grow too many past five cells. A lone path-shaped ship
/// is drawn by random walks instead and may have up to [`MAX_BENT_SIZE`] decks.
pub const MAX_PATH_IN_FLEET: u32 = 5;

/// The most ships a fleet may have.
pub const MAX_SHIPS: usize = 64;
/// The largest ship when ships may take any shape (the shapes are enumerated).
pub const MAX_BENT_SIZE: u32 = 8;
/// The most shots a fixed volley may have.
pub const MAX_FIXED_SHOTS: u8 = 16;
/// The most places all the fleet's ship sizes may have on the board together (every
/// shape at every offset). Drawing, counting and checking fleets enumerate them, at
/// about 200 bytes each: `shape=any` ships of seven or eight cells on the largest
/// boards would need hundreds of megabytes.
pub const MAX_POSITIONS: usize = 250_000;

/// Why a [`RulesSpec`] or a rules string was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// Board size out of range.
    Dims(DimsError),
    /// The fleet has no ships.
    EmptyFleet,
    /// More than [`MAX_SHIPS`] ships.
    TooManyShips(usize),
    /// A ship of size 0, or longer than the board allows.
    ShipSize {
        /// The rejected size.
        size: u32,
        /// The largest size these rules allow.
        max: u32,
    },
    /// A fixed volley of 0 or more than [`MAX_FIXED_SHOTS`] shots.
    Shots(u32),
    /// More than [`MAX_PIECES`] pieces of one kind.
    Pieces(u32),
    /// The fleet cannot be placed on the board under these rules.
    DoesNotFit(String),
    /// The fit search gave up before finding a placement or proving there is none.
    TooCrowded,
    /// A rules string that could not be read.
    Syntax(String),
    /// Flying ships under rules that do not allow them (see [`Rules::flying`]).
    Flying(&'static str),
    /// The ship sizes have more than [`MAX_POSITIONS`] places on the board together.
    TooManyPositions(usize),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Dims(e) => e.fmt(f),
            RulesError::EmptyFleet => f.write_str("the fleet has no ships"),
            RulesError::TooManyShips(n) => write!(f, "{n} ships is too many (at most {MAX_SHIPS})"),
            RulesError::ShipSize { size, max } => {
                write!(f, "ship size {size} is not allowed (1 to {max})")
            }
            RulesError::Pieces(n) => {
                write!(
                    f,
                    "{n} pieces of one kind is too many (at most {MAX_PIECES})"
                )
            }
            RulesError::Shots(n) => {
                write!(
                    f,
                    "{n} shots per turn is not allowed (1 to {MAX_FIXED_SHOTS})"
                )
            }
            RulesError::DoesNotFit(why) => write!(f, "the fleet cannot be placed: {why}"),
            RulesError::TooCrowded => f.write_str(
                "the fleet is so crowded that no placement was found in reasonable time",
            ),
            RulesError::Syntax(s) => f.write_str(s),
            RulesError::Flying(why) => write!(f, "a flying ship {why}"),
            RulesError::TooManyPositions(n) => write!(
                f,
                "the ships have {n} places on this board, more than the {MAX_POSITIONS} \
                 that can be worked with: use smaller ships, straight ones, or a smaller board"
            ),
        }
    }
}

impl std::error::Error for RulesError {}

impl Default for Rules {
    fn default() -> Self {
        Preset::Classic.rules()
    }
}

impl Rules {
    pub(crate) fn from_spec_unchecked(spec: RulesSpec) -> Rules {
        let mut fleet: Vec<u8> = spec.fleet.iter().map(|&s| s as u8).collect();
        fleet.sort_unstable_by(|a, b| b.cmp(a));
        Rules {
            dims: Dims::new(spec.width, spec.height).unwrap_or(Dims::CLASSIC),
            fleet,
            touching: spec.touching,
            shape: spec.shape,
            hit_again: spec.hit_again,
            shots: spec.shots,
            pieces: spec.pieces,
            flying: spec.flying,
        }
    }

    /// The preset with this name.
    pub fn preset(p: Preset) -> Rules {
        p.rules()
    }

    /// The classic Russian rules.
    pub fn classic() -> Rules {
        Preset::Classic.rules()
    }

    /// The unchecked form of these rules, for editing.
    pub fn spec(&self) -> RulesSpec {
        RulesSpec {
            width: u32::from(self.dims.width()),
            height: u32::from(self.dims.height()),
            fleet: self.fleet.iter().map(|&s| u32::from(s)).collect(),
            touching: self.touching,
            shape: self.shape,
            hit_again: self.hit_again,
            shots: self.shots,
            pieces: self.pieces,
            flying: self.flying,
        }
    }

    /// Board size.
    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// Ship sizes, largest first, one entry per ship.
    pub fn fleet(&self) -> &[u8] {
        &self.fleet
    }

    /// Shots in the next volley of a player with `own_afloat` ships afloat, when
    /// `cells_left` cells of the enemy board are not yet shot.
    pub fn volley_size(&self, own_afloat: usize, cells_left: usize) -> usize {
        let n = match self.shots {
            Shots::Fixed(n) => usize::from(n),
            Shots::ShipsAfloat => own_afloat,
        };
        n.min(cells_left)
    }

    /// Whether a volley lets its shooter fire again, given whether any shot in it hit.
    pub fn shoots_again(&self, any_hit: bool) -> bool {
        self.hit_again && any_hit
    }

    /// The distinct ship sizes of the fleet, largest first.
    pub fn sizes(&self) -> Vec<u8> {
        let mut sizes = self.fleet.clone();
        sizes.dedup();
        sizes
    }

    /// How many ships of `size` the fleet has.
    pub fn count_of(&self, size: usize) -> usize {
        self.fleet
            .iter()
            .filter(|&&s| usize::from(s) == size)
            .count()
    }

    /// Allowed contact between ships.
    pub fn touching(&self) -> Touching {
        self.touching
    }

    /// Allowed ship shapes.
    pub fn shape(&self) -> ShipShape {
        self.shape
    }

    /// Whether a hit earns another turn.
    pub fn hit_again(&self) -> bool {
        self.hit_again
    }

    /// Shots per turn.
    pub fn shots(&self) -> Shots {
        self.shots
    }

    /// The pieces each side has beside its ships.
    pub fn pieces(&self) -> Pieces {
        self.pieces
    }

    /// Whether a hit ship loses the deck hit and is moved by its owner (the Flying
    /// Dutchman). Such rules have one ship, path-shaped, of 5 to 8 decks, and no pieces.
    pub fn flying(&self) -> bool {
        self.flying
    }

    /// The preset these rules are, if any.
    pub fn as_preset(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| &p.rules() == self)
    }

    /// The fleet as `4,3,3,2,…`.
    pub fn fleet_text(&self) -> String {
        let v: Vec<String> = self.fleet.iter().map(u8::to_string).collect();
        v.join(",")
    }
}

impl fmt::Display for Rules {
    /// A preset's name, or the full form `10x10 fleet=4,3,… touch=none shape=straight
    /// hit-again=yes shots=1` that `FromStr` reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(p) = self.as_preset() {
            return f.write_str(p.name());
        }
        write!(
            f,
            "{} fleet={} touch={} shape={} hit-again={} shots={}",
            self.dims,
            self.fleet_text(),
            self.touching.name(),
            self.shape.name(),
            if self.hit_again { "yes" } else { "no" },
            self.shots
        )?;
        // Settings of the special variants are written only when used, so that the
        // rules of every other game read as they always did.
        let p = self.pieces;
        for (key, n) in [
            ("mines", p.mines),
            ("sweepers", p.sweepers),
            ("subs", p.submarines),
        ] {
            if n > 0 {
                write!(f, " {key}={n}")?;
            }
        }
        if p.may_touch {
            f.write_str(" pieces-touch=yes")?;
        }
        if self.flying {
            f.write_str(" flying=yes")?;
        }
        Ok(())
    }
}

impl FromStr for Preset {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Preset, RulesError> {
        let t = s.trim().to_ascii_lowercase();
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == t)
            .ok_or_else(|| {
                let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
                RulesError::Syntax(format!(
                    "unknown rules preset {s:?}: expected one of {}",
                    names.join(", ")
                ))
            })
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Rules {
    /// Cells that no other ship may occupy once a ship occupies `cells`.
    pub fn blocked_by(&self, cells: &crate::CellSet) -> crate::CellSet {
        match self.touching {
            Touching::Forbidden => cells.grow_all(self.dims),
            Touching::Corners => cells.grow_sides(self.dims),
            Touching::Allowed => *cells,
        }
    }

    /// The cells around a sunk ship where, by these rules, no other ship can be: what
    /// both players may mark as empty once it sinks.
    pub fn halo(&self, cells: &crate::CellSet) -> crate::CellSet {
        self.blocked_by(cells).minus(cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_valid_and_round_trip() {
        for p in Preset::ALL {
            let r = p.rules();
            assert_eq!(Rules::new(r.spec()), Ok(r.clone()), "{p}");
            assert_eq!(r.to_string(), p.name());
            assert_eq!(r.to_string().parse::<Rules>(), Ok(r));
        }
    }

    #[test]
    fn custom_rules_round_trip() {
        let r: Rules = "classic touch=corners shots=afloat".parse().unwrap();
        assert_eq!(r.as_preset(), None);
        let text = r.to_string();
        assert_eq!(
            text,
            "10x10 fleet=4,3,3,2,2,2,1,1,1,1 touch=corners shape=straight hit-again=yes shots=afloat"
        );
        assert_eq!(text.parse::<Rules>(), Ok(r));
        let r: Rules = "7x5 fleet=1,3,2 hit-again=no".parse().unwrap();
        assert_eq!(r.fleet(), [3, 2, 1]);
        assert_eq!(r.to_string().parse::<Rules>(), Ok(r));
    }

    #[test]
    fn unsatisfiable_rules_are_explained() {
        let e = "5x5 fleet=5,5,5,5".parse::<Rules>().unwrap_err();
        assert!(matches!(e, RulesError::DoesNotFit(_)), "{e}");
        assert!(e.to_string().contains("cannot be placed"), "{e}");
        assert!("5x5 fleet=5,5,5".parse::<Rules>().is_ok());
        assert!("5x5 fleet=5,5,5,5 touch=allowed".parse::<Rules>().is_ok());
        let e = "5x5 fleet=6".parse::<Rules>().unwrap_err();
        assert_eq!(e, RulesError::ShipSize { size: 6, max: 5 });
        assert!(matches!("4x4".parse::<Rules>(), Err(RulesError::Dims(_))));
        assert!(matches!("27x10".parse::<Rules>(), Err(RulesError::Dims(_))));
        assert!(matches!(
            "classic shots=0".parse::<Rules>(),
            Err(RulesError::Shots(0))
        ));
        assert!(matches!(
            "classic fleet=".parse::<Rules>(),
            Err(RulesError::Syntax(_))
        ));
        assert!(matches!(
            "classic colour=red".parse::<Rules>(),
            Err(RulesError::Syntax(_))
        ));
        assert!(matches!(
            "clasic".parse::<Rules>(),
            Err(RulesError::Syntax(_))
        ));
    }
}

//! Game records: what was placed and every shot with its answer, as data, as readable
//! text (see `docs/notation.md`), and (with the `serde` feature) as JSON.

use crate::coord::{Coord, Dims};
use crate::fleet::{Fleet, FleetError, FleetSetup, ShipSetup};
use crate::game::{Answer, Game, Outcome, Player, ShotError, WinReason};
use crate::lang::Lang;
use crate::rules::Rules;
use crate::system::CoordSystem;
use std::fmt;

/// One entry of a record.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A volley (one shot under classic rules) and the answers given.
    Volley {
        /// Who fired.
        player: Player,
        /// Each cell with its answer, in the order fired.
        shots: Vec<(Coord, Answer)>,
    },
    /// A player gave up.
    Resign {
        /// Who resigned.
        player: Player,
    },
    /// A player let the turn go without shooting: their clock ran out.
    Pass {
        /// Who passed.
        player: Player,
    },
    /// A sunk submarine's dying shot: its owner fires at the same cell of the
    /// shooter's board, answered like any shot. The game adds it right after the
    /// volley that sank the submarine.
    Dying {
        /// The submarine's owner, who fires.
        player: Player,
        /// The cell.
        cell: Coord,
        /// The answer.
        answer: Answer,
    },
    /// A player shows the opponent one of their own cells: after setting off a mine,
    /// a ship cell not yet hit; after a minesweeper, an unspent mine.
    Reveal {
        /// Who shows.
        player: Player,
        /// The cell shown.
        cell: Coord,
    },
    /// A player moves their hit flying ship (the Flying Dutchman) to new cells, one
    /// deck fewer for each hit where it stood.
    Relocate {
        /// Whose ship.
        player: Player,
        /// Its new cells.
        cells: Vec<Coord>,
    },
}

impl Move {
    /// Who made the move.
    pub fn player(&self) -> Player {
        match self {
            Move::Volley { player, .. }
            | Move::Resign { player }
            | Move::Pass { player }
            | Move::Dying { player, .. }
            | Move::Reveal { player, .. }
            | Move::Relocate { player, .. } => *player,
        }
    }
}

/// A game as it was played. Plain data: a record of a game played on paper may hold an
/// illegal fleet or a false answer, which is what [`crate::audit`] looks for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameRecord {
    /// The rules agreed.
    pub rules: Rules,
    /// Each player's fleet, for players 1 and 2.
    pub fleets: [FleetSetup; 2],
    /// Who shot first.
    pub first: Player,
    /// Every move, in order.
    pub moves: Vec<Move>,
}

/// A record that could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The text is not a record.
    Syntax {
        /// 1-based line.
        line: usize,
        /// What was wrong.
        message: String,
    },
    /// A fleet breaks the rules.
    Fleet {
        /// Whose fleet.
        player: Player,
        /// The violations.
        error: FleetError,
    },
    /// A move the rules refuse.
    Move {
        /// 1-based move number.
        number: usize,
        /// Why.
        error: ShotError,
    },
    /// A recorded answer that differs from the board.
    Answer {
        /// 1-based move number.
        number: usize,
        /// The cell.
        cell: Coord,
        /// What the record says.
        recorded: Answer,
        /// What the board says.
        actual: Answer,
    },
    /// A move after the game ended.
    AfterEnd {
        /// 1-based move number.
        number: usize,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Syntax { line, message } => write!(f, "line {line}: {message}"),
            RecordError::Fleet { player, error } => write!(f, "fleet of player {player}: {error}"),
            RecordError::Move { number, error } => write!(f, "move {number}: {error}"),
            RecordError::Answer {
                number,
                cell,
                recorded,
                actual,
            } => write!(
                f,
                "move {number}: {cell} was answered {recorded}, but the board says {actual}"
            ),
            RecordError::AfterEnd { number } => {
                write!(f, "move {number}: the game was already over")
            }
        }
    }
}

impl std::error::Error for RecordError {}

impl GameRecord {
    /// Replays the record under its rules, checking every fleet, move and answer.
    pub fn replay(&self) -> Result<Game, RecordError> {
        self.replay_each(&mut |_, _| {})
    }

    /// Like [`GameRecord::replay`], showing `visit` the game as it stands before the
    /// first move (with `0`) and after each move (with its number): every position of
    /// the game in one pass, where replaying each prefix would take time quadratic in
    /// the moves.
    pub fn replay_each(&self, visit: &mut dyn FnMut(usize, &Game)) -> Result<Game, RecordError> {
        let mut game = Game::new(self.rules.clone());
        for p in Player::BOTH {
            let fleet = Fleet::new(self.fleets[p.index()].clone(), &self.rules)
                .map_err(|error| RecordError::Fleet { player: p, error })?;
            // The fleet was validated under the game's own rules: placing cannot fail.
            game.place(p, fleet)
                .map_err(|_| RecordError::AfterEnd { number: 0 })?;
        }
        game.start_with(self.first)
            .map_err(|_| RecordError::AfterEnd { number: 0 })?;
        visit(0, &game);
        for (i, m) in self.moves.iter().enumerate() {
            let number = i + 1;
            // A dying shot may end the game: it still follows its volley.
            if game.outcome() != Outcome::InProgress && !matches!(m, Move::Dying { .. }) {
                return Err(RecordError::AfterEnd { number });
            }
            match m {
                Move::Resign { player } => {
                    game.resign(*player)
                        .map_err(|_| RecordError::AfterEnd { number })?;
                }
                Move::Pass { player } => {
                    game.pass(*player)
                        .map_err(|error| RecordError::Move { number, error })?;
                }
                Move::Reveal { player, cell } => {
                    game.reveal(*player, *cell)
                        .map_err(|error| RecordError::Move { number, error })?;
                }
                Move::Relocate { player, cells } => {
                    game.relocate(*player, &ShipSetup(cells.clone()))
                        .map_err(|error| RecordError::Move { number, error })?;
                }
                Move::Dying { cell, answer, .. } => {
                    // The game fired it itself after the volley: it must be there.
                    let played = game.moves().get(i);
                    if played != Some(m) {
                        let actual = match played {
                            Some(Move::Dying { answer, .. }) => *answer,
                            _ => Answer::Miss,
                        };
                        return Err(RecordError::Answer {
                            number,
                            cell: *cell,
                            recorded: *answer,
                            actual,
                        });
                    }
                }
                Move::Volley { player, shots } => {
                    let cells: Vec<Coord> = shots.iter().map(|s| s.0).collect();
                    let result = game
                        .fire(*player, &cells)
                        .map_err(|error| RecordError::Move { number, error })?;
                    for (&(cell, recorded), shot) in shots.iter().zip(&result) {
                        if shot.answer() != recorded {
                            return Err(RecordError::Answer {
                                number,
                                cell,
                                recorded,
                                actual: shot.answer(),
                            });
                        }
                    }
                }
            }
            visit(number, &game);
        }
        Ok(game)
    }

    /// The record as text, cells in `system`, answers in `lang`.
    pub fn to_text(&self, system: CoordSystem, lang: Lang) -> String {
        // A system with too few letters for the board would write cells it cannot read.
        let system = if !system.fits(self.rules.dims()) {
            CoordSystem::Latin
        } else {
            system
        };
        let mut out = String::from("#! seabattle record\n");
        out.push_str(&format!("rules: {}\n", self.rules));
        out.push_str(&format!("coords: {system}\n"));
        out.push_str(&format!("lang: {lang}\n"));
        out.push_str(&format!("first: {}\n", self.first));
        for p in Player::BOTH {
            out.push_str(&format!(
                "fleet {p}: {}\n",
                self.fleets[p.index()].format(system)
            ));
        }
        if let Ok(game) = self.replay()
            && let Outcome::Won { winner, reason } = game.outcome()
        {
            let how = match reason {
                WinReason::FleetSunk => "fleet sunk",
                WinReason::Resigned => "resignation",
            };
            out.push_str(&format!("#! result: player {winner} wins by {how}\n"));
        }
        out.push('\n');
        for (i, m) in self.moves.iter().enumerate() {
            out.push_str(&format!("{}. p{}", i + 1, m.player()));
            match m {
                Move::Volley { shots, .. } => {
                    for (c, a) in shots {
                        out.push_str(&format!(" {} {}", system.format(*c), a.text(lang)));
                    }
                }
                Move::Resign { .. } => {
                    out.push_str(match lang {
                        Lang::Ru => " сдался",
                        Lang::En => " resigns",
                    });
                }
                Move::Pass { .. } => {
                    out.push_str(match lang {
                        Lang::Ru => " пропуск",
                        Lang::En => " passes",
                    });
                }
                Move::Dying { cell, answer, .. } => {
                    let word = match lang {
                        Lang::Ru => "торпеда",
                        Lang::En => "torpedo",
                    };
                    out.push_str(&format!(
                        " {word} {} {}",
                        system.format(*cell),
                        answer.text(lang)
                    ));
                }
                Move::Reveal { cell, .. } => {
                    let word = match lang {
                        Lang::Ru => "показал",
                        Lang::En => "shows",
                    };
                    out.push_str(&format!(" {word} {}", system.format(*cell)));
                }
                Move::Relocate { cells, .. } => {
                    let word = match lang {
                        Lang::Ru => "перевёл",
                        Lang::En => "moves",
                    };
                    let ship = ShipSetup(cells.clone()).format(system);
                    out.push_str(&format!(" {word} {ship}"));
                }
            }
            out.push('\n');
        }
        out
    }

    /// Reads the text form written by [`GameRecord::to_text`]: `key: value` headers, then
    /// one numbered line per move. Lines starting with `#!` and empty lines are ignored.
    pub fn from_text(text: &str) -> Result<GameRecord, RecordError> {
        let mut rules: Option<Rules> = None;
        let mut system = CoordSystem::Latin;
        let mut first: Option<Player> = None;
        let mut fleets: [Option<FleetSetup>; 2] = [None, None];
        let mut moves = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line_no = i + 1;
            let err = |message: String| RecordError::Syntax {
                line: line_no,
                message,
            };
            let line = raw.trim();
            if line.is_empty() || line.starts_with("#!") {
                continue;
            }
            if let Some((number, rest)) = line.split_once(". ")
                && !number.is_empty()
                && number.chars().all(|c| c.is_ascii_digit())
            {
                let expected = moves.len() + 1;
                if number.parse::<usize>().ok() != Some(expected) {
                    return Err(err(format!("move number {number}, expected {expected}")));
                }
                let mut words = rest.split_whitespace();
                let player = match words.next() {
                    Some("p1") => Player::One,
                    Some("p2") => Player::Two,
                    other => return Err(err(format!("expected p1 or p2, found {other:?}"))),
                };
                let words: Vec<&str> = words.collect();
                if let [w] = words.as_slice()
                    && ["resigns", "сдался", "сдалась"].contains(&w.to_lowercase().as_str())
                {
                    moves.push(Move::Resign { player });
                    continue;
                }
                if let [w] = words.as_slice()
                    && ["passes", "пропуск"].contains(&w.to_lowercase().as_str())
                {
                    moves.push(Move::Pass { player });
                    continue;
                }
                let dims = rules.as_ref().map_or(Dims::LARGEST, Rules::dims);
                let cell = |w: &str| system.parse(w, dims).map_err(|e| err(e.to_string()));
                if let [w, c] = words.as_slice()
                    && ["shows", "показал", "показала"].contains(&w.to_lowercase().as_str())
                {
                    moves.push(Move::Reveal {
                        player,
                        cell: cell(c)?,
                    });
                    continue;
                }
                if let [w, ship] = words.as_slice()
                    && ["moves", "перевёл", "перевела", "перевел"]
                        .contains(&w.to_lowercase().as_str())
                {
                    let ship =
                        ShipSetup::parse(ship, system, dims).map_err(|e| err(e.to_string()))?;
                    moves.push(Move::Relocate {
                        player,
                        cells: ship.0,
                    });
                    continue;
                }
                if let [w, c, a] = words.as_slice()
                    && ["torpedo", "торпеда"].contains(&w.to_lowercase().as_str())
                {
                    moves.push(Move::Dying {
                        player,
                        cell: cell(c)?,
                        answer: a.parse::<Answer>().map_err(err)?,
                    });
                    continue;
                }
                if words.is_empty() || words.len() % 2 != 0 {
                    return Err(err(
                        "expected cell and answer pairs such as «в1 Мимо!»".into()
                    ));
                }
                let shots = words
                    .chunks(2)
                    .map(|pair| {
                        let c = system.parse(pair[0], dims).map_err(|e| e.to_string())?;
                        let a = pair[1].parse::<Answer>()?;
                        Ok((c, a))
                    })
                    .collect::<Result<Vec<_>, String>>()
                    .map_err(err)?;
                moves.push(Move::Volley { player, shots });
                continue;
            }
            if !moves.is_empty() {
                return Err(err(format!("expected a numbered move, found {line:?}")));
            }
            let Some((key, value)) = line.split_once(':') else {
                return Err(err(format!(
                    "expected `key: value` or a numbered move, found {line:?}"
                )));
            };
            let value = value.trim();
            match key.trim() {
                "rules" => {
                    rules = Some(
                        value
                            .parse()
                            .map_err(|e: crate::RulesError| err(e.to_string()))?,
                    )
                }
                "coords" => {
                    system = value
                        .parse()
                        .map_err(|e: crate::system::UnknownSystem| err(e.to_string()))?
                }
                "lang" => {
                    value.parse::<Lang>().map_err(|e| err(e.to_string()))?;
                }
                "first" => first = Some(value.parse().map_err(err)?),
                k @ ("fleet 1" | "fleet 2") => {
                    let idx = usize::from(k.ends_with('2'));
                    let setup = FleetSetup::parse(value, system, Dims::LARGEST)
                        .map_err(|e| err(e.to_string()))?;
                    fleets[idx] = Some(setup);
                }
                other => {
                    return Err(err(format!(
                        "unknown header {other:?}: expected rules, coords, lang, first, fleet 1 or fleet 2"
                    )));
                }
            }
        }
        let missing = |what: &str| RecordError::Syntax {
            line: 0,
            message: format!("the record has no `{what}:` line"),
        };
        let [f1, f2] = fleets;
        Ok(GameRecord {
            rules: rules.ok_or_else(|| missing("rules"))?,
            first: first.ok_or_else(|| missing("first"))?,
            fleets: [
                f1.ok_or_else(|| missing("fleet 1"))?,
                f2.ok_or_else(|| missing("fleet 2"))?,
            ],
            moves,
        })
    }
}

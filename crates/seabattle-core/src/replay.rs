//! A record brought to life: replayed through a [`Game`], checking every fleet, move
//! and answer, and written and read as text (see `docs/notation.md`). Apart from
//! `record.rs` because the game itself writes records: the record's data sits below
//! the game, its replay above it.

use crate::coord::{Coord, Dims};
use crate::fleet::{Fleet, FleetSetup, ShipSetup};
use crate::game::Game;
use crate::lang::Lang;
use crate::phase::{Outcome, WinReason};
use crate::player::Player;
use crate::record::{GameRecord, Move, RecordError};
use crate::rules::Rules;
use crate::shot::Answer;
use crate::system::CoordSystem;

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

//! The post-game inspection of seeds 000 and 003.
//!
//! The loser may inspect the winner's board; a violation found there gives the loser the
//! win. The winner may then inspect the loser's board; if violations are found there too,
//! the players compare their records of each other's answers: whoever answered provably
//! falsely loses, and if that settles nothing the game does not count (both lose). A
//! violation noticed before the end decides an unfinished game against its author.
//!
//! A player's violations are their fleet's placement violations, false answers they
//! gave about their own board, and moves out of turn (seed 004 counts "skipping a move"
//! as a gross violation).

use crate::by_player::ByPlayer;
use crate::cellset::CellSet;
use crate::coord::Coord;
use crate::fleet::violations;
use crate::lang::Lang;
use crate::phase::{DutyKind, Outcome, WinReason};
use crate::piece::PieceKind;
use crate::player::Player;
use crate::record::{GameRecord, Move};
use crate::shot::Answer;
use crate::violation::Violation;
use std::fmt;

/// One rule a player broke.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The fleet breaks the placement rules.
    Placement(Violation),
    /// A false answer about the player's own board.
    FalseAnswer {
        /// 1-based move number.
        number: usize,
        /// The cell shot.
        cell: Coord,
        /// What the player answered.
        given: Answer,
        /// What the board says.
        actual: Answer,
    },
    /// A move made out of turn, with the wrong number of shots, at a cell already shot,
    /// or after the game had ended.
    Turn {
        /// 1-based move number.
        number: usize,
        /// What was wrong.
        problem: String,
    },
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Placement(v) => write!(f, "placement: {v}"),
            Fault::FalseAnswer {
                number,
                cell,
                given,
                actual,
            } => {
                write!(
                    f,
                    "move {number}: answered {given} at {cell}, but the board says {actual}"
                )
            }
            Fault::Turn { number, problem } => write!(f, "move {number}: {problem}"),
        }
    }
}

/// The inspection's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// No violation decides anything: the result as played stands (it may be unfinished).
    Stands(Outcome),
    /// The winner's board broke the rules and the loser's did not: the loser wins.
    Reversed {
        /// The new winner.
        winner: Player,
    },
    /// Both broke the rules; only the other player answered provably falsely.
    Compared {
        /// The winner.
        winner: Player,
    },
    /// Both broke the rules and comparing answers settles nothing: the game does not
    /// count, both lose.
    Void,
    /// An unfinished game in which only one player broke the rules: the other wins.
    Forfeit {
        /// The winner.
        winner: Player,
    },
}

impl Verdict {
    /// The verdict as a sentence for players, in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        match (lang, self) {
            (Lang::En, Verdict::Stands(Outcome::InProgress)) => {
                "no violations; the game is unfinished".into()
            }
            (Lang::Ru, Verdict::Stands(Outcome::InProgress)) => {
                "нарушений нет; игра не окончена".into()
            }
            (Lang::En, Verdict::Stands(Outcome::Won { winner, reason })) => {
                let how = match reason {
                    WinReason::FleetSunk => "sinking the fleet",
                    WinReason::Resigned => "resignation",
                };
                format!("the result stands: player {winner} wins by {how}")
            }
            (Lang::Ru, Verdict::Stands(Outcome::Won { winner, reason })) => {
                let how = match reason {
                    WinReason::FleetSunk => "потопив весь флот",
                    WinReason::Resigned => "противник сдался",
                };
                format!("результат в силе: игрок {winner} побеждает, {how}")
            }
            (Lang::En, Verdict::Reversed { winner }) => {
                format!("result reversed: the winner's board broke the rules, player {winner} wins")
            }
            (Lang::Ru, Verdict::Reversed { winner }) => format!(
                "результат отменён: поле победителя нарушает правила, побеждает игрок {winner}"
            ),
            (Lang::En, Verdict::Compared { winner }) => format!(
                "both boards broke the rules; player {} answered falsely, player {winner} wins",
                winner.other()
            ),
            (Lang::Ru, Verdict::Compared { winner }) => format!(
                "оба поля нарушают правила; игрок {} отвечал неверно, побеждает игрок {winner}",
                winner.other()
            ),
            (Lang::En, Verdict::Void) => {
                "both boards broke the rules: the game does not count, both lose".into()
            }
            (Lang::Ru, Verdict::Void) => {
                "оба поля нарушают правила: игра не засчитана, проиграли оба".into()
            }
            (Lang::En, Verdict::Forfeit { winner }) => format!(
                "player {} broke the rules during the game: player {winner} wins",
                winner.other()
            ),
            (Lang::Ru, Verdict::Forfeit { winner }) => format!(
                "игрок {} нарушил правила по ходу игры: побеждает игрок {winner}",
                winner.other()
            ),
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

/// The inspection of a game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditReport {
    /// The result as played, taking every recorded answer at its word.
    pub played: Outcome,
    /// Each player's faults (index 0 for player 1).
    pub faults: [Vec<Fault>; 2],
    /// The decision.
    pub verdict: Verdict,
}

/// Inspects a record: both fleets against the rules, every answer against the board it
/// was given for, and the turn order; then decides the result as the seeds do.
pub fn audit(record: &GameRecord) -> AuditReport {
    let rules = &record.rules;
    let mut faults: ByPlayer<Vec<Fault>> = ByPlayer::new_with(|p| {
        violations(&record.fleets[p.index()], rules)
            .into_iter()
            .map(Fault::Placement)
            .collect()
    });
    // Each board's ships as cell sets (off-board cells dropped: they are faults already).
    // Where each ship stands: flying ships move as the record says.
    let mut ships: ByPlayer<Vec<CellSet>> = ByPlayer::new_with(|p| {
        record.fleets[p.index()]
            .ships
            .iter()
            .map(|s| {
                s.0.iter()
                    .copied()
                    .filter(|&c| rules.dims().contains(c))
                    .collect()
            })
            .collect()
    });
    let mut shot = ByPlayer::new(CellSet::EMPTY, CellSet::EMPTY);
    let mut claimed_sunk = ByPlayer::new(0usize, 0);
    let mut turn = record.first;
    let mut played = Outcome::InProgress;
    // Reveals owed after mines and minesweepers, oldest first, and the cells shown.
    let mut owed: Vec<(Player, DutyKind)> = Vec::new();
    let mut shown = ByPlayer::new(CellSet::EMPTY, CellSet::EMPTY);
    for (i, m) in record.moves.iter().enumerate() {
        let number = i + 1;
        let mover = m.player();
        let mut turn_problems: Vec<String> = Vec::new();
        if played != Outcome::InProgress {
            faults[mover].push(Fault::Turn {
                number,
                problem: "a move after the game had ended".into(),
            });
            continue;
        }
        let (player, shots) = match m {
            Move::Volley { player, shots } => {
                // A flying ship hit must move before anyone shoots again.
                owed.retain(|&(p, kind)| {
                    if kind == DutyKind::Relocate {
                        faults[p].push(Fault::Turn {
                            number,
                            problem: format!("player {p} did not move the ship that was hit"),
                        });
                    }
                    kind != DutyKind::Relocate
                });
                (player, shots)
            }
            Move::Relocate { player, cells } => {
                let i = *player;
                let problem = match owed
                    .iter()
                    .position(|&(p, k)| p == *player && k == DutyKind::Relocate)
                {
                    None => Some(format!(
                        "player {player} moved the ship when no move was owed"
                    )),
                    Some(k) => {
                        owed.remove(k);
                        let decks = damaged(&ships[i], &shot[i]).map_or(0, |(_, d)| d);
                        crate::flying::check(rules, decks, &shot[i], cells)
                            .err()
                            .map(|e| format!("player {player} moved the ship illegally: {e}"))
                    }
                };
                if let Some(problem) = problem {
                    faults[mover].push(Fault::Turn { number, problem });
                }
                // Later answers are judged where the player said the ship went.
                if let Some((k, _)) = damaged(&ships[i], &shot[i]) {
                    ships[i][k] = cells
                        .iter()
                        .copied()
                        .filter(|&c| rules.dims().contains(c))
                        .collect();
                }
                continue;
            }
            Move::Resign { .. } => {
                played = Outcome::Won {
                    winner: mover.other(),
                    reason: WinReason::Resigned,
                };
                continue;
            }
            Move::Pass { player } => {
                if *player != turn {
                    faults[mover].push(Fault::Turn {
                        number,
                        problem: format!("player {player} passed out of turn"),
                    });
                }
                turn = player.other();
                continue;
            }
            Move::Reveal { player, cell } => {
                // What was shown must be owed, and true: a ship cell not hit after a
                // mine, an unspent mine after a minesweeper, each not shown before.
                let problem = match owed.iter().position(|(p, k)| p == player && k.is_reveal()) {
                    None => Some(format!(
                        "player {player} showed {cell} when no reveal was owed"
                    )),
                    Some(k) => {
                        let (_, kind) = owed.remove(k);
                        let options = reveal_options(record, &ships, &shot, &shown, *player, kind);
                        (!options.contains(*cell)).then(|| match kind {
                            DutyKind::ShipCell => format!(
                                "player {player} showed {cell} for a mine: not a ship cell unhit and unshown"
                            ),
                            DutyKind::Mine => format!(
                                "player {player} showed {cell} for a minesweeper: not an unspent mine unshown"
                            ),
                            DutyKind::Relocate => format!("player {player} showed {cell} for a move"),
                        })
                    }
                };
                if let Some(problem) = problem {
                    faults[mover].push(Fault::Turn { number, problem });
                } else {
                    shown[*player].insert(*cell);
                }
                continue;
            }
            Move::Dying {
                player,
                cell,
                answer,
            } => {
                // The submarine's owner fires back at the shooter's board.
                let target = player.other();
                if rules.dims().contains(*cell) && shot[target].insert(*cell) {
                    let actual = answer_at(record, &ships, &shot, target, *cell);
                    if *answer != actual {
                        faults[target].push(Fault::FalseAnswer {
                            number,
                            cell: *cell,
                            given: *answer,
                            actual,
                        });
                    }
                    if *answer == Answer::Sunk {
                        claimed_sunk[target] += 1;
                    }
                    if let Some(kind) = owed_for(*answer)
                        && !reveal_options(record, &ships, &shot, &shown, *player, kind).is_empty()
                    {
                        owed.push((*player, kind));
                    }
                } else {
                    faults[mover].push(Fault::Turn {
                        number,
                        problem: format!("a dying shot at {cell}, which was shot before"),
                    });
                }
                if claimed_sunk[target] >= rules.fleet().len() {
                    played = Outcome::Won {
                        winner: *player,
                        reason: WinReason::FleetSunk,
                    };
                }
                continue;
            }
        };
        if *player != turn {
            turn_problems.push(format!("player {player} shot out of turn"));
        }
        let target = player.other();
        let due = rules.volley_size(
            rules.fleet().len() - claimed_sunk[*player],
            rules.dims().area() - shot[target].len(),
        );
        if shots.len() != due {
            turn_problems.push(format!(
                "a volley of {} shots where {due} were due",
                shots.len()
            ));
        }
        let (mut any_hit, mut setback) = (false, false);
        for &(cell, given) in shots {
            if !rules.dims().contains(cell) {
                turn_problems.push(format!("{cell} is off the board"));
                continue;
            }
            if !shot[target].insert(cell) {
                turn_problems.push(format!("{cell} was shot before"));
            }
            let actual = answer_at(record, &ships, &shot, target, cell);
            if given != actual {
                faults[target].push(Fault::FalseAnswer {
                    number,
                    cell,
                    given,
                    actual,
                });
            }
            any_hit |= given.is_success();
            setback |= given.is_setback();
            if let Some(kind) = owed_for(given)
                && !reveal_options(record, &ships, &shot, &shown, *player, kind).is_empty()
            {
                owed.push((*player, kind));
            }
            if given == Answer::Sunk {
                claimed_sunk[target] += 1;
            }
        }
        faults[mover].extend(
            turn_problems
                .into_iter()
                .map(|problem| Fault::Turn { number, problem }),
        );
        if claimed_sunk[target] >= rules.fleet().len() {
            played = Outcome::Won {
                winner: *player,
                reason: WinReason::FleetSunk,
            };
            continue;
        }
        if setback || !rules.shoots_again(any_hit) {
            turn = target;
        }
        let t = target;
        if rules.flying()
            && let Some((_, decks)) = damaged(&ships[t], &shot[t])
            && crate::flying::can_move(rules, decks, &shot[t])
        {
            owed.push((target, DutyKind::Relocate));
        }
    }
    let verdict = decide(played, &faults);
    AuditReport {
        played,
        faults: faults.into_array(),
        verdict,
    }
}

/// The first ship hit where it stands and not sunk, as (index, decks not hit), as
/// `Sea::damaged` has it.
fn damaged(ships: &[CellSet], shot: &CellSet) -> Option<(usize, usize)> {
    ships.iter().enumerate().find_map(|(k, s)| {
        let hit = s.and(shot).len();
        (hit > 0 && hit < s.len()).then(|| (k, s.len() - hit))
    })
}

/// The reveal a shot answered `given` makes the shooter owe, if there is anything to show.
fn owed_for(given: Answer) -> Option<DutyKind> {
    match given {
        Answer::Mine => Some(DutyKind::ShipCell),
        Answer::Sweeper => Some(DutyKind::Mine),
        _ => None,
    }
}

/// What `player` may show for a reveal of `kind`, as `Game::reveal_options` has it.
fn reveal_options(
    record: &GameRecord,
    ships: &ByPlayer<Vec<CellSet>>,
    shot: &ByPlayer<CellSet>,
    shown: &ByPlayer<CellSet>,
    player: Player,
    kind: DutyKind,
) -> CellSet {
    let i = player;
    let cells = match kind {
        DutyKind::ShipCell => ships[i].iter().fold(CellSet::EMPTY, |acc, s| acc.or(s)),
        DutyKind::Mine => record.fleets[i.index()]
            .pieces
            .iter()
            .filter(|p| p.kind == PieceKind::Mine)
            .map(|p| p.cell)
            .collect(),
        DutyKind::Relocate => CellSet::EMPTY,
    };
    cells.minus(&shot[i]).minus(&shown[i])
}

/// The true answer to a shot at `cell` of `target`'s board, which `shot` already holds.
fn answer_at(
    record: &GameRecord,
    ships: &ByPlayer<Vec<CellSet>>,
    shot: &ByPlayer<CellSet>,
    target: Player,
    cell: Coord,
) -> Answer {
    match ships[target].iter().find(|s| s.contains(cell)) {
        Some(s) if s.is_subset(&shot[target]) => Answer::Sunk,
        Some(_) => Answer::Hit,
        None => match record.fleets[target.index()]
            .pieces
            .iter()
            .find(|p| p.cell == cell)
            .map(|p| p.kind)
        {
            None => Answer::Miss,
            Some(PieceKind::Mine) => Answer::Mine,
            Some(PieceKind::Sweeper) => Answer::Sweeper,
            Some(PieceKind::Submarine) => Answer::Submarine,
        },
    }
}

fn decide(played: Outcome, faults: &ByPlayer<Vec<Fault>>) -> Verdict {
    let broke = |p: Player| !faults[p].is_empty();
    let lied = |p: Player| {
        faults[p]
            .iter()
            .any(|f| matches!(f, Fault::FalseAnswer { .. }))
    };
    let compare = || match (lied(Player::One), lied(Player::Two)) {
        (true, false) => Verdict::Compared {
            winner: Player::Two,
        },
        (false, true) => Verdict::Compared {
            winner: Player::One,
        },
        _ => Verdict::Void,
    };
    match played {
        Outcome::Won { winner, .. } => {
            let loser = winner.other();
            match (broke(winner), broke(loser)) {
                (false, _) => Verdict::Stands(played),
                (true, false) => Verdict::Reversed { winner: loser },
                (true, true) => compare(),
            }
        }
        Outcome::InProgress => match (broke(Player::One), broke(Player::Two)) {
            (false, false) => Verdict::Stands(played),
            (true, false) => Verdict::Forfeit {
                winner: Player::Two,
            },
            (false, true) => Verdict::Forfeit {
                winner: Player::One,
            },
            (true, true) => compare(),
        },
    }
}

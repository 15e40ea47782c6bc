//! The referee of a game played on this machine: the rules engine's [`Game`], with the
//! computer in seat 2 when playing against it.

use crate::error::TuiError;
use crate::update::{Action, EndReason, Ending, Fired, Update};
use rand::rngs::StdRng;
use seabattle_bots::{Level, PlacerKind, Shooter, choose_relocation, choose_reveal};
use seabattle_core::{
    Answer, CellSet, Coord, DutyKind, Fleet, Game, Lang, Move, Outcome, Phase, PieceCells, Player,
    Rules, ShipSetup, Shot, WinReason, audit,
};

/// The computer's seat and its shooting half.
struct Computer {
    seat: Player,
    shooter: Box<dyn Shooter>,
}

/// A game refereed here.
pub struct LocalReferee {
    game: Game,
    computer: Option<Computer>,
    rng: StdRng,
}

impl LocalReferee {
    /// A game against the computer at `level`; the computer takes seat 2 and draws its
    /// fleet uniformly.
    pub fn vs_computer(rules: &Rules, level: Level, mut rng: StdRng) -> Result<Self, TuiError> {
        let mut game = Game::new(rules.clone());
        let fleet = PlacerKind::Uniform
            .place(rules, &mut rng)
            .map_err(|e| TuiError::Setup(format!("the computer cannot place a fleet: {e}")))?;
        game.place(Player::Two, fleet)
            .map_err(|e| TuiError::Setup(format!("the computer's fleet: {e}")))?;
        Ok(LocalReferee {
            game,
            computer: Some(Computer {
                seat: Player::Two,
                shooter: level.shooter().build(),
            }),
            rng,
        })
    }

    /// A game between two people at this terminal.
    pub fn hotseat(rules: &Rules, rng: StdRng) -> Self {
        LocalReferee {
            game: Game::new(rules.clone()),
            computer: None,
            rng,
        }
    }

    /// Carries out `action` and returns what everyone is told, the computer's answering
    /// moves (and reveals) included.
    pub fn act(&mut self, action: Action) -> Vec<Update> {
        let mut out = Vec::new();
        match action {
            Action::Place { seat, fleet } => {
                let ships = fleet.ships().iter().map(|s| *s.cells()).collect();
                let pieces = Box::new(*fleet.pieces());
                if let Err(e) = self.game.place(seat, *fleet) {
                    return vec![Update::Refused(e.to_string())];
                }
                out.push(Update::Placed {
                    seat,
                    ships: Some(ships),
                    pieces,
                });
                if Player::BOTH.iter().all(|&p| self.game.has_placed(p)) {
                    match self.game.start(&mut self.rng) {
                        Ok(first) => out.push(Update::Battle {
                            first,
                            shots_due: self.game.shots_due(first),
                        }),
                        Err(e) => return vec![Update::Refused(e.to_string())],
                    }
                }
            }
            Action::Fire { seat, cells } => {
                let seen = self.game.moves().len();
                match self.game.fire(seat, &cells) {
                    Ok(shots) => self.report(seen, &shots, None, &mut out),
                    Err(e) => return vec![Update::Refused(e.to_string())],
                }
            }
            Action::Reveal { seat, cell } => {
                let seen = self.game.moves().len();
                let kind = self.owed_kind(seat);
                if let Err(e) = self.game.reveal(seat, cell) {
                    return vec![Update::Refused(e.to_string())];
                }
                self.report(seen, &[], kind, &mut out);
            }
            Action::Relocate { seat, cells } => {
                let seen = self.game.moves().len();
                let ship = match cells {
                    Some(cells) => Some(ShipSetup(cells)),
                    None => choose_relocation(&self.game, seat, &mut self.rng),
                };
                let Some(ship) = ship else {
                    return vec![Update::Refused(
                        "no legal place was found for the ship".to_string(),
                    )];
                };
                if let Err(e) = self.game.relocate(seat, &ship) {
                    return vec![Update::Refused(e.to_string())];
                }
                self.report(seen, &[], None, &mut out);
            }
            Action::Resign { seat } => {
                if let Err(e) = self.game.resign(seat) {
                    return vec![Update::Refused(e.to_string())];
                }
            }
        }
        self.computer_moves(&mut out);
        if self.game.phase() == Phase::Battle {
            let duty = self.game.duties().first().copied();
            let options = duty.map_or(CellSet::EMPTY, |d| {
                self.game.reveal_options(d.player, d.kind)
            });
            out.push(Update::Owed { duty, options });
        }
        if self.game.phase() == Phase::Over {
            out.push(Update::Over(Box::new(self.ending())));
        }
        out
    }

    /// What `seat`'s oldest reveal owed is of, if it owes one.
    fn owed_kind(&self, seat: Player) -> Option<DutyKind> {
        let duty = self.game.duties().iter().find(|d| d.player == seat);
        duty.map(|d| d.kind)
    }

    /// The updates for the game's moves from index `seen` on: the volley answered by
    /// `shots`, the dying shots after it, and the reveal of `kind`.
    fn report(&self, seen: usize, shots: &[Shot], kind: Option<DutyKind>, out: &mut Vec<Update>) {
        let moves = self.game.moves().get(seen..).unwrap_or_default();
        // The turn after the whole move, dying shots included.
        let next = self.game.to_move();
        let shots_due = next.map_or(0, |p| self.game.shots_due(p));
        for m in moves {
            match m {
                Move::Volley {
                    player,
                    shots: cells,
                } => out.push(Update::Volley {
                    player: *player,
                    shots: cells
                        .iter()
                        .zip(shots)
                        .map(|(&(cell, _), &shot)| Fired { cell, shot })
                        .collect(),
                    next,
                    shots_due,
                }),
                Move::Dying {
                    player,
                    cell,
                    answer,
                } => out.push(Update::Dying {
                    player: *player,
                    shot: self.dying(*player, *cell, *answer),
                }),
                Move::Reveal { player, cell } => {
                    if let Some(kind) = kind {
                        out.push(Update::Reveal {
                            player: *player,
                            cell: *cell,
                            kind,
                        });
                    }
                }
                Move::Relocate { player, cells } => out.push(Update::Relocated {
                    player: *player,
                    // The computer's new place is not for the person to see.
                    ship: self
                        .computer
                        .as_ref()
                        .is_none_or(|c| c.seat != *player)
                        .then(|| cells.iter().copied().collect()),
                }),
                Move::Resign { .. } | Move::Pass { .. } => {}
            }
        }
    }

    /// A sunk submarine's dying shot by `player` at `cell`, with the ship it sank, as
    /// `player`'s own target board holds it.
    fn dying(&self, player: Player, cell: Coord, answer: Answer) -> Fired {
        Fired {
            cell,
            shot: self.game.dying_shot(player, cell, answer),
        }
    }

    /// The computer's moves while it is the one to act: reveals it owes, then volleys,
    /// until a person must act or the game is over.
    fn computer_moves(&mut self, out: &mut Vec<Update>) {
        let Some(seat) = self.computer.as_ref().map(|c| c.seat) else {
            return;
        };
        // Each round makes a move, so the game ends; the bound only guards a mistake.
        for _ in 0..10_000 {
            if self.game.phase() != Phase::Battle {
                return;
            }
            let seen = self.game.moves().len();
            let done = match self.game.duties().first().copied() {
                Some(duty) if duty.player == seat && duty.kind == DutyKind::Relocate => {
                    match choose_relocation(&self.game, seat, &mut self.rng) {
                        Some(ship) => self
                            .game
                            .relocate(seat, &ship)
                            .map(|()| (Vec::new(), None))
                            .map_err(|e| e.to_string()),
                        None => Err("it found no place for its ship".to_string()),
                    }
                }
                Some(duty) if duty.player == seat => {
                    match choose_reveal(&self.game, seat, duty.kind, &mut self.rng) {
                        Some(cell) => self
                            .game
                            .reveal(seat, cell)
                            .map(|()| (Vec::new(), Some(duty.kind)))
                            .map_err(|e| e.to_string()),
                        None => Err("it has no cell to show".to_string()),
                    }
                }
                Some(_) => return,
                None if self.game.to_move() == Some(seat) => {
                    let due = self.game.shots_due(seat);
                    let view = self.game.view(seat);
                    let Some(computer) = self.computer.as_mut() else {
                        return;
                    };
                    let cells =
                        computer
                            .shooter
                            .choose(self.game.rules(), &view.enemy, due, &mut self.rng);
                    self.game
                        .fire(seat, &cells)
                        .map(|shots| (shots, None))
                        .map_err(|e| e.to_string())
                }
                None => return,
            };
            match done {
                Ok((shots, kind)) => self.report(seen, &shots, kind, out),
                Err(e) => {
                    out.push(Update::Refused(format!("the computer's move failed: {e}")));
                    return;
                }
            }
        }
    }

    fn ending(&self) -> Ending {
        let (winner, reason) = match self.game.outcome() {
            Outcome::Won { winner, reason } => (
                Some(winner),
                match reason {
                    WinReason::FleetSunk => EndReason::FleetSunk,
                    WinReason::Resigned => EndReason::Resigned,
                },
            ),
            Outcome::InProgress => (None, EndReason::Resigned),
        };
        let fleets = Player::BOTH.map(|p| self.game.view(p).own.fleet);
        let ships = |f: &Option<Fleet>| {
            f.as_ref().map_or_else(Vec::new, |f| {
                f.ships().iter().map(|s| *s.cells()).collect::<Vec<_>>()
            })
        };
        let pieces =
            |f: &Option<Fleet>| f.as_ref().map_or_else(PieceCells::default, |f| *f.pieces());
        let (verdict, verdict_ru) = match self.game.record() {
            Some(r) => {
                let v = audit(&r).verdict;
                (v.message(Lang::En), v.message(Lang::Ru))
            }
            None => (
                "the battle never started".to_string(),
                "бой не начинался".to_string(),
            ),
        };
        Ending {
            winner,
            reason,
            fleets: [ships(&fleets[0]), ships(&fleets[1])],
            pieces: [pieces(&fleets[0]), pieces(&fleets[1])],
            verdict,
            verdict_ru,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn the_computer_answers_until_it_is_the_players_turn() {
        let rules = Rules::classic();
        let mut r =
            LocalReferee::vs_computer(&rules, Level::Easy, StdRng::seed_from_u64(5)).unwrap();
        assert!(r.computer.as_ref().is_some_and(|c| c.seat == Player::Two));
        let fleet = PlacerKind::Uniform
            .place(&rules, &mut StdRng::seed_from_u64(6))
            .unwrap();
        let ups = r.act(Action::Place {
            seat: Player::One,
            fleet: Box::new(fleet),
        });
        assert!(matches!(
            ups[0],
            Update::Placed {
                seat: Player::One,
                ..
            }
        ));
        assert!(matches!(ups[1], Update::Battle { .. }));
        assert_eq!(r.game.to_move(), Some(Player::One));
        let ups = r.act(Action::Fire {
            seat: Player::Two,
            cells: vec![seabattle_core::Coord::new(0, 0)],
        });
        assert!(matches!(ups[..], [Update::Refused(_)]));
        let ups = r.act(Action::Resign { seat: Player::One });
        let Some(Update::Over(end)) = ups.last() else {
            panic!("no ending: {ups:?}");
        };
        assert_eq!(end.winner, Some(Player::Two));
        assert_eq!(end.fleets[1].len(), 10);
        assert!(end.verdict.contains("player 2 wins"), "{}", end.verdict);
    }

    #[test]
    fn the_computer_shows_what_it_owes_and_waits_for_what_it_is_owed() {
        let rules: Rules = "classic mines=8 pieces-touch=yes".parse().unwrap();
        let mut r =
            LocalReferee::vs_computer(&rules, Level::Easy, StdRng::seed_from_u64(3)).unwrap();
        let fleet = PlacerKind::Uniform
            .place(&rules, &mut StdRng::seed_from_u64(4))
            .unwrap();
        r.act(Action::Place {
            seat: Player::One,
            fleet: Box::new(fleet),
        });
        let (mut computer_reveals, mut owed_to_it) = (0, 0);
        for c in rules.dims().cells() {
            if r.game.phase() != Phase::Battle {
                break;
            }
            if let Some(d) = r.game.duties().first().copied() {
                assert_eq!(
                    d.player,
                    Player::One,
                    "the computer never leaves a reveal owed"
                );
                let cell = r.game.reveal_options(Player::One, d.kind).first().unwrap();
                r.act(Action::Reveal {
                    seat: Player::One,
                    cell,
                });
            }
            let ups = r.act(Action::Fire {
                seat: Player::One,
                cells: vec![c],
            });
            for u in &ups {
                match u {
                    Update::Reveal {
                        player: Player::Two,
                        kind,
                        ..
                    } => {
                        assert_eq!(*kind, DutyKind::ShipCell);
                        computer_reveals += 1;
                    }
                    Update::Owed { duty: Some(d), .. } if d.player == Player::One => {
                        owed_to_it += 1
                    }
                    _ => {}
                }
            }
        }
        assert!(computer_reveals > 0, "the computer met no mine");
        assert!(owed_to_it > 0, "the player met no mine");
    }
}

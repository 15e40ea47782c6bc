//! A game played on this machine: a [`Table`], with the computer in seat 2 when
//! playing against it.

use crate::error::TuiError;
use crate::update::{Action, EndReason, Ending, Fired, Update};
use rand::RngExt;
use rand::rngs::StdRng;
use seabattle_bots::computer::{BuiltinComputer, CannotAnswer};
use seabattle_bots::{Level, PlacerKind, Shooter, choose_relocation};
use seabattle_core::{ByPlayer, CellSet, Fleet, Lang, PieceCells, Player, Rules, ShipSetup, audit};
use seabattle_table::{Command, Event, Failure, Table, Viewer};

/// The computer's seat and its shooting half.
struct Opponent {
    seat: Player,
    shooter: Box<dyn Shooter>,
}

/// A game refereed here.
pub struct LocalReferee {
    table: Table,
    computer: Option<Opponent>,
    rng: StdRng,
}

impl LocalReferee {
    /// A game against the computer at `level`; the computer takes seat 2 and draws its
    /// fleet uniformly.
    pub fn vs_computer(rules: &Rules, level: Level, mut rng: StdRng) -> Result<Self, TuiError> {
        let mut table = Table::new(rules.clone());
        let fleet = PlacerKind::Uniform
            .place(rules, &mut rng)
            .map_err(|e| TuiError::Setup(format!("the computer cannot place a fleet: {e}")))?;
        table
            .place(Player::Two, fleet)
            .map_err(|e| TuiError::Setup(format!("the computer's fleet: {e}")))?;
        Ok(LocalReferee {
            table,
            computer: Some(Opponent {
                seat: Player::Two,
                shooter: level.shooter().build(),
            }),
            rng,
        })
    }

    /// A game between two people at this terminal.
    pub fn hotseat(rules: &Rules, rng: StdRng) -> Self {
        LocalReferee {
            table: Table::new(rules.clone()),
            computer: None,
            rng,
        }
    }

    /// Who looks at this terminal: against the computer, the person's seat; two people
    /// at one terminal see everything either may.
    fn viewer(&self) -> Option<Viewer> {
        self.computer.as_ref().map(|c| Viewer::Seat(c.seat.other()))
    }

    /// Carries out `action` and returns what everyone is told, the computer's answering
    /// moves (and reveals) included.
    pub fn act(&mut self, action: Action) -> Vec<Update> {
        let mut out = Vec::new();
        let happened = match action {
            Action::Place { seat, fleet } => {
                let ships = fleet.ships().iter().map(|s| s.cells()).collect();
                let pieces = Box::new(*fleet.pieces());
                if let Err(e) = self.table.place(seat, *fleet) {
                    return vec![Update::Refused(e.to_string())];
                }
                out.push(Update::Placed {
                    seat,
                    ships: Some(ships),
                    pieces,
                });
                if Player::BOTH
                    .iter()
                    .all(|&p| self.table.game().has_placed(p))
                {
                    // The host draws who starts: the table has no dice.
                    let first = if self.rng.random_bool(0.5) {
                        Player::One
                    } else {
                        Player::Two
                    };
                    self.table.start(first)
                } else {
                    Ok(Vec::new())
                }
            }
            Action::Fire { seat, cells } => self.table.act(seat, Command::Fire { cells }),
            Action::Reveal { seat, cell } => self.table.act(seat, Command::Reveal { cell }),
            Action::Relocate { seat, cells } => {
                let ship = match cells {
                    Some(cells) => Some(ShipSetup(cells)),
                    None => choose_relocation(self.table.game(), seat, &mut self.rng),
                };
                match ship {
                    Some(ship) => self.table.act(seat, Command::Relocate { ship }),
                    None => {
                        return vec![Update::Refused(
                            "no legal place was found for the ship".to_string(),
                        )];
                    }
                }
            }
            Action::Resign { seat } => self.table.act(seat, Command::Resign),
        };
        match happened {
            Ok(events) => self.tell(&events, &mut out),
            Err(e) => return vec![Update::Refused(e.to_string())],
        }
        self.computer_moves(&mut out);
        let game = self.table.game();
        if game.phase() == seabattle_core::Phase::Battle {
            let duty = game.duties().first().copied();
            let options = duty.map_or(CellSet::EMPTY, |d| game.reveal_options(d.player, d.kind));
            out.push(Update::Owed { duty, options });
        }
        if game.phase() == seabattle_core::Phase::Over {
            out.push(Update::Over(Box::new(self.ending())));
        }
        out
    }

    /// The updates for `events`, as this terminal may see them.
    fn tell(&self, events: &[Event], out: &mut Vec<Update>) {
        for e in events {
            let e = match self.viewer() {
                Some(v) => e.for_viewer(v),
                None => e.clone(),
            };
            match e {
                Event::Started { first, shots_due } => {
                    out.push(Update::Battle { first, shots_due })
                }
                Event::Volley {
                    player,
                    shots,
                    next,
                    shots_due,
                    ..
                } => out.push(Update::Volley {
                    player,
                    shots: shots
                        .iter()
                        .map(|f| Fired {
                            cell: f.cell,
                            shot: f.shot(),
                        })
                        .collect(),
                    next,
                    shots_due,
                }),
                Event::Dying { player, shot, .. } => out.push(Update::Dying {
                    player,
                    shot: Fired {
                        cell: shot.cell,
                        shot: shot.shot(),
                    },
                }),
                Event::Revealed {
                    player,
                    cell: Some(cell),
                    kind,
                    ..
                } => out.push(Update::Reveal { player, cell, kind }),
                Event::Relocated { player, ship, .. } => {
                    out.push(Update::Relocated { player, ship })
                }
                // Placements are told with their ships by `act`; duties and the end
                // after the whole move.
                _ => {}
            }
        }
    }

    /// The computer's moves while the table asks anything of it: reveals and moves it
    /// owes, then volleys, until a person must act or the game is over.
    fn computer_moves(&mut self, out: &mut Vec<Update>) {
        let Some(opponent) = self.computer.as_mut() else {
            return;
        };
        let seat = opponent.seat;
        // The computer thinks with the referee's dice.
        let mut thinking = BuiltinComputer::new(opponent.shooter.as_mut(), &mut self.rng);
        let mut seats: seabattle_table::Computers<'_, CannotAnswer> = ByPlayer::default();
        seats[seat] = Some(&mut thinking);
        let played = self.table.play_computers(&mut seats, &[]);
        match played {
            Ok(events) => self.tell(&events, out),
            Err((_, failure)) => {
                let why = match failure {
                    Failure::Computer(e) => e.to_string(),
                    Failure::Refused(e) => e.to_string(),
                };
                out.push(Update::Refused(format!(
                    "the computer's move failed: {why}"
                )));
            }
        }
    }

    fn ending(&self) -> Ending {
        let (winner, reason) = match self.table.ending() {
            Some((winner, reason)) => (Some(winner), reason),
            None => (None, EndReason::Resigned),
        };
        let game = self.table.game();
        let fleets = Player::BOTH.map(|p| game.view(p).own.fleet);
        let ships = |f: &Option<Fleet>| {
            f.as_ref().map_or_else(Vec::new, |f| {
                f.ships().iter().map(|s| s.cells()).collect::<Vec<_>>()
            })
        };
        let pieces =
            |f: &Option<Fleet>| f.as_ref().map_or_else(PieceCells::default, |f| *f.pieces());
        let (verdict, verdict_ru) = match game.record() {
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
            // Games on one machine are never rated.
            ratings: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use seabattle_core::{DutyKind, Phase};

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
        assert_eq!(r.table.game().to_move(), Some(Player::One));
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
            if r.table.game().phase() != Phase::Battle {
                break;
            }
            if let Some(d) = r.table.game().duties().first().copied() {
                assert_eq!(
                    d.player,
                    Player::One,
                    "the computer never leaves a reveal owed"
                );
                let cell = r
                    .table
                    .game()
                    .reveal_options(Player::One, d.kind)
                    .first()
                    .unwrap();
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

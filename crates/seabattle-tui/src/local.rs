//! The referee of a game played on this machine: the rules engine's [`Game`], with the
//! computer in seat 2 when playing against it.

use crate::error::TuiError;
use crate::update::{Action, EndReason, Ending, Fired, Update};
use rand::rngs::StdRng;
use seabattle_bots::{Level, PlacerKind, Shooter};
use seabattle_core::{
    CellSet, Game, GameRecord, Outcome, Phase, Player, Rules, Shot, WinReason, audit,
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

    /// Whether `seat` is played by a person at this terminal.
    pub fn is_human(&self, seat: Player) -> bool {
        self.computer.as_ref().is_none_or(|c| c.seat != seat)
    }

    /// Carries out `action` and returns what everyone is told, the computer's answering
    /// moves included.
    pub fn act(&mut self, action: Action) -> Vec<Update> {
        let mut out = Vec::new();
        match action {
            Action::Place { seat, fleet } => {
                let ships = fleet.ships().iter().map(|s| *s.cells()).collect();
                if let Err(e) = self.game.place(seat, *fleet) {
                    return vec![Update::Refused(e.to_string())];
                }
                out.push(Update::Placed {
                    seat,
                    ships: Some(ships),
                });
                if Player::BOTH.iter().all(|&p| self.game.has_placed(p)) {
                    match self.game.start(&mut self.rng) {
                        Ok(first) => out.push(Update::Battle { first }),
                        Err(e) => return vec![Update::Refused(e.to_string())],
                    }
                }
            }
            Action::Fire { seat, cells } => match self.game.fire(seat, &cells) {
                Ok(shots) => out.push(self.volley(seat, &cells, &shots)),
                Err(e) => return vec![Update::Refused(e.to_string())],
            },
            Action::Resign { seat } => {
                if let Err(e) = self.game.resign(seat) {
                    return vec![Update::Refused(e.to_string())];
                }
            }
        }
        self.computer_moves(&mut out);
        if self.game.phase() == Phase::Over {
            out.push(Update::Over(Box::new(self.ending())));
        }
        out
    }

    fn volley(&self, player: Player, cells: &[seabattle_core::Coord], shots: &[Shot]) -> Update {
        Update::Volley {
            player,
            shots: cells
                .iter()
                .zip(shots)
                .map(|(&cell, s)| Fired {
                    cell,
                    answer: s.answer(),
                    ship: match s {
                        Shot::Sunk(ship) => Some(ship.cells),
                        _ => None,
                    },
                })
                .collect(),
            next: self.game.to_move(),
        }
    }

    fn computer_moves(&mut self, out: &mut Vec<Update>) {
        let Some(seat) = self.computer.as_ref().map(|c| c.seat) else {
            return;
        };
        while self.game.to_move() == Some(seat) {
            let due = self.game.shots_due(seat);
            let view = self.game.view(seat);
            let Some(computer) = self.computer.as_mut() else {
                return;
            };
            let cells = computer
                .shooter
                .choose(self.game.rules(), &view.enemy, due, &mut self.rng);
            match self.game.fire(seat, &cells) {
                Ok(shots) => out.push(self.volley(seat, &cells, &shots)),
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
                // A comparison, not a match: ways to win the engine may add later (a
                // clock's) read as the game being given up, as they are here.
                if reason == WinReason::FleetSunk {
                    EndReason::FleetSunk
                } else {
                    EndReason::Resigned
                },
            ),
            Outcome::InProgress => (None, EndReason::Resigned),
        };
        let record = self.game.record();
        let fleets = Player::BOTH.map(|p| {
            record.as_ref().map_or_else(Vec::new, |r: &GameRecord| {
                r.fleets[p.index()]
                    .ships
                    .iter()
                    .map(|s| s.0.iter().copied().collect::<CellSet>())
                    .collect()
            })
        });
        let verdict = match &record {
            Some(r) => audit(r).verdict.to_string(),
            None => "the battle never started".to_string(),
        };
        Ending {
            winner,
            reason,
            fleets,
            verdict,
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
        assert!(!r.is_human(Player::Two));
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
}

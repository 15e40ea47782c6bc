//! The referee: a game, its strikes, and the one path every command takes.

use crate::ask::Ask;
use crate::command::{Command, Instead};
use crate::event::{EndReason, Event, Fired};
use seabattle_core::{
    ByPlayer, Duty, DutyKind, Fleet, FleetError, Game, GameError, Move, Outcome, Phase, Player,
    Rules, ShipSetup, ShotError, WinReason,
};
use std::fmt;

/// A command the table refused; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// The fleet breaks the rules.
    Fleet(FleetError),
    /// A placement or resignation the game refused.
    Game(GameError),
    /// A shot, reveal or move the game refused.
    Shot(ShotError),
    /// A timeout for a seat that is not the one to act.
    NotActing(Player),
    /// A timeout on a first strike, for a seat that owes a reveal or a move, came without
    /// the stand-in's choice, or with a choice of the wrong kind.
    StandIn(Player),
    /// A timeout that needs no stand-in came with a choice.
    NoStandIn(Player),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Fleet(e) => write!(f, "{e}"),
            TableError::Game(e) => write!(f, "{e}"),
            TableError::Shot(e) => write!(f, "{e}"),
            TableError::NotActing(p) => write!(f, "player {p} is not the one to act"),
            TableError::StandIn(p) => write!(
                f,
                "player {p} owes a reveal or a move: the timeout needs the stand-in's choice"
            ),
            TableError::NoStandIn(p) => {
                write!(f, "player {p} owes nothing: the timeout takes no choice")
            }
        }
    }
}

impl std::error::Error for TableError {}

/// One game's referee: the rules engine's game and the clock's strikes.
#[derive(Clone, Debug)]
pub struct Table {
    game: Game,
    strikes: ByPlayer<u8>,
    timed_out: bool,
    abandoned: bool,
}

impl Table {
    /// A table in the placement phase.
    pub fn new(rules: Rules) -> Table {
        Table {
            game: Game::new(rules),
            strikes: ByPlayer::default(),
            timed_out: false,
            abandoned: false,
        }
    }

    /// The game as the rules engine keeps it.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        self.game.rules()
    }

    /// Each seat's clock timeouts in a row.
    pub fn strikes(&self) -> [u8; 2] {
        self.strikes.into_array()
    }

    /// How the game ended, once it has.
    pub fn ending(&self) -> Option<(Player, EndReason)> {
        let Outcome::Won { winner, reason } = self.game.outcome() else {
            return None;
        };
        let reason = match reason {
            _ if self.timed_out => EndReason::Timeout,
            _ if self.abandoned => EndReason::Abandoned,
            WinReason::FleetSunk => EndReason::FleetSunk,
            WinReason::Resigned => EndReason::Resigned,
        };
        Some((winner, reason))
    }

    /// Who must act now during the battle, and whose clock runs: the player owing the
    /// oldest reveal or move, if any is owed, else the player to shoot.
    pub fn actor(&self) -> Option<Player> {
        let to_move = self.game.to_move()?;
        Some(self.game.duties().first().map_or(to_move, |d| d.player))
    }

    /// What `seat` must do now, if anything: place, make a reveal or move it owes (it
    /// may, whoever else owes one), or fire once nothing is owed.
    pub fn ask(&self, seat: Player) -> Option<Ask> {
        match self.game.phase() {
            Phase::Placement => (!self.game.has_placed(seat)).then_some(Ask::Place),
            Phase::Over => None,
            Phase::Battle => {
                if let Some(d) = self.game.duties().iter().find(|d| d.player == seat) {
                    return self.duty_ask(*d);
                }
                (self.game.duties().is_empty() && self.game.to_move() == Some(seat)).then(|| {
                    Ask::Fire {
                        due: self.game.shots_due(seat),
                    }
                })
            }
        }
    }

    /// What a stand-in must choose if `seat`'s clock runs out now: the reveal or move
    /// it owes, on a first strike; `None` when a timeout passes or loses instead.
    pub fn stand_in(&self, seat: Player) -> Option<Ask> {
        if self.actor() != Some(seat) || self.strikes[seat] > 0 {
            return None;
        }
        let d = self.game.duties().first()?;
        self.duty_ask(*d)
    }

    fn duty_ask(&self, d: Duty) -> Option<Ask> {
        if d.kind == DutyKind::Relocate {
            let decks = self.game.relocation_decks(d.player)?;
            return Some(Ask::Relocate { decks });
        }
        Some(Ask::Reveal {
            kind: d.kind,
            options: self.game.reveal_options(d.player, d.kind),
        })
    }

    /// Carries out `seat`'s command and returns what happened, in order. On error
    /// nothing changed.
    pub fn act(&mut self, seat: Player, command: Command) -> Result<Vec<Event>, TableError> {
        match command {
            Command::Place { fleet } => {
                let fleet = Fleet::new(fleet, self.rules()).map_err(TableError::Fleet)?;
                self.place(seat, fleet)
            }
            Command::Fire { cells } => {
                let before = self.game.moves().len();
                let shots = self.game.fire(seat, &cells).map_err(TableError::Shot)?;
                self.strikes[seat] = 0;
                let mut out = vec![Event::Volley {
                    number: before + 1,
                    player: seat,
                    shots: cells
                        .iter()
                        .zip(&shots)
                        .map(|(&c, s)| Fired::new(c, s))
                        .collect(),
                    next: None,
                    shots_due: 0,
                }];
                // Moves after the volley itself are the dying shots it caused.
                for (i, m) in self.game.moves()[before + 1..].iter().enumerate() {
                    if let Move::Dying {
                        player,
                        cell,
                        answer,
                    } = *m
                    {
                        out.push(Event::Dying {
                            number: before + 2 + i,
                            player,
                            shot: Fired::new(cell, &self.game.dying_shot(player, cell, answer)),
                            next: None,
                            shots_due: 0,
                        });
                    }
                }
                Ok(self.close(out))
            }
            Command::Reveal { cell } => {
                let kind = self.owed_reveal(seat);
                self.game.reveal(seat, cell).map_err(TableError::Shot)?;
                self.strikes[seat] = 0;
                let out = vec![self.revealed(seat, kind, cell, false)];
                Ok(self.close(out))
            }
            Command::Relocate { ship } => {
                self.relocate(seat, &ship)?;
                self.strikes[seat] = 0;
                let out = vec![self.relocated(seat, false)];
                Ok(self.close(out))
            }
            Command::Resign => {
                let number = self.game.moves().len() + 1;
                self.game.resign(seat).map_err(TableError::Game)?;
                let out = vec![Event::Resigned {
                    number,
                    player: seat,
                }];
                Ok(self.close(out))
            }
            Command::Abandon => {
                let number = self.game.moves().len() + 1;
                // The rules engine knows one way to give a game up: the record shows a
                // resignation, and the table keeps why.
                self.game.resign(seat).map_err(TableError::Game)?;
                self.abandoned = true;
                let out = vec![Event::Abandoned {
                    number,
                    player: seat,
                }];
                Ok(self.close(out))
            }
            Command::Timeout { instead } => self.time_out(seat, instead),
        }
    }

    /// Places a fleet already checked against the rules (hosts that check costly fleets
    /// elsewhere, or draw them); [`Command::Place`] checks and comes here.
    pub fn place(&mut self, seat: Player, fleet: Fleet) -> Result<Vec<Event>, TableError> {
        let setup = fleet.to_setup();
        self.game.place(seat, fleet).map_err(TableError::Game)?;
        Ok(vec![Event::Placed {
            player: seat,
            fleet: Some(setup),
        }])
    }

    /// Opens fire once both fleets are in: `first` shoots first, as the host drew.
    pub fn start(&mut self, first: Player) -> Result<Vec<Event>, TableError> {
        self.game.start_with(first).map_err(TableError::Game)?;
        Ok(vec![Event::Started {
            first,
            shots_due: self.game.shots_due(first),
        }])
    }

    /// The clock ran out on `seat`.
    fn time_out(
        &mut self,
        seat: Player,
        instead: Option<Instead>,
    ) -> Result<Vec<Event>, TableError> {
        if self.actor() != Some(seat) {
            return Err(TableError::NotActing(seat));
        }
        let strikes = self.strikes[seat] + 1;
        let timed_out = |next, shots_due, stand_in| Event::TimedOut {
            player: seat,
            strikes,
            stand_in,
            next,
            shots_due,
        };
        if let Some(ask) = self.stand_in(seat) {
            let made = match (ask, instead) {
                (Ask::Reveal { kind, .. }, Some(Instead::Reveal(cell))) => {
                    self.game.reveal(seat, cell).map_err(TableError::Shot)?;
                    self.revealed(seat, kind, cell, true)
                }
                (Ask::Relocate { .. }, Some(Instead::Relocate(ship))) => {
                    self.relocate(seat, &ship)?;
                    self.relocated(seat, true)
                }
                _ => return Err(TableError::StandIn(seat)),
            };
            self.strikes[seat] = strikes;
            return Ok(self.close(vec![timed_out(None, 0, true), made]));
        }
        if instead.is_some() {
            return Err(TableError::NoStandIn(seat));
        }
        if strikes < 2 {
            self.game.pass(seat).map_err(TableError::Shot)?;
            self.strikes[seat] = strikes;
            return Ok(self.close(vec![timed_out(None, 0, false)]));
        }
        let number = self.game.moves().len() + 1;
        self.game.resign(seat).map_err(TableError::Game)?;
        self.strikes[seat] = strikes;
        self.timed_out = true;
        let out = vec![
            timed_out(None, 0, false),
            Event::Resigned {
                number,
                player: seat,
            },
        ];
        Ok(self.close(out))
    }

    /// The kind of the oldest reveal `seat` owes (a ship cell if none: the engine then
    /// refuses the reveal anyway).
    fn owed_reveal(&self, seat: Player) -> DutyKind {
        self.game
            .duties()
            .iter()
            .find(|d| d.player == seat && d.kind.is_reveal())
            .map_or(DutyKind::ShipCell, |d| d.kind)
    }

    fn relocate(&mut self, seat: Player, ship: &ShipSetup) -> Result<(), TableError> {
        self.game.relocate(seat, ship).map_err(TableError::Shot)
    }

    fn revealed(
        &self,
        seat: Player,
        kind: DutyKind,
        cell: seabattle_core::Coord,
        stand_in: bool,
    ) -> Event {
        Event::Revealed {
            number: self.game.moves().len(),
            player: seat,
            kind,
            cell: Some(cell),
            stand_in,
            next: None,
            shots_due: 0,
        }
    }

    fn relocated(&self, seat: Player, stand_in: bool) -> Event {
        let ship = match self.game.moves().last() {
            Some(Move::Relocate { cells, .. }) => cells.iter().copied().collect(),
            _ => Default::default(),
        };
        Event::Relocated {
            number: self.game.moves().len(),
            player: seat,
            ship: Some(ship),
            decks: self
                .game
                .view(seat)
                .own
                .fleet
                .map_or(0, |f| f.occupied().len()),
            left: *self.game.view(seat.other()).enemy.left_behind(),
            stand_in,
            next: None,
            shots_due: 0,
        }
    }

    /// Stamps the turn after the whole command on its events, then adds every reveal
    /// and move owed now, and the end if it came.
    fn close(&self, mut out: Vec<Event>) -> Vec<Event> {
        let now_next = self.game.to_move();
        let now_due = now_next.map_or(0, |p| self.game.shots_due(p));
        for e in &mut out {
            match e {
                Event::Volley {
                    next, shots_due, ..
                }
                | Event::Dying {
                    next, shots_due, ..
                }
                | Event::Revealed {
                    next, shots_due, ..
                }
                | Event::Relocated {
                    next, shots_due, ..
                }
                | Event::TimedOut {
                    next, shots_due, ..
                } => {
                    *next = now_next;
                    *shots_due = now_due;
                }
                _ => {}
            }
        }
        for d in self.game.duties() {
            let ask = self.duty_ask(*d);
            out.push(Event::Owed {
                player: d.player,
                kind: d.kind,
                options: match ask {
                    Some(Ask::Reveal { options, .. }) => Some(options),
                    _ => None,
                },
                decks: match ask {
                    Some(Ask::Relocate { decks }) => Some(decks),
                    _ => None,
                },
            });
        }
        if let Some((winner, reason)) = self.ending() {
            out.push(Event::Over { winner, reason });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use seabattle_core::{Answer, Coord, CoordSystem, FleetSetup};

    const FLEET: &str = "a1-d1 a3-c3 e3-g3 a5-b5 d5-e5 g5-h5 a7 c7 e7 g7";

    fn table(rules: &str, fleets: [&str; 2]) -> Table {
        let rules: Rules = rules.parse().unwrap();
        let mut t = Table::new(rules.clone());
        for p in Player::BOTH {
            let fleet =
                FleetSetup::parse(fleets[p.index()], CoordSystem::Latin, rules.dims()).unwrap();
            t.act(p, Command::Place { fleet }).unwrap();
        }
        t.start(Player::One).unwrap();
        t
    }

    fn cell(name: &str) -> Coord {
        CoordSystem::Latin
            .parse(name, seabattle_core::Dims::LARGEST)
            .unwrap()
    }

    fn fire(t: &mut Table, p: Player, name: &str) -> Vec<Event> {
        t.act(
            p,
            Command::Fire {
                cells: vec![cell(name)],
            },
        )
        .unwrap()
    }

    #[test]
    fn a_hit_shoots_again_and_a_sinking_ends_with_the_whole_ship() {
        let mut t = table("classic", [FLEET, FLEET]);
        let e = fire(&mut t, Player::One, "a7");
        let Event::Volley { shots, next, .. } = &e[0] else {
            panic!("{e:?}")
        };
        assert_eq!(shots[0].answer, Answer::Sunk);
        assert_eq!(shots[0].sunk.unwrap().cells.len(), 1);
        assert_eq!(*next, Some(Player::One), "a hit shoots again");
        let e = fire(&mut t, Player::One, "j10");
        assert!(matches!(
            e[0],
            Event::Volley {
                next: Some(Player::Two),
                ..
            }
        ));
        assert_eq!(t.ask(Player::Two), Some(Ask::Fire { due: 1 }));
        assert_eq!(t.ask(Player::One), None);
    }

    #[test]
    fn refused_commands_change_nothing() {
        let mut t = table("classic", [FLEET, FLEET]);
        let before = t.clone();
        let refused = t.act(
            Player::Two,
            Command::Fire {
                cells: vec![cell("a1")],
            },
        );
        assert!(matches!(
            refused,
            Err(TableError::Shot(ShotError::OutOfTurn { .. }))
        ));
        assert!(matches!(
            t.act(
                Player::One,
                Command::Timeout {
                    instead: Some(Instead::Reveal(cell("a1")))
                }
            ),
            Err(TableError::NoStandIn(Player::One))
        ));
        assert!(matches!(
            t.act(Player::Two, Command::Timeout { instead: None }),
            Err(TableError::NotActing(Player::Two))
        ));
        assert_eq!(t.game().moves(), before.game().moves());
        assert_eq!(t.strikes(), [0, 0]);
    }

    #[test]
    fn a_second_timeout_in_a_row_loses_on_time_and_a_move_between_forgives() {
        let mut t = table("classic", [FLEET, FLEET]);
        let e = t
            .act(Player::One, Command::Timeout { instead: None })
            .unwrap();
        assert!(matches!(
            e[..],
            [Event::TimedOut {
                player: Player::One,
                strikes: 1,
                next: Some(Player::Two),
                ..
            }]
        ));
        fire(&mut t, Player::Two, "j10");
        fire(&mut t, Player::One, "j10");
        assert_eq!(t.strikes(), [0, 0], "a shot forgives the strike");
        t.act(Player::Two, Command::Timeout { instead: None })
            .unwrap();
        t.act(Player::One, Command::Timeout { instead: None })
            .unwrap();
        let e = t
            .act(Player::Two, Command::Timeout { instead: None })
            .unwrap();
        assert!(
            matches!(
                e[..],
                [
                    Event::TimedOut {
                        player: Player::Two,
                        strikes: 2,
                        next: None,
                        ..
                    },
                    Event::Resigned {
                        player: Player::Two,
                        ..
                    },
                    Event::Over {
                        winner: Player::One,
                        reason: EndReason::Timeout
                    },
                ]
            ),
            "{e:?}"
        );
        assert_eq!(t.ending(), Some((Player::One, EndReason::Timeout)));
    }

    #[test]
    fn a_mine_owes_a_reveal_that_a_stand_in_makes_on_a_timeout() {
        let mined = "a1-d1 a3-c3 e3-g3 a5-b5 d5-e5 g5-h5 a7 c7 e7 g7 mine:j1 mine:j9";
        let mut t = table("mines", [mined, mined]);
        let e = fire(&mut t, Player::One, "j1");
        let Some(Event::Owed {
            player: Player::One,
            kind: DutyKind::ShipCell,
            options: Some(options),
            ..
        }) = e.last()
        else {
            panic!("{e:?}")
        };
        assert_eq!(options.len(), 20);
        assert_eq!(t.actor(), Some(Player::One));
        assert!(matches!(
            t.ask(Player::One),
            Some(Ask::Reveal {
                kind: DutyKind::ShipCell,
                ..
            })
        ));
        assert!(matches!(
            t.act(Player::One, Command::Timeout { instead: None }),
            Err(TableError::StandIn(Player::One))
        ));
        let e = t
            .act(
                Player::One,
                Command::Timeout {
                    instead: Some(Instead::Reveal(cell("b1"))),
                },
            )
            .unwrap();
        assert!(
            matches!(
                e[..],
                [
                    Event::TimedOut {
                        player: Player::One,
                        strikes: 1,
                        stand_in: true,
                        ..
                    },
                    Event::Revealed {
                        player: Player::One,
                        stand_in: true,
                        ..
                    },
                ]
            ),
            "{e:?}"
        );
        assert_eq!(t.strikes(), [1, 0]);
    }

    #[test]
    fn a_seat_that_stayed_away_loses_the_game_as_abandoned() {
        let mut t = table("classic", [FLEET, FLEET]);
        let events = t.act(Player::Two, Command::Abandon).unwrap();
        assert_eq!(
            events,
            vec![
                Event::Abandoned {
                    number: 1,
                    player: Player::Two
                },
                Event::Over {
                    winner: Player::One,
                    reason: EndReason::Abandoned
                }
            ]
        );
        assert_eq!(t.ending(), Some((Player::One, EndReason::Abandoned)));
        assert!(
            t.act(Player::One, Command::Abandon).is_err(),
            "over is over"
        );
    }

    #[test]
    fn commands_and_events_read_back_from_json() {
        let commands = [
            Command::Fire {
                cells: vec![cell("a1"), cell("j10")],
            },
            Command::Reveal { cell: cell("b2") },
            Command::Relocate {
                ship: ShipSetup(vec![cell("c3"), cell("d4")]),
            },
            Command::Resign,
            Command::Abandon,
            Command::Timeout {
                instead: Some(Instead::Reveal(cell("e5"))),
            },
            Command::Place {
                fleet: FleetSetup::parse(FLEET, CoordSystem::Latin, Rules::classic().dims())
                    .unwrap(),
            },
        ];
        for c in commands {
            let text = serde_json::to_string(&c).unwrap();
            assert_eq!(serde_json::from_str::<Command>(&text).unwrap(), c, "{text}");
        }
        let text = r#"{"command":"fire","cells":["a1"]}"#;
        assert_eq!(
            serde_json::from_str::<Command>(text).unwrap(),
            Command::Fire {
                cells: vec![cell("a1")]
            }
        );
        let mut t = table("classic", [FLEET, FLEET]);
        for e in fire(&mut t, Player::One, "a7") {
            let text = serde_json::to_string(&e).unwrap();
            assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), e, "{text}");
        }
    }
}

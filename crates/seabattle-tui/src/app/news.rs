//! The referee's news: what each update does to the screens and tables.

use super::{App, Driver, LogEntry, LogKind, Mode, Next, Screen, check_coords};
use crate::online::protocol;
use crate::table::Table;
use crate::update::{Ending, Snapshot, Update};
use crate::words::fill;
use seabattle_core::{ByPlayer, CellSet, CoordSystem, Phase, Player};
use seabattle_wire::{ParseError, ServerMsg};

impl App {
    /// A message from the game server.
    pub fn server_message(&mut self, message: &ServerMsg) {
        match protocol::decode(message, &self.rules) {
            Ok(updates) => updates.into_iter().for_each(|u| self.apply(u)),
            Err(e) => self.status = e.to_string(),
        }
    }

    /// A frame from the game server that is no message this client can read: a
    /// malformed one is shown like a message with a part that cannot be read; one of a
    /// type this client does not know (from a newer server) is skipped, and the status
    /// line says so the first time.
    pub fn server_unreadable(&mut self, e: &ParseError) {
        if let ParseError::UnknownType(kind) = e {
            if self.skipped.contains(kind) {
                return;
            }
            self.skipped.push(kind.clone());
        }
        self.status = protocol::unreadable_notice(e);
    }

    /// A text frame from the game server, read and handed to [`App::server_message`]
    /// or [`App::server_unreadable`].
    pub fn server_text(&mut self, text: &str) {
        match ServerMsg::parse(text) {
            Ok(m) => self.server_message(&m),
            Err(e) => self.server_unreadable(&e),
        }
    }

    /// News from the referee.
    pub fn apply(&mut self, update: Update) {
        match update {
            Update::Seated { seat, game, link } => {
                if let Driver::Remote { game: g, .. } = &mut self.driver {
                    *g = Some(game.clone());
                }
                self.code = Some(game);
                self.link = Some(link);
                self.viewer = seat;
                if self.tables[seat].is_none() {
                    self.tables = ByPlayer::default();
                    self.tables[seat] = Some(Table::new(&self.rules, seat));
                }
            }
            Update::Snapshot(s) => self.restore(*s),
            Update::Placed {
                seat,
                ships,
                pieces,
            } => {
                if let Some(t) = self.tables[seat].as_mut() {
                    t.set_own_pieces(*pieces);
                }
                self.placed(seat, ships);
            }
            Update::Battle { first, shots_due } => {
                self.to_move = Some(first);
                self.shots_due = shots_due;
                self.editor = None;
                self.screen = if self.mode == Mode::Hotseat {
                    Screen::Cover {
                        seat: first,
                        then: Next::Shoot,
                    }
                } else {
                    Screen::Battle(self.viewer)
                };
            }
            Update::Volley {
                player,
                shots,
                next,
                shots_due,
            } => {
                for t in self.tables.iter_mut().flatten() {
                    t.record(player, &shots);
                }
                self.log.extend(shots.iter().map(|s| LogEntry {
                    player,
                    cell: s.cell,
                    kind: LogKind::Shot(s.answer()),
                }));
                self.to_move = next;
                self.shots_due = shots_due;
                self.awaiting = false;
                self.hand_over();
            }
            Update::Dying { player, shot } => {
                for t in self.tables.iter_mut().flatten() {
                    t.record(player, std::slice::from_ref(&shot));
                }
                self.log.push(LogEntry {
                    player,
                    cell: shot.cell,
                    kind: LogKind::Torpedo(shot.answer()),
                });
            }
            Update::Reveal { player, cell, kind } => {
                for t in self.tables.iter_mut().flatten() {
                    t.note_reveal(player, cell, kind);
                }
                self.log.push(LogEntry {
                    player,
                    cell,
                    kind: LogKind::Reveal,
                });
                self.owed = None;
                self.awaiting = false;
                self.hand_over();
            }
            Update::Relocated { player, ship } => {
                for t in self.tables.iter_mut().flatten() {
                    t.relocated(player, ship);
                }
                self.marked[player] = CellSet::EMPTY;
                self.status = fill(self.words().relocated, self.who(player));
                self.owed = None;
                self.awaiting = false;
                self.hand_over();
            }
            Update::Owed { duty, options } => {
                // Online the cells come after the duty, in a message of their own.
                let fresh = duty.is_some() && (duty != self.owed || self.reveal_options.is_empty());
                self.owed = duty;
                self.reveal_options = options;
                if fresh {
                    self.aim_reveal();
                }
                self.hand_over();
            }
            Update::Over(ending) => self.over(*ending),
            Update::Refused(m) => {
                self.status = m;
                self.awaiting = false;
                if self.screen == Screen::Waiting
                    && let Some(t) = self.tables.iter().flatten().find(|t| !t.placed())
                {
                    self.screen = Screen::Placement(t.me());
                }
            }
            Update::Notice(m) => self.status = m,
            // Once the game is over nobody waits for anyone: the end's lines stay.
            Update::Presence { player, who, .. } if self.ending.is_some() => {
                self.who[player] = who;
            }
            Update::Presence {
                player,
                present,
                who,
            } => {
                self.who[player] = who;
                let w = self.words();
                self.status = if present {
                    w.opponent_back
                } else {
                    w.opponent_away
                }
                .to_string();
            }
            Update::Rate { asked, rated } => {
                let w = self.words();
                self.status = if rated {
                    w.rate_done
                } else if asked[self.viewer.index()] {
                    w.rate_asked
                } else if asked[self.viewer.other().index()] {
                    w.rate_offered
                } else {
                    return;
                }
                .to_string();
            }
            // Chat is no part of the game: a line in the status, in this player's words.
            Update::Chat { player, phrase } => {
                let w = self.words();
                let who = if player == self.viewer {
                    w.you
                } else {
                    w.enemy
                };
                self.status = format!("{who}: {}", phrase.text(self.lang));
            }
            Update::Timeout {
                player,
                next,
                shots_due,
            } => {
                self.status = fill(self.words().timeout, player);
                if next.is_some() {
                    self.to_move = next;
                    self.shots_due = shots_due;
                    self.pending.clear();
                    self.awaiting = false;
                }
            }
            Update::Link(None) => self.status = self.words().link_up.to_string(),
            Update::Link(Some(why)) => self.status = fill(self.words().link_down, why),
        }
    }

    /// Hot-seat: once the player looking has nothing left to do, the next key covers
    /// the screen for whoever acts next (to shoot or to show a cell).
    fn hand_over(&mut self) {
        if self.mode != Mode::Hotseat {
            return;
        }
        self.handover = self.actor().filter(|&n| n != self.viewer);
    }

    /// Puts the reveal cursor of whoever owes a reveal on a cell they may show.
    fn aim_reveal(&mut self) {
        let Some(duty) = self.owed else { return };
        if let Some(c) = self.reveal_options.first() {
            self.reveal_cursors[duty.player] = c;
        }
    }

    fn placed(&mut self, seat: Player, ships: Option<Vec<CellSet>>) {
        if let (Some(ships), Some(t)) = (ships, self.tables[seat].as_mut()) {
            t.set_own(ships);
        }
        if self.mode == Mode::Hotseat
            && seat == Player::One
            && self.tables[Player::Two]
                .as_ref()
                .is_some_and(|t| !t.placed())
        {
            if let Err(e) = self.start_placement(Player::Two) {
                self.status = e.to_string();
            }
            self.screen = Screen::Cover {
                seat: Player::Two,
                then: Next::Place,
            };
        }
    }

    fn over(&mut self, ending: Ending) {
        for t in self.tables.iter_mut().flatten() {
            let enemy = t.me().other().index();
            t.reveal(ending.fleets[enemy].clone(), ending.pieces[enemy]);
        }
        self.ending = Some(ending);
        self.to_move = None;
        self.owed = None;
        self.reveal_options = CellSet::EMPTY;
        self.handover = None;
        self.confirm_quit = false;
        self.pending.clear();
        self.screen = Screen::Over;
    }

    fn restore(&mut self, s: Snapshot) {
        let seat = self.viewer;
        if check_coords(self.coords, &s.rules).is_err() {
            self.coords = CoordSystem::Latin;
        }
        self.rules = s.rules;
        let [one, two] = s.who;
        self.who = ByPlayer::new(one, two);
        let mut table = Table::new(&self.rules, seat);
        let placed = s.own.is_some();
        table.restore(s.own, &s.boards);
        table.set_own_pieces(s.own_pieces);
        self.tables = ByPlayer::default();
        self.tables[seat] = Some(table);
        self.to_move = s.to_move;
        self.shots_due = s.shots_due;
        self.awaiting = false;
        self.pending.clear();
        self.owed = s.duty;
        self.reveal_options = s.options;
        self.aim_reveal();
        if let Some(ending) = s.ending {
            self.over(ending);
            return;
        }
        // A terminal back mid-placement is told again what it was told before.
        if s.rated && s.phase == Phase::Placement {
            self.status = self.words().rate_done.to_string();
        }
        match s.phase {
            Phase::Placement if !placed => {
                let keep = self
                    .editor
                    .as_ref()
                    .is_some_and(|e| e.rules() == &self.rules);
                if keep {
                    self.screen = Screen::Placement(seat);
                } else if let Err(e) = self.start_placement(seat) {
                    self.status = e.to_string();
                }
            }
            Phase::Placement => self.screen = Screen::Waiting,
            _ => {
                self.editor = None;
                self.screen = Screen::Battle(seat);
            }
        }
    }
}

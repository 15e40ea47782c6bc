//! The application's state machine: screens, keys, mouse and the referee's news. It
//! draws nothing itself ([`crate::render`] does), so tests drive it without a terminal.

use crate::editor::{Edit, Editor};
use crate::error::TuiError;
use crate::layout;
use crate::local::LocalReferee;
use crate::online::protocol;
use crate::table::Table;
use crate::update::{Action, Ending, Update};
use crate::words::{Words, fill, words};
use rand::SeedableRng;
use rand::rngs::StdRng;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use seabattle_bots::{Level, PlacerKind};
use seabattle_core::{Answer, Coord, CoordSystem, Lang, Player, Rules};
use serde_json::Value;

/// Who the opponent is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The computer at a level, refereed here.
    Computer(Level),
    /// Two people taking turns at this terminal.
    Hotseat,
    /// Someone else, through a game server.
    Online,
}

/// How to start the application.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The rules (online, the server's rules replace them once known).
    pub rules: Rules,
    /// How columns are named.
    pub coords: CoordSystem,
    /// The language of the screens.
    pub lang: Lang,
    /// Who the opponent is.
    pub mode: Mode,
    /// A seed for reproducible fleets and first moves; none draws one from the system.
    pub seed: Option<u64>,
}

/// What the hot-seat cover hides until the next player presses a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// The player's placement.
    Place,
    /// The player's turn to shoot.
    Shoot,
}

/// The screen shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// Online, before the server has seated this terminal.
    Connecting,
    /// A player places the fleet.
    Placement(Player),
    /// Online, the fleet is placed and the opponent is not ready.
    Waiting,
    /// Hot-seat: the screen is covered until the named player presses a key.
    Cover {
        /// The player to come.
        seat: Player,
        /// What follows.
        then: Next,
    },
    /// The battle, as the named player sees it.
    Battle(Player),
    /// The game is over.
    Over,
}

/// One shot in the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LogEntry {
    /// Who fired.
    pub player: Player,
    /// Where.
    pub cell: Coord,
    /// The answer.
    pub answer: Answer,
}

enum Driver {
    Local(Box<LocalReferee>),
    Remote {
        game: Option<String>,
        outbox: Vec<Value>,
    },
}

/// The terminal game's whole state.
pub struct App {
    pub(crate) rules: Rules,
    pub(crate) coords: CoordSystem,
    pub(crate) lang: Lang,
    pub(crate) mode: Mode,
    rng: StdRng,
    driver: Driver,
    pub(crate) screen: Screen,
    pub(crate) viewer: Player,
    pub(crate) editor: Option<Editor>,
    pub(crate) tables: [Option<Table>; 2],
    pub(crate) to_move: Option<Player>,
    pub(crate) cursor: Coord,
    pub(crate) pending: Vec<Coord>,
    awaiting: bool,
    pub(crate) status: String,
    pub(crate) log: Vec<LogEntry>,
    pub(crate) ending: Option<Ending>,
    pub(crate) handover: Option<Player>,
    pub(crate) confirm_quit: bool,
    quit: bool,
    pub(crate) area: Rect,
    pub(crate) code: Option<String>,
    pub(crate) link: Option<String>,
}

impl App {
    /// A new game in `setup`'s mode: placement for local games, connecting online.
    pub fn new(setup: Setup) -> Result<App, TuiError> {
        check_coords(setup.coords, &setup.rules)?;
        let rng = match setup.seed {
            Some(s) => StdRng::seed_from_u64(s),
            None => rand::make_rng(),
        };
        let mut app = App {
            rules: setup.rules.clone(),
            coords: setup.coords,
            lang: setup.lang,
            mode: setup.mode,
            rng,
            driver: Driver::Remote {
                game: None,
                outbox: Vec::new(),
            },
            screen: Screen::Connecting,
            viewer: Player::One,
            editor: None,
            tables: [None, None],
            to_move: None,
            cursor: Coord::new(0, 0),
            pending: Vec::new(),
            awaiting: false,
            status: String::new(),
            log: Vec::new(),
            ending: None,
            handover: None,
            confirm_quit: false,
            quit: false,
            area: Rect::new(0, 0, 80, 24),
            code: None,
            link: None,
        };
        let referee_rng = StdRng::seed_from_u64(rand::Rng::next_u64(&mut app.rng));
        match setup.mode {
            Mode::Computer(level) => {
                let r = LocalReferee::vs_computer(&setup.rules, level, referee_rng)
                    .map_err(TuiError::Setup)?;
                app.driver = Driver::Local(Box::new(r));
                app.tables[0] = Some(Table::new(&setup.rules, Player::One));
                app.start_placement(Player::One)?;
            }
            Mode::Hotseat => {
                app.driver =
                    Driver::Local(Box::new(LocalReferee::hotseat(&setup.rules, referee_rng)));
                app.tables = Player::BOTH.map(|p| Some(Table::new(&setup.rules, p)));
                app.start_placement(Player::One)?;
            }
            Mode::Online => {}
        }
        Ok(app)
    }

    fn start_placement(&mut self, seat: Player) -> Result<(), TuiError> {
        let editor = Editor::new(&self.rules, PlacerKind::Uniform, &mut self.rng)
            .map_err(TuiError::Setup)?;
        self.editor = Some(editor);
        self.screen = Screen::Placement(seat);
        self.viewer = seat;
        Ok(())
    }

    /// The words of the chosen language.
    pub fn words(&self) -> &'static Words {
        words(self.lang)
    }

    /// The screen shown.
    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// The status line: the last refusal or notice.
    pub fn status(&self) -> &str {
        &self.status
    }

    /// The end of the game, once it is over.
    pub fn ending(&self) -> Option<&Ending> {
        self.ending.as_ref()
    }

    /// The shots so far, oldest first.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// Whose turn it is, during the battle.
    pub fn to_move(&self) -> Option<Player> {
        self.to_move
    }

    /// The cell under the aiming cursor on the enemy board.
    pub fn cursor(&self) -> Coord {
        self.cursor
    }

    /// The cells chosen for a volley not yet fired.
    pub fn pending(&self) -> &[Coord] {
        &self.pending
    }

    /// The table of `seat`, if a person at this terminal holds that seat.
    pub fn table(&self, seat: Player) -> Option<&Table> {
        self.tables[seat.index()].as_ref()
    }

    /// The placement editor, while placing.
    pub fn editor(&self) -> Option<&Editor> {
        self.editor.as_ref()
    }

    /// Whether the player asked to leave.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Whether the battle is on: the game has started and is not over.
    fn mid_game(&self) -> bool {
        self.ending.is_none() && !matches!(self.screen, Screen::Connecting)
    }

    /// The window's new size.
    pub fn resize(&mut self, width: u16, height: u16) {
        self.area = Rect::new(0, 0, width, height);
    }

    /// Messages for the server (online only), oldest first.
    pub fn take_outbox(&mut self) -> Vec<Value> {
        match &mut self.driver {
            Driver::Remote { outbox, .. } => std::mem::take(outbox),
            Driver::Local(_) => Vec::new(),
        }
    }

    /// A terminal event: a key, a click or a resize.
    pub fn handle_event(&mut self, event: &Event) {
        match event {
            Event::Key(k) => self.handle_key(*k),
            Event::Mouse(m) => self.handle_mouse(*m),
            Event::Resize(w, h) => self.resize(*w, *h),
            _ => {}
        }
    }

    /// A key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        if self.confirm_quit {
            self.confirm_quit = false;
            if matches!(key.code, KeyCode::Char('y' | 'Y' | 'д' | 'Д')) {
                self.leave();
            }
            return;
        }
        let quit_key = matches!(key.code, KeyCode::Char('q' | 'Q' | 'й' | 'Й'));
        match self.screen {
            Screen::Over => {
                // Not Enter: a player still firing must not lose the final screen.
                if quit_key || key.code == KeyCode::Esc {
                    self.quit = true;
                }
            }
            _ if quit_key => {
                if self.mid_game() {
                    self.confirm_quit = true;
                } else {
                    self.quit = true;
                }
            }
            Screen::Connecting | Screen::Waiting => {}
            Screen::Cover { seat, then } => {
                self.viewer = seat;
                self.screen = match then {
                    Next::Place => Screen::Placement(seat),
                    Next::Shoot => Screen::Battle(seat),
                };
            }
            Screen::Placement(seat) => self.placement_key(seat, key.code),
            Screen::Battle(seat) => self.battle_key(seat, key.code),
        }
    }

    /// Leaves the game: online, resigning first if the game is still on.
    fn leave(&mut self) {
        if self.mode == Mode::Online
            && self.ending.is_none()
            && let Some(seat) = self.tables.iter().flatten().map(Table::me).next()
        {
            self.act(Action::Resign { seat });
        }
        self.quit = true;
    }

    fn placement_key(&mut self, seat: Player, code: KeyCode) {
        let Some(editor) = self.editor.as_mut() else {
            return;
        };
        let edit = match code {
            KeyCode::Left => Some(Edit::Move(-1, 0)),
            KeyCode::Right => Some(Edit::Move(1, 0)),
            KeyCode::Up => Some(Edit::Move(0, -1)),
            KeyCode::Down => Some(Edit::Move(0, 1)),
            KeyCode::Char(' ' | 'o') => Some(Edit::Rotate),
            KeyCode::Tab | KeyCode::Char('n') => Some(Edit::Next),
            KeyCode::BackTab => Some(Edit::Previous),
            _ => None,
        };
        if let Some(edit) = edit {
            editor.apply(edit);
            self.status.clear();
            return;
        }
        let placer = match code {
            KeyCode::Char('r' | 'R' | 'к' | 'К') => Some(PlacerKind::Uniform),
            KeyCode::Char('p' | 'P' | 'з' | 'З') => Some(PlacerKind::Perelman),
            _ => None,
        };
        if let Some(placer) = placer {
            if let Err(e) = editor.auto(placer, &mut self.rng) {
                self.status = e;
            } else {
                self.status.clear();
            }
            return;
        }
        if code == KeyCode::Enter {
            match editor.fleet() {
                Ok(fleet) => {
                    self.status.clear();
                    if self.mode == Mode::Online {
                        self.screen = Screen::Waiting;
                    }
                    self.act(Action::Place { seat, fleet });
                }
                Err(_) => self.status = self.words().fix_first.to_string(),
            }
        }
    }

    fn battle_key(&mut self, seat: Player, code: KeyCode) {
        if let Some(next) = self.handover.take() {
            self.screen = Screen::Cover {
                seat: next,
                then: Next::Shoot,
            };
            return;
        }
        let dims = self.rules.dims();
        let c = self.cursor;
        let moved = match code {
            KeyCode::Left => c.offset(-1, 0),
            KeyCode::Right => c.offset(1, 0),
            KeyCode::Up => c.offset(0, -1),
            KeyCode::Down => c.offset(0, 1),
            KeyCode::Home => Some(Coord::new(0, c.row)),
            KeyCode::End => Some(Coord::new(dims.width() - 1, c.row)),
            _ => None,
        };
        if let Some(m) = moved {
            if dims.contains(m) {
                self.cursor = m;
            }
            return;
        }
        if matches!(code, KeyCode::Enter | KeyCode::Char(' ')) {
            self.fire_at(seat, c);
        }
    }

    /// A mouse event: a left click picks a ship while placing and fires in battle.
    pub fn handle_mouse(&mut self, m: MouseEvent) {
        if m.kind != MouseEventKind::Down(MouseButton::Left) || self.confirm_quit {
            return;
        }
        let dims = self.rules.dims();
        let Some(l) = layout::screen(self.area, dims) else {
            return;
        };
        match self.screen {
            Screen::Placement(_) => {
                if let (Some(c), Some(e)) = (
                    layout::cell_at(l.left, dims, l.cell_w, m.column, m.row),
                    self.editor.as_mut(),
                ) {
                    e.select_at(c);
                }
            }
            Screen::Battle(seat) if self.handover.is_none() => {
                if let Some(c) = layout::cell_at(l.right, dims, l.cell_w, m.column, m.row) {
                    self.cursor = c;
                    self.fire_at(seat, c);
                }
            }
            Screen::Battle(_) | Screen::Cover { .. } => {
                self.handle_key(KeyEvent::from(KeyCode::Null))
            }
            _ => {}
        }
    }

    fn fire_at(&mut self, seat: Player, c: Coord) {
        if self.to_move != Some(seat) {
            self.status = self.words().their_turn.to_string();
            return;
        }
        if self.awaiting {
            return;
        }
        let Some(table) = self.tables[seat.index()].as_ref() else {
            return;
        };
        if table.shot_at(c) {
            self.status = self.words().already_shot.to_string();
            return;
        }
        self.status.clear();
        if let Some(i) = self.pending.iter().position(|&p| p == c) {
            self.pending.remove(i);
            return;
        }
        self.pending.push(c);
        if self.pending.len() >= table.shots_due() {
            let cells = std::mem::take(&mut self.pending);
            self.awaiting = self.mode == Mode::Online;
            self.act(Action::Fire { seat, cells });
        }
    }

    fn act(&mut self, action: Action) {
        let updates = match &mut self.driver {
            Driver::Local(r) => r.act(action),
            Driver::Remote { game, outbox } => {
                if let Some(g) = game {
                    outbox.push(protocol::encode(&action, g));
                }
                Vec::new()
            }
        };
        for u in updates {
            self.apply(u);
        }
    }

    /// A message from the game server.
    pub fn server_message(&mut self, message: &Value) {
        match protocol::decode(message, self.rules.dims()) {
            Ok(Some(update)) => self.apply(update),
            Ok(None) => {}
            Err(e) => self.status = e,
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
                if self.tables[seat.index()].is_none() {
                    self.tables = [None, None];
                    self.tables[seat.index()] = Some(Table::new(&self.rules, seat));
                }
            }
            Update::Snapshot(s) => self.restore(*s),
            Update::Placed { seat, ships } => self.placed(seat, ships),
            Update::Battle { first } => {
                self.to_move = Some(first);
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
            } => {
                for t in self.tables.iter_mut().flatten() {
                    t.record(player, &shots);
                }
                self.log.extend(shots.iter().map(|s| LogEntry {
                    player,
                    cell: s.cell,
                    answer: s.answer,
                }));
                self.to_move = next;
                self.awaiting = false;
                if self.mode == Mode::Hotseat
                    && let Some(n) = next.filter(|&n| n != player)
                {
                    self.handover = Some(n);
                }
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
            Update::Presence { present, .. } => {
                let w = self.words();
                self.status = if present {
                    w.opponent_back
                } else {
                    w.opponent_away
                }
                .to_string();
            }
            Update::Timeout { player } => self.status = fill(self.words().timeout, player),
            Update::Link(None) => self.status = self.words().link_up.to_string(),
            Update::Link(Some(why)) => self.status = fill(self.words().link_down, why),
        }
    }

    fn placed(&mut self, seat: Player, ships: Option<Vec<seabattle_core::CellSet>>) {
        if let (Some(ships), Some(t)) = (ships, self.tables[seat.index()].as_mut()) {
            t.set_own(ships);
        }
        if self.mode == Mode::Hotseat
            && seat == Player::One
            && self.tables[1].as_ref().is_some_and(|t| !t.placed())
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
            t.reveal(ending.fleets[t.me().other().index()].clone());
        }
        self.ending = Some(ending);
        self.to_move = None;
        self.handover = None;
        self.confirm_quit = false;
        self.pending.clear();
        self.screen = Screen::Over;
    }

    fn restore(&mut self, s: crate::update::Snapshot) {
        let seat = self.viewer;
        match s.rules.parse::<Rules>() {
            Ok(rules) => {
                if check_coords(self.coords, &rules).is_err() {
                    self.coords = CoordSystem::Latin;
                }
                self.rules = rules;
            }
            Err(e) => {
                self.status = format!("the server's rules {:?}: {e}", s.rules);
                return;
            }
        }
        let mut table = Table::new(&self.rules, seat);
        let placed = s.own.is_some();
        table.restore(s.own, s.boards[seat.index()].clone());
        self.tables = [None, None];
        self.tables[seat.index()] = Some(table);
        self.to_move = s.to_move;
        self.awaiting = false;
        self.pending.clear();
        if let Some(ending) = s.ending {
            self.over(ending);
            return;
        }
        match s.phase {
            seabattle_core::Phase::Placement if !placed => {
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
            seabattle_core::Phase::Placement => self.screen = Screen::Waiting,
            _ => {
                self.editor = None;
                self.screen = Screen::Battle(seat);
            }
        }
    }
}

/// An error unless `coords` can name every column of the rules' board.
fn check_coords(coords: CoordSystem, rules: &Rules) -> Result<(), TuiError> {
    let width = rules.dims().width();
    if coords.max_columns() < width {
        return Err(TuiError::Setup(format!(
            "the {coords} coordinate system names {} columns, the board has {width}",
            coords.max_columns()
        )));
    }
    Ok(())
}

//! The application's state machine: screens, keys, mouse and the referee's news. It
//! draws nothing itself ([`crate::render`] does), so tests drive it without a terminal.
//! Input is handled in `input`, the referee's news in `news`.

mod chat;
mod input;
mod news;
mod rate;

use crate::editor::Editor;
use crate::error::TuiError;
use crate::local::LocalReferee;
use crate::online::protocol;
use crate::table::Table;
use crate::update::{Action, Ending, Who};
use crate::words::{Words, fill, words};
use rand::SeedableRng;
use rand::rngs::StdRng;
use ratatui::layout::Rect;
use seabattle_bots::{Level, PlacerKind};
use seabattle_core::{
    Answer, ByPlayer, CellSet, Coord, CoordSystem, Duty, DutyKind, Lang, Player, Rules,
};
use seabattle_wire::ClientMsg;

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
    /// The player owes the opponent a cell (after a mine or a minesweeper).
    Reveal,
    /// The player's flying ship was hit and must move.
    Relocate,
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

/// What a line of the log tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogKind {
    /// A shot, with its answer.
    Shot(Answer),
    /// A sunk submarine's dying shot («торпеда»), with its answer.
    Torpedo(Answer),
    /// A cell shown after a mine or a minesweeper.
    Reveal,
}

/// One move in the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LogEntry {
    /// Who fired, or showed.
    pub player: Player,
    /// Where.
    pub cell: Coord,
    /// What happened.
    pub kind: LogKind,
}

impl LogEntry {
    /// The answer, for a shot or a dying shot.
    pub fn answer(&self) -> Option<Answer> {
        match self.kind {
            LogKind::Shot(a) | LogKind::Torpedo(a) => Some(a),
            LogKind::Reveal => None,
        }
    }
}

enum Driver {
    Local(Box<LocalReferee>),
    Remote {
        game: Option<String>,
        outbox: Vec<ClientMsg>,
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
    pub(crate) tables: ByPlayer<Option<Table>>,
    pub(crate) to_move: Option<Player>,
    /// Each seat's aiming cursor, so hot-seat players keep their own.
    cursors: ByPlayer<Coord>,
    /// Each seat's cursor on its own board, for the reveals it owes.
    reveal_cursors: ByPlayer<Coord>,
    /// The reveal owed now, if any: nobody shoots until it is made.
    pub(crate) owed: Option<Duty>,
    /// The cells the reveal owed allows.
    reveal_options: CellSet,
    /// Each seat's cells marked for its hit ship's move.
    marked: ByPlayer<CellSet>,
    /// Shots in the next volley of the player to move.
    shots_due: usize,
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
    /// The server's message types this client does not know and has said it skips.
    skipped: Vec<String>,
    /// The quick-chat phrase picked with `c` (online), as its index in `Phrase::ALL`.
    chat_pick: Option<usize>,
    /// Who holds each seat (online), for the board titles.
    pub(crate) who: ByPlayer<Who>,
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
            tables: ByPlayer::default(),
            who: ByPlayer::default(),
            to_move: None,
            cursors: ByPlayer::new(Coord::new(0, 0), Coord::new(0, 0)),
            reveal_cursors: ByPlayer::new(Coord::new(0, 0), Coord::new(0, 0)),
            owed: None,
            reveal_options: CellSet::EMPTY,
            marked: ByPlayer::new(CellSet::EMPTY, CellSet::EMPTY),
            shots_due: 1,
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
            skipped: Vec::new(),
            chat_pick: None,
        };
        let referee_rng = StdRng::seed_from_u64(rand::Rng::next_u64(&mut app.rng));
        match setup.mode {
            Mode::Computer(level) => {
                let r = LocalReferee::vs_computer(&setup.rules, level, referee_rng)?;
                app.driver = Driver::Local(Box::new(r));
                app.tables[Player::One] = Some(Table::new(&setup.rules, Player::One));
                app.start_placement(Player::One)?;
            }
            Mode::Hotseat => {
                app.driver =
                    Driver::Local(Box::new(LocalReferee::hotseat(&setup.rules, referee_rng)));
                app.tables = ByPlayer::new_with(|p| Some(Table::new(&setup.rules, p)));
                app.start_placement(Player::One)?;
            }
            Mode::Online => {}
        }
        Ok(app)
    }

    fn start_placement(&mut self, seat: Player) -> Result<(), TuiError> {
        let editor = Editor::new(&self.rules, PlacerKind::Uniform, &mut self.rng)
            .map_err(|e| TuiError::Setup(format!("no fleet can be drawn: {e}")))?;
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

    /// The online game's code (also its id), to pass on to a friend; none before the
    /// server gave a seat, and for games on this machine.
    pub fn code(&self) -> Option<&str> {
        self.code.as_deref()
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
        self.cursors[self.viewer]
    }

    fn set_cursor(&mut self, c: Coord) {
        self.cursors[self.viewer] = c;
    }

    /// Who `player` is to the one looking: "you"/"enemy", or "player N" at a shared
    /// terminal.
    pub fn who(&self, player: Player) -> String {
        let w = self.words();
        if self.mode == Mode::Hotseat {
            fill(w.player, player)
        } else if player == self.viewer {
            w.you.to_string()
        } else {
            w.enemy.to_string()
        }
    }

    /// The cells the reveal owed now allows.
    pub fn reveal_options(&self) -> CellSet {
        self.reveal_options
    }

    /// Shots in the next volley of the player to move.
    pub fn shots_due(&self) -> usize {
        self.shots_due
    }

    /// The reveal owed now (after a mine or a minesweeper), by whom and of what.
    pub fn owed(&self) -> Option<Duty> {
        self.owed
    }

    /// Whether the player looking must act on their own board now: show a cell, or
    /// move their hit ship.
    pub fn revealing(&self) -> bool {
        self.owed.is_some_and(|d| d.player == self.viewer)
            && self.screen == Screen::Battle(self.viewer)
    }

    /// Whether the player looking must move their hit ship now (the Flying Dutchman).
    pub fn relocating(&self) -> bool {
        self.revealing() && self.owed.is_some_and(|d| d.kind == DutyKind::Relocate)
    }

    /// The cells marked for the move of the looking player's hit ship.
    pub fn marked(&self) -> CellSet {
        self.marked[self.viewer]
    }

    /// The cell under the cursor on the own board, while a reveal is owed.
    pub fn reveal_cursor(&self) -> Coord {
        self.reveal_cursors[self.viewer]
    }

    fn set_reveal_cursor(&mut self, c: Coord) {
        self.reveal_cursors[self.viewer] = c;
    }

    /// Who must act next: the one owing a reveal, else the one to shoot.
    fn actor(&self) -> Option<Player> {
        self.owed.map(|d| d.player).or(self.to_move)
    }

    /// The cells chosen for a volley not yet fired.
    pub fn pending(&self) -> &[Coord] {
        &self.pending
    }

    /// The table of `seat`, if a person at this terminal holds that seat.
    pub fn table(&self, seat: Player) -> Option<&Table> {
        self.tables[seat].as_ref()
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
    pub fn take_outbox(&mut self) -> Vec<ClientMsg> {
        match &mut self.driver {
            Driver::Remote { outbox, .. } => std::mem::take(outbox),
            Driver::Local(_) => Vec::new(),
        }
    }

    /// Hands `action` to the referee: here, at once; online, to the outbox.
    pub(super) fn act(&mut self, action: Action) {
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
}

/// An error unless `coords` can name every column of the rules' board.
fn check_coords(coords: CoordSystem, rules: &Rules) -> Result<(), TuiError> {
    if coords.fits(rules.dims()) {
        return Ok(());
    }
    Err(TuiError::Setup(format!(
        "the {coords} coordinate system names {} columns, the board has {}",
        coords.max_columns(),
        rules.dims().width()
    )))
}

//! The game state machine: placement, the draw for the first move, the battle, the end.

use crate::cellset::CellSet;
use crate::coord::Coord;
use crate::fleet::{Fleet, ShipSetup};
use crate::flying::RelocationError;
use crate::lang::Lang;
use crate::record::{GameRecord, Move};
use crate::rules::Rules;
use crate::sea::Sea;
use crate::view::{OwnBoard, PlayerView, TargetBoard};
use rand::{Rng, RngExt};
use std::fmt;
use std::str::FromStr;

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The first player to join (not necessarily the first to shoot).
    One,
    /// The second player.
    Two,
}

impl Player {
    /// Both players.
    pub const BOTH: [Player; 2] = [Player::One, Player::Two];

    /// The opponent.
    pub const fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// 0 for [`Player::One`], 1 for [`Player::Two`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `1` or `2`.
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Player, String> {
        match s.trim() {
            "1" => Ok(Player::One),
            "2" => Ok(Player::Two),
            _ => Err(format!("player {s:?} is not 1 or 2")),
        }
    }
}

/// The answer to a shot, as spoken: «Мимо!», «Ранил!», «Убил!».
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// Nothing there.
    Miss,
    /// A ship is hit but still afloat.
    Hit,
    /// The ship's last deck is hit.
    Sunk,
    /// An enemy mine: the shooter shows its owner a cell of one of their ships, and
    /// the turn passes.
    Mine,
    /// An enemy minesweeper: the shooter shows its owner one of their unspent mines,
    /// and the turn passes.
    Sweeper,
    /// An enemy submarine, sunk by the one shot; it fires a dying shot back.
    Submarine,
}

impl Answer {
    /// The spoken answer.
    pub const fn text(self, lang: Lang) -> &'static str {
        match (lang, self) {
            (Lang::Ru, Answer::Miss) => "Мимо!",
            (Lang::Ru, Answer::Hit) => "Ранил!",
            (Lang::Ru, Answer::Sunk) => "Убил!",
            (Lang::Ru, Answer::Mine) => "Мина!",
            (Lang::Ru, Answer::Sweeper) => "Тральщик!",
            (Lang::Ru, Answer::Submarine) => "Подлодка!",
            (Lang::En, Answer::Miss) => "Miss!",
            (Lang::En, Answer::Hit) => "Hit!",
            (Lang::En, Answer::Sunk) => "Sunk!",
            (Lang::En, Answer::Mine) => "Mine!",
            (Lang::En, Answer::Sweeper) => "Minesweeper!",
            (Lang::En, Answer::Submarine) => "Submarine!",
        }
    }

    /// The protocol word: `miss`, `hit`, `sunk`, and in the variants `mine`,
    /// `sweeper` or `sub`.
    pub const fn word(self) -> &'static str {
        match self {
            Answer::Miss => "miss",
            Answer::Hit => "hit",
            Answer::Sunk => "sunk",
            Answer::Mine => "mine",
            Answer::Sweeper => "sweeper",
            Answer::Submarine => "sub",
        }
    }

    /// Whether the shot found a ship.
    pub const fn is_hit(self) -> bool {
        matches!(self, Answer::Hit | Answer::Sunk)
    }

    /// Whether the shot was a success that earns another shot where hits do: a ship
    /// hit or sunk, or a submarine sunk.
    pub const fn is_success(self) -> bool {
        matches!(self, Answer::Hit | Answer::Sunk | Answer::Submarine)
    }

    /// Whether the shot set off a mine or minesweeper, which passes the turn.
    pub const fn is_setback(self) -> bool {
        matches!(self, Answer::Mine | Answer::Sweeper)
    }
}

impl FromStr for Answer {
    type Err = String;
    /// Reads the protocol words and the spoken answers of both languages, with the
    /// seeds' variants («Попал!», «Потопил!», «Ранила!», «Ранил(а)!»…).
    fn from_str(s: &str) -> Result<Answer, String> {
        let t = s
            .trim()
            .trim_end_matches('!')
            .to_lowercase()
            .replace("(а)", "");
        let t = t
            .strip_suffix('а')
            .filter(|t| t.ends_with('л'))
            .unwrap_or(&t);
        Ok(match t {
            "miss" | "мимо" => Answer::Miss,
            "hit" | "ранил" | "попал" => Answer::Hit,
            "sunk" | "убил" | "потопил" => Answer::Sunk,
            "mine" | "мина" => Answer::Mine,
            "sweeper" | "minesweeper" | "тральщик" => Answer::Sweeper,
            "sub" | "submarine" | "подлодка" => Answer::Submarine,
            _ => {
                return Err(format!(
                    "{s:?} is not an answer (Мимо!/Ранил!/Убил!, Miss!/Hit!/Sunk!)"
                ));
            }
        })
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A ship that has just sunk, as both players now see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SunkShip {
    /// The ship's cells.
    pub cells: CellSet,
    /// Cells around it where, by the rules, no ship can be.
    pub halo: CellSet,
}

/// The full result of one shot.
#[allow(
    clippy::large_enum_variant,
    reason = "shots are returned by value a handful at a time; boxing would cost an allocation per sink"
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shot {
    /// «Мимо!»
    Miss,
    /// «Ранил!»
    Hit,
    /// «Убил!», with the ship.
    Sunk(SunkShip),
    /// «Мина!»: an enemy mine, now spent.
    Mine,
    /// «Тральщик!»: an enemy minesweeper.
    Sweeper,
    /// «Подлодка!»: an enemy submarine, sunk; its dying shot follows as a move of
    /// its own ([`Move::Dying`]).
    Submarine,
}

impl Shot {
    /// The bare answer.
    pub const fn answer(&self) -> Answer {
        match self {
            Shot::Miss => Answer::Miss,
            Shot::Hit => Answer::Hit,
            Shot::Sunk(_) => Answer::Sunk,
            Shot::Mine => Answer::Mine,
            Shot::Sweeper => Answer::Sweeper,
            Shot::Submarine => Answer::Submarine,
        }
    }
}

/// Where the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Fleets are being placed.
    Placement,
    /// Shots are being fired.
    Battle,
    /// Someone won.
    Over,
}

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser's whole fleet is sunk.
    FleetSunk,
    /// The loser resigned.
    Resigned,
}

/// Whether the game is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Not yet.
    InProgress,
    /// Decided.
    Won {
        /// The winner.
        winner: Player,
        /// How.
        reason: WinReason,
    },
}

/// A shot or volley that was refused; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShotError {
    /// The battle has not started.
    NotStarted,
    /// The game is over.
    GameOver,
    /// It is the other player's turn.
    OutOfTurn {
        /// Whose turn it is.
        turn: Player,
    },
    /// A turn is a volley of exactly this many shots.
    WrongCount {
        /// Shots due.
        expected: usize,
        /// Shots given.
        got: usize,
    },
    /// A cell off the board.
    OffBoard(Coord),
    /// A cell shot before.
    AlreadyShot(Coord),
    /// A cell named twice in one volley.
    Repeated(Coord),
    /// A player owes a reveal (after a mine or minesweeper) before play goes on.
    RevealDue(Player),
    /// A cell that may not be shown for the reveal owed.
    NotRevealable(Coord),
    /// A player owes the move of their hit flying ship before play goes on.
    RelocationDue(Player),
    /// A move of a flying ship the rules refuse.
    Relocation(RelocationError),
}

impl fmt::Display for ShotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShotError::NotStarted => f.write_str("the battle has not started"),
            ShotError::GameOver => f.write_str("the game is over"),
            ShotError::OutOfTurn { turn } => write!(f, "not your turn: player {turn} shoots"),
            ShotError::WrongCount { expected, got } => {
                write!(f, "a volley here is {expected} shots, not {got}")
            }
            ShotError::OffBoard(c) => write!(f, "{c} is off the board"),
            ShotError::AlreadyShot(c) => write!(f, "{c} has been shot already"),
            ShotError::Repeated(c) => write!(f, "{c} is named twice in one volley"),
            ShotError::RevealDue(p) => write!(f, "player {p} must first reveal a cell"),
            ShotError::NotRevealable(c) => write!(f, "{c} cannot be shown for this reveal"),
            ShotError::RelocationDue(p) => write!(f, "player {p} must first move their ship"),
            ShotError::Relocation(e) => write!(f, "the ship cannot go there: {e}"),
        }
    }
}

impl std::error::Error for ShotError {}

/// A refused placement, start or resignation; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// Fleets can only be placed before the battle.
    NotPlacing,
    /// The fleet was validated under other rules.
    RulesMismatch,
    /// The battle needs both fleets.
    FleetMissing(Player),
    /// The game is over.
    GameOver,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::NotPlacing => f.write_str("fleets can only be placed before the battle"),
            GameError::RulesMismatch => f.write_str("the fleet was checked against other rules"),
            GameError::FleetMissing(p) => write!(f, "player {p} has not placed a fleet"),
            GameError::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for GameError {}

/// What a player owes before play goes on (seed 004's variants).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DutyKind {
    /// After setting off a mine: show a cell of one of their ships not yet hit.
    ShipCell,
    /// After setting off a minesweeper: show one of their unspent mines.
    Mine,
    /// After a hit on their flying ship: move it, one deck fewer (see
    /// [`Game::relocate`]).
    Relocate,
}

impl DutyKind {
    /// Every kind, in declaration order.
    pub const ALL: [DutyKind; 3] = [DutyKind::ShipCell, DutyKind::Mine, DutyKind::Relocate];

    /// Whether the duty is met by showing a cell ([`Game::reveal`]).
    pub const fn is_reveal(self) -> bool {
        matches!(self, DutyKind::ShipCell | DutyKind::Mine)
    }

    /// The one word for the kind, the same in the server's messages, its storage and
    /// the referee's events: `ship_cell`, `mine`, `relocate`.
    pub const fn word(self) -> &'static str {
        match self {
            DutyKind::ShipCell => "ship_cell",
            DutyKind::Mine => "mine",
            DutyKind::Relocate => "relocate",
        }
    }
}

impl WinReason {
    /// Both ways to win.
    pub const ALL: [WinReason; 2] = [WinReason::FleetSunk, WinReason::Resigned];

    /// The word for it: `fleet_sunk` or `resigned`.
    pub const fn word(self) -> &'static str {
        match self {
            WinReason::FleetSunk => "fleet_sunk",
            WinReason::Resigned => "resigned",
        }
    }
}

impl fmt::Display for DutyKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for DutyKind {
    type Err = String;

    fn from_str(s: &str) -> Result<DutyKind, String> {
        DutyKind::ALL
            .into_iter()
            .find(|k| k.word() == s)
            .ok_or_else(|| format!("{s:?} is not a duty (ship_cell, mine or relocate)"))
    }
}

impl Phase {
    /// Every phase, in order.
    pub const ALL: [Phase; 3] = [Phase::Placement, Phase::Battle, Phase::Over];

    /// The word for the phase: `placement`, `battle`, `over`.
    pub const fn word(self) -> &'static str {
        match self {
            Phase::Placement => "placement",
            Phase::Battle => "battle",
            Phase::Over => "over",
        }
    }
}

/// A reveal or move a player owes before play goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Duty {
    /// Who must reveal.
    pub player: Player,
    /// What.
    pub kind: DutyKind,
}

/// A game between two players, from placement to the end.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    seas: [Option<Sea>; 2],
    /// Each player's knowledge of the enemy board, kept up from the answers alone so
    /// that nothing but what was said to a player can reach its view.
    targets: [TargetBoard; 2],
    first: Option<Player>,
    turn: Player,
    outcome: Outcome,
    moves: Vec<Move>,
    /// Reveals owed, oldest first; nobody shoots until they are made.
    duties: Vec<Duty>,
}

impl Game {
    /// A new game in the placement phase.
    pub fn new(rules: Rules) -> Game {
        Game {
            targets: [TargetBoard::new(&rules), TargetBoard::new(&rules)],
            rules,
            seas: [None, None],
            first: None,
            turn: Player::One,
            outcome: Outcome::InProgress,
            moves: Vec::new(),
            duties: Vec::new(),
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Sets (or replaces) a player's fleet during placement.
    pub fn place(&mut self, player: Player, fleet: Fleet) -> Result<(), GameError> {
        if self.outcome != Outcome::InProgress {
            return Err(GameError::GameOver);
        }
        if self.first.is_some() {
            return Err(GameError::NotPlacing);
        }
        if fleet.rules() != &self.rules {
            return Err(GameError::RulesMismatch);
        }
        self.seas[player.index()] = Some(Sea::new(fleet));
        Ok(())
    }

    /// Whether `player` has placed a fleet.
    pub fn has_placed(&self, player: Player) -> bool {
        self.seas[player.index()].is_some()
    }

    /// Starts the battle, drawing who shoots first with the caller's `rng`.
    pub fn start<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Result<Player, GameError> {
        let first = if rng.random_bool(0.5) {
            Player::One
        } else {
            Player::Two
        };
        self.start_with(first).map(|()| first)
    }

    /// Starts the battle with `first` shooting first (replays, agreed starts).
    pub fn start_with(&mut self, first: Player) -> Result<(), GameError> {
        if self.outcome != Outcome::InProgress {
            return Err(GameError::GameOver);
        }
        if self.first.is_some() {
            return Err(GameError::NotPlacing);
        }
        if let Some(p) = Player::BOTH.into_iter().find(|&p| !self.has_placed(p)) {
            return Err(GameError::FleetMissing(p));
        }
        self.first = Some(first);
        self.turn = first;
        Ok(())
    }

    /// Where the game is.
    pub fn phase(&self) -> Phase {
        match (self.first, self.outcome) {
            (_, Outcome::Won { .. }) => Phase::Over,
            (None, _) => Phase::Placement,
            (Some(_), Outcome::InProgress) => Phase::Battle,
        }
    }

    /// Who shot first, once the battle started.
    pub fn first(&self) -> Option<Player> {
        self.first
    }

    /// The player to shoot, during the battle.
    pub fn to_move(&self) -> Option<Player> {
        (self.phase() == Phase::Battle).then_some(self.turn)
    }

    /// Whether the game is decided.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Shots due in `player`'s next volley: per the rules, capped by the cells left.
    pub fn shots_due(&self, player: Player) -> usize {
        let left = self.rules.dims().area() - self.incoming(player.other()).len();
        self.rules.volley_size(self.afloat(player), left)
    }

    /// Ships `player` still has afloat.
    pub fn afloat(&self, player: Player) -> usize {
        self.seas[player.index()].as_ref().map_or(0, Sea::afloat)
    }

    fn incoming(&self, player: Player) -> CellSet {
        self.seas[player.index()]
            .as_ref()
            .map_or(CellSet::EMPTY, |s| *s.incoming())
    }

    /// Whether `player` may shoot (or pass) now: the battle is on, no reveal is owed,
    /// and it is their turn.
    fn check_turn(&self, player: Player) -> Result<(), ShotError> {
        match self.phase() {
            Phase::Placement => return Err(ShotError::NotStarted),
            Phase::Over => return Err(ShotError::GameOver),
            Phase::Battle => {}
        }
        if let Some(d) = self.duties.first() {
            return Err(if d.kind == DutyKind::Relocate {
                ShotError::RelocationDue(d.player)
            } else {
                ShotError::RevealDue(d.player)
            });
        }
        if player != self.turn {
            return Err(ShotError::OutOfTurn { turn: self.turn });
        }
        Ok(())
    }

    /// Fires one shot (for rules with one shot per turn).
    pub fn shoot(&mut self, player: Player, cell: Coord) -> Result<Shot, ShotError> {
        self.fire(player, &[cell]).map(|v| v[0])
    }

    /// Fires a volley of exactly [`Game::shots_due`] shots, answered together. On error
    /// nothing changes.
    pub fn fire(&mut self, player: Player, cells: &[Coord]) -> Result<Vec<Shot>, ShotError> {
        self.check_turn(player)?;
        let expected = self.shots_due(player);
        if cells.len() != expected {
            return Err(ShotError::WrongCount {
                expected,
                got: cells.len(),
            });
        }
        // Both fleets are placed once the battle is on.
        let Some(sea) = self.seas[player.other().index()].as_mut() else {
            return Err(ShotError::NotStarted);
        };
        let mut volley = CellSet::EMPTY;
        for &c in cells {
            sea.check(c)?;
            if !volley.insert(c) {
                return Err(ShotError::Repeated(c));
            }
        }
        let shots = cells
            .iter()
            .map(|&c| sea.fire(c))
            .collect::<Result<Vec<Shot>, _>>()?;
        let target = &mut self.targets[player.index()];
        cells
            .iter()
            .zip(&shots)
            .for_each(|(&c, s)| target.record(c, s));
        self.moves.push(Move::Volley {
            player,
            shots: cells
                .iter()
                .zip(&shots)
                .map(|(&c, s)| (c, s.answer()))
                .collect(),
        });
        if self.afloat(player.other()) == 0 {
            self.win(player);
            return Ok(shots);
        }
        for (&c, shot) in cells.iter().zip(&shots) {
            self.after_piece(player, c, shot.answer());
            if self.outcome != Outcome::InProgress {
                return Ok(shots);
            }
        }
        if self.seas[player.other().index()]
            .as_ref()
            .and_then(Sea::relocation_due)
            .is_some()
        {
            self.duties.push(Duty {
                player: player.other(),
                kind: DutyKind::Relocate,
            });
        }
        let answers = || shots.iter().map(Shot::answer);
        if answers().any(Answer::is_setback)
            || !self.rules.shoots_again(answers().any(Answer::is_success))
        {
            self.turn = player.other();
        }
        Ok(shots)
    }

    fn win(&mut self, winner: Player) {
        self.outcome = Outcome::Won {
            winner,
            reason: WinReason::FleetSunk,
        };
        self.duties.clear();
    }

    /// What follows `shooter`'s shot at `c` answered `answer`, when it found a piece:
    /// a reveal owed, or a submarine's dying shot (which may set off a piece in turn).
    fn after_piece(&mut self, shooter: Player, c: Coord, answer: Answer) {
        match answer {
            Answer::Mine => self.owe(shooter, DutyKind::ShipCell),
            Answer::Sweeper => self.owe(shooter, DutyKind::Mine),
            Answer::Submarine => {
                let owner = shooter.other();
                let Some(sea) = self.seas[shooter.index()].as_mut() else {
                    return;
                };
                // A cell the owner has shot before takes nothing more.
                let Ok(dying) = sea.fire(c) else { return };
                self.targets[owner.index()].record(c, &dying);
                self.moves.push(Move::Dying {
                    player: owner,
                    cell: c,
                    answer: dying.answer(),
                });
                if self.afloat(shooter) == 0 {
                    return self.win(owner);
                }
                // A submarine sunk by a dying shot fires back at a cell already shot.
                if dying.answer().is_setback() {
                    self.after_piece(owner, c, dying.answer());
                }
            }
            _ => {}
        }
    }

    /// Notes that `player` owes a reveal, if there is anything left to show.
    fn owe(&mut self, player: Player, kind: DutyKind) {
        if !self.reveal_options(player, kind).is_empty() {
            self.duties.push(Duty { player, kind });
        }
    }

    /// Reveals owed, oldest first. While any is owed, nobody shoots.
    pub fn duties(&self) -> &[Duty] {
        &self.duties
    }

    /// The cells `player` may show for a reveal of `kind`: ship cells not hit, or
    /// unspent mines, that the opponent has not been shown already.
    pub fn reveal_options(&self, player: Player, kind: DutyKind) -> CellSet {
        let Some(sea) = self.seas[player.index()].as_ref() else {
            return CellSet::EMPTY;
        };
        let known = self.targets[player.other().index()].revealed();
        crate::pieces::reveal_options(sea.fleet(), sea.incoming(), &known, kind)
    }

    /// The full result of `player`'s dying shot at `cell`, recorded as
    /// [`Move::Dying`] with `answer`: a sinking comes with the ship (and its halo) as
    /// `player` sees it sunk now. For hosts that tell players a dying shot the way
    /// they tell them any other shot.
    pub fn dying_shot(&self, player: Player, cell: Coord, answer: Answer) -> Shot {
        match answer {
            Answer::Miss => Shot::Miss,
            Answer::Hit => Shot::Hit,
            Answer::Mine => Shot::Mine,
            Answer::Sweeper => Shot::Sweeper,
            Answer::Submarine => Shot::Submarine,
            Answer::Sunk => {
                let cells = self.targets[player.index()]
                    .sunk()
                    .iter()
                    .find(|s| s.contains(cell))
                    .copied()
                    .unwrap_or_default();
                Shot::Sunk(SunkShip {
                    cells,
                    halo: self.rules.halo(&cells),
                })
            }
        }
    }

    /// The decks left on the ship `player` owes a move of, if they owe one now.
    pub fn relocation_decks(&self, player: Player) -> Option<usize> {
        self.duties
            .iter()
            .any(|d| d.player == player && d.kind == DutyKind::Relocate)
            .then(|| self.seas[player.index()].as_ref()?.relocation_due())
            .flatten()
            .map(|(_, decks)| decks)
    }

    /// Checks a move of `player`'s hit ship to `cells` without making it: the cells
    /// as a set if it is legal.
    pub fn check_relocation(
        &self,
        player: Player,
        cells: &[Coord],
    ) -> Result<CellSet, RelocationError> {
        let decks = self
            .relocation_decks(player)
            .ok_or(RelocationError::NotOwed)?;
        crate::flying::check(&self.rules, decks, &self.incoming(player), cells)
    }

    /// `player` moves their hit flying ship to `ship`'s cells: as many as the decks it
    /// has left, a path, on no cell the opponent has shot. The decks hit stay behind,
    /// lost. On error nothing changes.
    pub fn relocate(&mut self, player: Player, ship: &ShipSetup) -> Result<(), ShotError> {
        if self.outcome != Outcome::InProgress {
            return Err(ShotError::GameOver);
        }
        let Some(i) = self
            .duties
            .iter()
            .position(|d| d.player == player && d.kind == DutyKind::Relocate)
        else {
            return Err(ShotError::Relocation(RelocationError::NotOwed));
        };
        let Some(sea) = self.seas[player.index()].as_mut() else {
            return Err(ShotError::NotStarted);
        };
        let cells = sea.relocate(&ship.0).map_err(ShotError::Relocation)?;
        self.duties.remove(i);
        self.targets[player.other().index()].relocated();
        self.moves.push(Move::Relocate {
            player,
            cells: cells.iter().collect(),
        });
        Ok(())
    }

    /// `player` makes their oldest reveal owed, showing `cell`. On error nothing changes.
    pub fn reveal(&mut self, player: Player, cell: Coord) -> Result<(), ShotError> {
        if self.outcome != Outcome::InProgress {
            return Err(ShotError::GameOver);
        }
        let Some(i) = self
            .duties
            .iter()
            .position(|d| d.player == player && d.kind.is_reveal())
        else {
            return Err(ShotError::OutOfTurn { turn: self.turn });
        };
        let kind = self.duties[i].kind;
        if !self.reveal_options(player, kind).contains(cell) {
            return Err(ShotError::NotRevealable(cell));
        }
        self.duties.remove(i);
        self.targets[player.other().index()].reveal(cell, kind);
        self.moves.push(Move::Reveal { player, cell });
        Ok(())
    }

    /// `player` lets the turn go without shooting (their clock ran out): the opponent
    /// shoots next. On error nothing changes.
    pub fn pass(&mut self, player: Player) -> Result<(), ShotError> {
        self.check_turn(player)?;
        self.moves.push(Move::Pass { player });
        self.turn = player.other();
        Ok(())
    }

    /// `player` gives up; the opponent wins.
    pub fn resign(&mut self, player: Player) -> Result<(), GameError> {
        if self.outcome != Outcome::InProgress {
            return Err(GameError::GameOver);
        }
        self.moves.push(Move::Resign { player });
        self.outcome = Outcome::Won {
            winner: player.other(),
            reason: WinReason::Resigned,
        };
        self.duties.clear();
        Ok(())
    }

    /// What `player` may see: their own board with incoming shots, and the enemy board
    /// with only what was answered. The enemy fleet is included only once the game is
    /// over.
    pub fn view(&self, player: Player) -> PlayerView {
        let fleet = |p: Player| self.seas[p.index()].as_ref().map(|s| s.fleet().clone());
        PlayerView {
            me: player,
            phase: self.phase(),
            to_move: self.to_move(),
            shots_due: self.to_move().map_or(0, |p| self.shots_due(p)),
            outcome: self.outcome,
            own: OwnBoard {
                fleet: fleet(player),
                incoming: self.incoming(player),
                lost: self.seas[player.index()]
                    .as_ref()
                    .map_or(CellSet::EMPTY, |s| *s.lost()),
            },
            enemy: self.targets[player.index()].clone(),
            enemy_fleet: (self.phase() == Phase::Over)
                .then(|| fleet(player.other()))
                .flatten(),
            duties: self.duties.clone(),
        }
    }

    /// The moves so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The record of the game, once the battle has started.
    pub fn record(&self) -> Option<GameRecord> {
        let first = self.first?;
        let fleets = Player::BOTH.map(|p| {
            self.seas[p.index()]
                .as_ref()
                .map(|s| s.placed().to_setup())
                .unwrap_or_default()
        });
        Some(GameRecord {
            rules: self.rules.clone(),
            fleets,
            first,
            moves: self.moves.clone(),
        })
    }
}

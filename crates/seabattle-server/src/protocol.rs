//! The WebSocket protocol, version [`PROTOCOL_VERSION`]: every message is one JSON
//! object in a text frame, with a `type`. `docs/protocol.md` documents each one.

use seabattle_core::{Answer, Player};
use serde::{Deserialize, Serialize};

/// The protocol version, sent in `welcome`; a client may check it with `hello`.
pub const PROTOCOL_VERSION: u32 = 1;

/// Who a new game is against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Opponent {
    /// A computer player of the given level.
    Computer,
    /// Whoever the game's code is sent to.
    Friend,
}

/// A message from a client.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    /// Checks the protocol version.
    Hello {
        /// The version the client speaks.
        v: u32,
    },
    /// Creates a game and takes seat 1.
    NewGame {
        /// Computer or friend.
        opponent: Opponent,
        /// The computer's level (`easy`…); default `medium`.
        #[serde(default)]
        level: Option<String>,
        /// Rules text (a preset or custom); default `classic`.
        #[serde(default)]
        rules: Option<String>,
        /// Seconds per move; absent or 0 for no clock.
        #[serde(default)]
        clock: Option<u32>,
        /// The name the other players see (see [`player_name`]); optional.
        #[serde(default)]
        name: Option<String>,
    },
    /// Takes the free seat of a friend's game.
    Join {
        /// The game's code.
        game: String,
        /// The name the other players see (see [`player_name`]); optional.
        #[serde(default)]
        name: Option<String>,
    },
    /// Comes back to a game with the token received on joining.
    Resume {
        /// The game id.
        game: String,
        /// The player's secret token.
        token: String,
    },
    /// Watches a game.
    Watch {
        /// The game id.
        game: String,
    },
    /// Waits for a random opponent under these rules.
    Queue {
        /// Rules text; default `classic`.
        #[serde(default)]
        rules: Option<String>,
    },
    /// Places the fleet: the ships given, or a random fleet when `fleet` is absent.
    Place {
        /// The game id.
        game: String,
        /// Ships as `a1-d1`, `f3`, `a1+a2+b2`.
        #[serde(default)]
        fleet: Option<Vec<String>>,
    },
    /// Fires a volley (one cell under most rules).
    Fire {
        /// The game id.
        game: String,
        /// The cells, canonical `a1`…
        cells: Vec<String>,
    },
    /// Shows the opponent a cell owed after setting off a mine (a cell of one of the
    /// player's own ships not yet hit) or a minesweeper (one of their unspent mines).
    Reveal {
        /// The game id.
        game: String,
        /// The cell shown, canonical `a1`…
        cell: String,
    },
    /// Moves the player's hit flying ship (the Flying Dutchman) to new cells; without
    /// `cells`, the server draws a legal place uniformly.
    Relocate {
        /// The game id.
        game: String,
        /// The new cells, canonical `a1`…, as many as the decks left.
        #[serde(default)]
        cells: Option<Vec<String>>,
    },
    /// Gives up.
    Resign {
        /// The game id.
        game: String,
    },
    /// Asks for another game with the same rules once this one is over.
    Rematch {
        /// The game id.
        game: String,
    },
    /// Asks for the current state again.
    Sync {
        /// The game id.
        game: String,
    },
    /// Asks for the coach's heat map of the enemy board (games against the computer).
    Coach {
        /// The game id.
        game: String,
    },
    /// Asks for a suggested fleet layout, without placing it.
    Layout {
        /// The game id.
        game: String,
        /// `uniform` (default) or `perelman`, or any placer of the bots crate.
        #[serde(default)]
        placer: Option<String>,
    },
    /// Checks a fleet against the game's rules without placing it.
    Check {
        /// The game id.
        game: String,
        /// The ships and pieces, as in `place`.
        fleet: Vec<String>,
        /// `ru` or `en` (default) for the messages.
        #[serde(default)]
        lang: Option<String>,
        /// The coordinate system of the cells in the messages (default `latin`).
        #[serde(default)]
        coords: Option<String>,
    },
    /// Keeps the connection alive.
    Ping,
}

/// The `type` of every client message, to tell an unknown type from a malformed one.
pub const CLIENT_TYPES: [&str; 17] = [
    "hello", "new_game", "join", "resume", "watch", "queue", "place", "fire", "reveal", "relocate",
    "resign", "rematch", "sync", "coach", "layout", "check", "ping",
];

/// Why a message was refused. Nothing changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, or not a JSON object with a string `type`.
    BadJson,
    /// A `type` the server does not know.
    UnknownType,
    /// A known type with missing or wrong fields.
    BadMessage,
    /// A protocol version the server does not speak.
    UnsupportedVersion,
    /// The message is longer than the limit.
    TooLarge,
    /// Too many messages too fast.
    Flood,
    /// No such game.
    NotFound,
    /// Both seats are taken.
    GameFull,
    /// The token is not a player's of this game.
    BadToken,
    /// The message names a game this connection is not in.
    WrongGame,
    /// The connection is in no game yet.
    NotInGame,
    /// Spectators cannot play.
    Spectator,
    /// The rules text cannot be used.
    BadRules,
    /// No such computer level.
    BadLevel,
    /// The clock is out of range.
    BadClock,
    /// The fleet breaks the rules.
    BadFleet,
    /// The fleet is already placed.
    AlreadyPlaced,
    /// The battle has not started.
    NotStarted,
    /// The game is over.
    GameOver,
    /// It is the other player's turn.
    NotYourTurn,
    /// A cell off the board, or not a cell.
    OffBoard,
    /// A cell shot before.
    AlreadyShot,
    /// A cell named twice in one volley.
    RepeatedCell,
    /// A volley of the wrong number of shots.
    WrongCount,
    /// A reveal is owed (after a mine or minesweeper): nobody shoots until it is made.
    RevealDue,
    /// A `reveal` from a player who owes none.
    NoRevealDue,
    /// A cell that may not be shown for the reveal owed.
    NotRevealable,
    /// A move of a hit flying ship is owed: nobody shoots until it is made.
    RelocateDue,
    /// A `relocate` from a player who owes no move.
    NoRelocateDue,
    /// A `relocate` to cells that cannot be walked in one line of side or corner
    /// neighbours.
    NotAPath,
    /// The game is not over yet.
    NotOver,
    /// The coach is only for a player against the computer, during the battle.
    NoCoach,
    /// No placer of that name.
    BadPlacer,
    /// The server failed; nothing changed, try again.
    Internal,
    /// The request's computation (a fleet drawn, a layout, a record rendered) would
    /// take longer than the server allows; nothing changed.
    TooCostly,
    /// No thread came free for the request's computation in time; try again.
    Busy,
    /// A per-address limit was reached (games created per minute, unfinished games).
    Limit,
    /// The game was closed unfinished after nobody played it for too long.
    Abandoned,
}

/// The longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// A player's name as given with `new_game` or `join`: trimmed, 1 to
/// [`MAX_NAME_CHARS`] characters, no control characters; empty means none.
pub fn player_name(name: Option<&str>) -> Result<Option<String>, ClientError> {
    let Some(name) = name.map(str::trim).filter(|n| !n.is_empty()) else {
        return Ok(None);
    };
    let bad = |why: &str| {
        Err(ClientError::new(
            ErrorCode::BadMessage,
            format!("name: {why}"),
        ))
    };
    if name.chars().count() > MAX_NAME_CHARS {
        return bad(&format!("at most {MAX_NAME_CHARS} characters"));
    }
    if name.chars().any(char::is_control) {
        return bad("no control characters");
    }
    Ok(Some(name.to_string()))
}

/// A refusal, as the client sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClientError {
    /// The kind.
    pub code: ErrorCode,
    /// A short explanation.
    pub message: String,
}

impl ClientError {
    /// A refusal of kind `code`.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ClientError {
        ClientError {
            code,
            message: message.into(),
        }
    }

    /// A server fault: the details go to the log, the client gets a generic message.
    pub fn internal() -> ClientError {
        ClientError::new(
            ErrorCode::Internal,
            "the server could not do that; nothing changed, try again",
        )
    }
}

/// Whether the connection plays or watches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// A player in a seat.
    Player,
    /// A spectator.
    Spectator,
}

/// One shot and its answer, as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShotJson {
    /// The cell.
    pub cell: String,
    /// `miss`, `hit` or `sunk`; in the piece variants also `mine`, `sweeper` or `sub`.
    pub answer: Answer,
    /// The sunk ship's cells, with `sunk`.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub ship: Option<Vec<String>>,
    /// With `sunk`: the cells around the ship where, by the rules, no ship can be.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub halo: Option<Vec<String>>,
}

/// What one shooter knows of the enemy board: only answers and sunk ships.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TargetJson {
    /// Cells answered `miss`.
    pub misses: Vec<String>,
    /// Cells answered `hit` or `sunk`.
    pub hits: Vec<String>,
    /// Each sunk ship's cells.
    pub sunk: Vec<Vec<String>>,
    /// Cells not shot that the rules prove empty: the halos of sunk ships.
    pub empty: Vec<String>,
    /// Sizes of the ships still afloat on this board, largest first.
    pub afloat: Vec<u8>,
    /// Mines found by shots (spent).
    pub mines: Vec<String>,
    /// Minesweepers found by shots.
    pub sweepers: Vec<String>,
    /// Submarines found (and sunk) by shots.
    pub subs: Vec<String>,
    /// Hits on a flying ship that has moved away since: no ship is there now.
    pub left: Vec<String>,
    /// Ship cells this board's owner showed the shooter after a mine, not hit when
    /// shown. Only the two players get them; a spectator's lists are empty.
    pub shown_ships: Vec<String>,
    /// Mines this board's owner showed the shooter after a minesweeper. Players only.
    pub shown_mines: Vec<String>,
}

/// A reveal owed: who must show what before anyone shoots.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DutyJson {
    /// Who owes it.
    pub player: Player,
    /// `ship_cell` (after a mine), `mine` (after a minesweeper) or `relocate` (after a
    /// hit on a flying ship).
    pub kind: String,
}

/// The reveal the connection's player owes first, with the cells they may show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RevealJson {
    /// `ship_cell` or `mine`.
    pub kind: &'static str,
    /// The cells allowed, canonical.
    pub cells: Vec<String>,
}

/// The move of a hit flying ship the connection's player owes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RelocateJson {
    /// The decks the ship has left: the cells the move takes.
    pub decks: usize,
    /// The decks hit where the ship stands, which stay behind, lost.
    pub lost: Vec<String>,
}

/// The player's own board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OwnJson {
    /// Ships as `a1-d1`, once placed; under flying rules, where the ship stands now.
    pub fleet: Option<Vec<String>>,
    /// Cells the opponent has shot.
    pub incoming: Vec<String>,
    /// Decks hit and left behind when the ship moved (flying rules): hits, though no
    /// ship is there any more.
    pub lost: Vec<String>,
}

/// Whether a player is connected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PresenceJson {
    /// Connected now (the computer always is).
    pub present: bool,
    /// Seconds since the player left, when away.
    pub away_secs: Option<u64>,
}

/// The audit of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AuditJson {
    /// The verdict, as the rules engine words it (English).
    pub verdict: String,
    /// The same verdict in Russian.
    pub verdict_ru: String,
    /// Each player's faults (none in a game the server refereed).
    pub faults: [Vec<String>; 2],
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultJson {
    /// The winner.
    pub winner: Player,
    /// `fleet_sunk`, `resigned` or `timeout`.
    pub reason: &'static str,
    /// Both fleets, revealed.
    pub fleets: [Vec<String>; 2],
    /// Under flying rules, both fleets where they stood at the end (the moves are in
    /// the record; `fleets`, as placed, is what the commitments cover).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fleets_at_end: Option<[Vec<String>; 2]>,
    /// The salts of the commitments, revealed.
    pub salts: [String; 2],
    /// The commitments published at the start.
    pub commitments: [String; 2],
    /// The post-game inspection.
    pub audit: AuditJson,
    /// Where to download the record (`.json`; `.txt` for the text notation).
    pub record: String,
}

/// The rules in full, so a client need not read the rules text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RulesJson {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// Ship sizes, largest first, one entry per ship.
    pub fleet: Vec<u8>,
    /// `none`, `corners` or `allowed`.
    pub touch: &'static str,
    /// `straight` or `any`.
    pub shape: &'static str,
    /// Whether a hit shoots again.
    pub hit_again: bool,
    /// Shots per volley: a number, or `afloat` (one per own ship afloat).
    pub shots: String,
    /// Mines per side (seed 004's variants; 0 in other games).
    pub mines: u8,
    /// Minesweepers per side.
    pub sweepers: u8,
    /// Submarines per side.
    pub subs: u8,
    /// Whether mines and minesweepers may touch ships and each other.
    pub pieces_touch: bool,
    /// Whether a hit ship moves (the Flying Dutchman).
    pub flying: bool,
}

/// The whole game as this connection may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StateJson {
    /// The game id.
    pub game: String,
    /// Player or spectator.
    pub role: Role,
    /// The seat, for a player.
    pub seat: Option<Player>,
    /// The rules text.
    pub rules: String,
    /// The same rules in full.
    pub spec: RulesJson,
    /// `computer:LEVEL`, `friend` or `random`.
    pub mode: String,
    /// Seconds per move, if the clock is on.
    pub clock: Option<u32>,
    /// `placement`, `battle` or `over`.
    pub phase: &'static str,
    /// Who has placed a fleet.
    pub placed: [bool; 2],
    /// Who shoots next.
    pub to_move: Option<Player>,
    /// Shots in the next volley.
    pub shots_due: usize,
    /// Reveals and moves owed, oldest first: while any is, nobody shoots.
    pub duties: Vec<DutyJson>,
    /// For a player who owes a reveal: its kind and the cells they may show.
    pub reveal: Option<RevealJson>,
    /// For a player who owes a move of their hit flying ship: the decks it takes.
    pub relocate: Option<RelocateJson>,
    /// The player's own board (players only).
    pub own: Option<OwnJson>,
    /// What player 1 knows of player 2's board, and player 2 of player 1's.
    pub boards: [TargetJson; 2],
    /// The fleet commitments, once the battle started.
    pub commitments: Option<[String; 2]>,
    /// Whether each player is connected.
    pub presence: [PresenceJson; 2],
    /// The names the players gave, if any: shown to everyone in the game.
    pub names: [Option<String>; 2],
    /// Clock timeouts in a row per player.
    pub strikes: [u8; 2],
    /// Whole seconds left on the running clock of the player to act (the one owing a
    /// reveal, else the player to move), if one runs.
    pub clock_left: Option<u32>,
    /// Moves played.
    pub moves: usize,
    /// The result, once over.
    pub result: Option<ResultJson>,
    /// The rematch's game id, once made.
    pub next_game: Option<String>,
}

/// A message from the server.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// Sent on connecting.
    Welcome {
        /// Protocol version.
        v: u32,
        /// Largest message accepted, in bytes.
        max_message_bytes: usize,
        /// Sustained messages per second accepted.
        messages_per_second: u32,
        /// Bot programs the operator registered (`seabattle serve --bot NAME=CMD`):
        /// names a `new_game` against the computer may give as its `level`.
        bots: Vec<String>,
        /// The rules presets a game may be started with (all of them, mines,
        /// minesweepers and submarines included).
        presets: Vec<&'static str>,
    },
    /// The connection now plays or watches a game. `token` only ever goes to its owner.
    Joined {
        /// The game id (also the code to join by).
        game: String,
        /// Player or spectator.
        role: Role,
        /// The seat, for a player.
        seat: Option<Player>,
        /// The secret to `resume` with, for a player.
        token: Option<String>,
        /// The path that joins the game.
        link: String,
    },
    /// The full state.
    State(Box<StateJson>),
    /// A player placed a fleet.
    Placed {
        /// The game id.
        game: String,
        /// Who.
        player: Player,
    },
    /// The battle started; each fleet is committed.
    Battle {
        /// The game id.
        game: String,
        /// Who shoots first.
        first: Player,
        /// SHA-256 of (canonical fleet text, `:`, salt) for players 1 and 2.
        commitments: [String; 2],
        /// Shots in the first volley.
        shots_due: usize,
    },
    /// A volley was fired and answered; or, with `dying`, a sunk submarine's dying
    /// shot, fired by its owner (`player`) at the same cell of the shooter's board.
    Shot {
        /// The game id.
        game: String,
        /// 1-based number of the move in the record.
        number: usize,
        /// Who fired.
        player: Player,
        /// Each shot and its answer.
        shots: Vec<ShotJson>,
        /// A submarine's dying shot (a move of its own in the record).
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        dying: bool,
        /// Who shoots next, unless the game is over (once the reveals owed are made).
        next: Option<Player>,
        /// Shots in `next`'s volley (0 once the game is over).
        shots_due: usize,
        /// Reveals owed now, oldest first (absent when none).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        duties: Vec<DutyJson>,
    },
    /// To the player who owes a reveal only: what they must show, and the cells allowed.
    RevealDue {
        /// The game id.
        game: String,
        /// Who owes it: the player this goes to.
        player: Player,
        /// `ship_cell` (after a mine) or `mine` (after a minesweeper).
        kind: &'static str,
        /// The cells they may show, canonical.
        cells: Vec<String>,
    },
    /// A reveal was made. The cell goes to the two players only (the one who showed
    /// it and the one it was owed to); spectators learn only that it was made.
    Revealed {
        /// The game id.
        game: String,
        /// 1-based number of the move in the record.
        number: usize,
        /// Who showed a cell.
        player: Player,
        /// `ship_cell` or `mine`.
        kind: &'static str,
        /// The cell shown (players only).
        #[serde(skip_serializing_if = "Option::is_none")]
        cell: Option<String>,
        /// Made by the server for a player whose clock ran out.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        by_server: bool,
        /// Who shoots next, unless the game is over.
        next: Option<Player>,
        /// Shots in `next`'s volley.
        shots_due: usize,
        /// Reveals still owed, oldest first (absent when none).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        duties: Vec<DutyJson>,
    },
    /// To the player who owes a move of their hit flying ship only.
    RelocateDue {
        /// The game id.
        game: String,
        /// Who owes it: the player this goes to.
        player: Player,
        /// The decks left: the cells the move takes.
        decks: usize,
        /// The decks hit where the ship stands, which stay behind, lost.
        lost: Vec<String>,
    },
    /// A hit flying ship moved. The new cells go to its owner only; the opponent and
    /// spectators learn only that it moved.
    Relocated {
        /// The game id.
        game: String,
        /// 1-based number of the move in the record.
        number: usize,
        /// Whose ship.
        player: Player,
        /// The ship's new cells (its owner only).
        #[serde(skip_serializing_if = "Option::is_none")]
        cells: Option<Vec<String>>,
        /// Every deck the ship has lost so far: hits its shooter made, where no ship is
        /// now (the rules crate's `TargetBoard::left_behind`).
        left: Vec<String>,
        /// Decks the ship has left.
        decks: usize,
        /// Made by the server for a player whose clock ran out.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        by_server: bool,
        /// Who shoots next, unless the game is over.
        next: Option<Player>,
        /// Shots in `next`'s volley.
        shots_due: usize,
        /// Duties still owed, oldest first (absent when none).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        duties: Vec<DutyJson>,
    },
    /// The clock for a move started.
    Clock {
        /// The game id.
        game: String,
        /// Who must move.
        player: Player,
        /// Seconds allowed.
        seconds: u32,
    },
    /// A player's clock ran out. For a player who owed a reveal, the server makes it
    /// for them (a `revealed` with `by_server` follows).
    Timeout {
        /// The game id.
        game: String,
        /// Whose clock.
        player: Player,
        /// Timeouts in a row; two lose the game.
        strikes: u8,
        /// Who moves now: the opponent after a first timeout; none once the game is lost.
        next: Option<Player>,
        /// Shots in `next`'s volley (0 once the game is over).
        shots_due: usize,
    },
    /// A player connected or left.
    Presence {
        /// The game id.
        game: String,
        /// Who.
        player: Player,
        /// Connected now.
        present: bool,
        /// The player's name, if they gave one.
        name: Option<String>,
    },
    /// The game ended.
    GameOver {
        /// The game id.
        game: String,
        /// Result, revealed fleets and salts, and the audit.
        result: Box<ResultJson>,
    },
    /// A player asked for a rematch.
    RematchOffered {
        /// The game id.
        game: String,
        /// Who asked.
        player: Player,
    },
    /// Spectators: the players went on to a new game.
    Rematch {
        /// The finished game.
        game: String,
        /// The new game's id.
        next: String,
    },
    /// Waiting for a random opponent.
    Queued {
        /// The rules text.
        rules: String,
    },
    /// Nobody came in time: the client may start a game against the computer.
    QueueOffer {
        /// The rules text.
        rules: String,
        /// Seconds waited.
        waited_secs: u64,
    },
    /// A message was refused; nothing changed.
    Error {
        /// The kind.
        code: ErrorCode,
        /// A short explanation.
        message: String,
    },
    /// The coach's heat map: how likely each unknown cell is to hold a ship, computed
    /// by the density shooter from the player's own view of the enemy board.
    Coach {
        /// The game id.
        game: String,
        /// Board width; `weights` is row by row.
        width: u8,
        /// Board height.
        height: u8,
        /// One weight per cell, 0 to 1, 1 for the likeliest; 0 for cells shot or ruled out.
        weights: Vec<f64>,
        /// The cells of weight 1.
        best: Vec<String>,
    },
    /// A suggested layout; nothing is placed until `place`.
    Layout {
        /// The game id.
        game: String,
        /// The placer that drew it.
        placer: String,
        /// The ships, as in `place`.
        fleet: Vec<String>,
    },
    /// The answer to `check`: every rule the fleet breaks, at once (none for a legal
    /// fleet), as the rules engine words them.
    Checked {
        /// The game id.
        game: String,
        /// The fleet checked, as sent: a client matches the answer to its layout.
        fleet: Vec<String>,
        /// The language of the messages.
        lang: &'static str,
        /// The coordinate system of the cells in the messages.
        coords: &'static str,
        /// Each violation.
        violations: Vec<ViolationJson>,
    },
    /// The answer to `ping`.
    Pong,
}

/// One rule a fleet breaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ViolationJson {
    /// `bounds`, `overlap`, `touching`, `shape`, `size` or `fleet`.
    pub kind: &'static str,
    /// The cells to highlight, canonical.
    pub cells: Vec<String>,
    /// What is wrong, in the language and coordinate system asked for.
    pub message: String,
    /// For a piece's violation: `mine`, `sweeper` or `sub`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub piece: Option<&'static str>,
}

impl From<ClientError> for ServerMsg {
    fn from(e: ClientError) -> ServerMsg {
        ServerMsg::Error {
            code: e.code,
            message: e.message,
        }
    }
}

impl ServerMsg {
    /// The message as a text frame.
    pub fn to_text(&self) -> String {
        // Every field is a plain string, number, bool, list or map: this cannot fail.
        serde_json::to_string(self).unwrap_or_else(|_| {
            r#"{"type":"error","code":"internal","message":"encoding failed"}"#.into()
        })
    }
}

/// Reads one client message, telling malformed JSON from an unknown type from a known
/// type with bad fields.
pub fn parse(text: &str) -> Result<ClientMsg, ClientError> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| ClientError::new(ErrorCode::BadJson, format!("not json: {e}")))?;
    let Some(ty) = value
        .get("type")
        .and_then(|t| t.as_str())
        .map(str::to_string)
    else {
        return Err(ClientError::new(
            ErrorCode::BadJson,
            "expected a json object with a string \"type\"",
        ));
    };
    if !CLIENT_TYPES.contains(&ty.as_str()) {
        return Err(ClientError::new(
            ErrorCode::UnknownType,
            format!("unknown message type {ty:?}"),
        ));
    }
    serde_json::from_value(value)
        .map_err(|e| ClientError::new(ErrorCode::BadMessage, format!("bad {ty:?} message: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_kinds() {
        assert_eq!(parse("{").unwrap_err().code, ErrorCode::BadJson);
        assert_eq!(parse("[1]").unwrap_err().code, ErrorCode::BadJson);
        assert_eq!(
            parse(r#"{"type":"dance"}"#).unwrap_err().code,
            ErrorCode::UnknownType
        );
        assert_eq!(
            parse(r#"{"type":"fire","game":"x"}"#).unwrap_err().code,
            ErrorCode::BadMessage
        );
        assert!(matches!(
            parse(r#"{"type":"fire","game":"x","cells":["a1"]}"#),
            Ok(ClientMsg::Fire { .. })
        ));
        assert!(matches!(parse(r#"{"type":"ping"}"#), Ok(ClientMsg::Ping)));
    }

    #[test]
    fn errors_serialize_with_code() {
        let m: ServerMsg = ClientError::new(ErrorCode::NotYourTurn, "wait").into();
        assert_eq!(
            m.to_text(),
            r#"{"type":"error","code":"not_your_turn","message":"wait"}"#
        );
    }
}

//! Messages from the server to a client, and the objects they carry.

use seabattle_core::{Answer, Player};
use serde::{Deserialize, Serialize};

use crate::{
    CoordSystem, DutyKind, EndReason, ErrorCode, Lang, Phase, PieceKind, Role, SeatAccountJson,
    ShipShape, Touching, ViolationKind,
};

/// One shot and its answer, as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ShotJson {
    /// The cell.
    pub cell: String,
    /// `miss`, `hit` or `sunk`; in the piece variants also `mine`, `sweeper` or `sub`.
    pub answer: Answer,
    /// The sunk ship's cells, with `sunk`.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub ship: Option<Vec<String>>,
    /// With `sunk`: the cells around the ship where, by the rules, no ship can be.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub halo: Option<Vec<String>>,
}

/// One shot of the game so far, as the move list shows it: who fired, where, and the
/// answer. Everyone in the game saw it answered, spectators too.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LoggedShotJson {
    /// Who fired (for a dying shot, the sunk submarine's owner).
    pub player: Player,
    /// The cell.
    pub cell: String,
    /// The answer, as in [`ShotJson`].
    pub answer: Answer,
    /// A sunk submarine's dying shot.
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub dying: bool,
}

/// What one shooter knows of the enemy board: only answers and sunk ships.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    #[serde(default)]
    pub mines: Vec<String>,
    /// Minesweepers found by shots.
    #[serde(default)]
    pub sweepers: Vec<String>,
    /// Submarines found (and sunk) by shots.
    #[serde(default)]
    pub subs: Vec<String>,
    /// Hits on a flying ship that has moved away since: no ship is there now.
    #[serde(default)]
    pub left: Vec<String>,
    /// Ship cells this board's owner showed the shooter after a mine, not hit when
    /// shown. Only the two players get them; a spectator's lists are empty.
    #[serde(default)]
    pub shown_ships: Vec<String>,
    /// Mines this board's owner showed the shooter after a minesweeper. Players only.
    #[serde(default)]
    pub shown_mines: Vec<String>,
}

/// A reveal owed: who must show what before anyone shoots.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DutyJson {
    /// Who owes it.
    pub player: Player,
    /// `ship_cell` (after a mine), `mine` (after a minesweeper) or `relocate` (after a
    /// hit on a flying ship).
    pub kind: DutyKind,
}

/// The reveal the connection's player owes first, with the cells they may show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RevealJson {
    /// `ship_cell` or `mine`.
    pub kind: DutyKind,
    /// The cells allowed, canonical.
    pub cells: Vec<String>,
}

/// The move of a hit flying ship the connection's player owes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RelocateJson {
    /// The decks the ship has left: the cells the move takes.
    pub decks: usize,
    /// The decks hit where the ship stands, which stay behind, lost.
    pub lost: Vec<String>,
}

/// The player's own board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OwnJson {
    /// Ships as `a1-d1`, once placed; under flying rules, where the ship stands now.
    pub fleet: Option<Vec<String>>,
    /// Cells the opponent has shot.
    pub incoming: Vec<String>,
    /// Decks hit and left behind when the ship moved (flying rules): hits, though no
    /// ship is there any more.
    #[serde(default)]
    pub lost: Vec<String>,
}

/// Whether a player is connected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PresenceJson {
    /// Connected now (the computer always is).
    pub present: bool,
    /// Seconds since the player left, when away.
    pub away_secs: Option<u64>,
}

/// The audit of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AuditJson {
    /// The verdict, as the rules engine words it (English).
    pub verdict: String,
    /// The same verdict in Russian.
    pub verdict_ru: String,
    /// Each player's faults (none in a game the server refereed).
    pub faults: [Vec<String>; 2],
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ResultJson {
    /// The winner.
    pub winner: Player,
    /// `fleet_sunk`, `resigned` or `timeout`.
    pub reason: EndReason,
    /// Both fleets, revealed.
    pub fleets: [Vec<String>; 2],
    /// Under flying rules, both fleets where they stood at the end (the moves are in
    /// the record; `fleets`, as placed, is what the commitments cover).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub fleets_at_end: Option<[Vec<String>; 2]>,
    /// The salts of the commitments, revealed.
    pub salts: [String; 2],
    /// The commitments published at the start.
    pub commitments: [String; 2],
    /// The post-game inspection.
    pub audit: AuditJson,
    /// Where to download the record (`.json`; `.txt` for the text notation).
    pub record: String,
    /// In a rated game, each seat's rating before and after it (absent in other
    /// games, and in a rated game whose rating could not be stored).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub ratings: Option<[RatingJson; 2]>,
    /// The game ended before each player had fired at least once (a resignation, a
    /// player gone, a clock run out): it is not rated, and players' figures leave it
    /// out.
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub aborted: bool,
}

/// How the two people of a game between people (not the queue's) met: a stranger from
/// the lobby or a challenge is an opponent, whoever came by the link a friend.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Met {
    /// The second came by the game's link or code.
    Link,
    /// The game was opened in the lobby, and anyone could take it.
    Lobby,
    /// One challenged the other by name.
    Challenge,
}

/// Why a game whose players asked for a rated one is casual.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Casual {
    /// The same two accounts have played their rated games against each other for the
    /// last 24 hours (three): more would let two friends farm a rating.
    PairLimit,
    /// One of the two asked for a casual game or has no account: a rated seeker who
    /// waited [`CASUAL_AFTER_SECS`] meets anyone in the queue, unrated.
    Mixed,
}

/// How long a seeker for a rated game waits for another before it also meets players
/// who cannot play rated (guests, casual seekers), unrated.
pub const CASUAL_AFTER_SECS: u64 = 5;

/// A seat's rating change in a rated game: shown as «1500 → 1662 (+162)», with «?»
/// after a provisional rating (docs/protocol.md, "Ratings").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RatingJson {
    /// The rating before the game, rounded.
    pub before: i32,
    /// The rating after it, rounded.
    pub after: i32,
    /// Whether the rating before was provisional (its deviation above 110).
    pub provisional_before: bool,
    /// Whether the rating after is provisional.
    pub provisional_after: bool,
}

/// The rules in full, so a client need not read the rules text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RulesJson {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// Ship sizes, largest first, one entry per ship.
    pub fleet: Vec<u8>,
    /// `none`, `corners` or `allowed`.
    pub touching: Touching,
    /// `straight` or `any`.
    pub shape: ShipShape,
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

impl From<&seabattle_core::Rules> for RulesJson {
    fn from(rules: &seabattle_core::Rules) -> RulesJson {
        let dims = rules.dims();
        RulesJson {
            width: dims.width(),
            height: dims.height(),
            fleet: rules.fleet().to_vec(),
            touching: rules.touching(),
            shape: rules.shape(),
            hit_again: rules.hit_again(),
            shots: rules.shots().to_string(),
            mines: rules.pieces().mines,
            sweepers: rules.pieces().sweepers,
            subs: rules.pieces().submarines,
            pieces_touch: rules.pieces().may_touch,
            flying: rules.flying(),
        }
    }
}

/// The whole game as this connection may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    pub phase: Phase,
    /// Who has placed a fleet.
    pub placed: [bool; 2],
    /// Who shoots next.
    pub to_move: Option<Player>,
    /// Shots in the next volley.
    #[serde(default = "one_shot")]
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
    /// The account behind each seat, if a signed-in player holds it: its name (for
    /// `/u/NAME`) and, under a preset, its rating there. A seat without one is a
    /// guest's.
    #[serde(default)]
    pub accounts: [Option<SeatAccountJson>; 2],
    /// Clock timeouts in a row per player.
    pub strikes: [u8; 2],
    /// Whole seconds left on the running clock of the player to act (the one owing a
    /// reveal, else the player to move), if one runs.
    pub clock_left: Option<u32>,
    /// Moves played.
    pub moves: usize,
    /// Every shot so far, oldest first: the move list, whole for whoever comes in the
    /// middle of a game (a spectator, a player on another device).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub log: Vec<LoggedShotJson>,
    /// The result, once over.
    pub result: Option<ResultJson>,
    /// The rematch's game id, once made.
    pub next_game: Option<String>,
    /// Whether the game counts for ratings.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// Why a game whose players asked for a rated one is casual.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub casual: Option<Casual>,
    /// In a `friend` game, how the two met (absent in other games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub met: Option<Met>,
    /// In a game between people without a clock, the seconds an opponent must have
    /// been away before the player who stayed may claim the win (`claim_win`); absent
    /// where no win can be claimed (computer and hot-seat games, clocked games,
    /// spectators).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub claim_after: Option<u32>,
    /// An arena's game in placement: the seconds left to place a fleet; a seat that
    /// has not by then loses by no-show (`no_show`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub placement_left: Option<u32>,
    /// An arena's game: the arena's id (its page is `/arena/{id}`, its figures
    /// `/arena/{id}/json`), so the game's page keeps the arena in view.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub arena: Option<String>,
}

/// A computer level and the account it plays rated games under.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LevelAccountJson {
    /// The level (`easy`, `medium`, `hard`, `expert`).
    pub level: String,
    /// Its account's name.
    pub name: String,
}

/// A message from the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
        presets: Vec<String>,
        /// The node's name when the server is one node of a cluster: the client then
        /// connects to `/ws?game=ID` once it knows its game (docs/protocol.md §13).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        node: Option<String>,
        /// The account the socket acts for (its session cookie's name), absent for a
        /// guest: its seats are the account's, and a random game it queues for is
        /// rated (docs/protocol.md, "Ratings").
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        account: Option<String>,
        /// The computer's levels on the ladder and the accounts they play under
        /// («Компьютер.эксперт»), so a page can name them in its own language.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        levels: Vec<LevelAccountJson>,
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
        #[serde(default = "one_shot")]
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
        #[serde(skip_serializing_if = "std::ops::Not::not", default)]
        dying: bool,
        /// Who shoots next, unless the game is over (once the reveals owed are made).
        next: Option<Player>,
        /// Shots in `next`'s volley (0 once the game is over).
        #[serde(default = "one_shot")]
        shots_due: usize,
        /// Reveals owed now, oldest first (absent when none).
        #[serde(skip_serializing_if = "Vec::is_empty", default)]
        duties: Vec<DutyJson>,
    },
    /// To the player who owes a reveal only: what they must show, and the cells allowed.
    RevealDue {
        /// The game id.
        game: String,
        /// Who owes it: the player this goes to.
        player: Player,
        /// `ship_cell` (after a mine) or `mine` (after a minesweeper).
        kind: DutyKind,
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
        kind: DutyKind,
        /// The cell shown (players only).
        #[serde(skip_serializing_if = "Option::is_none", default)]
        #[cfg_attr(feature = "ts", ts(optional))]
        cell: Option<String>,
        /// Made by the server for a player whose clock ran out.
        #[serde(skip_serializing_if = "std::ops::Not::not", default)]
        by_server: bool,
        /// Who shoots next, unless the game is over.
        next: Option<Player>,
        /// Shots in `next`'s volley.
        #[serde(default = "one_shot")]
        shots_due: usize,
        /// Reveals still owed, oldest first (absent when none).
        #[serde(skip_serializing_if = "Vec::is_empty", default)]
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
        #[serde(skip_serializing_if = "Option::is_none", default)]
        #[cfg_attr(feature = "ts", ts(optional))]
        cells: Option<Vec<String>>,
        /// Every deck the ship has lost so far: hits its shooter made, where no ship is
        /// now (the rules crate's `TargetBoard::left_behind`).
        left: Vec<String>,
        /// Decks the ship has left.
        decks: usize,
        /// Made by the server for a player whose clock ran out.
        #[serde(skip_serializing_if = "std::ops::Not::not", default)]
        by_server: bool,
        /// Who shoots next, unless the game is over.
        next: Option<Player>,
        /// Shots in `next`'s volley.
        #[serde(default = "one_shot")]
        shots_due: usize,
        /// Duties still owed, oldest first (absent when none).
        #[serde(skip_serializing_if = "Vec::is_empty", default)]
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
        #[serde(default = "one_shot")]
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
        /// The account behind the seat, as `state`'s `accounts` shows it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        account: Option<SeatAccountJson>,
    },
    /// An arena's game closed in placement: the seats in `absent` placed no fleet in
    /// time. With one absent the arena counts the game as the other's win; with both,
    /// for nobody. The game has no record (a fleet is missing).
    NoShow {
        /// The game id.
        game: String,
        /// The seats that placed nothing.
        absent: Vec<Player>,
    },
    /// The game ended.
    GameOver {
        /// The game id.
        game: String,
        /// Result, revealed fleets and salts, and the audit.
        result: Box<ResultJson>,
    },
    /// A player asked that a friend's game be rated: who asked so far, and whether it
    /// is rated now (both asked).
    Rate {
        /// The game id.
        game: String,
        /// Whether each seat asked.
        asked: [bool; 2],
        /// Whether the game counts for ratings now.
        rated: bool,
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
        /// Whether the game will be rated: the socket is signed in and the rules are a
        /// preset (docs/protocol.md, "Ratings").
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        rated: bool,
    },
    /// Nobody came in time: the client may start a game against the computer.
    QueueOffer {
        /// The rules text.
        rules: String,
        /// Seconds waited.
        waited_secs: u64,
        /// For a seeker of a rated game: the computer's level nearest in rating, offered
        /// as a rated game (`new_game` with `opponent` computer, this `level` and
        /// `rated`). Declining keeps the seeker in the queue.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        level: Option<String>,
        /// That level's account, as a seat shows it (name, rating, BOT).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        bot: Option<SeatAccountJson>,
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
        lang: Lang,
        /// The coordinate system of the cells in the messages.
        coords: CoordSystem,
        /// Each violation.
        violations: Vec<ViolationJson>,
    },
    /// The answer to `turn`: the layout with the ship turned and moved where it breaks
    /// no rule.
    Turned {
        /// The game id.
        game: String,
        /// The layout, in the order sent, the ship turned.
        fleet: Vec<String>,
        /// The index of the ship that turned.
        ship: usize,
    },
    /// The answer to `ping`.
    Pong,
    /// The answer to `learned`: what the computer learned about the player, one entry
    /// per rules text they played under (none if nothing was learned).
    Learned {
        /// Each rules text's fleets and heat map.
        histories: Vec<LearnedJson>,
    },
    /// The answer to `forget`: everything learned about the player is erased.
    Forgotten {
        /// How many fleets were erased.
        fleets: usize,
    },
    /// A player said a phrase of the quick chat; told to both seats and the spectators.
    Chat {
        /// The game id.
        game: String,
        /// Who said it.
        player: Player,
        /// The phrase's id.
        phrase: crate::Phrase,
    },
    /// Who is here: the online count, the games being played, the lobby's open games.
    Lobby(Box<crate::LobbyJson>),
    /// Someone challenges this account: answer with `answer_challenge`.
    Challenged(Box<crate::ChallengeJson>),
    /// The challenge this socket sent is waiting for an answer.
    ChallengeSent(Box<crate::ChallengeJson>),
    /// A challenge ended: told to both players (an accepted one is followed by
    /// `joined`).
    ChallengeEnded {
        /// The challenge's id.
        id: String,
        /// How it ended.
        end: crate::ChallengeEnd,
    },
}

/// What the computer learned about a player under one rules text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LearnedJson {
    /// The rules text.
    pub rules: String,
    /// Board width; `heat` is row by row.
    pub width: u8,
    /// Board height.
    pub height: u8,
    /// The fleets placed in games that ended, oldest first, each as in `place`.
    pub fleets: Vec<Vec<String>>,
    /// For each cell, the share of those fleets with a ship there, 0 to 1.
    pub heat: Vec<f64>,
    /// The placement habit those fleets show most clearly; absent when none does.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub habit: Option<crate::LearnedHabit>,
}

/// One rule a fleet breaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ViolationJson {
    /// `bounds`, `overlap`, `touching`, `shape`, `size` or `fleet`.
    pub kind: ViolationKind,
    /// The cells to highlight, canonical.
    pub cells: Vec<String>,
    /// What is wrong, in the language and coordinate system asked for.
    pub message: String,
    /// For a piece's violation: `mine`, `sweeper` or `sub`.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub piece: Option<PieceKind>,
}

/// `shots_due` from a server that does not say: the classic volley of one shot.
fn one_shot() -> usize {
    1
}

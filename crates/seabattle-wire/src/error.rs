//! Refusals: why the server refused a message, and player names.

use serde::{Deserialize, Serialize};

/// Why a message was refused. Nothing changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    /// A second attempt at the day's daily sea: one attempt a day, per account or
    /// guest.
    AlreadyPlayed,
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
    /// A player key that is not 22 to 64 characters of `A-Z a-z 0-9 _ -`.
    BadPlayer,
    /// The game is served by another node of the cluster now (or is moving to one);
    /// nothing changed: reconnect to `/ws?game=ID` and `resume`.
    Moved,
    /// A win claimed while the opponent is here, has not been away long enough, or
    /// in a game where it cannot be claimed (a clock runs, or the opponent is the
    /// computer).
    NotAway,
    /// A ship that, turned, fits nowhere on the board without breaking a rule.
    NoRoom,
    /// A friend's game that cannot be made rated: not signed in, not a friend's game,
    /// custom rules, or a fleet already placed.
    NotRateable,
    /// Quick chat is only for games between people on their own devices (a friend's
    /// game or a random opponent's), not against the computer nor at one device.
    NoChat,
    /// An HTTP request whose body is not what the endpoint takes: not JSON, a field
    /// missing or of the wrong kind; the message names it.
    BadRequest,
    /// An account name that cannot be one: 3–20 letters, digits, `_`, `-` or `.`.
    BadName,
    /// A password of fewer than 8 or more than 128 characters.
    BadPassword,
    /// An account name taken already (compared without case, in NFKC).
    NameTaken,
    /// An unknown account name or a wrong password: the two are not told apart.
    WrongCredentials,
    /// The request needs a signed-in account, and its session is none or has ended.
    SignedOut,
    /// Too many attempts from one address or on one account; the answer says when to
    /// try again (`Retry-After`).
    Throttled,
    /// A request that changes an account, sent from another site's page.
    CrossSite,
    /// The server cannot answer now (its storage or its pool); nothing changed, try
    /// again.
    Unavailable,
    /// A challenge to an account that has no page open now (or to oneself).
    NotOnline,
    /// A challenge that is no longer open: answered, taken back or expired.
    NoChallenge,
    /// An account that has played games cannot become a BOT.
    HasGames,
    /// API tokens are a BOT account's only.
    NotABot,
    /// A BOT plays by challenge only: never in the queue nor the lobby.
    BotNotAllowed,
    /// A BOT already plays as many games at once as the server allows it.
    TooManyGames,
    /// An API token sent over plain HTTP from another machine: tokens travel over
    /// TLS only, unless the server's operator allows it.
    PlainToken,
    /// A BOT's challenge to a person who does not take challenges from BOTs (a setting
    /// of theirs, off until they turn it on).
    NoBotChallenges,
    /// An arena that has ended, or a player it does not admit (its entry condition, or
    /// a BOT where BOTs may not play).
    ArenaClosed,
    /// Berserk asked where it cannot be: not an arena's game, or after the seat's first
    /// shot.
    NoBerserk,
    /// A name (an account's or an arena's) that contains a word not allowed here,
    /// look-alike letters and digits read as the letters they stand for.
    ForbiddenWord,
    /// A moderator's endpoint or action, asked by an account without the role (or by
    /// nobody signed in, or by a BOT's token).
    NotModerator,
    /// A challenge, a game or a pairing with a player who blocks the asker, or whom
    /// the asker blocks.
    Blocked,
    /// An account closed by a moderator: it cannot sign in.
    AccountClosed,
    /// A moderator muted the account's quick chat for a while.
    Muted,
    /// The same player reported for the same reason by the same account today.
    AlreadyReported,
    /// A moderator asked the account to choose a new name first
    /// (`POST /account/rename`).
    MustRename,
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

/// The shortest player key: 22 characters of base64url are 128 bits.
pub const MIN_KEY_CHARS: usize = 22;
/// The longest player key.
pub const MAX_KEY_CHARS: usize = 64;

/// Checks a player key as given with `new_game`, `learned` or `forget`: 22 to 64
/// characters of `A-Z a-z 0-9 _ -`. The key is a secret: the refusal never repeats it.
pub fn player_key(key: &str) -> Result<&str, ClientError> {
    let fits = (MIN_KEY_CHARS..=MAX_KEY_CHARS).contains(&key.len())
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if fits {
        Ok(key)
    } else {
        Err(ClientError::new(
            ErrorCode::BadPlayer,
            format!(
                "player: a key is {MIN_KEY_CHARS} to {MAX_KEY_CHARS} characters of A-Z, a-z, \
                 0-9, _ and - (this one has {} characters)",
                key.chars().count()
            ),
        ))
    }
}

/// A refusal, as the client sees it: an `error` message's body, and the body of an
/// HTTP endpoint's refusal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_keys() {
        assert!(player_key("q8V2-x_7Lm0pZr4tY6wE1A").is_ok());
        assert!(player_key(&"a".repeat(64)).is_ok());
        for bad in [
            "",
            "short",
            &"a".repeat(65),
            "q8V2-x_7Lm0pZr4tY6wE1A!",
            "ключключключключключключ",
        ] {
            let e = player_key(bad).unwrap_err();
            assert_eq!(e.code, ErrorCode::BadPlayer);
            assert!(bad.is_empty() || !e.message.contains(bad), "{}", e.message);
        }
    }
}

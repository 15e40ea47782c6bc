//! Messages from a client to the server.

use serde::{Deserialize, Serialize};

use crate::{Opponent, Phrase};

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        level: Option<String>,
        /// Rules text (a preset or custom); default `classic`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        rules: Option<String>,
        /// Seconds per move; absent or 0 for no clock.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        clock: Option<u32>,
        /// The name the other players see (see [`player_name`](crate::player_name)); optional.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        name: Option<String>,
        /// The player's long-lived secret key (see [`player_key`](crate::player_key)),
        /// under which the computer learns the fleets they place; optional.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        player: Option<String>,
        /// The language the creator plays in: a friend's game link previews in it
        /// (a link unfurled by a messenger's robot carries no language of its own);
        /// optional.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        lang: Option<crate::Lang>,
        /// `true` for a rated game against one of the computer's levels (a signed-in
        /// player, under a preset): the level plays under its BOT account. Absent or
        /// `false` for casual.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        rated: Option<bool>,
    },
    /// Takes the free seat of a friend's game.
    Join {
        /// The game's code.
        game: String,
        /// The name the other players see (see [`player_name`](crate::player_name)); optional.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        name: Option<String>,
    },
    /// Comes back to a game with the token received on joining, or, from a socket
    /// signed in to an account, to the seat that account holds (no token).
    Resume {
        /// The game id.
        game: String,
        /// The player's secret token; absent to resume as the signed-in account.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        token: Option<String>,
    },
    /// Watches a game.
    Watch {
        /// The game id.
        game: String,
    },
    /// Waits for a random opponent under these rules, in the one queue guests and
    /// accounts share.
    Queue {
        /// Rules text; default `classic`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        rules: Option<String>,
        /// `false` asks for a casual game; `true` or absent, a signed-in player under a
        /// preset plays rated when the opponent can too.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        rated: Option<bool>,
    },
    /// Places the fleet: the ships given, or a random fleet when `fleet` is absent.
    Place {
        /// The game id.
        game: String,
        /// Ships as `a1-d1`, `f3`, `a1+a2+b2`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
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
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        cells: Option<Vec<String>>,
    },
    /// Gives up.
    Resign {
        /// The game id.
        game: String,
    },
    /// Claims the win over an opponent who left and stayed away past the game's
    /// `claim_after` (games between people without a clock).
    ClaimWin {
        /// The game id.
        game: String,
    },
    /// Gives or changes the name the others see, once in a seat.
    Name {
        /// The game id.
        game: String,
        /// The name (see [`player_name`](crate::player_name)); empty for none.
        name: String,
    },
    /// Asks that a friend's game be rated: once both players, each signed in, asked
    /// before either placed a fleet, it counts for ratings (docs/protocol.md,
    /// "Ratings").
    Rate {
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
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        placer: Option<String>,
    },
    /// Checks a fleet against the game's rules without placing it.
    Check {
        /// The game id.
        game: String,
        /// The ships and pieces, as in `place`.
        fleet: Vec<String>,
        /// `ru` or `en` (default) for the messages.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        lang: Option<String>,
        /// The coordinate system of the cells in the messages (default `latin`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        coords: Option<String>,
    },
    /// Turns one ship of a layout a quarter turn, into the nearest place where it
    /// breaks no rule (placement): the server answers `turned`, or `no_room`.
    Turn {
        /// The game id.
        game: String,
        /// The ships and pieces on the board, as in `place`.
        fleet: Vec<String>,
        /// The index in `fleet` of the ship to turn.
        ship: usize,
    },
    /// Asks what the computer learned about a player: their past fleets and habits.
    Learned {
        /// The player's key (see [`player_key`](crate::player_key)).
        player: String,
        /// Only the fleets placed under these rules (the game's rules text); all rules
        /// when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        rules: Option<String>,
    },
    /// Erases what the computer learned about a player, under every rules.
    Forget {
        /// The player's key (see [`player_key`](crate::player_key)).
        player: String,
    },
    /// Keeps the connection alive.
    Ping,
    /// Says a phrase of the quick chat to everyone in the game (a seated player of a
    /// game between people).
    Chat {
        /// The game id.
        game: String,
        /// The phrase's id.
        phrase: Phrase,
    },
    /// Follows who is here: the server answers `lobby` at once and again whenever it
    /// changes (at most every two seconds), until the socket enters a game or queue.
    Lobby,
    /// Opens a game in the lobby, waiting for anyone to `join` it (as a friend's game,
    /// without a link to pass on): the creator takes seat 1.
    Seek {
        /// Rules text; default `classic`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        rules: Option<String>,
        /// Seconds per move; absent or 0 for no clock.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        clock: Option<u32>,
        /// `true` for a game rated when a signed-in player joins it (the creator must be
        /// signed in, under a preset); absent or `false` for casual.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        rated: Option<bool>,
        /// The name the other players see, for a guest; optional.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        name: Option<String>,
    },
    /// Challenges an account that is online, by its name (a signed-in player only).
    Challenge {
        /// The account's name.
        to: String,
        /// Rules text; default `classic`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        rules: Option<String>,
        /// Seconds per move; absent or 0 for no clock.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        clock: Option<u32>,
        /// `true` (under a preset) for a rated game, absent or `false` for casual.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        rated: Option<bool>,
    },
    /// Accepts or declines a challenge received.
    AnswerChallenge {
        /// The challenge's id.
        id: String,
        /// Accept or decline.
        answer: crate::Answer,
    },
    /// Takes back a challenge sent.
    CancelChallenge {
        /// The challenge's id.
        id: String,
    },
    /// A BOT's API token, as the first message of a socket opened without an
    /// `Authorization` header (for clients that cannot set one): the server answers a
    /// second `welcome` naming the account, or `bad_token` and closes.
    Auth {
        /// The API token.
        token: String,
    },
}

//! The account endpoints over HTTP (`/account/…`, docs/accounts.md and
//! docs/bot-api.md): what their requests carry and what they answer, one type for the
//! server that reads and writes them and the clients and tests on the other side.

use serde::{Deserialize, Serialize};

/// What sign-up, sign-in, deletion and `POST /account/bot` send.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// The account's name.
    pub name: String,
    /// Its password.
    pub password: String,
    /// What the guest had on this browser, to keep (sign-up and sign-in only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub guest: Option<Guest>,
}

/// What a guest had on this browser, for the account that signs in to keep: what the
/// computer learned under their player key, and the finished games whose seat tokens
/// the browser kept.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Guest {
    /// The browser's player key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub player: Option<String>,
    /// Finished games and their seats' tokens.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub games: Vec<GuestGame>,
}

/// A game the guest played, with its seat's token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct GuestGame {
    /// The game's id.
    pub game: String,
    /// The seat's token.
    pub token: String,
}

/// What sign-up and sign-in answer: the account's name (the session is the cookie).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Named {
    /// The account's name, as stored.
    pub name: String,
}

/// What `GET /account/me` answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Me {
    /// The account's name.
    pub name: String,
    /// Whether it is a BOT.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
    /// Whether it takes challenges from BOTs.
    pub bot_challenges: bool,
    /// Whether it holds the moderator role (the page then links to `/mod`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub moderator: bool,
    /// What moderation tells the player at this visit: a warning (once), a name to
    /// change.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notices: Vec<crate::moderation::ModNotice>,
}

/// `POST /account/rename` `{"name"}`: the new name of an account a moderator asked to
/// choose one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct NewName {
    /// The name.
    pub name: String,
}

/// What `POST /account/bot` answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Made {
    /// The account's name.
    pub name: String,
    /// Whether it is a BOT now (always).
    pub bot: bool,
}

/// `POST /account/tokens` `{"name"}`: a new API token's name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct NewToken {
    /// The name its owner gives it.
    pub name: String,
}

/// `POST /account/bot-challenges` `{"allow"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct BotChallenges {
    /// Whether the account takes challenges from BOTs.
    pub allow: bool,
}

/// `POST /account/tokens/revoke` `{"id"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Revoke {
    /// The token's id ([`TokenInfo::id`]).
    pub id: i64,
}

/// An API token as its owner sees it listed (`GET /account/tokens`): never the token
/// itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TokenInfo {
    /// Its id, to revoke it by.
    pub id: i64,
    /// The name its owner gave it.
    pub name: String,
    /// When it was made (seconds since the epoch).
    pub created_at: i64,
    /// When it was revoked, if it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub revoked_at: Option<i64>,
}

/// A token made (`POST /account/tokens`): shown this once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MadeToken {
    /// The token as listed.
    #[serde(flatten)]
    pub info: TokenInfo,
    /// The token itself.
    pub token: String,
}

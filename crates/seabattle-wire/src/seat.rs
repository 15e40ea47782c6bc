//! The account behind a seat, as every answer that names one shows it: a leaf, so the
//! server's messages and the lobby's can both name it without naming each other.

use serde::{Deserialize, Serialize};

/// The account that holds a seat, as everyone in the game sees it: «Анна 1712», or
/// «Анна 1500?» while the rating is provisional.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatAccountJson {
    /// The account's name.
    pub name: String,
    /// Its rating under the game's preset, rounded; absent under custom rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub rating: Option<i32>,
    /// Whether that rating is still provisional (shown with «?»).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub provisional: bool,
    /// Whether the account is a BOT (shown «BOT» beside its name everywhere).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
}

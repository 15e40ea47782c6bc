//! Moderation over HTTP (issue 51, docs/server.md "Moderation"): a player's report
//! and block list (`/account/reports`, `/account/blocks`), and the moderators' endpoints under
//! `/mod/` with the log every action is written to. The operator's `seabattle admin`
//! takes the same actions, named by the same [`ModAction`].

use serde::{Deserialize, Serialize};

/// Why a player is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ReportReason {
    /// Plays with a solver or another program beside the board.
    Cheating,
    /// An offensive name.
    Name,
    /// Abuse in play (the quick chat, rematch spam, …).
    Abuse,
    /// Lets the clock run instead of playing.
    Stalling,
    /// Anything else: the words say what.
    Other,
}

impl ReportReason {
    /// Every reason, in the order a page lists them.
    pub const ALL: [ReportReason; 5] = [
        ReportReason::Cheating,
        ReportReason::Name,
        ReportReason::Abuse,
        ReportReason::Stalling,
        ReportReason::Other,
    ];

    /// The word on the wire and in storage.
    pub fn word(self) -> &'static str {
        match self {
            ReportReason::Cheating => "cheating",
            ReportReason::Name => "name",
            ReportReason::Abuse => "abuse",
            ReportReason::Stalling => "stalling",
            ReportReason::Other => "other",
        }
    }

    /// The reason whose word is `word`.
    pub fn from_word(word: &str) -> Option<ReportReason> {
        ReportReason::ALL.into_iter().find(|r| r.word() == word)
    }
}

/// What a moderator (or the operator) did; each is written to the moderation log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ModAction {
    /// A warning the player is shown once, at their next visit.
    Warn,
    /// No quick chat from the player until a time.
    Mute,
    /// Marked as an engine: off the leaderboards; their rated games move only their own
    /// rating.
    MarkEngine,
    /// The engine mark taken back.
    UnmarkEngine,
    /// The player must choose a new name at their next visit; the old one stays taken.
    ForceRename,
    /// The account is closed: its sessions and API tokens end, it cannot sign in.
    Close,
    /// A closed account opened again.
    Reopen,
    /// An arena ended at once (and renamed, if a name is given).
    CloseArena,
    /// A BOT's API tokens stop working.
    DisableBot,
    /// The moderator role granted (by the operator only).
    GrantMod,
    /// The moderator role taken back (by the operator only).
    RevokeMod,
}

impl ModAction {
    /// Every action.
    pub const ALL: [ModAction; 11] = [
        ModAction::Warn,
        ModAction::Mute,
        ModAction::MarkEngine,
        ModAction::UnmarkEngine,
        ModAction::ForceRename,
        ModAction::Close,
        ModAction::Reopen,
        ModAction::CloseArena,
        ModAction::DisableBot,
        ModAction::GrantMod,
        ModAction::RevokeMod,
    ];

    /// The word on the wire and in the log.
    pub fn word(self) -> &'static str {
        match self {
            ModAction::Warn => "warn",
            ModAction::Mute => "mute",
            ModAction::MarkEngine => "mark_engine",
            ModAction::UnmarkEngine => "unmark_engine",
            ModAction::ForceRename => "force_rename",
            ModAction::Close => "close",
            ModAction::Reopen => "reopen",
            ModAction::CloseArena => "close_arena",
            ModAction::DisableBot => "disable_bot",
            ModAction::GrantMod => "grant_mod",
            ModAction::RevokeMod => "revoke_mod",
        }
    }

    /// The action whose word is `word`.
    pub fn from_word(word: &str) -> Option<ModAction> {
        ModAction::ALL.into_iter().find(|a| a.word() == word)
    }
}

/// `POST /account/reports`: a report of a player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct NewReport {
    /// The reported player's name.
    pub player: String,
    /// Why.
    pub reason: ReportReason,
    /// A few words (at most 500 characters; may be empty).
    #[serde(default)]
    pub words: String,
    /// The game it is about, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub game: Option<String>,
}

/// `GET /account/blocks`: the players the account blocks, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BlockList {
    /// Their names, in the order they were blocked.
    pub blocked: Vec<String>,
}

/// `POST /mod/act`: a moderator's action on a player or an arena.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct ModRequest {
    /// What to do.
    pub action: ModAction,
    /// The player's name (every action but `close_arena`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub player: Option<String>,
    /// The arena's id (`close_arena` only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub arena: Option<String>,
    /// Why: a few words, written to the log (required).
    pub reason: String,
    /// How long a mute lasts, in minutes (`mute` only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub minutes: Option<u32>,
    /// The arena's new name (`close_arena`, optional).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub name: Option<String>,
    /// Whether the player's open reports are resolved by this action.
    #[serde(default)]
    pub resolve: bool,
}

/// One line of the moderation log, as `GET /mod/log` and the answer to an action give
/// it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ModLogEntry {
    /// Its number, counting up.
    pub id: i64,
    /// When (seconds since the epoch).
    pub at: i64,
    /// Who acted: a moderator's name, or `None` for the operator (`seabattle admin`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub moderator: Option<String>,
    /// What was done.
    pub action: ModAction,
    /// Whom: the player's name at the time, or the arena's id.
    pub target: String,
    /// Why.
    pub reason: String,
    /// What else the action carried: a mute's minutes, an arena's new name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub detail: Option<String>,
    /// How many open reports it resolved.
    #[serde(default)]
    pub resolved: u32,
}

/// A report as the moderators' list shows it: never shown to the reported player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReportLine {
    /// Its id.
    pub id: i64,
    /// Who reported.
    pub reporter: String,
    /// Why.
    pub reason: ReportReason,
    /// Their words.
    pub words: String,
    /// The game it is about, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub game: Option<String>,
    /// When (seconds since the epoch).
    pub at: i64,
    /// How much it counts: 1 from an established account, less from a new one.
    pub weight: f64,
    /// The reported player's accuracy in that game as its analysis judged it (percent),
    /// where the game has been analysed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub analysed_accuracy: Option<f64>,
    /// The quick chat said in that game, in the order it was said.
    #[serde(default)]
    pub chat: Vec<ChatLine>,
}

/// A quick-chat phrase said in a reported game, as the moderators' list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChatLine {
    /// The seat that said it.
    pub seat: seabattle_core::Player,
    /// Its account's name (now), or `None` for a guest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub by: Option<String>,
    /// What was said.
    pub phrase: crate::Phrase,
    /// When (seconds since the epoch).
    pub at: i64,
}

/// A reported player's figures, as their profile counts them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayerFigures {
    /// Finished games.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Mean cells fired in the games won by sinking the whole fleet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub mean_shots_to_win: Option<f64>,
    /// Hits over cells fired, all games (0 to 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub accuracy: Option<f64>,
}

/// A reported player's open reports (`GET /mod/reports`), the heaviest first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReportedPlayer {
    /// The player's name.
    pub player: String,
    /// The reports' weights added up.
    pub weight: f64,
    /// Whether the player is marked as an engine.
    pub engine: bool,
    /// Whether their account is closed.
    pub closed: bool,
    /// Their figures, from their newest finished games.
    pub figures: PlayerFigures,
    /// The open reports, newest first.
    pub reports: Vec<ReportLine>,
}

/// What a player is told at their visit (`GET /account/me`'s `notice`): a warning once,
/// a name they must change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ModNotice {
    /// A moderator's warning, shown once.
    Warned {
        /// Why.
        reason: String,
    },
    /// The name must be changed before anything else (`POST /account/rename`).
    MustRename,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip_and_match_serde() {
        for a in ModAction::ALL {
            assert_eq!(ModAction::from_word(a.word()), Some(a));
            assert_eq!(
                serde_json::to_string(&a).unwrap(),
                format!("\"{}\"", a.word())
            );
        }
        for r in ReportReason::ALL {
            assert_eq!(ReportReason::from_word(r.word()), Some(r));
            assert_eq!(
                serde_json::to_string(&r).unwrap(),
                format!("\"{}\"", r.word())
            );
        }
        assert_eq!(ModAction::from_word("ban"), None);
    }
}

//! A moderation action as the server takes it: who acts ([`Actor`]), what is done with
//! what it carries ([`Act`]), on whom ([`Target`]), and why it may be refused
//! ([`ModerationError`]). The moderators' endpoints (`super::http`) and the operator's
//! `seabattle admin` build the same [`Act`] and hand it to `Store::moderate`.

use crate::db::StoreError;
use crate::error::Failure;
use crate::ids::AccountId;
use crate::protocol::{ClientError, ErrorCode};
use seabattle_wire::moderation::ModAction;
use std::fmt;

/// The longest reason, in characters.
pub const MAX_REASON: usize = 500;
/// The longest mute, in minutes (30 days).
pub const MAX_MUTE_MINUTES: u32 = 30 * 24 * 60;

/// Who acts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Actor {
    /// The operator, from a shell (`seabattle admin`).
    Operator,
    /// A moderator, signed in.
    Moderator {
        /// Their account.
        id: AccountId,
        /// Their name, as the log keeps it.
        name: String,
    },
}

/// What is done, with what it carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Act {
    /// See [`ModAction::Warn`].
    Warn,
    /// See [`ModAction::Mute`].
    Mute {
        /// For how long.
        minutes: u32,
    },
    /// See [`ModAction::MarkEngine`].
    MarkEngine,
    /// See [`ModAction::UnmarkEngine`].
    UnmarkEngine,
    /// See [`ModAction::ForceRename`].
    ForceRename,
    /// See [`ModAction::Close`].
    Close,
    /// See [`ModAction::Reopen`].
    Reopen,
    /// See [`ModAction::CloseArena`].
    CloseArena {
        /// The arena's new name, if it is renamed.
        rename: Option<String>,
    },
    /// See [`ModAction::DisableBot`].
    DisableBot,
    /// See [`ModAction::GrantMod`].
    GrantMod,
    /// See [`ModAction::RevokeMod`].
    RevokeMod,
}

impl Act {
    /// Its word.
    pub fn action(&self) -> ModAction {
        match self {
            Act::Warn => ModAction::Warn,
            Act::Mute { .. } => ModAction::Mute,
            Act::MarkEngine => ModAction::MarkEngine,
            Act::UnmarkEngine => ModAction::UnmarkEngine,
            Act::ForceRename => ModAction::ForceRename,
            Act::Close => ModAction::Close,
            Act::Reopen => ModAction::Reopen,
            Act::CloseArena { .. } => ModAction::CloseArena,
            Act::DisableBot => ModAction::DisableBot,
            Act::GrantMod => ModAction::GrantMod,
            Act::RevokeMod => ModAction::RevokeMod,
        }
    }

    /// Whether it ends the account's sessions and tokens, so its sockets are closed on
    /// every node.
    pub fn ends_sessions(&self) -> bool {
        matches!(self, Act::Close | Act::DisableBot)
    }

    /// Whether it is done to an arena (else to an account).
    pub fn on_arena(&self) -> bool {
        matches!(self, Act::CloseArena { .. })
    }

    /// What else the log keeps of it.
    pub fn detail(&self) -> Option<String> {
        match self {
            Act::Mute { minutes } => Some(format!("{minutes} min")),
            Act::CloseArena { rename } => rename.as_ref().map(|n| format!("renamed {n}")),
            _ => None,
        }
    }
}

/// Whom an action is done to, as storage found them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// An account.
    Account {
        /// Its id.
        id: AccountId,
        /// Its name now.
        name: String,
    },
    /// An arena, by id.
    Arena {
        /// Its id.
        id: String,
        /// Its name before the action.
        name: String,
    },
}

impl Target {
    /// The account, if the target is one.
    pub fn account(&self) -> Option<AccountId> {
        match self {
            Target::Account { id, .. } => Some(*id),
            Target::Arena { .. } => None,
        }
    }
}

/// Why an action was not taken. Nothing changed.
#[derive(Clone, Debug)]
pub enum ModerationError {
    /// No account of that name.
    NoAccount(String),
    /// No arena of that id.
    NoArena(String),
    /// A reason is required, and at most [`MAX_REASON`] characters.
    BadReason,
    /// A mute of zero minutes or longer than [`MAX_MUTE_MINUTES`].
    BadMinutes(u32),
    /// An arena's new name that cannot be one (the words say why).
    BadArenaName(String),
    /// `disable_bot` on an account that is no BOT.
    NotABot(String),
    /// The action would change nothing (the words say why: already closed, not marked, …).
    Unchanged(String),
    /// The action is the operator's only (granting or taking back the role).
    OperatorOnly(ModAction),
    /// Storage failed.
    Store(StoreError),
}

impl From<StoreError> for ModerationError {
    fn from(e: StoreError) -> ModerationError {
        ModerationError::Store(e)
    }
}

impl fmt::Display for ModerationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModerationError::NoAccount(n) => write!(f, "no account is named {n:?}"),
            ModerationError::NoArena(id) => write!(f, "no arena has the id {id:?}"),
            ModerationError::BadReason => write!(
                f,
                "reason: say why in 1 to {MAX_REASON} characters (the log keeps it)"
            ),
            ModerationError::BadMinutes(m) => write!(
                f,
                "minutes: a mute lasts 1 to {MAX_MUTE_MINUTES} minutes, not {m}"
            ),
            ModerationError::BadArenaName(why) => write!(f, "name: {why}"),
            ModerationError::NotABot(n) => write!(f, "{n} is not a BOT account"),
            ModerationError::Unchanged(why) => f.write_str(why),
            ModerationError::OperatorOnly(a) => write!(
                f,
                "{} is the operator's only (seabattle admin on the server's machine)",
                a.word()
            ),
            ModerationError::Store(e) => f.write_str(&crate::db::chain(e)),
        }
    }
}

impl std::error::Error for ModerationError {}

impl From<ModerationError> for Failure {
    /// What a moderator's page is told: a refusal as it is, a failure of storage as
    /// the server's own (`crate::error::Failure` logs it and tells no detail).
    fn from(e: ModerationError) -> Failure {
        let code = match &e {
            ModerationError::NoAccount(_) | ModerationError::NoArena(_) => ErrorCode::NotFound,
            ModerationError::BadReason
            | ModerationError::BadMinutes(_)
            | ModerationError::Unchanged(_) => ErrorCode::BadRequest,
            ModerationError::BadArenaName(_) => ErrorCode::BadName,
            ModerationError::NotABot(_) => ErrorCode::NotABot,
            ModerationError::OperatorOnly(_) => ErrorCode::NotModerator,
            ModerationError::Store(s) => return Failure::Store(s.clone()),
        };
        Failure::Refused(ClientError::new(code, e.to_string()))
    }
}

/// Checks a reason: trimmed, 1 to [`MAX_REASON`] characters.
pub fn reason(raw: &str) -> Result<String, ModerationError> {
    let r = raw.trim();
    if r.is_empty() || r.chars().count() > MAX_REASON || r.chars().any(char::is_control) {
        return Err(ModerationError::BadReason);
    }
    Ok(r.to_string())
}

/// Checks what `act` carries: a mute's length.
pub fn validate(act: &Act) -> Result<(), ModerationError> {
    match act {
        Act::Mute { minutes } if *minutes == 0 || *minutes > MAX_MUTE_MINUTES => {
            Err(ModerationError::BadMinutes(*minutes))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_and_mutes_are_checked() {
        assert_eq!(reason("  spam  ").unwrap(), "spam");
        assert!(matches!(reason(" "), Err(ModerationError::BadReason)));
        assert!(matches!(
            reason(&"x".repeat(MAX_REASON + 1)),
            Err(ModerationError::BadReason)
        ));
        let mute = |minutes| validate(&Act::Mute { minutes });
        assert!(matches!(mute(0), Err(ModerationError::BadMinutes(0))));
        assert!(mute(60).is_ok());
        assert!(mute(MAX_MUTE_MINUTES + 1).is_err());
        assert!(validate(&Act::Warn).is_ok());
    }

    #[test]
    fn every_act_says_its_word() {
        let acts = [
            Act::Warn,
            Act::Mute { minutes: 5 },
            Act::MarkEngine,
            Act::UnmarkEngine,
            Act::ForceRename,
            Act::Close,
            Act::Reopen,
            Act::CloseArena { rename: None },
            Act::DisableBot,
            Act::GrantMod,
            Act::RevokeMod,
        ];
        let words: Vec<ModAction> = acts.iter().map(Act::action).collect();
        assert_eq!(words, ModAction::ALL.to_vec());
        assert_eq!(Act::Mute { minutes: 5 }.detail().as_deref(), Some("5 min"));
        assert!(acts.iter().filter(|a| a.on_arena()).count() == 1);
    }
}

//! The operator's hand (`seabattle admin`): an action taken from a shell on the store
//! itself, with no server to ask. In a cluster (PostgreSQL) a closed account's
//! sockets are closed on every node by the same notice signing out everywhere sends;
//! a lone server on SQLite ends the account's sessions and tokens in storage, and
//! closes its sockets within a second, as it reads the log (`super::operator_watch`;
//! docs/deploy.md, "Moderation").

use super::act::{Act, Actor, ModerationError, Target};
use crate::accounts::name::AccountName;
use crate::db::Store;
use seabattle_wire::moderation::ModLogEntry;

/// The longest arena name (as `crate::arenas` takes it).
const MAX_ARENA_NAME: usize = crate::arenas::http::MAX_NAME;

/// Whom `act` is done to, found by the name (an account's) or id (an arena's) the
/// operator gave.
pub fn find(store: &Store, act: &Act, whom: &str) -> Result<Target, ModerationError> {
    if act.on_arena() {
        let arena = store
            .arena(whom)?
            .ok_or_else(|| ModerationError::NoArena(whom.to_string()))?;
        return Ok(Target::Arena {
            id: arena.id,
            name: arena.name,
        });
    }
    let missing = || ModerationError::NoAccount(whom.to_string());
    let key = AccountName::parse(whom).map_err(|_| missing())?;
    let a = store.mod_account(key.key())?.ok_or_else(missing)?;
    Ok(Target::Account {
        id: a.id,
        name: a.name,
    })
}

/// Checks an arena's new name: 1 to 40 characters, no control characters.
pub fn arena_name(raw: &str) -> Result<String, ModerationError> {
    let name = raw.trim();
    let n = name.chars().count();
    if n == 0 || n > MAX_ARENA_NAME || name.chars().any(char::is_control) {
        return Err(ModerationError::BadArenaName(format!(
            "an arena's name has 1 to {MAX_ARENA_NAME} characters, no control characters"
        )));
    }
    Ok(name.to_string())
}

/// Takes `act` on `whom` as the operator, because of `reason`; the log's line. A
/// closed account or a disabled BOT is signed out on every node of a cluster.
pub fn operate(
    store: &Store,
    act: Act,
    whom: &str,
    reason: &str,
) -> Result<ModLogEntry, ModerationError> {
    let reason = super::act::reason(reason)?;
    super::act::validate(&act)?;
    let target = find(store, &act, whom)?;
    let entry = store.moderate(&Actor::Operator, &target, &act, &reason, false)?;
    if let (Some(id), Some(cluster), true) =
        (target.account(), store.cluster(), act.ends_sessions())
    {
        cluster.tell_signed_out(id)?;
    }
    Ok(entry)
}

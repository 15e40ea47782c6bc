//! Moderation in storage, for both databases: the role, what an action sets on an
//! account or an arena, and the log it is written to in the same transaction. The log
//! is only ever appended to: no query here changes or deletes a line of it.

use super::act::{Act, Actor, ModerationError, Target};
use crate::db::params;
use crate::db::{FromRow, One, Row, Sql, Store, StoreError, now_secs};
use crate::ids::AccountId;
use seabattle_wire::moderation::{ModAction, ModLogEntry, ModNotice};

/// The role a moderator holds, as `account_roles` names it.
const MODERATOR: &str = "moderator";

/// An account as moderation sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModAccount {
    /// Its id.
    pub id: AccountId,
    /// Its name.
    pub name: String,
    /// Its name's key.
    pub name_key: String,
    /// Whether it is a BOT.
    pub bot: bool,
    /// Whether it is closed.
    pub closed: bool,
    /// Whether it is marked as an engine.
    pub engine: bool,
    /// Whether it must choose a new name.
    pub must_rename: bool,
    /// Whether its API tokens are disabled.
    pub bot_disabled: bool,
    /// When its quick chat is muted until (seconds since the epoch; 0: never muted).
    pub muted_until: i64,
    /// Whether it holds the moderator role.
    pub moderator: bool,
}

impl FromRow for ModAccount {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(ModAccount {
            id: r.get("id")?,
            name: r.get("name")?,
            name_key: r.get("name_key")?,
            bot: r.get("bot")?,
            closed: r.get::<Option<i64>>("closed_at")?.is_some(),
            engine: r.get("engine")?,
            must_rename: r.get("must_rename")?,
            bot_disabled: r.get("bot_disabled")?,
            muted_until: r.get("muted_until")?,
            moderator: r.get("moderator")?,
        })
    }
}

/// The columns [`ModAccount`] is read from, `accounts` as `a`.
const ACCOUNT: &str = "SELECT a.id, a.name, a.name_key, a.bot, a.closed_at, a.engine, \
     a.must_rename, a.bot_disabled, a.muted_until, \
     (SELECT COUNT(*) FROM account_roles r WHERE r.account_id = a.id AND r.role = 'moderator') \
     AS moderator FROM accounts a";

/// A log line as stored.
struct LogRow(ModLogEntry);

impl FromRow for LogRow {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        let word: String = r.get("action")?;
        let action = ModAction::from_word(&word)
            .ok_or_else(|| StoreError::corrupt(format!("moderation_log.action {word:?}")))?;
        Ok(LogRow(ModLogEntry {
            id: r.get("id")?,
            at: r.get("at")?,
            moderator: r.get("moderator_name")?,
            action,
            target: r.get("target")?,
            reason: r.get("reason")?,
            detail: r.get("detail")?,
            resolved: r.get("resolved")?,
        }))
    }
}

/// What an account is to be told, as stored.
struct Notices {
    warning: Option<String>,
    must_rename: bool,
}

impl FromRow for Notices {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(Notices {
            warning: r.get("warning")?,
            must_rename: r.get("must_rename")?,
        })
    }
}

/// A change refused before anything was written.
fn unchanged(why: String) -> Result<(), ModerationError> {
    Err(ModerationError::Unchanged(why))
}

/// Whether `act` would change `a`: a refusal that says why not, if it would not.
fn check(actor: &Actor, act: &Act, a: &ModAccount) -> Result<(), ModerationError> {
    let n = &a.name;
    match act {
        Act::GrantMod | Act::RevokeMod if *actor != Actor::Operator => {
            Err(ModerationError::OperatorOnly(act.action()))
        }
        Act::GrantMod if a.moderator => unchanged(format!("{n} is a moderator already")),
        Act::GrantMod if a.bot => unchanged(format!("{n} is a BOT: a BOT cannot moderate")),
        Act::RevokeMod if !a.moderator => unchanged(format!("{n} is not a moderator")),
        Act::MarkEngine if a.engine => unchanged(format!("{n} is marked as an engine already")),
        Act::UnmarkEngine if !a.engine => unchanged(format!("{n} is not marked as an engine")),
        Act::ForceRename if a.must_rename => {
            unchanged(format!("{n} must choose a new name already"))
        }
        Act::Close if a.closed => unchanged(format!("{n} is closed already")),
        Act::Reopen if !a.closed => unchanged(format!("{n} is not closed")),
        Act::DisableBot if !a.bot => Err(ModerationError::NotABot(n.clone())),
        Act::DisableBot if a.bot_disabled => {
            unchanged(format!("{n}'s API tokens are disabled already"))
        }
        _ => Ok(()),
    }
}

/// Writes what `act` sets on account `a`.
fn apply(sql: &mut Sql<'_>, act: &Act, a: &ModAccount, reason: &str) -> Result<(), StoreError> {
    let (id, now) = (a.id, now_secs());
    let set = |sql: &mut Sql<'_>, column: &str, value: &dyn crate::db::ToParam| {
        sql.exec(
            &format!("UPDATE accounts SET {column} = $1 WHERE id = $2"),
            params![value, id],
        )
        .map(drop)
    };
    let revoke_tokens = |sql: &mut Sql<'_>| {
        sql.exec(
            "UPDATE api_tokens SET revoked_at = $1 WHERE account_id = $2 AND revoked_at IS NULL",
            params![now, id],
        )
        .map(drop)
    };
    match act {
        Act::Warn => set(sql, "warning", &reason),
        Act::Mute { minutes } => set(sql, "muted_until", &(now + i64::from(*minutes) * 60)),
        Act::MarkEngine => set(sql, "engine", &true),
        Act::UnmarkEngine => set(sql, "engine", &false),
        Act::ForceRename => {
            // The old name stays taken: nobody else may sign up as the offender was.
            sql.exec(
                "INSERT INTO retired_names (name_key, account_id, retired_at) VALUES ($1, $2, $3) \
                 ON CONFLICT (name_key) DO NOTHING",
                params![a.name_key, id, now],
            )?;
            set(sql, "must_rename", &true)
        }
        Act::Close => {
            set(sql, "closed_at", &now)?;
            sql.exec("DELETE FROM sessions WHERE account_id = $1", params![id])?;
            revoke_tokens(sql)
        }
        Act::Reopen => set(sql, "closed_at", &None::<i64>),
        Act::DisableBot => {
            set(sql, "bot_disabled", &true)?;
            revoke_tokens(sql)
        }
        Act::GrantMod => sql
            .exec(
                "INSERT INTO account_roles (account_id, role, granted_at) VALUES ($1, $2, $3)",
                params![id, MODERATOR, now],
            )
            .map(drop),
        Act::RevokeMod => sql
            .exec(
                "DELETE FROM account_roles WHERE account_id = $1 AND role = $2",
                params![id, MODERATOR],
            )
            .map(drop),
        Act::CloseArena { .. } => Ok(()),
    }
}

/// Writes what closing arena `id` sets: it ends now (if it had not) and may be renamed.
fn close_arena(sql: &mut Sql<'_>, id: &str, rename: Option<&str>) -> Result<(), StoreError> {
    let now_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
    sql.exec(
        "UPDATE arenas SET closed_at = $1, name = COALESCE($2, name), \
         ended_early_ms = COALESCE(ended_early_ms, $3) WHERE id = $4",
        params![now_secs(), rename, now_ms, id],
    )
    .map(drop)
}

impl Store {
    /// The account whose name's key is `key`, as moderation sees it.
    pub fn mod_account(&self, key: &str) -> Result<Option<ModAccount>, StoreError> {
        self.db()
            .row(&format!("{ACCOUNT} WHERE a.name_key = $1"), params![key])
    }

    /// Account `id` as moderation sees it.
    pub fn mod_account_by_id(&self, id: AccountId) -> Result<Option<ModAccount>, StoreError> {
        self.db()
            .row(&format!("{ACCOUNT} WHERE a.id = $1"), params![id])
    }

    /// Whether account `id` holds the moderator role (and is open).
    pub fn is_moderator(&self, id: AccountId) -> Result<bool, StoreError> {
        let n: Option<One<i64>> = self.db().row(
            "SELECT COUNT(*) FROM account_roles r JOIN accounts a ON a.id = r.account_id \
             WHERE r.account_id = $1 AND r.role = $2 AND a.closed_at IS NULL",
            params![id, MODERATOR],
        )?;
        Ok(n.is_some_and(|One(n)| n > 0))
    }

    /// Takes `act` on `target` for `actor`, because of `reason`, and appends it to the
    /// log in the same transaction; with `resolve`, the target's open reports are
    /// resolved by it. The line written.
    pub fn moderate(
        &self,
        actor: &Actor,
        target: &Target,
        act: &Act,
        reason: &str,
        resolve: bool,
    ) -> Result<ModLogEntry, ModerationError> {
        let (moderator, moderator_name) = match actor {
            Actor::Operator => (None, None),
            Actor::Moderator { id, name } => (Some(*id), Some(name.clone())),
        };
        let mut refused = None;
        let entry = self.db().tx(|sql| {
            refused = None;
            let (account, shown) = match target {
                Target::Account { id, .. } => {
                    let Some(a) =
                        sql.row::<ModAccount>(&format!("{ACCOUNT} WHERE a.id = $1"), params![id])?
                    else {
                        refused = Some(ModerationError::NoAccount(id.to_string()));
                        return Ok(None);
                    };
                    if let Err(e) = check(actor, act, &a) {
                        refused = Some(e);
                        return Ok(None);
                    }
                    apply(sql, act, &a, reason)?;
                    (Some(a.id), a.name)
                }
                Target::Arena { id, name } => {
                    let rename = match act {
                        Act::CloseArena { rename } => rename.as_deref(),
                        _ => None,
                    };
                    let closed: Option<One<Option<i64>>> =
                        sql.row("SELECT closed_at FROM arenas WHERE id = $1", params![id])?;
                    if rename.is_none() && closed.is_some_and(|One(at)| at.is_some()) {
                        refused = Some(ModerationError::Unchanged(format!(
                            "the arena {name:?} is closed already"
                        )));
                        return Ok(None);
                    }
                    close_arena(sql, id, rename)?;
                    (None, id.clone())
                }
            };
            let open: Vec<One<i64>> = match (resolve, account) {
                (true, Some(a)) => sql.rows(
                    "SELECT id FROM reports WHERE reported = $1 AND resolved_by IS NULL",
                    params![a],
                )?,
                _ => Vec::new(),
            };
            let Some(One(line)) = sql.row::<One<i64>>(
                "INSERT INTO moderation_log (at, moderator, moderator_name, target_account, \
                 target, action, reason, detail, resolved) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
                params![
                    now_secs(),
                    moderator,
                    moderator_name,
                    account,
                    shown,
                    act.action().word(),
                    reason,
                    act.detail(),
                    open.len() as i64
                ],
            )?
            else {
                return Err(StoreError::corrupt("moderation_log: no id returned"));
            };
            for One(report) in &open {
                sql.exec(
                    "UPDATE reports SET resolved_by = $1 WHERE id = $2",
                    params![line, report],
                )?;
            }
            let entry: Option<LogRow> = sql.row(
                "SELECT id, at, moderator_name, action, target, reason, detail, resolved \
                 FROM moderation_log WHERE id = $1",
                params![line],
            )?;
            Ok(entry.map(|LogRow(e)| e))
        })?;
        match (entry, refused) {
            (Some(e), _) => Ok(e),
            (None, Some(why)) => Err(why),
            (None, None) => {
                Err(StoreError::corrupt("moderation_log: the line written is gone").into())
            }
        }
    }

    /// What account `id` is told at this visit: its warning, taken (it is shown once),
    /// and whether it must choose a new name.
    pub fn take_notices(&self, id: AccountId) -> Result<Vec<ModNotice>, StoreError> {
        self.db().tx(|sql| {
            let Some(state) = sql.row::<Notices>(
                "SELECT warning, must_rename FROM accounts WHERE id = $1",
                params![id],
            )?
            else {
                return Ok(Vec::new());
            };
            let mut notices = Vec::new();
            if let Some(reason) = state.warning {
                sql.exec(
                    "UPDATE accounts SET warning = NULL WHERE id = $1",
                    params![id],
                )?;
                notices.push(ModNotice::Warned { reason });
            }
            if state.must_rename {
                notices.push(ModNotice::MustRename);
            }
            Ok(notices)
        })
    }

    /// Until when account `id`'s quick chat is muted (seconds since the epoch; in the
    /// past or 0 when it is not).
    pub fn muted_until(&self, id: AccountId) -> Result<i64, StoreError> {
        let until: Option<One<i64>> = self.db().row(
            "SELECT muted_until FROM accounts WHERE id = $1",
            params![id],
        )?;
        Ok(until.map_or(0, |One(t)| t))
    }

    /// The log's latest `limit` lines, newest first.
    pub fn moderation_log(&self, limit: u32) -> Result<Vec<ModLogEntry>, StoreError> {
        let rows: Vec<LogRow> = self.db().rows(
            "SELECT id, at, moderator_name, action, target, reason, detail, resolved \
             FROM moderation_log ORDER BY id DESC LIMIT $1",
            params![limit],
        )?;
        Ok(rows.into_iter().map(|LogRow(e)| e).collect())
    }
}

//! Accounts and their sessions in storage, for both databases. A session is kept only
//! as the SHA-256 of its token; a password only as its argon2id hash.

use crate::db::params;
use crate::db::{FromRow, One, Row, Store, StoreError, now_secs};
use crate::ids::{AccountId, Learner};

/// An account as storage keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredAccount {
    /// Its id.
    pub id: AccountId,
    /// The display name, as its owner wrote it (normalized).
    pub name: String,
    /// The argon2id hash of its password, in the PHC string form.
    pub password_hash: String,
    /// Whether it is a BOT (see `crate::bot_accounts`).
    pub bot: bool,
}

impl FromRow for StoredAccount {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(StoredAccount {
            id: r.get("id")?,
            name: r.get("name")?,
            password_hash: r.get("password_hash")?,
            bot: r.get("bot")?,
        })
    }
}

impl Store {
    /// Creates an account named `name` (whose normalized key is `key`); `None` when the
    /// key is taken, or was given up by a forced rename (`crate::moderation`).
    pub fn create_account(
        &self,
        name: &str,
        key: &str,
        password_hash: &str,
    ) -> Result<Option<AccountId>, StoreError> {
        let id: Option<One<AccountId>> = self.db().row(
            "INSERT INTO accounts (name, name_key, password_hash, created_at) \
             SELECT $1, $2, $3, $4 \
             WHERE NOT EXISTS (SELECT 1 FROM retired_names WHERE name_key = $2) \
             ON CONFLICT (name_key) DO NOTHING RETURNING id",
            params![name, key, password_hash, now_secs()],
        )?;
        Ok(id.map(|One(id)| id))
    }

    /// Gives `account`, which a moderator asked to, the name `name` (key `key`);
    /// `false` when the key is taken or retired, or the account was not asked to.
    pub fn rename_account(
        &self,
        account: AccountId,
        name: &str,
        key: &str,
    ) -> Result<bool, StoreError> {
        let n = self.db().exec(
            "UPDATE accounts SET name = $1, name_key = $2, must_rename = 0 \
             WHERE id = $3 AND must_rename = 1 \
             AND NOT EXISTS (SELECT 1 FROM retired_names WHERE name_key = $2) \
             AND NOT EXISTS (SELECT 1 FROM accounts o WHERE o.name_key = $2)",
            params![name, key, account],
        )?;
        Ok(n == 1)
    }

    /// The account whose name's key is `key`.
    pub fn account(&self, key: &str) -> Result<Option<StoredAccount>, StoreError> {
        self.db().row(
            "SELECT id, name, password_hash, bot FROM accounts WHERE name_key = $1",
            params![key],
        )
    }

    /// Opens a session whose token's SHA-256 is `token_hash`, until `expires_at`
    /// (seconds since the epoch).
    pub fn open_session(
        &self,
        token_hash: &str,
        account: AccountId,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        self.db()
            .exec(
                "INSERT INTO sessions (token_hash, account_id, created_at, expires_at) \
                 VALUES ($1, $2, $3, $4)",
                params![token_hash, account, now_secs(), expires_at],
            )
            .map(drop)
    }

    /// The account of the session `token_hash`, if it still runs.
    pub fn session(&self, token_hash: &str) -> Result<Option<StoredAccount>, StoreError> {
        self.db().row(
            "SELECT a.id, a.name, a.password_hash, a.bot FROM sessions s \
             JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = $1 AND s.expires_at > $2 \
             AND a.closed_at IS NULL",
            params![token_hash, now_secs()],
        )
    }

    /// Ends the session `token_hash`.
    pub fn close_session(&self, token_hash: &str) -> Result<(), StoreError> {
        self.db()
            .exec(
                "DELETE FROM sessions WHERE token_hash = $1",
                params![token_hash],
            )
            .map(drop)
    }

    /// Ends every session of `account`; how many there were.
    pub fn close_sessions(&self, account: AccountId) -> Result<u64, StoreError> {
        self.db().exec(
            "DELETE FROM sessions WHERE account_id = $1",
            params![account],
        )
    }

    /// Erases the sessions that ended before `now` (seconds since the epoch); how many.
    pub fn sweep_sessions(&self, now: i64) -> Result<u64, StoreError> {
        self.db()
            .exec("DELETE FROM sessions WHERE expires_at <= $1", params![now])
    }

    /// Erases `account`: its sessions, its ratings and what the computer learned of it
    /// go; its seats in games stay, as a deleted player's ([`AccountId::DELETED`]).
    pub fn delete_account(&self, account: AccountId) -> Result<(), StoreError> {
        let learner = Learner::Account(account).key();
        self.db().tx(|sql| {
            sql.exec(
                "DELETE FROM sessions WHERE account_id = $1",
                params![account],
            )?;
            sql.exec(
                "UPDATE games SET account1 = $1 WHERE account1 = $2",
                params![AccountId::DELETED, account],
            )?;
            sql.exec(
                "UPDATE games SET account2 = $1 WHERE account2 = $2",
                params![AccountId::DELETED, account],
            )?;
            // An arena's games keep their points for the opponents; the deleted player's
            // own place in its standings goes.
            for column in ["one", "two"] {
                sql.exec(
                    &format!("UPDATE arena_games SET {column} = $1 WHERE {column} = $2"),
                    params![AccountId::DELETED, account],
                )?;
            }
            sql.exec(
                "DELETE FROM learned_fleets WHERE player = $1",
                params![learner],
            )?;
            sql.exec("DELETE FROM accounts WHERE id = $1", params![account])?;
            Ok(())
        })
    }
}

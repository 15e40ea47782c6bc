//! BOT accounts and their API tokens in storage, for both databases. A token is kept
//! only as its SHA-256; a revoked one stays listed, marked.

use crate::accounts::store::StoredAccount;
use crate::db::params;
use crate::db::{FromRow, One, Row, Store, StoreError, now_secs};
use crate::ids::AccountId;
pub use seabattle_wire::account::TokenInfo;

/// Why an account could not become a BOT.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotMade {
    /// It has played (or is playing) a game: a BOT starts with a clean record.
    HasGames,
    /// It is a BOT already.
    AlreadyBot,
}

impl FromRow for TokenInfo {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(TokenInfo {
            id: r.get("id")?,
            name: r.get("name")?,
            created_at: r.get("created_at")?,
            revoked_at: r.get("revoked_at")?,
        })
    }
}

impl Store {
    /// Turns `account` into a BOT, for good, if it has no games.
    pub fn make_bot(&self, account: AccountId) -> Result<Result<(), NotMade>, StoreError> {
        self.db().tx(|sql| {
            let bot: Option<One<bool>> =
                sql.row("SELECT bot FROM accounts WHERE id = $1", params![account])?;
            if bot.is_some_and(|One(b)| b) {
                return Ok(Err(NotMade::AlreadyBot));
            }
            let played: Option<One<i64>> = sql.row(
                "SELECT 1 FROM games WHERE account1 = $1 OR account2 = $1 LIMIT 1",
                params![account],
            )?;
            if played.is_some() {
                return Ok(Err(NotMade::HasGames));
            }
            sql.exec(
                "UPDATE accounts SET bot = 1 WHERE id = $1",
                params![account],
            )?;
            Ok(Ok(()))
        })
    }

    /// A new token named `name` for `account`, kept as `token_hash`.
    pub fn add_token(
        &self,
        account: AccountId,
        name: &str,
        token_hash: &str,
    ) -> Result<TokenInfo, StoreError> {
        let now = now_secs();
        let One(id): One<i64> = self
            .db()
            .row(
                "INSERT INTO api_tokens (account_id, name, token_hash, created_at) \
                 VALUES ($1, $2, $3, $4) RETURNING id",
                params![account, name, token_hash, now],
            )?
            .ok_or(StoreError::Corrupt {
                what: "a token inserted without an id".into(),
            })?;
        Ok(TokenInfo {
            id,
            name: name.to_string(),
            created_at: now,
            revoked_at: None,
        })
    }

    /// `account`'s tokens, newest first.
    pub fn tokens(&self, account: AccountId) -> Result<Vec<TokenInfo>, StoreError> {
        self.db().rows(
            "SELECT id, name, created_at, revoked_at FROM api_tokens WHERE account_id = $1 \
             ORDER BY id DESC",
            params![account],
        )
    }

    /// Revokes `account`'s token `id`; whether there was such a live token.
    pub fn revoke_token(&self, account: AccountId, id: i64) -> Result<bool, StoreError> {
        let n = self.db().exec(
            "UPDATE api_tokens SET revoked_at = $1 \
             WHERE id = $2 AND account_id = $3 AND revoked_at IS NULL",
            params![now_secs(), id, account],
        )?;
        Ok(n > 0)
    }

    /// The BOT account the live token `token_hash` opens.
    pub fn token_owner(&self, token_hash: &str) -> Result<Option<StoredAccount>, StoreError> {
        self.db().row(
            "SELECT a.id, a.name, a.password_hash, a.bot FROM api_tokens t JOIN accounts a ON a.id = t.account_id \
             WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND a.bot = 1 \
             AND a.closed_at IS NULL AND a.bot_disabled = 0",
            params![token_hash],
        )
    }

    /// Every BOT account (the computer's levels too), for the queue's offer.
    pub fn bot_accounts(&self) -> Result<Vec<AccountId>, StoreError> {
        let rows: Vec<One<AccountId>> = self.db().rows(
            "SELECT id FROM accounts WHERE bot = 1 ORDER BY id",
            params![],
        )?;
        Ok(rows.into_iter().map(|One(a)| a).collect())
    }

    /// Whether `account` takes challenges from BOTs (a BOT takes them from BOTs always).
    pub fn takes_bot_challenges(&self, account: AccountId) -> Result<bool, StoreError> {
        let row: Option<One<i64>> = self.db().row(
            "SELECT CASE WHEN bot = 1 OR bot_challenges = 1 THEN 1 ELSE 0 END \
             FROM accounts WHERE id = $1",
            params![account],
        )?;
        Ok(row.is_some_and(|One(n)| n == 1))
    }

    /// Sets whether `account` takes challenges from BOTs.
    pub fn set_bot_challenges(&self, account: AccountId, allow: bool) -> Result<(), StoreError> {
        self.db()
            .exec(
                "UPDATE accounts SET bot_challenges = $1 WHERE id = $2",
                params![allow, account],
            )
            .map(drop)
    }

    /// How many of `account`'s games are being played: started within `since` seconds
    /// and not over (an older unfinished game is closed as abandoned by the sweep).
    pub fn games_in_play(&self, account: AccountId, since: i64) -> Result<i64, StoreError> {
        let One(n): One<i64> = self
            .db()
            .row(
                "SELECT COUNT(*) FROM games WHERE (account1 = $1 OR account2 = $1) \
                 AND result IS NULL AND created_at >= $2",
                params![account, now_secs() - since],
            )?
            .unwrap_or(One(0));
        Ok(n)
    }
}

//! Blocks in storage, for both databases: who blocks whom. A block keeps two players
//! apart both ways: neither challenges the other, the queue, the lobby and an arena
//! never pair them, and the blocked player's quick chat does not reach the blocker.

use crate::db::params;
use crate::db::{FromRow, One, Row, Store, StoreError, now_secs};
use crate::ids::AccountId;

/// Which of two players blocks the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocking {
    /// Neither: they may meet.
    Neither,
    /// The first blocks the second (and perhaps the other way too).
    ByFirst,
    /// The second blocks the first.
    BySecond,
}

impl Blocking {
    /// Whether the two are kept apart.
    pub fn apart(self) -> bool {
        self != Blocking::Neither
    }
}

/// A block between two accounts, as stored.
struct Pair {
    blocker: AccountId,
    blocked: AccountId,
}

impl FromRow for Pair {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(Pair {
            blocker: r.get("blocker")?,
            blocked: r.get("blocked")?,
        })
    }
}

impl Store {
    /// `blocker` blocks `blocked`; `false` if it did already.
    pub fn block(&self, blocker: AccountId, blocked: AccountId) -> Result<bool, StoreError> {
        let n = self.db().exec(
            "INSERT INTO blocks (blocker, blocked, created_at) VALUES ($1, $2, $3) \
             ON CONFLICT (blocker, blocked) DO NOTHING",
            params![blocker, blocked, now_secs()],
        )?;
        Ok(n == 1)
    }

    /// `blocker` no longer blocks `blocked`; `false` if it did not.
    pub fn unblock(&self, blocker: AccountId, blocked: AccountId) -> Result<bool, StoreError> {
        let n = self.db().exec(
            "DELETE FROM blocks WHERE blocker = $1 AND blocked = $2",
            params![blocker, blocked],
        )?;
        Ok(n == 1)
    }

    /// The names of those `blocker` blocks, in the order blocked.
    pub fn blocked_names(&self, blocker: AccountId) -> Result<Vec<String>, StoreError> {
        let rows: Vec<One<String>> = self.db().rows(
            "SELECT a.name FROM blocks b JOIN accounts a ON a.id = b.blocked \
             WHERE b.blocker = $1 ORDER BY b.created_at, a.name",
            params![blocker],
        )?;
        Ok(rows.into_iter().map(|One(n)| n).collect())
    }

    /// The accounts `blocker` blocks: whose quick chat its sockets do not hear.
    pub fn blocked_ids(&self, blocker: AccountId) -> Result<Vec<AccountId>, StoreError> {
        let rows: Vec<One<AccountId>> = self.db().rows(
            "SELECT blocked FROM blocks WHERE blocker = $1",
            params![blocker],
        )?;
        Ok(rows.into_iter().map(|One(id)| id).collect())
    }

    /// Every account kept apart from `account`: those it blocks and those who block it.
    pub fn kept_apart(&self, account: AccountId) -> Result<Vec<AccountId>, StoreError> {
        let rows: Vec<One<AccountId>> = self.db().rows(
            "SELECT blocked FROM blocks WHERE blocker = $1 \
             UNION SELECT blocker FROM blocks WHERE blocked = $1",
            params![account],
        )?;
        Ok(rows.into_iter().map(|One(id)| id).collect())
    }

    /// Which of `first` and `second` blocks the other.
    pub fn blocking(&self, first: AccountId, second: AccountId) -> Result<Blocking, StoreError> {
        let rows: Vec<Pair> = self.db().rows(
            "SELECT blocker, blocked FROM blocks \
             WHERE (blocker = $1 AND blocked = $2) OR (blocker = $2 AND blocked = $1)",
            params![first, second],
        )?;
        Ok(if rows.iter().any(|p| p.blocker == first) {
            Blocking::ByFirst
        } else if rows.iter().any(|p| p.blocked == first) {
            Blocking::BySecond
        } else {
            Blocking::Neither
        })
    }

    /// The blocks between the players of arena `arena`, as (blocker, blocked) pairs.
    pub fn blocks_in_arena(&self, arena: &str) -> Result<Vec<(AccountId, AccountId)>, StoreError> {
        let rows: Vec<Pair> = self.db().rows(
            "SELECT b.blocker, b.blocked FROM blocks b \
             JOIN arena_players p1 ON p1.account_id = b.blocker AND p1.arena = $1 \
             JOIN arena_players p2 ON p2.account_id = b.blocked AND p2.arena = $1",
            params![arena],
        )?;
        Ok(rows.into_iter().map(|p| (p.blocker, p.blocked)).collect())
    }
}

//! Who is on each node, for the lobby and for challenges: each node publishes its own
//! figures, open games and signed-in accounts in its row of `nodes`, and reads the
//! other live nodes' rows, in one round trip every lobby tick.

use super::Cluster;
use crate::db::params;
use crate::db::{FromRow, One, Row, StoreError};
use crate::ids::AccountId;
use crate::protocol::{LobbyJson, OpenGameJson};
use std::fmt::Write;

/// Another node's row.
struct Published {
    online: i64,
    playing: i64,
    lobby: String,
}

impl FromRow for Published {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(Published {
            online: r.get("online")?,
            playing: r.get("playing")?,
            lobby: r.get("lobby")?,
        })
    }
}

/// The accounts as the `accounts` column keeps them: `,1,5,9,`, so that one is found
/// by `LIKE '%,5,%'`.
fn account_list(accounts: &[AccountId]) -> String {
    let mut s = String::from(",");
    for a in accounts {
        let _ = write!(s, "{a},");
    }
    s
}

impl Cluster {
    /// Publishes this node's `mine` and `accounts`, and returns every other live
    /// node's figures and open games.
    pub fn presence(
        &self,
        mine: &LobbyJson,
        accounts: &[AccountId],
    ) -> Result<Vec<LobbyJson>, StoreError> {
        let lobby = serde_json::to_string(&mine.open).unwrap_or_else(|_| "[]".into());
        self.db.exec(
            "UPDATE nodes SET online = $1, playing = $2, lobby = $3, accounts = $4 WHERE id = $5",
            params![
                i64::from(mine.online),
                i64::from(mine.playing),
                lobby,
                account_list(accounts),
                self.node
            ],
        )?;
        let rows: Vec<Published> = self.db.rows(
            "SELECT online, playing, lobby FROM nodes WHERE lease_until > now() AND id <> $1 \
             ORDER BY id",
            params![self.node],
        )?;
        Ok(rows
            .into_iter()
            .map(|r| LobbyJson {
                online: u32::try_from(r.online).unwrap_or(0),
                playing: u32::try_from(r.playing).unwrap_or(0),
                // A row this version cannot read lists nothing rather than failing all.
                open: serde_json::from_str::<Vec<OpenGameJson>>(&r.lobby).unwrap_or_default(),
            })
            .collect())
    }

    /// The accounts with a page open on the other live nodes, as they last published.
    pub fn accounts_elsewhere(&self) -> Result<Vec<AccountId>, StoreError> {
        let rows: Vec<One<String>> = self.db.rows(
            "SELECT accounts FROM nodes WHERE lease_until > now() AND id <> $1",
            params![self.node],
        )?;
        Ok(rows
            .iter()
            .flat_map(|One(list)| {
                list.split(',')
                    .filter_map(|n| n.parse().ok().map(AccountId))
            })
            .collect())
    }

    /// Whether `account` has a page open on another live node, as that node last
    /// published.
    pub fn online_elsewhere(&self, account: AccountId) -> Result<bool, StoreError> {
        let row: Option<One<i64>> = self.db.row(
            "SELECT 1 FROM nodes WHERE lease_until > now() AND id <> $1 AND accounts LIKE $2 \
             LIMIT 1",
            params![self.node, format!("%,{account},%")],
        )?;
        Ok(row.is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accounts_are_listed_between_commas() {
        assert_eq!(account_list(&[]), ",");
        assert_eq!(account_list(&[AccountId(1), AccountId(15)]), ",1,15,");
    }
}

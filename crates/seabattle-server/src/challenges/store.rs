//! Challenges in storage, for both databases: every change of state is one guarded
//! `UPDATE … WHERE state = 'open'`, so of an accept, a decline, a cancel and an expiry
//! racing on two nodes exactly one wins.

use crate::db::params;
use crate::db::{FromRow, Row, Store, StoreError};
use crate::ids::AccountId;
use seabattle_wire::ChallengeEnd;

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// Waiting for its answer.
    Open,
    /// Ended (accepted, declined, cancelled or expired).
    Ended(ChallengeEnd),
}

impl State {
    /// The stored word.
    pub fn word(self) -> &'static str {
        match self {
            State::Open => "open",
            State::Ended(ChallengeEnd::Accepted) => "accepted",
            State::Ended(ChallengeEnd::Declined) => "declined",
            State::Ended(ChallengeEnd::Cancelled) => "cancelled",
            State::Ended(ChallengeEnd::Expired) => "expired",
        }
    }

    fn from_word(w: &str) -> Option<State> {
        [
            State::Open,
            State::Ended(ChallengeEnd::Accepted),
            State::Ended(ChallengeEnd::Declined),
            State::Ended(ChallengeEnd::Cancelled),
            State::Ended(ChallengeEnd::Expired),
        ]
        .into_iter()
        .find(|s| s.word() == w)
    }
}

/// A challenge as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredChallenge {
    /// Its id.
    pub id: String,
    /// Who challenges.
    pub from: AccountId,
    /// Who is challenged.
    pub to: AccountId,
    /// The rules text.
    pub rules: String,
    /// Seconds per move.
    pub clock: Option<u32>,
    /// Whether the game is to be rated.
    pub rated: bool,
    /// The challenger's seat token's SHA-256.
    pub token_hash: String,
    /// Where it stands.
    pub state: State,
    /// The game made, once accepted.
    pub game: Option<String>,
    /// When it expires, in milliseconds since the epoch.
    pub expires_ms: i64,
}

impl FromRow for StoredChallenge {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        let state: String = r.get("state")?;
        Ok(StoredChallenge {
            id: r.get("id")?,
            from: r.get("from_account")?,
            to: r.get("to_account")?,
            rules: r.get("rules")?,
            clock: r
                .get::<Option<i64>>("clock")?
                .and_then(|c| u32::try_from(c).ok()),
            rated: r.get("rated")?,
            token_hash: r.get("token_hash")?,
            state: State::from_word(&state).ok_or(StoreError::Corrupt {
                what: format!("challenge state {state:?}"),
            })?,
            game: r.get("game")?,
            expires_ms: r.get("expires_ms")?,
        })
    }
}

const COLUMNS: &str = "id, from_account, to_account, rules, clock, rated, token_hash, state, \
     game, expires_ms";

/// Milliseconds since the epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

impl Store {
    /// Stores a new open challenge.
    pub fn add_challenge(&self, c: &StoredChallenge) -> Result<(), StoreError> {
        self.db()
            .exec(
                "INSERT INTO challenges (id, from_account, to_account, rules, clock, rated, \
                 token_hash, state, game, created_ms, expires_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, 'open', NULL, $8, $9)",
                params![
                    c.id,
                    c.from,
                    c.to,
                    c.rules,
                    c.clock,
                    c.rated,
                    c.token_hash,
                    now_ms(),
                    c.expires_ms
                ],
            )
            .map(drop)
    }

    /// The challenge `id`.
    pub fn challenge(&self, id: &str) -> Result<Option<StoredChallenge>, StoreError> {
        self.db().row(
            &format!("SELECT {COLUMNS} FROM challenges WHERE id = $1"),
            params![id],
        )
    }

    /// The open challenges to `account` that have not expired, oldest first.
    pub fn challenges_to(&self, account: AccountId) -> Result<Vec<StoredChallenge>, StoreError> {
        self.db().rows(
            &format!(
                "SELECT {COLUMNS} FROM challenges WHERE to_account = $1 AND state = 'open' \
                 AND expires_ms > $2 ORDER BY created_ms"
            ),
            params![account, now_ms()],
        )
    }

    /// Ends the open challenge `id` as `end`, if `by` may (the challenged player
    /// accepts or declines before it expires, the challenger cancels, anyone expires
    /// it), with the game made for an accepted one. The challenge as it now stands,
    /// or `None` if it was not open (or not `by`'s to end).
    pub fn end_challenge(
        &self,
        id: &str,
        end: ChallengeEnd,
        by: Option<AccountId>,
        game: Option<&str>,
    ) -> Result<Option<StoredChallenge>, StoreError> {
        let (word, db) = (State::Ended(end).word(), self.db());
        let set = "UPDATE challenges SET state = $1, game = $2 WHERE id = $3 AND state = 'open'";
        let changed = match (end, by) {
            (ChallengeEnd::Accepted | ChallengeEnd::Declined, Some(by)) => db.exec(
                &format!("{set} AND to_account = $4 AND expires_ms > $5"),
                params![word, game, id, by, now_ms()],
            )?,
            (ChallengeEnd::Cancelled, Some(by)) => db.exec(
                &format!("{set} AND from_account = $4"),
                params![word, game, id, by],
            )?,
            (ChallengeEnd::Expired, _) => db.exec(set, params![word, game, id])?,
            (_, None) => 0,
        };
        if changed == 0 {
            return Ok(None);
        }
        self.challenge(id)
    }
}

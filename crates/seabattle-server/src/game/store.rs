//! Games and their moves in storage, for both databases: a game is its setup plus the
//! list of its moves, replayed through the rules engine when loaded (`rows.rs`). In a
//! cluster every write of a game is fenced ([`Store::write_game`], [`Store::game_tx`]).

use super::stored::{Append, MoveKind, StoredGame, StoredMove};
use crate::db::params;
use crate::db::{FromRow, FromValue, Param, Row, Sql, Store, StoreError, ToParam, Value, now_secs};
use crate::ids::{AccountId, GameId};
use seabattle_core::Player;

const INSERT_GAME: &str = "INSERT INTO games (id, rules, mode, clock_secs, token1, token2, \
     fleet1, fleet2, salt1, salt2, created_at, account1, account2, rated) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)";

const SELECT_GAME: &str = "SELECT id, rules, mode, clock_secs, token1, token2, fleet1, \
     fleet2, salt1, salt2, first_player, result, account1, account2, rated FROM games WHERE id = $1";

const SELECT_MOVES: &str =
    "SELECT player, kind, shots FROM moves WHERE game_id = $1 AND seq >= $2 ORDER BY seq";

const APPEND: &str =
    "INSERT INTO moves (game_id, seq, player, kind, shots) VALUES ($1, $2, $3, $4, $5)";

/// A seat's column, by the seat: `token1` or `token2`, and so on.
fn seat_sql(p: Player, one: &'static str, two: &'static str) -> &'static str {
    match p {
        Player::One => one,
        Player::Two => two,
    }
}

impl ToParam for MoveKind {
    fn to_param(&self) -> Param<'_> {
        Param::Text(self.word())
    }
}

impl FromValue for MoveKind {
    fn from_value(v: &Value) -> Result<Self, String> {
        let word = String::from_value(v)?;
        MoveKind::from_word(&word).ok_or_else(|| format!("move kind {word:?}"))
    }
}

impl FromRow for StoredMove {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(StoredMove {
            player: r.get("player")?,
            kind: r.get("kind")?,
            shots: r.get("shots")?,
        })
    }
}

impl FromRow for StoredGame {
    /// A game's own row; its moves are read apart.
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(StoredGame {
            id: r.get("id")?,
            rules: r.get("rules")?,
            mode: r.get("mode")?,
            clock_secs: r.get("clock_secs")?,
            tokens: [r.get("token1")?, r.get("token2")?],
            fleets: [r.get("fleet1")?, r.get("fleet2")?],
            salts: [r.get("salt1")?, r.get("salt2")?],
            first: r.get("first_player")?,
            result: r.get("result")?,
            moves: Vec::new(),
            accounts: [r.get("account1")?, r.get("account2")?],
            rated: r.get("rated")?,
        })
    }
}

/// Stores a new game's row, in `sql`'s transaction.
pub(crate) fn insert_game(sql: &mut Sql<'_>, g: &StoredGame) -> Result<(), StoreError> {
    sql.exec(
        INSERT_GAME,
        params![
            g.id,
            g.rules,
            g.mode,
            g.clock_secs,
            g.tokens[0],
            g.tokens[1],
            g.fleets[0],
            g.fleets[1],
            g.salts[0],
            g.salts[1],
            now_secs(),
            g.accounts[0],
            g.accounts[1],
            g.rated
        ],
    )
    .map(drop)
}

/// The move rows of `moves`, numbered from `seq`.
fn insert_moves(
    sql: &mut Sql<'_>,
    id: &GameId,
    seq: usize,
    moves: &[StoredMove],
) -> Result<(), StoreError> {
    for (i, mv) in moves.iter().enumerate() {
        let n = i64::try_from(seq + i).map_err(|_| StoreError::corrupt("too many moves"))?;
        sql.exec(APPEND, params![id, n, mv.player, mv.kind, mv.shots])?;
    }
    Ok(())
}

impl Store {
    /// Stores a new game (its seats and fleets as given); in a cluster this node owns it.
    pub fn create(&self, g: &StoredGame) -> Result<(), StoreError> {
        self.db().tx(|sql| {
            insert_game(sql, g)?;
            match self.cluster() {
                Some(c) => c.own_new(sql, &g.id),
                None => Ok(()),
            }
        })?;
        if let Some(c) = self.cluster() {
            c.hold(&g.id, 1);
        }
        Ok(())
    }

    /// Gives a seat its token hash.
    pub fn take_seat(
        &self,
        id: &GameId,
        player: Player,
        token_hash: &str,
    ) -> Result<(), StoreError> {
        let sql = seat_sql(
            player,
            "UPDATE games SET token1 = $1 WHERE id = $2",
            "UPDATE games SET token2 = $1 WHERE id = $2",
        );
        self.write_game(id, sql, params![token_hash, id])
    }

    /// Stores a placed fleet and its salt.
    pub fn place(
        &self,
        id: &GameId,
        player: Player,
        fleet: &str,
        salt: &str,
    ) -> Result<(), StoreError> {
        let sql = seat_sql(
            player,
            "UPDATE games SET fleet1 = $1, salt1 = $2 WHERE id = $3",
            "UPDATE games SET fleet2 = $1, salt2 = $2 WHERE id = $3",
        );
        self.write_game(id, sql, params![fleet, salt, id])
    }

    /// Stores who shoots first.
    pub fn start(&self, id: &GameId, first: Player) -> Result<(), StoreError> {
        self.write_game(
            id,
            "UPDATE games SET first_player = $1 WHERE id = $2",
            params![first, id],
        )
    }

    /// Gives seat `player` of game `id` to `account` (a signed-in player took it).
    pub fn seat_account(
        &self,
        id: &GameId,
        player: Player,
        account: AccountId,
    ) -> Result<(), StoreError> {
        let sql = seat_sql(
            player,
            "UPDATE games SET account1 = $1 WHERE id = $2",
            "UPDATE games SET account2 = $1 WHERE id = $2",
        );
        self.write_game(id, sql, params![account, id])
    }

    /// Makes game `id` count for ratings (both friends asked).
    pub fn set_rated(&self, id: &GameId) -> Result<(), StoreError> {
        self.write_game(id, "UPDATE games SET rated = 1 WHERE id = $1", params![id])
    }

    /// Marks the game over.
    pub fn finish(&self, id: &GameId, result: &str) -> Result<(), StoreError> {
        self.write_game(
            id,
            "UPDATE games SET result = $1, finished_at = $2 WHERE id = $3",
            params![result, now_secs(), id],
        )
    }

    /// Appends the move numbered `seq` (0-based).
    pub fn append(&self, id: &GameId, seq: usize, mv: &StoredMove) -> Result<(), StoreError> {
        self.append_all(id, seq, std::slice::from_ref(mv))
    }

    /// Appends `moves` numbered from `seq` on, all or none: a volley and the dying
    /// shots it caused are stored together. A commit whose answer was lost with its
    /// connection (the primary died just after its standby had the commit) is run again
    /// on the new primary, finds its own rows there, and is stored, as asked.
    pub fn append_all(
        &self,
        id: &GameId,
        seq: usize,
        moves: &[StoredMove],
    ) -> Result<(), StoreError> {
        match self.game_tx(id, |sql| insert_moves(sql, id, seq, moves)) {
            Err(e) if e.may_have_landed() => match self.stored_already(id, seq, moves) {
                Ok(true) => Ok(()),
                _ => Err(e),
            },
            other => other,
        }
    }

    /// Whether the rows from `seq` on are `moves` already, and no more.
    fn stored_already(
        &self,
        id: &GameId,
        seq: usize,
        moves: &[StoredMove],
    ) -> Result<bool, StoreError> {
        let seq = i64::try_from(seq).map_err(|_| StoreError::corrupt("too many moves"))?;
        let stored: Vec<StoredMove> = self.db().rows(SELECT_MOVES, params![id, seq])?;
        Ok(stored == moves)
    }

    /// Appends several games' moves in one transaction (a group commit): each game's
    /// moves all or none, and one game's refusal (a fenced write, a duplicate move)
    /// refuses only that game's, one result each, in order. `Err` when the transaction
    /// as a whole failed and nothing of it was stored. Every `Ok` is durable when this
    /// returns.
    pub fn append_together(
        &self,
        batch: &[Append],
    ) -> Result<Vec<Result<(), StoreError>>, StoreError> {
        if let Some(c) = self.cluster() {
            return c.append_fenced(batch);
        }
        self.db().tx(|sql| {
            // Each game's moves under a savepoint of their own: a refused one rolls back
            // only its own rows.
            Ok(batch
                .iter()
                .map(|a| sql.savepoint(|sql| insert_moves(sql, &a.id, a.seq, &a.moves)))
                .collect())
        })
    }

    /// Whether a game has id `id`.
    pub fn has_game(&self, id: &GameId) -> Result<bool, StoreError> {
        let found: Option<crate::db::One<i64>> = self
            .db()
            .row("SELECT 1 FROM games WHERE id = $1", params![id])?;
        Ok(found.is_some())
    }

    /// Whether game `id` is stored and still being played (no result yet).
    pub fn in_play(&self, id: &GameId) -> Result<bool, StoreError> {
        let found: Option<crate::db::One<i64>> = self.db().row(
            "SELECT 1 FROM games WHERE id = $1 AND result IS NULL",
            params![id],
        )?;
        Ok(found.is_some())
    }

    /// Reads a game with its moves.
    pub fn load(&self, id: &GameId) -> Result<Option<StoredGame>, StoreError> {
        self.db().run(|sql| {
            let Some(mut game) = sql.row::<StoredGame>(SELECT_GAME, params![id])? else {
                return Ok(None);
            };
            game.moves = sql.rows(SELECT_MOVES, params![id, 0i64])?;
            Ok(Some(game))
        })
    }

    /// Gives `account` the seat of the finished game `id` whose token's hash is
    /// `token_hash`, if no account has it yet; whether it did.
    pub fn adopt_game(
        &self,
        id: &GameId,
        token_hash: &str,
        account: AccountId,
    ) -> Result<bool, StoreError> {
        self.db().tx(|sql| {
            let mut n = 0;
            for adopt in [
                "UPDATE games SET account1 = $1 WHERE id = $2 AND token1 = $3 \
                 AND account1 IS NULL AND result IS NOT NULL",
                "UPDATE games SET account2 = $1 WHERE id = $2 AND token2 = $3 \
                 AND account2 IS NULL AND result IS NOT NULL",
            ] {
                n += sql.exec(adopt, params![account, id, token_hash])?;
            }
            Ok(n > 0)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::DbUrl;

    #[test]
    fn round_trip_and_reopen() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("g.db");
        let url = DbUrl::Sqlite(path.clone());
        let s = Store::open(&url, "node").unwrap();
        let id = GameId::random();
        let mut g = StoredGame::new(id.clone(), "classic".into(), "friend".into(), Some(30));
        g.tokens[0] = Some("h1".into());
        s.create(&g).unwrap();
        s.take_seat(&id, Player::Two, "h2").unwrap();
        s.place(&id, Player::One, "a1-d1", "s1").unwrap();
        s.start(&id, Player::Two).unwrap();
        let mv = StoredMove {
            player: Player::Two,
            kind: MoveKind::Volley,
            shots: "e5:miss".into(),
        };
        s.append(&id, 0, &mv).unwrap();
        s.append(&id, 0, &mv)
            .expect("the same move stored again is the move stored");
        let other = StoredMove {
            shots: "f5:miss".into(),
            ..mv.clone()
        };
        assert!(
            matches!(s.append(&id, 0, &other), Err(StoreError::Conflict { .. })),
            "a move number is used once"
        );
        assert!(matches!(
            s.take_seat(&GameId::random(), Player::Two, "h"),
            Err(StoreError::NotFound { what: "game", .. })
        ));
        drop(s);
        let s = Store::open(&url, "node").unwrap();
        let back = s.load(&id).unwrap().unwrap();
        assert_eq!(back.tokens, [Some("h1".into()), Some("h2".into())]);
        assert_eq!(back.fleets[0].as_deref(), Some("a1-d1"));
        assert_eq!(back.first, Some(Player::Two));
        assert_eq!(back.clock_secs, Some(30));
        assert_eq!(back.moves, vec![mv]);
        assert!(s.load(&GameId::random()).unwrap().is_none());
    }
}

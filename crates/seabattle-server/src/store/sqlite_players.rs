//! [`Players`] in SQLite.

use super::api::now_secs;
use super::players::{
    AccountGame, GameList, Leader, Players, RatedGame, RatingChange, RatingPoint, StoredRating,
    count_shots,
};
use super::players_common::{changes_from_rows, sitter};
use super::sql;
use super::sqlite::{SqliteStore, q};
use crate::error::StoreError;
use crate::ratings::glicko::Rating;
use rusqlite::{Connection, OptionalExtension, params};
use seabattle_core::Player;

fn rating_of(c: &Connection, account: i64, preset: &str) -> Result<Rating, StoreError> {
    Ok(
        c.query_row(sql::SELECT_RATING, params![account, preset], |r| {
            Ok(Rating {
                rating: r.get(0)?,
                deviation: r.get(1)?,
                volatility: r.get(2)?,
            })
        })
        .optional()
        .map_err(q)?
        .unwrap_or_default(),
    )
}

/// The changes noted for `game`, in seat order, if it was rated.
fn noted(
    c: &Connection,
    game: &str,
    rated: &RatedGame,
) -> Result<Option<[RatingChange; 2]>, StoreError> {
    let mut stmt = c.prepare_cached(sql::SELECT_CHANGES).map_err(q)?;
    let rows: Vec<(i64, f64, f64, f64)> = stmt
        .query_map(params![game], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })
        .map_err(q)?
        .collect::<Result<_, _>>()
        .map_err(q)?;
    Ok(changes_from_rows(&rows, rated))
}

impl Players for SqliteStore {
    fn seat_account(&self, id: &str, player: Player, account: i64) -> Result<(), StoreError> {
        let sql = match player {
            Player::One => sql::SEAT_ACCOUNT1,
            Player::Two => sql::SEAT_ACCOUNT2,
        };
        self.with(|c| c.execute(sql, params![account, id]).map_err(q).map(drop))
    }

    fn set_rated(&self, id: &str) -> Result<(), StoreError> {
        self.with(|c| c.execute(sql::SET_RATED, params![id]).map_err(q).map(drop))
    }

    fn rate(&self, game: &str, rated: &RatedGame) -> Result<[RatingChange; 2], StoreError> {
        self.with(|c| {
            let tx = c.unchecked_transaction().map_err(q)?;
            if let Some(done) = noted(&tx, game, rated)? {
                return Ok(done);
            }
            let [a, b] = rated.accounts;
            let before = [
                rating_of(&tx, a, &rated.preset)?,
                rating_of(&tx, b, &rated.preset)?,
            ];
            let after = rated.apply(before);
            let now = now_secs();
            for i in 0..2 {
                let (acct, r) = (rated.accounts[i], after[i]);
                tx.execute(
                    sql::UPSERT_RATING,
                    params![acct, rated.preset, r.rating, r.deviation, r.volatility, now],
                )
                .map_err(q)?;
                tx.execute(
                    sql::INSERT_CHANGE,
                    params![
                        game,
                        acct,
                        rated.preset,
                        before[i].rating,
                        r.rating,
                        r.deviation,
                        now
                    ],
                )
                .map_err(q)?;
            }
            tx.commit().map_err(q)?;
            Ok([0, 1].map(|i| RatingChange {
                account: rated.accounts[i],
                before: before[i],
                after: after[i],
            }))
        })
    }

    fn rating(&self, account: i64, preset: &str) -> Result<Rating, StoreError> {
        self.with(|c| rating_of(c, account, preset))
    }

    fn ratings(&self, account: i64) -> Result<Vec<StoredRating>, StoreError> {
        self.with(|c| {
            let mut stmt = c.prepare_cached(sql::SELECT_RATINGS).map_err(q)?;
            let rows = stmt
                .query_map(params![account], |r| {
                    Ok(StoredRating {
                        preset: r.get(0)?,
                        rating: Rating {
                            rating: r.get(1)?,
                            deviation: r.get(2)?,
                            volatility: r.get(3)?,
                        },
                        games: r.get(4)?,
                        updated_at: r.get(5)?,
                    })
                })
                .map_err(q)?;
            rows.collect::<Result<_, _>>().map_err(q)
        })
    }

    fn rating_history(&self, account: i64) -> Result<Vec<RatingPoint>, StoreError> {
        self.with(|c| {
            let mut stmt = c.prepare_cached(sql::SELECT_HISTORY).map_err(q)?;
            let rows = stmt
                .query_map(params![account], |r| {
                    Ok(RatingPoint {
                        preset: r.get(0)?,
                        rating: r.get(1)?,
                        at: r.get(2)?,
                    })
                })
                .map_err(q)?;
            rows.collect::<Result<_, _>>().map_err(q)
        })
    }

    fn leaders(
        &self,
        preset: &str,
        max_deviation: f64,
        since: i64,
        limit: u32,
    ) -> Result<Vec<Leader>, StoreError> {
        self.with(|c| {
            let mut stmt = c.prepare_cached(sql::SELECT_LEADERS).map_err(q)?;
            let rows = stmt
                .query_map(params![preset, max_deviation, since, limit], |r| {
                    Ok(Leader {
                        name: r.get(0)?,
                        rating: Rating {
                            rating: r.get(1)?,
                            deviation: r.get(2)?,
                            volatility: r.get(3)?,
                        },
                        games: r.get(4)?,
                    })
                })
                .map_err(q)?;
            rows.collect::<Result<_, _>>().map_err(q)
        })
    }

    fn account_games(
        &self,
        account: i64,
        list: GameList,
        limit: u32,
    ) -> Result<Vec<AccountGame>, StoreError> {
        let query = match list {
            GameList::Unfinished => sql::SELECT_UNFINISHED,
            GameList::Finished => sql::SELECT_FINISHED,
        };
        self.with(|c| {
            let mut stmt = c.prepare_cached(query).map_err(q)?;
            let rows = stmt
                .query_map(params![account, limit], |r| {
                    let accounts: [Option<i64>; 2] = [r.get(7)?, r.get(8)?];
                    Ok(AccountGame {
                        id: r.get(0)?,
                        rules: r.get(1)?,
                        mode: r.get(2)?,
                        result: r.get(3)?,
                        created_at: r.get(4)?,
                        finished_at: r.get(5)?,
                        rated: r.get::<_, i64>(6)? != 0,
                        seat: if accounts[0] == Some(account) {
                            Player::One
                        } else {
                            Player::Two
                        },
                        sitters: [
                            sitter(accounts[0], r.get(9)?),
                            sitter(accounts[1], r.get(10)?),
                        ],
                        shots: [(0, 0); 2],
                    })
                })
                .map_err(q)?;
            let mut games: Vec<AccountGame> = rows.collect::<Result<_, _>>().map_err(q)?;
            let mut volleys = c.prepare_cached(sql::SELECT_VOLLEYS).map_err(q)?;
            for g in &mut games {
                let rows = volleys
                    .query_map(params![g.id], |r| {
                        Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
                    })
                    .map_err(q)?;
                for row in rows {
                    let (player, shots) = row.map_err(q)?;
                    let i = usize::from(player == 2);
                    let (n, hits) = count_shots(&shots);
                    g.shots[i].0 += n;
                    g.shots[i].1 += hits;
                }
            }
            Ok(games)
        })
    }

    fn adopt_learned(&self, from: &str, to: &str) -> Result<usize, StoreError> {
        self.with(|c| c.execute(sql::ADOPT_LEARNED, params![to, from]).map_err(q))
    }

    fn adopt_game(&self, id: &str, token_hash: &str, account: i64) -> Result<bool, StoreError> {
        self.with(|c| {
            let mut n = 0;
            for sql in [sql::ADOPT1, sql::ADOPT2] {
                n += c
                    .execute(sql, params![account, id, token_hash])
                    .map_err(q)?;
            }
            Ok(n > 0)
        })
    }
}

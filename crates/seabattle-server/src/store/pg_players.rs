//! [`Players`] in PostgreSQL.

use super::api::now_secs;
use super::players::{
    AccountGame, GameList, Leader, Players, RatedGame, RatingChange, RatingPoint, StoredRating,
    count_shots,
};
use super::players_common::{changes_from_rows, sitter};
use super::postgres::{PgStore, q};
use super::sql;
use crate::error::StoreError;
use crate::ratings::glicko::Rating;
use postgres::GenericClient;
use seabattle_core::Player;

fn rating_of(c: &mut impl GenericClient, account: i64, preset: &str) -> Result<Rating, StoreError> {
    Ok(c.query_opt(sql::SELECT_RATING, &[&account, &preset])
        .map_err(q)?
        .map_or_else(Rating::default, |r| Rating {
            rating: r.get(0),
            deviation: r.get(1),
            volatility: r.get(2),
        }))
}

impl Players for PgStore {
    fn seat_account(&self, id: &str, player: Player, account: i64) -> Result<(), StoreError> {
        let sql = match player {
            Player::One => sql::SEAT_ACCOUNT1,
            Player::Two => sql::SEAT_ACCOUNT2,
        };
        self.exec(id, sql, &[&account, &id])
    }

    fn set_rated(&self, id: &str) -> Result<(), StoreError> {
        self.exec(id, sql::SET_RATED, &[&id])
    }

    fn rate(&self, game: &str, rated: &RatedGame) -> Result<[RatingChange; 2], StoreError> {
        self.with(game, |c| {
            let mut tx = c.transaction().map_err(q)?;
            // Both ratings are locked in the accounts' order, so two games ending at
            // once for the same player are rated one after the other.
            let mut order = rated.accounts;
            order.sort_unstable();
            tx.query(
                "SELECT 1 FROM accounts WHERE id = ANY($1) ORDER BY id FOR UPDATE",
                &[&order.to_vec()],
            )
            .map_err(q)?;
            let rows: Vec<(i64, f64, f64, f64)> = tx
                .query(sql::SELECT_CHANGES, &[&game])
                .map_err(q)?
                .iter()
                .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
                .collect();
            if let Some(done) = changes_from_rows(&rows, rated) {
                return Ok(done);
            }
            let [a, b] = rated.accounts;
            let before = [
                rating_of(&mut tx, a, &rated.preset)?,
                rating_of(&mut tx, b, &rated.preset)?,
            ];
            let after = rated.apply(before);
            let now = now_secs();
            for i in 0..2 {
                let (acct, r) = (rated.accounts[i], after[i]);
                tx.execute(
                    sql::UPSERT_RATING,
                    &[
                        &acct,
                        &rated.preset,
                        &r.rating,
                        &r.deviation,
                        &r.volatility,
                        &now,
                    ],
                )
                .map_err(q)?;
                tx.execute(
                    sql::INSERT_CHANGE,
                    &[
                        &game,
                        &acct,
                        &rated.preset,
                        &before[i].rating,
                        &r.rating,
                        &r.deviation,
                        &now,
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
        self.with(&account.to_string(), |c| rating_of(c, account, preset))
    }

    fn ratings(&self, account: i64) -> Result<Vec<StoredRating>, StoreError> {
        self.with(&account.to_string(), |c| {
            Ok(c.query(sql::SELECT_RATINGS, &[&account])
                .map_err(q)?
                .iter()
                .map(|r| StoredRating {
                    preset: r.get(0),
                    rating: Rating {
                        rating: r.get(1),
                        deviation: r.get(2),
                        volatility: r.get(3),
                    },
                    games: r.get::<_, i32>(4).max(0) as u32,
                    updated_at: r.get(5),
                })
                .collect())
        })
    }

    fn rating_history(&self, account: i64) -> Result<Vec<RatingPoint>, StoreError> {
        self.with(&account.to_string(), |c| {
            Ok(c.query(sql::SELECT_HISTORY, &[&account])
                .map_err(q)?
                .iter()
                .map(|r| RatingPoint {
                    preset: r.get(0),
                    rating: r.get(1),
                    at: r.get(2),
                })
                .collect())
        })
    }

    fn leaders(
        &self,
        preset: &str,
        max_deviation: f64,
        since: i64,
        limit: u32,
    ) -> Result<Vec<Leader>, StoreError> {
        let limit = i64::from(limit);
        self.with(preset, |c| {
            Ok(c.query(
                sql::SELECT_LEADERS,
                &[&preset, &max_deviation, &since, &limit],
            )
            .map_err(q)?
            .iter()
            .map(|r| Leader {
                name: r.get(0),
                rating: Rating {
                    rating: r.get(1),
                    deviation: r.get(2),
                    volatility: r.get(3),
                },
                games: r.get::<_, i32>(4).max(0) as u32,
            })
            .collect())
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
        let limit = i64::from(limit);
        self.with(&account.to_string(), |c| {
            let mut games = Vec::new();
            for r in c.query(query, &[&account, &limit]).map_err(q)? {
                let accounts: [Option<i64>; 2] = [r.get(7), r.get(8)];
                games.push(AccountGame {
                    id: r.get(0),
                    rules: r.get(1),
                    mode: r.get(2),
                    result: r.get(3),
                    created_at: r.get(4),
                    finished_at: r.get(5),
                    rated: r.get::<_, i32>(6) != 0,
                    seat: if accounts[0] == Some(account) {
                        Player::One
                    } else {
                        Player::Two
                    },
                    sitters: [
                        sitter(accounts[0], r.get(9)),
                        sitter(accounts[1], r.get(10)),
                    ],
                    shots: [(0, 0); 2],
                });
            }
            for g in &mut games {
                for r in c.query(sql::SELECT_VOLLEYS, &[&g.id]).map_err(q)? {
                    let i = usize::from(r.get::<_, i16>(0) == 2);
                    let (n, hits) = count_shots(r.get(1));
                    g.shots[i].0 += n;
                    g.shots[i].1 += hits;
                }
            }
            Ok(games)
        })
    }

    fn adopt_learned(&self, from: &str, to: &str) -> Result<usize, StoreError> {
        self.with(to, |c| {
            Ok(c.execute(sql::ADOPT_LEARNED, &[&to, &from]).map_err(q)? as usize)
        })
    }

    fn adopt_game(&self, id: &str, token_hash: &str, account: i64) -> Result<bool, StoreError> {
        self.with(id, |c| {
            let mut n = 0;
            for sql in [sql::ADOPT1, sql::ADOPT2] {
                n += c.execute(sql, &[&account, &id, &token_hash]).map_err(q)?;
            }
            Ok(n > 0)
        })
    }
}

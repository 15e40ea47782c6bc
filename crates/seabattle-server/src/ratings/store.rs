//! Ratings in storage, for both databases: one Glicko-2 rating per account and preset,
//! each rated game's change (its proof that it was rated, and the profile's chart),
//! and the leaderboard.

use super::glicko::{Rating, Score};
use crate::db::params;
use crate::db::{FromRow, One, Row, Sql, Store, StoreError, now_secs};
use crate::ids::{AccountId, GameId};
use crate::protocol::SeatAccountJson;
use seabattle_core::{Player, Preset};

/// A rated game as it ends: the preset it is rated under, the account in each seat,
/// the winner, and a level's fixed rating in its seat.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedGame {
    /// The preset (one rating per preset).
    pub preset: Preset,
    /// Seat 1's and seat 2's accounts.
    pub accounts: [AccountId; 2],
    /// Who won (resigning and being away until the end are losses).
    pub winner: Player,
    /// A seat whose rating never moves (a computer level, `levels::strength`): the
    /// rating it plays at, before and after.
    pub fixed: [Option<Rating>; 2],
}

impl RatedGame {
    /// Both ratings after the game, from both ratings before it: a fixed seat's stays
    /// as it is.
    pub fn apply(&self, before: [Rating; 2]) -> [Rating; 2] {
        let score = match self.winner {
            Player::One => Score::Win,
            Player::Two => Score::Loss,
        };
        let (one, two) = super::glicko::after_game(before[0], before[1], score);
        [0, 1].map(|i| self.fixed[i].unwrap_or([one, two][i]))
    }
}

impl RatedGame {
    /// The game as rated when `engines` says which seats' accounts are marked as
    /// engines: the opponent of an engine keeps the rating it had (`before`), so an
    /// engine's games move only its own rating.
    pub fn shielded(&self, engines: [bool; 2], before: [Rating; 2]) -> RatedGame {
        let mut g = self.clone();
        for i in 0..2 {
            if engines[1 - i] && g.fixed[i].is_none() {
                g.fixed[i] = Some(before[i]);
            }
        }
        g
    }
}

/// One account's rating before and after a rated game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    /// The account.
    pub account: AccountId,
    /// Its rating before the game.
    pub before: Rating,
    /// And after.
    pub after: Rating,
}

/// An account's rating under one preset.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredRating {
    /// The preset.
    pub preset: Preset,
    /// The rating now.
    pub rating: Rating,
    /// Rated games played under the preset.
    pub games: u32,
    /// When it last changed (seconds since the epoch).
    pub updated_at: i64,
}

/// A row of the leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct Leader {
    /// The account's name.
    pub name: String,
    /// Its rating.
    pub rating: Rating,
    /// Rated games played under the preset.
    pub games: u32,
}

/// A point of an account's rating history.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingPoint {
    /// The preset.
    pub preset: Preset,
    /// The rating after the game.
    pub rating: f64,
    /// When (seconds since the epoch).
    pub at: i64,
}

impl FromRow for Rating {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(Rating {
            rating: r.get("rating")?,
            deviation: r.get("deviation")?,
            volatility: r.get("volatility")?,
        })
    }
}

impl FromRow for StoredRating {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(StoredRating {
            preset: r.get("preset")?,
            rating: Rating::from_row(r)?,
            games: r.get("games")?,
            updated_at: r.get("updated_at")?,
        })
    }
}

impl FromRow for Leader {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(Leader {
            name: r.get("name")?,
            rating: Rating::from_row(r)?,
            games: r.get("games")?,
        })
    }
}

impl FromRow for RatingPoint {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(RatingPoint {
            preset: r.get("preset")?,
            rating: r.get("rating_after")?,
            at: r.get("at")?,
        })
    }
}

/// A change noted for a rated game: the deviation before is not kept, so a change
/// shows only the rating before.
impl FromRow for RatingChange {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(RatingChange {
            account: r.get("account_id")?,
            before: Rating {
                rating: r.get("rating_before")?,
                ..Rating::default()
            },
            after: Rating {
                rating: r.get("rating_after")?,
                deviation: r.get("deviation")?,
                ..Rating::default()
            },
        })
    }
}

/// The window the rated games of a pair of accounts are counted over
/// (`Limits::rated_per_pair`): 24 hours.
pub const PAIR_WINDOW_SECS: i64 = 24 * 60 * 60;

/// Whether accounts `a` and `b` have played `limit` rated games against each other in
/// the last [`PAIR_WINDOW_SECS`], in `sql`'s transaction.
pub fn pair_limit_reached(
    sql: &mut Sql<'_>,
    a: AccountId,
    b: AccountId,
    limit: u32,
) -> Result<bool, StoreError> {
    let since = now_secs() - PAIR_WINDOW_SECS;
    let games: Option<One<i64>> = sql.row(
        "SELECT count(*) FROM rating_changes x JOIN rating_changes y \
         ON y.game_id = x.game_id AND y.account_id = $2 \
         WHERE x.account_id = $1 AND x.at >= $3",
        params![a, b, since],
    )?;
    Ok(games.is_some_and(|One(n)| n >= i64::from(limit)))
}

/// A rated game between two people moves their ratings against people only too, by the
/// same Glicko-2 step from those ratings; a game with a BOT or a level moves only the
/// one scale.
fn people_only(
    sql: &mut Sql<'_>,
    rated: &RatedGame,
    engines: [bool; 2],
    now: i64,
) -> Result<(), StoreError> {
    let One(people): One<i64> = sql
        .row(
            "SELECT count(*) FROM accounts WHERE id IN ($1, $2) AND bot = 0",
            params![rated.accounts[0], rated.accounts[1]],
        )?
        .unwrap_or(One(0));
    if people < 2 {
        return Ok(());
    }
    let mut before = [Rating::default(); 2];
    for (b, account) in before.iter_mut().zip(rated.accounts) {
        *b = Scale::People.read(sql, account, rated.preset)?;
    }
    let after = rated.shielded(engines, before).apply(before);
    for (account, r) in rated.accounts.into_iter().zip(after) {
        Scale::People.write(sql, account, rated.preset, &r, now)?;
    }
    Ok(())
}

/// Whether each seat's account is marked as an engine by a moderator
/// (`crate::moderation`).
fn engines(sql: &mut Sql<'_>, rated: &RatedGame) -> Result<[bool; 2], StoreError> {
    let marked: Vec<One<AccountId>> = sql.rows(
        "SELECT id FROM accounts WHERE id IN ($1, $2) AND engine = 1",
        params![rated.accounts[0], rated.accounts[1]],
    )?;
    Ok(rated.accounts.map(|a| marked.iter().any(|One(m)| *m == a)))
}

/// A rating's table: the one scale, or games against people only.
#[derive(Clone, Copy)]
enum Scale {
    All,
    People,
}

impl Scale {
    fn table(self) -> &'static str {
        match self {
            Scale::All => "ratings",
            Scale::People => "people_ratings",
        }
    }

    /// `account`'s rating under `preset` on this scale (the starting one if none).
    fn read(
        self,
        sql: &mut Sql<'_>,
        account: AccountId,
        preset: Preset,
    ) -> Result<Rating, StoreError> {
        Ok(sql
            .row(
                &format!(
                    "SELECT rating, deviation, volatility FROM {} \
                     WHERE account_id = $1 AND preset = $2",
                    self.table()
                ),
                params![account, preset],
            )?
            .unwrap_or_default())
    }

    /// Stores `account`'s rating `r` after one more game.
    fn write(
        self,
        sql: &mut Sql<'_>,
        account: AccountId,
        preset: Preset,
        r: &Rating,
        now: i64,
    ) -> Result<(), StoreError> {
        let t = self.table();
        sql.exec(
            &format!(
                "INSERT INTO {t} (account_id, preset, rating, deviation, volatility, \
                 games, updated_at) VALUES ($1, $2, $3, $4, $5, 1, $6) \
                 ON CONFLICT (account_id, preset) DO UPDATE SET rating = excluded.rating, \
                 deviation = excluded.deviation, volatility = excluded.volatility, \
                 games = {t}.games + 1, updated_at = excluded.updated_at"
            ),
            params![account, preset, r.rating, r.deviation, r.volatility, now],
        )
        .map(drop)
    }
}

const SELECT_RATING: &str = "SELECT rating, deviation, volatility FROM ratings \
     WHERE account_id = $1 AND preset = $2";

impl Store {
    /// Rates a game that ended: both ratings read, updated by Glicko-2 and written, and
    /// the changes noted, in one transaction. A game is rated once: asked again, the
    /// changes noted the first time are returned. A game one of whose accounts was
    /// deleted meanwhile is not rated (`None`), and stored as unrated.
    pub fn rate(
        &self,
        game: &GameId,
        rated: &RatedGame,
    ) -> Result<Option<[RatingChange; 2]>, StoreError> {
        let dialect = self.db().dialect();
        self.db().tx(|sql| {
            // Both accounts are locked in their ids' order, so two games ending at once
            // for the same player are rated one after the other.
            let mut order = rated.accounts;
            order.sort_unstable();
            let found = sql.exec(
                &format!(
                    "SELECT id FROM accounts WHERE id IN ($1, $2) ORDER BY id{}",
                    dialect.for_update()
                ),
                params![order[0], order[1]],
            )?;
            if found < 2 {
                sql.exec("UPDATE games SET rated = 0 WHERE id = $1", params![game])?;
                return Ok(None);
            }
            let noted: Vec<RatingChange> = sql.rows(
                "SELECT account_id, rating_before, rating_after, deviation \
                 FROM rating_changes WHERE game_id = $1",
                params![game],
            )?;
            let find = |a: AccountId| noted.iter().find(|c| c.account == a).copied();
            if let [Some(one), Some(two)] = rated.accounts.map(find) {
                return Ok(Some([one, two]));
            }
            let mut before = [Rating::default(); 2];
            for ((b, account), fixed) in before.iter_mut().zip(rated.accounts).zip(rated.fixed) {
                *b = match fixed {
                    Some(r) => r,
                    None => Scale::All.read(sql, account, rated.preset)?,
                };
            }
            let engines = engines(sql, rated)?;
            let shielded = rated.shielded(engines, before);
            let after = shielded.apply(before);
            let now = now_secs();
            for i in 0..2 {
                let (account, r) = (rated.accounts[i], after[i]);
                Scale::All.write(sql, account, rated.preset, &r, now)?;
                sql.exec(
                    "INSERT INTO rating_changes (game_id, account_id, preset, rating_before, \
                     rating_after, deviation, at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    params![
                        game,
                        account,
                        rated.preset,
                        before[i].rating,
                        r.rating,
                        r.deviation,
                        now
                    ],
                )?;
            }
            people_only(sql, rated, engines, now)?;
            Ok(Some([0, 1].map(|i| RatingChange {
                account: rated.accounts[i],
                before: before[i],
                after: after[i],
            })))
        })
    }

    /// Sets `account`'s rating under `preset` to `r` (a level's fixed one), keeping the
    /// count of its games.
    pub fn fix_rating(
        &self,
        account: AccountId,
        preset: Preset,
        r: &Rating,
    ) -> Result<(), StoreError> {
        self.db()
            .exec(
                "INSERT INTO ratings (account_id, preset, rating, deviation, volatility, \
                 games, updated_at) VALUES ($1, $2, $3, $4, $5, 0, $6) \
                 ON CONFLICT (account_id, preset) DO UPDATE SET rating = excluded.rating, \
                 deviation = excluded.deviation, volatility = excluded.volatility, \
                 updated_at = excluded.updated_at",
                params![
                    account,
                    preset,
                    r.rating,
                    r.deviation,
                    r.volatility,
                    now_secs()
                ],
            )
            .map(drop)
    }

    /// `account`'s ratings from games against people only, one per preset.
    pub fn people_ratings(&self, account: AccountId) -> Result<Vec<StoredRating>, StoreError> {
        self.db().rows(
            "SELECT preset, rating, deviation, volatility, games, updated_at FROM people_ratings \
             WHERE account_id = $1 ORDER BY preset",
            params![account],
        )
    }

    /// Whether accounts `a` and `b` may play another rated game against each other now,
    /// `limit` a day.
    pub fn may_rate_pair(
        &self,
        a: AccountId,
        b: AccountId,
        limit: u32,
    ) -> Result<bool, StoreError> {
        self.db()
            .run(|sql| pair_limit_reached(sql, a, b, limit).map(|reached| !reached))
    }

    /// `account`'s rating under `preset` (the starting rating if it has none).
    pub fn rating(&self, account: AccountId, preset: Preset) -> Result<Rating, StoreError> {
        Ok(self
            .db()
            .row(SELECT_RATING, params![account, preset])?
            .unwrap_or_default())
    }

    /// `account` as a seat shows it: its name, and its rating under `preset` if the
    /// game has one. `None` for an account deleted meanwhile.
    pub fn shown_account(
        &self,
        account: AccountId,
        preset: Option<Preset>,
    ) -> Result<Option<SeatAccountJson>, StoreError> {
        let Some(Named { name, bot }) = self.db().row::<Named>(
            "SELECT name, bot FROM accounts WHERE id = $1",
            params![account],
        )?
        else {
            return Ok(None);
        };
        let rating = preset.map(|p| self.rating(account, p)).transpose()?;
        Ok(Some(SeatAccountJson {
            name,
            rating: rating.map(|r| r.rating.round() as i32),
            provisional: rating.is_some_and(|r| r.provisional()),
            bot,
        }))
    }

    /// `account`'s ratings, one per preset played rated.
    pub fn ratings(&self, account: AccountId) -> Result<Vec<StoredRating>, StoreError> {
        self.db().rows(
            "SELECT preset, rating, deviation, volatility, games, updated_at FROM ratings \
             WHERE account_id = $1 ORDER BY preset",
            params![account],
        )
    }

    /// `account`'s rating after each rated game, oldest first.
    pub fn rating_history(&self, account: AccountId) -> Result<Vec<RatingPoint>, StoreError> {
        self.db().rows(
            "SELECT preset, rating_after, at FROM rating_changes WHERE account_id = $1 \
             ORDER BY at, game_id",
            params![account],
        )
    }

    /// The best `limit` ratings under `preset` whose deviation is at most
    /// `max_deviation` and that changed at or after `since`, best first; a level that
    /// played no game under it (its fixed rating is set at start) is not among them.
    pub fn leaders(
        &self,
        preset: Preset,
        max_deviation: f64,
        since: i64,
        limit: u32,
        bots: bool,
    ) -> Result<Vec<Leader>, StoreError> {
        self.db().rows(
            "SELECT a.name, r.rating, r.deviation, r.volatility, r.games \
             FROM ratings r JOIN accounts a ON a.id = r.account_id \
             WHERE r.preset = $1 AND r.deviation <= $2 AND r.updated_at >= $3 AND a.bot = $4 \
             AND r.games > 0 AND a.engine = 0 AND a.closed_at IS NULL \
             ORDER BY r.rating DESC, a.name_key LIMIT $5",
            params![preset, max_deviation, since, bots, limit],
        )
    }
}

/// An account's name, and whether it is a BOT.
struct Named {
    name: String,
    bot: bool,
}

impl FromRow for Named {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(Named {
            name: r.get("name")?,
            bot: r.get("bot")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::DbUrl;

    #[test]
    fn the_winner_gains_what_the_loser_loses_between_equals() {
        let g = RatedGame {
            preset: Preset::Classic,
            accounts: [AccountId(1), AccountId(2)],
            winner: Player::Two,
            fixed: [None, None],
        };
        let [one, two] = g.apply([Rating::default(); 2]);
        assert!(two.rating > 1500.0 && one.rating < 1500.0);
    }

    #[test]
    fn a_level_s_rating_never_moves_and_the_person_s_moves_against_it() {
        let level = Rating {
            rating: 1263.0,
            deviation: 50.0,
            ..Rating::default()
        };
        let person = Rating {
            rating: 1567.0,
            deviation: 80.0,
            ..Rating::default()
        };
        let g = RatedGame {
            preset: Preset::Classic,
            accounts: [AccountId(1), AccountId(2)],
            winner: Player::One,
            fixed: [None, Some(level)],
        };
        let [one, two] = g.apply([person, Rating::default()]);
        assert_eq!(two, level);
        // Beating a much weaker opponent is worth little.
        assert!(one.rating > 1567.0 && one.rating < 1567.0 + 20.0, "{one:?}");
    }

    #[test]
    fn an_engine_s_game_moves_only_its_own_rating() {
        let g = RatedGame {
            preset: Preset::Classic,
            accounts: [AccountId(1), AccountId(2)],
            winner: Player::One,
            fixed: [None, None],
        };
        let before = [Rating::default(); 2];
        let [one, two] = g.shielded([true, false], before).apply(before);
        assert!(one.rating > 1500.0, "{one:?}");
        assert_eq!(two, before[1]);
        assert_eq!(g.shielded([false, false], before), g);
    }

    #[test]
    fn a_game_is_rated_once() {
        let dir = tempfile::tempdir().unwrap();
        let s = Store::open(&DbUrl::Sqlite(dir.path().join("g.db")), "node").unwrap();
        let a = s.create_account("Ann", "ann", "h").unwrap().unwrap();
        let b = s.create_account("Bob", "bob", "h").unwrap().unwrap();
        let g = RatedGame {
            preset: Preset::Classic,
            accounts: [a, b],
            winner: Player::One,
            fixed: [None, None],
        };
        let game = GameId::random();
        let first = s.rate(&game, &g).unwrap().unwrap();
        let again = s.rate(&game, &g).unwrap().unwrap();
        for (a, b) in again.iter().zip(&first) {
            assert_eq!(
                (
                    a.account,
                    a.before.rating,
                    a.after.rating,
                    a.after.deviation
                ),
                (
                    b.account,
                    b.before.rating,
                    b.after.rating,
                    b.after.deviation
                ),
                "asked again, the same change (its volatility is not kept)"
            );
        }
        assert_eq!(s.ratings(a).unwrap()[0].games, 1);
        // Two people: their ratings against people only move the same way.
        let people = s.people_ratings(a).unwrap();
        assert_eq!((people.len(), people[0].games), (1, 1));
        assert_eq!(people[0].rating, first[0].after);
        assert_eq!(s.rating(a, Preset::Classic).unwrap(), first[0].after);
        assert_eq!(s.rating_history(b).unwrap().len(), 1);
        let top = s.leaders(Preset::Classic, 400.0, 0, 10, false).unwrap();
        assert_eq!(top[0].name, "Ann");
        // Three rated games a day between the same two accounts; the fourth is casual.
        assert!(s.may_rate_pair(a, b, 3).unwrap());
        for _ in 0..2 {
            s.rate(&GameId::random(), &g).unwrap().unwrap();
        }
        assert!(!s.may_rate_pair(a, b, 3).unwrap() && !s.may_rate_pair(b, a, 3).unwrap());
        s.delete_account(b).unwrap();
        assert_eq!(
            s.rate(&GameId::random(), &g).unwrap(),
            None,
            "no rating for an account deleted before its game ended"
        );
    }
}

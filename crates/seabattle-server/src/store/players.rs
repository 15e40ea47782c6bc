//! What storage keeps of players who come back: which account sat in each seat, the
//! Glicko-2 rating per account and preset with each rated game's change, and the
//! lists a profile, the leaderboard and "my games" are read from.

use crate::error::StoreError;
use crate::ratings::glicko::{Rating, Score};
use seabattle_core::{Answer, Player};

/// The account id a seat keeps once its account is deleted: the seat shows "deleted
/// player", and the opponent's records stay whole.
pub const DELETED: i64 = -1;

/// A rated game as it ends: the preset it is rated under, the account in each seat,
/// and the winner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedGame {
    /// The preset's name (one rating per preset).
    pub preset: String,
    /// Seat 1's and seat 2's accounts.
    pub accounts: [i64; 2],
    /// Who won (resigning and being away until the end are losses).
    pub winner: Player,
}

impl RatedGame {
    /// Both ratings after the game, from both ratings before it.
    pub fn apply(&self, before: [Rating; 2]) -> [Rating; 2] {
        let score = match self.winner {
            Player::One => Score::Win,
            Player::Two => Score::Loss,
        };
        let (one, two) = crate::ratings::glicko::after_game(before[0], before[1], score);
        [one, two]
    }
}

/// One account's rating before and after a rated game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    /// The account.
    pub account: i64,
    /// Its rating before the game.
    pub before: Rating,
    /// And after.
    pub after: Rating,
}

/// An account's rating under one preset.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredRating {
    /// The preset.
    pub preset: String,
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
    pub preset: String,
    /// The rating after the game.
    pub rating: f64,
    /// When (seconds since the epoch).
    pub at: i64,
}

/// Who sat in a seat, as a list of games shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sitter {
    /// A guest (or the computer).
    Guest,
    /// An account, by name.
    Account(String),
    /// An account since deleted.
    Deleted,
}

/// A game in an account's list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountGame {
    /// The game's id.
    pub id: String,
    /// Its rules text.
    pub rules: String,
    /// `computer:LEVEL`, `friend`, `random` or `hotseat`.
    pub mode: String,
    /// The account's seat.
    pub seat: Player,
    /// Who sat in each seat.
    pub sitters: [Sitter; 2],
    /// Whether it counted for ratings.
    pub rated: bool,
    /// The stored result (`WINNER REASON`), once over.
    pub result: Option<String>,
    /// When it was created and when it ended (seconds since the epoch).
    pub created_at: i64,
    /// When it ended.
    pub finished_at: Option<i64>,
    /// Cells each seat fired at, and how many of them hit.
    pub shots: [(u32, u32); 2],
}

/// Which of an account's games a list holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameList {
    /// Games still being played.
    Unfinished,
    /// Games that ended (not those closed unfinished).
    Finished,
}

/// Counts the cells fired and the hits in a volley row's `cell:answer` pairs.
pub(crate) fn count_shots(shots: &str) -> (u32, u32) {
    shots
        .split_whitespace()
        .filter_map(|pair| pair.split_once(':'))
        .fold((0, 0), |(n, hits), (_, answer)| {
            let hit = answer.parse::<Answer>().is_ok_and(Answer::is_hit);
            (n + 1, hits + u32::from(hit))
        })
}

/// The storage of players who come back. Every method blocks; the server calls them
/// off the async threads.
pub trait Players {
    /// Gives seat `player` of game `id` to `account` (a signed-in player took it).
    fn seat_account(&self, id: &str, player: Player, account: i64) -> Result<(), StoreError>;

    /// Makes game `id` count for ratings (both friends asked).
    fn set_rated(&self, id: &str) -> Result<(), StoreError>;

    /// Rates a game that ended: both ratings read, updated by Glicko-2 and written, and
    /// the changes noted, in one transaction. A game is rated once: asked again, the
    /// changes noted the first time are returned.
    fn rate(&self, game: &str, rated: &RatedGame) -> Result<[RatingChange; 2], StoreError>;

    /// `account`'s rating under `preset` (the starting rating if it has none).
    fn rating(&self, account: i64, preset: &str) -> Result<Rating, StoreError>;

    /// `account`'s ratings, one per preset played rated.
    fn ratings(&self, account: i64) -> Result<Vec<StoredRating>, StoreError>;

    /// `account`'s rating after each rated game, oldest first.
    fn rating_history(&self, account: i64) -> Result<Vec<RatingPoint>, StoreError>;

    /// The best `limit` ratings under `preset` whose deviation is at most
    /// `max_deviation` and that changed at or after `since`, best first.
    fn leaders(
        &self,
        preset: &str,
        max_deviation: f64,
        since: i64,
        limit: u32,
    ) -> Result<Vec<Leader>, StoreError>;

    /// `account`'s games of the `list`, newest first, at most `limit`.
    fn account_games(
        &self,
        account: i64,
        list: GameList,
        limit: u32,
    ) -> Result<Vec<AccountGame>, StoreError>;

    /// Gives what was learned under `from` (a guest's key hash) to `to` (an account's
    /// learner); how many fleets moved.
    fn adopt_learned(&self, from: &str, to: &str) -> Result<usize, StoreError>;

    /// Gives `account` the seat of the finished game `id` whose token's hash is
    /// `token_hash`, if no account has it yet; whether it did.
    fn adopt_game(&self, id: &str, token_hash: &str, account: i64) -> Result<bool, StoreError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shots_and_hits_are_counted_from_a_volley_row() {
        assert_eq!(count_shots("e5:miss f5:hit g5:sunk h1:mine"), (4, 2));
        assert_eq!(count_shots(""), (0, 0));
    }

    #[test]
    fn the_winner_gains_what_the_loser_loses_between_equals() {
        let g = RatedGame {
            preset: "classic".into(),
            accounts: [1, 2],
            winner: Player::Two,
        };
        let [one, two] = g.apply([Rating::default(); 2]);
        assert!(two.rating > 1500.0 && one.rating < 1500.0);
    }
}

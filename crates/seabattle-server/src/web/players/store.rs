//! An account's games in storage, for both databases: the lists "my games" and the
//! profile read, with who sat in each seat and the shots each fired.

use crate::db::params;
use crate::db::{FromRow, Row, Store, StoreError};
use crate::ids::{AccountId, GameId};
use seabattle_core::{Answer, Player};

/// Who sat in a seat, as a list of games shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sitter {
    /// A guest (or the computer).
    Guest,
    /// An account, by name, and whether it is a BOT (a computer's level is one).
    Account {
        /// Its name.
        name: String,
        /// Whether it is a BOT.
        bot: bool,
    },
    /// An account since deleted.
    Deleted,
}

impl Sitter {
    /// Who sat in a seat, from its account column and the account's name and flag.
    fn of(account: Option<AccountId>, name: Option<String>, bot: bool) -> Sitter {
        match (account, name) {
            (Some(AccountId::DELETED), _) | (Some(_), None) => Sitter::Deleted,
            (Some(_), Some(name)) => Sitter::Account { name, bot },
            (None, _) => Sitter::Guest,
        }
    }
}

/// A game in an account's list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountGame {
    /// The game's id.
    pub id: GameId,
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
    /// When it was created (seconds since the epoch).
    pub created_at: i64,
    /// When it ended.
    pub finished_at: Option<i64>,
    /// Cells each seat fired at, and how many of them hit.
    pub shots: [(u32, u32); 2],
}

impl AccountGame {
    /// Whether the game ended before each player had fired at least once: not rated,
    /// shown as aborted, and left out of the player's figures
    /// ([`crate::game::ended::aborted`]).
    pub fn aborted(&self) -> bool {
        self.result.is_some() && self.shots.iter().any(|&(n, _)| n == 0)
    }
}

/// Which of an account's games a list holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameList {
    /// Games still being played.
    Unfinished,
    /// Games that ended (not those closed unfinished).
    Finished,
}

/// A listed game's row, before the seat is known.
struct Listed {
    game: AccountGame,
    accounts: [Option<AccountId>; 2],
}

impl FromRow for Listed {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        let accounts = [r.get("account1")?, r.get("account2")?];
        Ok(Listed {
            game: AccountGame {
                id: r.get("id")?,
                rules: r.get("rules")?,
                mode: r.get("mode")?,
                seat: Player::One,
                sitters: [
                    Sitter::of(accounts[0], r.get("name1")?, bot(r, "bot1")?),
                    Sitter::of(accounts[1], r.get("name2")?, bot(r, "bot2")?),
                ],
                rated: r.get("rated")?,
                result: r.get("result")?,
                created_at: r.get("created_at")?,
                finished_at: r.get("finished_at")?,
                shots: [(0, 0); 2],
            },
            accounts,
        })
    }
}

/// A seat's BOT flag: null when nobody's account sat there.
fn bot(r: &Row, column: &str) -> Result<bool, StoreError> {
    Ok(r.get::<Option<bool>>(column)?.unwrap_or(false))
}

/// A volley row, for the shot counts.
struct Volley {
    player: Player,
    shots: String,
}

impl FromRow for Volley {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(Volley {
            player: r.get("player")?,
            shots: r.get("shots")?,
        })
    }
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

const LISTED: &str = "SELECT g.id, g.rules, g.mode, g.result, g.created_at, g.finished_at, \
     g.rated, g.account1, g.account2, a1.name AS name1, a2.name AS name2, a1.bot AS bot1, a2.bot AS bot2 FROM games g \
     LEFT JOIN accounts a1 ON a1.id = g.account1 LEFT JOIN accounts a2 ON a2.id = g.account2 \
     WHERE (g.account1 = $1 OR g.account2 = $1)";

impl Store {
    /// `account`'s games of the `list`, newest first, at most `limit`.
    pub fn account_games(
        &self,
        account: AccountId,
        list: GameList,
        limit: u32,
    ) -> Result<Vec<AccountGame>, StoreError> {
        let query = match list {
            GameList::Unfinished => {
                format!("{LISTED} AND g.result IS NULL ORDER BY g.created_at DESC, g.id LIMIT $2")
            }
            GameList::Finished => format!(
                "{LISTED} AND g.result IS NOT NULL AND g.result <> 'abandoned' \
                 ORDER BY g.finished_at DESC, g.id LIMIT $2"
            ),
        };
        self.db().run(|sql| {
            let listed: Vec<Listed> = sql.rows(&query, params![account, limit])?;
            let mut games = Vec::with_capacity(listed.len());
            for Listed { mut game, accounts } in listed {
                if accounts[0] != Some(account) {
                    game.seat = Player::Two;
                }
                let volleys: Vec<Volley> = sql.rows(
                    "SELECT player, shots FROM moves WHERE game_id = $1 AND kind = 'volley'",
                    params![game.id],
                )?;
                for v in volleys {
                    let (n, hits) = count_shots(&v.shots);
                    let seat = &mut game.shots[v.player.index()];
                    seat.0 += n;
                    seat.1 += hits;
                }
                games.push(game);
            }
            Ok(games)
        })
    }
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
    fn a_seat_shows_who_sat_there() {
        assert_eq!(Sitter::of(None, None, false), Sitter::Guest);
        assert_eq!(
            Sitter::of(Some(AccountId::DELETED), None, false),
            Sitter::Deleted
        );
        assert_eq!(Sitter::of(Some(AccountId(3)), None, false), Sitter::Deleted);
        assert_eq!(
            Sitter::of(Some(AccountId(3)), Some("Ann".into()), true),
            Sitter::Account {
                name: "Ann".into(),
                bot: true
            }
        );
    }
}

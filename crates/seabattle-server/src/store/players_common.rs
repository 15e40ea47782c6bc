//! What both databases' [`super::players::Players`] share once rows are read.

use super::players::{DELETED, RatedGame, RatingChange, Sitter};
use crate::ratings::glicko::Rating;

/// The changes noted for a rated game (rows of account, before, after and deviation
/// after), in seat order; `None` if the game was not rated yet. The deviation before
/// is not kept: a change shows only the rating before.
pub(super) fn changes_from_rows(
    rows: &[(i64, f64, f64, f64)],
    rated: &RatedGame,
) -> Option<[RatingChange; 2]> {
    let find = |account: i64| rows.iter().find(|r| r.0 == account);
    let [a, b] = rated.accounts.map(find);
    let (a, b) = (a?, b?);
    let change = |&(account, before, after, deviation): &(i64, f64, f64, f64)| RatingChange {
        account,
        before: Rating {
            rating: before,
            ..Rating::default()
        },
        after: Rating {
            rating: after,
            deviation,
            ..Rating::default()
        },
    };
    Some([change(a), change(b)])
}

/// Who sat in a seat, from its account column and the account's name.
pub(super) fn sitter(account: Option<i64>, name: Option<String>) -> Sitter {
    match (account, name) {
        (Some(DELETED), _) => Sitter::Deleted,
        (Some(_), Some(name)) => Sitter::Account(name),
        (Some(_), None) => Sitter::Deleted,
        (None, _) => Sitter::Guest,
    }
}

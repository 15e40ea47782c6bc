//! Two players kept apart by a block: the refusal a challenge or a join meets, worded
//! so the blocked player learns only that they cannot, never who blocked whom when it
//! was not them.

use super::blocks::Blocking;
use crate::error::Failure;
use crate::hub::SharedHub;
use crate::ids::AccountId;
use crate::protocol::ErrorCode;

/// Refuses `me` doing `what` (to `them`'s game or `them`) when either blocks the other.
pub async fn refuse(
    hub: &SharedHub,
    me: AccountId,
    them: AccountId,
    what: &str,
) -> Result<(), Failure> {
    match hub.db(move |db| db.blocking(me, them)).await? {
        Blocking::Neither => Ok(()),
        Blocking::ByFirst => Err(Failure::refused(
            ErrorCode::Blocked,
            format!("you cannot {what}: you block this player; unblock them first"),
        )),
        Blocking::BySecond => Err(Failure::refused(
            ErrorCode::Blocked,
            format!("you cannot {what}: this player does not take games from you"),
        )),
    }
}

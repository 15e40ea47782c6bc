//! A forced rename holds on every client, not only the web page that asks for the new
//! name: until the account has chosen one (`POST /account/rename`), it starts, joins
//! and challenges no one under the old name, over a socket (the terminal client, a
//! BOT's program) or over HTTP (arenas). A game it is already in goes on.
//!
//! Read from storage at each such request, so a rename asked on any node holds at
//! once; they are a few a game, not a few a shot.

use crate::error::Failure;
use crate::hub::SharedHub;
use crate::ids::AccountId;
use crate::protocol::ErrorCode;

/// Refuses `what` to account `id` while a moderator's rename is pending.
pub async fn not_pending(hub: &SharedHub, id: AccountId, what: &str) -> Result<(), Failure> {
    let must = hub
        .db(move |db| db.mod_account_by_id(id))
        .await?
        .is_some_and(|a| a.must_rename);
    if must {
        return Err(Failure::refused(
            ErrorCode::MustRename,
            format!(
                "you cannot {what}: a moderator asked you to choose a new name first; \
                 choose it on the site (or POST /account/rename)"
            ),
        ));
    }
    Ok(())
}

/// [`not_pending`] for a socket's account; a guest has no name to change.
pub async fn conn_not_pending(
    hub: &SharedHub,
    conn: &crate::conn::Conn,
    what: &str,
) -> Result<(), Failure> {
    match conn.account().map(|a| a.id) {
        Some(id) => not_pending(hub, id, what).await,
        None => Ok(()),
    }
}

//! Moderation at the quick chat: a muted account says nothing until its mute ends
//! (read from storage at each phrase, so a mute set on any node holds at once; the
//! chat's pace keeps that to a few reads a minute), and a signed-in socket does not
//! hear those its account blocks (the list rides on its `Conn`, read when it opens and
//! again when its account blocks or unblocks, on this node at once and on the others
//! through the cluster's notice).

use crate::conn::Conn;
use crate::db::now_secs;
use crate::error::Failure;
use crate::hub::SharedHub;
use crate::protocol::ErrorCode;

/// Refuses `chat` from a muted account.
pub async fn not_muted(hub: &SharedHub, conn: &Conn) -> Result<(), Failure> {
    let Some(id) = conn.account().map(|a| a.id) else {
        return Ok(());
    };
    let until = hub.db(move |db| db.muted_until(id)).await?;
    let left = until - now_secs();
    if left > 0 {
        return Err(Failure::refused(
            ErrorCode::Muted,
            format!(
                "a moderator muted your quick chat; it comes back in {} min",
                (left + 59) / 60
            ),
        ));
    }
    Ok(())
}

/// Reads whom `conn`'s account blocks, so the socket does not hear their chat. A read
/// that fails leaves the list empty, and says so in the log.
pub async fn load_ignored(hub: &SharedHub, conn: &Conn) {
    let Some(id) = conn.account().map(|a| a.id) else {
        return;
    };
    match hub.db(move |db| db.blocked_ids(id)).await {
        Ok(list) => conn.set_ignored(list),
        Err(e) => {
            tracing::warn!(account = %id, error = ?e, "the blocks of a socket's account could not be read")
        }
    }
}

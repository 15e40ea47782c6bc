//! A forced rename holds on every client, not only the web page that asks for the new
//! name: until the account has chosen one (`POST /account/rename`), it starts, joins
//! and challenges no one under the old name, over a socket (the terminal client, a
//! BOT's program) or over HTTP (arenas). A game it is already in goes on.
//!
//! Read from storage at each such request, so a rename asked on any node holds at
//! once; they are a few a game, not a few a shot.

use crate::conn::Conn;
use crate::error::Failure;
use crate::hub::SharedHub;
use crate::ids::AccountId;
use crate::protocol::{Answer, ClientMsg, ErrorCode};

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

/// What `msg` would do that meets other players under the account's name, if it does:
/// the messages a pending rename refuses.
fn meeting(msg: &ClientMsg) -> Option<&'static str> {
    match msg {
        ClientMsg::NewGame { .. } => Some("start a game"),
        ClientMsg::Join { .. } => Some("join a game"),
        ClientMsg::Queue { .. } => Some("queue for a game"),
        ClientMsg::Seek { .. } => Some("open a game in the lobby"),
        ClientMsg::Challenge { .. } => Some("challenge a player"),
        ClientMsg::AnswerChallenge {
            answer: Answer::Accept,
            ..
        } => Some("accept a challenge"),
        ClientMsg::Rematch { .. } => Some("ask for a rematch"),
        _ => None,
    }
}

/// Refuses a socket's message that would meet other players while its account must
/// rename. Storage is read only for those messages, and only for a signed-in socket:
/// never for a shot.
pub async fn may_meet(hub: &SharedHub, conn: &Conn, msg: &ClientMsg) -> Result<(), Failure> {
    match (meeting(msg), conn.account()) {
        (Some(what), Some(a)) => not_pending(hub, a.id, what).await,
        _ => Ok(()),
    }
}

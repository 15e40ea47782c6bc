//! `seek`: a game opened in the lobby rather than passed on by link. It is a friend's
//! game whose second seat anyone may take from the lobby's list; rated if its creator
//! asked for that and the one who joins is signed in too.

use crate::conn::Conn;
use crate::error::Failure;
use crate::game::room::Seek;
use crate::hub::SharedHub;
use crate::matchmaking::enter::{self, Creator};
use crate::protocol::{ErrorCode, Opponent};

/// Opens the game, with `conn` in seat 1; it is listed while its creator waits there.
pub async fn seek(
    hub: &SharedHub,
    conn: &Conn,
    rules: Option<&str>,
    clock: Option<u32>,
    rated: bool,
    name: Option<String>,
) -> Result<(), Failure> {
    crate::bot_accounts::not_a_bot(conn, "the lobby")?;
    if rated && conn.account().is_none() {
        return Err(Failure::refused(
            ErrorCode::NotRateable,
            "sign in to open a rated game; a guest's game in the lobby is casual",
        ));
    }
    enter::new_game(
        hub,
        conn,
        Opponent::Friend,
        None,
        rules,
        clock,
        Creator {
            name,
            lang: None,
            learner: None,
            seek: Some(Seek { rated }),
            rated: false,
        },
    )
    .await
}

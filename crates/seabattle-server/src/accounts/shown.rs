//! Names belong to accounts: the name a player shows at the board (`new_game`, `join`,
//! `name`) may not be an account's other than their own, compared as account names are
//! (case, width, NFKC: [`AccountName::key`]), so nobody can pass as someone else.

use super::name::AccountName;
use crate::conn::Conn;
use crate::error::Failure;
use crate::node::SharedNode;
use crate::protocol::{ErrorCode, player_name};

/// The name `given` checked as a player's name (see [`player_name`]) and, unless it is
/// the connection's own account's, as no account's at all.
pub async fn checked(
    hub: &SharedNode,
    conn: &Conn,
    given: Option<&str>,
) -> Result<Option<String>, Failure> {
    let Some(name) = player_name(given)? else {
        return Ok(None);
    };
    // A name no account could have is nobody's.
    let Ok(as_account) = AccountName::parse(&name) else {
        return Ok(Some(name));
    };
    let own = conn
        .account()
        .and_then(|a| AccountName::parse(&a.name).ok())
        .is_some_and(|a| a.key() == as_account.key());
    if own {
        return Ok(Some(name));
    }
    let key = as_account.key().to_string();
    if let Some(account) = hub.db(move |db| db.account(&key)).await? {
        return Err(Failure::refused(
            ErrorCode::NameTaken,
            format!(
                "{} is an account's name: sign in to use it, or choose another",
                account.name
            ),
        ));
    }
    Ok(Some(name))
}

//! `GET /account/games`: "my games" for the page, the signed-in account's unfinished
//! games (from any device; resumed with `resume` without a token) and its latest
//! finished ones.

use super::store::{AccountGame, GameList, Sitter};
use crate::node::NodeState;
use crate::web::error::ApiError;
use crate::web::extract::CurrentAccount;
use axum::Json;
use axum::extract::State;
use seabattle_wire::players::{AccountGameJson, MyGames, SeatedOpponent};

/// How many unfinished games the list holds.
pub const UNFINISHED: u32 = 50;
/// How many finished games it holds.
pub const FINISHED: u32 = 20;

/// A game of the list, as the page shows it.
fn json_of(g: &AccountGame) -> AccountGameJson {
    let opponent = if g.mode.starts_with("computer:") {
        SeatedOpponent::Computer
    } else {
        match &g.sitters[g.seat.other().index()] {
            Sitter::Guest => SeatedOpponent::Guest,
            Sitter::Account { name, .. } => SeatedOpponent::Account { name: name.clone() },
            Sitter::Deleted => SeatedOpponent::Deleted,
        }
    };
    AccountGameJson {
        game: g.id.to_string(),
        rules: g.rules.clone(),
        mode: g.mode.clone(),
        seat: g.seat,
        opponent,
        rated: g.rated,
        aborted: g.aborted(),
        result: g.result.clone(),
        created_at: g.created_at,
        finished_at: g.finished_at,
        link: g.id.link(),
    }
}

/// `GET /account/games`.
pub async fn games(
    State(NodeState(hub)): State<NodeState>,
    CurrentAccount(account): CurrentAccount,
) -> Result<Json<MyGames>, ApiError> {
    let id = account.id;
    let (unfinished, finished) = hub
        .db(move |db| {
            Ok((
                db.account_games(id, GameList::Unfinished, UNFINISHED)?,
                db.account_games(id, GameList::Finished, FINISHED)?,
            ))
        })
        .await?;
    Ok(Json(MyGames {
        unfinished: unfinished.iter().map(json_of).collect(),
        finished: finished.iter().map(json_of).collect(),
        profile: format!("/u/{}", super::html::urlencoding(&account.name)),
    }))
}

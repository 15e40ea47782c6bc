//! `GET /account/games`: "my games" for the page, the signed-in account's unfinished
//! games (from any device; resumed with `resume` without a token) and its latest
//! finished ones.

use super::store::{AccountGame, GameList, Sitter};
use crate::hub::SharedHub;
use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

/// How many unfinished games the list holds.
pub const UNFINISHED: u32 = 50;
/// How many finished games it holds.
pub const FINISHED: u32 = 20;

fn sitter(s: &Sitter) -> Value {
    match s {
        Sitter::Guest => json!({ "kind": "guest" }),
        Sitter::Account(name) => json!({ "kind": "account", "name": name }),
        Sitter::Deleted => json!({ "kind": "deleted" }),
    }
}

/// A game of the list as JSON.
pub fn game_json(g: &AccountGame) -> Value {
    let opponent = if g.mode.starts_with("computer:") {
        json!({ "kind": "computer" })
    } else {
        sitter(&g.sitters[g.seat.other().index()])
    };
    json!({
        "game": g.id,
        "rules": g.rules,
        "mode": g.mode,
        "seat": g.seat,
        "opponent": opponent,
        "rated": g.rated,
        "result": g.result,
        "created_at": g.created_at,
        "finished_at": g.finished_at,
        "link": crate::game::room::link(&g.id),
    })
}

/// `GET /account/games`.
pub async fn games(State(hub): State<SharedHub>, headers: HeaderMap) -> Response {
    let account = match crate::accounts::http::current(&hub, &headers).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    let id = account.id;
    let read = hub
        .db(move |db| {
            Ok((
                db.account_games(id, GameList::Unfinished, UNFINISHED)?,
                db.account_games(id, GameList::Finished, FINISHED)?,
            ))
        })
        .await;
    match read {
        Ok((unfinished, finished)) => (
            [(header::CONTENT_TYPE, "application/json")],
            json!({
                "unfinished": unfinished.iter().map(game_json).collect::<Vec<_>>(),
                "finished": finished.iter().map(game_json).collect::<Vec<_>>(),
                "profile": format!("/u/{}", super::top::urlencoding(&account.name)),
            })
            .to_string(),
        )
            .into_response(),
        Err(e) => crate::accounts::http::failed(e.into()),
    }
}

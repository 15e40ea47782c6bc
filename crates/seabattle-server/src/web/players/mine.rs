//! `GET /account/games`: "my games" for the page, the signed-in account's unfinished
//! games (from any device; resumed with `resume` without a token) and its latest
//! finished ones.

use super::store::{AccountGame, GameList, Sitter};
use crate::ids::GameId;
use crate::node::NodeState;
use crate::web::error::ApiError;
use crate::web::extract::CurrentAccount;
use axum::Json;
use axum::extract::State;
use seabattle_core::Player;
use serde::Serialize;

/// How many unfinished games the list holds.
pub const UNFINISHED: u32 = 50;
/// How many finished games it holds.
pub const FINISHED: u32 = 20;

/// Who sat in the other seat, as the list shows it.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Opponent {
    /// The computer.
    Computer,
    /// A guest.
    Guest,
    /// An account, by name.
    Account {
        /// Its name.
        name: String,
    },
    /// An account since deleted.
    Deleted,
}

/// A game of the list, as JSON.
#[derive(Serialize)]
pub struct GameJson {
    game: GameId,
    rules: String,
    mode: String,
    seat: Player,
    opponent: Opponent,
    rated: bool,
    /// Ended before each player had fired: not rated, not counted.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    aborted: bool,
    result: Option<String>,
    created_at: i64,
    finished_at: Option<i64>,
    link: String,
}

impl From<&AccountGame> for GameJson {
    fn from(g: &AccountGame) -> GameJson {
        let opponent = if g.mode.starts_with("computer:") {
            Opponent::Computer
        } else {
            match &g.sitters[g.seat.other().index()] {
                Sitter::Guest => Opponent::Guest,
                Sitter::Account { name, .. } => Opponent::Account { name: name.clone() },
                Sitter::Deleted => Opponent::Deleted,
            }
        };
        GameJson {
            game: g.id.clone(),
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
}

/// "My games", as JSON.
#[derive(Serialize)]
pub struct MyGames {
    unfinished: Vec<GameJson>,
    finished: Vec<GameJson>,
    profile: String,
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
        unfinished: unfinished.iter().map(GameJson::from).collect(),
        finished: finished.iter().map(GameJson::from).collect(),
        profile: format!("/u/{}", super::html::urlencoding(&account.name)),
    }))
}

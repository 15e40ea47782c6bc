//! What a moderator reads beside a player's open reports: the player's figures, as
//! their profile counts them, and, for each reported game, its quick chat and (if it
//! has been analysed) the player's accuracy in it as the analysis judged it.

use crate::accounts::name::AccountName;
use crate::db::{Store, StoreError};
use crate::ids::{AccountId, GameId};
use crate::web::players::profile::{GAMES_READ, figures};
use crate::web::players::store::GameList;
use seabattle_wire::analysis::AnalysisJson;
use seabattle_wire::moderation::{ChatLine, PlayerFigures, ReportedPlayer};
use std::collections::HashMap;
use std::collections::hash_map::Entry;

/// Fills in each reported player's figures, and each reported game's chat and their
/// analysed accuracy in it.
pub fn fill(db: &Store, players: &mut [ReportedPlayer]) -> Result<(), StoreError> {
    for p in players {
        let Ok(name) = AccountName::parse(&p.player) else {
            continue;
        };
        let Some(a) = db.account(name.key())? else {
            continue;
        };
        let f = figures(&db.account_games(a.id, GameList::Finished, GAMES_READ)?);
        p.figures = PlayerFigures {
            games: u32::try_from(f.games).unwrap_or(u32::MAX),
            wins: u32::try_from(f.wins).unwrap_or(u32::MAX),
            mean_shots_to_win: f.mean_shots_to_win,
            accuracy: f.accuracy,
        };
        // Several reports may name one game: it is read once.
        let mut read: HashMap<String, (Option<f64>, Vec<ChatLine>)> = HashMap::new();
        for line in &mut p.reports {
            let Some(game) = line.game.as_deref().and_then(GameId::parse) else {
                continue;
            };
            let (accuracy, chat) = match read.entry(game.to_string()) {
                Entry::Occupied(e) => e.into_mut(),
                Entry::Vacant(e) => {
                    e.insert((analysed_accuracy(db, &game, a.id)?, db.chat_lines(&game)?))
                }
            };
            line.analysed_accuracy = *accuracy;
            line.chat = chat.clone();
        }
    }
    Ok(())
}

/// `account`'s accuracy in `game` as its analysis judged it, if the game was
/// analysed and `account` sat in it.
fn analysed_accuracy(
    db: &Store,
    game: &GameId,
    account: AccountId,
) -> Result<Option<f64>, StoreError> {
    let Some(stored) = db.load(game)? else {
        return Ok(None);
    };
    let Some(seat) = stored.accounts.iter().position(|a| *a == Some(account)) else {
        return Ok(None);
    };
    let Some(body) = db.analysis(game, crate::analysis::VERSION)? else {
        return Ok(None);
    };
    let analysis: AnalysisJson = serde_json::from_str(&body)
        .map_err(|e| StoreError::corrupt(format!("the analysis of game {game}: {e}")))?;
    Ok(analysis.sides.get(seat).map(|s| s.accuracy_percent))
}

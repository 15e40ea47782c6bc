//! The arenas on a player's profile: each arena they played in, latest first, with
//! their place and points, counted from its games as the arena's own page counts them.

use super::standings::Standings;
use crate::db::Store;
use crate::error::StoreError;
use crate::ids::AccountId;
use crate::web::preview::escape;
use seabattle_core::Lang;
use std::fmt::Write;

/// Arenas a profile lists.
pub const ARENAS_SHOWN: u32 = 20;

/// The profile's section for `account`; nothing for one that never joined an arena.
pub fn section(db: &Store, account: AccountId, lang: Lang) -> Result<String, StoreError> {
    let arenas = db.arenas_of(account, ARENAS_SHOWN)?;
    if arenas.is_empty() {
        return Ok(String::new());
    }
    let (title, arena, place, points, of) = match lang {
        Lang::Ru => ("Арены", "Арена", "Место", "Очки", "из"),
        Lang::En => ("Arenas", "Arena", "Place", "Points", "of"),
    };
    let mut b = format!(
        "<h2 id=\"arenas\">{title}</h2><table class=\"arenas\"><thead><tr><th>{arena}</th>\
         <th class=\"n\">{place}</th><th class=\"n\">{points}</th></tr></thead><tbody>"
    );
    for a in &arenas {
        let players = db.arena_players(&a.id, a.preset())?;
        let games = db.arena_games(&a.id)?;
        let standings = Standings::count(&players, &games, a.ends_ms());
        let Some(row) = standings.rows.iter().find(|r| r.account == account) else {
            continue;
        };
        let _ = write!(
            b,
            "<tr><td><a href=\"/arena/{}\">{}</a></td><td class=\"n\">{} {of} {}</td>\
             <td class=\"n\">{}</td></tr>",
            a.id,
            escape(&a.name),
            row.rank,
            standings.rows.len(),
            row.score
        );
    }
    b.push_str("</tbody></table>");
    Ok(b)
}

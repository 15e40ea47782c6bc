//! The computer's levels on the ladder (issue 40): each level is a system BOT account
//! («Компьютер.эксперт»), made when the server starts, that plays rated games against
//! signed-in people who pick the computer and ask for a rated game, or accept the
//! queue's offer of one after waiting alone. Its rating per preset is fixed
//! ([`strength`]): a level plays the same way for ever, so its games move only the
//! person's rating, and the levels anchor the one Glicko-2 scale. No password opens a
//! system account, and no token is ever made for it.

mod accounts;
pub mod strength;

use crate::accounts::name::AccountName;
use crate::db::{Store, StoreError, params};
use crate::ids::AccountId;
use crate::node::SharedNode;
use crate::protocol::{LevelAccountJson, SeatAccountJson};
pub use accounts::Levels;
use seabattle_bots::Level;
use seabattle_core::Preset;
use std::sync::PoisonError;

/// Each level's account name: letters and a dot, as any account's, so its profile is
/// at `/u/NAME`; made on a new site before any person can take it.
pub const NAMES: [(Level, &str); 4] = [
    (Level::Easy, "Компьютер.лёгкий"),
    (Level::Medium, "Компьютер.средний"),
    (Level::Hard, "Компьютер.сильный"),
    (Level::Expert, "Компьютер.эксперт"),
];

/// A BOT account's name as a page in `lang` shows it: a level's in the page's language
/// («Computer.easy» on an English page), any other as it is.
pub fn shown_name(name: &str, bot: bool, lang: seabattle_core::Lang) -> std::borrow::Cow<'_, str> {
    match NAMES.iter().find(|(_, n)| bot && *n == name) {
        Some((level, _)) if lang == seabattle_core::Lang::En => {
            format!("Computer.{}", level.name()).into()
        }
        _ => name.into(),
    }
}

/// The levels that play under their accounts here, as `welcome` names them.
pub fn shown(levels: &Levels) -> Vec<LevelAccountJson> {
    NAMES
        .iter()
        .filter(|(l, _)| levels.account(*l).is_some())
        .map(|(l, name)| LevelAccountJson {
            level: l.name().to_string(),
            name: (*name).to_string(),
        })
        .collect()
}

/// What a system account stores for a password: no argon2 hash, so none matches.
const NO_PASSWORD: &str = "!system: no password opens this account";

impl Store {
    /// The system account named `name`, made (a BOT, with no password) if nobody has
    /// the name; `None` if a person's account has it.
    pub fn level_account(&self, name: &str, key: &str) -> Result<Option<AccountId>, StoreError> {
        if let Some(id) = self.create_account(name, key, NO_PASSWORD)? {
            self.db()
                .exec("UPDATE accounts SET bot = 1 WHERE id = $1", params![id])?;
            return Ok(Some(id));
        }
        Ok(self
            .account(key)?
            .filter(|a| a.bot && a.password_hash == NO_PASSWORD)
            .map(|a| a.id))
    }
}

/// Finds or makes each level's account, and sets its fixed rating under every preset
/// (a rating an older server let move is set back). A level whose name a person took
/// plays unrated only (logged).
pub async fn start(node: &SharedNode, levels: &Levels) -> Result<(), StoreError> {
    let mut found = Vec::new();
    for (level, name) in NAMES {
        let Ok(parsed) = AccountName::parse(name) else {
            continue;
        };
        let key = parsed.key().to_string();
        let made = node.db(move |db| {
            let id = db.level_account(name, &key)?;
            if let Some(id) = id {
                for p in Preset::ALL {
                    db.fix_rating(id, p, &strength::rating(level, p))?;
                }
            }
            Ok(id)
        });
        match made.await? {
            Some(id) => found.push((level, id)),
            None => tracing::warn!(
                level = level.name(),
                name,
                "a person's account has the level's name: the level plays unrated games only"
            ),
        }
    }
    *levels
        .accounts
        .write()
        .unwrap_or_else(PoisonError::into_inner) = found;
    Ok(())
}

/// The level whose rating under `preset` is nearest `rating`, as a seat shows it, for
/// the queue's offer of a rated game to someone who waited alone.
pub async fn nearest(
    node: &SharedNode,
    levels: &Levels,
    preset: Preset,
    rating: f64,
) -> Option<(Level, SeatAccountJson)> {
    let levels = levels.all();
    let shown = node
        .db(move |db| {
            levels
                .iter()
                .map(|(l, a)| Ok((*l, db.shown_account(*a, Some(preset))?)))
                .collect::<Result<Vec<_>, StoreError>>()
        })
        .await
        .map_err(|e| tracing::warn!(error = %e, "the levels' ratings could not be read"))
        .ok()?;
    shown
        .into_iter()
        .filter_map(|(l, s)| s.map(|s| (l, s)))
        .min_by(|(_, a), (_, b)| gap(a, rating).total_cmp(&gap(b, rating)))
}

/// How far a seat's rating is from `rating` (an unrated seat counts as 1500).
pub fn gap(s: &SeatAccountJson, rating: f64) -> f64 {
    (f64::from(s.rating.unwrap_or(1500)) - rating).abs()
}

//! `GET /u/NAME`: a player's profile. Their rating per preset and its history, their
//! figures, and every finished game with a link to its replay; for the owner, signed
//! in, their account's actions too.

use super::html::urlencoding;
use super::html::{date, lang, page, unavailable};
use super::store::{AccountGame, GameList, Sitter};
use super::top::{established_note, rules_title};
use super::words::{Word, say};
use crate::accounts::name::AccountName;
use crate::accounts::session;
use crate::ids::token_hash;
use crate::node::NodeState;
use crate::ratings::store::{RatingPoint, StoredRating};
use crate::web::error::ApiError;
use crate::web::preview::escape;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use seabattle_core::Lang;
use std::collections::HashMap;
use std::fmt::Write;

/// How many finished games a profile reads for its figures and lists.
pub const GAMES_READ: u32 = 500;
/// How many of them the list shows.
pub const GAMES_SHOWN: usize = 100;

/// What a profile shows, read from storage in one go.
struct Profile {
    name: String,
    owner: bool,
    /// A BOT account (marked so beside its name).
    bot: bool,
    /// Marked as an engine by a moderator (`crate::moderation`).
    engine: bool,
    /// Closed by a moderator.
    closed: bool,
    ratings: Vec<StoredRating>,
    /// A person's ratings from games against people only (none for a BOT).
    people: Vec<StoredRating>,
    history: Vec<RatingPoint>,
    games: Vec<AccountGame>,
    /// What the computer learned, for the owner only.
    learned: Vec<crate::protocol::LearnedJson>,
    /// The daily sea's section (`crate::daily::profile`).
    daily: String,
    /// The arenas' section (`crate::arenas::profile`).
    arenas: String,
    /// The game analysis' section (`crate::analysis::profile`).
    analysis: String,
}

/// The figures of a player's finished games.
#[derive(Debug, PartialEq)]
pub struct Figures {
    /// Games played.
    pub games: usize,
    /// Games won.
    pub wins: usize,
    /// Mean cells fired in the games won by sinking the whole fleet (a win by the
    /// other's resignation or absence says nothing of how many shots it takes).
    pub mean_shots_to_win: Option<f64>,
    /// Hits over cells fired, all games.
    pub accuracy: Option<f64>,
}

/// Whether the account in `seat` won `game`.
fn won(game: &AccountGame) -> Option<bool> {
    let winner = game.result.as_deref()?.split_whitespace().next()?;
    Some(winner == game.seat.number().to_string())
}

/// The figures of `games`.
pub fn figures(games: &[AccountGame]) -> Figures {
    let games: Vec<&AccountGame> = games.iter().filter(|g| !g.aborted()).collect();
    let mut f = Figures {
        games: games.len(),
        wins: 0,
        mean_shots_to_win: None,
        accuracy: None,
    };
    let (mut win_shots, mut shots, mut hits, mut sunk_wins) = (0u64, 0u64, 0u64, 0u32);
    for g in games {
        let (n, h) = g.shots[g.seat.index()];
        shots += u64::from(n);
        hits += u64::from(h);
        if won(g) == Some(true) {
            f.wins += 1;
            if g.result
                .as_deref()
                .is_some_and(|r| r.ends_with(" fleet_sunk"))
            {
                sunk_wins += 1;
                win_shots += u64::from(n);
            }
        }
    }
    if sunk_wins > 0 {
        f.mean_shots_to_win = Some(win_shots as f64 / f64::from(sunk_wins));
    }
    if shots > 0 {
        f.accuracy = Some(hits as f64 / shots as f64);
    }
    f
}

/// The mark beside a BOT's name.
const BOT_MARK: &str = " <span class=\"bot\">BOT</span>";

// A game against a computer's level names the level's account when it sat there (a
// rated game, issue 40): older and unrated ones say «компьютер (easy)».
fn opponent(g: &AccountGame, lang: Lang) -> String {
    match &g.sitters[g.seat.other().index()] {
        Sitter::Account { name, bot } => format!(
            "<a href=\"/u/{}?lang={}\">{}</a>{}",
            escape(&urlencoding(name)),
            lang.code(),
            escape(&crate::levels::shown_name(name, *bot, lang)),
            if *bot { BOT_MARK } else { "" }
        ),
        _ if g.mode.starts_with("computer:") => {
            let level = g.mode.trim_start_matches("computer:");
            format!("{} ({})", say(Word::Computer, lang), escape(level))
        }
        Sitter::Guest => say(Word::Guest, lang).to_string(),
        Sitter::Deleted => say(Word::DeletedPlayer, lang).to_string(),
    }
}

/// `GET /u/NAME?lang=ru|en`.
pub async fn profile(
    State(NodeState(hub)): State<NodeState>,
    headers: HeaderMap,
    Path(name): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let lang = lang(&query, &headers);
    let path = format!("/u/{}", urlencoding(&name));
    let missing = || {
        let body = format!(
            "<h1>{}</h1><p>{}</p>",
            say(Word::NoSuchPlayer, lang),
            escape(&name)
        );
        ApiError::page(page(
            StatusCode::NOT_FOUND,
            lang,
            say(Word::NoSuchPlayer, lang),
            &path,
            &body,
        ))
    };
    let parsed = AccountName::parse(&name).map_err(|_| missing())?;
    let key = parsed.key().to_string();
    let viewer = session::token(&headers).map(|t| token_hash(&t));
    let today = hub.config.daily_clock.today();
    let read = hub
        .db(move |db| {
            let Some(account) = db.account(&key)? else {
                return Ok(None);
            };
            let owner = match viewer {
                Some(h) => db.session(&h)?.is_some_and(|a| a.id == account.id),
                None => false,
            };
            let learned = if owner {
                let learner = crate::ids::Learner::Account(account.id);
                let stored = db.learned(&learner, None)?;
                stored
                    .iter()
                    .filter_map(crate::learning::learned_json)
                    .collect()
            } else {
                Vec::new()
            };
            let marks = db.mod_account_by_id(account.id)?;
            let who = crate::daily::store::Who::Account(account.id);
            let days = db.daily_days_of(&who, crate::daily::profile::DAYS_SHOWN)?;
            Ok(Some(Profile {
                daily: crate::daily::profile::section(&days, today, lang),
                arenas: crate::arenas::profile::section(db, account.id, lang)?,
                analysis: crate::analysis::profile::section(db, account.id, lang)?,
                bot: account.bot,
                engine: marks.as_ref().is_some_and(|m| m.engine),
                closed: marks.as_ref().is_some_and(|m| m.closed),
                learned,
                ratings: db.ratings(account.id)?,
                people: if account.bot {
                    Vec::new()
                } else {
                    db.people_ratings(account.id)?
                },
                history: db.rating_history(account.id)?,
                games: db.account_games(account.id, GameList::Finished, GAMES_READ)?,
                name: account.name,
                owner,
            }))
        })
        .await;
    let p = read
        .map_err(|e| unavailable(e, lang, &path))?
        .ok_or_else(missing)?;
    Ok(page(StatusCode::OK, lang, &p.name, &path, &body(&p, lang)))
}

fn body(p: &Profile, lang: Lang) -> String {
    let mark = if p.bot { BOT_MARK } else { "" };
    let shown = crate::levels::shown_name(&p.name, p.bot, lang);
    let mut b = format!("<h1>{}{mark}</h1>", escape(&shown));
    // What a moderator said of the player, for everyone to read.
    for (on, word) in [
        (p.closed, Word::ClosedAccount),
        (p.engine, Word::MarkedEngine),
    ] {
        if on {
            let _ = write!(b, "<p class=\"marked\">{}</p>", say(word, lang));
        }
    }
    // The game's page fills the name in its challenge form (a challenge needs the
    // socket, which this page has none of), and opens its report or block dialog (they
    // need the page's script, which this page has none of); not on one's own profile.
    if !p.owner {
        let n = urlencoding(&p.name);
        let _ = write!(
            b,
            "<p class=\"challenge\"><a class=\"btn\" href=\"/?challenge={n}\">{}</a> \
             <a href=\"/?report={n}\">{}</a> · <a href=\"/?block={n}\">{}</a></p>",
            say(Word::ChallengeThem, lang),
            say(Word::ReportThem, lang),
            say(Word::BlockThem, lang),
        );
    }
    let _ = write!(b, "<h2>{}</h2>", say(Word::Ratings, lang));
    if p.ratings.is_empty() {
        let _ = write!(b, "<p>{}</p>", say(Word::NoRatedGames, lang));
    } else {
        // A person's rating against people only, beside the one scale's (which games
        // against BOTs and the computer's levels move too): «1620? (3)», or «—».
        let people = !p.bot;
        let _ = write!(
            b,
            "<table><thead><tr><th>{}</th><th class=\"n\">{}</th><th class=\"n\">{}</th>{}</tr></thead><tbody>",
            say(Word::Rules, lang),
            say(Word::Rating, lang),
            say(Word::Games, lang),
            if people {
                format!("<th class=\"n\">{}</th>", say(Word::VsPeople, lang))
            } else {
                String::new()
            }
        );
        for r in &p.ratings {
            let vs = p.people.iter().find(|q| q.preset == r.preset).map_or_else(
                || "—".to_string(),
                |q| format!("{} ({})", q.rating.shown(), q.games),
            );
            let _ = write!(
                b,
                "<tr><td><a href=\"/top?rules={0}&amp;lang={1}\">{2}</a></td><td class=\"n\" data-rating=\"{0}\">{3}</td><td class=\"n\">{4}</td>{5}</tr>",
                r.preset.name(),
                lang.code(),
                escape(r.preset.title(lang)),
                r.rating.shown(),
                r.games,
                if people {
                    format!(
                        "<td class=\"n\" data-people=\"{}\">{}</td>",
                        r.preset.name(),
                        escape(&vs)
                    )
                } else {
                    String::new()
                }
            );
        }
        let _ = write!(
            b,
            "</tbody></table><p class=\"note\">{}</p>",
            established_note(lang)
        );
    }
    if let Some(svg) = super::chart::svg(&p.history, say(Word::History, lang), lang) {
        let _ = write!(b, "<h2>{}</h2>{svg}", say(Word::History, lang));
    }
    let f = figures(&p.games);
    let _ = write!(
        b,
        "<h2>{}</h2><div class=\"figures\">",
        say(Word::Figures, lang)
    );
    let pct = |x: Option<f64>| x.map_or("—".to_string(), |a| format!("{:.0}%", a * 100.0));
    let mean = f
        .mean_shots_to_win
        .map_or("—".to_string(), |m| format!("{m:.1}"));
    for (w, v) in [
        (Word::GamesPlayed, f.games.to_string()),
        (Word::Wins, f.wins.to_string()),
        (Word::MeanShotsToWin, mean),
        (Word::HitRate, pct(f.accuracy)),
    ] {
        let _ = write!(b, "<div>{}<b>{v}</b></div>", say(w, lang));
    }
    b.push_str("</div>");
    b.push_str(&p.analysis);
    b.push_str(&p.daily);
    b.push_str(&p.arenas);
    let _ = write!(b, "<h2>{}</h2>", say(Word::FinishedGames, lang));
    if p.games.is_empty() {
        let _ = write!(b, "<p>{}</p>", say(Word::NoGames, lang));
    } else {
        games_table(&mut b, &p.games, lang);
    }
    if p.owner {
        let _ = write!(
            b,
            "<h2>{}</h2>{}<p><form method=\"post\" action=\"/account/logout\"><button>{}</button></form> \
             <form method=\"post\" action=\"/account/logout-all\"><button>{}</button></form></p>",
            say(Word::YourAccount, lang),
            super::learned::section(&p.learned, lang),
            say(Word::SignOut, lang),
            say(Word::SignOutEverywhere, lang),
        );
    }
    b
}

fn games_table(b: &mut String, games: &[AccountGame], lang: Lang) {
    let _ = write!(
        b,
        "<div class=\"wide\"><table><thead><tr><th>{}</th><th>{}</th><th>{}</th><th class=\"n\">{}</th><th class=\"hide-s\">{}</th><th></th></tr></thead><tbody>",
        say(Word::Date, lang),
        say(Word::Opponent, lang),
        say(Word::Result, lang),
        say(Word::Shots, lang),
        say(Word::Rules, lang),
    );
    for g in games.iter().take(GAMES_SHOWN) {
        let (class, word) = match won(g) {
            _ if g.aborted() => ("aborted", say(Word::Aborted, lang)),
            Some(true) => ("won", say(Word::Won, lang)),
            _ => ("lost", say(Word::Lost, lang)),
        };
        let rated = if g.rated {
            format!(" · {}", say(Word::RatedMark, lang))
        } else {
            String::new()
        };
        let _ = write!(
            b,
            "<tr><td class=\"d\">{}</td><td>{}</td><td class=\"{class}\">{word}{rated}</td><td class=\"n\">{}</td><td class=\"hide-s\">{}</td><td><a href=\"/replay/{}\">{}</a></td></tr>",
            date(g.finished_at.unwrap_or(g.created_at)),
            opponent(g, lang),
            g.shots[g.seat.index()].0,
            escape(rules_title(&g.rules, lang)),
            escape(g.id.as_str()),
            say(Word::Replay, lang),
        );
    }
    b.push_str("</tbody></table></div>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use seabattle_core::Player;

    fn game(seat: Player, result: &str, shots: [(u32, u32); 2]) -> AccountGame {
        AccountGame {
            id: crate::ids::GameId::random(),
            rules: "classic".into(),
            mode: "random".into(),
            seat,
            sitters: [Sitter::Guest, Sitter::Guest],
            rated: true,
            result: Some(result.into()),
            created_at: 0,
            finished_at: Some(0),
            shots,
        }
    }

    #[test]
    fn figures_count_the_accounts_own_seat() {
        let games = [
            game(Player::One, "1 fleet_sunk", [(40, 20), (50, 10)]),
            game(Player::Two, "2 resigned", [(10, 5), (30, 6)]),
            game(Player::Two, "2 fleet_sunk", [(70, 19), (60, 20)]),
        ];
        let f = figures(&games);
        assert_eq!((f.games, f.wins), (3, 3));
        assert_eq!(
            f.mean_shots_to_win,
            Some(50.0),
            "only the wins by sinking count; the resignation's 30 shots do not"
        );
        assert_eq!(f.accuracy, Some(46.0 / 130.0));
    }
}

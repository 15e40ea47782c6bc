//! `seabattle play --challenge NAME` and `--accept`: a challenge by name in the
//! terminal, before the game's screen opens: what the server says of it is printed, and
//! a challenge received is answered on the terminal.

use seabattle_core::Lang;
use seabattle_tui::TuiError;
use seabattle_tui::online::{
    Answer, ChallengeEnd, ChallengeJson, ClientMsg, SeatAccountJson, ServerMsg,
};
use std::io::{BufRead, Write};

/// A player as the terminal names them: «anna (1712)», «bob (1500?)».
fn who(a: &SeatAccountJson) -> String {
    match a.rating {
        Some(r) => format!("{} ({r}{})", a.name, if a.provisional { "?" } else { "" }),
        None => a.name.clone(),
    }
}

/// The game a challenge offers, in words.
fn offer(c: &ChallengeJson, lang: Lang) -> String {
    let (rated, clock) = match lang {
        Lang::Ru => (
            if c.rated {
                "рейтинговая"
            } else {
                "товарищеская"
            },
            c.clock
                .map_or("без часов".to_string(), |s| format!("{s} с на ход")),
        ),
        Lang::En => (
            if c.rated { "rated" } else { "casual" },
            c.clock
                .map_or("no clock".to_string(), |s| format!("{s} s a move")),
        ),
    };
    format!("{}, {rated}, {clock}", c.rules)
}

/// Says what a message before the game means, and answers a challenge received with
/// the player's choice: `Ok(Some(answer))` to send, an error once the challenge this
/// terminal `sent` ended without a game (one received and declined is waited past).
pub fn before_the_game(
    m: &ServerMsg,
    lang: Lang,
    sent: bool,
) -> Result<Option<ClientMsg>, TuiError> {
    let ru = lang == Lang::Ru;
    match m {
        ServerMsg::ChallengeSent(c) => {
            if ru {
                println!(
                    "Вызов отправлен: {}. Ждём ответа ({} с)…",
                    who(&c.to),
                    c.expires_secs
                );
            } else {
                println!(
                    "Challenge sent to {}. Waiting for an answer ({} s)…",
                    who(&c.to),
                    c.expires_secs
                );
            }
            Ok(None)
        }
        ServerMsg::Challenged(c) => {
            if ru {
                print!(
                    "{} вызывает вас: {}. Принять? [д/н] ",
                    who(&c.from),
                    offer(c, lang)
                );
            } else {
                print!(
                    "{} challenges you: {}. Accept? [y/n] ",
                    who(&c.from),
                    offer(c, lang)
                );
            }
            let _ = std::io::stdout().flush();
            let mut line = String::new();
            std::io::stdin().lock().read_line(&mut line)?;
            let yes = matches!(
                line.trim().to_lowercase().as_str(),
                "y" | "yes" | "д" | "да"
            );
            Ok(Some(ClientMsg::AnswerChallenge {
                id: c.id.clone(),
                answer: if yes { Answer::Accept } else { Answer::Decline },
            }))
        }
        ServerMsg::ChallengeEnded { .. } if !sent => Ok(None),
        ServerMsg::ChallengeEnded { end, .. } => {
            let why = match (end, ru) {
                // Followed by the seat: nothing to say.
                (ChallengeEnd::Accepted, _) => return Ok(None),
                (ChallengeEnd::Declined, true) => "вызов отклонён",
                (ChallengeEnd::Declined, false) => "the challenge was declined",
                (ChallengeEnd::Cancelled, true) => "вызов отменён",
                (ChallengeEnd::Cancelled, false) => "the challenge was cancelled",
                (ChallengeEnd::Expired, true) => "на вызов не ответили вовремя",
                (ChallengeEnd::Expired, false) => "the challenge was not answered in time",
            };
            Err(TuiError::Server(why.to_string()))
        }
        _ => Ok(None),
    }
}

//! `seabattle bot --server URL --token-file F -- CMD ARGS…`: the bridge that brings any
//! program speaking the bot protocol (docs/bot-protocol.md) online as a BOT account, as
//! lichess-bot does for UCI engines (docs/bot-api.md). One socket hears challenges and
//! answers them by a policy; each accepted game gets a socket and a run of the program
//! of its own, and comes back after a network fault or a server restart. With
//! `--arena` it joins arenas that take BOTs, and plays each game the arena pairs it
//! into (announced on the listening socket). The first SIGTERM or Ctrl-C takes no more
//! games (and pauses in the arenas) and exits once the running ones end; a second
//! resigns them and exits at once.

mod game;
mod link;
mod policy;
pub mod token;

use anyhow::bail;
use game::{Ctx, Ended, Seat};
use link::Link;
use policy::{Decision, Policy, Rating};
use seabattle_client::{ConnectionError, Frame};
use seabattle_driver::Limits;
use seabattle_tui::online::account::{AccountError, ArenaStep};
use seabattle_tui::online::{Answer, ChallengeJson, ClientMsg, ServerMsg};
use std::collections::{HashSet, VecDeque};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tokio::sync::{mpsc, watch};

/// `seabattle bot`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The server: `http://HOST:PORT` or `ws://HOST:PORT`.
    #[arg(long, value_name = "URL")]
    server: String,
    /// A file whose first line is the BOT account's API token (docs/bot-api.md).
    #[arg(long, value_name = "FILE")]
    token_file: PathBuf,
    /// Rules texts to accept, comma-separated (`classic,big15`); any by default.
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    rules: Vec<String>,
    /// Rated games, casual ones, or both.
    #[arg(long, value_enum, default_value = "any")]
    rated: Rating,
    /// Accept challenges only from these accounts (comma-separated); anyone by default.
    #[arg(long, value_delimiter = ',', value_name = "NAMES")]
    from: Vec<String>,
    /// Accept challenges from other BOTs only, not from people.
    #[arg(long)]
    bots_only: bool,
    /// Games at once; a challenge past that is declined.
    #[arg(long, default_value = "4", value_parser = clap::value_parser!(u64).range(1..=1000))]
    max_games: u64,
    /// Arenas to play in, by id or link (`/arena/ID`), comma-separated: joined at start
    /// and again after each reconnection (which also brings the BOT back after a pause).
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    arena: Vec<String>,
    /// Milliseconds the program has for each answer (`place`, `shoot`).
    #[arg(long, default_value = "2000", value_parser = clap::value_parser!(u64).range(10..=60000))]
    answer_ms: u64,
    /// The program and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "CMD")]
    command: Vec<String>,
}

/// Runs the bridge until it is told to stop.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_max_level(tracing::Level::INFO)
        .with_target(false)
        .try_init();
    let link = Link::new(&args.server, &args.token_file)?;
    let policy = Policy {
        rules: args.rules.clone(),
        rated: args.rated,
        from: args.from.clone(),
        max_games: usize::try_from(args.max_games).unwrap_or(usize::MAX),
        people: !args.bots_only,
    };
    let limits = Limits {
        answer: Duration::from_millis(args.answer_ms),
        ..Limits::default()
    };
    let command = shell_line(&args.command);
    let mut arenas = Vec::new();
    for a in &args.arena {
        let id = super::play::code_of(a);
        if id.is_empty() || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            bail!("--arena {a:?}: an arena's id is letters and digits, as in /arena/ID");
        }
        arenas.push(id.to_string());
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let mut bridge = Bridge::new(link, policy, command, limits);
    bridge.arenas = arenas;
    runtime.block_on(bridge.run())
}

/// `words` as one `sh -c` line, each quoted where the shell would split or expand it.
fn shell_line(words: &[String]) -> String {
    words
        .iter()
        .map(|w| {
            if !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c))
            {
                w.clone()
            } else {
                format!("'{}'", w.replace('\'', r"'\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The control loop's state.
struct Bridge {
    link: Link,
    policy: Policy,
    command: String,
    limits: Limits,
    /// Games being played, by id.
    playing: HashSet<String>,
    /// Challenges already answered (each may be heard on several sockets).
    seen: HashSet<String>,
    /// Challenges heard while an accepted one waits for its `joined`.
    queued: VecDeque<ChallengeJson>,
    /// The challenge accepted on the control socket, until its game is joined.
    pending: Option<String>,
    /// Arenas joined (until one is over or refuses the BOT).
    arenas: Vec<String>,
    draining: bool,
}

impl Bridge {
    fn new(link: Link, policy: Policy, command: String, limits: Limits) -> Bridge {
        Bridge {
            link,
            policy,
            command,
            limits,
            playing: HashSet::new(),
            seen: HashSet::new(),
            queued: VecDeque::new(),
            pending: None,
            arenas: Vec::new(),
            draining: false,
        }
    }

    async fn run(mut self) -> anyhow::Result<ExitCode> {
        let (abort_tx, abort_rx) = watch::channel(false);
        let (done_tx, mut done) = mpsc::channel::<(String, anyhow::Result<Ended>)>(64);
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
        let mut control = None;
        let mut wait = Duration::from_millis(250);
        tracing::info!(server = %self.link.url, command = %self.command, "the bridge is starting");
        loop {
            if self.draining && self.playing.is_empty() {
                tracing::info!("every game has ended; the bridge stops");
                return Ok(ExitCode::SUCCESS);
            }
            if control.is_none() && !self.draining {
                match self.link.connect().await {
                    Ok(mut c) => {
                        // `lobby` also shows the challenges still waiting for an answer
                        // (sent while this socket was being opened).
                        if c.send(&ClientMsg::Lobby).await.is_ok() {
                            tracing::info!("connected; waiting for challenges");
                            wait = Duration::from_millis(250);
                            control = Some(c);
                            // Joined once the socket is open: a pairing is announced on it.
                            self.join_arenas().await;
                        }
                        continue;
                    }
                    Err(e) => {
                        if let Some(ConnectionError::Refused(401 | 403)) = e.downcast_ref() {
                            bail!(
                                "the server refused the token (unknown, revoked, or sent over plain HTTP to a remote server)"
                            );
                        }
                        tracing::warn!(error = %format!("{e:#}"), "cannot reach the server; trying again");
                        tokio::time::sleep(wait).await;
                        wait = (wait * 2).min(Duration::from_secs(5));
                        continue;
                    }
                }
            }
            if let Some(c) = control.as_mut() {
                self.answer_queued(c).await;
            }
            let frame = async {
                match control.as_mut() {
                    Some(c) => c.recv_frame().await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                f = frame => match f {
                    Ok(Frame::Text(t)) => {
                        let Ok(m) = ServerMsg::parse(&t) else { continue };
                        if let ServerMsg::Joined { game, seat: Some(seat), token: Some(token), .. } = &m {
                            // The control socket is seated in the game now: it becomes
                            // the game's, and a new one hears challenges.
                            let seat = Seat { game: game.clone(), token: Some(token.clone()), seat: *seat };
                            self.pending = None;
                            self.start(seat, control.take(), &done_tx, &abort_rx);
                            continue;
                        }
                        if let ServerMsg::Joined { game, seat: Some(seat), token: None, .. } = &m {
                            // An arena paired the BOT: the seat is the account's, and the
                            // game gets a socket of its own, resumed as the account.
                            if !self.playing.contains(game) {
                                let seat = Seat { game: game.clone(), token: None, seat: *seat };
                                self.start(seat, None, &done_tx, &abort_rx);
                            }
                            continue;
                        }
                        if let Some(c) = control.as_mut() {
                            self.heard(m, c).await;
                        }
                    }
                    Ok(Frame::Close(_)) | Err(_) => {
                        tracing::warn!("the connection for challenges was lost; reconnecting");
                        control = None;
                        self.pending = None;
                    }
                },
                Some((game, ended)) = done.recv() => {
                    self.playing.remove(&game);
                    match ended {
                        Ok(Ended::Won(why)) => tracing::info!(game, result = "won", reason = ?why, playing = self.playing.len(), "game over"),
                        Ok(Ended::Lost(why)) => tracing::info!(game, result = "lost", reason = ?why, playing = self.playing.len(), "game over"),
                        Ok(Ended::Abandoned) => tracing::info!(game, result = "resigned", "left the game on a second signal"),
                        Ok(Ended::Forfeited(why)) => tracing::error!(game, result = "resigned", error = why, "the program failed; the game was resigned"),
                        Err(e) => tracing::error!(game, error = %format!("{e:#}"), "the game ended in error"),
                    }
                }
                _ = term.recv() => self.signal(&abort_tx, &mut control).await?,
                _ = tokio::signal::ctrl_c() => self.signal(&abort_tx, &mut control).await?,
            }
        }
    }

    /// A first signal stops taking games; a second resigns the running ones and ends.
    async fn signal(
        &mut self,
        abort: &watch::Sender<bool>,
        control: &mut Option<seabattle_client::Connection>,
    ) -> anyhow::Result<()> {
        if self.draining {
            tracing::warn!(
                games = self.playing.len(),
                "second signal: resigning and leaving now"
            );
            let _ = abort.send(true);
            // The games' tasks resign on their own sockets; a moment for the frames.
            tokio::time::sleep(Duration::from_millis(300)).await;
            std::process::exit(1);
        }
        self.draining = true;
        if let Some(c) = control.take() {
            let _ = c.close().await;
        }
        for arena in &self.arenas {
            match self.link.arena(arena, ArenaStep::Pause).await {
                Ok(()) => tracing::info!(arena, "paused in the arena"),
                Err(e) => tracing::warn!(arena, error = %e, "could not pause in the arena"),
            }
        }
        tracing::info!(
            games = self.playing.len(),
            "stopping: no more challenges; the running games are played out (a second signal resigns them)"
        );
        Ok(())
    }

    /// Joins the arenas (or comes back to them); one that is over, or does not take
    /// this BOT, is said and dropped.
    async fn join_arenas(&mut self) {
        let mut kept = Vec::new();
        for arena in std::mem::take(&mut self.arenas) {
            match self.link.arena(&arena, ArenaStep::Join).await {
                Ok(()) => {
                    tracing::info!(arena, "in the arena; waiting to be paired");
                    kept.push(arena);
                }
                Err(e @ AccountError::Refused { .. }) => {
                    tracing::error!(arena, error = %e, "the arena refused the BOT; it is left out");
                }
                Err(e) => {
                    tracing::warn!(arena, error = %e, "could not join the arena now; trying again on the next connection");
                    kept.push(arena);
                }
            }
        }
        self.arenas = kept;
    }

    /// A message on the control socket (a game's socket ignores challenges: they come
    /// here too).
    async fn heard(&mut self, m: ServerMsg, c: &mut seabattle_client::Connection) {
        match m {
            ServerMsg::Challenged(ch) => {
                if !self.seen.insert(ch.id.clone()) {
                    return;
                }
                if self.seen.len() > 10_000 {
                    self.seen.clear();
                }
                self.queued.push_back(*ch);
            }
            // Accepted is followed by `joined`; any other end frees the socket.
            ServerMsg::ChallengeEnded { id, end }
                if self.pending.as_ref() == Some(&id)
                    && end != seabattle_tui::online::ChallengeEnd::Accepted =>
            {
                self.pending = None;
            }
            ServerMsg::Error { code, message } => {
                tracing::warn!(?code, message, "the server refused");
                self.pending = None;
            }
            _ => {}
        }
        self.answer_queued(c).await;
    }

    /// Answers the challenges heard, one accepted at a time: an accepted one's `joined`
    /// seats the control socket, which must not be in two games.
    async fn answer_queued(&mut self, c: &mut seabattle_client::Connection) {
        while self.pending.is_none() {
            let Some(ch) = self.queued.pop_front() else {
                break;
            };
            let playing = self.playing.len();
            let answer = match self.policy.decide(&ch, playing, self.draining) {
                Decision::Accept => {
                    tracing::info!(
                        challenge = ch.id,
                        from = ch.from.name,
                        rules = ch.rules,
                        rated = ch.rated,
                        "accepting a challenge"
                    );
                    self.pending = Some(ch.id.clone());
                    Answer::Accept
                }
                Decision::Decline(why) => {
                    tracing::info!(
                        challenge = ch.id,
                        from = ch.from.name,
                        why,
                        "declining a challenge"
                    );
                    Answer::Decline
                }
            };
            if c.send(&ClientMsg::AnswerChallenge {
                id: ch.id.clone(),
                answer,
            })
            .await
            .is_err()
            {
                self.pending = None;
                break;
            }
        }
    }

    /// Plays `seat`'s game in a task of its own.
    fn start(
        &mut self,
        seat: Seat,
        first: Option<seabattle_client::Connection>,
        done: &mpsc::Sender<(String, anyhow::Result<Ended>)>,
        abort: &watch::Receiver<bool>,
    ) {
        let game = seat.game.clone();
        tracing::info!(game, seat = seat.seat.number(), "the game starts");
        self.playing.insert(game.clone());
        let ctx = Ctx {
            link: self.link.clone(),
            command: self.command.clone(),
            limits: self.limits,
            abort: abort.clone(),
        };
        let done = done.clone();
        tokio::spawn(async move {
            let ended = game::play(seat, first, ctx).await;
            let _ = done.send((game, ended)).await;
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_is_quoted_for_the_shell() {
        let w = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(
            shell_line(&w(&["python3", "examples/bot.py"])),
            "python3 examples/bot.py"
        );
        assert_eq!(shell_line(&w(&["my bot", "it's"])), r"'my bot' 'it'\''s'");
        assert_eq!(shell_line(&w(&["a;b", ""])), "'a;b' ''");
    }
}

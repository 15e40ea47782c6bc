//! One game the bridge plays: its own socket, reconnected after a network fault or a
//! server restart (the seat resumed with its token, or as the account for an arena's
//! game), and one run of the program, asked
//! for its fleet and each volley. The server referees; the bridge only relays.

use super::link::Link;
use anyhow::{Context, bail};
use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_bots::{Shooter as _, ShooterKind};
use seabattle_client::{Close, Connection, ConnectionError, Frame};
use seabattle_core::{CoordSystem, Phase, Player, Rules};
use seabattle_driver::{Limits, Program};
use seabattle_tui::online::protocol::decode;
use seabattle_tui::online::{ClientMsg, ServerMsg};
use seabattle_tui::update::{Snapshot, Update};
use seabattle_wire::{EndReason, ErrorCode, ResultJson};
use std::time::Duration;
use tokio::sync::watch;

/// A seat the bridge holds.
#[derive(Clone, Debug)]
pub struct Seat {
    /// The game's id.
    pub game: String,
    /// The seat's secret, to resume with (never logged); `None` for a seat that is the
    /// BOT account's own (an arena's game), resumed as the account.
    pub token: Option<String>,
    /// Which seat.
    pub seat: Player,
}

/// How a game ended for the bridge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Won.
    Won(EndReason),
    /// Lost.
    Lost(EndReason),
    /// Resigned at once on a second signal.
    Abandoned,
    /// The program failed (garbage, silence past its limit, a crash): the game was
    /// resigned for it (docs/bot-protocol.md §6), with what failed.
    Forfeited(String),
}

/// What the game's task needs besides its seat.
pub struct Ctx {
    /// Where and as whom to connect.
    pub link: Link,
    /// The program's shell command.
    pub command: String,
    /// Its time limits.
    pub limits: Limits,
    /// Turns true on a second signal: resign and leave.
    pub abort: watch::Receiver<bool>,
}

/// Why one socket of the game stopped.
enum Stop {
    /// The game ended.
    Over(Ended),
    /// The socket was lost or closed: reconnect.
    Lost(String),
}

/// Plays the game to its end on `first` (the socket it was seated on), reconnecting as
/// often as it takes. The program runs for the whole game, across reconnections.
pub async fn play(seat: Seat, first: Option<Connection>, mut ctx: Ctx) -> anyhow::Result<Ended> {
    let mut state = Game {
        me: seat.seat,
        seat,
        program: Some(Program::new(
            ctx.command.clone(),
            ctx.limits,
            ShooterKind::Random.build(),
        )),
        fired_at: None,
        placed: false,
        forfeit: None,
    };
    let mut conn = first;
    let mut wait = Duration::from_millis(250);
    loop {
        let c = match conn.take() {
            Some(c) => c,
            None => match reconnect(&state.seat, &ctx.link).await {
                Ok(c) => {
                    tracing::info!(game = %state.seat.game, "back in the game");
                    wait = Duration::from_millis(250);
                    c
                }
                Err(e) => {
                    if let Some(ConnectionError::Refused(401)) = e.downcast_ref() {
                        bail!("game {}: the token is no longer accepted", state.seat.game);
                    }
                    tracing::warn!(game = %state.seat.game, error = %format!("{e:#}"), "reconnecting failed; trying again");
                    tokio::select! {
                        () = tokio::time::sleep(wait) => {}
                        () = aborted(&mut ctx.abort) => return Ok(Ended::Abandoned),
                    }
                    wait = (wait * 2).min(Duration::from_secs(5));
                    continue;
                }
            },
        };
        match state.run(c, &mut ctx).await? {
            Stop::Over(end) => return Ok(end),
            Stop::Lost(why) => {
                tracing::info!(game = %state.seat.game, why, "the game's connection was lost; reconnecting");
            }
        }
    }
}

/// A new socket, back in the seat.
async fn reconnect(seat: &Seat, link: &Link) -> anyhow::Result<Connection> {
    let mut c = link.connect().await?;
    c.send(&ClientMsg::Resume {
        game: seat.game.clone(),
        token: seat.token.clone(),
    })
    .await?;
    Ok(c)
}

/// The game as the bridge follows it.
struct Game {
    seat: Seat,
    me: Player,
    /// `None` only while the program is asked something (in the blocking pool).
    program: Option<Program>,
    /// How many shots the program's target board held when it last fired: it is not
    /// asked again until a state shows the volley answered.
    fired_at: Option<usize>,
    placed: bool,
    /// Why the program failed, once it did: the game is resigned in the battle.
    forfeit: Option<String>,
}

impl Game {
    /// Plays on `c` until the game ends or the socket is lost. The game is followed
    /// from its volleys, applied to the last full state; a full state is asked for
    /// (one at a time, never in a loop) only on joining and after the variants' rarer
    /// news, so the bridge stays far below the server's message limits.
    async fn run(&mut self, mut c: Connection, ctx: &mut Ctx) -> anyhow::Result<Stop> {
        let game = self.seat.game.clone();
        // A volley sent before the socket was lost may never have arrived: the state
        // says whether it did.
        self.fired_at = None;
        let mut snap: Option<Box<Snapshot>> = None;
        // A sync asked and not yet answered; news while it is out asks for another.
        let (mut syncing, mut stale) = (true, false);
        if let Err(e) = c.send(&ClientMsg::Sync { game: game.clone() }).await {
            return Ok(Stop::Lost(e.to_string()));
        }
        loop {
            let frame = tokio::select! {
                f = c.recv_frame() => f,
                () = aborted(&mut ctx.abort) => {
                    let _ = c.send(&ClientMsg::Resign { game: game.clone() }).await;
                    let _ = c.close().await;
                    return Ok(Stop::Over(Ended::Abandoned));
                }
            };
            let text = match frame {
                Ok(Frame::Text(t)) => t,
                Ok(Frame::Close(close)) => return Ok(Stop::Lost(closed(close.as_ref()))),
                Err(e) => return Ok(Stop::Lost(e.to_string())),
            };
            let Ok(m) = ServerMsg::parse(&text) else {
                tracing::debug!(game, "skipped a message this bridge cannot read");
                continue;
            };
            let mut resync = false;
            match m {
                ServerMsg::State(ref s) => {
                    if let Some(end) = s.result.as_ref() {
                        return Ok(Stop::Over(self.ended(end)));
                    }
                    let rules: Rules = s.rules.parse().map_err(|_| {
                        anyhow::anyhow!(
                            "game {game}: the server's rules {:?} cannot be read",
                            s.rules
                        )
                    })?;
                    snap = decode(&m, &rules)
                        .map_err(|e| anyhow::anyhow!("game {game}: {e}"))?
                        .into_iter()
                        .find_map(|u| match u {
                            Update::Snapshot(s) => Some(s),
                            _ => None,
                        });
                    syncing = false;
                    resync = std::mem::take(&mut stale);
                }
                ServerMsg::GameOver { result, .. } => return Ok(Stop::Over(self.ended(&result))),
                ServerMsg::Error { code, message } => {
                    if matches!(
                        code,
                        ErrorCode::BadToken | ErrorCode::NotFound | ErrorCode::Abandoned
                    ) {
                        bail!("game {game}: {message}");
                    }
                    tracing::warn!(
                        game,
                        ?code,
                        message,
                        "the server refused; asking for the state"
                    );
                    if code == ErrorCode::Flood {
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                    self.fired_at = None;
                    resync = true;
                }
                // The common news, applied here.
                ServerMsg::Shot { dying: false, .. }
                | ServerMsg::Battle { .. }
                | ServerMsg::Placed { .. } => match snap.as_deref_mut() {
                    Some(s) if !syncing => resync = !apply(s, &m)?,
                    _ => stale = true,
                },
                // The variants' rarer news: the full state says what it means.
                ServerMsg::RevealDue { .. }
                | ServerMsg::RelocateDue { .. }
                | ServerMsg::Shot { dying: true, .. }
                | ServerMsg::Revealed { .. }
                | ServerMsg::Relocated { .. }
                | ServerMsg::Timeout { .. } => resync = true,
                _ => continue,
            }
            if resync {
                if syncing {
                    stale = true;
                } else {
                    syncing = true;
                    if let Err(e) = c.send(&ClientMsg::Sync { game: game.clone() }).await {
                        return Ok(Stop::Lost(e.to_string()));
                    }
                }
                continue;
            }
            if syncing {
                continue;
            }
            let Some(s) = snap.as_deref() else { continue };
            if self.forfeit.is_none() {
                match self.act(s).await {
                    Ok(None) => continue,
                    Ok(Some(msg)) => {
                        if let Err(e) = c.send(&msg).await {
                            return Ok(Stop::Lost(e.to_string()));
                        }
                        continue;
                    }
                    Err(e) => self.forfeit = Some(format!("{e:#}")),
                }
            }
            // A program that fails resigns that game (docs/bot-protocol.md §6), so the
            // person at the board is not left waiting for the expiry. It resigns in the
            // battle, where a game has a result to end with: one that failed to place
            // has the server draw its fleet first.
            let why = self.forfeit.clone().unwrap_or_default();
            if s.phase == Phase::Battle {
                resign(c, &game).await;
                return Ok(Stop::Over(Ended::Forfeited(why)));
            }
            if !self.placed {
                self.placed = true;
                let drawn = ClientMsg::Place {
                    game: game.clone(),
                    fleet: None,
                };
                if let Err(e) = c.send(&drawn).await {
                    return Ok(Stop::Lost(e.to_string()));
                }
            }
        }
    }

    /// What the program says to do now, if it is this seat's turn to do anything.
    async fn act(&mut self, snap: &Snapshot) -> anyhow::Result<Option<ClientMsg>> {
        let game = self.seat.game.clone();
        match snap.phase {
            Phase::Placement if snap.own.is_none() && !self.placed => {
                let rules = snap.rules.clone();
                let fleet = self
                    .ask(move |p| p.place(&rules).map_err(|f| f.to_string()))
                    .await?;
                let fleet = fleet.map_err(|f| {
                    anyhow::anyhow!("game {game}: the program could not place its fleet: {f}")
                })?;
                self.placed = true;
                let setup = fleet.to_setup();
                let words = setup
                    .ships
                    .iter()
                    .map(|s| s.format(CoordSystem::Latin))
                    .chain(setup.pieces.iter().map(|p| p.format(CoordSystem::Latin)))
                    .collect();
                Ok(Some(ClientMsg::Place {
                    game,
                    fleet: Some(words),
                }))
            }
            Phase::Battle => {
                if let Some(d) = snap.duty.filter(|d| d.player == self.me) {
                    // A reveal owed after the opponent set off a mine or minesweeper: the
                    // first cell it may show; a hit flying ship: the server moves it.
                    return Ok(Some(if d.kind.is_reveal() {
                        match snap.options.first() {
                            Some(cell) => ClientMsg::Reveal {
                                game,
                                cell: cell.to_string(),
                            },
                            None => return Ok(None),
                        }
                    } else {
                        ClientMsg::Relocate { game, cells: None }
                    }));
                }
                if snap.duty.is_some() || snap.to_move != Some(self.me) {
                    return Ok(None);
                }
                let view = snap.boards[self.me.index()].clone();
                let shot = view.shots().len();
                if self.fired_at == Some(shot) {
                    return Ok(None);
                }
                let (rules, count) = (snap.rules.clone(), snap.shots_due);
                let cells = self
                    .ask(move |p| {
                        let mut rng = StdRng::from_rng(&mut rand::rng());
                        let cells = p.choose(&rules, &view, count, &mut rng);
                        match p.fault() {
                            Some(f) => Err(f.to_string()),
                            None => Ok(cells),
                        }
                    })
                    .await?
                    .map_err(|f| anyhow::anyhow!("game {game}: the program failed: {f}"))?;
                self.fired_at = Some(shot);
                Ok(Some(ClientMsg::Fire {
                    game,
                    cells: cells.iter().map(ToString::to_string).collect(),
                }))
            }
            _ => Ok(None),
        }
    }

    /// Runs `f` on the program in the blocking pool: a program may take up to its
    /// time limit to answer, which must not hold the bridge's other games.
    async fn ask<T: Send + 'static>(
        &mut self,
        f: impl FnOnce(&mut Program) -> T + Send + 'static,
    ) -> anyhow::Result<T> {
        let mut p = self.program.take().context("the program is busy")?;
        let (p, out) = tokio::task::spawn_blocking(move || {
            let out = f(&mut p);
            (p, out)
        })
        .await
        .context("the program's thread failed")?;
        self.program = Some(p);
        Ok(out)
    }

    fn ended(&self, r: &ResultJson) -> Ended {
        if r.winner == self.me {
            Ended::Won(r.reason)
        } else {
            Ended::Lost(r.reason)
        }
    }
}

/// Applies a volley, the battle's start or a fleet placed to `s`; `false` if the
/// message cannot be applied (a full state is asked for then).
fn apply(s: &mut Snapshot, m: &ServerMsg) -> anyhow::Result<bool> {
    match m {
        ServerMsg::Placed { .. } => {}
        ServerMsg::Battle {
            first, shots_due, ..
        } => {
            s.phase = Phase::Battle;
            s.to_move = Some(*first);
            s.shots_due = *shots_due;
        }
        ServerMsg::Shot { .. } => {
            let updates = decode(m, &s.rules).map_err(|e| anyhow::anyhow!("{e}"))?;
            for u in updates {
                match u {
                    Update::Volley {
                        player,
                        shots,
                        next,
                        shots_due,
                    } => {
                        for f in &shots {
                            s.boards[player.index()].record(f.cell, &f.shot);
                        }
                        s.to_move = next;
                        s.shots_due = shots_due;
                        if next.is_none() {
                            s.phase = Phase::Over;
                        }
                    }
                    Update::Owed { duty, .. } => {
                        if duty.is_some() {
                            return Ok(false);
                        }
                        s.duty = None;
                    }
                    _ => return Ok(false),
                }
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// Resigns `game` on `c`, waits for the end to be told, and closes the socket.
async fn resign(mut c: Connection, game: &str) {
    let _ = c
        .send(&ClientMsg::Resign {
            game: game.to_string(),
        })
        .await;
    wait_for_end(&mut c).await;
    let _ = c.close().await;
}

/// Reads `c` until the game's end is told (or a few seconds pass, or the socket
/// closes), so a resignation reaches the server before the socket is closed.
async fn wait_for_end(c: &mut Connection) {
    let over = async {
        while let Ok(Frame::Text(t)) = c.recv_frame().await {
            match ServerMsg::parse(&t) {
                Ok(ServerMsg::GameOver { .. }) => return,
                Ok(ServerMsg::Error { code, message }) => {
                    tracing::warn!(?code, message, "the resignation was refused");
                    return;
                }
                _ => {}
            }
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(5), over).await;
}

/// Returns once a second signal asks the games to resign (never if the bridge is gone).
async fn aborted(abort: &mut watch::Receiver<bool>) {
    if abort.wait_for(|a| *a).await.is_err() {
        std::future::pending::<()>().await;
    }
}

/// Why the server closed a socket, in words.
fn closed(close: Option<&Close>) -> String {
    match close {
        Some(c) => format!("closed by the server ({} {})", c.code, c.reason),
        None => "closed by the server".into(),
    }
}

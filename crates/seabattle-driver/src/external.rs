//! [`External`]: a bot program run as `sh -c CMD`, spoken to over its stdin and stdout.
//!
//! Lines are read on a thread of their own and handed over through a channel, so a bot
//! that says nothing times out instead of blocking the league; lines are written on
//! another thread, so a bot that stops reading cannot block it either. Its stderr goes
//! to the null device. The process (and anything it started, as it runs in a process
//! group of its own) is killed and reaped when the `External` is dropped.

use crate::bot::Bot;
use crate::fault::{Fault, FaultKind};
use crate::protocol::{
    End, HELLO, MAX_LINE, MOVED, gameover_line, move_line, parse_fleet, parse_name, parse_ready,
    parse_ship, parse_shot, parse_show, reveal_line, rules_text, shoot_line, shown_line,
};
use seabattle_core::{Coord, DutyKind, FleetSetup, Rules, ShipSetup, Shot};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::thread;
use std::time::{Duration, Instant};

/// How long a bot may take to answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// To answer `seabattle 1` with its name and `ready` (the program starts up).
    pub start: Duration,
    /// To answer `place`, `shoot` or `reveal`.
    pub answer: Duration,
}

impl Default for Limits {
    /// Ten seconds to start, one second per answer.
    fn default() -> Limits {
        Limits {
            start: Duration::from_secs(10),
            answer: Duration::from_secs(1),
        }
    }
}

/// What the reading thread hands over.
enum FromBot {
    Line(String),
    TooLong,
    Closed,
    Failed(String),
}

/// How long a bot that was told `quit` has to leave before it is killed.
const GRACE: Duration = Duration::from_millis(200);

/// A running bot program.
pub struct External {
    name: String,
    child: Child,
    reaped: bool,
    from_bot: Receiver<FromBot>,
    to_bot: Option<Sender<String>>,
    limits: Limits,
    /// Set by the first fault: the bot is out of step and answers nothing more.
    broken: Option<Fault>,
}

impl External {
    /// Starts `command` with `sh -c` and greets it: it must answer `name <text>` and
    /// `ready` within `limits.start`.
    pub fn start(command: &str, limits: Limits) -> Result<External, Fault> {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = cmd.spawn().map_err(|e| {
            Fault::new(
                FaultKind::Crash,
                format!("could not start {command:?}: {e}"),
            )
        })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(Fault::new(FaultKind::Crash, "no pipes to the bot"));
        };
        let (line_tx, from_bot) = mpsc::sync_channel(64);
        let (to_bot, line_rx) = mpsc::channel();
        let spawned = thread::Builder::new()
            .name("bot-reader".into())
            .spawn(move || read_lines(stdout, line_tx))
            .and_then(|_| {
                thread::Builder::new()
                    .name("bot-writer".into())
                    .spawn(move || write_lines(stdin, line_rx))
            });
        let mut bot = External {
            name: command.to_string(),
            child,
            reaped: false,
            from_bot,
            to_bot: Some(to_bot),
            limits,
            broken: None,
        };
        if let Err(e) = spawned {
            return Err(bot.break_with(Fault::new(
                FaultKind::Crash,
                format!("no thread for the bot: {e}"),
            )));
        }
        bot.name = bot.exchange(HELLO, limits.start, parse_name)?;
        bot.receive(HELLO, limits.start, parse_ready)?;
        Ok(bot)
    }

    /// Marks the bot out of step with `fault` and gives the fault back.
    fn break_with(&mut self, fault: Fault) -> Fault {
        self.broken = Some(fault.clone());
        fault
    }

    /// Writes one line to the bot.
    fn send(&mut self, line: &str) -> Result<(), Fault> {
        if let Some(f) = &self.broken {
            return Err(f.clone());
        }
        let sent = self
            .to_bot
            .as_ref()
            .is_some_and(|tx| tx.send(line.to_string()).is_ok());
        if sent {
            Ok(())
        } else {
            let detail = self.exit_detail(&format!("writing {line:?}"));
            Err(self.break_with(Fault::new(FaultKind::Crash, detail)))
        }
    }

    /// Writes `line` and reads the answer with `parse` within `limit`.
    fn exchange<T>(
        &mut self,
        line: &str,
        limit: Duration,
        parse: fn(&str) -> Result<T, Fault>,
    ) -> Result<T, Fault> {
        self.send(line)?;
        self.receive(line, limit, parse)
    }

    /// Reads the next non-blank line, the answer to `asked`, with `parse` within `limit`.
    fn receive<T>(
        &mut self,
        asked: &str,
        limit: Duration,
        parse: fn(&str) -> Result<T, Fault>,
    ) -> Result<T, Fault> {
        if let Some(f) = &self.broken {
            return Err(f.clone());
        }
        let deadline = Instant::now() + limit;
        let fault = loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.from_bot.recv_timeout(left) {
                Ok(FromBot::Line(l)) if l.trim().is_empty() => continue,
                Ok(FromBot::Line(l)) => match parse(l.trim()) {
                    Ok(v) => return Ok(v),
                    Err(f) => break f,
                },
                Ok(FromBot::TooLong) => {
                    break Fault::new(
                        FaultKind::Garbage,
                        format!("a line longer than {MAX_LINE} bytes in answer to {asked:?}"),
                    );
                }
                Ok(FromBot::Failed(e)) => {
                    break Fault::new(FaultKind::Crash, format!("its output failed: {e}"));
                }
                Ok(FromBot::Closed) | Err(RecvTimeoutError::Disconnected) => {
                    break Fault::new(
                        FaultKind::Crash,
                        self.exit_detail(&format!("waiting for the answer to {asked:?}")),
                    );
                }
                Err(RecvTimeoutError::Timeout) => {
                    break Fault::new(
                        FaultKind::Timeout,
                        format!("no answer to {asked:?} within {} ms", limit.as_millis()),
                    );
                }
            }
        };
        Err(self.break_with(fault))
    }

    /// How the bot went away, noticed while `doing`: its exit status if it has exited.
    fn exit_detail(&mut self, doing: &str) -> String {
        let deadline = Instant::now() + Duration::from_millis(100);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    self.reaped = true;
                    return format!("exited ({status}) while its host was {doing}");
                }
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                _ => return format!("closed its output while its host was {doing}"),
            }
        }
    }

    /// Kills the bot's process group and the bot, and reaps it.
    fn kill(&mut self) {
        if self.reaped {
            return;
        }
        #[cfg(unix)]
        {
            let _ = Command::new("kill")
                .arg("-KILL")
                .arg("--")
                .arg(format!("-{}", self.child.id()))
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.reaped = true;
    }
}

impl Drop for External {
    /// Says `quit` to a bot in step and gives it a moment to leave; then kills whatever
    /// is left of it and reaps it.
    fn drop(&mut self) {
        if self.broken.is_none() && self.send("quit").is_ok() {
            self.to_bot = None;
            let deadline = Instant::now() + GRACE;
            while Instant::now() < deadline {
                match self.child.try_wait() {
                    Ok(Some(_)) => {
                        self.reaped = true;
                        break;
                    }
                    Ok(None) => thread::sleep(Duration::from_millis(5)),
                    Err(_) => break,
                }
            }
        }
        self.to_bot = None;
        self.kill();
    }
}

/// Hands the bot's lines to `tx` until its output closes or a line is too long.
fn read_lines(stdout: ChildStdout, tx: SyncSender<FromBot>) {
    let mut reader = BufReader::new(stdout);
    loop {
        let mut buf = Vec::new();
        let read = (&mut reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf);
        let message = match read {
            Ok(0) => FromBot::Closed,
            Ok(_) if buf.last() == Some(&b'\n') => {
                buf.pop();
                FromBot::Line(String::from_utf8_lossy(&buf).into_owned())
            }
            Ok(_) if buf.len() > MAX_LINE => FromBot::TooLong,
            // The last line, without a line break.
            Ok(_) => FromBot::Line(String::from_utf8_lossy(&buf).into_owned()),
            Err(e) => FromBot::Failed(e.to_string()),
        };
        let last = matches!(
            message,
            FromBot::Closed | FromBot::TooLong | FromBot::Failed(_)
        );
        if tx.send(message).is_err() || last {
            return;
        }
    }
}

/// Writes the lines from `rx` to the bot until the channel or the pipe closes.
fn write_lines(mut stdin: ChildStdin, rx: Receiver<String>) {
    for line in rx {
        if writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .is_err()
        {
            return;
        }
    }
}

impl Bot for External {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, rules: &Rules, _seed: u64) -> Result<(), Fault> {
        self.send(&format!("newgame {}", rules_text(rules)))
    }

    fn place(&mut self) -> Result<FleetSetup, Fault> {
        self.exchange("place", self.limits.answer, parse_fleet)
    }

    fn shoot(&mut self, count: usize) -> Result<Vec<Coord>, Fault> {
        self.exchange(&shoot_line(count), self.limits.answer, parse_shot)
    }

    fn result(&mut self, cell: Coord, shot: &Shot) -> Result<(), Fault> {
        self.send(&format!("result {cell} {}", shot.answer().word()))
    }

    fn incoming(&mut self, cell: Coord, shot: &Shot) -> Result<(), Fault> {
        self.send(&format!("incoming {cell} {}", shot.answer().word()))
    }

    fn reveal(&mut self, kind: DutyKind) -> Result<Coord, Fault> {
        self.exchange(&reveal_line(kind), self.limits.answer, parse_show)
    }

    fn shown(&mut self, cell: Coord, kind: DutyKind) -> Result<(), Fault> {
        self.send(&shown_line(cell, kind))
    }

    fn torpedo(&mut self, cell: Coord, shot: &Shot) -> Result<(), Fault> {
        self.send(&format!("torpedo {cell} {}", shot.answer().word()))
    }

    fn torpedoed(&mut self, cell: Coord, shot: &Shot) -> Result<(), Fault> {
        self.send(&format!("torpedoed {cell} {}", shot.answer().word()))
    }

    fn relocate(&mut self, decks: usize) -> Result<ShipSetup, Fault> {
        self.exchange(&move_line(decks), self.limits.answer, parse_ship)
    }

    fn moved(&mut self) -> Result<(), Fault> {
        self.send(MOVED)
    }

    fn game_over(&mut self, end: End, reason: Option<&str>) -> Result<(), Fault> {
        self.send(&gameover_line(end, reason))
    }
}

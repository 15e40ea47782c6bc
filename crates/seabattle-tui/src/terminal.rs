//! The real terminal: raw mode, the alternate screen and mouse capture on the way in,
//! all of it undone on the way out, on Ctrl-C, on a panic and on a signal to stop
//! (`kill`, a closed terminal window); and the event loop.

use crate::app::App;
use crate::error::TuiError;
use crate::online::{Connection, LinkEvent};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use std::io::{Stdout, stdout};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// Puts the terminal back as it was. Safe to call more than once.
pub fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(
        stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        ratatui::crossterm::cursor::Show
    );
}

/// The terminal in game mode; dropping it restores the terminal.
struct Guard {
    terminal: Terminal<CrosstermBackend<Stdout>>,
}

impl Guard {
    fn enter() -> Result<Guard, TuiError> {
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            hook(info);
        }));
        enable_raw_mode()?;
        let entered = execute!(stdout(), EnterAlternateScreen, EnableMouseCapture)
            .map_err(TuiError::from)
            .and_then(|()| Ok(Terminal::new(CrosstermBackend::new(stdout()))?));
        match entered {
            Ok(terminal) => Ok(Guard { terminal }),
            Err(e) => {
                restore();
                Err(e)
            }
        }
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
    }
}

/// The name of the first stopping signal caught, once one is.
type Caught = Arc<OnceLock<&'static str>>;

/// Catches `SIGTERM`, `SIGHUP` and `SIGINT` on a thread of its own. Their default action
/// would end the process at once and leave the terminal raw and on the alternate screen;
/// caught, they end the event loop instead, and the terminal is restored on the way out.
/// (In raw mode the terminal's own Ctrl-C is a key, not a `SIGINT`.) Returns once the
/// handlers are in place, or at once if they cannot be set up.
#[cfg(unix)]
fn catch_signals() -> Caught {
    use std::sync::mpsc;
    use tokio::signal::unix::{SignalKind, signal};
    let caught = Caught::default();
    let slot = caught.clone();
    let (ready_tx, ready) = mpsc::sync_channel::<()>(1);
    let spawned = std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            let Ok(rt) = tokio::runtime::Builder::new_current_thread()
                .enable_io()
                .enable_time()
                .build()
            else {
                return;
            };
            rt.block_on(async move {
                let handlers = (
                    signal(SignalKind::terminate()),
                    signal(SignalKind::hangup()),
                    signal(SignalKind::interrupt()),
                );
                let (Ok(mut term), Ok(mut hup), Ok(mut int)) = handlers else {
                    return;
                };
                let _ = ready_tx.send(());
                let (name, number) = tokio::select! {
                    _ = term.recv() => ("SIGTERM", 15),
                    _ = hup.recv() => ("SIGHUP", 1),
                    _ = int.recv() => ("SIGINT", 2),
                };
                let _ = slot.set(name);
                // The loop sees the flag within one poll. But once the terminal has hung
                // up, reading it may never return control to the loop; the process must
                // end all the same (as it would have without a handler), not spin.
                tokio::time::sleep(Duration::from_secs(1)).await;
                restore();
                std::process::exit(128 + number);
            });
        });
    if spawned.is_ok() {
        // A sender dropped without a word (no handlers) also ends the wait.
        let _ = ready.recv_timeout(Duration::from_secs(1));
    }
    caught
}

/// No signals to catch elsewhere.
#[cfg(not(unix))]
fn catch_signals() -> Caught {
    Caught::default()
}

/// Runs `app` in the terminal until the player quits; online, `connection` carries the
/// server's messages in and the player's moves out. A stopping signal ends it with
/// [`TuiError::Signal`], the terminal restored.
pub fn run(app: &mut App, connection: Option<&Connection>) -> Result<(), TuiError> {
    let caught = catch_signals();
    let mut guard = Guard::enter()?;
    let size = guard.terminal.size()?;
    app.resize(size.width, size.height);
    // Nothing on the screen moves by itself: it is drawn again only after a key, a
    // click, a resize or news from the server.
    let mut dirty = true;
    loop {
        if dirty {
            guard
                .terminal
                .draw(|frame| crate::render::draw(frame, app))?;
            dirty = false;
        }
        if event::poll(Duration::from_millis(50))? {
            app.handle_event(&event::read()?);
            dirty = true;
        }
        if let Some(conn) = connection {
            while let Some(e) = conn.try_recv() {
                match e {
                    LinkEvent::Message(m) => app.server_message(&m),
                    LinkEvent::Unreadable(e) => app.server_unreadable(&e),
                    LinkEvent::Down(why) => app.apply(crate::Update::Link(Some(why))),
                    LinkEvent::Up => app.apply(crate::Update::Link(None)),
                }
                dirty = true;
            }
            for m in app.take_outbox() {
                conn.send(m);
            }
        }
        if let Some(name) = caught.get() {
            return Err(TuiError::Signal(name));
        }
        if app.should_quit() {
            // Let the last message (a resignation) leave before the connection closes.
            if connection.is_some() {
                std::thread::sleep(Duration::from_millis(200));
            }
            return Ok(());
        }
    }
}

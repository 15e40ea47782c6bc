//! A server that freezes (its process paused, its machine stalled) keeps the socket open
//! and answers nothing: the terminal client notices the missing `pong` and reconnects.
//! The server is real (`seabattle_server::launch` on port 0), on a runtime of its own
//! with one thread, which the test stops whole.

use seabattle_server::{Config, DbUrl, launch};
use seabattle_tui::online::{Connection, LinkEvent, Opening, PING_EVERY, PONG_WAIT, ServerMsg};
use std::time::{Duration, Instant};

#[test]
fn a_missing_pong_counts_as_a_lost_connection_and_the_client_reconnects() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let (tx, rx) = std::sync::mpsc::channel();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let s = launch(listener, Config::new(DbUrl::Sqlite(db)))
                .await
                .unwrap();
            tx.send((s.addr(), tokio::runtime::Handle::current()))
                .unwrap();
            let _ = stopped.await;
            s.shutdown().await.unwrap();
        });
    });
    let (addr, rt) = rx.recv().unwrap();
    let opening = Opening::NewGame {
        rules: "classic".into(),
    };
    let (conn, _joined) =
        Connection::open(&addr.to_string(), opening, Duration::from_secs(10)).unwrap();
    // The server stops answering, longer than a ping's interval and its wait.
    let frozen = PING_EVERY + PONG_WAIT + Duration::from_secs(2);
    rt.spawn(async move { std::thread::sleep(frozen) });
    let started = Instant::now();
    let mut down = None;
    let mut up_again = false;
    while started.elapsed() < frozen + Duration::from_secs(10) && !up_again {
        match conn.try_recv() {
            Some(LinkEvent::Down(why)) if down.is_none() => down = Some(why),
            Some(LinkEvent::Message(m)) if down.is_some() => {
                // Resumed on the woken server: its answer to the `resume`.
                up_again = matches!(m, ServerMsg::Joined { .. });
            }
            Some(_) => {}
            None => std::thread::sleep(Duration::from_millis(50)),
        }
    }
    let why = down.expect("the frozen connection was never given up");
    assert!(why.contains("pong"), "{why}");
    assert!(up_again, "the client did not resume after the server woke");
    drop(conn);
    let _ = stop.send(());
    server.join().unwrap();
}

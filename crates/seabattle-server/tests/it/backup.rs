//! `seabattle backup`: a copy of a live server's SQLite file, taken while games are
//! being played, opens as a server of its own and resumes a game from it.

use crate::common::{self, Client, ServerMsg, joined, start, until, until_battle, vs_computer};
use seabattle_client::msg;
use seabattle_core::{Phase, Player};
use seabattle_server::{DbUrl, backup};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Fires at every cell in turn, as soon as it is this seat's turn, until `stop` or
/// the game's end.
async fn keep_firing(mut c: Client, game: String, stop: Arc<AtomicBool>) {
    let mut cells = common::all_cells(10, 10).into_iter();
    while !stop.load(Ordering::Relaxed) {
        let state = c.state(&game).await;
        if state.phase != Phase::Battle {
            return;
        }
        if state.to_move != Some(Player::One) {
            c.until_my_turn(Player::One).await;
            continue;
        }
        let Some(cell) = cells.next() else { return };
        c.send(msg::fire(&game, [cell])).await;
        let m = until!(
            c,
            ServerMsg::Shot { .. } | ServerMsg::GameOver { .. } | ServerMsg::Error { .. }
        );
        if !matches!(m, ServerMsg::Shot { .. }) {
            return;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_under_load_restores_and_resumes_a_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("live.db");
    let server = start(&db).await;
    // The game to resume later: placed, one shot answered.
    let (mut c, game, token) = vs_computer(server.addr(), "easy", "classic").await;
    c.send(msg::place_random(&game)).await;
    until_battle(&mut c).await;
    // Load: games against the computer, firing as fast as they are answered.
    let stop = Arc::new(AtomicBool::new(false));
    let mut load = Vec::new();
    for _ in 0..6 {
        let (mut c, g, _) = vs_computer(server.addr(), "easy", "classic").await;
        c.send(msg::place_random(&g)).await;
        until_battle(&mut c).await;
        load.push(tokio::spawn(keep_firing(c, g, Arc::clone(&stop))));
    }
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let copy = dir.path().join("copy.db");
    let (url, to) = (DbUrl::Sqlite(db.clone()), copy.clone());
    let copied = tokio::task::spawn_blocking(move || backup(&url, &to))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(copied.games, 7, "{copied:?}");
    assert!(!dir.path().join("copy.db.partial").exists());
    stop.store(true, Ordering::Relaxed);
    for l in load {
        l.await.unwrap();
    }
    drop(c);
    server.shutdown().await.unwrap();
    // The copy, restored as a server's database, resumes the game and plays on.
    let restored = start(&copy).await;
    let mut c = Client::connect(restored.addr()).await;
    c.send(msg::resume(&game, &token)).await;
    joined(&mut c).await;
    let state = c.state(&game).await;
    assert_eq!(state.phase, Phase::Battle, "{state:?}");
    let result = common::play_out(&mut c, &game, Player::One, 10, 10).await;
    common::check_commitment(&result);
    restored.shutdown().await.unwrap();
}

#[test]
fn a_backup_of_postgresql_is_refused_with_the_reason() {
    let e = backup(
        &DbUrl::Postgres("postgres://u@h/db".into()),
        std::path::Path::new("x.db"),
    )
    .unwrap_err();
    assert!(e.to_string().contains("SQLite"), "{e}");
}

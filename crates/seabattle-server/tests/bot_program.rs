//! Bot programs registered with the server (`seabattle serve --bot NAME=CMD`), picked by
//! players like a level.

mod common;

use common::*;
use seabattle_server::{Config, DbUrl, Server, launch};
use serde_json::json;
use std::path::{Path, PathBuf};

async fn start_with_bots(db: &Path, bots: &[(&str, String)]) -> Server {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let mut config = Config::new(DbUrl::Sqlite(db.to_path_buf()));
    config.limits = fast_limits();
    for (name, command) in bots {
        config.add_bot(name, command).unwrap();
    }
    launch(listener, config).await.unwrap()
}

fn example_bot() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/bot.py")
}

/// Places, plays the game out as seat 1 and checks that it ended and stands.
async fn finish(c: &mut Client, game: &str) {
    c.send(json!({"type": "place", "game": game})).await;
    c.until("battle").await;
    let result = play_out(c, game, 1, 10, 10).await;
    assert!(result["winner"] == 1 || result["winner"] == 2, "{result}");
    assert_eq!(result["reason"], "fleet_sunk");
    assert!(
        result["audit"]["verdict"]
            .as_str()
            .unwrap()
            .starts_with("the result stands"),
        "{result}"
    );
}

#[tokio::test]
async fn a_registered_program_places_and_shoots_and_a_broken_one_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let heard = dir.path().join("heard");
    let pybot = format!(
        "tee '{}' | python3 '{}'",
        heard.display(),
        example_bot().display()
    );
    let server = start_with_bots(
        &dir.path().join("games.db"),
        &[("pybot", pybot), ("broken", "exit 1".to_string())],
    )
    .await;

    let (mut c, game, _) = vs_computer(server.addr(), "pybot", "classic").await;
    let state = c.state(&game).await;
    assert_eq!(state["mode"], "computer:pybot");
    assert_eq!(state["placed"][1], true, "the program placed its fleet");
    finish(&mut c, &game).await;
    let text = std::fs::read_to_string(&heard).unwrap();
    assert!(
        text.starts_with("seabattle 1\nnewgame classic\nplace\n"),
        "{text}"
    );
    assert!(
        text.contains("\nshoot\n"),
        "the program was asked to shoot: {text}"
    );

    // A program that cannot start: the game goes on with the fallback level.
    let (mut c, game, _) = vs_computer(server.addr(), "broken", "classic").await;
    finish(&mut c, &game).await;

    let e = c
        .expect_error(
            json!({"type": "new_game", "opponent": "computer", "level": "nobody"}),
            "bad_level",
        )
        .await;
    assert!(e["message"].as_str().unwrap().contains("pybot"), "{e}");
    server.shutdown().await.unwrap();
}

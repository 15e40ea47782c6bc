//! Bot programs registered with the server (`seabattle serve --bot NAME=CMD`), picked by
//! players like a level.

use crate::common::*;
use seabattle_client::msg;
use seabattle_core::Player;
use seabattle_server::{Config, DbUrl, Server, launch};
use seabattle_wire::Opponent;
use std::collections::BTreeSet;
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

/// How the arena names the classic rules to a bot.
const CLASSIC: &str = r#"{"preset":"classic","width":10,"height":10,"fleet":[4,3,3,2,2,2,1,1,1,1],"touching":"none","shape":"straight","hit_again":true,"shots":1}"#;

fn example_bot() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/bot.py")
}

/// Places, plays the game out as seat 1 and checks that it ended and stands.
async fn finish(c: &mut Client, game: &str) {
    c.send(msg::place_random(game)).await;
    until_battle(c).await;
    let result = play_out(c, game, Player::One, 10, 10).await;
    assert_fair_finish(&result);
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

    // Clients learn the registered names from `welcome`, to offer them as opponents.
    let fresh = Client::connect(server.addr()).await;
    let ServerMsg::Welcome { bots, presets, .. } = fresh.welcome() else {
        unreachable!()
    };
    assert_eq!(bots, &["broken", "pybot"]);
    // Every preset is offered, the piece variants too.
    for p in ["classic", "mines", "minesweepers", "submarines"] {
        assert!(presets.iter().any(|x| x == p), "{presets:?}");
    }
    let (mut c, game, _) = vs_computer(server.addr(), "pybot", "classic").await;
    let state = c.state(&game).await;
    assert_eq!(state.mode, "computer:pybot");
    assert!(state.placed[1], "the program placed its fleet");
    finish(&mut c, &game).await;
    // The program is let go when the game ends.
    let mut text = String::new();
    for _ in 0..500 {
        text = std::fs::read_to_string(&heard).unwrap();
        if text.ends_with("quit\n") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert!(text.ends_with("quit\n"), "{text}");
    assert!(
        text.starts_with(&format!("seabattle 1\nnewgame {CLASSIC}\nplace\n")),
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
            msg::new_game(Opponent::Computer).level("nobody"),
            ErrorCode::BadLevel,
        )
        .await;
    assert!(e.contains("pybot"), "{e}");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_program_plays_mines_revealing_through_the_protocol() {
    let dir = tempfile::tempdir().unwrap();
    let heard = dir.path().join("heard");
    let said = dir.path().join("said");
    let pybot = format!(
        "tee -a '{}' | python3 '{}' | tee -a '{}'",
        heard.display(),
        example_bot().display(),
        said.display()
    );
    let server = start_with_bots(&dir.path().join("games.db"), &[("pybot", pybot)]).await;
    // Seat 1 fires in board order, so it sweeps the board and meets the program's
    // mines in every game. The program meets seat 1's four mines within a few games.
    let mut text = String::new();
    let mut shown_by_program = BTreeSet::new();
    for n in 1..=4 {
        let (mut c, game, _) = vs_computer(server.addr(), "pybot", "classic mines=4").await;
        finish(&mut c, &game).await;
        shown_by_program.extend(c.log.iter().filter_map(|m| match m {
            ServerMsg::Revealed {
                player: Player::Two,
                cell,
                ..
            } => Some(cell.clone().unwrap()),
            _ => None,
        }));
        text = wait_for_quits(&heard, n).await;
        if text.contains("\nreveal ship\n") && text.contains("\nshown ") {
            break;
        }
    }
    assert!(text.contains("\"mines\":4"), "{text}");
    assert!(
        text.contains("\nreveal ship\n"),
        "the program owed a reveal: {text}"
    );
    assert!(
        text.contains("\nshown "),
        "the program heard what seat 1 showed: {text}"
    );
    // Every reveal the server made for it is the cell the program chose.
    let said = std::fs::read_to_string(&said).unwrap();
    let shows: BTreeSet<String> = said
        .lines()
        .filter_map(|l| l.strip_prefix("show "))
        .map(str::to_string)
        .collect();
    assert!(!shows.is_empty(), "{said}");
    assert_eq!(shows, shown_by_program, "{said}");
    server.shutdown().await.unwrap();
}

/// The heard file once the program has said `quit` `n` times.
async fn wait_for_quits(heard: &Path, n: usize) -> String {
    let mut text = String::new();
    for _ in 0..500 {
        text = std::fs::read_to_string(heard).unwrap_or_default();
        if text.matches("quit\n").count() >= n {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    text
}

#[tokio::test]
async fn after_a_restart_the_program_hears_the_past_and_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let heard = dir.path().join("heard");
    let pybot = format!(
        "tee -a '{}' | python3 '{}'",
        heard.display(),
        example_bot().display()
    );
    let bots = [("pybot", pybot)];
    let server = start_with_bots(&db, &bots).await;
    let (mut c, game, token) = vs_computer(server.addr(), "pybot", "classic").await;
    c.send(msg::place_random(&game)).await;
    until_battle(&mut c).await;
    // Fire at cells until the program has had a turn.
    let mut state = c.state(&game).await;
    for cell in all_cells(10, 10) {
        if state.boards[1].misses.len() + state.boards[1].hits.len() > 0 {
            break;
        }
        c.send(msg::fire(&game, [cell])).await;
        c.until_my_turn(Player::One).await;
        state = c.state(&game).await;
    }
    let before = c.state(&game).await;
    server.shutdown().await.unwrap();
    drop(c);

    let server = start_with_bots(&db, &bots).await;
    let result = resume_and_finish(server.addr(), &game, &token, &before).await;
    assert_eq!(result.reason, EndReason::FleetSunk);
    let text = std::fs::read_to_string(&heard).unwrap();
    assert_eq!(text.matches("seabattle 1\n").count(), 2, "{text}");
    let second = &text[text.rfind("seabattle 1\n").unwrap()..];
    assert!(
        second.starts_with(&format!("seabattle 1\nnewgame {CLASSIC}\nplace\nresult ")),
        "the restarted program hears its earlier shots: {second}"
    );
    server.shutdown().await.unwrap();
}

//! Complete games against the computer, over a real socket, stored in a real SQLite file.

use crate::common::*;
use seabattle_client::msg;
use seabattle_core::{GameRecord, Player, Rules};

async fn full_game(level: &str, rules: &str) {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut c, game, _token) = vs_computer(server.addr(), level, rules).await;
    c.send(msg::place_random(&game)).await;
    let commitments = until!(c, ServerMsg::Battle { commitments, .. } => commitments);
    let r: Rules = rules.parse().unwrap();
    let (w, h) = (r.dims().width(), r.dims().height());
    let result = play_out(&mut c, &game, Player::One, w, h).await;
    assert_fair_finish(&result);
    assert_eq!(result.commitments, commitments);
    check_commitment(&result);
    assert_no_leak(&c.log, Player::One, &result);

    let (status, body) = http_get(server.addr(), &format!("/games/{game}/record.txt")).await;
    assert_eq!(status, 200, "{body}");
    let record = GameRecord::from_text(&body).unwrap();
    let replayed = record.replay().unwrap();
    assert_eq!(replayed.rules(), &r);
    let (status, body) = http_get(server.addr(), &format!("/games/{game}/record.json")).await;
    assert_eq!(status, 200);
    let from_json: GameRecord = serde_json::from_str(&body).unwrap();
    assert_eq!(from_json, record);
    check_frames(server.addr(), &game, &record).await;
    server.shutdown().await.unwrap();
}

/// The replay's frames: one per number of moves, each board holding exactly the shots
/// fired at it so far, the last one with the loser's fleet all sunk.
async fn check_frames(addr: std::net::SocketAddr, game: &str, record: &GameRecord) {
    let (status, body) = http_get(addr, &format!("/games/{game}/frames.json")).await;
    assert_eq!(status, 200, "{body}");
    let f: Frames = serde_json::from_str(&body).unwrap();
    assert_eq!(f.spec.width, record.rules.dims().width());
    let frames = &f.frames;
    assert_eq!(frames.len(), record.moves.len() + 1);
    use seabattle_core::Move;
    for (n, frame) in frames.iter().enumerate() {
        // Replaying a volley fires the dying shots it causes: a frame shows them with it.
        let mut end = n;
        while matches!(record.moves.get(end), Some(Move::Dying { .. })) && end > 0 {
            end += 1;
        }
        let mut shots = [0, 0];
        for m in &record.moves[..end] {
            match m {
                Move::Volley { player, shots: s } => shots[player.index()] += s.len(),
                Move::Dying { player, .. } => shots[player.index()] += 1,
                _ => {}
            }
        }
        for p in 0..2 {
            let b = &frame[p];
            let fired: usize = [&b.misses, &b.hits, &b.mines, &b.sweepers, &b.subs]
                .iter()
                .map(|list| list.len())
                .sum();
            assert_eq!(fired, shots[p], "move {n}, board {p}");
        }
    }
    let last = frames.last().unwrap();
    let sunk_all = last.iter().any(|b| b.afloat.is_empty());
    assert!(sunk_all, "{last:?}");
    // Before any shot nothing is known.
    assert!(frames[0][0].empty.is_empty());
    assert_eq!(frames[0][0].afloat.len(), record.rules.fleet().len());
}

#[tokio::test]
async fn every_level_classic() {
    for level in seabattle_bots::Level::ALL {
        full_game(level.name(), "classic").await;
    }
}

#[tokio::test]
async fn every_preset_and_custom_rules() {
    for rules in [
        "classic-corners",
        "classic-bent",
        "hasbro",
        "big15",
        "salvo",
        "8x8 fleet=3,2,2,1 hit-again=no shots=2",
    ] {
        full_game("easy", rules).await;
    }
}

/// Seed 004's variants: the computer reveals when it owes, the player's reveals are
/// made by `play_out`, dying shots fly; every message passes the leak scan.
#[tokio::test]
async fn piece_presets_to_the_end() {
    for (level, rules) in [
        ("medium", "mines"),
        ("hard", "submarines"),
        ("easy", "minesweepers"),
        ("medium", "salvo mines=2 subs=1"),
    ] {
        full_game(level, rules).await;
    }
}

#[tokio::test]
async fn unfinished_game_has_no_record() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (_c, game, _) = vs_computer(server.addr(), "easy", "classic").await;
    let (status, _) = http_get(server.addr(), &format!("/games/{game}/record.json")).await;
    assert_eq!(status, 409);
    let (status, _) = http_get(server.addr(), "/games/nosuchgame/record.json").await;
    assert_eq!(status, 404);
    let (status, _) = http_get(server.addr(), &format!("/games/{game}/frames.json")).await;
    assert_eq!(status, 409);
    let (status, body) = http_get(server.addr(), "/").await;
    assert_eq!(status, 200);
    assert!(body.contains("protocol"));
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn resign_then_rematch_against_the_computer() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut c, game, token) = vs_computer(server.addr(), "hard", "hasbro").await;
    c.send(msg::place_random(&game)).await;
    until_battle(&mut c).await;
    c.send(msg::resign(&game)).await;
    let over = game_over(&mut c).await;
    assert_eq!(over.winner, Player::Two);
    assert_eq!(over.reason, EndReason::Resigned);
    check_commitment(&over);
    let (status, body) = http_get(server.addr(), &format!("/games/{game}/record.txt")).await;
    assert_eq!(status, 200);
    assert!(body.contains("resigns"), "{body}");
    c.send(msg::rematch(&game)).await;
    let (next, seat, told) = joined(&mut c).await;
    assert_eq!(seat, Some(Player::One));
    assert_ne!(next, game);
    assert!(told.is_none(), "the player keeps the token");
    let s = until!(c, ServerMsg::State(s) => s);
    assert_eq!(s.rules, "hasbro");
    assert_eq!(s.mode, "computer:hard");
    assert_eq!(s.placed, [false, true]);
    // From another connection: the old game points to the new one, the token opens it.
    let mut d = Client::connect(server.addr()).await;
    d.send(msg::watch(&game)).await;
    assert_eq!(
        until!(d, ServerMsg::State(s) => s.next_game),
        Some(next.clone())
    );
    d.send(msg::resume(&next, &token)).await;
    assert_eq!(joined(&mut d).await.1, Some(Player::One));
    c.expect_error_now(ErrorCode::NotInGame).await;
    server.shutdown().await.unwrap();
}

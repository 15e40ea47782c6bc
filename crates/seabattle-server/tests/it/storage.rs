//! Both storage backends through the `Store` trait, and a server restart on PostgreSQL.
//! The PostgreSQL tests run when `SEABATTLE_TEST_POSTGRES` holds a `postgres://` URL of
//! a database they may create tables in; without it they say so and pass.

use crate::common::*;
use seabattle_client::msg;
use seabattle_core::Player;
use seabattle_core::Preset;
use seabattle_server::{
    Append, Config, DbUrl, GameId, GameList, GroupCommit, Learner, MoveKind, RatedGame, Sitter,
    Store, StoredGame, StoredMove, launch, open_store,
};
use std::time::Duration;

/// Every trait method, and what reading back must give.
fn round_trip(s: &Store) {
    // Ids are random: the same database can serve many runs.
    let id = GameId::random();
    let mut g = StoredGame::new(id.clone(), "classic".into(), "friend".into(), Some(30));
    g.tokens[0] = Some("h1".into());
    s.create(&g).unwrap();
    assert!(s.create(&g).is_err(), "an id is used once");
    s.take_seat(&id, Player::Two, "h2").unwrap();
    s.place(&id, Player::One, "a1-d1", "s1").unwrap();
    s.place(&id, Player::Two, "b2", "s2").unwrap();
    s.start(&id, Player::Two).unwrap();
    let moves = [
        StoredMove {
            player: Player::Two,
            kind: MoveKind::Volley,
            shots: "e5:miss".into(),
        },
        StoredMove {
            player: Player::One,
            kind: MoveKind::Dying,
            shots: "e5:hit".into(),
        },
        StoredMove {
            player: Player::Two,
            kind: MoveKind::Reveal,
            shots: "b2".into(),
        },
        StoredMove {
            player: Player::One,
            kind: MoveKind::Timeout,
            shots: String::new(),
        },
        StoredMove {
            player: Player::Two,
            kind: MoveKind::Relocate,
            shots: "k10+l11+m12".into(),
        },
        StoredMove {
            player: Player::One,
            kind: MoveKind::Resign,
            shots: String::new(),
        },
    ];
    // A volley and its dying shot go in together.
    s.append_all(&id, 0, &moves[..2]).unwrap();
    for (i, m) in moves.iter().enumerate().skip(2) {
        s.append(&id, i, m).unwrap();
    }
    // All or nothing: the second row's number is taken, so the first is not stored.
    let n = moves.len();
    s.append(&id, n + 1, &moves[0]).unwrap();
    assert!(s.append_all(&id, n, &moves[..2]).is_err());
    assert!(
        s.append(&id, 0, &moves[0]).is_err(),
        "a move number is used once"
    );
    assert!(s.take_seat(&GameId::random(), Player::Two, "h").is_err());
    assert!(s.append(&GameId::random(), 0, &moves[0]).is_err());
    s.finish(&id, "2 resigned").unwrap();
    let back = s.load(&id).unwrap().unwrap();
    assert_eq!(back.tokens, [Some("h1".into()), Some("h2".into())]);
    assert_eq!(back.fleets, [Some("a1-d1".into()), Some("b2".into())]);
    assert_eq!(back.salts, [Some("s1".into()), Some("s2".into())]);
    assert_eq!(back.first, Some(Player::Two));
    assert_eq!(back.clock_secs, Some(30));
    assert_eq!(back.result.as_deref(), Some("2 resigned"));
    let mut expected = moves.to_vec();
    expected.push(moves[0].clone());
    assert_eq!(back.moves, expected);
    assert!(s.load(&GameId::random()).unwrap().is_none());
}

/// Group commit: moves of several games sent at once are stored, each game's all or
/// none; a game whose moves are refused (a move number taken, a game that does not
/// exist) fails alone, and the others are stored and acknowledged.
fn group_commit_round_trip(s: std::sync::Arc<Store>) {
    let ids: Vec<GameId> = (0..4).map(|_| GameId::random()).collect();
    for id in &ids {
        let mut g = StoredGame::new(id.clone(), "classic".into(), "friend".into(), None);
        g.first = Some(Player::One);
        s.create(&g).unwrap();
    }
    let mv = |p: Player, shots: &str| StoredMove {
        player: p,
        kind: MoveKind::Volley,
        shots: shots.into(),
    };
    // Game 3 has its first move already, so an append numbered 0 is refused.
    s.append(&ids[3], 0, &mv(Player::One, "a1:miss")).unwrap();
    // One transaction: each game's moves all or none, a refusal only its own.
    let answers = s
        .append_together(&[
            Append {
                id: ids[0].clone(),
                seq: 0,
                moves: vec![mv(Player::One, "a1:hit"), mv(Player::One, "a2:miss")],
            },
            Append {
                id: GameId::random(),
                seq: 0,
                moves: vec![mv(Player::One, "e1:miss")],
            },
            Append {
                id: ids[1].clone(),
                seq: 0,
                moves: vec![mv(Player::One, "b1:miss")],
            },
        ])
        .unwrap();
    assert!(answers[0].is_ok() && answers[2].is_ok(), "{answers:?}");
    assert!(answers[1].is_err(), "no such game");
    // Through the writer: a batch one of whose games fails as a whole statement (a
    // move number taken) still stores the others.
    let moves = GroupCommit::start(std::sync::Arc::clone(&s), Duration::from_millis(50)).unwrap();
    // The blocking PostgreSQL client may not run inside an async runtime's thread: only
    // the waiting for the writer's answers is async.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let (c, d) = runtime.block_on(async {
        tokio::join!(
            moves.append(ids[2].clone(), 0, vec![mv(Player::One, "c1:miss")]),
            moves.append(
                ids[3].clone(),
                0,
                vec![mv(Player::Two, "d1:miss"), mv(Player::Two, "d2:miss")]
            ),
        )
    });
    assert!(c.is_ok(), "{c:?}");
    assert!(d.is_err(), "move 0 of game 3 is taken");
    let shots = |id: &GameId| -> Vec<String> {
        s.load(id)
            .unwrap()
            .unwrap()
            .moves
            .into_iter()
            .map(|m| m.shots)
            .collect()
    };
    assert_eq!(shots(&ids[0]), ["a1:hit", "a2:miss"]);
    assert_eq!(shots(&ids[1]), ["b1:miss"]);
    assert_eq!(shots(&ids[2]), ["c1:miss"]);
    assert_eq!(
        shots(&ids[3]),
        ["a1:miss"],
        "none of a refused game's moves"
    );
    assert!(
        moves
            .counts()
            .commits
            .load(std::sync::atomic::Ordering::Relaxed)
            >= 1
    );
    assert_eq!(
        moves
            .counts()
            .appends
            .load(std::sync::atomic::Ordering::Relaxed),
        1
    );
}

#[test]
fn sqlite_group_commit_stores_each_game_all_or_none() {
    let dir = tempfile::tempdir().unwrap();
    let url = DbUrl::Sqlite(dir.path().join("games.db"));
    group_commit_round_trip(open_store(&url, "node").unwrap());
}

#[test]
fn postgres_group_commit_stores_each_game_all_or_none() {
    let Some(url) = postgres_url() else {
        return;
    };
    group_commit_round_trip(open_store(&DbUrl::Postgres(url), "node").unwrap());
}

/// Accounts and sessions through the trait: a name's key is taken once, a session
/// opens its account until it is closed, and deleting an account ends its sessions.
fn accounts_round_trip(s: &Store) {
    let key = format!("acc{}", rand_suffix());
    let id = s
        .create_account("Name", &key, "$argon2id$x")
        .unwrap()
        .unwrap();
    assert_eq!(s.create_account("NAME", &key, "$argon2id$y").unwrap(), None);
    let stored = s.account(&key).unwrap().unwrap();
    assert_eq!((stored.id, stored.name.as_str()), (id, "Name"));
    assert_eq!(stored.password_hash, "$argon2id$x");
    let (t1, t2, old) = (format!("{key}a"), format!("{key}b"), format!("{key}c"));
    let far = 4_000_000_000_i64;
    s.open_session(&t1, id, far).unwrap();
    s.open_session(&t2, id, far).unwrap();
    s.open_session(&old, id, 1).unwrap();
    assert_eq!(s.session(&t1).unwrap(), Some(stored.clone()));
    assert_eq!(
        s.session(&old).unwrap(),
        None,
        "an expired session opens nothing"
    );
    // Other runs may share a PostgreSQL database and sweep it too: what is checked is
    // what is left, not how many rows this call erased.
    s.sweep_sessions(2).unwrap();
    assert_eq!(
        s.session(&old).unwrap(),
        None,
        "the ended session is erased"
    );
    assert_eq!(s.session(&t2).unwrap(), Some(stored.clone()));
    s.close_session(&t1).unwrap();
    assert_eq!(s.session(&t1).unwrap(), None);
    assert_eq!(s.session(&t2).unwrap(), Some(stored));
    s.delete_account(id).unwrap();
    assert_eq!(s.session(&t2).unwrap(), None);
    assert_eq!(s.account(&key).unwrap(), None);
}

/// Ratings and the lists of players who come back, through the trait: a rated game is
/// rated once, its accounts' games list both seats, and a deleted account's seat is a
/// "deleted player".
fn players_round_trip(s: &Store) {
    let key = format!("pl{}", rand_suffix());
    let a = s
        .create_account("A", &format!("{key}a"), "h")
        .unwrap()
        .unwrap();
    let b = s
        .create_account("B", &format!("{key}b"), "h")
        .unwrap()
        .unwrap();
    let id = GameId::random();
    let mut g = StoredGame::new(id.clone(), "classic".into(), "random".into(), None);
    g.accounts = [Some(a), None];
    g.rated = true;
    g.tokens = [Some(format!("{key}t1")), Some(format!("{key}t2"))];
    s.create(&g).unwrap();
    s.seat_account(&id, Player::Two, b).unwrap();
    let back = s.load(&id).unwrap().unwrap();
    assert_eq!((back.accounts, back.rated), ([Some(a), Some(b)], true));
    s.append(
        &id,
        0,
        &StoredMove {
            player: Player::One,
            kind: MoveKind::Volley,
            shots: "a1:hit a2:sunk".into(),
        },
    )
    .unwrap();
    s.finish(&id, "1 resigned").unwrap();
    let rated = RatedGame {
        preset: Preset::Classic,
        accounts: [a, b],
        winner: Player::One,
        fixed: [None, None],
    };
    let first = s.rate(&id, &rated).unwrap().unwrap();
    assert_eq!(first[0].after.rating.round(), 1662.0);
    let again = s.rate(&id, &rated).unwrap().unwrap();
    assert_eq!(
        again.map(|c| c.after.rating),
        first.map(|c| c.after.rating),
        "a game is rated once"
    );
    assert_eq!(s.ratings(a).unwrap()[0].games, 1);
    assert_eq!(s.rating(b, Preset::Classic).unwrap().rating.round(), 1338.0);
    assert_eq!(s.rating_history(a).unwrap().len(), 1);
    assert!(
        s.leaders(Preset::Classic, 110.0, 0, 100, false)
            .unwrap()
            .is_empty(),
        "one game leaves a provisional rating"
    );
    assert!(
        s.leaders(Preset::Classic, 400.0, 0, 100, false)
            .unwrap()
            .len()
            >= 2
    );
    let games = s.account_games(a, GameList::Finished, 10).unwrap();
    assert_eq!(games[0].shots[0], (2, 2));
    assert_eq!(
        games[0].sitters[1],
        Sitter::Account {
            name: "B".into(),
            bot: false
        }
    );
    assert!(
        s.account_games(a, GameList::Unfinished, 10)
            .unwrap()
            .is_empty()
    );
    s.delete_account(b).unwrap();
    let games = s.account_games(a, GameList::Finished, 10).unwrap();
    assert_eq!(games[0].sitters[1], Sitter::Deleted);
    assert_eq!(
        s.ratings(a).unwrap().len(),
        1,
        "the opponent's rating stays"
    );
    let guest = Learner::guest(&format!("guest-key-{key}-0123456789"));
    s.remember(&guest, "classic", "a1").unwrap();
    assert_eq!(s.adopt_learned(&guest, &Learner::Account(a)).unwrap(), 1);
    assert!(s.learned(&guest, None).unwrap().is_empty());
    assert_eq!(s.learned(&Learner::Account(a), None).unwrap().len(), 1);
}

fn rand_suffix() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos().into())
}

#[test]
fn sqlite_store_round_trip_and_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let url = DbUrl::Sqlite(dir.path().join("new").join("games.db"));
    round_trip(&open_store(&url, "node").unwrap());
    // Opening again finds the schema in place.
    round_trip(&open_store(&url, "node").unwrap());
    accounts_round_trip(&open_store(&url, "node").unwrap());
    players_round_trip(&open_store(&url, "node").unwrap());
}

#[test]
fn postgres_store_round_trip() {
    let Some(url) = postgres_url() else {
        return;
    };
    let url = DbUrl::Postgres(url);
    round_trip(&open_store(&url, "node").unwrap());
    round_trip(&open_store(&url, "node").unwrap());
    accounts_round_trip(&open_store(&url, "node").unwrap());
    players_round_trip(&open_store(&url, "node").unwrap());
}

#[test]
fn unreachable_postgres_is_a_clear_error() {
    let url = DbUrl::Postgres("postgres://nobody@127.0.0.1:1/none".into());
    let e = open_store(&url, "node")
        .err()
        .expect("no server listens on port 1");
    assert!(e.to_string().starts_with("cannot open the database"), "{e}");
}

#[tokio::test]
async fn postgres_restart_mid_game_continues() {
    let Some(url) = postgres_url() else {
        return;
    };
    let config = || {
        let mut c = Config::new(DbUrl::Postgres(url.clone()));
        c.limits = fast_limits();
        c.arena_schedule = no_arenas();
        c
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let server = launch(listener, config()).await.unwrap();
    assert!(server.store().starts_with("postgres://"));
    assert!(
        !server.store().contains("seabattle:"),
        "no password in logs"
    );
    // Mines: the reveals and their rows go through PostgreSQL too.
    let (mut c, game, token) = vs_computer(server.addr(), "easy", "mines").await;
    c.send(msg::place_random(&game)).await;
    until_battle(&mut c).await;
    for cell in ["a1", "b2", "c3", "d4"] {
        let s = c.state(&game).await;
        if s.to_move == Some(Player::One) {
            c.send(msg::fire(&game, [cell])).await;
            c.until_my_turn(Player::One).await;
        }
    }
    // The snapshot is taken when only the player can act (their turn, or a reveal they
    // owe after the computer found a mine): a move the computer still owes must not land
    // between it and the restart.
    let mut before = c.state(&game).await;
    for _ in 0..200 {
        let duties = &before.duties;
        let players_only = duties.iter().all(|d| d.player == Player::One);
        if players_only && (!duties.is_empty() || before.to_move == Some(Player::One)) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        before = c.state(&game).await;
    }
    server.shutdown().await.unwrap();
    drop(c);

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let server = launch(listener, config()).await.unwrap();
    resume_and_finish(server.addr(), &game, &token, &before).await;
    let (status, body) = http_get(server.addr(), &format!("/games/{game}/record.json")).await;
    assert_eq!(status, 200, "{body}");
    server.shutdown().await.unwrap();
}

/// What the computer learned about players, kept in PostgreSQL as in SQLite: per player
/// and rules text, oldest first, and forgotten per player.
#[test]
fn postgres_learned_fleets_are_kept_and_forgotten() {
    let Some(url) = postgres_url() else {
        return;
    };
    let s = open_store(&DbUrl::Postgres(url), "node").unwrap();
    // The database outlives the test: players of its own, new each run.
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let (p, q) = (
        Learner::guest(&format!("p-key-{run}-0123456789abcdef")),
        Learner::guest(&format!("q-key-{run}-0123456789abcdef")),
    );
    assert!(s.learned(&p, None).unwrap().is_empty());
    s.remember(&p, "classic", "a1-d1").unwrap();
    s.remember(&p, "classic", "a2-d2").unwrap();
    s.remember(&p, "8x8", "b1").unwrap();
    s.remember(&q, "classic", "c1").unwrap();
    let all = s.learned(&p, None).unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!(all[0].rules, "8x8");
    assert_eq!(all[1].fleets, vec!["a1-d1", "a2-d2"], "oldest first");
    assert_eq!(
        s.learned(&p, Some("classic")).unwrap(),
        vec![all[1].clone()]
    );
    assert_eq!(s.forget(&p).unwrap(), 3);
    assert!(s.learned(&p, None).unwrap().is_empty());
    assert_eq!(s.learned(&q, None).unwrap().len(), 1, "others keep theirs");
    s.forget(&q).unwrap();
}

/// Regression: a commit whose answer was lost with the primary (the standby had it)
/// is run again on the promoted primary; finding exactly its own rows there, it is
/// stored, not an `internal` error with the game a move behind its database.
#[test]
fn postgres_a_commit_retried_after_failover_finds_its_own_rows() {
    let Some(url) = postgres_url() else {
        return;
    };
    let s = open_store(&DbUrl::Postgres(url), "node").unwrap();
    let id = GameId::random();
    let mut g = StoredGame::new(id.clone(), "classic".into(), "friend".into(), None);
    g.first = Some(Player::One);
    s.create(&g).unwrap();
    let mv = |shots: &str| StoredMove {
        player: Player::One,
        kind: MoveKind::Volley,
        shots: shots.into(),
    };
    s.append_all(&id, 0, &[mv("a1:hit"), mv("a2:miss")])
        .unwrap();
    s.append_all(&id, 0, &[mv("a1:hit"), mv("a2:miss")])
        .expect("the same rows again are stored already");
    assert!(s.append_all(&id, 0, &[mv("a1:hit")]).is_err(), "fewer rows");
    assert!(s.append(&id, 1, &mv("a3:miss")).is_err(), "another move");
    let back = s.load(&id).unwrap().unwrap();
    assert_eq!(back.moves, [mv("a1:hit"), mv("a2:miss")]);
}

//! `seabattle admin` on a live server's database: each action prints what it did,
//! a name that does not exist is refused by name with a nonzero exit, and the log
//! lists what was done.

use seabattle_client::account::{self, ServerOrigin};
use seabattle_server::{Config, DbUrl, launch};
use std::path::Path;
use std::process::{Command, Output};

/// Runs `seabattle admin --db sqlite://DB ARGS`, off the async threads.
async fn admin(db: &Path, args: &[&str]) -> Output {
    let mut all = vec![
        "admin".to_string(),
        "--db".to_string(),
        format!("sqlite://{}", db.display()),
    ];
    all.extend(args.iter().map(|a| a.to_string()));
    tokio::task::spawn_blocking(move || {
        Command::new(env!("CARGO_BIN_EXE_seabattle"))
            .args(&all)
            .output()
            .unwrap()
    })
    .await
    .unwrap()
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[tokio::test]
async fn the_operator_grants_the_role_acts_and_reads_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let mut config = Config::new(DbUrl::Sqlite(db.clone()));
    config.arena_schedule = "none".parse().unwrap();
    let server = launch(listener, config).await.unwrap();
    let origin = ServerOrigin::parse(&format!("http://{}", server.addr())).unwrap();
    account::sign_up(&origin, "Марина", "correct horse 1")
        .await
        .unwrap();

    let granted = admin(&db, &["grant-mod", "марина"]).await;
    assert_eq!(granted.status.code(), Some(0), "{}", err(&granted));
    assert!(
        out(&granted).contains("Марина is a moderator now"),
        "{}",
        out(&granted)
    );
    let again = admin(&db, &["grant-mod", "Марина"]).await;
    assert_eq!(again.status.code(), Some(2));
    assert!(
        err(&again).contains("a moderator already"),
        "{}",
        err(&again)
    );

    let muted = admin(
        &db,
        &["mute", "Марина", "--minutes", "15", "--reason", "spam"],
    )
    .await;
    assert_eq!(muted.status.code(), Some(0), "{}", err(&muted));
    assert!(out(&muted).contains("muted for 15 min"), "{}", out(&muted));
    let forever = admin(&db, &["mute", "Марина", "--minutes", "0", "--reason", "x"]).await;
    assert_eq!(forever.status.code(), Some(2));
    assert!(err(&forever).contains("minutes"), "{}", err(&forever));

    for args in [
        &["warn", "nobody", "--reason", "x"][..],
        &["close", "nobody"][..],
        &["disable-bot", "nobody"][..],
    ] {
        let o = admin(&db, args).await;
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            err(&o).contains("no account is named \"nobody\""),
            "{args:?}: {}",
            err(&o)
        );
    }
    let not_bot = admin(&db, &["disable-bot", "Марина"]).await;
    assert_eq!(not_bot.status.code(), Some(2));
    assert!(err(&not_bot).contains("not a BOT"), "{}", err(&not_bot));
    let arena = admin(&db, &["close-arena", "nope"]).await;
    assert_eq!(arena.status.code(), Some(2));
    assert!(err(&arena).contains("no arena"), "{}", err(&arena));

    let missing = admin(&dir.path().join("typo.db"), &["grant-mod", "Марина"]).await;
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        err(&missing).contains("no database at"),
        "{}",
        err(&missing)
    );
    assert!(
        !dir.path().join("typo.db").exists(),
        "no empty database was made"
    );

    let log = admin(&db, &["log"]).await;
    assert_eq!(log.status.code(), Some(0), "{}", err(&log));
    let text = out(&log);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{}", out(&log));
    assert!(
        lines[0].contains("mute\tМарина (15 min)\tspam"),
        "{}",
        lines[0]
    );
    // Its time as a reader takes it: `2026-12-07 12:34 UTC`.
    let at = lines[0].split('\t').nth(1).unwrap_or_default();
    assert!(
        at.len() == 20 && at.ends_with(" UTC") && at.as_bytes()[4] == b'-',
        "{at}"
    );
    assert!(
        lines[1].contains("(operator)\tgrant_mod\tМарина"),
        "{}",
        lines[1]
    );
    server.shutdown().await.unwrap();
}

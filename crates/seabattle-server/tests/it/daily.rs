//! The daily sea on a real server, on SQLite and (with `SEABATTLE_TEST_POSTGRES`) on
//! PostgreSQL (issue 41): two accounts and a guest play the same day; each has one
//! attempt; nobody is shown a cell of a ship still afloat; the histogram counts all
//! three; a restart loses no shot; the next day the fleet and salt are revealed and
//! match the commitment, checked as docs/arena.md says, with `sha256sum`; two nodes
//! that draw the same day at once play one fleet.

use crate::accounts::sign_up;
use crate::common::*;
use seabattle_server::DailyClock;
use seabattle_wire::ClientError;
use seabattle_wire::daily::{DayJson, ResultsJson};
use serde_json::Value;
use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A response: status, head in lower case, body as JSON (or a string of the text).
struct Reply {
    status: u16,
    head: String,
    json: Value,
}

impl Reply {
    /// The guest cookie the response hands out.
    fn guest_cookie(&self) -> Option<String> {
        let line = self
            .head
            .lines()
            .find(|l| l.starts_with("set-cookie: sb_daily="))?;
        let value = line["set-cookie: sb_daily=".len()..].split(';').next()?;
        Some(format!("sb_daily={value}"))
    }

    /// The answer read as a day (one that is not fails the test).
    fn day(&self) -> DayJson {
        serde_json::from_value(self.json.clone())
            .unwrap_or_else(|e| panic!("not a day: {e}: {}", self.json))
    }

    /// The refusal's code (`None` for an answer that is not a refusal).
    fn code(&self) -> Option<ErrorCode> {
        self.refusal().map(|e| e.code)
    }

    fn message(&self) -> String {
        self.refusal().map(|e| e.message).unwrap_or_default()
    }

    fn refusal(&self) -> Option<ClientError> {
        serde_json::from_value(self.json.clone()).ok()
    }
}

/// An HTTP request from this server's own page with `cookie` (a `Cookie:` value).
async fn request(addr: SocketAddr, method: &str, path: &str, body: &str, cookie: &str) -> Reply {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let cookie = if cookie.is_empty() {
        String::new()
    } else {
        format!("Cookie: {cookie}\r\n")
    };
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\n{cookie}\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    Reply {
        status: head.split_whitespace().nth(1).unwrap().parse().unwrap(),
        head: head.to_ascii_lowercase(),
        json: serde_json::from_str(body).unwrap_or(Value::String(body.to_string())),
    }
}

async fn get(addr: SocketAddr, path: &str, cookie: &str) -> Reply {
    request(addr, "GET", path, "", cookie).await
}

async fn shoot(addr: SocketAddr, cookie: &str, date: &str, cell: &str) -> Reply {
    let body = serde_json::json!({ "date": date, "cell": cell }).to_string();
    request(addr, "POST", "/daily/shot", &body, cookie).await
}

async fn start(addr: SocketAddr, cookie: &str, date: &str) -> Reply {
    let body = serde_json::json!({ "date": date }).to_string();
    request(addr, "POST", "/daily/start", &body, cookie).await
}

/// Every string in `v` that names a cell, alone or within a ship's text (`a1-d1`).
fn cells_in(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::String(s) => {
            for part in s.split([' ', '-', '+', '\n']) {
                let b = part.as_bytes();
                let cell = (2..=3).contains(&b.len())
                    && (b'a'..=b'j').contains(&b[0])
                    && part[1..]
                        .parse::<u32>()
                        .is_ok_and(|n| (1..=10).contains(&n));
                if cell {
                    out.insert(part.to_string());
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| cells_in(x, out)),
        Value::Object(o) => o.values().for_each(|x| cells_in(x, out)),
        _ => {}
    }
}

/// What an attempt's shots show: the cells fired, and the cells of ships sunk and
/// around them.
fn shown(day: &DayJson) -> (BTreeSet<String>, BTreeSet<String>) {
    let (mut fired, mut known) = (BTreeSet::new(), BTreeSet::new());
    for s in day.attempt.iter().flat_map(|a| &a.shots) {
        fired.insert(s.cell.clone());
        known.extend(s.ship.iter().chain(&s.halo).cloned());
    }
    (fired, known)
}

/// Plays the attempt of `cookie` out, firing at the cells of `order` it knows nothing
/// of yet, and checks every answer names no cell but those fired and those of ships
/// sunk (and around them). The last answer.
async fn play_out(addr: SocketAddr, cookie: &str, date: &str, order: &[String]) -> DayJson {
    let mut last = get(addr, "/daily/day/today", cookie).await.day();
    for cell in order {
        let (fired, known) = shown(&last);
        if fired.contains(cell) || known.contains(cell) {
            continue;
        }
        let r = shoot(addr, cookie, date, cell).await;
        assert_eq!(r.status, 200, "{cell}: {}", r.json);
        let day = r.day();
        let (fired, known) = shown(&day);
        let mut named = BTreeSet::new();
        cells_in(&r.json, &mut named);
        let leaked: Vec<_> = named
            .iter()
            .filter(|c| !fired.contains(*c) && !known.contains(*c))
            .collect();
        assert!(
            leaked.is_empty(),
            "cells no shot found: {leaked:?} in {}",
            r.json
        );
        assert!(day.reveal.is_none(), "{}", r.json);
        last = day;
        if over(&last) {
            break;
        }
    }
    assert!(over(&last), "{last:?}");
    last
}

/// Whether the day's attempt is over.
fn over(day: &DayJson) -> bool {
    day.attempt.as_ref().is_some_and(|a| a.over)
}

/// The results a day shows (a test fails if it shows none).
fn results(day: &DayJson) -> &ResultsJson {
    day.results.as_ref().expect("the day's results")
}

fn board(by_rows: bool) -> Vec<String> {
    let mut cells = Vec::new();
    for a in 0..10u8 {
        for b in 0..10u8 {
            let (col, row) = if by_rows { (b, a) } else { (a, b) };
            cells.push(format!("{}{}", (b'a' + col) as char, row + 1));
        }
    }
    cells
}

/// `printf 'seabattle-daily-v1\n%s\n%s\n%s' "$DATE" "$FLEET" "$SALT" | sha256sum`, as
/// docs/arena.md says.
fn sha256sum(date: &str, fleet: &str, salt: &str) -> String {
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(r#"printf 'seabattle-daily-v1\n%s\n%s\n%s' "$1" "$2" "$3" | sha256sum"#)
        .args(["sh", date, fleet, salt])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    text.split_whitespace().next().unwrap_or("").to_string()
}

#[tokio::test]
async fn two_accounts_and_a_guest_play_one_day_once_each_and_the_next_day_it_is_revealed() {
    for db in Db::all() {
        // A day of its own on PostgreSQL, whose days outlive each run.
        let clock = DailyClock::default();
        if let Db::Postgres(_) = db {
            let n: i64 = db.name("").parse().unwrap();
            clock.shift_days(100_000 + n % 500_000);
        }
        let tweak = |c: &mut seabattle_server::Config| c.daily_clock = clock.clone();
        let server = db.server_with(Duration::from_secs(60), tweak).await;
        let addr = server.addr();
        let (ann, bob) = (db.name("dayann"), db.name("daybob"));
        let ann_c = format!("sb_session={}", sign_up(addr, &ann).await);
        let bob_c = format!("sb_session={}", sign_up(addr, &bob).await);

        // The commitment is public at once; nothing else of the fleet.
        let first = get(addr, "/daily/day/today", "").await;
        assert_eq!(first.status, 200, "{}", first.json);
        let first_day = first.day();
        let (date, commitment) = (first_day.date.clone(), first_day.commitment.clone());
        assert_eq!(commitment.len(), 64);
        assert!(first_day.attempt.is_none() && first_day.reveal.is_none());
        assert!(first_day.results.is_none(), "{}", first.json);

        // Bad input, each said.
        let r = shoot(addr, &ann_c, &date, "e5").await;
        assert_eq!(
            (r.status, r.code()),
            (400, Some(ErrorCode::NotStarted)),
            "{}",
            r.json
        );
        let r = get(addr, "/daily/day/2024-02-30", "").await;
        assert_eq!((r.status, r.code()), (400, Some(ErrorCode::BadRequest)));
        assert!(r.message().contains("YYYY-MM-DD"), "{}", r.message());
        let r = get(addr, "/daily/2024-13-01", "").await;
        assert_eq!(r.status, 400);
        assert!(
            r.json.as_str().unwrap().contains("YYYY-MM-DD"),
            "{}",
            r.json
        );
        assert_eq!(get(addr, &format!("/daily/{date}"), "").await.status, 200);

        let r = start(addr, &ann_c, &date).await;
        assert_eq!(r.status, 201, "{}", r.json);
        assert_eq!(r.day().player.as_deref(), Some(ann.as_str()));
        let r = start(addr, &ann_c, &date).await;
        assert_eq!(
            (r.status, r.code()),
            (409, Some(ErrorCode::AlreadyPlayed)),
            "{}",
            r.json
        );
        assert!(r.message().contains("under way"), "{}", r.message());
        for cell in ["k11", "", "zz"] {
            let r = shoot(addr, &ann_c, &date, cell).await;
            let code = Some(ErrorCode::OffBoard);
            assert_eq!((r.status, r.code()), (400, code), "{cell}: {}", r.json);
        }
        assert_eq!(shoot(addr, &ann_c, &date, "A1").await.status, 200);
        let r = shoot(addr, &ann_c, &date, "a1").await;
        assert_eq!(
            (r.status, r.code()),
            (400, Some(ErrorCode::AlreadyShot)),
            "{}",
            r.json
        );
        let r = request(
            addr,
            "POST",
            "/daily/shot",
            r#"{"date":"x","cell":"b1"}"#,
            &ann_c,
        )
        .await;
        assert_eq!(
            (r.status, r.code()),
            (400, Some(ErrorCode::BadRequest)),
            "{}",
            r.json
        );
        let r = request(addr, "POST", "/daily/shot", r#"{"cell":"b1"}"#, &ann_c).await;
        assert_eq!(
            (r.status, r.code()),
            (400, Some(ErrorCode::BadRequest)),
            "{}",
            r.json
        );
        let r = request(
            addr,
            "POST",
            "/daily/shot",
            r#"{"date":"1970-01-02","cell":"b1"}"#,
            &ann_c,
        )
        .await;
        assert_eq!(
            (r.status, r.code()),
            (400, Some(ErrorCode::GameOver)),
            "{}",
            r.json
        );
        let r = request(
            addr,
            "POST",
            "/daily/shot",
            r#"{"date":"9999-12-31","cell":"b1"}"#,
            &ann_c,
        )
        .await;
        assert_eq!(
            (r.status, r.code()),
            (404, Some(ErrorCode::NotFound)),
            "{}",
            r.json
        );

        let ann_end = play_out(addr, &ann_c, &date, &board(true)).await;
        let ann_score = ann_end.attempt.as_ref().and_then(|a| a.score).unwrap();
        let r = shoot(addr, &ann_c, &date, "j10").await;
        assert!(
            matches!(r.code(), Some(ErrorCode::GameOver | ErrorCode::AlreadyShot)),
            "{}",
            r.json
        );
        let r = start(addr, &ann_c, &date).await;
        assert_eq!((r.status, r.code()), (409, Some(ErrorCode::AlreadyPlayed)));
        assert!(
            r.message().contains(&format!("in {ann_score} shots")),
            "{}",
            r.message()
        );
        let ann_results = results(&ann_end);
        assert_eq!(ann_results.finished, 1);
        assert_eq!(ann_results.rank, Some(1));
        let record = ann_results.record.expect("her record");
        assert_eq!(record.streak.current, 1);
        assert_eq!(record.best.map(|b| b as usize), Some(ann_score));
        let expert = ann_results.expert;
        assert!((20..=100).contains(&expert), "{expert}");
        let share = ann_results.share.clone().expect("a result to share");
        assert!(
            share.en.contains(&format!("{ann_score} shots")),
            "{share:?}"
        );
        let mut named = BTreeSet::new();
        cells_in(&serde_json::to_value(&share).unwrap(), &mut named);
        assert!(named.is_empty(), "the share text names {named:?}");

        // Bob, by columns.
        assert_eq!(start(addr, &bob_c, &date).await.status, 201);
        let bob_end = play_out(addr, &bob_c, &date, &board(false)).await;

        // A guest, by its cookie; a restart half way loses no shot.
        let r = start(addr, "", &date).await;
        assert_eq!(r.status, 201, "{}", r.json);
        assert!(r.day().player.is_none());
        let guest = r.guest_cookie().expect("a guest's cookie");
        assert!(r.head.contains("httponly"), "{}", r.head);
        let r = start(addr, &guest, &date).await;
        assert_eq!((r.status, r.code()), (409, Some(ErrorCode::AlreadyPlayed)));
        let mut backwards = board(true);
        backwards.reverse();
        for c in &backwards[..5] {
            assert_eq!(shoot(addr, &guest, &date, c).await.status, 200);
        }
        let before = get(addr, "/daily/day/today", &guest).await.day();
        server.shutdown().await.unwrap();
        let server = db.server_with(Duration::from_secs(60), tweak).await;
        let addr = server.addr();
        let after = get(addr, "/daily/day/today", &guest).await.day();
        assert_eq!(before.attempt, after.attempt, "the shots survive a restart");
        assert_eq!(after.attempt.map(|a| a.shots.len()), Some(5));
        let guest_end = play_out(addr, &guest, &date, &backwards).await;
        let g = results(&guest_end);
        assert_eq!(g.finished, 3, "guests count: {g:?}");
        let bars: u32 = g.histogram.iter().map(|b| b.count).sum();
        assert_eq!(bars, 3);
        assert_eq!(g.ranked_count, 2, "only accounts are ranked: {g:?}");
        assert!(g.rank.is_none());
        let names: Vec<&str> = g.ranked.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names.len(), 2);
        assert!(names.contains(&ann.as_str()) && names.contains(&bob.as_str()));
        assert!(guest_end.reveal.is_none(), "no reveal the same day");

        // The next day: the fleet and salt match the commitment, by the docs' command.
        clock.shift_days(1);
        let day = get(addr, &format!("/daily/day/{date}"), &ann_c).await;
        assert_eq!(day.status, 200, "{}", day.json);
        let revealed_day = day.day();
        let reveal = revealed_day.reveal.clone().expect("the day revealed");
        let (fleet, salt) = (reveal.fleet.join(" "), reveal.salt.as_str());
        assert_eq!(sha256sum(&date, &fleet, salt), commitment);
        assert_eq!(revealed_day.commitment, commitment);
        {
            use sha2::{Digest, Sha256};
            let text = reveal.committed.as_str();
            assert_eq!(text, format!("seabattle-daily-v1\n{date}\n{fleet}\n{salt}"));
            let hash: String = Sha256::digest(text.as_bytes())
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            assert_eq!(hash, commitment);
        }
        // The ships Ann sank are the fleet revealed, and her attempt is there to replay.
        let mut revealed = BTreeSet::new();
        cells_in(&serde_json::to_value(&reveal.fleet).unwrap(), &mut revealed);
        let sunk: BTreeSet<String> = ann_end
            .attempt
            .iter()
            .flat_map(|a| &a.shots)
            .flat_map(|s| s.ship.iter().cloned())
            .collect();
        assert!(
            revealed.is_subset(&sunk) && sunk.len() == 20,
            "{sunk:?} vs {fleet}"
        );
        assert_eq!(revealed_day.attempt, ann_end.attempt);
        assert_eq!(reveal.expert_shots.len(), expert);
        assert_eq!(results(&bob_end).expert, expert);
        // Yesterday's sea takes no more shots; today's is another.
        let r = shoot(addr, &bob_c, &date, "a1").await;
        assert_eq!((r.status, r.code()), (400, Some(ErrorCode::GameOver)));
        let today = get(addr, "/daily/day/today", &ann_c).await.day();
        assert_ne!(today.date, date);
        assert_ne!(today.commitment, commitment);
        assert!(today.attempt.is_none());

        // Ann's profile lists the day.
        let (status, page) = http_get(addr, &format!("/u/{ann}?lang=en")).await;
        assert_eq!(status, 200);
        assert!(page.contains(&format!("href=\"/daily/{date}\"")), "{page}");
        server.shutdown().await.unwrap();
    }
}

/// Issue 48: a BOT plays the day, but the ranked are people only; it was told a rank
/// among them (1, the only finisher) while the ranked list left it out.
#[tokio::test]
async fn a_bot_that_plays_the_day_is_told_no_rank_among_people() {
    let db = Db::Sqlite(tempfile::tempdir().unwrap());
    let server = db.server(Duration::from_secs(60)).await;
    let addr = server.addr();
    let session = sign_up(addr, "Shkval").await;
    let r = crate::accounts::post(
        addr,
        "/account/bot",
        &crate::accounts::creds("Shkval", "correct horse 1"),
        Some(&session),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let cookie = format!("sb_session={session}");
    let date = get(addr, "/daily/day/today", "").await.day().date;
    assert_eq!(start(addr, &cookie, &date).await.status, 201);
    let end = play_out(addr, &cookie, &date, &board(true)).await;
    let results = results(&end);
    assert_eq!(results.finished, 1, "{results:?}");
    assert_eq!(results.ranked_count, 0, "{results:?}");
    assert!(results.rank.is_none(), "a BOT has no rank: {results:?}");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_shot_from_another_sites_page_is_refused() {
    let db = Db::Sqlite(tempfile::tempdir().unwrap());
    let server = db.server(Duration::from_secs(60)).await;
    let addr = server.addr();
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let body = r#"{"date":"today"}"#;
    let req = format!(
        "POST /daily/start HTTP/1.1\r\nHost: {addr}\r\nOrigin: https://evil.example\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = String::new();
    s.read_to_string(&mut buf).await.unwrap();
    assert!(buf.starts_with("HTTP/1.1 403"), "{buf}");
    assert!(buf.contains("cross_site"), "{buf}");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn two_nodes_drawing_the_same_day_at_once_play_one_fleet() {
    let Some(url) = postgres_url() else {
        return;
    };
    let db = Db::Postgres(url);
    // A day nobody drew: far from today, and new to this run.
    let clock = DailyClock::default();
    let n: i64 = db.name("").parse().unwrap();
    clock.shift_days(700_000 + n % 1_000_000);
    let tweak = |c: &mut seabattle_server::Config| c.daily_clock = clock.clone();
    let a = db.server_with(Duration::from_secs(60), tweak).await;
    let b = db.server_with(Duration::from_secs(60), tweak).await;
    let (ra, rb) = tokio::join!(
        get(a.addr(), "/daily/day/today", ""),
        get(b.addr(), "/daily/day/today", "")
    );
    assert_eq!(
        (ra.status, rb.status),
        (200, 200),
        "{} {}",
        ra.json,
        rb.json
    );
    let (da, db_) = (ra.day(), rb.day());
    assert_eq!(da.date, db_.date);
    assert_eq!(
        da.commitment, db_.commitment,
        "both nodes play the day stored first"
    );
    // A guest who starts on one node and shoots on the other plays one attempt.
    let date = da.date;
    let r = start(a.addr(), "", &date).await;
    let guest = r.guest_cookie().unwrap();
    assert_eq!(shoot(b.addr(), &guest, &date, "e5").await.status, 200);
    let r = start(b.addr(), &guest, &date).await;
    assert_eq!((r.status, r.code()), (409, Some(ErrorCode::AlreadyPlayed)));
    a.shutdown().await.unwrap();
    b.shutdown().await.unwrap();
}

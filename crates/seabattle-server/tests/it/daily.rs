//! The daily sea on a real server, on SQLite and (with `SEABATTLE_TEST_POSTGRES`) on
//! PostgreSQL (issue 41): two accounts and a guest play the same day; each has one
//! attempt; nobody is shown a cell of a ship still afloat; the histogram counts all
//! three; a restart loses no shot; the next day the fleet and salt are revealed and
//! match the commitment, checked as docs/arena.md says, with `sha256sum`; two nodes
//! that draw the same day at once play one fleet.

use crate::accounts::sign_up;
use crate::common::*;
use seabattle_server::DailyClock;
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

    fn code(&self) -> &str {
        self.json["code"].as_str().unwrap_or("")
    }

    fn message(&self) -> &str {
        self.json["message"].as_str().unwrap_or("")
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
fn shown(day: &Value) -> (BTreeSet<String>, BTreeSet<String>) {
    let (mut fired, mut known) = (BTreeSet::new(), BTreeSet::new());
    for s in day["attempt"]["shots"].as_array().into_iter().flatten() {
        fired.insert(s["cell"].as_str().unwrap().to_string());
        for k in ["ship", "halo"] {
            for c in s[k].as_array().into_iter().flatten() {
                known.insert(c.as_str().unwrap().to_string());
            }
        }
    }
    (fired, known)
}

/// Plays the attempt of `cookie` out, firing at the cells of `order` it knows nothing
/// of yet, and checks every answer names no cell but those fired and those of ships
/// sunk (and around them). The last answer.
async fn play_out(addr: SocketAddr, cookie: &str, date: &str, order: &[String]) -> Value {
    let mut last = get(addr, "/daily/day/today", cookie).await.json;
    for cell in order {
        let (fired, known) = shown(&last);
        if fired.contains(cell) || known.contains(cell) {
            continue;
        }
        let r = shoot(addr, cookie, date, cell).await;
        assert_eq!(r.status, 200, "{cell}: {}", r.json);
        let (fired, known) = shown(&r.json);
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
        assert!(r.json["reveal"].is_null(), "{}", r.json);
        last = r.json;
        if last["attempt"]["over"] == true {
            break;
        }
    }
    assert_eq!(last["attempt"]["over"], true, "{last}");
    last
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
        let date = first.json["date"].as_str().unwrap().to_string();
        let commitment = first.json["commitment"].as_str().unwrap().to_string();
        assert_eq!(commitment.len(), 64);
        assert!(first.json["attempt"].is_null() && first.json["reveal"].is_null());
        assert!(first.json["results"].is_null(), "{}", first.json);

        // Bad input, each said.
        let r = shoot(addr, &ann_c, &date, "e5").await;
        assert_eq!((r.status, r.code()), (400, "not_started"), "{}", r.json);
        let r = get(addr, "/daily/day/2024-02-30", "").await;
        assert_eq!((r.status, r.code()), (400, "bad_request"));
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
        assert_eq!(r.json["player"], ann.as_str());
        let r = start(addr, &ann_c, &date).await;
        assert_eq!((r.status, r.code()), (409, "already_played"), "{}", r.json);
        assert!(r.message().contains("under way"), "{}", r.message());
        for (cell, code) in [("k11", "off_board"), ("", "off_board"), ("zz", "off_board")] {
            let r = shoot(addr, &ann_c, &date, cell).await;
            assert_eq!((r.status, r.code()), (400, code), "{cell}: {}", r.json);
        }
        assert_eq!(shoot(addr, &ann_c, &date, "A1").await.status, 200);
        let r = shoot(addr, &ann_c, &date, "a1").await;
        assert_eq!((r.status, r.code()), (400, "already_shot"), "{}", r.json);
        let r = request(
            addr,
            "POST",
            "/daily/shot",
            r#"{"date":"x","cell":"b1"}"#,
            &ann_c,
        )
        .await;
        assert_eq!((r.status, r.code()), (400, "bad_request"), "{}", r.json);
        let r = request(addr, "POST", "/daily/shot", r#"{"cell":"b1"}"#, &ann_c).await;
        assert_eq!((r.status, r.code()), (400, "bad_request"), "{}", r.json);
        let r = request(
            addr,
            "POST",
            "/daily/shot",
            r#"{"date":"1970-01-02","cell":"b1"}"#,
            &ann_c,
        )
        .await;
        assert_eq!((r.status, r.code()), (400, "game_over"), "{}", r.json);
        let r = request(
            addr,
            "POST",
            "/daily/shot",
            r#"{"date":"9999-12-31","cell":"b1"}"#,
            &ann_c,
        )
        .await;
        assert_eq!((r.status, r.code()), (404, "not_found"), "{}", r.json);

        let ann_end = play_out(addr, &ann_c, &date, &board(true)).await;
        let ann_score = ann_end["attempt"]["score"].as_u64().unwrap();
        let r = shoot(addr, &ann_c, &date, "j10").await;
        assert!(
            matches!(r.code(), "game_over" | "already_shot"),
            "{}",
            r.json
        );
        let r = start(addr, &ann_c, &date).await;
        assert_eq!((r.status, r.code()), (409, "already_played"));
        assert!(
            r.message().contains(&format!("in {ann_score} shots")),
            "{}",
            r.message()
        );
        let results = &ann_end["results"];
        assert_eq!(results["finished"], 1);
        assert_eq!(results["rank"], 1);
        assert_eq!(results["record"]["streak"]["current"], 1);
        assert_eq!(results["record"]["best"], ann_score);
        let expert = results["expert"].as_u64().unwrap();
        assert!((20..=100).contains(&expert), "{expert}");
        let share = results["share"]["en"].as_str().unwrap();
        assert!(share.contains(&format!("{ann_score} shots")), "{share}");
        let mut named = BTreeSet::new();
        cells_in(&results["share"], &mut named);
        assert!(named.is_empty(), "the share text names {named:?}");

        // Bob, by columns.
        assert_eq!(start(addr, &bob_c, &date).await.status, 201);
        let bob_end = play_out(addr, &bob_c, &date, &board(false)).await;

        // A guest, by its cookie; a restart half way loses no shot.
        let r = start(addr, "", &date).await;
        assert_eq!(r.status, 201, "{}", r.json);
        assert!(r.json["player"].is_null());
        let guest = r.guest_cookie().expect("a guest's cookie");
        assert!(r.head.contains("httponly"), "{}", r.head);
        let r = start(addr, &guest, &date).await;
        assert_eq!((r.status, r.code()), (409, "already_played"));
        let mut backwards = board(true);
        backwards.reverse();
        for c in &backwards[..5] {
            assert_eq!(shoot(addr, &guest, &date, c).await.status, 200);
        }
        let before = get(addr, "/daily/day/today", &guest).await.json;
        server.shutdown().await.unwrap();
        let server = db.server_with(Duration::from_secs(60), tweak).await;
        let addr = server.addr();
        let after = get(addr, "/daily/day/today", &guest).await.json;
        assert_eq!(
            before["attempt"], after["attempt"],
            "the shots survive a restart"
        );
        assert_eq!(after["attempt"]["shots"].as_array().unwrap().len(), 5);
        let guest_end = play_out(addr, &guest, &date, &backwards).await;
        let g = &guest_end["results"];
        assert_eq!(g["finished"], 3, "guests count: {g}");
        let bars: u64 = g["histogram"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["count"].as_u64().unwrap())
            .sum();
        assert_eq!(bars, 3);
        assert_eq!(g["ranked_count"], 2, "only accounts are ranked: {g}");
        assert!(g["rank"].is_null());
        let names: Vec<&str> = g["ranked"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["name"].as_str().unwrap())
            .collect();
        assert_eq!(names.len(), 2);
        assert!(names.contains(&ann.as_str()) && names.contains(&bob.as_str()));
        assert!(guest_end["reveal"].is_null(), "no reveal the same day");

        // The next day: the fleet and salt match the commitment, by the docs' command.
        clock.shift_days(1);
        let day = get(addr, &format!("/daily/day/{date}"), &ann_c).await;
        assert_eq!(day.status, 200, "{}", day.json);
        let reveal = &day.json["reveal"];
        let fleet: Vec<&str> = reveal["fleet"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        let (fleet, salt) = (fleet.join(" "), reveal["salt"].as_str().unwrap());
        assert_eq!(sha256sum(&date, &fleet, salt), commitment);
        assert_eq!(day.json["commitment"], commitment.as_str());
        {
            use sha2::{Digest, Sha256};
            let text = reveal["committed"].as_str().unwrap();
            assert_eq!(text, format!("seabattle-daily-v1\n{date}\n{fleet}\n{salt}"));
            let hash: String = Sha256::digest(text.as_bytes())
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            assert_eq!(hash, commitment);
        }
        // The ships Ann sank are the fleet revealed, and her attempt is there to replay.
        let mut revealed = BTreeSet::new();
        cells_in(&reveal["fleet"], &mut revealed);
        let sunk: BTreeSet<String> = ann_end["attempt"]["shots"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|s| s["ship"].as_array().cloned().unwrap_or_default())
            .map(|c| c.as_str().unwrap().to_string())
            .collect();
        assert!(
            revealed.is_subset(&sunk) && sunk.len() == 20,
            "{sunk:?} vs {fleet}"
        );
        assert_eq!(day.json["attempt"], ann_end["attempt"]);
        assert_eq!(
            reveal["expert_shots"].as_array().unwrap().len() as u64,
            expert
        );
        assert_eq!(bob_end["results"]["expert"], expert);
        // Yesterday's sea takes no more shots; today's is another.
        let r = shoot(addr, &bob_c, &date, "a1").await;
        assert_eq!((r.status, r.code()), (400, "game_over"));
        let today = get(addr, "/daily/day/today", &ann_c).await.json;
        assert_ne!(today["date"], date.as_str());
        assert_ne!(today["commitment"], commitment.as_str());
        assert!(today["attempt"].is_null());

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
    let date = get(addr, "/daily/day/today", "").await.json["date"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(start(addr, &cookie, &date).await.status, 201);
    let end = play_out(addr, &cookie, &date, &board(true)).await;
    let results = &end["results"];
    assert_eq!(results["finished"], 1, "{results}");
    assert_eq!(results["ranked_count"], 0, "{results}");
    assert!(results["rank"].is_null(), "a BOT has no rank: {results}");
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
    assert_eq!(ra.json["date"], rb.json["date"]);
    assert_eq!(
        ra.json["commitment"], rb.json["commitment"],
        "both nodes play the day stored first"
    );
    // A guest who starts on one node and shoots on the other plays one attempt.
    let date = ra.json["date"].as_str().unwrap().to_string();
    let r = start(a.addr(), "", &date).await;
    let guest = r.guest_cookie().unwrap();
    assert_eq!(shoot(b.addr(), &guest, &date, "e5").await.status, 200);
    let r = start(b.addr(), &guest, &date).await;
    assert_eq!((r.status, r.code()), (409, "already_played"));
    a.shutdown().await.unwrap();
    b.shutdown().await.unwrap();
}

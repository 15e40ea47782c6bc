//! The checks after a round: every move a client was told of is in its game's record,
//! in order, and every spectator saw every move.

use crate::client::{Heard, Seen};
use crate::conn::CONNECT_WAIT;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Write};
use std::net::SocketAddr;
use std::time::Duration;

/// A plain HTTP GET through the proxy: (status, body).
pub(crate) fn http_get(addr: SocketAddr, path: &str) -> Result<(u16, String), String> {
    http_get_within(addr, path, Duration::from_secs(10))
}

/// [`http_get`], waiting up to `wait` for the answer.
pub(crate) fn http_get_within(
    addr: SocketAddr,
    path: &str,
    wait: Duration,
) -> Result<(u16, String), String> {
    let mut s =
        std::net::TcpStream::connect_timeout(&addr, CONNECT_WAIT).map_err(|e| e.to_string())?;
    s.set_read_timeout(Some(wait)).map_err(|e| e.to_string())?;
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).map_err(|e| e.to_string())?;
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&buf).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").ok_or("no header end")?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or("no status")?;
    if !head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        return Ok((status, body.to_string()));
    }
    let mut out = String::new();
    let mut rest = body;
    while let Some((len, tail)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(len.trim(), 16).map_err(|e| e.to_string())?;
        if n == 0 || tail.len() < n {
            break;
        }
        out.push_str(&tail[..n]);
        rest = tail[n..].trim_start_matches("\r\n");
    }
    Ok((status, out))
}

/// Every move each client heard of is in the game's record, at its number, and each
/// client heard them in order; a spectator heard of every move, or caught up on it
/// with a state after coming back.
pub(crate) fn check_record(record: &Value, clients: &[&Seen]) -> Result<usize, String> {
    let moves = record["moves"].as_array().ok_or("a record without moves")?;
    let mut checked = 0;
    for s in clients {
        let mut last = 0;
        for h in &s.heard {
            if h.number <= last {
                return Err(format!(
                    "{} heard move {} after move {last}",
                    s.who, h.number
                ));
            }
            last = h.number;
            let m = moves
                .get((h.number as usize).wrapping_sub(1))
                .ok_or_else(|| {
                    format!(
                        "{} heard move {}, the record has {}",
                        s.who,
                        h.number,
                        moves.len()
                    )
                })?;
            if m["player"].as_u64() != Some(h.player) || record_shots(m) != h.shots {
                return Err(format!(
                    "{} heard move {} as player {} {:?}, the record has {m}",
                    s.who, h.number, h.player, h.shots
                ));
            }
            checked += 1;
        }
    }
    Ok(checked)
}

/// A recorded move's shots as (cell, outcome) pairs, as `Heard` keeps them.
fn record_shots(m: &Value) -> Vec<(String, String)> {
    m["shots"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            let w = |i: usize| p[i].as_str().unwrap_or_default().to_string();
            (w(0), w(1))
        })
        .collect()
}

/// Every move any of a game's clients was told of, by number, as it was told.
pub(crate) fn told_moves<'a>(clients: &[&'a Seen]) -> BTreeMap<u64, &'a Heard> {
    clients
        .iter()
        .flat_map(|s| &s.heard)
        .map(|h| (h.number, h))
        .collect()
}

/// How many of the `told` moves the record lacks or has otherwise (another player or
/// other shots at that number).
pub(crate) fn missing(record: &Value, told: &BTreeMap<u64, &Heard>) -> usize {
    let moves = record["moves"].as_array().map_or(&[][..], Vec::as_slice);
    told.iter()
        .filter(|(n, h)| {
            let Some(m) = (**n as usize).checked_sub(1).and_then(|i| moves.get(i)) else {
                return true;
            };
            m["player"].as_u64() != Some(h.player) || record_shots(m) != h.shots
        })
        .count()
}

/// A spectator saw every move: heard of it, or caught up on it by a state.
pub(crate) fn check_spectator(record: &Value, s: &Seen) -> Result<(usize, usize), String> {
    let n = record["moves"].as_array().map_or(0, Vec::len) as u64;
    let heard: BTreeSet<u64> = s.heard.iter().map(|h| h.number).collect();
    let caught = s.caught_up.iter().copied().max().unwrap_or(0);
    let missed: Vec<u64> = (1..=n)
        .filter(|k| !heard.contains(k) && *k > caught)
        .collect();
    if !missed.is_empty() {
        return Err(format!("never saw moves {missed:?} of {n}"));
    }
    Ok((heard.len(), (n as usize).saturating_sub(heard.len())))
}

//! The analysis check: a finished game's analysis, made by whichever node the proxy
//! sends the request to, is the one `seabattle analyse` makes offline from the game's
//! record (docs/protocol.md, "Game analysis": the same record, the same analysis on
//! any node).

use crate::checks::http_get_within;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How long one request waits: longer than the server's own 20 s before a `503`.
const REQUEST_WAIT: Duration = Duration::from_secs(30);
/// How long a game's analysis may take, queued behind the others, all told.
const ANALYSIS_WAIT: Duration = Duration::from_secs(180);

/// `seabattle`, built beside this harness (`.ci/cluster` builds both).
fn seabattle() -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let bin = exe.with_file_name("seabattle");
    if bin.exists() {
        Ok(bin)
    } else {
        Err(format!("{} is not built", bin.display()))
    }
}

/// Asks the cluster for `game`'s analysis until it is made (a `503` says it is still
/// queued), then compares it with `seabattle analyse --json` of `record`, the game's
/// downloaded record.
pub(crate) fn check_analysis(proxy: SocketAddr, game: &str, record: &str) -> Result<(), String> {
    let path = format!("/games/{game}/analysis.json");
    let start = Instant::now();
    let served = loop {
        match http_get_within(proxy, &path, REQUEST_WAIT) {
            Ok((200, body)) => break body,
            Ok((503, _)) | Err(_) if start.elapsed() < ANALYSIS_WAIT => {
                std::thread::sleep(Duration::from_secs(1));
            }
            Ok((status, body)) => return Err(format!("{path}: {status} {}", body.trim())),
            Err(e) => return Err(format!("{path}: {e}")),
        }
    };
    let offline = offline(record)?;
    if served.trim_end() == offline.trim_end() {
        Ok(())
    } else {
        Err(format!(
            "{path} differs from `seabattle analyse` of its record ({} bytes against {})",
            served.len(),
            offline.len()
        ))
    }
}

/// `seabattle analyse --json -`'s output for `record` on its standard input.
fn offline(record: &str) -> Result<String, String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let failed = |e: std::io::Error| format!("seabattle analyse: {e}");
    let mut child = Command::new(seabattle()?)
        .args(["analyse", "--json", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(failed)?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin.write_all(record.as_bytes()).map_err(failed)?;
    }
    let out = child.wait_with_output().map_err(failed)?;
    if !out.status.success() {
        return Err(format!(
            "seabattle analyse: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("seabattle analyse: {e}"))
}

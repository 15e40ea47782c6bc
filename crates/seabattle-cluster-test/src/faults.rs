//! The harm done mid-game: SIGKILL, SIGTERM or SIGSTOP to the node that owns the most
//! games, PostgreSQL stopped and started, or its Patroni primary killed.

use crate::client::{Role, rejoin};
use crate::ctx::{Ctx, lock};
use crate::games::Running;
use crate::opts::Opts;
use crate::tally::Tally;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// The process id of the node called `name`.
fn node_pid(nodes: &[(String, u32)], name: &str) -> Option<u32> {
    nodes.iter().find(|(n, _)| n == name).map(|(_, p)| *p)
}

/// Sends signal `sig` (`-9`, `-TERM`, `-STOP`, `-CONT`) to process `pid`.
fn signal(pid: u32, sig: &str) -> Result<(), String> {
    let st = std::process::Command::new("kill")
        .args([sig, &pid.to_string()])
        .status()
        .map_err(|e| e.to_string())?;
    if st.success() {
        Ok(())
    } else {
        Err(format!("kill {sig} {pid}: {st}"))
    }
}

/// Whether process `pid` runs (a zombie does not).
fn alive(pid: u32) -> bool {
    std::path::Path::new(&format!("/proc/{pid}")).exists()
        && std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
            !s.rsplit(')')
                .next()
                .unwrap_or("")
                .trim_start()
                .starts_with('Z')
        })
}

/// SIGKILL (or with `--term`, SIGTERM) to the node that owns the most games.
pub(crate) async fn disrupt(o: &Opts, ctx: &Ctx, tally: &Tally, running: &[Running]) {
    let (node, pid, games, spread) = match busiest(o, ctx, running) {
        Ok(b) => b,
        Err(why) => return tally.fail("choosing a node to stop", &why),
    };
    let sig = if o.term { "-TERM" } else { "-9" };
    *lock(&ctx.disrupted) = Some((Instant::now(), node.clone()));
    tally.check(
        &format!(
            "kill {sig} {node} (pid {pid}), owner of {games} games (games per node: {spread})"
        ),
        signal(pid, sig),
    );
    if o.term {
        // A drained node exits once its games are handed over; the CI script checks
        // its exit status.
        let t = Instant::now();
        while alive(pid) && t.elapsed() < Duration::from_secs(20) {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        tally.check(
            &format!(
                "{node} exits after SIGTERM ({:.1} s)",
                t.elapsed().as_secs_f64()
            ),
            if alive(pid) {
                Err("still running after 20 s".into())
            } else {
                Ok(())
            },
        );
    }
}

/// Runs `cmd` with `sh -c`.
fn shell(cmd: &str) -> Result<(), String> {
    let st = std::process::Command::new("sh")
        .args(["-c", cmd])
        .status()
        .map_err(|e| e.to_string())?;
    if st.success() {
        Ok(())
    } else {
        Err(format!("{cmd}: {st}"))
    }
}

/// Whether `cmd` succeeds; its output is dropped (a readiness probe that fails often).
fn shell_quiet(cmd: &str) -> bool {
    std::process::Command::new("sh")
        .args(["-c", cmd])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The node that owns the most of the running games (among `--nodes`): its name, its
/// process id, how many games it owns, and the games per node; or why there is none.
fn busiest(
    o: &Opts,
    ctx: &Ctx,
    running: &[Running],
) -> Result<(String, u32, usize, String), String> {
    let mut count: BTreeMap<String, usize> = BTreeMap::new();
    {
        let owners = lock(&ctx.owners);
        for r in running {
            if let Some(Some(n)) = owners.get(&r.game) {
                *count.entry(n.clone()).or_default() += 1;
            }
        }
    }
    let spread = count
        .iter()
        .map(|(n, k)| format!("{n}:{k}"))
        .collect::<Vec<_>>()
        .join(" ");
    count
        .iter()
        .filter_map(|(n, k)| Some((n.clone(), node_pid(&o.nodes, n)?, *k)))
        .max_by_key(|(_, _, k)| *k)
        .map(|(n, pid, k)| (n, pid, k, spread.clone()))
        .ok_or_else(|| format!("no game's node is among --nodes (games per node: {spread})"))
}

/// SIGSTOP to the node that owns the most games, for longer than its lease, then
/// SIGCONT; once it is back in the proxy, a fresh `watch` of every game through the
/// proxy must show every move already told.
pub(crate) async fn pause(o: &Opts, ctx: &Ctx, tally: &Tally, running: &[Running]) {
    let (node, pid, games, spread) = match busiest(o, ctx, running) {
        Ok(b) => b,
        Err(why) => return tally.fail("choosing a node to pause", &why),
    };
    *lock(&ctx.disrupted) = Some((Instant::now(), node.clone()));
    tally.check(
        &format!(
            "kill -STOP {node} (pid {pid}), owner of {games} games (games per node: {spread}), for {} s",
            o.pause.as_secs()
        ),
        signal(pid, "-STOP"),
    );
    tokio::time::sleep(o.pause).await;
    tally.check(&format!("kill -CONT {node}"), signal(pid, "-CONT"));
    // HAProxy counts it up again after two checks a second apart.
    tokio::time::sleep(Duration::from_secs(4)).await;
    let mut stale = Vec::new();
    let mut watched = 0;
    for r in running {
        let told = lock(&ctx.told).get(&r.game).copied().unwrap_or(0);
        match rejoin(ctx, &r.game, &Role::Spectator).await {
            Ok((c, state)) => {
                watched += 1;
                let moves = state["moves"].as_u64().unwrap_or(0);
                if moves < told && state["phase"] != "over" {
                    stale.push(format!(
                        "{}: {moves} moves from {} after move {told} was told",
                        r.game,
                        c.node.as_deref().unwrap_or("?")
                    ));
                }
                c.close().await;
            }
            Err(e) => stale.push(format!("{}: {e}", r.game)),
        }
    }
    tally.check(
        &format!(
            "after {node} woke, a fresh watch of each game through the proxy shows every move told ({watched} games)"
        ),
        if stale.is_empty() {
            Ok(())
        } else {
            Err(stale.join(" | "))
        },
    );
}

/// Stops the database (`--db-stop`), waits, starts it (`--db-start`).
pub(crate) async fn db_restart(o: &Opts, ctx: &Ctx, tally: &Tally) {
    let (Some(stop), Some(start)) = (o.db_stop.clone(), o.db_start.clone()) else {
        tally.fail(
            "restarting the database",
            "--db-stop and --db-start are required",
        );
        return;
    };
    *lock(&ctx.disrupted) = Some((Instant::now(), "postgresql".into()));
    let stopped = tokio::task::spawn_blocking(move || shell(&stop))
        .await
        .map_err(|e| e.to_string())
        .and_then(|r| r);
    tally.check("the database stopped in immediate mode", stopped);
    tokio::time::sleep(o.db_down).await;
    let t = Instant::now();
    let started = tokio::task::spawn_blocking(move || shell(&start))
        .await
        .map_err(|e| e.to_string())
        .and_then(|r| r);
    *lock(&ctx.db_back) = Some(Instant::now());
    tally.check(
        &format!(
            "the database started again after {} s down ({} ms to start)",
            o.db_down.as_secs(),
            t.elapsed().as_millis()
        ),
        started,
    );
}

/// Kills the database's primary (`--db-kill`), then runs `--db-ready` every 200 ms
/// until it succeeds: a replica has been promoted and answers read-write.
pub(crate) async fn primary_kill(o: &Opts, ctx: &Ctx, tally: &Tally) {
    let (Some(kill), Some(ready)) = (o.db_kill.clone(), o.db_ready.clone()) else {
        tally.fail(
            "killing the database's primary",
            "--db-kill and --db-ready are required",
        );
        return;
    };
    *lock(&ctx.disrupted) = Some((Instant::now(), "the primary".into()));
    let killed = tokio::task::spawn_blocking(move || shell(&kill))
        .await
        .map_err(|e| e.to_string())
        .and_then(|r| r);
    let t = Instant::now();
    *lock(&ctx.db_killed) = Some(t);
    tally.check("the database's primary was killed with SIGKILL", killed);
    let limit = Duration::from_secs(60);
    let answered = loop {
        let ready = ready.clone();
        let up = tokio::task::spawn_blocking(move || shell_quiet(&ready))
            .await
            .unwrap_or(false);
        if up {
            break Ok(());
        }
        if t.elapsed() > limit {
            break Err(format!(
                "no read-write primary within {} s",
                limit.as_secs()
            ));
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    *lock(&ctx.db_back) = Some(Instant::now());
    let ms = t.elapsed().as_millis();
    tally.check(
        &format!("a replica was promoted: a read-write primary answers {ms} ms after the kill"),
        answered,
    );
    println!("cluster: failover_ms {ms}");
}

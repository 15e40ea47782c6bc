//! One round: the games started, the fault done mid-game, and every check once they
//! ended.

use crate::analyses::check_analysis;
use crate::checks::{check_record, check_spectator, http_get, missing, told_moves};
use crate::client::Seen;
use crate::conn::Conn;
use crate::ctx::{Ctx, lock};
use crate::faults::{db_restart, disrupt, pause, primary_kill};
use crate::games::{
    Running, queue_races, start_computer_game, start_friend_game, start_queue_game,
};
use crate::opts::{Fault, Opts};
use crate::tally::Tally;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Plays one round with `o`'s fault, counting every check in `tally`.
pub(crate) async fn run(o: Opts, tally: Arc<Tally>) {
    let ctx = Arc::new(Ctx {
        proxy: o.proxy,
        pace: o.pace,
        deadline: Instant::now() + o.deadline,
        disrupted: Mutex::new(None),
        takeovers: Mutex::new(BTreeMap::new()),
        owners: Mutex::new(HashMap::new()),
        moves: Mutex::new(HashMap::new()),
        told: Mutex::new(HashMap::new()),
        stale: Mutex::new(Vec::new()),
        db_fault: matches!(o.fault, Fault::DbRestart | Fault::PrimaryKill),
        db_back: Mutex::new(None),
        db_killed: Mutex::new(None),
        first_move_after: Mutex::new(None),
        internal_after: Mutex::new(Vec::new()),
    });

    // Round robin for URLs without a game: a few connections reach every node.
    let mut met = BTreeSet::new();
    let mut named = true;
    for _ in 0..(2 * o.nodes.len().max(1)) {
        match Conn::open(o.proxy, None).await {
            Ok(c) => {
                named &= c.node.is_some();
                met.extend(c.node.clone());
                c.close().await;
            }
            Err(e) => {
                tally.fail("connecting through the proxy", &e);
                return;
            }
        }
    }
    let cluster = !met.is_empty();
    if o.nodes.len() > 1 {
        tally.check(
            "welcome names the node",
            if named {
                Ok(())
            } else {
                Err("a welcome without `node`: the server is not running as a cluster".into())
            },
        );
        let want: BTreeSet<String> = o.nodes.iter().map(|(n, _)| n.clone()).collect();
        tally.check(
            &format!("first connections reach every node ({})", join(&met)),
            if met == want {
                Ok(())
            } else {
                Err(format!("reached {}, expected {}", join(&met), join(&want)))
            },
        );
    } else if !cluster {
        println!("cluster: note: welcome names no node; clients will not follow games");
    }

    let mut running = Vec::new();
    let friends = if o.term { 1 } else { o.friends };
    for i in 0..friends {
        match start_friend_game(&ctx, i).await {
            Ok(r) => running.push(r),
            Err(e) => tally.fail(&format!("friend game {i} starts"), &e),
        }
    }
    if !o.term {
        for i in 0..o.computers {
            let level = if i % 2 == 0 { "easy" } else { "expert" };
            match start_computer_game(&ctx, level).await {
                Ok(r) => running.push(r),
                Err(e) => tally.fail(&format!("a game against {level} starts"), &e),
            }
        }
        match start_queue_game(&ctx, cluster).await {
            Ok((r, nodes)) => {
                tally.check(
                    &format!("the random queue pairs players first connected to {nodes}"),
                    Ok(()),
                );
                running.push(r);
            }
            Err(e) => tally.fail("the random queue pairs players on different nodes", &e),
        }
    }
    if running.is_empty() {
        return;
    }
    tally.ok(&format!(
        "{} games started through the proxy",
        running.len()
    ));

    // Once every battle has begun and a few shots are in (or the games that have not
    // begun are late), the disruption.
    if !o.nodes.is_empty() {
        let t = Instant::now();
        while t.elapsed() < Duration::from_secs(15) {
            let moves = lock(&ctx.moves).clone();
            if running
                .iter()
                .all(|r| moves.get(&r.game).is_some_and(|k| *k >= 4))
            {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        if o.queue_races > 0 {
            queue_races(&ctx, &tally, o.queue_races, cluster).await;
        }
        match o.fault {
            Fault::Kill | Fault::Term => disrupt(&o, &ctx, &tally, &running).await,
            Fault::Pause => pause(&o, &ctx, &tally, &running).await,
            Fault::DbRestart => db_restart(&o, &ctx, &tally).await,
            Fault::PrimaryKill => primary_kill(&o, &ctx, &tally).await,
        }
    }

    let mut all: Vec<(Running, Vec<Seen>)> = Vec::new();
    for mut r in running {
        let mut seen = Vec::new();
        for h in r.clients.drain(..) {
            match h.await {
                Ok(s) => seen.push(s),
                Err(e) => tally.fail(&format!("{} {}", r.what, r.game), &e.to_string()),
            }
        }
        all.push((r, seen));
    }

    let mut finished = 0;
    // The games every client saw to their end: the ones whose analysis may be asked.
    let mut ended = BTreeSet::new();
    let mut failed_games = Vec::new();
    for (r, seen) in &all {
        let mut why = Vec::new();
        for s in seen {
            if let Some(e) = &s.error {
                why.push(format!("{}: {e}", s.who));
            } else if s.result.is_none() {
                why.push(format!("{}: no result", s.who));
            }
        }
        if why.is_empty() {
            finished += 1;
            ended.insert(r.game.clone());
        } else {
            failed_games.push(format!("{} {}: {}", r.what, r.game, why.join("; ")));
        }
    }
    tally.check(
        &format!("every game finished ({finished} of {})", all.len()),
        if failed_games.is_empty() {
            Ok(())
        } else {
            Err(failed_games.join(" | "))
        },
    );

    let stale = lock(&ctx.stale).clone();
    tally.check(
        "no client received a state older than a move it was told of",
        if stale.is_empty() {
            Ok(())
        } else {
            Err(stale.join(" | "))
        },
    );
    if o.fault == Fault::PrimaryKill {
        let killed = *lock(&ctx.db_killed);
        let first = *lock(&ctx.first_move_after);
        match (killed, first) {
            (Some(k), Some(f)) => {
                let ms = f.saturating_duration_since(k).as_millis();
                // A failover takes 8–12 s (docs/deploy.md); the nodes' leases lapse
                // meanwhile and their games are claimed again once it is over.
                tally.check(
                    &format!("time to the first move after the kill: {ms} ms"),
                    if ms > 40_000 {
                        Err("over 40 s".into())
                    } else {
                        Ok(())
                    },
                );
                println!("cluster: first_move_after_kill_ms {ms}");
            }
            (Some(_), None) => tally.fail(
                "a move after the primary was killed",
                "no client heard a move after the kill",
            ),
            (None, _) => {}
        }
    }
    if matches!(o.fault, Fault::DbRestart | Fault::PrimaryKill) {
        let after = lock(&ctx.internal_after).clone();
        tally.check(
            "no `internal` error reached a client once the database was back",
            if after.is_empty() {
                Ok(())
            } else {
                Err(after.join(" | "))
            },
        );
    }

    if let Some((_, node)) = lock(&ctx.disrupted)
        .clone()
        .filter(|_| matches!(o.fault, Fault::Kill | Fault::Term | Fault::Pause))
    {
        let cut: Vec<&Seen> = all
            .iter()
            .flat_map(|(_, s)| s)
            .filter(|s| s.moved_closes + s.drops > 0)
            .collect();
        let moved = cut.iter().filter(|s| s.moved_closes > 0).count();
        let back_elsewhere = cut
            .iter()
            .filter(|s| s.nodes.last().is_some_and(|n| n.as_deref() != Some(&node)))
            .count();
        tally.check(
            &format!(
                "clients cut off from {node} came back on other nodes ({back_elsewhere} of {}; {moved} told `moved`)",
                cut.len()
            ),
            if cut.is_empty() {
                Err("no client lost its connection".into())
            } else if back_elsewhere < cut.len() && o.fault != Fault::Pause {
                // (A paused node is back in the proxy a few seconds later, and may be
                // the game's node again.)
                Err("some came back to the same node".into())
            } else if o.term && moved == 0 {
                Err("a drained node closes its games' sockets with 4001".into())
            } else {
                Ok(())
            },
        );
        let t = lock(&ctx.takeovers).clone();
        let worst = t.values().map(|(d, _)| *d).max().unwrap_or_default();
        let line = format!(
            "takeover time: {:.0} ms at most over {} games (from the {} to the first state after coming back)",
            worst.as_secs_f64() * 1e3,
            t.len(),
            match o.fault {
                Fault::Term => "SIGTERM",
                Fault::Pause => "SIGSTOP",
                _ => "SIGKILL",
            }
        );
        // A dead node's lease runs out within 5 s; a drained one hands over at once
        // after its drain (3 s by default). Allow the proxy's checks and retries on top.
        let bound = match o.fault {
            Fault::Term => 10,
            // Clients notice a frozen node by a missing pong (up to 6 s) first.
            Fault::Pause => 18,
            _ => 12,
        };
        tally.check(
            &line,
            if t.is_empty() {
                Err("no game came back".into())
            } else if worst > Duration::from_secs(bound) {
                Err(format!("over {bound} s"))
            } else {
                Ok(())
            },
        );
        println!("cluster: takeover_ms {:.0}", worst.as_secs_f64() * 1e3);
    }

    // The records, from any node, against what the clients were told.
    let mut ok_games = 0;
    let mut heard = 0;
    let mut problems = Vec::new();
    let mut spectated = (0, 0, 0);
    // Distinct moves some client was told of that its game's record lacks (all of a
    // game's, if its record cannot be had).
    let mut lost = 0;
    let mut acknowledged = 0;
    // The finished games' records as downloaded, for the analysis check.
    let mut records: Vec<(String, String)> = Vec::new();
    for (r, seen) in &all {
        let refs: Vec<&Seen> = seen.iter().collect();
        let told = told_moves(&refs);
        acknowledged += told.len();
        lost += told.len();
        let path = format!("/games/{}/record.json", r.game);
        let proxy = o.proxy;
        let got = tokio::task::spawn_blocking(move || http_get(proxy, &path)).await;
        let record = match got {
            Ok(Ok((200, body))) => match serde_json::from_str::<Value>(&body) {
                Ok(v) => {
                    if o.analyses > records.len() && ended.contains(&r.game) {
                        records.push((r.game.clone(), body));
                    }
                    v
                }
                Err(e) => {
                    problems.push(format!("{}: {e}", r.game));
                    continue;
                }
            },
            Ok(Ok((status, body))) => {
                problems.push(format!("{}: {status} {}", r.game, body.trim()));
                continue;
            }
            Ok(Err(e)) => {
                problems.push(format!("{}: {e}", r.game));
                continue;
            }
            Err(e) => {
                problems.push(format!("{}: {e}", r.game));
                continue;
            }
        };
        lost -= told.len() - missing(&record, &told);
        match check_record(&record, &refs) {
            Ok(n) => {
                ok_games += 1;
                heard += n;
            }
            Err(e) => problems.push(format!("{}: {e}", r.game)),
        }
        if r.has_spectator
            && let Some(s) = seen.iter().find(|s| s.who.starts_with("spectator"))
        {
            match check_spectator(&record, s) {
                Ok((direct, by_state)) => {
                    spectated.0 += 1;
                    spectated.1 += direct;
                    spectated.2 += by_state;
                }
                Err(e) => problems.push(format!("{} spectator: {e}", r.game)),
            }
        }
    }
    tally.check(
        &format!(
            "records: every move the clients were told of is in its game's record, in order ({heard} over {ok_games} games)"
        ),
        if problems.iter().any(|p| !p.contains("spectator")) {
            Err(problems.join(" | "))
        } else {
            Ok(())
        },
    );
    tally.check(
        &format!("{lost} acknowledged moves lost (of {acknowledged} told to clients)"),
        if lost == 0 {
            Ok(())
        } else {
            Err("a move a client was told of is not in its game's record".into())
        },
    );
    println!("cluster: acknowledged_moves_lost {lost}");
    if spectated.0 > 0 || all.iter().any(|(r, _)| r.has_spectator) {
        let spec_problems: Vec<&String> = problems
            .iter()
            .filter(|p| p.contains("spectator"))
            .collect();
        tally.check(
            &format!(
                "spectators saw every shot ({} games: {} moves live, {} from a state after coming back)",
                spectated.0, spectated.1, spectated.2
            ),
            if spec_problems.is_empty() {
                Ok(())
            } else {
                Err(spec_problems
                    .iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(" | "))
            },
        );
    }
    // Last: each takes a node some seconds, and the checks above need none of it.
    if o.analyses > 0 {
        analyses(o.proxy, &tally, records, o.analyses).await;
    }
}

/// Asks the cluster for up to `n` finished games' analyses, one after the other (the
/// nodes make one at a time), each checked against `seabattle analyse` of its record.
async fn analyses(proxy: SocketAddr, tally: &Tally, records: Vec<(String, String)>, n: usize) {
    if records.len() < n {
        tally.fail(
            &format!("{n} finished games to analyse"),
            &format!("only {} finished", records.len()),
        );
    }
    for (game, record) in records {
        let id = game.clone();
        let t = Instant::now();
        let got = tokio::task::spawn_blocking(move || check_analysis(proxy, &id, &record)).await;
        let line = format!(
            "game {game}: the analysis a node made is `seabattle analyse` of its record ({:.1} s)",
            t.elapsed().as_secs_f64()
        );
        match got {
            Ok(Ok(())) => tally.ok(&line),
            Ok(Err(e)) => tally.fail(&line, &e),
            Err(e) => tally.fail(&line, &e.to_string()),
        }
    }
}

/// The names of `s`, comma-separated.
fn join(s: &BTreeSet<String>) -> String {
    s.iter().cloned().collect::<Vec<_>>().join(",")
}

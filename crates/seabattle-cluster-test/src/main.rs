//! The cluster's fault harness, run by `.ci/cluster`: plays through HAProxy in front of
//! several `seabattle serve` nodes on one PostgreSQL, does something bad to the cluster
//! mid-game, and checks that every game is finished and that no acknowledged move was
//! lost (docs/deploy.md, "Checking a cluster").
//!
//! ```text
//! cargo run --release -p seabattle-cluster-test -- \
//!     --proxy 127.0.0.1:PORT --nodes n1=PID,n2=PID,n3=PID [--term] [--friends N]
//!     [--computers N] [--pace-ms MS] [--deadline-secs S]
//!     [--fault kill|term|pause|db-restart] [--pause-secs S] [--queue-races N]
//!     [--db-stop CMD --db-start CMD --db-down-secs S]
//!     [--fault primary-kill --db-kill CMD --db-ready CMD] [--analyses N]
//! ```
//!
//! `--fault pause` stops the node that owns the most games with SIGSTOP for
//! `--pause-secs` (8), longer than its lease, then resumes it: clients that hear no
//! `pong` reconnect elsewhere, and after the node is back a fresh `watch` of every game
//! must show every move already told. `--fault db-restart` runs `--db-stop` (e.g.
//! `pg_ctlcluster 15 main stop -m immediate`), waits `--db-down-secs` (3), runs
//! `--db-start`; no `internal` error may reach a client once it is back.
//! `--fault primary-kill` runs `--db-kill` (e.g. `.ci/patroni kill-primary DIR`: the
//! Patroni primary's machine dies), then runs `--db-ready` every 200 ms until it
//! succeeds (a read-write primary answers: the failover is over); it prints the
//! failover time and the time to the first move any client hears after the kill, and
//! no `internal` error may reach a client once the new primary answers.
//! `--queue-races N` makes, mid-game, N pairs of players on two nodes queue at the same
//! instant; each pair must be paired. Every run checks that no client receives a state
//! older than a move it was already told.
//!
//! Without `--term` it plays, all at once, friend games each with a spectator, games
//! against the computer (`easy` and `expert`) and a pairing from the random queue whose
//! players first reached different nodes; once every game's battle has begun it sends
//! SIGKILL to the node that owns the most games. With `--term` it plays one friend
//! game with a spectator and sends SIGTERM to its node instead. Either way it then
//! waits for every game to end, fetches every record and checks each move a client was
//! told of against it.
//!
//! `--analyses N` then asks for N finished games' analyses through the proxy, and
//! checks each against `seabattle analyse` of the game's record: the same record gives
//! the same analysis on any node.
//!
//! Each check prints `cluster: ok   WHAT` or `cluster: FAIL WHAT: why`; the last line
//! is `cluster: N passed, M failed`, and the exit status is 1 if any check failed.
//! Clients follow the contract of docs/deploy.md: a client that learns its game on a
//! socket whose URL lacks `?game=ID` reconnects to `/ws?game=ID` and resumes; a socket
//! closed (code 4001 `moved`, or dropped) or a `moved` refusal sends it to the same URL
//! again. Without `node` in `welcome` (one SQLite server) nobody follows.
//! `CLUSTER_TRACE=1` prints every message the clients receive to standard error.
//!
//! The modules, in the order a run uses them: `opts` reads the command line, `conn` is
//! one client socket, `client` plays or watches a game through every fault, `games`
//! starts the games (and the queue races), `faults` does the harm (to a node or to the
//! database), `checks` compares what the clients were told with the records, and `run`
//! puts one round together, counting in a `tally`.

mod analyses;
mod checks;
mod client;
mod conn;
mod ctx;
mod faults;
mod games;
mod opts;
mod run;
mod tally;

use std::sync::Arc;
use std::sync::atomic::Ordering;
use tally::Tally;

fn main() {
    let o = opts::opts();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let tally = Arc::new(Tally::default());
    runtime.block_on(run::run(o, Arc::clone(&tally)));
    let (p, f) = (
        tally.passed.load(Ordering::Relaxed),
        tally.failed.load(Ordering::Relaxed),
    );
    println!("cluster: {p} passed, {f} failed");
    std::process::exit(i32::from(f > 0));
}

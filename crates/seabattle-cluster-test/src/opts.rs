//! The command line.

use std::net::SocketAddr;
use std::time::Duration;

/// What `--help` prints.
pub(crate) const USAGE: &str = "\
usage: seabattle-cluster-test --proxy HOST:PORT [--nodes n1=PID,n2=PID,...] [--term]
    [--friends N] [--computers N] [--pace-ms MS] [--deadline-secs S]
    [--fault kill|term|pause|db-restart|primary-kill] [--pause-secs S] [--queue-races N]
    [--db-stop CMD --db-start CMD --db-down-secs S] [--db-kill CMD --db-ready CMD]
    [--analyses N]

Plays games through the proxy in front of the cluster's nodes, does the fault to the
node that owns the most games (or to the database) mid-game, and checks that every
game finished and no acknowledged move was lost. Prints `cluster: ok   WHAT` or
`cluster: FAIL WHAT: why` per check, `cluster: N passed, M failed` last; exits 1 if a
check failed, 2 on a bad command line. --analyses N asks the cluster for N finished
games' analyses and compares each with `seabattle analyse` of its record. Without --nodes nothing is done to the cluster.
See docs/deploy.md, \"Checking a cluster\".
";

/// What is done to the cluster mid-game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Fault {
    /// SIGKILL to the node that owns the most games.
    Kill,
    /// SIGTERM to the node of the one friend game: it must drain and exit 0.
    Term,
    /// SIGSTOP to the node that owns the most games, past its lease, then SIGCONT.
    Pause,
    /// PostgreSQL stopped (`--db-stop`) and started again (`--db-start`).
    DbRestart,
    /// The Patroni primary killed (`--db-kill`) until a replica answers (`--db-ready`).
    PrimaryKill,
}

/// A run's settings.
#[derive(Debug)]
pub(crate) struct Opts {
    /// Where every client connects: the proxy in front of the nodes.
    pub(crate) proxy: SocketAddr,
    /// The nodes' names and process ids, for the faults done to a node.
    pub(crate) nodes: Vec<(String, u32)>,
    /// One friend game, whose node gets SIGTERM (`--term`, or `--fault term`).
    pub(crate) term: bool,
    /// Friend games, each with a spectator.
    pub(crate) friends: usize,
    /// Games against the computer.
    pub(crate) computers: usize,
    /// The least time between two messages of one connection.
    pub(crate) pace: Duration,
    /// How long the games may take, all told.
    pub(crate) deadline: Duration,
    /// What is done mid-game.
    pub(crate) fault: Fault,
    /// How long a paused node stays stopped.
    pub(crate) pause: Duration,
    /// Pairs of players queueing at the same instant on two nodes, mid-game.
    pub(crate) queue_races: usize,
    /// The command that stops the database (`--fault db-restart`).
    pub(crate) db_stop: Option<String>,
    /// The command that starts it again.
    pub(crate) db_start: Option<String>,
    /// How long the database stays down.
    pub(crate) db_down: Duration,
    /// The command that kills the database's primary (`--fault primary-kill`).
    pub(crate) db_kill: Option<String>,
    /// The command that succeeds once a read-write primary answers again.
    pub(crate) db_ready: Option<String>,
    /// Finished games whose analysis is asked of the cluster and checked against
    /// `seabattle analyse` of their records.
    pub(crate) analyses: usize,
}

/// The settings of this process's command line; the usage and exit 0 for `--help`, the
/// reason and exit 2 for a bad one.
pub(crate) fn opts() -> Opts {
    match parse(std::env::args().skip(1)) {
        Ok(Some(o)) => o,
        Ok(None) => {
            print!("{USAGE}");
            std::process::exit(0)
        }
        Err(why) => {
            eprintln!("cluster: {why}\n{USAGE}");
            std::process::exit(2)
        }
    }
}

/// Reads the arguments (without the program's name): the settings, or none when
/// `--help` asks for the usage.
pub(crate) fn parse(args: impl IntoIterator<Item = String>) -> Result<Option<Opts>, String> {
    let mut proxy = None;
    let mut o = Opts {
        proxy: "127.0.0.1:8080".parse().expect("an address"),
        nodes: Vec::new(),
        term: false,
        friends: 4,
        computers: 4,
        pace: Duration::from_millis(250),
        deadline: Duration::from_secs(150),
        fault: Fault::Kill,
        pause: Duration::from_secs(8),
        queue_races: 0,
        db_stop: None,
        db_start: None,
        db_down: Duration::from_secs(3),
        db_kill: None,
        db_ready: None,
        analyses: 0,
    };
    let mut args = args.into_iter();
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--help" | "-h" => return Ok(None),
            "--term" => {
                o.term = true;
                o.fault = Fault::Term;
                continue;
            }
            _ => {}
        }
        let v = args.next().unwrap_or_default();
        let bad = || format!("bad value {v:?} for {flag}");
        let number = || v.parse::<u64>().map_err(|_| bad());
        match flag.as_str() {
            "--proxy" => proxy = Some(v.parse().map_err(|_| bad())?),
            "--nodes" => {
                for item in v.split(',').filter(|s| !s.is_empty()) {
                    let (name, pid) = item.split_once('=').ok_or_else(bad)?;
                    o.nodes
                        .push((name.to_string(), pid.parse().map_err(|_| bad())?));
                }
            }
            "--friends" => o.friends = v.parse().map_err(|_| bad())?,
            "--computers" => o.computers = v.parse().map_err(|_| bad())?,
            "--pace-ms" => o.pace = Duration::from_millis(number()?),
            "--fault" => {
                o.fault = match v.as_str() {
                    "kill" => Fault::Kill,
                    "term" => Fault::Term,
                    "pause" => Fault::Pause,
                    "db-restart" => Fault::DbRestart,
                    "primary-kill" => Fault::PrimaryKill,
                    _ => return Err(bad()),
                };
                o.term = o.fault == Fault::Term;
            }
            "--pause-secs" => o.pause = Duration::from_secs(number()?),
            "--queue-races" => o.queue_races = v.parse().map_err(|_| bad())?,
            "--db-stop" => o.db_stop = Some(v),
            "--db-start" => o.db_start = Some(v),
            "--db-kill" => o.db_kill = Some(v),
            "--db-ready" => o.db_ready = Some(v),
            "--db-down-secs" => o.db_down = Duration::from_secs(number()?),
            "--analyses" => o.analyses = v.parse().map_err(|_| bad())?,
            "--deadline-secs" => o.deadline = Duration::from_secs(number()?),
            other => return Err(format!("unknown option {other}")),
        }
    }
    o.proxy = proxy.ok_or("--proxy HOST:PORT is required")?;
    Ok(Some(o))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Result<Option<Opts>, String> {
        parse(line.split_whitespace().map(str::to_string))
    }

    fn run(line: &str) -> Opts {
        match args(line) {
            Ok(Some(o)) => o,
            other => panic!("{line}: {other:?}"),
        }
    }

    /// The command lines `.ci/cluster` gives, read as it means them.
    #[test]
    fn the_ci_scripts_command_lines_are_read() {
        let o = run("--proxy 127.0.0.1:8080 --nodes n1=11,n2=12,n3=13");
        assert_eq!(o.proxy.to_string(), "127.0.0.1:8080");
        assert_eq!(
            o.nodes,
            [("n1".into(), 11), ("n2".into(), 12), ("n3".into(), 13)]
        );
        assert_eq!(
            (o.fault, o.term, o.friends, o.computers),
            (Fault::Kill, false, 4, 4)
        );
        let o = run(
            "--proxy 127.0.0.1:1 --fault pause --pause-secs 8 --queue-races 20 --friends 3 --computers 2",
        );
        assert_eq!(
            (o.fault, o.pause.as_secs(), o.queue_races),
            (Fault::Pause, 8, 20)
        );
        assert_eq!((o.friends, o.computers), (3, 2));
        let o = run("--proxy 127.0.0.1:1 --analyses 2");
        assert_eq!((o.fault, o.analyses), (Fault::Kill, 2));
        let o = run("--proxy 127.0.0.1:1 --term");
        assert_eq!((o.fault, o.term), (Fault::Term, true));
        let o = parse(
            [
                "--proxy",
                "127.0.0.1:1",
                "--fault",
                "db-restart",
                "--db-down-secs",
                "3",
                "--db-stop",
                "pg_ctlcluster 17 main stop -m immediate",
                "--db-start",
                "pg_ctlcluster 17 main start",
            ]
            .map(str::to_string),
        );
        let Ok(Some(o)) = o else {
            panic!("{o:?}");
        };
        assert_eq!(o.fault, Fault::DbRestart);
        assert_eq!(
            o.db_stop.as_deref(),
            Some("pg_ctlcluster 17 main stop -m immediate")
        );
        assert_eq!(o.db_start.as_deref(), Some("pg_ctlcluster 17 main start"));
    }

    /// A bad command line says what was wrong; `--help` asks for the usage.
    #[test]
    fn a_bad_command_line_says_what_is_wrong() {
        assert!(matches!(args("--help"), Ok(None)));
        assert_eq!(args("").unwrap_err(), "--proxy HOST:PORT is required");
        assert_eq!(
            args("--proxy nowhere").unwrap_err(),
            "bad value \"nowhere\" for --proxy"
        );
        assert_eq!(
            args("--proxy 127.0.0.1:1 --fault melt").unwrap_err(),
            "bad value \"melt\" for --fault"
        );
        assert_eq!(
            args("--proxy 127.0.0.1:1 --nodes n1").unwrap_err(),
            "bad value \"n1\" for --nodes"
        );
        assert_eq!(
            args("--proxy 127.0.0.1:1 --friends").unwrap_err(),
            "bad value \"\" for --friends"
        );
        assert_eq!(
            args("--proxy 127.0.0.1:1 --turbo 1").unwrap_err(),
            "unknown option --turbo"
        );
    }
}

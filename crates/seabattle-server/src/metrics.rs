//! What an operator watches, in the Prometheus text format at `/metrics`: games and
//! connections held, shots, refusals for cost and limits, abandoned games, and the time
//! a shot takes to handle and a store call to commit, as histograms. Plain atomics: no
//! lock on any path a player waits on.

use crate::game::group::CommitCounts;
use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Upper bounds of the histogram buckets, in seconds.
const BUCKETS: [f64; 12] = [
    0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 5.0,
];

/// A histogram of durations with fixed buckets.
#[derive(Debug, Default)]
pub struct Histogram {
    counts: [AtomicU64; BUCKETS.len()],
    count: AtomicU64,
    /// The sum, in microseconds.
    sum_us: AtomicU64,
}

impl Histogram {
    /// Counts one observation.
    pub fn observe(&self, d: Duration) {
        let s = d.as_secs_f64();
        if let Some(i) = BUCKETS.iter().position(|&b| s <= b) {
            self.counts[i].fetch_add(1, Ordering::Relaxed);
        }
        self.count.fetch_add(1, Ordering::Relaxed);
        self.sum_us
            .fetch_add(d.as_micros() as u64, Ordering::Relaxed);
    }

    fn render(&self, out: &mut String, name: &str, help: &str) {
        let _ = writeln!(out, "# HELP {name} {help}");
        let _ = writeln!(out, "# TYPE {name} histogram");
        let mut cumulative = 0;
        for (b, c) in BUCKETS.iter().zip(&self.counts) {
            cumulative += c.load(Ordering::Relaxed);
            let _ = writeln!(out, "{name}_bucket{{le=\"{b}\"}} {cumulative}");
        }
        let count = self.count.load(Ordering::Relaxed);
        let _ = writeln!(out, "{name}_bucket{{le=\"+Inf\"}} {count}");
        let sum = self.sum_us.load(Ordering::Relaxed) as f64 / 1e6;
        let _ = writeln!(out, "{name}_sum {sum}");
        let _ = writeln!(out, "{name}_count {count}");
    }
}

/// Every counter and histogram of one server.
#[derive(Debug, Default)]
pub struct Metrics {
    /// WebSocket connections open now.
    pub connections: AtomicU64,
    /// Games created.
    pub games_created: AtomicU64,
    /// Shots answered (each shot of a volley counts).
    pub shots: AtomicU64,
    /// Requests refused `too_costly` or `busy`.
    pub too_costly: AtomicU64,
    /// Requests refused for a per-address limit.
    pub limited: AtomicU64,
    /// Other refused requests (bad messages, moves out of turn, …).
    pub refused: AtomicU64,
    /// Games closed as abandoned.
    pub abandoned: AtomicU64,
    /// Games this node took over from a node whose lease had run out.
    pub takeovers: AtomicU64,
    /// Games this node handed over to another node that was asked for them.
    pub handovers: AtomicU64,
    /// From a `fire` read off the socket to its answer queued for the players.
    pub shot_seconds: Histogram,
    /// One store call, from asking to committed.
    pub store_seconds: Histogram,
}

impl Metrics {
    /// The text format, with `games` held in memory now, by the cluster node named
    /// `node` if the server is one, and what the group commit of moves has done.
    pub fn render(&self, games: usize, node: Option<&str>, moves: &CommitCounts) -> String {
        let mut out = String::new();
        let gauge = |out: &mut String, name: &str, help: &str, v: u64| {
            let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} gauge\n{name} {v}");
        };
        let counter = |out: &mut String, name: &str, help: &str, v: &AtomicU64| {
            let _ = writeln!(
                out,
                "# HELP {name} {help}\n# TYPE {name} counter\n{name} {}",
                v.load(Ordering::Relaxed)
            );
        };
        gauge(
            &mut out,
            "seabattle_games_open",
            "Games held in memory.",
            games as u64,
        );
        gauge(
            &mut out,
            "seabattle_connections_open",
            "WebSocket connections open.",
            self.connections.load(Ordering::Relaxed),
        );
        counter(
            &mut out,
            "seabattle_games_created_total",
            "Games created.",
            &self.games_created,
        );
        counter(
            &mut out,
            "seabattle_shots_total",
            "Shots answered.",
            &self.shots,
        );
        counter(
            &mut out,
            "seabattle_refused_too_costly_total",
            "Requests refused as too costly or with the pool busy.",
            &self.too_costly,
        );
        counter(
            &mut out,
            "seabattle_refused_limit_total",
            "Requests refused for a per-address limit.",
            &self.limited,
        );
        counter(
            &mut out,
            "seabattle_refused_other_total",
            "Other refused requests.",
            &self.refused,
        );
        counter(
            &mut out,
            "seabattle_games_abandoned_total",
            "Games closed as abandoned.",
            &self.abandoned,
        );
        if let Some(node) = node {
            let _ = writeln!(
                out,
                "# HELP seabattle_node_games Games this node owns and holds in memory.\n\
                 # TYPE seabattle_node_games gauge\nseabattle_node_games{{node=\"{node}\"}} {games}"
            );
            counter(
                &mut out,
                "seabattle_takeovers_total",
                "Games taken over from a node whose lease ran out.",
                &self.takeovers,
            );
            counter(
                &mut out,
                "seabattle_handovers_total",
                "Games handed over to another node that was asked for them.",
                &self.handovers,
            );
        }
        counter(
            &mut out,
            "seabattle_move_commits_total",
            "Transactions that stored moves (one group commit holds many games' moves).",
            &moves.commits,
        );
        counter(
            &mut out,
            "seabattle_move_appends_total",
            "Games' moves stored (a volley with what it caused is one).",
            &moves.appends,
        );
        self.shot_seconds.render(
            &mut out,
            "seabattle_shot_seconds",
            "Time from a fire message read to its answer sent.",
        );
        self.store_seconds.render(
            &mut out,
            "seabattle_store_seconds",
            "Time of one store call.",
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histograms_are_cumulative_and_rendered_as_prometheus_reads_them() {
        let m = Metrics::default();
        m.shot_seconds.observe(Duration::from_micros(300));
        m.shot_seconds.observe(Duration::from_millis(3));
        m.shot_seconds.observe(Duration::from_secs(9));
        m.shots.fetch_add(2, Ordering::Relaxed);
        let moves = CommitCounts::default();
        moves.commits.fetch_add(3, Ordering::Relaxed);
        let text = m.render(5, None, &moves);
        assert!(text.contains("seabattle_move_commits_total 3\n"), "{text}");
        assert!(text.contains("seabattle_games_open 5\n"), "{text}");
        assert!(text.contains("seabattle_shots_total 2\n"), "{text}");
        assert!(text.contains("seabattle_shot_seconds_bucket{le=\"0.0005\"} 1\n"));
        assert!(text.contains("seabattle_shot_seconds_bucket{le=\"0.005\"} 2\n"));
        assert!(text.contains("seabattle_shot_seconds_bucket{le=\"5\"} 2\n"));
        assert!(text.contains("seabattle_shot_seconds_bucket{le=\"+Inf\"} 3\n"));
        assert!(text.contains("seabattle_shot_seconds_count 3\n"));
        assert!(!text.contains("seabattle_node_games"), "{text}");
        let text = m.render(5, Some("n2"), &moves);
        assert!(
            text.contains("seabattle_node_games{node=\"n2\"} 5\n"),
            "{text}"
        );
        assert!(text.contains("seabattle_takeovers_total 0\n"), "{text}");
    }
}

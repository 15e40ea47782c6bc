//! [`run`]: a round robin between bots, played on `jobs` threads.

use crate::bot::{Bot, Unstarted};
use crate::duel::{Duel, play};
use crate::external::Limits;
use crate::fault::Fault;
use crate::schedule::{Fixture, pairs, round_robin};
use crate::spec::BotSpec;
use seabattle_core::Rules;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, mpsc};
use std::thread;

/// The settings of a round robin.
#[derive(Clone, Debug)]
pub struct Config {
    /// The rules of every game.
    pub rules: Rules,
    /// Games per pair of bots.
    pub games: usize,
    /// The seed: the same seed gives the same pairings, sides and dice.
    pub seed: u64,
    /// Threads playing games at once (at least 1).
    pub jobs: usize,
    /// Time limits for bot programs.
    pub limits: Limits,
}

/// A game played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// What was scheduled.
    pub fixture: Fixture,
    /// How it went; side [`seabattle_core::Player::One`] is `fixture.sides[0]`.
    pub duel: Duel,
}

/// Everything a round robin produced.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The bots' names, in the order given; a repeated name gets ` (2)`, ` (3)`….
    pub names: Vec<String>,
    /// The games in schedule order.
    pub games: Vec<Played>,
}

/// A run of consecutive games of one pair, played by one thread with one pair of bots
/// taken from the pool (restarted after a fault that leaves a program out of step).
struct Unit {
    bots: (usize, usize),
    fixtures: Vec<Fixture>,
}

/// Plays the round robin of `specs` under `config`. `progress(done, total)` is called
/// on this thread after each game. Each bot is started once here (to learn its name)
/// and kept: a run of games takes a started bot that is idle, or starts another when
/// every one is busy on another thread, and hands it back at the end; a bot that may be
/// out of step after a fault is killed and started afresh. Every process is killed
/// before `run` returns, and nothing a bot does can stop the league.
pub fn run(specs: &[BotSpec], config: &Config, progress: &mut dyn FnMut(usize, usize)) -> Report {
    let (names, pool) = probe(specs, config.limits);
    let fixtures = round_robin(specs.len(), config.games, config.seed);
    let jobs = config.jobs.max(1);
    let units = units(specs.len(), &fixtures, jobs);
    let total = fixtures.len();
    let next = AtomicUsize::new(0);
    let mut games = Vec::with_capacity(total);
    progress(0, total);
    thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<Played>();
        for _ in 0..jobs.min(units.len()) {
            let tx = tx.clone();
            let (units, next, pool) = (&units, &next, &pool);
            scope.spawn(move || {
                while let Some(unit) = units.get(next.fetch_add(1, Ordering::Relaxed)) {
                    play_unit(unit, pool, config, &tx);
                }
            });
        }
        drop(tx);
        for played in rx {
            games.push(played);
            progress(games.len(), total);
        }
    });
    games.sort_by_key(|p| (p.fixture.pair, p.fixture.round));
    Report { names, games }
}

/// The started bots not in use, by bot index, and the faults of those that could not be
/// started: those forfeit every game without being tried again.
struct Pool<'a> {
    specs: &'a [BotSpec],
    limits: Limits,
    unstartable: Vec<Option<Fault>>,
    idle: Mutex<Vec<Vec<Box<dyn Bot>>>>,
}

/// A bot taken from the [`Pool`], and whether it may go back (a stand-in for a bot that
/// failed to start may not).
struct Taken {
    bot: Box<dyn Bot>,
    reusable: bool,
}

impl Pool<'_> {
    /// Bot `i`: an idle one if there is one, else a fresh start.
    fn take(&self, i: usize) -> Taken {
        if let Some(f) = &self.unstartable[i] {
            let bot = Box::new(Unstarted::new(self.specs[i].to_string(), f.clone()));
            return Taken {
                bot,
                reusable: false,
            };
        }
        let idle = self.idle.lock().ok().and_then(|mut idle| idle[i].pop());
        match idle {
            Some(bot) => Taken {
                bot,
                reusable: true,
            },
            None => self.start(i),
        }
    }

    /// Bot `i`, started afresh.
    fn start(&self, i: usize) -> Taken {
        match self.specs[i].start(self.limits) {
            Ok(bot) => Taken {
                bot,
                reusable: true,
            },
            Err(f) => Taken {
                bot: Box::new(Unstarted::new(self.specs[i].to_string(), f)),
                reusable: false,
            },
        }
    }

    /// Hands bot `i` back for another run of games.
    fn give_back(&self, i: usize, taken: Taken) {
        if !taken.reusable {
            return;
        }
        if let Ok(mut idle) = self.idle.lock() {
            idle[i].push(taken.bot);
        }
    }
}

/// Each bot's name (builtins by their spec, programs by the name they give when started
/// here), and the pool holding the bots started.
fn probe(specs: &[BotSpec], limits: Limits) -> (Vec<String>, Pool<'_>) {
    let mut names: Vec<String> = Vec::with_capacity(specs.len());
    let mut faults = Vec::with_capacity(specs.len());
    let mut idle = Vec::with_capacity(specs.len());
    for spec in specs {
        let (given, fault, started) = match spec.start(limits) {
            Ok(bot) => (bot.name().to_string(), None, vec![bot]),
            Err(f) => (spec.to_string(), Some(f), Vec::new()),
        };
        let mut name = given.clone();
        let mut k = 1;
        while names.contains(&name) {
            k += 1;
            name = format!("{given} ({k})");
        }
        names.push(name);
        faults.push(fault);
        idle.push(started);
    }
    let pool = Pool {
        specs,
        limits,
        unstartable: faults,
        idle: Mutex::new(idle),
    };
    (names, pool)
}

/// Cuts each pair's games (consecutive in `fixtures`) into about `2·jobs / pairs` runs,
/// so every thread has work.
fn units(bots: usize, fixtures: &[Fixture], jobs: usize) -> Vec<Unit> {
    let pairs = pairs(bots);
    if pairs.is_empty() {
        return Vec::new();
    }
    let per_pair = (2 * jobs).div_ceil(pairs.len()).max(1);
    let mut out = Vec::new();
    for games in fixtures.chunk_by(|x, y| x.pair == y.pair) {
        let size = games.len().div_ceil(per_pair);
        out.extend(games.chunks(size).map(|c| Unit {
            bots: pairs[c[0].pair],
            fixtures: c.to_vec(),
        }));
    }
    out
}

/// Plays one unit's games and sends each result.
fn play_unit(unit: &Unit, pool: &Pool, config: &Config, tx: &mpsc::Sender<Played>) {
    let (a, b) = unit.bots;
    let mut bots = [pool.take(a), pool.take(b)];
    for fixture in &unit.fixtures {
        let [x, y] = &mut bots;
        let (one, two) = if fixture.sides[0] == a {
            (x, y)
        } else {
            (y, x)
        };
        let duel = play(
            [one.bot.as_mut(), two.bot.as_mut()],
            &config.rules,
            fixture.dice(),
        );
        for (side, fault) in &duel.forfeits {
            let bot = fixture.sides[side.index()];
            if fault.kind.needs_restart() && pool.unstartable[bot].is_none() {
                let slot = usize::from(bot != a);
                // Drop the old process (killing it) before starting the new one.
                bots[slot].bot = Box::new(Unstarted::new("", fault.clone()));
                bots[slot] = pool.start(bot);
            }
        }
        let played = Played {
            fixture: *fixture,
            duel,
        };
        if tx.send(played).is_err() {
            break;
        }
    }
    let [x, y] = bots;
    pool.give_back(a, x);
    pool.give_back(b, y);
}

//! [`Standings`]: the table of a round robin, with Elo ratings, and its forfeits.

use crate::elo::{PRIOR_DRAWS, ratings};
use crate::fault::Fault;
use crate::round_robin::Report;

/// One bot's line of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// Its name.
    pub name: String,
    /// Games played.
    pub games: usize,
    /// Games won (by sinking the fleet or by the opponent's forfeit).
    pub wins: usize,
    /// Games lost (forfeits included).
    pub losses: usize,
    /// Games drawn (both sides forfeited).
    pub draws: usize,
    /// Games it forfeited, lost or drawn.
    pub forfeits: usize,
    /// The mean number of cells it fired in the games it won by sinking the fleet.
    pub mean_shots_to_win: Option<f64>,
    /// Its Elo rating; the mean over the bots is 0.
    pub elo: f64,
    /// One standard error of `elo`.
    pub elo_error: f64,
}

/// One forfeit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit {
    /// The bot that forfeited.
    pub bot: String,
    /// Its opponent.
    pub opponent: String,
    /// The game's pair and number within the pair (see [`crate::Fixture`]).
    pub pair: usize,
    /// The game's number within the pair.
    pub round: usize,
    /// Why.
    pub fault: Fault,
}

/// The table and the forfeits of a round robin.
#[derive(Clone, Debug, PartialEq)]
pub struct Standings {
    /// One line per bot, in the order given.
    pub bots: Vec<Standing>,
    /// Every forfeit, in schedule order.
    pub forfeits: Vec<Forfeit>,
}

impl Standings {
    /// Adds up `report`.
    pub fn from_report(report: &Report) -> Standings {
        let n = report.names.len();
        let mut bots: Vec<Standing> = report
            .names
            .iter()
            .map(|name| Standing {
                name: name.clone(),
                games: 0,
                wins: 0,
                losses: 0,
                draws: 0,
                forfeits: 0,
                mean_shots_to_win: None,
                elo: 0.0,
                elo_error: 0.0,
            })
            .collect();
        let mut score = vec![vec![0.0; n]; n];
        let mut games = vec![vec![0.0; n]; n];
        let mut win_shots = vec![(0usize, 0usize); n];
        let mut forfeits = Vec::new();
        for played in &report.games {
            let sides = played.fixture.sides;
            let duel = &played.duel;
            for s in sides {
                bots[s].games += 1;
            }
            games[sides[0]][sides[1]] += 1.0;
            games[sides[1]][sides[0]] += 1.0;
            match duel.winner {
                Some(w) => {
                    let (winner, loser) = (sides[w.index()], sides[w.other().index()]);
                    bots[winner].wins += 1;
                    bots[loser].losses += 1;
                    score[winner][loser] += 1.0;
                    if duel.forfeits.is_empty() {
                        win_shots[winner].0 += duel.shots[w.index()];
                        win_shots[winner].1 += 1;
                    }
                }
                None => {
                    for s in sides {
                        bots[s].draws += 1;
                    }
                    score[sides[0]][sides[1]] += 0.5;
                    score[sides[1]][sides[0]] += 0.5;
                }
            }
            for (p, fault) in &duel.forfeits {
                let (bot, opp) = (sides[p.index()], sides[p.other().index()]);
                bots[bot].forfeits += 1;
                forfeits.push(Forfeit {
                    bot: report.names[bot].clone(),
                    opponent: report.names[opp].clone(),
                    pair: played.fixture.pair,
                    round: played.fixture.round,
                    fault: fault.clone(),
                });
            }
        }
        let elo = ratings(&score, &games, PRIOR_DRAWS);
        for (i, b) in bots.iter_mut().enumerate() {
            let (shots, won) = win_shots[i];
            b.mean_shots_to_win = (won > 0).then(|| shots as f64 / won as f64);
            b.elo = elo[i].elo;
            b.elo_error = elo[i].error;
        }
        Standings { bots, forfeits }
    }
}

//! Elo ratings with error bars from pairwise results.
//!
//! The model is Elo's: player `i` scores `1 / (1 + 10^((r_j − r_i) / 400))` against
//! player `j` on average, as `skillratings`' [`expected_score`] has it. Ratings are the
//! maximum a posteriori estimate: every player's actual score against everyone equals
//! its expected score (a draw counts half a win for each side), with a prior of
//! [`PRIOR_DRAWS`] virtual drawn games between every pair, which keeps the ratings
//! finite when one bot wins every game. They are found by rating periods repeated until
//! nothing moves (each period moves a rating by its score above expectation, scaled by
//! how much its games tell), and anchored so that their mean is 0.
//!
//! `skillratings` gives Elo no error bar, so the error stays here: one standard error of
//! each rating about the mean, from the inverse of the curvature of the log posterior
//! at its peak (the Laplace approximation); ±2 errors is roughly a 95% interval.

use skillratings::elo::{EloRating, expected_score};

/// The virtual drawn games added between every pair of players.
pub const PRIOR_DRAWS: f64 = 1.0;

/// Elo points per natural unit of the logistic model: the slope of the expected score
/// in Elo points is `p (1 − p) / SCALE`.
const SCALE: f64 = 400.0 / std::f64::consts::LN_10;

/// Rating periods before giving up on convergence; a few dozen suffice in practice.
const MAX_PERIODS: usize = 10_000;

/// A rating and its standard error, in Elo points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating; the mean of all ratings is 0.
    pub elo: f64,
    /// One standard error.
    pub error: f64,
}

/// Ratings from `score[i][j]`, the points `i` scored against `j` (1 a win, ½ a draw),
/// and `games[i][j]`, the games they played, with `prior` virtual draws per pair.
/// Both matrices are square and of the same size; `games` is symmetric.
pub fn ratings(score: &[Vec<f64>], games: &[Vec<f64>], prior: f64) -> Vec<Rating> {
    let n = score.len();
    if n < 2 {
        return vec![
            Rating {
                elo: 0.0,
                error: 0.0
            };
            n
        ];
    }
    let off = |i: usize, j: usize, v: f64| if i == j { 0.0 } else { v };
    let score: Vec<Vec<f64>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| off(i, j, score[i][j] + prior / 2.0))
                .collect()
        })
        .collect();
    let games: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| off(i, j, games[i][j] + prior)).collect())
        .collect();
    let mut r = vec![EloRating { rating: 0.0 }; n];
    for _ in 0..MAX_PERIODS {
        let mut largest = 0.0f64;
        // One rating period per player, each seeing the others' newest ratings.
        for i in 0..n {
            let (mut above, mut weight) = (0.0, 0.0);
            for j in (0..n).filter(|&j| j != i) {
                let (p, _) = expected_score(&r[i], &r[j]);
                above += score[i][j] - games[i][j] * p;
                weight += games[i][j] * p * (1.0 - p);
            }
            if weight > 0.0 {
                let step = (SCALE * above / weight).clamp(-400.0, 400.0);
                r[i].rating += step;
                largest = largest.max(step.abs());
            }
        }
        if largest < 1e-9 {
            break;
        }
    }
    let mean = r.iter().map(|x| x.rating).sum::<f64>() / n as f64;
    let cov = covariance(&r, &games);
    (0..n)
        .map(|i| {
            let elo = r[i].rating - mean;
            Rating {
                // Within the convergence tolerance of 0 is 0, and +0: a table prints "-0"
                // for a rating a hair below.
                elo: if elo.abs() < 1e-6 { 0.0 } else { elo },
                error: cov[i].max(0.0).sqrt(),
            }
        })
        .collect()
}

/// Each rating's variance about the mean of all ratings, in Elo points squared: the
/// inverse of the negated Hessian of the log posterior in the free ratings `r[1..]`
/// (`r[0]` held fixed), then moved to the mean.
fn covariance(r: &[EloRating], games: &[Vec<f64>]) -> Vec<f64> {
    let n = r.len();
    let w = |i: usize, j: usize| {
        let (p, _) = expected_score(&r[i], &r[j]);
        games[i][j] * p * (1.0 - p)
    };
    let info: Vec<Vec<f64>> = (1..n)
        .map(|k| {
            (1..n)
                .map(|l| {
                    if k == l {
                        (0..n).filter(|&j| j != k).map(|j| w(k, j)).sum()
                    } else {
                        -w(k, l)
                    }
                })
                .collect()
        })
        .collect();
    let cov = inverse(&info).unwrap_or_else(|| vec![vec![0.0; n - 1]; n - 1]);
    let full = |i: usize, j: usize| {
        if i == 0 || j == 0 {
            0.0
        } else {
            cov[i - 1][j - 1] * SCALE * SCALE
        }
    };
    let nf = n as f64;
    let row_mean: Vec<f64> = (0..n)
        .map(|i| (0..n).map(|j| full(i, j)).sum::<f64>() / nf)
        .collect();
    let all_mean = row_mean.iter().sum::<f64>() / nf;
    (0..n)
        .map(|i| full(i, i) - 2.0 * row_mean[i] + all_mean)
        .collect()
}

/// The inverse of `a`, by Gauss–Jordan elimination; `None` if `a` is singular.
fn inverse(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut m: Vec<Vec<f64>> = a
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut r = row.clone();
            r.extend((0..n).map(|j| if i == j { 1.0 } else { 0.0 }));
            r
        })
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| m[x][col].abs().total_cmp(&m[y][col].abs()))?;
        if m[pivot][col].abs() < 1e-12 {
            return None;
        }
        m.swap(col, pivot);
        let p = m[col][col];
        m[col].iter_mut().for_each(|x| *x /= p);
        for r in 0..n {
            if r != col {
                let f = m[r][col];
                if f != 0.0 {
                    let pivot_row = m[col].clone();
                    m[r].iter_mut()
                        .zip(&pivot_row)
                        .for_each(|(x, y)| *x -= f * y);
                }
            }
        }
    }
    Some(m.into_iter().map(|row| row[n..].to_vec()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() < tol
    }

    #[test]
    fn two_players_match_the_closed_form() {
        // 75 wins in 100: the difference is 400·log10(3), its error 1/sqrt(N p (1−p)).
        let r = ratings(
            &[vec![0.0, 75.0], vec![25.0, 0.0]],
            &[vec![0.0, 100.0], vec![100.0, 0.0]],
            0.0,
        );
        let diff = 400.0 * 3f64.log10();
        assert!(close(r[0].elo, diff / 2.0, 1e-6), "{r:?}");
        assert!(close(r[1].elo, -diff / 2.0, 1e-6), "{r:?}");
        let se = SCALE / (100.0f64 * 0.75 * 0.25).sqrt();
        assert!(close(r[0].error, se / 2.0, 1e-6), "{r:?}");
        assert!(close(r[1].error, se / 2.0, 1e-6), "{r:?}");
    }

    #[test]
    fn a_clean_sweep_stays_finite_and_order_is_kept() {
        // 0 beats 1 beats 2, every game; 10 games per pair.
        let score = vec![
            vec![0.0, 10.0, 10.0],
            vec![0.0, 0.0, 10.0],
            vec![0.0, 0.0, 0.0],
        ];
        let games = vec![
            vec![0.0, 10.0, 10.0],
            vec![10.0, 0.0, 10.0],
            vec![10.0, 10.0, 0.0],
        ];
        let r = ratings(&score, &games, PRIOR_DRAWS);
        assert!(
            r.iter()
                .all(|x| x.elo.is_finite() && x.error.is_finite() && x.error > 0.0)
        );
        assert!(r[0].elo > r[1].elo && r[1].elo > r[2].elo, "{r:?}");
        assert!(close(r.iter().map(|x| x.elo).sum::<f64>(), 0.0, 1e-6));
        assert!(
            close(r[1].elo, 0.0, 1e-6),
            "symmetric results put the middle at 0"
        );
    }

    #[test]
    fn equal_players_rate_equal() {
        let r = ratings(
            &[vec![0.0, 5.0], vec![5.0, 0.0]],
            &[vec![0.0, 10.0], vec![10.0, 0.0]],
            1.0,
        );
        assert!(close(r[0].elo, 0.0, 1e-9) && close(r[1].elo, 0.0, 1e-9));
        assert_eq!(ratings(&[vec![0.0]], &[vec![0.0]], 1.0)[0].elo, 0.0);
    }
}

//! Elo ratings with error bars from pairwise results.
//!
//! The method: the Bradley–Terry model, in which player `i` beats player `j` with
//! probability `1 / (1 + 10^((r_j − r_i) / 400))`. Ratings are the maximum a posteriori
//! estimate: the likelihood of the results (a draw counts half a win for each side) times
//! a prior of [`PRIOR_DRAWS`] virtual drawn games between every pair, which keeps the
//! ratings finite when one bot wins every game. They are found by Newton's method and
//! anchored so that their mean is 0. The error is one standard error of each rating
//! about that mean, from the inverse of the curvature of the log posterior at its peak
//! (the Laplace approximation); ±2 errors is roughly a 95% interval.

/// The virtual drawn games added between every pair of players.
pub const PRIOR_DRAWS: f64 = 1.0;

/// Elo points per natural unit of the logistic model.
const SCALE: f64 = 400.0 / std::f64::consts::LN_10;

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
    let score: Vec<Vec<f64>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| {
                    if i == j {
                        0.0
                    } else {
                        score[i][j] + prior / 2.0
                    }
                })
                .collect()
        })
        .collect();
    let games: Vec<Vec<f64>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| if i == j { 0.0 } else { games[i][j] + prior })
                .collect()
        })
        .collect();
    // Player 0 is held at 0; the others move.
    let mut s = vec![0.0; n];
    for _ in 0..200 {
        let grad: Vec<f64> = (1..n)
            .map(|k| {
                (0..n)
                    .map(|j| score[k][j] - games[k][j] * win(s[k], s[j]))
                    .sum()
            })
            .collect();
        let info = information(&s, &games);
        let Some(step) = solve(&info, &grad) else {
            break;
        };
        let largest = step.iter().fold(0.0f64, |m, d| m.max(d.abs()));
        let damp = if largest > 2.0 { 2.0 / largest } else { 1.0 };
        for (k, d) in step.iter().enumerate() {
            s[k + 1] += d * damp;
        }
        if largest < 1e-10 {
            break;
        }
    }
    let info = information(&s, &games);
    let cov = inverse(&info).unwrap_or_else(|| vec![vec![0.0; n - 1]; n - 1]);
    // Σ of all n strengths (player 0 fixed), then the covariance about the mean.
    let full = |i: usize, j: usize| {
        if i == 0 || j == 0 {
            0.0
        } else {
            cov[i - 1][j - 1]
        }
    };
    let nf = n as f64;
    let row_mean: Vec<f64> = (0..n)
        .map(|i| (0..n).map(|j| full(i, j)).sum::<f64>() / nf)
        .collect();
    let all_mean = row_mean.iter().sum::<f64>() / nf;
    let mean = s.iter().sum::<f64>() / nf;
    (0..n)
        .map(|i| {
            let var = full(i, i) - 2.0 * row_mean[i] + all_mean;
            Rating {
                elo: (s[i] - mean) * SCALE,
                error: var.max(0.0).sqrt() * SCALE,
            }
        })
        .collect()
}

/// The probability that strength `a` beats strength `b`.
fn win(a: f64, b: f64) -> f64 {
    1.0 / (1.0 + (b - a).exp())
}

/// The negated Hessian of the log posterior in the free strengths `s[1..]`.
fn information(s: &[f64], games: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = s.len();
    let w = |i: usize, j: usize| {
        let p = win(s[i], s[j]);
        games[i][j] * p * (1.0 - p)
    };
    (1..n)
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
        .collect()
}

/// `x` with `a x = b`, by Gaussian elimination with partial pivoting; `None` if `a` is
/// singular.
fn solve(a: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let inv = inverse(a)?;
    Some(
        inv.iter()
            .map(|row| row.iter().zip(b).map(|(x, y)| x * y).sum())
            .collect(),
    )
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

//! The round robin: which games are played, by whom, on which side, with which dice.
//! Everything here follows from the seed alone, not from how the games are run.

/// One game of the round robin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fixture {
    /// The pair's number, in the order `(0,1), (0,2), …, (1,2), …`.
    pub pair: usize,
    /// The game's number within the pair, from 0.
    pub round: usize,
    /// The bots (by index) as player one, who shoots first, and player two.
    pub sides: [usize; 2],
    /// The game's seed; the bots' dice are drawn from it.
    pub seed: u64,
}

impl Fixture {
    /// The seeds of the two sides' dice.
    pub fn dice(&self) -> [u64; 2] {
        [mix(self.seed ^ 1), mix(self.seed ^ 2)]
    }
}

/// Every pair of `bots`, in order.
pub fn pairs(bots: usize) -> Vec<(usize, usize)> {
    (0..bots)
        .flat_map(|i| (i + 1..bots).map(move |j| (i, j)))
        .collect()
}

/// The round robin of `bots` with `games` games per pair: sides swap from one game to
/// the next, and the seed decides who of each pair shoots first in its first game.
pub fn round_robin(bots: usize, games: usize, seed: u64) -> Vec<Fixture> {
    let mut out = Vec::with_capacity(pairs(bots).len() * games);
    for (pair, (i, j)) in pairs(bots).into_iter().enumerate() {
        let pair_seed = mix(seed ^ mix(pair as u64));
        let flip = (pair_seed & 1) as usize;
        for round in 0..games {
            let sides = if (round + flip) % 2 == 0 {
                [i, j]
            } else {
                [j, i]
            };
            out.push(Fixture {
                pair,
                round,
                sides,
                seed: mix(pair_seed ^ mix(round as u64 + 1)),
            });
        }
    }
    out
}

/// SplitMix64's finaliser: a well-mixed 64-bit value from any other.
pub const fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pair_plays_with_sides_swapped() {
        let f = round_robin(3, 4, 9);
        assert_eq!(f.len(), 12);
        assert_eq!(pairs(3), vec![(0, 1), (0, 2), (1, 2)]);
        for pair in f.chunks(4) {
            for w in pair.windows(2) {
                assert_eq!(w[0].sides, [w[1].sides[1], w[1].sides[0]]);
            }
        }
        assert_eq!(f, round_robin(3, 4, 9));
        assert_ne!(
            round_robin(3, 4, 9)
                .iter()
                .map(|x| x.seed)
                .collect::<Vec<_>>(),
            round_robin(3, 4, 10)
                .iter()
                .map(|x| x.seed)
                .collect::<Vec<_>>()
        );
        // Over many seeds, both members of a pair get to start.
        let starts: Vec<usize> = (0..16).map(|s| round_robin(2, 1, s)[0].sides[0]).collect();
        assert!(starts.contains(&0) && starts.contains(&1), "{starts:?}");
    }
}

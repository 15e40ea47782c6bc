//! Each level's fixed rating per preset (issue 48): a level's play never changes, so
//! neither does its rating, and it anchors the scale people's ratings move on. The
//! figures are the levels' Elo among themselves (`seabattle league` with the four
//! builtin levels under each preset: Bradley–Terry, mean 0), shifted so that the four
//! levels' mean is 1500, where every new account starts. docs/levels.md says how they
//! were measured.

use crate::ratings::glicko::Rating;
use seabattle_bots::Level;
use seabattle_core::Preset;

/// The deviation a level's rating is held at: well inside [`PROVISIONAL_RD`], so it is
/// shown without «?», and small, so a person's rating moves against it as against an
/// established player.
///
/// [`PROVISIONAL_RD`]: crate::ratings::glicko::PROVISIONAL_RD
pub const DEVIATION: f64 = 50.0;

/// The levels' Elo among themselves under each preset (easy, medium, hard, expert;
/// mean 0), measured by `seabattle league --bot builtin:easy --bot builtin:medium --bot
/// builtin:hard --bot builtin:expert --rules PRESET --games N --seed 1` (N = 200 games a
/// pair under `classic`, 60 under the others; ± 13 to 30, docs/levels.md).
const ELO: [(Preset, [i32; 4]); 10] = [
    (Preset::Classic, [-245, -73, 136, 182]),
    (Preset::ClassicCorners, [-179, -40, 137, 82]),
    (Preset::ClassicBent, [-143, -62, 96, 109]),
    (Preset::Hasbro, [-110, -113, 113, 110]),
    (Preset::Big15, [-159, -20, 93, 86]),
    (Preset::Salvo, [-133, -29, -1, 164]),
    (Preset::Mines, [-203, -49, 61, 191]),
    (Preset::Minesweepers, [-236, -23, 82, 176]),
    (Preset::Submarines, [-267, -77, 130, 214]),
    (Preset::Dutchman, [-30, -94, 36, 87]),
];

/// Where the four levels' mean sits: a new account's rating.
const MEAN: f64 = 1500.0;

/// `level`'s rating under `preset`, which rated games never move.
pub fn rating(level: Level, preset: Preset) -> Rating {
    let elo = ELO
        .iter()
        .find(|(p, _)| *p == preset)
        .map_or(0, |(_, e)| e[index(level)]);
    Rating {
        rating: MEAN + f64::from(elo),
        deviation: DEVIATION,
        ..Rating::default()
    }
}

fn index(level: Level) -> usize {
    Level::ALL.iter().position(|l| *l == level).unwrap_or(0)
}

// A level is never provisional: its rating is shown without «?».
const _: () = assert!(DEVIATION < crate::ratings::glicko::PROVISIONAL_RD);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_has_the_levels_around_a_new_accounts_rating_never_provisional() {
        for preset in Preset::ALL {
            let r = Level::ALL.map(|l| rating(l, preset));
            let mean = r.iter().map(|r| r.rating).sum::<f64>() / 4.0;
            assert!((mean - MEAN).abs() < 2.0, "{preset:?}: mean {mean}");
            assert!(r.iter().all(|r| !r.provisional()), "{preset:?}");
        }
        // Under the classic rules, where the most games were played, in order.
        let classic = Level::ALL.map(|l| rating(l, Preset::Classic).rating);
        assert!(classic.windows(2).all(|w| w[0] < w[1]), "{classic:?}");
    }
}

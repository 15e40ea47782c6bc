//! `seabattle place`: print a legal board, or several (one opponent's games in a row,
//! for `seabattle bench --boards FILE --learn`).

use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_bots::PlacerKind;
use seabattle_core::{CoordSystem, Fleet, Grid, Rules, TooConstrained};
use std::process::ExitCode;

/// Arguments of `seabattle place`.
#[derive(clap::Args)]
pub struct Args {
    /// Rules preset, or custom rules such as "8x8 fleet=3,2,2,1".
    #[arg(long, default_value = "classic")]
    rules: Rules,
    /// Seed for a reproducible board; without it the board is drawn from OS entropy.
    #[arg(long)]
    seed: Option<u64>,
    /// Coordinate system of the header letters.
    #[arg(long, default_value = "latin")]
    coords: CoordSystem,
    /// Placement style: uniform (every legal board equally likely), edge, perelman,
    /// expert, reuser (two layouts again and again), hugger (every ship on the border),
    /// mirrorer (the reuser's layouts turned or mirrored), ship-by-ship (each ship
    /// dropped at random and dropped again until it fits, as hobby programs do), or a
    /// habit: half, corner,
    /// horizontal, apart, singles-in-corners, hug-light, hug-strong (one player's: the
    /// side or corner is drawn once for all the boards).
    #[arg(long, default_value = "uniform")]
    placer: PlacerKind,
    /// Boards to print, separated by blank lines (the format `bench --boards` reads).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    count: u32,
}

/// Draws and prints the board.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut rng = match args.seed {
        Some(s) => StdRng::seed_from_u64(s),
        None => rand::make_rng(),
    };
    if !args.coords.fits(args.rules.dims()) {
        anyhow::bail!(
            "the {} coordinate system names {} columns, the board has {}",
            args.coords,
            args.coords.max_columns(),
            args.rules.dims().width()
        );
    }
    crate::vet::drawable(&args.rules)?;
    let mut out = String::new();
    for (i, fleet) in draw(&args.rules, args.placer, args.count as usize, &mut rng)?
        .iter()
        .enumerate()
    {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&Grid::from_fleet(fleet).format(args.coords));
    }
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

/// `count` boards of one player of `placer`, in the order `place --count` prints them:
/// `place --seed S` and `bench --hasbro-report --seed S` draw the same boards.
pub(super) fn draw(
    rules: &Rules,
    placer: PlacerKind,
    count: usize,
    rng: &mut StdRng,
) -> Result<Vec<Fleet>, TooConstrained> {
    // One player: a habit's side or corner is the same for every board.
    let habit = placer.player(rng);
    (0..count)
        .map(|_| match habit {
            Some(h) => h.place(rules, rng),
            None => placer.place(rules, rng),
        })
        .collect()
}

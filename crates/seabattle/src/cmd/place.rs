//! `seabattle place`: print a uniformly drawn legal board.

use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_bots::PlacerKind;
use seabattle_core::{CoordSystem, Grid, Rules};
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
    /// Placement style: uniform (every legal board equally likely), edge or perelman.
    #[arg(long, default_value = "uniform")]
    placer: PlacerKind,
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
    let fleet = args.placer.place(&args.rules, &mut rng)?;
    let grid = Grid::from_fleet(&fleet);
    print!("{}", grid.format(args.coords));
    Ok(ExitCode::SUCCESS)
}

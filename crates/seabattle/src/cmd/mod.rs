//! One module per subcommand, and the histogram `bench --svg` draws.

pub mod account;
pub mod admin;
pub mod analyse;
pub mod audit;
pub mod backup;
pub mod bench;
mod bench_game;
mod bench_run;
pub mod bot;
mod challenge;
pub mod check;
mod cputime;
pub mod habits;
mod hasbro_report;
pub mod league;
pub mod learned;
pub mod place;
pub mod play;
pub mod serve;
pub mod svg;

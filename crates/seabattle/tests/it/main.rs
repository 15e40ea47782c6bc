//! The integration tests of `seabattle`, linked as one test binary (one module per
//! former binary) so that the crate's dependencies are linked once, not once per file.

mod admin_cli;
mod analyse_cli;
mod bot_cli;
mod cli;
mod league_cli;
mod login_cli;

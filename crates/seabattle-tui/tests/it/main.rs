//! The integration tests of `seabattle-tui`, linked as one test binary (one module per
//! former binary) so that the crate's dependencies are linked once, not once per file.

mod common;
mod dutchman;
mod frozen;
mod game;
mod online;
mod snapshots;
mod variants;

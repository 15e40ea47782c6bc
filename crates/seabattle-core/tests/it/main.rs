//! The integration tests of `seabattle-core`, linked as one test binary (one module per
//! former binary) so that the crate's dependencies are linked once, not once per file.

mod common;
mod dutchman;
mod fixtures;
mod game;
mod perft;
mod props;
mod uniform;
mod variants;

//! The integration tests of `seabattle-bots`, linked as one test binary (one module per
//! former binary) so that the crate's dependencies are linked once, not once per file.

mod analysis;
mod dutchman;
mod posterior;
mod shooters;

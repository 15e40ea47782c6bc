//! The integration tests of `seabattle-league`, linked as one test binary (one module per
//! former binary) so that the crate's dependencies are linked once, not once per file.

mod round_robin;

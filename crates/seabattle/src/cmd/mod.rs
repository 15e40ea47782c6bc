//! One module per subcommand.

pub mod audit;
pub mod bench;
pub mod check;
pub mod place;

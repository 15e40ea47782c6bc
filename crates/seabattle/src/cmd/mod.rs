//! One module per subcommand.

pub mod audit;
pub mod check;
pub mod place;

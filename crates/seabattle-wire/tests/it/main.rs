//! The integration tests of `seabattle-wire`, linked as one test binary (one module per
//! topic) so that the crate's dependencies are linked once, not once per file: every
//! message survives a trip through its text, and the examples of `docs/protocol.md`
//! read and write back byte for byte.

mod answers;
mod client_msgs;
mod documented;
mod fixtures;
mod parsing;
mod server_msgs;

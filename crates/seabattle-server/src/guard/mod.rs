//! What keeps one client from holding up the others: per-address limits, the rules'
//! vetting, the bounded work pool, and the pace of messages.

pub mod address;
pub mod pace;
pub mod vet;
pub mod work;

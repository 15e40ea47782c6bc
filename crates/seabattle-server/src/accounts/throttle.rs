//! How often an account may be tried: logins per address and per account, sign-ups per
//! address, each through the one rate limiter (`crate::guard::pace`). An attempt is
//! counted before its password is hashed, so attempts made at once cannot pass a limit
//! together; a login that succeeds gives its count back. A refused attempt is told when
//! to try again.

use crate::guard::pace::Rate;
use std::time::Duration;

/// Logins from one address: twenty at once, twenty more over each five minutes.
pub const LOGINS_PER_ADDRESS: Rate = Rate::per(20, Duration::from_secs(5 * 60));
/// Logins to one account, from anywhere: ten at once, ten more over each fifteen
/// minutes.
pub const LOGINS_PER_ACCOUNT: Rate = Rate::per(10, Duration::from_secs(15 * 60));
/// Sign-ups from one address: five at once, five more over each hour.
pub const SIGNUPS_PER_ADDRESS: Rate = Rate::per(5, Duration::from_secs(60 * 60));

//! Pages for players who come back, drawn on the server so they read without
//! JavaScript: the leaderboard `/top`, a profile `/u/NAME`, and "my games" as JSON for
//! the page (`/account/games`). Both pages are in Russian or English (`?lang=`, else
//! the request's `Accept-Language`) and fit a phone.

pub mod chart;
pub mod html;
pub mod learned;
pub mod mine;
pub mod profile;
pub mod store;
pub mod top;
pub mod words;

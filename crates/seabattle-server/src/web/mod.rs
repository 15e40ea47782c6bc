//! The web: HTTP routes, the page's assets, link previews, the install files, the
//! players' pages, finished games' downloads, and the WebSocket each player plays over.

pub mod assets;
pub mod encoding;
pub mod error;
pub mod extract;
pub mod http;
pub mod install;
pub mod players;
pub mod preview;
pub mod qr;
pub mod records;
pub mod upgrade;
pub mod ws;

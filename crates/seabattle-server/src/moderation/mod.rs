//! Moderation (issue 51): what keeps a public site fit to play on. Players report and
//! block each other; moderators, a role the operator grants, act on reports (warn,
//! mute, mark as an engine, force a rename, close an account or an arena, disable a
//! BOT), and every action is appended to a log nobody edits. The operator does the
//! same from a shell (`seabattle admin`, [`operator`]). Names with a forbidden word,
//! look-alike letters folded, are refused at sign-up, rename and arena creation
//! ([`words`]).

pub mod act;
pub mod apart;
pub mod blocks;
pub mod chat;
pub mod chat_log;
pub mod desk;
pub mod dossier;
pub mod http;
pub mod operator;
pub mod operator_watch;
pub mod rename;
pub mod reports;
pub mod store;
pub mod words;

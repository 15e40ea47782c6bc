//! The game server's integration tests (real servers on port 0, driven over HTTP and
//! WebSocket), linked as one test binary so that axum, SQLite and PostgreSQL are linked
//! once, not once per file. The timed attacks stay apart, in `tests/stall.rs`.

mod accounts;
mod analysis;
mod app;
mod arenas;
mod backup;
mod bad_messages;
mod blocks;
mod bot_program;
mod bots;
mod chat;
mod cluster;
mod common;
mod computer;
mod daily;
mod dutchman;
mod frames;
mod friend;
mod http_errors;
mod leaderboard;
mod learning;
mod levels;
mod meet;
mod mod_desk;
mod moderation;
mod one_pool;
mod pieces;
mod players;
mod pool;
mod ratings;
mod resume;
mod signed_out;
mod storage;
mod web;

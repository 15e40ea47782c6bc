//! Where the bridge connects, and as whom: the server's WebSocket address and the BOT's
//! API token, sent in the `Authorization` header of every socket (never in a URL).

use anyhow::{Context, bail};
use seabattle_client::{ConnectOptions, Connection};
use seabattle_tui::online::ServerMsg;
use seabattle_tui::online::account::{self, AccountError, ArenaStep, ServerOrigin};
use std::time::Duration;

/// The server and the token.
#[derive(Clone)]
pub struct Link {
    /// `ws://HOST:PORT/ws`.
    pub url: String,
    /// `http://HOST:PORT`, for the arenas' requests.
    origin: ServerOrigin,
    token: String,
}

/// The token stays out of every debug print.
impl std::fmt::Debug for Link {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Link")
            .field("url", &self.url)
            .finish_non_exhaustive()
    }
}

impl Link {
    /// The server at `server` (`http://HOST:PORT` or `ws://HOST:PORT`) as the BOT whose
    /// token is the first line of `token_file`.
    pub fn new(server: &str, token_file: &std::path::Path) -> anyhow::Result<Link> {
        let (url, http) = seabattle_tui::online::server_urls(server)
            .with_context(|| format!("--server {server}"))?;
        let origin = ServerOrigin::parse(&http).with_context(|| format!("--server {server}"))?;
        let text = std::fs::read_to_string(token_file)
            .with_context(|| format!("--token-file {}: cannot read it", token_file.display()))?;
        let token = text.lines().next().unwrap_or("").trim().to_string();
        if token.is_empty() {
            bail!(
                "--token-file {}: its first line is empty; put the BOT's API token there",
                token_file.display()
            );
        }
        if token.chars().any(|c| c.is_whitespace() || c.is_control()) {
            bail!(
                "--token-file {}: the token on its first line has spaces or control characters",
                token_file.display()
            );
        }
        Ok(Link { url, origin, token })
    }

    /// Joins the arena `arena` (or comes back to it), or pauses in it, as the BOT.
    pub async fn arena(&self, arena: &str, step: ArenaStep) -> Result<(), AccountError> {
        account::arena_as_bot(&self.origin, &self.token, arena, step).await
    }

    /// A new socket acting for the BOT, past its `welcome`.
    pub async fn connect(&self) -> anyhow::Result<Connection> {
        let options =
            ConnectOptions::new().header("Authorization", &format!("Bearer {}", self.token));
        let mut c = Connection::connect_with(&self.url, &options).await?;
        let account = c
            .recv_map(Duration::from_secs(10), |m| match m {
                ServerMsg::Welcome { account, .. } => Some(account),
                _ => None,
            })
            .await
            .context("waiting for the server's welcome")?;
        if account.is_none() {
            bail!("the server took the socket but not as the BOT (an old server?)");
        }
        Ok(c)
    }
}

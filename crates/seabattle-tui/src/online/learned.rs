//! The player's key and what the computer learned under it (`docs/protocol.md`,
//! "Players and what the computer learns"): the key is kept in a file only its owner
//! may read, and the server is asked with `learned` and `forget`.

use super::net::dropped;
use crate::error::TuiError;
use rand::Rng;
use seabattle_client::{Connection as Socket, ConnectionError};
use seabattle_wire::{ClientMsg, LearnedJson, ServerMsg};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Where the key is kept: `$XDG_CONFIG_HOME/seabattle/player`, else
/// `~/.config/seabattle/player`.
pub fn key_path() -> Result<PathBuf, TuiError> {
    let config = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))
        .ok_or_else(|| {
            TuiError::Setup("no config directory: set XDG_CONFIG_HOME or HOME".into())
        })?;
    Ok(config.join("seabattle").join("player"))
}

/// The key in the file at `path`, made (32 random bytes in base64url) and written,
/// readable by its owner only, if there is none yet.
pub fn player_key_at(path: &Path) -> Result<String, TuiError> {
    let io = |what: &str, e: std::io::Error| {
        TuiError::Setup(format!("player key {}: {what}: {e}", path.display()))
    };
    match std::fs::read_to_string(path) {
        Ok(text) => {
            let key = text.trim();
            return seabattle_wire::player_key(key)
                .map(str::to_string)
                .map_err(|e| TuiError::Setup(format!("{}: {}", path.display(), e.message)));
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(io("cannot read", e)),
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| io("cannot make its directory", e))?;
    }
    let key = new_key();
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // A secret: nobody else on the machine may read it.
        options.mode(0o600);
    }
    let mut file = options.open(path).map_err(|e| io("cannot create", e))?;
    std::io::Write::write_all(&mut file, format!("{key}\n").as_bytes())
        .map_err(|e| io("cannot write", e))?;
    Ok(key)
}

/// The key in [`key_path`], made on first use.
pub fn player_key() -> Result<String, TuiError> {
    player_key_at(&key_path()?)
}

/// 32 random bytes in base64url without padding: 43 characters.
fn new_key() -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut bytes = [0u8; 32];
    // StdRng is a cryptographic generator, seeded from the system's.
    let mut rng: rand::rngs::StdRng = rand::make_rng();
    rng.fill_bytes(&mut bytes);
    let mut out = String::with_capacity(43);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[(n >> (18 - 6 * i)) as usize & 63]));
        }
    }
    out
}

/// Sends `message` (a `learned` or `forget`) to the server at `url` and returns its
/// answer, waiting up to `wait`.
pub fn ask(url: &str, message: ClientMsg, wait: Duration) -> Result<ServerMsg, TuiError> {
    let (ws_url, _) = super::server_urls(url)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let exchange = async {
            let mut ws = Socket::connect(&ws_url)
                .await
                .map_err(|e| TuiError::Server(format!("{ws_url}: {e}")))?;
            ws.send(&message)
                .await
                .map_err(|e| TuiError::Server(dropped(e)))?;
            loop {
                match ws.recv().await {
                    Ok(m @ (ServerMsg::Learned { .. } | ServerMsg::Forgotten { .. })) => {
                        let _ = ws.close().await;
                        return Ok(m);
                    }
                    Ok(ServerMsg::Error { message, .. }) => return Err(TuiError::Server(message)),
                    Ok(_) | Err(ConnectionError::Unreadable { .. }) => {}
                    Err(e) => return Err(TuiError::Server(dropped(e))),
                }
            }
        };
        tokio::time::timeout(wait, exchange)
            .await
            .unwrap_or_else(|_| {
                Err(TuiError::Server(format!(
                    "no answer within {} s",
                    wait.as_secs()
                )))
            })
    })
}

/// Shades from a cell no past fleet used to one every past fleet used.
const SHADES: [char; 6] = ['·', '░', '▒', '▓', '█', '█'];

/// A history as text: the rules, the count of fleets, and the heat map with column
/// letters and row numbers (Latin), one shade per cell.
pub fn heat_text(h: &LearnedJson) -> String {
    let width = usize::from(h.width);
    let mut out = format!("{}: {} fleet(s)\n    ", h.rules, h.fleets.len());
    for c in 0..h.width {
        out.push(char::from(b'a' + c));
        out.push(' ');
    }
    out.push('\n');
    for r in 0..usize::from(h.height) {
        out.push_str(&format!("{:>3} ", r + 1));
        for c in 0..width {
            let v = h.heat.get(r * width + c).copied().unwrap_or(0.0);
            let shade = (v.clamp(0.0, 1.0) * 4.0).round() as usize;
            out.push(SHADES[shade]);
            out.push(' ');
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_made_once_private_and_valid() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("seabattle").join("player");
        let key = player_key_at(&path).unwrap();
        assert_eq!(key.len(), 43);
        assert!(seabattle_wire::player_key(&key).is_ok());
        assert_eq!(player_key_at(&path).unwrap(), key, "kept");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::write(&path, "not a key").unwrap();
        let e = player_key_at(&path).unwrap_err().to_string();
        assert!(e.contains("22 to 64"), "{e}");
    }

    #[test]
    fn the_heat_map_shades_cells_by_share() {
        let h = LearnedJson {
            rules: "5x5".into(),
            width: 5,
            height: 5,
            fleets: vec![vec!["a1-c1".into()]],
            heat: (0..25).map(|i| if i < 3 { 1.0 } else { 0.0 }).collect(),
            habit: None,
        };
        let text = heat_text(&h);
        assert!(
            text.starts_with("5x5: 1 fleet(s)\n    a b c d e \n  1 █ █ █ · · \n"),
            "{text}"
        );
    }
}

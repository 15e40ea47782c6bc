//! The sessions `seabattle login` opened, one per server: a file beside the player's
//! key, readable and writable by its owner only, one `ORIGIN TOKEN` line per server.
//! The tokens are secrets: the file is created with mode 0600 (never loosened
//! afterwards, so there is no moment it can be read by others), replaced whole on
//! each change, and no error message quotes a line of it.

use super::learned::key_path;
use crate::error::TuiError;
use seabattle_client::account::{ServerOrigin, SessionToken};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Where the sessions are kept: `$XDG_CONFIG_HOME/seabattle/sessions`, else
/// `~/.config/seabattle/sessions`.
pub fn sessions_path() -> Result<PathBuf, TuiError> {
    Ok(key_path()?.with_file_name("sessions"))
}

const HEADER: &str =
    "# seabattle sessions (seabattle login): one \"ORIGIN TOKEN\" line per server. Secret.\n";

/// The sessions, by server.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Sessions {
    by_server: BTreeMap<ServerOrigin, SessionToken>,
}

impl Sessions {
    /// The sessions in the file at `path`; none if there is no file.
    pub fn load(path: &Path) -> Result<Sessions, TuiError> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Sessions::default()),
            Err(e) => {
                return Err(TuiError::Setup(format!(
                    "sessions {}: cannot read: {e}",
                    path.display()
                )));
            }
        };
        let mut by_server = BTreeMap::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            // The line is not quoted: it holds a token.
            let bad = |why: &str| {
                TuiError::Setup(format!(
                    "sessions {} line {}: {why}; log in again or delete the line",
                    path.display(),
                    i + 1
                ))
            };
            let (origin, token) = line
                .split_once(char::is_whitespace)
                .ok_or_else(|| bad("expected ORIGIN TOKEN"))?;
            let origin = ServerOrigin::parse(origin).map_err(|_| bad("not an http:// origin"))?;
            let token =
                SessionToken::parse(token.trim()).ok_or_else(|| bad("not a session token"))?;
            by_server.insert(origin, token);
        }
        Ok(Sessions { by_server })
    }

    /// The session on `server`, if there is one.
    pub fn get(&self, server: &ServerOrigin) -> Option<&SessionToken> {
        self.by_server.get(server)
    }

    /// Keeps `token` as the session on `server`, in place of any other.
    pub fn set(&mut self, server: ServerOrigin, token: SessionToken) {
        self.by_server.insert(server, token);
    }

    /// Forgets the session on `server`: the one forgotten, if there was one.
    pub fn remove(&mut self, server: &ServerOrigin) -> Option<SessionToken> {
        self.by_server.remove(server)
    }

    /// Writes the sessions to `path`, replacing the file whole: a new file made with
    /// mode 0600 beside it, then renamed over it. Makes the directory (mode 0700) if
    /// there is none.
    pub fn save(&self, path: &Path) -> Result<(), TuiError> {
        let io = |what: &str, e: std::io::Error| {
            TuiError::Setup(format!("sessions {}: {what}: {e}", path.display()))
        };
        if let Some(dir) = path.parent() {
            let mut builder = std::fs::DirBuilder::new();
            builder.recursive(true);
            #[cfg(unix)]
            {
                use std::os::unix::fs::DirBuilderExt;
                builder.mode(0o700);
            }
            builder
                .create(dir)
                .map_err(|e| io("cannot make its directory", e))?;
        }
        let mut text = String::from(HEADER);
        for (server, token) in &self.by_server {
            text.push_str(&format!("{server} {}\n", token.secret()));
        }
        let fresh = path.with_extension("new");
        // A file left by a write that was cut short may have any mode: it goes, and
        // the new one is created with the right mode from its first byte.
        match std::fs::remove_file(&fresh) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(io("cannot remove the old temporary file", e));
            }
            _ => {}
        }
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let mut file = options.open(&fresh).map_err(|e| io("cannot create", e))?;
        file.write_all(text.as_bytes())
            .and_then(|()| file.sync_all())
            .map_err(|e| io("cannot write", e))?;
        std::fs::rename(&fresh, path).map_err(|e| io("cannot replace", e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn origin(s: &str) -> ServerOrigin {
        ServerOrigin::parse(s).unwrap()
    }

    fn token(digit: char) -> SessionToken {
        SessionToken::parse(&digit.to_string().repeat(64)).unwrap()
    }

    #[test]
    fn sessions_are_kept_one_per_server_in_a_file_only_its_owner_reads() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("seabattle").join("sessions");
        assert_eq!(Sessions::load(&path).unwrap(), Sessions::default());
        let mut s = Sessions::default();
        s.set(origin("http://a:1"), token('1'));
        s.set(origin("http://b:2"), token('2'));
        s.set(origin("http://A:1/"), token('3'));
        s.save(&path).unwrap();
        let back = Sessions::load(&path).unwrap();
        assert_eq!(back, s);
        assert_eq!(back.get(&origin("http://a:1")), Some(&token('3')));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode(&path), 0o600);
            assert_eq!(mode(path.parent().unwrap()), 0o700);
        }
        let mut s = back;
        assert_eq!(s.remove(&origin("http://b:2")), Some(token('2')));
        s.save(&path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), 1);
        assert!(!path.with_extension("new").exists());
    }

    #[test]
    fn a_bad_line_is_named_and_not_quoted() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sessions");
        std::fs::write(&path, "# c\n\nhttp://a:1 secretbutshort\n").unwrap();
        let e = Sessions::load(&path).unwrap_err().to_string();
        assert!(e.contains("line 3: not a session token"), "{e}");
        assert!(!e.contains("secretbutshort"), "{e}");
        std::fs::write(&path, "ws://a:1 x\n").unwrap();
        let e = Sessions::load(&path).unwrap_err().to_string();
        assert!(e.contains("line 1: not an http:// origin"), "{e}");
    }
}

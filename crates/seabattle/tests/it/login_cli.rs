//! `seabattle login` and `logout` against a real server: the session is kept in a file
//! only its owner reads, a socket opened with it is accepted as the account's, and
//! each refusal (wrong password, throttling, no server) is said in words.

use seabattle_client::account::{self, AccountError, ServerOrigin, SessionToken};
use seabattle_client::{ConnectOptions, Connection, ConnectionError};
use seabattle_server::{Config, DbUrl, Server, launch};
use seabattle_tui::online::sessions::Sessions;
use seabattle_wire::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

async fn server(dir: &Path) -> Server {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let config = Config::new(DbUrl::Sqlite(dir.join("g.db")));
    launch(listener, config).await.unwrap()
}

/// Signs `name` up, as the server's page would.
async fn sign_up(server: &ServerOrigin, name: &str, password: &str) {
    account::sign_up(server, name, password).await.unwrap();
}

/// Runs `seabattle ARGS` with the config directory `config`, `env` and `stdin`, off
/// the async threads (the server runs on them).
async fn seabattle(args: &[&str], config: &Path, env: &[(&str, &str)], stdin: &str) -> Output {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let env: Vec<(String, String)> = env
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let (config, stdin) = (config.to_path_buf(), stdin.to_string());
    tokio::task::spawn_blocking(move || {
        let mut child = Command::new(env!("CARGO_BIN_EXE_seabattle"))
            .args(&args)
            .env("XDG_CONFIG_HOME", &config)
            .env_remove("SEABATTLE_PASSWORD")
            .env_remove("SEABATTLE_NAME")
            .envs(env)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(stdin.as_bytes())
            .unwrap();
        child.wait_with_output().unwrap()
    })
    .await
    .unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn sessions_file(config: &Path) -> PathBuf {
    config.join("seabattle").join("sessions")
}

/// Opens a socket with `options` and says hello: the server's answer to a ping.
async fn ping(server: &ServerOrigin, options: &ConnectOptions) -> Result<(), ConnectionError> {
    let url = format!("ws://{}/ws", server.authority());
    let mut c = Connection::connect_with(&url, options).await?;
    c.send(&ClientMsg::Hello {
        v: PROTOCOL_VERSION,
    })
    .await?;
    c.send(&ClientMsg::Ping).await?;
    c.recv_until(Duration::from_secs(10), |m| matches!(m, ServerMsg::Pong))
        .await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn login_keeps_the_session_in_a_private_file_and_the_socket_is_the_accounts() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(dir.path()).await;
    let server = ServerOrigin::parse(&format!("http://{}", s.addr())).unwrap();
    let url = format!("ws://{}", s.addr());
    sign_up(&server, "Алиса", "correct horse").await;
    let config = dir.path().join("config");

    // A wrong password: said so, nothing kept.
    let wrong = seabattle(
        &[
            "login",
            "--server",
            &url,
            "--name",
            "алиса",
            "--password-stdin",
        ],
        &config,
        &[],
        "wrong horse\n",
    )
    .await;
    assert_eq!(wrong.status.code(), Some(2), "{}", text(&wrong));
    assert!(
        text(&wrong).contains("wrong name or password"),
        "{}",
        text(&wrong)
    );
    assert!(!sessions_file(&config).exists());

    // The right one, from the environment as a script gives it.
    let ok = seabattle(
        &["login", "--server", &url],
        &config,
        &[
            ("SEABATTLE_NAME", "алиса"),
            ("SEABATTLE_PASSWORD", "correct horse"),
        ],
        "",
    )
    .await;
    assert_eq!(ok.status.code(), Some(0), "{}", text(&ok));
    assert!(
        text(&ok).contains(&format!("signed in to {server} as Алиса")),
        "{}",
        text(&ok)
    );
    let path = sessions_file(&config);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
    let token = Sessions::load(&path)
        .unwrap()
        .get(&server)
        .cloned()
        .unwrap();
    assert!(
        !text(&ok).contains(token.secret()),
        "the token is never shown"
    );
    assert_eq!(account::whoami(&server, &token).await.unwrap(), "Алиса");

    // The socket with the session and the server's own origin is accepted; without
    // the origin the server refuses it, so it did see the session.
    ping(&server, &ConnectOptions::new().session(&server, &token))
        .await
        .unwrap();
    let cookie_only = ConnectOptions::new().header("Cookie", &token.cookie());
    let refused = ping(&server, &cookie_only).await.unwrap_err();
    assert!(
        matches!(refused, ConnectionError::Refused(403)),
        "{refused}"
    );

    // Signing out ends the session on the server and forgets it here.
    let out = seabattle(&["logout", "--server", &url], &config, &[], "").await;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(text(&out).contains(&format!("signed out of {server}")));
    assert_eq!(Sessions::load(&path).unwrap().get(&server), None);
    assert_eq!(
        account::whoami(&server, &token).await,
        Err(AccountError::SignedOut)
    );
    let again = seabattle(&["logout", "--server", &url], &config, &[], "").await;
    assert!(text(&again).contains("not signed in"), "{}", text(&again));
    let _ = s.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn throttling_and_a_missing_server_are_said_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(dir.path()).await;
    let server = ServerOrigin::parse(&format!("http://{}", s.addr())).unwrap();
    sign_up(&server, "Боб", "correct horse").await;
    let config = dir.path().join("config");
    // Ten failures on one account, then it is throttled.
    for _ in 0..10 {
        let e = account::login(&server, "боб", "wrong horse").await;
        assert_eq!(e.unwrap_err(), AccountError::WrongCredentials);
    }
    let env = [("SEABATTLE_PASSWORD", "correct horse")];
    let args = ["login", "--server", server.as_str(), "--name", "боб"];
    let throttled = seabattle(&args, &config, &env, "").await;
    assert_eq!(throttled.status.code(), Some(2));
    let words = text(&throttled);
    assert!(
        words.contains("too many failed attempts; try again in ") && words.contains(" s"),
        "{words}"
    );
    let _ = s.shutdown().await;

    // No server there any more.
    let gone = seabattle(&args, &config, &env, "").await;
    assert_eq!(gone.status.code(), Some(2));
    assert!(
        text(&gone).contains("cannot reach the server"),
        "{}",
        text(&gone)
    );

    // A token the file holds for a server is sent only to that server: another port
    // is another origin.
    let mut kept = Sessions::default();
    let token = SessionToken::parse(&"a".repeat(64)).unwrap();
    kept.set(server.clone(), token);
    let path = sessions_file(&config);
    kept.save(&path).unwrap();
    let other = ServerOrigin::parse("http://127.0.0.1:1").unwrap();
    assert_eq!(Sessions::load(&path).unwrap().get(&other), None);
}

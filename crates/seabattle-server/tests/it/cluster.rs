//! Many nodes on one PostgreSQL: a game has one owner at a time, a write from a node
//! that lost it is refused, a game moves to the node its players reach, and the random
//! queue pairs players connected to different nodes. Skipped without
//! `SEABATTLE_TEST_POSTGRES`.

use crate::common::{
    Client, ErrorCode, ServerMsg, fast_limits, friends, joined, no_arenas, postgres_url, until,
    until_battle,
};
use seabattle_client::msg;
use seabattle_core::Player;
use seabattle_server::{
    Claim, Config, DbUrl, GameId, MoveKind, Server, StoreError, StoredGame, StoredMove, launch,
    open_store,
};
use seabattle_wire::Opponent;

/// Names new to the shared database on every run.
fn fresh(prefix: &str) -> String {
    let n = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("{prefix}{n}")
}

/// Ends the lease of every run of the node `name`, as if it had stopped renewing it (it
/// was killed, or cut off from the database).
fn lapse(url: &str, name: &str) {
    let mut c = postgres::Client::connect(url, postgres::NoTls).unwrap();
    c.execute(
        "UPDATE nodes SET lease_until = now() - interval '1 second' WHERE name = $1",
        &[&name],
    )
    .unwrap();
}

async fn node(url: &str, name: &str) -> Server {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let mut config = Config::new(DbUrl::Postgres(url.to_string()));
    config.limits = fast_limits();
    config.arena_schedule = no_arenas();
    config.node = name.to_string();
    launch(listener, config).await.unwrap()
}

#[test]
fn two_nodes_never_both_write_one_game() {
    let Some(url) = postgres_url() else {
        return;
    };
    let (na, nb) = (fresh("a"), fresh("b"));
    let a = open_store(&DbUrl::Postgres(url.clone()), &na).unwrap();
    let b = open_store(&DbUrl::Postgres(url.clone()), &nb).unwrap();
    let id = GameId::random();
    a.create(&StoredGame::new(
        id.clone(),
        "classic".into(),
        "friend".into(),
        None,
    ))
    .unwrap();
    a.take_seat(&id, Player::One, "one").unwrap();
    // While a's lease stands, b cannot take the game.
    let held = b.cluster().unwrap().acquire(&id).unwrap();
    assert!(matches!(held, Claim::Held { .. }), "{held:?}");
    // a is cut off (its lease runs out) but still believes it owns the game.
    lapse(&url, &na);
    assert_eq!(
        b.cluster().unwrap().acquire(&id).unwrap(),
        Claim::Owned { took_over: true }
    );
    let mv = StoredMove {
        player: Player::One,
        kind: MoveKind::Resign,
        shots: String::new(),
    };
    assert!(matches!(
        a.take_seat(&id, Player::Two, "from-a"),
        Err(StoreError::Fenced { .. })
    ));
    assert!(matches!(
        a.append(&id, 0, &mv),
        Err(StoreError::Fenced { .. })
    ));
    assert!(!a.cluster().unwrap().holds(&id));
    b.take_seat(&id, Player::Two, "from-b").unwrap();
    b.append(&id, 0, &mv).unwrap();
    let stored = b.load(&id).unwrap().unwrap();
    assert_eq!(stored.tokens[1].as_deref(), Some("from-b"));
    assert_eq!(stored.moves, vec![mv]);
    // a comes back: it cannot take the game from b while b's lease stands.
    a.cluster().unwrap().heartbeat().unwrap();
    let held = a.cluster().unwrap().acquire(&id).unwrap();
    assert!(matches!(held, Claim::Held { .. }), "{held:?}");
    // A node that leaves hands its games back: anyone may take them at once.
    b.cluster().unwrap().retire().unwrap();
    assert_eq!(
        a.cluster().unwrap().acquire(&id).unwrap(),
        Claim::Owned { took_over: false }
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_moves_to_the_node_its_player_reaches_and_play_goes_on() {
    let Some(url) = postgres_url() else {
        return;
    };
    let (n1, n2) = (node(&url, &fresh("n")).await, node(&url, &fresh("n")).await);
    let (mut a, mut b, game, [token_a, token_b]) =
        friends(n1.addr(), msg::new_game(Opponent::Friend)).await;
    a.send(msg::place_random(&game)).await;
    b.send(msg::place_random(&game)).await;
    until_battle(&mut a).await;
    drop(b);
    // b comes back through another node: the game moves there, and n1 sends a on.
    let mut b = Client::connect_to(n2.addr(), &format!("/ws?game={game}")).await;
    b.send(msg::resume(&game, &token_b)).await;
    joined(&mut b).await;
    let (_, frame) = a.read_to_close().await;
    assert_eq!(frame.map(|f| f.code), Some(4001));
    assert_eq!(n1.games_held(), 0);
    let mut a = Client::connect_to(n2.addr(), &format!("/ws?game={game}")).await;
    a.send(msg::resume(&game, &token_a)).await;
    joined(&mut a).await;
    let state = a.state(&game).await;
    let (shooter, other) = if state.to_move == Some(Player::One) {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    shooter.send(msg::fire(&game, ["e5"])).await;
    let seen = until!(other, ServerMsg::Shot { shots, .. } => shots);
    assert_eq!(seen[0].cell, "e5", "{seen:?}");
    assert_eq!(n2.games_held(), 1);
    n1.shutdown().await.unwrap();
    n2.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_queue_pairs_players_on_different_nodes() {
    let Some(url) = postgres_url() else {
        return;
    };
    let (n1, n2) = (node(&url, &fresh("n")).await, node(&url, &fresh("n")).await);
    // A waiter left by an earlier run is not paired: its node's lease has run out.
    let rules = "8x8 fleet=3,2,2,1";
    let mut p = Client::connect(n1.addr()).await;
    p.send(msg::queue(Some(rules))).await;
    until!(p, ServerMsg::Queued { .. });
    let mut q = Client::connect(n2.addr()).await;
    q.send(msg::queue(Some(rules))).await;
    let (game_q, seat_q, _) = joined(&mut q).await;
    let (game, seat_p, token_p) = joined(&mut p).await;
    assert_eq!(game, game_q);
    assert_eq!((seat_p, seat_q), (Some(Player::One), Some(Player::Two)));
    // The waiter reaches the game by its address, on whichever node, with its token.
    let mut p = Client::connect_to(n1.addr(), &format!("/ws?game={game}")).await;
    p.send(msg::resume(&game, &token_p.unwrap())).await;
    joined(&mut p).await;
    assert_eq!(p.state(&game).await.seat, Some(Player::One));
    n1.shutdown().await.unwrap();
    n2.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_clock_runs_on_after_a_takeover() {
    let Some(url) = postgres_url() else {
        return;
    };
    let (name1, name2) = (fresh("n"), fresh("n"));
    let (n1, n2) = (node(&url, &name1).await, node(&url, &name2).await);
    let (mut a, mut b, game, [token_a, token_b]) =
        friends(n1.addr(), msg::new_game(Opponent::Friend).clock(2)).await;
    a.send(msg::place_random(&game)).await;
    b.send(msg::place_random(&game)).await;
    until_battle(&mut a).await;
    // n1 dies: it stops serving and renewing its lease, which then runs out.
    n1.shutdown().await.unwrap();
    drop((a, b));
    let (u, n) = (url.clone(), name1.clone());
    tokio::task::spawn_blocking(move || lapse(&u, &n))
        .await
        .unwrap();
    let at = format!("/ws?game={game}");
    let mut a = Client::connect_to(n2.addr(), &at).await;
    a.send(msg::resume(&game, &token_a)).await;
    joined(&mut a).await;
    let mut b = Client::connect_to(n2.addr(), &at).await;
    b.send(msg::resume(&game, &token_b)).await;
    joined(&mut b).await;
    // Nobody shoots: the clock, rebuilt on n2, passes the turn.
    let timed_out = until!(a, ServerMsg::Timeout { game, .. } => game);
    assert_eq!(timed_out, game);
    assert_eq!(n2.games_held(), 1);
    n2.shutdown().await.unwrap();
}

/// A node on a runtime of its own, with one thread, so that the test can freeze it
/// whole (timers, heartbeat, sockets) as SIGSTOP would.
struct Freezable {
    addr: std::net::SocketAddr,
    rt: tokio::runtime::Handle,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Freezable {
    fn start(url: &str, name: &str) -> Freezable {
        let (url, name) = (url.to_string(), name.to_string());
        let (tx, rx) = std::sync::mpsc::channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(async move {
                let server = node(&url, &name).await;
                tx.send((server.addr(), tokio::runtime::Handle::current()))
                    .unwrap();
                let _ = stopped.await;
                server.shutdown().await.unwrap();
            });
        });
        let (addr, rt) = rx.recv().unwrap();
        Freezable {
            addr,
            rt,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// Freezes the node for `d`: its one thread sleeps, so nothing of it runs.
    fn freeze(&self, d: std::time::Duration) {
        self.rt.spawn(async move { std::thread::sleep(d) });
    }
}

impl Drop for Freezable {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_paused_past_its_lease_serves_nothing_stale() {
    let Some(url) = postgres_url() else {
        return;
    };
    let n1 = Freezable::start(&url, &fresh("n"));
    let n2 = node(&url, &fresh("n")).await;
    let (mut a, mut b, game, [token_a, token_b]) =
        friends(n1.addr, msg::new_game(Opponent::Friend)).await;
    let at = format!("/ws?game={game}");
    let mut watcher = Client::connect_to(n1.addr, &at).await;
    watcher.send(msg::watch(&game)).await;
    until!(watcher, ServerMsg::State(_));
    a.send(msg::place_random(&game)).await;
    b.send(msg::place_random(&game)).await;
    until_battle(&mut a).await;
    until_battle(&mut watcher).await;
    // n1 stops for longer than its lease, as in a long pause of its process.
    n1.freeze(std::time::Duration::from_secs(7));
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    drop((a, b));
    // Meanwhile the players reach n2, which takes the game once n1's lease ran out,
    // and play on there.
    let mut a = Client::connect_to(n2.addr(), &at).await;
    a.send(msg::resume(&game, &token_a)).await;
    joined(&mut a).await;
    let mut b = Client::connect_to(n2.addr(), &at).await;
    b.send(msg::resume(&game, &token_b)).await;
    joined(&mut b).await;
    let first = a.state(&game).await.to_move.unwrap();
    let (shooter, other) = if first == Player::One {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    shooter.send(msg::fire(&game, ["e5"])).await;
    until!(other, ServerMsg::Shot { .. });
    let told = other.state(&game).await.moves;
    assert!(told >= 1);
    // n1 wakes. Its spectator hears why it must go, then the socket closes with 4001;
    // nothing else of the game reaches it from n1's stale copy.
    let seen_before = watcher.log.len();
    let (last, frame) = watcher.read_to_close().await;
    assert_eq!(frame.map(|f| f.code), Some(4001));
    let last = last.expect("the moved error before the close");
    assert!(
        matches!(
            last,
            ServerMsg::Error {
                code: ErrorCode::Moved,
                ..
            }
        ),
        "{last:?}"
    );
    let after: Vec<_> = watcher.log[seen_before..].to_vec();
    assert!(
        after.iter().all(|m| matches!(m, ServerMsg::Error { .. })),
        "stale news after the pause: {after:?}"
    );
    // Asked for the game, n1 claims it anew (n2 hands it over) and serves what was
    // told: never an older state.
    let mut late = Client::connect_to(n1.addr, &at).await;
    late.send(msg::watch(&game)).await;
    let moves = until!(late, ServerMsg::State(s) => s.moves);
    assert_eq!(moves, told);
    n2.shutdown().await.unwrap();
}

#[test]
fn a_lapsed_lease_holds_nothing_until_it_is_renewed() {
    let Some(url) = postgres_url() else {
        return;
    };
    let a = open_store(&DbUrl::Postgres(url.clone()), &fresh("a")).unwrap();
    let id = GameId::random();
    a.create(&StoredGame::new(
        id.clone(),
        "classic".into(),
        "friend".into(),
        None,
    ))
    .unwrap();
    let c = a.cluster().unwrap();
    assert!(c.lease_stands() && c.holds(&id));
    // No heartbeat for a whole lease: by its own clock the node holds nothing.
    std::thread::sleep(seabattle_server::LEASE);
    assert!(!c.lease_stands());
    assert!(!c.holds(&id));
    assert_eq!(c.acquire(&id).unwrap(), Claim::Lapsed);
    assert!(matches!(
        a.take_seat(&id, Player::Two, "late"),
        Err(StoreError::Fenced { .. })
    ));
    // Renewed, it claims the game anew (nobody else took it).
    c.heartbeat().unwrap();
    assert_eq!(c.acquire(&id).unwrap(), Claim::Owned { took_over: false });
    a.take_seat(&id, Player::Two, "back").unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_queueing_at_the_same_instant_on_two_nodes_are_always_paired() {
    let Some(url) = postgres_url() else {
        return;
    };
    let (n1, n2) = (node(&url, &fresh("n")).await, node(&url, &fresh("n")).await);
    // Rules no other test queues under; waiters left by earlier runs are not paired
    // (their nodes' leases have run out).
    let rules = "9x9 fleet=3,2,2,1";
    for round in 0..30 {
        let mut p = Client::connect(n1.addr()).await;
        let mut q = Client::connect(n2.addr()).await;
        let ask = msg::queue(Some(rules));
        tokio::join!(p.send(ask.clone()), q.send(ask));
        let ((gp, sp, _), (gq, sq, _)) = tokio::join!(joined(&mut p), joined(&mut q));
        assert_eq!(gp, gq, "round {round}");
        let mut seats = [sp, sq];
        seats.sort();
        assert_eq!(
            seats,
            [Some(Player::One), Some(Player::Two)],
            "round {round}"
        );
    }
    n1.shutdown().await.unwrap();
    n2.shutdown().await.unwrap();
}

#[test]
fn a_broken_pooled_connection_is_replaced_and_the_statement_retried() {
    let Some(url) = postgres_url() else {
        return;
    };
    // Its connections carry a name of their own, so only they are cut below.
    let app = fresh("restart");
    let sep = if url.contains('?') { '&' } else { '?' };
    let named = format!("{url}{sep}application_name={app}");
    let a = open_store(&DbUrl::Postgres(named), &fresh("a")).unwrap();
    let id = GameId::random();
    a.create(&StoredGame::new(
        id.clone(),
        "classic".into(),
        "friend".into(),
        None,
    ))
    .unwrap();
    // The database drops every connection of the store, as a restart does.
    let mut admin = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    let cut: i64 = admin
        .query_one(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity \
             WHERE application_name = $1",
            &[&app],
        )
        .unwrap()
        .get(0);
    assert!(cut >= 1);
    while admin
        .query_one(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = $1",
            &[&app],
        )
        .unwrap()
        .get::<_, i64>(0)
        > 0
    {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    // The first statement afterwards still succeeds, on a new connection.
    a.take_seat(&id, Player::Two, "after").unwrap();
    a.cluster().unwrap().heartbeat().unwrap();
    assert_eq!(
        a.load(&id).unwrap().unwrap().tokens[1].as_deref(),
        Some("after")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rated_queue_pairs_accounts_on_different_nodes() {
    let Some(url) = postgres_url() else {
        return;
    };
    let (n1, n2) = (node(&url, &fresh("n")).await, node(&url, &fresh("n")).await);
    // Sessions are in the database: an account made on one node signs in on any.
    let (ann, bob) = (fresh("a"), fresh("b"));
    let mut tokens = Vec::new();
    for name in [&ann, &bob] {
        let r = crate::accounts::post(
            n1.addr(),
            "/account/signup",
            &crate::accounts::creds(name, "correct horse 1"),
            None,
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
        tokens.push(r.token().unwrap());
    }
    let mut p = Client::connect_signed_in(n1.addr(), &tokens[0], &ann).await;
    p.send(msg::queue(Some("classic"))).await;
    assert!(until!(p, ServerMsg::Queued { rated, .. } => rated));
    let mut q = Client::connect_signed_in(n2.addr(), &tokens[1], &bob).await;
    q.send(msg::queue(Some("classic"))).await;
    let (game, _, _) = joined(&mut q).await;
    assert_eq!(joined(&mut p).await.0, game);
    assert!(q.state(&game).await.rated);
    // Both seats are stored as the two accounts: the waiter's from its queue row.
    let (reader, id) = (url.clone(), game.clone());
    let stored = tokio::task::spawn_blocking(move || {
        open_store(&DbUrl::Postgres(reader), &fresh("reader"))
            .unwrap()
            .load(&GameId::parse(&id).unwrap())
            .unwrap()
            .unwrap()
    })
    .await
    .unwrap();
    assert!(stored.rated);
    let [Some(one), Some(two)] = stored.accounts else {
        panic!("both seats are accounts': {:?}", stored.accounts);
    };
    assert_ne!(one, two);
    n1.shutdown().await.unwrap();
    n2.shutdown().await.unwrap();
}

/// Signs up a fresh account on `addr`: its name and session token.
async fn fresh_account(addr: std::net::SocketAddr, prefix: &str) -> (String, String) {
    let name = fresh(prefix);
    let r = crate::accounts::post(
        addr,
        "/account/signup",
        &crate::accounts::creds(&name, "correct horse 1"),
        None,
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    (name, r.token().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_and_the_lobby_reach_across_nodes() {
    let Some(url) = postgres_url() else {
        return;
    };
    let (n1, n2) = (node(&url, &fresh("n")).await, node(&url, &fresh("n")).await);
    let (ann, ta) = fresh_account(n1.addr(), "a").await;
    let (bob, tb) = fresh_account(n1.addr(), "b").await;
    let mut a = Client::connect_signed_in(n1.addr(), &ta, &ann).await;
    let mut b = Client::connect_signed_in(n2.addr(), &tb, &bob).await;
    // Bob's page is on the other node: Ann finds him online once n2 has published
    // (every lobby tick, 2 s by default).
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let sent = loop {
        a.send(seabattle_wire::ClientMsg::Challenge {
            to: bob.clone(),
            rules: None,
            clock: None,
            rated: Some(true),
        })
        .await;
        match a.recv().await {
            ServerMsg::ChallengeSent(c) => break c,
            ServerMsg::Error {
                code: ErrorCode::NotOnline,
                ..
            } => {
                assert!(
                    std::time::Instant::now() < deadline,
                    "Bob never showed online"
                );
                tokio::time::sleep(std::time::Duration::from_millis(300)).await;
            }
            other => panic!("{other:?}"),
        }
    };
    let got = until!(b, ServerMsg::Challenged(c) => c);
    assert_eq!(
        (got.id.as_str(), got.from.name.as_str()),
        (sent.id.as_str(), ann.as_str())
    );
    b.send(seabattle_wire::ClientMsg::AnswerChallenge {
        id: got.id.clone(),
        answer: seabattle_wire::Answer::Accept,
    })
    .await;
    let (game, seat_b, _) = joined(&mut b).await;
    assert_eq!(seat_b, Some(Player::Two));
    // The game is on Bob's node; Ann's node hands her the seat and its token, and she
    // reaches the game by its address.
    let (game_a, seat_a, token_a) = joined(&mut a).await;
    assert_eq!(
        (game_a.as_str(), seat_a),
        (game.as_str(), Some(Player::One))
    );
    let mut a = Client::connect_to(n1.addr(), &format!("/ws?game={game}")).await;
    a.send(msg::resume(&game, &token_a.unwrap())).await;
    joined(&mut a).await;
    let state = a.state(&game).await;
    assert!(state.rated);
    assert_eq!(state.accounts[1].as_ref().unwrap().name, bob);
    // A game opened in the lobby on one node is listed to a follower on the other.
    let mut host = Client::connect(n1.addr()).await;
    host.send(seabattle_wire::ClientMsg::Seek {
        // Rules nobody queues under: the queue would take a fitting open game.
        rules: Some("dutchman".into()),
        clock: None,
        rated: None,
        name: Some("Kapitan".into()),
    })
    .await;
    let (open, _, _) = joined(&mut host).await;
    let mut watcher = Client::connect(n2.addr()).await;
    watcher.send(seabattle_wire::ClientMsg::Lobby).await;
    let listed =
        crate::meet::lobby_until(&mut watcher, |l| l.open.iter().any(|g| g.game == open)).await;
    assert!(
        listed.online >= 4,
        "sockets on both nodes count: {listed:?}"
    );
    let g = listed.open.iter().find(|g| g.game == open).unwrap();
    assert_eq!(
        (g.name.as_deref(), g.account.as_ref()),
        (Some("Kapitan"), None)
    );
    n1.shutdown().await.unwrap();
    n2.shutdown().await.unwrap();
}

/// Issue 48, item 1, across nodes: a player waiting in the shared queue on one node is
/// listed in the lobby of another, and a join there pairs with them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seeker_on_one_node_is_joined_from_the_lobby_of_another() {
    let Some(url) = postgres_url() else {
        return;
    };
    let (n1, n2) = (node(&url, &fresh("n")).await, node(&url, &fresh("n")).await);
    // Rules no other test queues or opens a game under.
    let rules = "9x9 fleet=4,2,2,1";
    let mut a = Client::connect(n1.addr()).await;
    a.send(msg::queue(Some(rules))).await;
    until!(a, ServerMsg::Queued { .. } => ());
    let mut b = Client::connect(n2.addr()).await;
    b.send(seabattle_wire::ClientMsg::Lobby).await;
    // Listed under its rules in full (the rules text as the server writes it).
    let ours = |g: &seabattle_wire::OpenGameJson| g.seeking && g.rules.starts_with(rules);
    let listed = crate::meet::lobby_until(&mut b, |l| l.open.iter().any(ours)).await;
    let seeker = listed.open.into_iter().find(|g| ours(g)).unwrap();
    b.send(msg::join(&seeker.game)).await;
    let (game, seat_b, _) = joined(&mut b).await;
    assert_eq!(seat_b, Some(Player::Two));
    let (game_a, seat_a, _) = joined(&mut a).await;
    assert_eq!((game_a, seat_a), (game, Some(Player::One)));
    // Taken once: a second join finds nobody.
    let mut late = Client::connect(n1.addr()).await;
    late.expect_error(msg::join(&seeker.game), ErrorCode::NotFound)
        .await;
    n1.shutdown().await.unwrap();
    n2.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_seeker_and_a_guest_on_two_nodes_meet_casual_after_a_few_seconds() {
    let Some(url) = postgres_url() else {
        return;
    };
    let (n1, n2) = (node(&url, &fresh("n")).await, node(&url, &fresh("n")).await);
    let (ann, ta) = fresh_account(n1.addr(), "a").await;
    // A preset no earlier run's waiter is left in, rated lane or plain.
    let rules = "classic-bent";
    let mut a = Client::connect_signed_in(n1.addr(), &ta, &ann).await;
    let since = std::time::Instant::now();
    a.send(msg::queue(Some(rules))).await;
    assert!(until!(a, ServerMsg::Queued { rated, .. } => rated));
    let mut g = Client::connect(n2.addr()).await;
    g.send(msg::queue(Some(rules))).await;
    let (game, _, _) = joined(&mut g).await;
    assert!(
        since.elapsed() >= std::time::Duration::from_secs(seabattle_wire::CASUAL_AFTER_SECS),
        "Ann looked for a rated opponent first"
    );
    assert!(since.elapsed() < std::time::Duration::from_secs(15));
    assert_eq!(joined(&mut a).await.0, game);
    // Ann, still looking, took the guest's row: the game is on her node.
    let state = a.state(&game).await;
    assert!(!state.rated);
    assert_eq!(state.casual, Some(seabattle_wire::Casual::Mixed));
    let shown: Vec<_> = state
        .accounts
        .iter()
        .flatten()
        .map(|s| s.name.clone())
        .collect();
    assert_eq!(
        shown,
        [ann],
        "her account shows at the board; the guest has none"
    );
    n1.shutdown().await.unwrap();
    n2.shutdown().await.unwrap();
}

/// The node whose runner holds arena `id`'s lease, once one does (read off the async
/// threads: the blocking client runs a runtime of its own).
async fn arena_runner(url: &str, id: &str) -> Option<String> {
    let (url, id) = (url.to_string(), id.to_string());
    tokio::task::spawn_blocking(move || {
        let mut c = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        let row = c
            .query_one("SELECT runner FROM arenas WHERE id = $1", &[&id])
            .unwrap();
        row.get(0)
    })
    .await
    .unwrap()
}

/// Waits until `c` is told it was paired into an arena's game: the game.
async fn arena_paired(c: &mut Client) -> String {
    until!(c, ServerMsg::Joined { game, token: None, .. } => game)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_runs_on_one_node_tells_both_and_moves_when_that_node_stops() {
    let Some(url) = postgres_url() else {
        return;
    };
    let (na, nb) = (fresh("n"), fresh("n"));
    let (n1, n2) = (node(&url, &na).await, node(&url, &nb).await);
    let (ann, ta) = fresh_account(n1.addr(), "a").await;
    let (bob, tb) = fresh_account(n2.addr(), "b").await;
    let body = r#"{"rules":"classic","clock":5,"minutes":30}"#;
    let r = crate::accounts::post(n1.addr(), "/arena/create", body, Some(&ta)).await;
    assert_eq!(r.status, 201, "{}", r.body);
    let id = serde_json::from_str::<seabattle_wire::arena::ArenaSummary>(&r.body)
        .unwrap()
        .id;

    // One node takes the arena's lease, and keeps it while it runs.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let holder = loop {
        if let Some(runner) = arena_runner(&url, &id).await {
            break runner;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no node runs the arena"
        );
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    };
    assert!(holder == na || holder == nb, "{holder}");

    // Ann on one node, Bob on the other: the holder pairs them, and each hears of it on
    // the node their socket is on.
    let mut a = Client::connect_signed_in(n1.addr(), &ta, &ann).await;
    let mut b = Client::connect_signed_in(n2.addr(), &tb, &bob).await;
    for (addr, t) in [(n1.addr(), &ta), (n2.addr(), &tb)] {
        let r = crate::accounts::post(addr, &format!("/arena/{id}/join"), "", Some(t)).await;
        assert_eq!(r.status, 204, "{}", r.body);
    }
    let (ga, gb) = tokio::join!(arena_paired(&mut a), arena_paired(&mut b));
    assert_eq!(ga, gb);
    assert_eq!(
        arena_runner(&url, &id).await.as_deref(),
        Some(holder.as_str())
    );
    a.close().await;
    b.close().await;

    // The holder stops: the other node takes the lease and pairs the next players.
    let (stopped, survivor, survivor_name) = if holder == na {
        (n1, n2, nb)
    } else {
        (n2, n1, na)
    };
    stopped.shutdown().await.unwrap();
    let (cat, tc) = fresh_account(survivor.addr(), "c").await;
    let (dan, td) = fresh_account(survivor.addr(), "d").await;
    let mut c = Client::connect_signed_in(survivor.addr(), &tc, &cat).await;
    let mut d = Client::connect_signed_in(survivor.addr(), &td, &dan).await;
    for t in [&tc, &td] {
        let r =
            crate::accounts::post(survivor.addr(), &format!("/arena/{id}/join"), "", Some(t)).await;
        assert_eq!(r.status, 204, "{}", r.body);
    }
    let (gc, gd) = tokio::join!(arena_paired(&mut c), arena_paired(&mut d));
    assert_eq!(gc, gd);
    assert_ne!(gc, ga);
    assert_eq!(
        arena_runner(&url, &id).await.as_deref(),
        Some(survivor_name.as_str())
    );
    c.close().await;
    d.close().await;
    survivor.shutdown().await.unwrap();
}

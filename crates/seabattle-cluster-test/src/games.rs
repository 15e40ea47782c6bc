//! The games of a round: friend games with a spectator, games against the computer, a
//! pairing from the random queue, and the queue races.

use crate::client::{Role, Seen, client, made_on};
use crate::conn::Conn;
use crate::ctx::Ctx;
use crate::tally::Tally;
use seabattle_client::msg;
use seabattle_wire::{ClientMsg, Opponent};
use std::sync::Arc;
use std::time::Duration;

/// A game under way: its id, what it is, and its clients' tasks.
pub(crate) struct Running {
    pub(crate) game: String,
    pub(crate) what: String,
    pub(crate) clients: Vec<tokio::task::JoinHandle<Seen>>,
    pub(crate) has_spectator: bool,
}

/// Friend game `i`: its creator, a friend who joins by the game's URL, and a spectator.
pub(crate) async fn start_friend_game(ctx: &Arc<Ctx>, i: usize) -> Result<Running, String> {
    let a = Conn::open(ctx.proxy, None).await?;
    let made = made_on(
        ctx,
        a,
        Some(
            msg::new_game(Opponent::Friend)
                .rules("classic")
                .name(&format!("a{i}"))
                .into(),
        ),
    )
    .await?;
    let game = made.game.clone();
    let mut b = Conn::open(ctx.proxy, Some(&game)).await?;
    b.send(
        ClientMsg::Join {
            game: game.clone(),
            name: Some(format!("b{i}")),
        },
        ctx.pace,
    )
    .await?;
    let jb = b.until("joined").await?;
    let token_b = jb["token"].as_str().unwrap_or_default().to_string();
    let mut s = Conn::open(ctx.proxy, Some(&game)).await?;
    s.send(msg::watch(&game), ctx.pace).await?;
    s.until("joined").await?;
    let clients = vec![
        made.play(ctx),
        tokio::spawn(client(
            Arc::clone(ctx),
            b,
            None,
            game.clone(),
            Role::Player {
                seat: jb["seat"].as_u64().unwrap_or(2),
                token: token_b,
            },
            "player 2".into(),
        )),
        tokio::spawn(client(
            Arc::clone(ctx),
            s,
            None,
            game.clone(),
            Role::Spectator,
            "spectator".into(),
        )),
    ];
    Ok(Running {
        game,
        what: "friend game".into(),
        clients,
        has_spectator: true,
    })
}

/// A game against the computer at `level`.
pub(crate) async fn start_computer_game(ctx: &Arc<Ctx>, level: &str) -> Result<Running, String> {
    let a = Conn::open(ctx.proxy, None).await?;
    let made = made_on(
        ctx,
        a,
        Some(
            msg::new_game(Opponent::Computer)
                .level(level)
                .rules("classic")
                .into(),
        ),
    )
    .await?;
    let game = made.game.clone();
    let clients = vec![made.play(ctx)];
    Ok(Running {
        game,
        what: format!("game against {level}"),
        clients,
        has_spectator: false,
    })
}

/// Two players who first reached different nodes queue; both follow the game they are
/// paired into. Returns the game and the two nodes.
pub(crate) async fn start_queue_game(
    ctx: &Arc<Ctx>,
    cluster: bool,
) -> Result<(Running, String), String> {
    let mut p = Conn::open(ctx.proxy, None).await?;
    let mut q = Conn::open(ctx.proxy, None).await?;
    let mut tries = 0;
    while cluster && q.node == p.node {
        tries += 1;
        if tries > 20 {
            return Err(format!(
                "20 connections all reached {:?}, as the first",
                p.node
            ));
        }
        q.close().await;
        q = Conn::open(ctx.proxy, None).await?;
    }
    let nodes = format!(
        "{} and {}",
        p.node.as_deref().unwrap_or("?"),
        q.node.as_deref().unwrap_or("?")
    );
    p.send(msg::queue(Some("classic")), ctx.pace).await?;
    p.until("queued").await?;
    q.send(msg::queue(Some("classic")), ctx.pace).await?;
    let (mp, mq) = tokio::join!(made_on(ctx, p, None), made_on(ctx, q, None));
    let (mp, mq) = (mp?, mq?);
    if mp.game != mq.game {
        return Err(format!("paired into {} and {}", mp.game, mq.game));
    }
    if (mp.seat, mq.seat) != (1, 2) {
        return Err(format!(
            "the waiter got seat {}, the newcomer {}",
            mp.seat, mq.seat
        ));
    }
    let game = mp.game.clone();
    let clients = vec![mp.play(ctx), mq.play(ctx)];
    Ok((
        Running {
            game,
            what: "random game".into(),
            clients,
            has_spectator: false,
        },
        nodes,
    ))
}

/// `n` times, two players first connected to different nodes queue at the same
/// instant; each pair must be paired into one game, which both reach at its address
/// (the game is then left to expire).
pub(crate) async fn queue_races(ctx: &Arc<Ctx>, tally: &Tally, n: usize, cluster: bool) {
    let mut problems = Vec::new();
    for round in 0..n {
        let r: Result<(), String> = async {
            let mut p = Conn::open(ctx.proxy, None).await?;
            let mut q = Conn::open(ctx.proxy, None).await?;
            let mut tries = 0;
            while cluster && q.node == p.node && tries < 20 {
                tries += 1;
                q.close().await;
                q = Conn::open(ctx.proxy, None).await?;
            }
            let ask = msg::queue(Some("classic"));
            let (a, b) = tokio::join!(p.send(ask.clone(), ctx.pace), q.send(ask, ctx.pace));
            a?;
            b?;
            let paired = tokio::time::timeout(Duration::from_secs(10), async {
                tokio::join!(made_on(ctx, p, None), made_on(ctx, q, None))
            })
            .await
            .map_err(|_| "not paired within 10 s (both waiting)".to_string())?;
            let (mp, mq) = (paired.0?, paired.1?);
            if mp.game != mq.game {
                return Err(format!("paired into {} and {}", mp.game, mq.game));
            }
            mp.conn.close().await;
            mq.conn.close().await;
            Ok(())
        }
        .await;
        if let Err(e) = r {
            problems.push(format!("round {round}: {e}"));
        }
    }
    tally.check(
        &format!("{n} pairs queueing at the same instant on two nodes were all paired"),
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join(" | "))
        },
    );
}

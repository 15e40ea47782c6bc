//! An account's name and sockets are its own: a guest cannot show an account's name,
//! and signing out everywhere or deleting the account reaches the sockets already open
//! (regression: a socket opened before kept resuming the account's seats and queueing
//! rated, and one opened before a deletion was rated for an account that was gone).

use crate::accounts::{creds, post, sign_up};
use crate::common::*;
use seabattle_client::msg;
use seabattle_wire::{ErrorCode, Opponent};

#[tokio::test]
async fn a_guest_cannot_show_an_accounts_name_in_any_case_or_width() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db")).await;
    let addr = server.addr();
    let token = sign_up(addr, "Ivan593").await;
    let mut guest = Client::connect(addr).await;
    for name in ["Ivan593", "ivan593", "ＩＶＡＮ593"] {
        let why = guest
            .expect_error(
                msg::new_game(Opponent::Friend).name(name),
                ErrorCode::NameTaken,
            )
            .await;
        assert!(why.contains("Ivan593"), "{why}");
    }
    // Any other name is the guest's to give, and the account shows its own.
    create(&mut guest, msg::new_game(Opponent::Friend).name("Ivan")).await;
    let mut ivan = Client::connect_signed_in(addr, &token, "Ivan593").await;
    create(&mut ivan, msg::new_game(Opponent::Friend).name("ivan593")).await;
    server.shutdown().await.unwrap();
}

/// Signs `name` up, opens a socket as them and starts a friend's game there: its seat
/// is the account's. The token, the socket and the game.
async fn seated(addr: std::net::SocketAddr, name: &str) -> (String, Client, String) {
    let token = sign_up(addr, name).await;
    let mut c = Client::connect_signed_in(addr, &token, name).await;
    let game = create(&mut c, msg::new_game(Opponent::Friend)).await;
    (token, c, game)
}

#[tokio::test]
async fn a_socket_opened_before_signing_out_everywhere_or_deleting_acts_for_nobody() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db")).await;
    let addr = server.addr();

    let (token, mut open, game) = seated(addr, "Anna").await;
    let r = post(addr, "/account/logout-all", "", Some(&token)).await;
    assert_eq!(r.status, 204, "{}", r.body);
    let (_, close) = open.read_to_close().await;
    assert_eq!(close.map(|c| c.code), Some(4003), "closed as signed out");
    // The same cookie opens a guest's socket now, which cannot take the account's seat.
    let mut again = Client::connect(addr).await;
    let why = again
        .expect_error(msg::resume_as_account(&game), ErrorCode::BadToken)
        .await;
    assert!(why.contains("token"), "{why}");

    let (token, mut open, _) = seated(addr, "Boris").await;
    let r = post(
        addr,
        "/account/delete",
        &creds("Boris", "correct horse 1"),
        Some(&token),
    )
    .await;
    assert_eq!(r.status, 204, "{}", r.body);
    let (_, close) = open.read_to_close().await;
    assert_eq!(close.map(|c| c.code), Some(4003), "closed as signed out");
    server.shutdown().await.unwrap();
}

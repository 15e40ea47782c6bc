//! Game analysis over HTTP (issue 50): refused before the end without a word of the
//! fleets, made once after it, stored, and the same as `seabattle analyse` makes of the
//! downloaded record.

use crate::common::*;
use seabattle_client::msg;
use seabattle_core::{GameRecord, Player};
use seabattle_wire::analysis::{AnalysisJson, ShotVerdict};

#[tokio::test]
async fn a_games_analysis_is_refused_before_the_end_then_made_once_as_offline() {
    for db in Db::all() {
        let server = db.server(std::time::Duration::from_secs(60)).await;
        let addr = server.addr();
        let (mut c, game, _) = vs_computer(addr, "easy", "classic").await;
        let path = format!("/games/{game}/analysis.json");
        let (status, body) = http_get(addr, &path).await;
        assert_eq!((status, body.as_str()), (409, "the game is not over\n"));

        c.send(msg::place_random(&game)).await;
        until!(c, ServerMsg::Battle { .. });
        let result = play_out(&mut c, &game, Player::One, 10, 10).await;
        assert_fair_finish(&result);
        let (status, body) = http_get(addr, &path).await;
        assert_eq!(status, 200, "{body}");
        let made: AnalysisJson = serde_json::from_str(&body).unwrap();

        // What the player downloads, analysed offline, says the same.
        let (status, record) = http_get(addr, &format!("/games/{game}/record.json")).await;
        assert_eq!(status, 200);
        let record: GameRecord = serde_json::from_str(&record).unwrap();
        // Compared as text: a float read back from JSON may differ in its last bit.
        let offline = seabattle_server::analyse_record(&record).unwrap();
        assert_eq!(body, serde_json::to_string(&offline).unwrap());
        let volleys: usize = record
            .moves
            .iter()
            .map(|m| match m {
                seabattle_core::Move::Volley { shots, .. } => shots.len(),
                _ => 0,
            })
            .sum();
        assert_eq!(made.shots.len(), volleys);
        // A wasted shot is one no fleet could have covered, and only that.
        for s in &made.shots {
            assert_eq!(s.verdict == ShotVerdict::Wasted, s.p == 0.0, "{s:?}");
        }
        assert!(made.fleets.is_some(), "the fleets' hardness is measured");

        // Stored: a second request reads the same bytes.
        let (status, again) = http_get(addr, &path).await;
        assert_eq!((status, again), (200, body));
        server.shutdown().await.unwrap();
    }
}

#[tokio::test]
async fn no_game_has_no_analysis() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (status, _) = http_get(server.addr(), "/games/nosuchgame/analysis.json").await;
    assert_eq!(status, 404);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_players_profile_sums_their_analysed_games_per_preset() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let addr = server.addr();
    let token = crate::accounts::sign_up(addr, "Analysed").await;
    let mut c = Client::connect_signed_in(addr, &token, "Analysed").await;
    let game = create(
        &mut c,
        msg::new_game(seabattle_wire::Opponent::Computer)
            .level("easy")
            .rules("classic"),
    )
    .await;
    until!(c, ServerMsg::State(_));
    // Before any analysis the profile has no such section.
    let (status, page) = http_get(addr, "/u/Analysed?lang=ru").await;
    assert_eq!(status, 200);
    assert!(!page.contains("Разбор партий"), "{page}");

    c.send(msg::place_random(&game)).await;
    until!(c, ServerMsg::Battle { .. });
    play_out(&mut c, &game, Player::One, 10, 10).await;
    let (status, body) = http_get(addr, &format!("/games/{game}/analysis.json")).await;
    assert_eq!(status, 200, "{body}");
    let made: AnalysisJson = serde_json::from_str(&body).unwrap();
    let fleets = made.fleets.expect("measured");

    for (lang, head, rules) in [
        ("ru", "Разбор партий", "Классика"),
        ("en", "Game analysis", "Classic"),
    ] {
        let (status, page) = http_get(addr, &format!("/u/Analysed?lang={lang}")).await;
        assert_eq!(status, 200);
        let section = page
            .split_once(&format!("<h2 id=\"analysis\">{head}</h2>"))
            .map(|(_, s)| s)
            .unwrap_or_else(|| panic!("no section in {page}"));
        let row = section.split("</tr>").nth(1).unwrap();
        assert!(row.contains(rules), "{row}");
        assert!(
            row.contains(&format!(
                "data-accuracy>{:.0}%",
                made.sides[0].accuracy_percent
            )),
            "{row}"
        );
        assert!(
            row.contains(&format!("data-hardness>{:.1}", fleets[0].mean_expert_shots)),
            "{row}"
        );
    }
    server.shutdown().await.unwrap();
}

//! The HTTP answers read and write back byte for byte: the bytes the server has always
//! sent, the page reads and the clients' types must keep.

use seabattle_wire::account::{MadeToken, Me, TokenInfo};
use seabattle_wire::arena::{ArenaJson, ArenaListJson, ArenaState, Cadence};
use seabattle_wire::players::{MyGames, SeatedOpponent};

/// `text` read as a `T` writes back as `text`: the read value.
fn trip<T: serde::Serialize + serde::de::DeserializeOwned>(text: &str) -> T {
    let read: T = serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(serde_json::to_string(&read).unwrap(), text);
    read
}

#[test]
fn an_arena_with_its_standings_and_the_viewer_reads_and_writes_back() {
    let a: ArenaJson = trip(concat!(
        r#"{"now_ms":1700000000000,"arena":{"id":"a7k2m9q4","name":"Тест","rules":"classic","#,
        r#""clock":10,"minutes":10,"starts_ms":1699999990000,"ends_ms":1700000590000,"#,
        r#""state":"running","rated":true,"bots":true,"min_rated_games":0,"by":"Anna","#,
        r#""every":null,"players":2},"standings":[{"rank":1,"name":"Anna","bot":false,"#,
        r#""rating":1500,"provisional":true,"score":2,"fire":false,"points":[{"points":2,"#,
        r#""fire":false,"berserk":false,"no_show":false}],"paused":false},{"rank":2,"#,
        r#""name":"Robo","bot":true,"rating":1712,"score":0,"fire":false,"points":[{"#,
        r#""points":0,"fire":false,"berserk":true,"no_show":true}],"paused":true}],"#,
        r#""podium":null,"playing":[{"game":"k7m2qx9p4a","players":["Anna","Robo"]}],"#,
        r#""me":{"name":"Anna","joined":true,"paused":false,"withdrawn":false,"rank":1,"#,
        r#""score":2,"game":"k7m2qx9p4a","berserk":false,"refused":null,"free":0,"#,
        r#""wave_secs":3,"rematch_secs":30}}"#
    ));
    assert_eq!(a.arena.state, ArenaState::Running);
    // A settled rating leaves `provisional` out, and reads back as not provisional.
    assert!(a.standings[0].provisional && !a.standings[1].provisional);
    assert!(a.standings[1].points[0].no_show);
    assert_eq!(a.me.and_then(|m| m.rematch_secs), Some(30));
}

#[test]
fn the_arena_list_reads_and_writes_back() {
    let list: ArenaListJson = trip(concat!(
        r#"{"now_ms":5,"open":[],"ended":[{"id":"h1","name":"Hourly","rules":"classic","#,
        r#""clock":5,"minutes":30,"starts_ms":0,"ends_ms":1800000,"state":"finished","#,
        r#""rated":true,"bots":false,"min_rated_games":3,"by":null,"every":"hourly","#,
        r#""players":0}]}"#
    ));
    assert_eq!(list.ended[0].every, Some(Cadence::Hourly));
}

#[test]
fn account_answers_read_and_write_back() {
    let me: Me = trip(r#"{"name":"Anna","bot_challenges":false}"#);
    assert!(!me.bot);
    let me: Me = trip(r#"{"name":"Robo","bot":true,"bot_challenges":false}"#);
    assert!(me.bot);
    // The token made is the listed token's fields beside the token itself.
    let made: MadeToken = trip(r#"{"id":7,"name":"main","created_at":1700000000,"token":"3q2"}"#);
    assert_eq!((made.info.id, made.token.as_str()), (7, "3q2"));
    let listed: Vec<TokenInfo> = trip(concat!(
        r#"[{"id":7,"name":"main","created_at":1,"revoked_at":2},"#,
        r#"{"id":8,"name":"spare","created_at":3}]"#
    ));
    assert_eq!(listed[0].revoked_at, Some(2));
}

#[test]
fn my_games_read_and_write_back() {
    let mine: MyGames = trip(concat!(
        r#"{"unfinished":[{"game":"k7m2qx9p4a","rules":"classic","mode":"random","seat":1,"#,
        r#""opponent":{"kind":"account","name":"Boris"},"rated":true,"result":null,"#,
        r#""created_at":1,"finished_at":null,"link":"/g/k7m2qx9p4a"}],"finished":[{"#,
        r#""game":"p3xq8rmt2c","rules":"classic","mode":"computer:hard","seat":2,"#,
        r#""opponent":{"kind":"computer"},"rated":false,"aborted":true,"result":"1 resigned","#,
        r#""created_at":1,"finished_at":2,"link":"/g/p3xq8rmt2c"}],"profile":"/u/Anna"}"#
    ));
    assert_eq!(
        mine.unfinished[0].opponent,
        SeatedOpponent::Account {
            name: "Boris".into()
        }
    );
    assert!(mine.finished[0].aborted && !mine.unfinished[0].aborted);
}

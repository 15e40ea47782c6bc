//! Reading tells an unknown type from a malformed message, and a refusal becomes an
//! `error` message.

use crate::fixtures::s;
use seabattle_wire::*;

#[test]
fn unknown_types_are_told_from_bad_messages() {
    assert!(matches!(
        ServerMsg::parse(r#"{"type":"whisper","text":"hi"}"#),
        Err(ParseError::UnknownType(t)) if t == "whisper"
    ));
    // Quick chat has no free text: a phrase id the protocol does not list is malformed.
    assert!(matches!(
        ClientMsg::parse(r#"{"type":"chat","game":"g","phrase":"hi there"}"#),
        Err(ParseError::BadMessage { kind, error }) if kind == "chat" && error.contains("hi there")
    ));
    assert!(matches!(
        ServerMsg::parse(r#"{"type":"shot","player":7}"#),
        Err(ParseError::BadMessage { kind, .. }) if kind == "shot"
    ));
    assert!(matches!(
        ServerMsg::parse("[1]"),
        Err(ParseError::NotJson(_))
    ));
    assert!(matches!(ServerMsg::parse("{"), Err(ParseError::NotJson(_))));
    // Fields a newer server adds are ignored; lists older servers leave out are empty.
    let m = ServerMsg::parse(
        r#"{"type":"timeout","game":"g","player":1,"strikes":1,"next":2,"colour":"red"}"#,
    )
    .unwrap();
    assert!(matches!(m, ServerMsg::Timeout { shots_due: 1, .. }));
}

#[test]
fn refusals_become_error_messages() {
    let m: ServerMsg = ClientError::new(ErrorCode::NotYourTurn, "wait").into();
    assert_eq!(
        m.to_text(),
        r#"{"type":"error","code":"not_your_turn","message":"wait"}"#
    );
    assert_eq!(player_name(Some("  Боб ")).unwrap(), Some(s("Боб")));
    assert_eq!(player_name(Some("   ")).unwrap(), None);
    assert_eq!(
        player_name(Some(&"x".repeat(MAX_NAME_CHARS + 1)))
            .unwrap_err()
            .code,
        ErrorCode::BadMessage
    );
}

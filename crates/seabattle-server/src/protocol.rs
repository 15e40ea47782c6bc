//! The WebSocket protocol, version [`PROTOCOL_VERSION`]: every message is one JSON
//! object in a text frame, with a `type`. `docs/protocol.md` documents each one; the
//! types live in the `seabattle-wire` crate, shared with clients in Rust.

pub use seabattle_wire::*;

/// Reads one client message, telling malformed JSON from an unknown type from a known
/// type with bad fields.
pub fn parse(text: &str) -> Result<ClientMsg, ClientError> {
    ClientMsg::parse(text).map_err(|e| {
        let code = match e {
            ParseError::NotJson(_) => ErrorCode::BadJson,
            ParseError::UnknownType(_) => ErrorCode::UnknownType,
            ParseError::BadMessage { .. } => ErrorCode::BadMessage,
        };
        ClientError::new(code, e.to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_kinds() {
        assert_eq!(parse("{").unwrap_err().code, ErrorCode::BadJson);
        assert_eq!(parse("[1]").unwrap_err().code, ErrorCode::BadJson);
        assert_eq!(
            parse(r#"{"type":"dance"}"#).unwrap_err().code,
            ErrorCode::UnknownType
        );
        assert_eq!(
            parse(r#"{"type":"fire","game":"x"}"#).unwrap_err().code,
            ErrorCode::BadMessage
        );
        assert!(matches!(
            parse(r#"{"type":"fire","game":"x","cells":["a1"]}"#),
            Ok(ClientMsg::Fire { .. })
        ));
        assert!(matches!(parse(r#"{"type":"ping"}"#), Ok(ClientMsg::Ping)));
    }

    #[test]
    fn errors_serialize_with_code() {
        let m: ServerMsg = ClientError::new(ErrorCode::NotYourTurn, "wait").into();
        assert_eq!(
            m.to_text(),
            r#"{"type":"error","code":"not_your_turn","message":"wait"}"#
        );
    }
}

//! What goes over the socket itself: a long message in fragments, so that no socket
//! keeps a write buffer sized for the longest message it ever sent.

use crate::common::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// One frame from the server (which never masks): whether it ends its message, its
/// opcode and its payload.
async fn frame(s: &mut TcpStream) -> (bool, u8, Vec<u8>) {
    let mut head = [0u8; 2];
    s.read_exact(&mut head).await.unwrap();
    let len = match head[1] & 0x7f {
        126 => {
            let mut n = [0u8; 2];
            s.read_exact(&mut n).await.unwrap();
            usize::from(u16::from_be_bytes(n))
        }
        127 => panic!("a frame over 64 KiB"),
        n => usize::from(n),
    };
    let mut payload = vec![0u8; len];
    s.read_exact(&mut payload).await.unwrap();
    (head[0] & 0x80 != 0, head[0] & 0x0f, payload)
}

/// A text frame from the client, masked as RFC 6455 wants.
fn masked(text: &str) -> Vec<u8> {
    let mask = [7u8, 41, 99, 200];
    let mut out = vec![0x81, 0x80 | u8::try_from(text.len()).unwrap()];
    out.extend_from_slice(&mask);
    out.extend(text.bytes().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    out
}

#[tokio::test]
async fn a_long_message_arrives_in_fragments_of_at_most_256_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db")).await;
    let mut s = TcpStream::connect(server.addr()).await.unwrap();
    s.write_all(
        b"GET /ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\
          Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
    )
    .await
    .unwrap();
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        head.push(s.read_u8().await.unwrap());
    }
    let head = String::from_utf8(head).unwrap().to_ascii_lowercase();
    assert!(head.starts_with("http/1.1 101"), "{head}");
    // RFC 6455's own example key and answer.
    assert!(
        head.contains("sec-websocket-accept: s3pplmbitxaq9kygzzhzrbk+xoo="),
        "{head}"
    );
    s.write_all(&masked(r#"{"type":"new_game","opponent":"computer"}"#))
        .await
        .unwrap();
    // Messages until the game's `state`, about a kilobyte.
    loop {
        let mut parts = Vec::new();
        let mut text = Vec::new();
        loop {
            let (fin, opcode, payload) = frame(&mut s).await;
            assert!(payload.len() <= 256, "a frame of {} bytes", payload.len());
            parts.push(opcode);
            text.extend(payload);
            if fin {
                break;
            }
        }
        let msg = ServerMsg::parse(std::str::from_utf8(&text).unwrap()).unwrap();
        assert_eq!(parts[0], 1, "a message opens with a text frame");
        assert!(
            parts[1..].iter().all(|&p| p == 0),
            "then continues: {parts:?}"
        );
        assert_eq!(parts.len(), text.len().div_ceil(256).max(1), "{parts:?}");
        if matches!(msg, ServerMsg::State(_)) {
            assert!(
                parts.len() > 1,
                "state of {} bytes in one frame",
                text.len()
            );
            break;
        }
    }
    server.shutdown().await.unwrap();
}

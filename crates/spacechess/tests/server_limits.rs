//! The limits a deployment gets (docs/server.md, "Limits"): request heads, bodies and
//! idle connections are bounded in time, connections and WebSockets per address and
//! per game in number, WebSocket messages in size; every error, even one the HTTP layer
//! makes, is the documented JSON; every 429 says when to retry; a shutdown completes
//! while slow connections are open. Bounded waits only: a guard time that fails the
//! test if exceeded, never an assertion about how long something took.

mod server_common;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use server_common::Server;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;
use tokio_tungstenite::tungstenite::{self, Message};

/// Longest any wait here may take before the test fails.
const GUARD: Duration = Duration::from_secs(30);

/// Sends `bytes` (from another thread, so a server that answers before reading all of
/// them is heard) and reads until the server closes; the text read.
fn raw(addr: SocketAddr, bytes: Vec<u8>) -> String {
    let s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(GUARD)).unwrap();
    let mut writer = s.try_clone().unwrap();
    let sender = std::thread::spawn(move || {
        let _ = writer.write_all(&bytes);
    });
    let text = read_to_close(s);
    let _ = sender.join();
    text
}

/// Reads until the server closes the connection; panics if it does not within GUARD.
fn read_to_close(mut s: TcpStream) -> String {
    s.set_read_timeout(Some(GUARD)).unwrap();
    let mut out = Vec::new();
    let mut buf = [0u8; 65536];
    loop {
        match s.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => out.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => break,
            Err(e) => panic!("the server did not close the connection: {e}; read {out:?}"),
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The status and JSON body of a raw answer.
fn parse(answer: &str) -> (u16, Value) {
    let (head, body) = answer
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("{answer:?}"));
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    let head = head.to_ascii_lowercase();
    assert!(head.contains("content-type: application/json"), "{answer}");
    (
        status,
        serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {answer}")),
    )
}

#[test]
fn a_game_id_that_is_not_utf8_gets_a_json_error() {
    let s = Server::start(&[]);
    let r = s.get("/api/games/%ff%fe");
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(r.code(), "bad_request", "{}", r.body);
    assert!(r
        .header("content-type")
        .unwrap()
        .starts_with("application/json"));
}

#[test]
fn websocket_requests_without_upgrade_or_with_a_wrong_version_get_json_errors() {
    let s = Server::start(&[]);
    let g = s.create(json!({ "variant": "stacked", "mode": "local" }));
    let path = format!("/api/games/{}/ws", g["id"].as_str().unwrap());
    let r = s.get(&path);
    assert!(r.status >= 400, "{}", r.body);
    assert_eq!(r.code(), "bad_request", "{}", r.body);
    let wrong_version = format!(
        "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 7\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    );
    let (status, body) = parse(&raw(s.addr, wrong_version.into_bytes()));
    assert!(status >= 400, "{body}");
    assert_eq!(body["error"]["code"], "bad_request", "{body}");
}

#[test]
fn a_one_megabyte_url_gets_a_json_431() {
    let s = Server::start(&[]);
    let request = format!(
        "GET /api/games/{} HTTP/1.1\r\nHost: localhost\r\n\r\n",
        "a".repeat(1 << 20)
    );
    let (status, body) = parse(&raw(s.addr, request.into_bytes()));
    assert_eq!(status, 431, "{body}");
    assert_eq!(body["error"]["code"], "too_large", "{body}");
    assert_eq!(s.get("/api/variants").status, 200);
}

#[test]
fn errors_quote_long_input_only_as_an_excerpt() {
    let s = Server::start(&[]);
    let long = "x".repeat(60_000);
    let r = s.post(
        "/api/games",
        json!({ "variant": "stacked", "position": long }),
    );
    assert_eq!(
        r.code(),
        "bad_position",
        "{}",
        &r.body[..r.body.len().min(300)]
    );
    // Was 120 KB: the whole input, escaped. (The rules refuse an over-long position
    // string quoting only its start; other long messages are cut by the server's
    // excerpt, tested in error.rs.)
    assert!(r.body.len() < 2_000, "{} bytes", r.body.len());
    let message = r.json()["error"]["message"].as_str().unwrap().to_string();
    assert!(message.contains("xxxx"), "{message}");
    assert!(!message.contains(&long[..1_000]), "{message}");
    let r = s.get(&format!("/api/games/{}", "z".repeat(8_000)));
    assert_eq!(r.code(), "unknown_game");
    assert!(r.body.len() < 2_000, "{} bytes", r.body.len());
}

#[test]
fn an_option_another_rule_set_excludes_is_refused_naming_the_rule_set() {
    let s = Server::start(&[]);
    let r = s.post(
        "/api/games",
        json!({ "variant": "trid", "rules": "meder", "options": ["rook-pawns"] }),
    );
    assert_eq!(r.code(), "bad_setup");
    let message = r.json()["error"]["message"].as_str().unwrap().to_string();
    assert!(message.contains("meder"), "{message}");
}

#[test]
fn a_time_control_under_the_minimum_is_refused() {
    let s = Server::start(&[]);
    let r = s.post(
        "/api/games",
        json!({ "variant": "stacked", "mode": "local", "time_control": { "minutes": 1e-9 } }),
    );
    assert_eq!(
        (r.status, r.code().as_str()),
        (400, "bad_request"),
        "{}",
        r.body
    );
    assert!(r.body.contains("at least 0.1"), "{}", r.body);
}

#[test]
fn every_429_says_when_to_retry_and_deleting_games_refunds_no_quota() {
    let s = Server::start(&["--games-per-hour", "2"]);
    let a = s.create(json!({ "variant": "stacked", "mode": "local" }));
    s.create(json!({ "variant": "stacked", "mode": "local" }));
    let r = s.request(
        "DELETE",
        &format!("/api/games/{}", a["id"].as_str().unwrap()),
        None,
    );
    assert_eq!(r.status, 204);
    let r = s.post(
        "/api/games",
        json!({ "variant": "stacked", "mode": "local" }),
    );
    assert_eq!(
        (r.status, r.code().as_str()),
        (429, "rate_limited"),
        "{}",
        r.body
    );
    let wait: u64 = r
        .header("retry-after")
        .expect("Retry-After")
        .parse()
        .unwrap();
    assert!((1..=3600).contains(&wait), "{wait}");
}

#[test]
fn slow_heads_slow_bodies_and_idle_connections_are_closed() {
    let s = Server::start(&["--header-timeout-ms", "300", "--body-timeout-ms", "300"]);
    // A head that never ends: closed without an answer to a request never made.
    let mut partial = TcpStream::connect(s.addr).unwrap();
    partial
        .write_all(b"GET /api/variants HTTP/1.1\r\nHost: loc")
        .unwrap();
    read_to_close(partial);
    // A body that never ends, under the size limit and over it.
    for length in [1_000, 100_000_000] {
        let mut slow = TcpStream::connect(s.addr).unwrap();
        write!(
            slow,
            "POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Length: {length}\r\n\r\n{{\"variant\""
        )
        .unwrap();
        let answer = read_to_close(slow);
        let (status, body) = parse(&answer);
        assert!(status == 408 || status == 400 || status == 413, "{answer}");
        assert!(body["error"]["message"].is_string(), "{answer}");
    }
    // An idle keep-alive connection, after one answer.
    let mut idle = TcpStream::connect(s.addr).unwrap();
    idle.write_all(b"GET /api/variants HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .unwrap();
    let answer = read_to_close(idle);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

#[test]
fn connections_over_the_per_address_cap_get_a_429() {
    let s = Server::start(&["--connections-per-client", "3"]);
    let held: Vec<TcpStream> = (0..3)
        .map(|_| TcpStream::connect(s.addr).unwrap())
        .collect();
    // The connections are counted once accepted; the fourth is refused.
    let mut refused = None;
    for _ in 0..200 {
        let answer = raw(
            s.addr,
            b"GET /api/variants HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".to_vec(),
        );
        if answer.starts_with("HTTP/1.1 429") {
            refused = Some(answer);
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let answer = refused.expect("a fourth connection refused");
    assert!(
        answer.to_ascii_lowercase().contains("retry-after: "),
        "{answer}"
    );
    assert_eq!(parse(&answer).1["error"]["code"], "rate_limited");
    drop(held);
    // Once they close, connections are accepted again.
    let mut ok = false;
    for _ in 0..200 {
        if raw(
            s.addr,
            b"GET /api/variants HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".to_vec(),
        )
        .starts_with("HTTP/1.1 200")
        {
            ok = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(ok, "never accepted again");
}

#[test]
fn sigterm_completes_while_slow_connections_are_open() {
    let mut s = Server::start(&[
        "--header-timeout-ms",
        "60000",
        "--shutdown-grace-ms",
        "1000",
    ]);
    let g = s.create(json!({ "variant": "stacked", "mode": "local" }));
    let _ws = TcpStream::connect(s.addr).unwrap();
    let slow: Vec<TcpStream> = (0..5)
        .map(|_| {
            let mut c = TcpStream::connect(s.addr).unwrap();
            c.write_all(b"GET /api/variants HTTP/1.1\r\nHost: x")
                .unwrap();
            c
        })
        .collect();
    let mut slow_body = TcpStream::connect(s.addr).unwrap();
    slow_body
        .write_all(
            format!(
                "POST /api/games/{}/moves HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{{",
                g["id"].as_str().unwrap()
            )
            .as_bytes(),
        )
        .unwrap();
    let status = s.terminate(GUARD).expect("the server ended after SIGTERM");
    assert!(status.success(), "{status:?}");
    drop(slow);
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(s: &Server, id: &str) -> Result<Socket, tungstenite::Error> {
    let url = format!("ws://{}/api/games/{id}/ws", s.addr);
    tokio_tungstenite::connect_async(url)
        .await
        .map(|(socket, _)| socket)
}

/// The HTTP status a refused WebSocket handshake got, with its Retry-After.
fn refusal(e: tungstenite::Error) -> (u16, Option<String>) {
    match e {
        tungstenite::Error::Http(r) => (
            r.status().as_u16(),
            r.headers()
                .get("retry-after")
                .map(|v| v.to_str().unwrap().to_string()),
        ),
        other => panic!("not an HTTP refusal: {other}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_message_over_the_limit_closes_its_socket() {
    let s = Server::start(&[]);
    let g = s.create(json!({ "variant": "stacked", "mode": "local" }));
    let mut socket = connect(&s, g["id"].as_str().unwrap()).await.unwrap();
    // Was buffered up to 64 MiB per socket.
    let _ = socket
        .send(Message::Text("x".repeat(64 * 1024).into()))
        .await;
    let closed = tokio::time::timeout(GUARD, async {
        loop {
            match socket.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "the socket stayed open");
    assert_eq!(s.get("/api/variants").status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sockets_are_capped_per_game_and_per_address() {
    let s = Server::start(&["--sockets-per-game", "2", "--sockets-per-client", "3"]);
    let a = s.create(json!({ "variant": "stacked", "mode": "local" }));
    let b = s.create(json!({ "variant": "stacked", "mode": "local" }));
    let (a, b) = (a["id"].as_str().unwrap(), b["id"].as_str().unwrap());
    let _a1 = connect(&s, a).await.unwrap();
    let a2 = connect(&s, a).await.unwrap();
    let (status, retry) = refusal(connect(&s, a).await.unwrap_err());
    assert_eq!(status, 429);
    assert!(retry.is_some());
    let _b1 = connect(&s, b).await.unwrap();
    // Three open from this address: a fourth is refused even on another game.
    let (status, _) = refusal(connect(&s, b).await.unwrap_err());
    assert_eq!(status, 429);
    // Closing one frees its place (the server notices the close shortly).
    drop(a2);
    let mut reopened = None;
    for _ in 0..200 {
        if let Ok(socket) = connect(&s, a).await {
            reopened = Some(socket);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(reopened.is_some(), "no socket after one closed");
}

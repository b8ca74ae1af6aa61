//! Issue 34's smaller points, each written as the attack: a trickled body, an oversized
//! `Content-Length` with no body, an absolute-form target naming another host, the
//! security headers, and a move in an online game before the invitee joined.

mod server_common;

use serde_json::json;
use server_common::{request_with, Server};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// Sends `head`, then `trickle` one byte at a time every `every`, and reads the answer:
/// its status line and how long it took.
fn send_raw(s: &Server, head: &str, trickle: usize, every: Duration) -> (String, Duration) {
    let started = Instant::now();
    let mut c = TcpStream::connect(s.addr).unwrap();
    c.set_read_timeout(Some(Duration::from_millis(50))).unwrap();
    c.write_all(head.as_bytes()).unwrap();
    let mut raw = Vec::new();
    let mut sent = 0;
    loop {
        let mut buf = [0u8; 4096];
        match c.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => raw.extend_from_slice(&buf[..n]),
            Err(_) if !raw.is_empty() => break,
            Err(_) => {}
        }
        if raw.is_empty() && sent < trickle {
            std::thread::sleep(every);
            let _ = c.write_all(b"x");
            sent += 1;
        }
        if started.elapsed() > Duration::from_secs(40) {
            break;
        }
    }
    let text = String::from_utf8_lossy(&raw).to_string();
    (
        text.lines().next().unwrap_or("").to_string(),
        started.elapsed(),
    )
}

#[test]
fn a_trickled_body_gets_408_within_the_body_time_and_an_oversized_length_413_at_once() {
    let s = Server::start(&["--body-timeout-ms", "1500"]);
    let head = "POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n";
    // One byte every 300 ms: each read is quick, the whole body never comes.
    let (status, took) = send_raw(&s, head, 1000, Duration::from_millis(300));
    assert!(status.contains("408"), "{status}");
    assert!(took < Duration::from_secs(5), "held {took:?}");
    let head = "POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n";
    let (status, took) = send_raw(&s, head, 0, Duration::ZERO);
    assert!(status.contains("413"), "{status}");
    assert!(took < Duration::from_secs(1), "held {took:?}");
    // An ordinary body still goes through.
    let g = s.create(json!({ "variant": "fourfold", "mode": "local" }));
    assert_eq!(g["ply"], 0);
}

#[test]
fn an_absolute_form_target_naming_another_host_is_refused() {
    let s = Server::start(&[]);
    let r = request_with(s.addr, "GET", "http://evil.example/api/variants", None, &[]);
    assert_eq!((r.status, r.code()), (403, "bad_host".into()), "{}", r.body);
    let r = request_with(s.addr, "GET", "http://localhost/api/variants", None, &[]);
    assert_eq!(r.status, 200, "{}", r.body);
}

#[test]
fn every_answer_carries_the_security_headers() {
    let s = Server::start(&[]);
    for path in ["/", "/api/variants", "/api/games/nothing"] {
        let r = s.get(path);
        let csp = r.header("content-security-policy").unwrap_or_default();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp:?}");
        assert!(csp.contains("'wasm-unsafe-eval'"), "{path}: {csp:?}");
        assert_eq!(
            r.header("x-content-type-options"),
            Some("nosniff"),
            "{path}"
        );
        assert_eq!(r.header("referrer-policy"), Some("no-referrer"), "{path}");
    }
}

#[test]
fn a_move_before_the_invitee_joined_says_so() {
    let s = Server::start(&[]);
    let g = s.create(json!({ "variant": "fourfold", "mode": "online", "human": "white" }));
    let r = s.post(
        &format!("/api/games/{}/moves", g["id"].as_str().unwrap()),
        // No move is listed before then; the attack sends one all the same.
        json!({ "move": "b2@00b3@00" }),
    );
    assert_eq!(g["legal_moves"], json!([]));
    assert_eq!(r.code(), "not_your_turn", "{}", r.body);
    assert!(r.body.contains("has not joined yet"), "{}", r.body);
    assert!(!r.body.contains("computer"), "{}", r.body);
}

//! Behind a reverse proxy (`serve --trusted-proxy`, docs/deploy.md): a trusted proxy's
//! `X-Forwarded-For` names the client every per-address limit counts; anyone else's is
//! ignored. The limit used is games created per address per hour, set to one; a trusted
//! proxy's own connections are not capped as one client's. Also checks that
//! deploy/haproxy.cfg is a configuration HAProxy accepts, when it is installed.

mod server_common;

use serde_json::json;
use server_common::{request_with, Response, Server};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// Creates a local game as a fresh player, the request carrying `forwarded` lines.
fn create(s: &Server, forwarded: &[&str]) -> Response {
    let player = server_common::new_player();
    let auth = format!("Bearer {player}");
    let mut headers = vec![("Authorization", auth.as_str())];
    headers.extend(forwarded.iter().map(|f| ("X-Forwarded-For", *f)));
    let body = json!({ "variant": "stacked", "mode": "local" }).to_string();
    request_with(s.addr, "POST", "/api/games", Some(&body), &headers)
}

fn assert_status(r: &Response, status: u16) {
    assert_eq!(r.status, status, "{}", r.body);
}

#[test]
fn without_trusted_proxy_the_header_is_ignored() {
    let s = Server::start(&["--games-per-hour", "1"]);
    assert_status(&create(&s, &["203.0.113.1"]), 201);
    // Another claimed address is still the same connection's address: no second share.
    let r = create(&s, &["203.0.113.2"]);
    assert_status(&r, 429);
    assert_eq!(r.code(), "rate_limited");
}

#[test]
fn a_trusted_proxy_gives_each_forwarded_client_its_own_share() {
    let s = Server::start(&["--games-per-hour", "1", "--trusted-proxy", "127.0.0.1"]);
    assert_status(&create(&s, &["203.0.113.1"]), 201);
    assert_status(&create(&s, &["203.0.113.1"]), 429);
    assert_status(&create(&s, &["203.0.113.2"]), 201);
    // What a client wrote before the proxy appended its address does not count: the
    // rightmost address is the one the proxy saw.
    assert_status(&create(&s, &["198.51.100.7, 203.0.113.1"]), 429);
    assert_status(&create(&s, &["198.51.100.7", "203.0.113.2"]), 429);
    // No header, or a malformed one: the proxy's own address, a share of its own.
    assert_status(&create(&s, &[]), 201);
    assert_status(&create(&s, &["not-an-address"]), 429);
    assert_status(&create(&s, &["203.0.113.3, junk"]), 429);
    // An IPv6 client counts by its /64, as a direct one does.
    assert_status(&create(&s, &["2001:db8:1:2::1"]), 201);
    assert_status(&create(&s, &["2001:db8:1:2::ffff"]), 429);
}

#[test]
fn a_spoofed_header_from_an_untrusted_address_changes_nothing() {
    // Trusts some other proxy: this test's connections are not from it.
    let s = Server::start(&[
        "--games-per-hour",
        "1",
        "--trusted-proxy",
        "192.0.2.10,192.0.2.11",
    ]);
    assert_status(&create(&s, &["203.0.113.1"]), 201);
    assert_status(&create(&s, &["203.0.113.2"]), 429);
    // Naming a trusted proxy in the header earns nothing either.
    assert_status(&create(&s, &["203.0.113.3, 192.0.2.10"]), 429);
    assert_status(&create(&s, &[]), 429);
}

/// Opens a keep-alive connection and reads the status of one request on it (so the
/// server has accepted and counted the connection); the connection stays open.
fn held_connection(s: &Server) -> (TcpStream, String) {
    let mut c = TcpStream::connect(s.addr).expect("connect");
    c.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    c.write_all(b"GET /api/variants HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .unwrap();
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    while !line.ends_with(b"\r\n") && c.read(&mut byte).unwrap_or(0) == 1 {
        line.push(byte[0]);
    }
    (c, String::from_utf8_lossy(&line).trim().to_string())
}

#[test]
fn a_trusted_proxy_is_not_capped_as_one_client() {
    // The proxy carries every client's connections: three at once although one client
    // may hold one.
    let s = Server::start(&[
        "--connections-per-client",
        "1",
        "--trusted-proxy",
        "127.0.0.1",
    ]);
    let held: Vec<(TcpStream, String)> = (0..3).map(|_| held_connection(&s)).collect();
    for (_, status) in &held {
        assert_eq!(status, "HTTP/1.1 200 OK");
    }
    // Without the flag the second connection from the same address is refused.
    let s = Server::start(&["--connections-per-client", "1"]);
    let (_first, status) = held_connection(&s);
    assert_eq!(status, "HTTP/1.1 200 OK");
    let (_second, status) = held_connection(&s);
    assert!(status.starts_with("HTTP/1.1 429"), "{status}");
}

#[test]
fn a_trusted_proxy_that_is_not_an_address_is_refused() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args(["serve", "--port", "0", "--trusted-proxy", "proxy.example"])
        .output()
        .expect("run spacechess");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--trusted-proxy"), "{err}");
}

#[test]
fn the_haproxy_configuration_is_valid() {
    let cfg = concat!(env!("CARGO_MANIFEST_DIR"), "/../../deploy/haproxy.cfg");
    let text = std::fs::read_to_string(cfg).expect("deploy/haproxy.cfg");
    assert!(text.contains("option forwardfor"), "{text}");
    let Ok(out) = std::process::Command::new("haproxy")
        .args(["-c", "-f", cfg])
        .output()
    else {
        eprintln!("haproxy is not installed: its check of deploy/haproxy.cfg is skipped");
        return;
    };
    assert!(
        out.status.success(),
        "haproxy -c rejects deploy/haproxy.cfg:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

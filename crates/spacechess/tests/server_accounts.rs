//! Names and accounts against the real server (docs/api.md, "Players and accounts"):
//! name rules, unique regardless of case and changed once in 30 days; an account made,
//! logged out, and logged in from a second device that then sees the same player's
//! games; wrong passwords, the failed-login limits, the accounts-per-address limit, the
//! session cookie's flags, and a logged-out session that no longer opens anything.

mod server_common;

use serde_json::{json, Value};
use server_common::{request_with, Response, Server};
use std::collections::BTreeMap;
use std::net::SocketAddr;

/// A browser: keeps the cookies the server sets and sends them back.
struct Device {
    addr: SocketAddr,
    cookies: BTreeMap<String, String>,
    /// The client address a trusted proxy names (`X-Forwarded-For`), if any.
    forwarded: Option<&'static str>,
}

impl Device {
    fn new(s: &Server) -> Device {
        Device {
            addr: s.addr,
            cookies: BTreeMap::new(),
            forwarded: None,
        }
    }

    fn send(&mut self, method: &str, path: &str, body: Option<Value>) -> Response {
        let cookie: Vec<String> = self
            .cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let cookie = cookie.join("; ");
        let mut headers = Vec::new();
        if !cookie.is_empty() {
            headers.push(("Cookie", cookie.as_str()));
        }
        if let Some(f) = self.forwarded {
            headers.push(("X-Forwarded-For", f));
        }
        let body = body.map(|b| b.to_string());
        let r = request_with(self.addr, method, path, body.as_deref(), &headers);
        for c in set_cookies(&r) {
            let (pair, attrs) = c.split_once(';').unwrap_or((c, ""));
            let (name, value) = pair.split_once('=').unwrap();
            if attrs.contains("Max-Age=0") {
                self.cookies.remove(name.trim());
            } else {
                self.cookies
                    .insert(name.trim().to_string(), value.trim().to_string());
            }
        }
        r
    }

    fn get(&mut self, path: &str) -> Response {
        self.send("GET", path, None)
    }

    fn me(&mut self) -> Value {
        ok(self.get("/api/me"))
    }

    fn set_name(&mut self, name: &str) -> Response {
        self.send("PUT", "/api/me/name", Some(json!({ "name": name })))
    }

    fn create_account(&mut self, password: &str) -> Response {
        self.send(
            "POST",
            "/api/account",
            Some(json!({ "password": password })),
        )
    }

    fn log_in(&mut self, name: &str, password: &str) -> Response {
        self.send(
            "POST",
            "/api/session",
            Some(json!({ "name": name, "password": password })),
        )
    }

    fn game_ids(&mut self) -> Vec<String> {
        ok(self.get("/api/games"))["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap().to_string())
            .collect()
    }
}

fn set_cookies(r: &Response) -> Vec<&str> {
    r.headers
        .iter()
        .filter(|(k, _)| k.eq_ignore_ascii_case("set-cookie"))
        .map(|(_, v)| v.as_str())
        .collect()
}

fn set_cookie<'r>(r: &'r Response, name: &str) -> Option<&'r str> {
    set_cookies(r)
        .into_iter()
        .find(|c| c.starts_with(&format!("{name}=")))
}

fn ok(r: Response) -> Value {
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

fn refused(r: &Response, status: u16, code: &str) -> String {
    assert_eq!(r.status, status, "{}", r.body);
    assert_eq!(r.code(), code, "{}", r.body);
    r.json()["error"]["message"].as_str().unwrap().to_string()
}

fn retry_after(r: &Response) -> u64 {
    r.header("retry-after")
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no Retry-After: {:?}", r.headers))
}

const PASSWORD: &str = "correct horse battery";
const THIRTY_DAYS_S: u64 = 30 * 24 * 3600;

/// A device with a name and an account (logged in).
fn account(s: &Server, name: &str) -> Device {
    let mut d = Device::new(s);
    ok(d.set_name(name));
    let r = d.create_account(PASSWORD);
    assert_eq!(r.status, 201, "{}", r.body);
    d
}

#[test]
fn names_follow_the_rules_are_unique_regardless_of_case_and_change_once_in_30_days() {
    let s = Server::start(&[]);
    let mut a = Device::new(&s);
    assert_eq!(
        a.me(),
        json!({ "name": null, "account": false, "name_change_in_ms": null, "ratings": [] })
    );
    for (bad, says) in [
        ("ab", "3 to 20 characters"),
        ("abcdefghijklmnopqrstu", "not 21"),
        ("9lives", "begin with a letter"),
        ("al ice", "may hold only"),
        ("Admin", "reserved"),
        ("computer", "reserved"),
    ] {
        let m = refused(&a.set_name(bad), 400, "bad_name");
        assert!(m.contains(says) && m.contains("name"), "{bad}: {m}");
    }
    let m = refused(
        &a.send("PUT", "/api/me/name", Some(json!({ "name": 5 }))),
        400,
        "bad_request",
    );
    assert!(m.contains("\"name\" must be a string"), "{m}");
    let m = refused(
        &a.send("PUT", "/api/me/name", Some(json!({}))),
        400,
        "bad_request",
    );
    assert!(m.contains("\"name\" is required"), "{m}");

    // The first choice is free.
    let me = ok(a.set_name("Alice"));
    assert_eq!(me["name"], "Alice");
    assert_eq!(me["name_change_in_ms"], Value::Null);
    assert_eq!(a.me()["name"], "Alice");
    // Unique regardless of case.
    let mut b = Device::new(&s);
    let m = refused(&b.set_name("aLiCe"), 409, "name_taken");
    assert!(m.contains("aLiCe"), "{m}");
    // Choosing the same name again changes nothing.
    assert_eq!(ok(a.set_name("Alice"))["name_change_in_ms"], Value::Null);
    // The first change is free as well, then one per 30 days.
    let me = ok(a.set_name("Alicia"));
    assert_eq!(me["name"], "Alicia");
    let wait = me["name_change_in_ms"].as_u64().unwrap();
    assert!(
        wait > (THIRTY_DAYS_S - 60) * 1000 && wait <= THIRTY_DAYS_S * 1000,
        "{wait}"
    );
    let r = a.set_name("Alice2");
    let m = refused(&r, 429, "rate_limited");
    assert!(m.contains("30 days"), "{m}");
    let secs = retry_after(&r);
    assert!(secs > THIRTY_DAYS_S - 60 && secs <= THIRTY_DAYS_S, "{secs}");
    assert_eq!(a.me()["name"], "Alicia");
    // The name given up is free again.
    assert_eq!(ok(b.set_name("ALICE"))["name"], "ALICE");
}

#[test]
fn an_account_logs_in_from_a_second_device_and_sees_the_same_games() {
    let s = Server::start(&[]);
    let mut first = Device::new(&s);
    // An account needs a name.
    let m = refused(&first.create_account(PASSWORD), 409, "name_required");
    assert!(m.contains("name"), "{m}");
    ok(first.set_name("Carol"));
    let r = first.send(
        "POST",
        "/api/games",
        Some(json!({ "variant": "stacked", "mode": "local" })),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let game = r.json()["id"].as_str().unwrap().to_string();
    let anonymous_id = first.cookies["spacechess_player"].clone();

    for (short, n) in [("seven77", "not 7"), ("", "not 0")] {
        let m = refused(&first.create_account(short), 400, "bad_password");
        assert!(m.contains("8 to 128") && m.contains(n), "{m}");
        assert!(short.is_empty() || !m.contains(short), "quoted: {m}");
    }
    let r = first.create_account(PASSWORD);
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(
        r.json(),
        json!({ "name": "Carol", "account": true, "name_change_in_ms": null, "ratings": [] })
    );
    // The session's cookie: 32 hex digits, HttpOnly, SameSite=Lax, for 30 days.
    let session = set_cookie(&r, "spacechess_session").expect("a session cookie");
    let token = session
        .split(';')
        .next()
        .unwrap()
        .trim_start_matches("spacechess_session=");
    assert!(
        token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit()),
        "{session}"
    );
    for flag in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
        assert!(session.contains(flag), "{flag} missing: {session}");
    }
    // …and a fresh anonymous id, for when this browser logs out.
    let player = set_cookie(&r, "spacechess_player").expect("a fresh player cookie");
    assert!(!player.contains(&anonymous_id), "{player}");
    assert!(player.contains("HttpOnly"), "{player}");
    // Logged in, the first device is still the same player.
    assert_eq!(first.game_ids(), vec![game.clone()]);
    assert_eq!(first.me()["account"], true);
    // One account per player.
    refused(&first.create_account(PASSWORD), 409, "name_taken");

    // A second device logs in (the name in any case) and is the same player.
    let mut second = Device::new(&s);
    assert!(second.game_ids().is_empty());
    let r = second.log_in("cAROL", PASSWORD);
    let me = ok(r);
    assert_eq!(
        (me["name"].as_str(), me["account"].as_bool()),
        (Some("Carol"), Some(true))
    );
    assert!(second.cookies.contains_key("spacechess_session"));
    assert_eq!(second.game_ids(), vec![game.clone()]);
    let view = ok(second.get(&format!("/api/games/{game}")));
    assert!(!view["you"].as_array().unwrap().is_empty(), "{view}");

    // Logging out ends that session on the server: its cookie no longer opens anything.
    let old = second.cookies["spacechess_session"].clone();
    let r = second.send("DELETE", "/api/session", None);
    assert_eq!(r.status, 204, "{}", r.body);
    assert!(
        set_cookie(&r, "spacechess_session").is_some_and(|c| c.contains("Max-Age=0")),
        "{:?}",
        r.headers
    );
    assert!(!second.cookies.contains_key("spacechess_session"));
    assert!(second.game_ids().is_empty());
    assert_eq!(second.me()["name"], Value::Null);
    second.cookies.insert("spacechess_session".into(), old);
    let r = second.get("/api/games");
    assert!(
        set_cookie(&r, "spacechess_session").is_some_and(|c| c.contains("Max-Age=0")),
        "an unknown session is cleared: {:?}",
        r.headers
    );
    assert!(ok(r)["games"].as_array().unwrap().is_empty());
    // The first device's session is its own and still open.
    assert_eq!(first.game_ids(), vec![game.clone()]);
    // Logging in again replaces the session: the one before ends.
    let before = first.cookies["spacechess_session"].clone();
    ok(first.log_in("Carol", PASSWORD));
    assert_ne!(first.cookies["spacechess_session"], before);
    assert_eq!(first.game_ids(), vec![game]);
    let mut stale = Device::new(&s);
    stale.cookies.insert("spacechess_session".into(), before);
    assert_eq!(stale.me()["name"], Value::Null);
}

#[test]
fn wrong_passwords_are_refused_and_five_failures_lock_the_name() {
    let s = Server::start(&[]);
    account(&s, "Dave");
    let mut other = Device::new(&s);
    for (name, password) in [("Dave", "wrong password"), ("Nobody", PASSWORD)] {
        let m = refused(&other.log_in(name, password), 401, "bad_login");
        assert_eq!(m, "wrong name or password");
    }
    assert!(!other.cookies.contains_key("spacechess_session"));
    for _ in 0..4 {
        refused(&other.log_in("dave", "still wrong"), 401, "bad_login");
    }
    // Five failures for the name: even the right password waits.
    let r = other.log_in("DAVE", PASSWORD);
    let m = refused(&r, 429, "rate_limited");
    assert!(m.contains("15 minutes"), "{m}");
    let secs = retry_after(&r);
    assert!((1..=900).contains(&secs), "{secs}");
    // Another name from the same address is not locked.
    let mut eve = account(&s, "Eve");
    assert_eq!(eve.send("DELETE", "/api/session", None).status, 204);
    ok(eve.log_in("Eve", PASSWORD));
}

#[test]
fn failures_from_one_address_do_not_lock_the_name_for_its_owner_elsewhere() {
    let s = Server::start(&["--trusted-proxy", "127.0.0.1"]);
    let mut owner = account(&s, "Gus");
    owner.forwarded = Some("198.51.100.7");
    assert_eq!(owner.send("DELETE", "/api/session", None).status, 204);
    let mut attacker = Device::new(&s);
    attacker.forwarded = Some("203.0.113.5");
    for _ in 0..5 {
        refused(&attacker.log_in("Gus", "guessing"), 401, "bad_login");
    }
    let m = refused(&attacker.log_in("Gus", PASSWORD), 429, "rate_limited");
    assert!(m.contains("from this address"), "{m}");
    // The owner, at another address, still logs in.
    ok(owner.log_in("Gus", PASSWORD));
}

#[test]
fn failed_logins_from_one_address_are_bounded_across_names() {
    let s = Server::start(&[]);
    account(&s, "Frank");
    let mut d = Device::new(&s);
    for i in 0..20 {
        refused(&d.log_in(&format!("Nobody{i}"), PASSWORD), 401, "bad_login");
    }
    let r = d.log_in("Frank", PASSWORD);
    let m = refused(&r, 429, "rate_limited");
    assert!(m.contains("address"), "{m}");
    assert!((1..=900).contains(&retry_after(&r)));
}

#[test]
fn accounts_made_from_one_address_are_bounded_per_hour() {
    let s = Server::start(&[]);
    for name in ["Gina", "Hank", "Ida"] {
        account(&s, name);
    }
    let mut d = Device::new(&s);
    ok(d.set_name("Jack"));
    let r = d.create_account(PASSWORD);
    let m = refused(&r, 429, "rate_limited");
    assert!(m.contains("3 accounts an hour"), "{m}");
    assert!(retry_after(&r) >= 1);
    assert_eq!(d.me()["account"], false);
}

#[test]
fn names_chosen_from_one_address_are_bounded_per_hour() {
    let s = Server::start(&[]);
    for i in 0..30 {
        let mut d = Device::new(&s);
        ok(d.set_name(&format!("Squat{i}")));
    }
    // Made-up player ids do not help: the address has had its share this hour.
    let mut d = Device::new(&s);
    let r = d.set_name("Squat30");
    let m = refused(&r, 429, "rate_limited");
    assert!(m.contains("from this address"), "{m}");
    assert!((1..=3600).contains(&retry_after(&r)));
}

//! Players and seats: the anonymous player id (cookie or bearer token), only a seat's
//! holder acts on a game in every mode, other sites' pages and unknown hosts are refused,
//! and games stored before seats are taken by the first player who acts on them.

mod server_common;

use serde_json::{json, Value};
use server_common::{first_move, new_player, request_with, Server};

fn cookie_of(r: &server_common::Response) -> Option<String> {
    let set = r.header("set-cookie")?;
    let value = set.strip_prefix("spacechess_player=")?;
    Some(value.split(';').next().unwrap_or("").to_string())
}

#[test]
fn a_first_request_gets_an_http_only_lax_cookie_and_later_ones_keep_it() {
    let s = Server::start(&[]);
    let first = request_with(s.addr, "GET", "/api/variants", None, &[]);
    assert_eq!(first.status, 200);
    let set = first.header("set-cookie").expect("a cookie").to_string();
    assert!(set.contains("HttpOnly"), "{set}");
    assert!(set.contains("SameSite=Lax"), "{set}");
    assert!(set.contains("Path=/"), "{set}");
    let id = cookie_of(&first).unwrap();
    assert_eq!(id.len(), 32, "{id}");
    assert!(id.bytes().all(|b| b.is_ascii_hexdigit()));
    // The web app's page itself sets it too (its first request).
    let page = request_with(s.addr, "GET", "/", None, &[]);
    let other = cookie_of(&page).expect("the page sets a cookie");
    assert_ne!(other, id, "every new browser gets its own id");
    // With the cookie, or the same id as a bearer token: no new cookie.
    let cookie = format!("spacechess_player={id}");
    let again = request_with(s.addr, "GET", "/api/variants", None, &[("Cookie", &cookie)]);
    assert_eq!(again.header("set-cookie"), None);
    let bearer = s.request_as(&id, "GET", "/api/variants", None);
    assert_eq!(bearer.header("set-cookie"), None);
}

#[test]
fn the_cookie_and_the_bearer_token_are_the_same_player() {
    let s = Server::start(&[]);
    let me = new_player();
    let cookie = format!("spacechess_player={me}");
    let body = json!({ "variant": "fourfold", "mode": "local" }).to_string();
    let created = request_with(
        s.addr,
        "POST",
        "/api/games",
        Some(&body),
        &[("Cookie", &cookie)],
    );
    assert_eq!(created.status, 201, "{}", created.body);
    let g = created.json();
    assert_eq!(g["you"], json!(["white", "black"]));
    assert_eq!(g["seats"]["white"]["holder"], "player");
    let id = g["id"].as_str().unwrap();
    let mv = json!({ "move": first_move(&g) });
    let r = s.post_as(&me, &format!("/api/games/{id}/moves"), mv);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["ply"], 1);
    // A watcher's view names no side of theirs; the ids themselves are never shown.
    let seen = s
        .request_as(&new_player(), "GET", &format!("/api/games/{id}"), None)
        .json();
    assert_eq!(seen["you"], json!([]));
    assert!(!seen.to_string().contains(&me));
}

#[test]
fn a_malformed_bearer_token_is_refused_naming_it() {
    let s = Server::start(&[]);
    let r = request_with(
        s.addr,
        "GET",
        "/api/variants",
        None,
        &[("Authorization", "Bearer not-a-player")],
    );
    assert_eq!(r.status, 401);
    assert_eq!(r.code(), "bad_player");
    assert!(r.body.contains("not-a-player"), "{}", r.body);
}

/// Every request that acts on a game, as `player`: (what, status).
fn act_on_everything(s: &Server, player: &str, id: &str, g: &Value) -> Vec<(String, u16, String)> {
    let path = |p: &str| format!("/api/games/{id}{p}");
    let tries: Vec<(&str, &str, String, Option<String>)> = vec![
        (
            "move",
            "POST",
            path("/moves"),
            Some(json!({ "move": first_move(g) }).to_string()),
        ),
        ("take back", "POST", path("/takeback"), None),
        ("draw", "POST", path("/draw"), None),
        ("oracle on", "POST", path("/oracle"), None),
        ("oracle off", "DELETE", path("/oracle"), None),
        ("resign", "POST", path("/resign"), None),
        ("delete", "DELETE", path(""), None),
    ];
    tries
        .into_iter()
        .map(|(what, method, p, body)| {
            let r = s.request_as(player, method, &p, body.as_deref());
            let code = if r.status >= 400 {
                r.code()
            } else {
                String::new()
            };
            (what.to_string(), r.status, code)
        })
        .collect()
}

#[test]
fn only_the_seat_holder_acts_in_every_mode() {
    let s = Server::start(&[]);
    for mode in ["computer", "local"] {
        let g = s.create(json!({ "variant": "stacked", "mode": mode, "level": 1 }));
        let id = g["id"].as_str().unwrap();
        assert_eq!(
            g["you"].as_array().unwrap().len(),
            if mode == "local" { 2 } else { 1 }
        );
        let stranger = new_player();
        for (what, status, code) in act_on_everything(&s, &stranger, id, &g) {
            assert_eq!(
                (status, code.as_str()),
                (403, "not_your_seat"),
                "{mode}: a stranger's {what}"
            );
        }
        // Nothing changed, and the holder still can.
        let now = s.game(id);
        assert_eq!(now["ply"], 0, "{mode}");
        assert_eq!(now["status"], "in-progress", "{mode}");
        assert_eq!(now["oracle"], false, "{mode}");
        let played = s.play(id, &first_move(&g));
        assert_eq!(played["ply"], 1, "{mode}");
        let r = s.post(&format!("/api/games/{id}/resign"), json!({}));
        assert_eq!(r.status, 200, "{mode}: {}", r.body);
        let r = s.request("DELETE", &format!("/api/games/{id}"), None);
        assert_eq!(r.status, 204, "{mode}: {}", r.body);
    }
}

#[test]
fn other_sites_pages_may_not_change_games_but_programs_and_our_pages_may() {
    let s = Server::start(&[]);
    let me = s.player.clone();
    let auth = format!("Bearer {me}");
    let body = json!({ "variant": "fourfold", "mode": "local" }).to_string();
    let with_origin = |origin: &str| {
        request_with(
            s.addr,
            "POST",
            "/api/games",
            Some(&body),
            &[("Authorization", &auth), ("Origin", origin)],
        )
    };
    for foreign in [
        "http://evil.example",
        "null",
        "http://localhost.evil.example",
        "http://localhost:1",
    ] {
        let r = with_origin(foreign);
        assert_eq!(r.status, 403, "{foreign}: {}", r.body);
        assert_eq!(r.code(), "bad_origin", "{foreign}");
    }
    // The server's own page (Origin equals Host), and a program sending no Origin.
    assert_eq!(with_origin("http://localhost").status, 201);
    assert_eq!(
        s.post("/api/games", json!({ "variant": "fourfold" }))
            .status,
        201
    );
    // Reading is allowed from anywhere (the answer is not readable cross-site anyway).
    let r = request_with(
        s.addr,
        "GET",
        "/api/variants",
        None,
        &[("Origin", "http://evil.example")],
    );
    assert_eq!(r.status, 200);
    // A WebSocket upgrade from another site's page is refused before the upgrade.
    let g = s.create(json!({ "variant": "fourfold", "mode": "local" }));
    let ws = request_with(
        s.addr,
        "GET",
        &format!("/api/games/{}/ws", g["id"].as_str().unwrap()),
        None,
        &[
            ("Upgrade", "websocket"),
            ("Sec-WebSocket-Version", "13"),
            ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
            ("Origin", "http://evil.example"),
        ],
    );
    assert_eq!(ws.status, 403, "{}", ws.body);
    assert_eq!(ws.code(), "bad_origin");
}

#[test]
fn the_host_must_be_one_the_server_serves() {
    let s = Server::start(&["--host", "chess.example.org"]);
    let get = |host: &str| request_with(s.addr, "GET", "/api/variants", None, &[("Host", host)]);
    for ok in [
        "localhost",
        "localhost:8080",
        "127.0.0.1",
        "[::1]:80",
        "chess.example.org",
    ] {
        assert_eq!(get(ok).status, 200, "{ok}");
    }
    let addr = s.addr.to_string();
    assert_eq!(get(&addr).status, 200, "the address connected to");
    for bad in ["evil.example", "chess.example.org.evil.example", "10.1.2.3"] {
        let r = get(bad);
        assert_eq!(r.status, 403, "{bad}");
        assert_eq!(r.code(), "bad_host", "{bad}");
        assert!(r.body.contains(bad), "{}", r.body);
    }
}

#[test]
fn a_game_stored_before_seats_is_taken_by_the_first_player_who_acts() {
    let mut s = Server::start(&[]);
    let g = s.create(json!({ "variant": "fourfold", "mode": "local" }));
    let id = g["id"].as_str().unwrap().to_string();
    s.kill();
    {
        // As the schema migration leaves a game of an older database.
        let db = rusqlite::Connection::open(s.data_dir().join("games.sqlite")).unwrap();
        db.execute(
            "UPDATE games SET white_player = '*', black_player = '*' WHERE id = ?1",
            [&id],
        )
        .unwrap();
    }
    s.restart();
    let first = new_player();
    let seen = s
        .request_as(&first, "GET", &format!("/api/games/{id}"), None)
        .json();
    assert_eq!(seen["you"], json!([]), "looking takes nothing");
    let mv = json!({ "move": first_move(&g) });
    let r = s.post_as(&first, &format!("/api/games/{id}/moves"), mv);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["you"], json!(["white", "black"]));
    let later = new_player();
    let r = s.post_as(&later, &format!("/api/games/{id}/resign"), json!({}));
    assert_eq!((r.status, r.code()), (403, "not_your_seat".to_string()));
    // The claim is stored.
    s.restart();
    let r = s.post_as(&later, &format!("/api/games/{id}/takeback"), json!({}));
    assert_eq!(r.status, 403);
    let r = s.post_as(&first, &format!("/api/games/{id}/takeback"), json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
}

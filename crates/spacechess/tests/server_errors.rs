//! Bad input gets a clear 4xx JSON error (docs/api.md), and the server keeps working.

mod server_common;

use serde_json::{json, Value};
use server_common::{first_move, Server};

fn assert_error(r: &server_common::Response, status: u16, code: &str) {
    assert_eq!(r.status, status, "{}", r.body);
    let body = r.json();
    assert_eq!(body["error"]["code"], code, "{}", r.body);
    assert!(
        !body["error"]["message"].as_str().unwrap_or("").is_empty(),
        "no message: {}",
        r.body
    );
}

#[test]
fn malformed_requests_are_refused_with_their_reason() {
    let s = Server::start(&[]);
    let r = s.request("POST", "/api/games", Some("{\"variant\": "));
    assert_error(&r, 400, "bad_request");
    assert!(r.body.contains("not valid JSON"));
    assert_error(
        &s.request("POST", "/api/games", Some("[1, 2]")),
        400,
        "bad_request",
    );
    assert_error(&s.request("POST", "/api/games", None), 400, "bad_request");
    // Wrong field types name the field.
    for (body, field) in [
        (json!({ "variant": 5 }), "variant"),
        (json!({ "variant": "stacked", "level": "hard" }), "level"),
        (json!({ "variant": "stacked", "level": 9 }), "level"),
        (
            json!({ "variant": "stacked", "options": "rook-pawns" }),
            "options",
        ),
        (json!({ "variant": "stacked", "mode": "hotseat" }), "mode"),
        (json!({ "variant": "stacked", "human": "red" }), "human"),
        (
            json!({ "variant": "stacked", "time_control": 5 }),
            "time_control",
        ),
        (
            json!({ "variant": "stacked", "time_control": { "minutes": -1 } }),
            "minutes",
        ),
        (
            json!({ "variant": "stacked", "time_control": { "days_per_move": 2 } }),
            "days_per_move",
        ),
        (
            json!({ "variant": "stacked", "time_control": { "days_per_move": 1, "minutes": 5 } }),
            "days_per_move",
        ),
        (
            json!({ "variant": "stacked", "time_control": { "increment_seconds": 2 } }),
            "time_control.days_per_move",
        ),
        (json!({ "variant": "stacked", "position": 3 }), "position"),
        (json!({}), "variant"),
    ] {
        let r = s.post("/api/games", body.clone());
        assert_error(&r, 400, "bad_request");
        assert!(r.body.contains(field), "{body} -> {}", r.body);
    }
}

#[test]
fn bad_setups_and_positions() {
    let s = Server::start(&[]);
    let r = s.post("/api/games", json!({ "variant": "chess" }));
    assert_error(&r, 400, "bad_setup");
    assert!(r.body.contains("chess"));
    assert_error(
        &s.post(
            "/api/games",
            json!({ "variant": "stacked", "options": ["rook-pawns"] }),
        ),
        400,
        "bad_setup",
    );
    assert_error(
        &s.post(
            "/api/games",
            json!({ "variant": "stacked", "rules": "meder" }),
        ),
        400,
        "bad_setup",
    );
    let r = s.post(
        "/api/games",
        json!({ "variant": "stacked", "position": "8/8/8 w 0 1" }),
    );
    assert_error(&r, 400, "bad_position");
}

#[test]
fn unknown_games_and_paths() {
    let s = Server::start(&[]);
    for path in [
        "/api/games/nope",
        "/api/games/0123456789abcdef0123456789abcdef",
        "/api/games/nope/record",
    ] {
        assert_error(&s.get(path), 404, "unknown_game");
    }
    assert_error(
        &s.post("/api/games/nope/moves", json!({ "move": "x" })),
        404,
        "unknown_game",
    );
    assert_error(&s.get("/api/nothing-here"), 404, "not_found");
    assert_error(
        &s.request("DELETE", "/api/variants", None),
        405,
        "bad_request",
    );
}

#[test]
fn illegal_stale_and_malformed_moves() {
    let s = Server::start(&[]);
    let g = s.create(json!({ "variant": "stacked", "mode": "local" }));
    let id = g["id"].as_str().unwrap();
    let path = format!("/api/games/{id}/moves");
    let r = s.post(&path, json!({ "move": "Be1Be5" }));
    assert_error(&r, 422, "illegal_move");
    assert!(r.body.contains("Be1Be5"));
    assert_error(
        &s.post(&path, json!({ "move": "hello" })),
        422,
        "illegal_move",
    );
    assert_error(&s.post(&path, json!({ "move": 12 })), 400, "bad_request");
    assert_error(&s.post(&path, json!({})), 400, "bad_request");
    assert_error(
        &s.post(&path, json!({ "move": first_move(&g), "ply": "zero" })),
        400,
        "bad_request",
    );
    // A repeated request (its answer lost on the way) answers as the first did and
    // never plays twice; another move at that ply is stale.
    let t = first_move(&g);
    let first = s.post(&path, json!({ "move": t, "ply": 0 }));
    let again = s.post(&path, json!({ "move": t, "ply": 0 }));
    assert_eq!(again.status, 200, "{}", again.body);
    let (first, again): (Value, Value) = (
        serde_json::from_str(&first.body).unwrap(),
        serde_json::from_str(&again.body).unwrap(),
    );
    assert_eq!(again["ply"], 1);
    assert_eq!(again["history"], first["history"]);
    assert_eq!(again["position"], first["position"]);
    let other = g["legal_moves"][1]["token"].as_str().unwrap();
    assert_error(
        &s.post(&path, json!({ "move": other, "ply": 0 })),
        409,
        "not_your_turn",
    );
    assert_eq!(s.game(id)["ply"], 1);
    // Nothing changed by the refused requests.
    assert_eq!(s.game(id)["history"].as_array().unwrap().len(), 1);
}

#[test]
fn oversized_bodies_get_413() {
    let s = Server::start(&[]);
    let huge = format!(
        "{{\"variant\": \"stacked\", \"position\": \"{}\"}}",
        "x".repeat(70_000)
    );
    let r = s.request("POST", "/api/games", Some(&huge));
    assert_error(&r, 413, "too_large");
    // The server still answers.
    assert_eq!(s.get("/api/variants").status, 200);
}

#[test]
fn too_many_games_from_one_client() {
    let s = Server::start(&["--games-per-hour", "3"]);
    for _ in 0..3 {
        s.create(json!({ "variant": "stacked", "mode": "local" }));
    }
    let r = s.post(
        "/api/games",
        json!({ "variant": "stacked", "mode": "local" }),
    );
    assert_error(&r, 429, "rate_limited");
    assert!(r.body.contains("per hour"));
}

#[test]
fn too_many_searches_per_client_and_in_total() {
    // No search slot for this client: a game where the computer starts is refused, and
    // a move that would need the computer's reply is refused without being played.
    let s = Server::start(&["--searches-per-client", "0"]);
    let r = s.post(
        "/api/games",
        json!({ "variant": "stacked", "human": "black" }),
    );
    assert_error(&r, 429, "rate_limited");
    let g = s.create(json!({ "variant": "stacked", "human": "white" }));
    let id = g["id"].as_str().unwrap();
    let r = s.post(
        &format!("/api/games/{id}/moves"),
        json!({ "move": first_move(&g) }),
    );
    assert_error(&r, 429, "rate_limited");
    assert_eq!(s.game(id)["ply"], 0);
    let r = s.post(&format!("/api/games/{id}/oracle"), json!({}));
    assert_error(&r, 429, "rate_limited");
    // Local games need no search.
    let g = s.create(json!({ "variant": "stacked", "mode": "local" }));
    s.play(g["id"].as_str().unwrap(), &first_move(&g));
    drop(s);
    // The global cap.
    let s = Server::start(&["--max-searches", "0"]);
    let r = s.post(
        "/api/games",
        json!({ "variant": "stacked", "human": "black" }),
    );
    assert_error(&r, 429, "rate_limited");
    assert!(r.body.contains("server"));
}

#[test]
fn bad_oracle_and_resign_bodies() {
    let s = Server::start(&[]);
    let g = s.create(json!({ "variant": "stacked", "mode": "local" }));
    let id = g["id"].as_str().unwrap();
    assert_error(
        &s.post(
            &format!("/api/games/{id}/oracle"),
            json!({ "budget_ms": 5 }),
        ),
        400,
        "bad_request",
    );
    assert_error(
        &s.post(
            &format!("/api/games/{id}/oracle"),
            json!({ "budget_ms": "soon" }),
        ),
        400,
        "bad_request",
    );
    assert_error(
        &s.post(
            &format!("/api/games/{id}/resign"),
            json!({ "side": "green" }),
        ),
        400,
        "bad_request",
    );
    assert_eq!(s.game(id)["status"], "in-progress");
}

#[test]
fn bad_lobby_bodies_name_what_is_wrong() {
    let s = Server::start(&[]);
    for path in ["/api/lobby/challenges", "/api/lobby/quick"] {
        let r = s.request("POST", path, Some("{\"variant\": "));
        assert_error(&r, 400, "bad_request");
        assert!(r.body.contains("not valid JSON"), "{}", r.body);
        assert_error(&s.request("POST", path, Some("[1]")), 400, "bad_request");
        assert_error(&s.request("POST", path, None), 400, "bad_request");
    }
    let live = json!({ "minutes": 5 });
    for (body, field) in [
        (json!({ "variant": 5, "time_control": live }), "variant"),
        (
            json!({ "variant": "stacked", "time_control": 5 }),
            "time_control",
        ),
        (
            json!({ "variant": "stacked", "time_control": live, "rated": 1 }),
            "rated",
        ),
        (
            json!({ "variant": "stacked", "time_control": live, "color": "green" }),
            "color",
        ),
        (
            json!({ "variant": "stacked", "time_control": live, "min_rating": "high" }),
            "min_rating",
        ),
        (
            json!({ "variant": "stacked", "time_control": live, "max_rating": 1.5 }),
            "max_rating",
        ),
        (
            json!({ "variant": "stacked", "time_control": { "minutes": 5, "days_per_move": 1 } }),
            "days_per_move",
        ),
    ] {
        let r = s.post("/api/lobby/challenges", body.clone());
        assert_error(&r, 400, "bad_request");
        assert!(r.body.contains(field), "{body} -> {}", r.body);
    }
    let r = s.post("/api/lobby/quick", json!({ "pairing": 3 }));
    assert_error(&r, 400, "bad_request");
    assert!(r.body.contains("pairing"), "{}", r.body);
    assert_error(
        &s.post("/api/lobby/challenges/0123456789abcdef/accept", json!({})),
        404,
        "unknown_challenge",
    );
    assert_error(
        &s.request("DELETE", "/api/lobby/challenges/0123456789abcdef", None),
        404,
        "unknown_challenge",
    );
    assert_error(&s.get("/api/ratings/chess"), 404, "not_found");
    assert_error(&s.get("/api/players/nobody-here"), 404, "not_found");
}

#[test]
fn bad_name_account_and_login_bodies_name_the_field() {
    let s = Server::start(&[]);
    for (method, path, body, code, says) in [
        ("PUT", "/api/me/name", "", "bad_request", "is required"),
        ("PUT", "/api/me/name", "[]", "bad_request", "JSON object"),
        (
            "PUT",
            "/api/me/name",
            r#"{"name": 5}"#,
            "bad_request",
            "\"name\"",
        ),
        (
            "PUT",
            "/api/me/name",
            r#"{"name": "x y z"}"#,
            "bad_name",
            "\"name\"",
        ),
        ("POST", "/api/account", "{", "bad_request", "not valid JSON"),
        (
            "POST",
            "/api/account",
            "{}",
            "bad_request",
            "\"password\" is required",
        ),
        (
            "POST",
            "/api/account",
            r#"{"password": ["a"]}"#,
            "bad_request",
            "\"password\"",
        ),
        (
            "POST",
            "/api/account",
            r#"{"password": "short"}"#,
            "bad_password",
            "8 to 128",
        ),
        ("POST", "/api/session", "", "bad_request", "is required"),
        (
            "POST",
            "/api/session",
            r#"{"password": "12345678"}"#,
            "bad_request",
            "\"name\" is required",
        ),
        (
            "POST",
            "/api/session",
            r#"{"name": "Al"}"#,
            "bad_request",
            "\"password\" is required",
        ),
        (
            "POST",
            "/api/session",
            r#"{"name": true, "password": "12345678"}"#,
            "bad_request",
            "\"name\" must be a string",
        ),
    ] {
        let status = match code {
            "bad_request" | "bad_name" | "bad_password" => 400,
            _ => unreachable!(),
        };
        let body = (!body.is_empty()).then_some(body);
        let r = s.request(method, path, body);
        assert_error(&r, status, code);
        let message = r.json()["error"]["message"].as_str().unwrap().to_string();
        assert!(
            message.contains(says),
            "{method} {path} {body:?} -> {message}"
        );
    }
    // The server still answers.
    assert_eq!(s.get("/api/me").status, 200);
}

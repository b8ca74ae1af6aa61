//! Ratings against the real server: a rated game played to its end moves both players'
//! ratings exactly as Glicko-2 says from a new player's 1500/350/0.06, once; the game's
//! labels show names, ratings and then the changes; an aborted game and one ended
//! before each side moved are not rated; three aborts in a day bar rated challenges
//! (429 with Retry-After); leaderboards list only settled ratings; profiles; the same
//! over PostgreSQL (quick pairing, rating).

mod pg_cluster;
mod server_common;

use rating::Rating;
use serde_json::{json, Value};
use server_common::{first_move, new_player, Response, Server};
use std::time::{Duration, Instant};

fn named(s: &Server, name: &str) -> String {
    let p = new_player();
    let r = s.request_as(
        &p,
        "PUT",
        "/api/me/name",
        Some(&json!({ "name": name }).to_string()),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    p
}

fn game_as(s: &Server, player: &str, id: &str) -> Value {
    let r = s.request_as(player, "GET", &format!("/api/games/{id}"), None);
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

/// A rated (or casual) Stacked game of `white` and `black`, made in the lobby.
fn paired(s: &Server, white: &str, black: &str, rated: bool) -> String {
    let r = s.post_as(
        white,
        "/api/lobby/challenges",
        json!({ "variant": "stacked", "time_control": { "minutes": 10 }, "rated": rated, "color": "white" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_str().unwrap().to_string();
    let r = s.post_as(
        black,
        &format!("/api/lobby/challenges/{id}/accept"),
        json!({}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()["game"].as_str().unwrap().to_string()
}

fn play(s: &Server, player: &str, id: &str) {
    let token = first_move(&game_as(s, player, id));
    let r = s.post_as(
        player,
        &format!("/api/games/{id}/moves"),
        json!({ "move": token }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
}

fn resign(s: &Server, player: &str, id: &str) {
    let r = s.post_as(player, &format!("/api/games/{id}/resign"), json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
}

fn profile(s: &Server, name: &str) -> Value {
    let r = s.get(&format!("/api/players/{name}"));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

/// Polls until `done` holds (the rating runs right after the answer), at most 20 s.
fn eventually(what: &str, mut done: impl FnMut() -> Option<Value>) -> Value {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(v) = done() {
            return v;
        }
        assert!(Instant::now() < deadline, "never: {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_rated_game_moves_both_ratings_as_glicko2_says_and_its_labels_show_it() {
    let s = Server::start(&[]);
    let white = named(&s, "Whitey");
    let black = named(&s, "Blacky");
    let id = paired(&s, &white, &black, true);
    // Labels before: names, a new player's provisional 1500, no change yet.
    let v = game_as(&s, &black, &id);
    assert_eq!(v["rated"], true);
    assert_eq!(
        v["players"],
        json!({
            "white": { "name": "Whitey", "rating": 1500, "provisional": true, "change": null },
            "black": { "name": "Blacky", "rating": 1500, "provisional": true, "change": null },
        })
    );
    play(&s, &white, &id);
    play(&s, &black, &id);
    play(&s, &white, &id);
    resign(&s, &black, &id);
    let (w, b) = rating::rate_game(Rating::default(), Rating::default(), 1.0).unwrap();
    let change = |r: Rating| (r.rating.round() - 1500.0) as i64;
    let v = eventually("the labels show the changes", || {
        let v = game_as(&s, &white, &id);
        (!v["players"]["white"]["change"].is_null()).then_some(v)
    });
    assert_eq!(v["players"]["white"]["change"], change(w));
    assert_eq!(v["players"]["black"]["change"], change(b));
    assert_eq!(
        v["players"]["white"]["rating"], 1500,
        "the rating before the game"
    );
    assert!(change(w) > 0 && change(b) < 0);
    // The profiles: the new ratings, one game each, one history point.
    for (name, r) in [("Whitey", w), ("Blacky", b)] {
        let p = profile(&s, name);
        assert_eq!(p["name"], name);
        assert_eq!(p["account"], false);
        assert_eq!(
            p["ratings"],
            json!([{
                "pool": "stacked",
                "rating": r.rating.round() as i64,
                "deviation": r.deviation.round() as i64,
                "provisional": true,
                "games": 1,
            }]),
            "{name}"
        );
        let history = p["history"].as_array().unwrap();
        assert_eq!(history.len(), 1, "{p}");
        assert_eq!(history[0]["pool"], "stacked");
        assert_eq!(history[0]["rating"], r.rating.round() as i64);
    }
    // Names are found in any case.
    assert_eq!(profile(&s, "whitey")["name"], "Whitey");
    // Provisional ratings are not on the leaderboard.
    let board = s.get("/api/ratings/stacked");
    assert_eq!(board.status, 200, "{}", board.body);
    assert_eq!(board.json(), json!({ "pool": "stacked", "players": [] }));
    let r = s.get("/api/ratings/chess");
    assert_eq!((r.status, r.code()), (404, "not_found".into()));
    assert!(r.body.contains("trid-federation"), "{}", r.body);
    let r = s.get("/api/players/Nobody");
    assert_eq!(r.status, 404, "{}", r.body);
    // A casual game changes nothing.
    let casual = paired(&s, &white, &black, false);
    assert_eq!(game_as(&s, &white, &casual)["rated"], false);
    play(&s, &white, &casual);
    play(&s, &black, &casual);
    resign(&s, &white, &casual);
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(profile(&s, "Whitey")["ratings"][0]["games"], 1);
}

#[test]
fn games_ended_before_each_side_moved_are_not_rated_and_three_aborts_bar_rated_games() {
    let s = Server::start(&["--first-move-ms", "400"]);
    let idle = named(&s, "Idler");
    let other = named(&s, "Mover");
    // Resigned after one move: not rated, not an abort.
    let id = paired(&s, &other, &idle, true);
    play(&s, &other, &id);
    resign(&s, &idle, &id);
    // Aborted three times, White (the idle player) never moving.
    for _ in 0..3 {
        let id = paired(&s, &idle, &other, true);
        eventually("the game aborts", || {
            let v = game_as(&s, &other, &id);
            (v["result"]["reason"] == "aborted").then_some(v)
        });
    }
    std::thread::sleep(Duration::from_millis(500));
    for name in ["Idler", "Mover"] {
        assert_eq!(profile(&s, name)["ratings"], json!([]), "{name}");
    }
    // The idle player may not create, accept or quick-pair rated games for a day.
    let barred = |r: Response| {
        assert_eq!(
            (r.status, r.code()),
            (429, "rate_limited".into()),
            "{}",
            r.body
        );
        assert!(
            r.body.contains("rated games in the last 24 hours"),
            "{}",
            r.body
        );
        let wait: u64 = r.header("Retry-After").unwrap().parse().unwrap();
        assert!((86_000..=86_400).contains(&wait), "{wait}");
    };
    let rated = json!({ "variant": "stacked", "time_control": { "minutes": 10 }, "rated": true });
    barred(s.post_as(&idle, "/api/lobby/challenges", rated.clone()));
    let r = s.post_as(&other, "/api/lobby/challenges", rated);
    assert_eq!(r.status, 201, "the other player is not barred: {}", r.body);
    let theirs = r.json()["id"].as_str().unwrap().to_string();
    barred(s.post_as(
        &idle,
        &format!("/api/lobby/challenges/{theirs}/accept"),
        json!({}),
    ));
    barred(s.post_as(
        &idle,
        "/api/lobby/quick",
        json!({ "pairing": "fourfold-5+3" }),
    ));
    // Casual games are still open to them.
    let casual = json!({ "variant": "stacked", "time_control": { "minutes": 10 } });
    let r = s.post_as(&idle, "/api/lobby/challenges", casual);
    assert_eq!(r.status, 201, "{}", r.body);
}

#[test]
fn over_postgres_a_quick_pairing_makes_a_rated_game_that_moves_both_ratings() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let s = Server::start(&["--store", &url]);
    let first = named(&s, "Pgwhite");
    let second = named(&s, "Pgblack");
    let quick = json!({ "pairing": "fourfold-5+3" });
    let r = s.post_as(&first, "/api/lobby/quick", quick.clone());
    assert!(r.json()["challenge"].is_object(), "{}", r.body);
    let r = s.post_as(&second, "/api/lobby/quick", quick);
    let id = r.json()["game"].as_str().expect("a game").to_string();
    let lobby = s.request_as(&first, "GET", "/api/lobby", None).json();
    assert_eq!(lobby["matched"], id.as_str());
    assert!(
        lobby["playing"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == id.as_str()),
        "{lobby}"
    );
    let white_is_first = game_as(&s, &first, &id)["you"] == json!(["white"]);
    let (white, black) = if white_is_first {
        (&first, &second)
    } else {
        (&second, &first)
    };
    play(&s, white, &id);
    play(&s, black, &id);
    resign(&s, white, &id);
    let (w, b) = rating::rate_game(Rating::default(), Rating::default(), 0.0).unwrap();
    let (white_name, black_name) = if white_is_first {
        ("Pgwhite", "Pgblack")
    } else {
        ("Pgblack", "Pgwhite")
    };
    for (name, r) in [(white_name, w), (black_name, b)] {
        let p = eventually("the game is rated", || {
            let p = profile(&s, name);
            (p["ratings"].as_array().is_some_and(|a| !a.is_empty())).then_some(p)
        });
        assert_eq!(p["ratings"][0]["pool"], "fourfold");
        assert_eq!(p["ratings"][0]["rating"], r.rating.round() as i64, "{name}");
        assert_eq!(p["ratings"][0]["games"], 1);
    }
}

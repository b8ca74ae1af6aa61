//! Issue 34's attacks on the engine and the shared limits, each written as the attack:
//! engine help for a running online game through a second id, caps keyed by ids the
//! client mints itself, analysis that keeps its search slot with nobody watching, and
//! analysis that starves the moves of games in progress.

mod server_common;

use serde_json::{json, Value};
use server_common::{first_move, new_player, Server};
use std::time::{Duration, Instant};

/// An online game of the server's player (White) joined by a second player, after
/// White's first move; returns its id and the second player.
fn online_after_one_move(s: &Server) -> (String, String) {
    let g = s.create(json!({ "variant": "fourfold", "mode": "online", "human": "white" }));
    let id = g["id"].as_str().unwrap().to_string();
    let black = new_player();
    let r = s.post_as(&black, g["invite"].as_str().unwrap(), json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    s.play(&id, &first_move(&s.game(&id)));
    (id, black)
}

fn refused_help(r: &server_common::Response) {
    assert_eq!(
        (r.status, r.code()),
        (409, "no_engine_help".into()),
        "{}",
        r.body
    );
}

#[test]
fn no_id_gets_engine_help_for_a_running_online_game_by_its_id_or_its_position() {
    let mut s = Server::start(&[]);
    let (id, _) = online_after_one_move(&s);
    // The attack: a second id, made up by the same player, from the same address.
    let second = new_player();
    refused_help(&s.post_as(&second, "/api/analysis", json!({ "game": id })));
    refused_help(&s.post_as(&second, "/api/analysis", json!({ "game": id, "ply": 0 })));
    let position = s.game(&id)["position"].clone();
    let by_position = json!({ "variant": "fourfold", "position": position });
    refused_help(&s.post_as(&second, "/api/analysis", by_position.clone()));
    // After a restart the server still knows the game runs.
    s.restart();
    refused_help(&s.post_as(&second, "/api/analysis", by_position.clone()));
    // Once it ends, anyone may analyse it.
    let r = s.post(&format!("/api/games/{id}/resign"), json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let r = s.post_as(&second, "/api/analysis", by_position);
    assert_eq!(r.status, 201, "{}", r.body);
    let r = s.post_as(&second, "/api/analysis", json!({ "game": id }));
    assert_eq!(r.status, 201, "{}", r.body);
}

/// Opens something with a fresh player id per request until refused (at most `most`
/// times); how many were opened, and the refusal.
fn open_with_fresh_ids(
    most: usize,
    open: impl Fn(&str) -> server_common::Response,
) -> (usize, Option<server_common::Response>) {
    for n in 0..most {
        let r = open(&new_player());
        if r.status != 201 {
            return (n, Some(r));
        }
    }
    (most, None)
}

#[test]
fn one_address_with_fresh_ids_gets_only_its_share_of_boards_and_invitations() {
    let s = Server::start(&[]);
    // The attack: a new self-made player id for every board.
    let (boards, refusal) = open_with_fresh_ids(40, |p| {
        s.post_as(p, "/api/analysis", json!({ "variant": "fourfold" }))
    });
    let refusal = refusal.expect("40 boards from one address");
    assert_eq!(boards, 12, "the address's share");
    assert_eq!(refusal.status, 429);
    assert!(refusal.body.contains("this address"), "{}", refusal.body);
    assert!(refusal.header("retry-after").is_some());
    // Invitations: the same.
    let (invites, refusal) = open_with_fresh_ids(40, |p| {
        s.post_as(
            p,
            "/api/games",
            json!({ "variant": "fourfold", "mode": "online" }),
        )
    });
    let refusal = refusal.expect("40 invitations from one address");
    assert_eq!(invites, 20, "the address's share");
    assert!(refusal.body.contains("this address"), "{}", refusal.body);
}

/// Turns a board's engine on; the answer.
fn engine_on(s: &Server, board: &str) -> server_common::Response {
    s.post(&format!("/api/analysis/{board}/engine"), json!({}))
}

fn new_board(s: &Server) -> String {
    let r = s.post("/api/analysis", json!({ "variant": "fourfold" }));
    assert_eq!(r.status, 201, "{}", r.body);
    r.json()["id"].as_str().unwrap().to_string()
}

#[test]
fn an_engine_nobody_watches_stops_and_frees_its_slot_within_seconds() {
    let s = Server::start(&["--searches-per-client", "1"]);
    let first = new_board(&s);
    let second = new_board(&s);
    let r = engine_on(&s, &first);
    assert_eq!(r.status, 200, "{}", r.body);
    // The client goes away (no socket, no request): the slot frees within seconds.
    let r = engine_on(&s, &second);
    assert_eq!(r.status, 429, "one search per address here: {}", r.body);
    let gone = Instant::now();
    std::thread::sleep(Duration::from_secs(7));
    let r = engine_on(&s, &second);
    assert_eq!(
        r.status,
        200,
        "still held {:?} after the client left: {}",
        gone.elapsed(),
        r.body
    );
    let b: Value = s.get(&format!("/api/analysis/{first}")).json();
    assert_eq!(
        (&b["engine_on"], &b["engine_running"]),
        (&json!(false), &json!(false)),
        "{b}"
    );
}

#[test]
fn analysis_never_takes_the_slot_of_a_move_in_a_game_in_progress() {
    // Two searches on the whole server; analysis from this address asks for both.
    let s = Server::start(&["--max-searches", "2"]);
    let boards = [new_board(&s), new_board(&s)];
    let started: Vec<u16> = boards.iter().map(|b| engine_on(&s, b).status).collect();
    assert_eq!(started[0], 200);
    // A move against the computer still gets its search.
    let g = s.create(json!({ "variant": "fourfold", "level": 1 }));
    let id = g["id"].as_str().unwrap();
    let r = s.post(
        &format!("/api/games/{id}/moves"),
        json!({ "move": first_move(&g) }),
    );
    assert_eq!(r.status, 200, "analysis holds {started:?}: {}", r.body);
    s.wait_for_ply(id, 2);
}

#[test]
fn three_self_made_ids_from_one_address_hold_no_more_unfinished_games_than_one_player() {
    // Default limits: 50 unfinished games per player. The attack of issue 34: three ids
    // from one address opened 150 unfinished games.
    let s = Server::start(&[]);
    let local = json!({ "variant": "fourfold", "mode": "local" });
    let mut opened = Vec::new();
    let mut refusals = Vec::new();
    for _ in 0..3 {
        let id = new_player();
        for _ in 0..60 {
            let r = s.post_as(&id, "/api/games", local.clone());
            if r.status != 201 {
                refusals.push(r);
                break;
            }
            opened.push((id.clone(), r.json()["id"].as_str().unwrap().to_string()));
        }
    }
    assert_eq!(opened.len(), 50, "one player's share for the whole address");
    // The first id meets its own cap; the others are refused as the address at once.
    assert_eq!(refusals.len(), 3);
    assert!(
        refusals[0].body.contains("this player"),
        "{}",
        refusals[0].body
    );
    for r in &refusals[1..] {
        assert_eq!(r.status, 429, "{}", r.body);
        assert!(r.body.contains("this address"), "{}", r.body);
        assert!(r.header("retry-after").is_some());
    }
    // A finished game frees room, for any id of the address.
    let (holder, game) = &opened[0];
    let r = s.post_as(holder, &format!("/api/games/{game}/resign"), json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(s.post_as(&new_player(), "/api/games", local).status, 201);
}

/// "No engine help for any position of a running online game": by the game's id at any
/// ply (above), and by the position the game stands in now, whatever its move counters.
/// A position the game has left is everybody's again (the opening positions are shared
/// by many games, and an engine line for a position no longer on the board does not
/// choose the move to make now).
#[test]
fn the_current_position_is_refused_whatever_its_counters_and_a_left_one_is_not() {
    let s = Server::start(&[]);
    let (id, black) = online_after_one_move(&s);
    // The position after White's first move, before Black answers.
    let left = s.game(&id)["position"].as_str().unwrap().to_string();
    let reply = first_move(&s.game(&id));
    let r = s.post_as(
        &black,
        &format!("/api/games/{id}/moves"),
        json!({ "move": reply }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let now = s.game(&id)["position"].as_str().unwrap().to_string();
    let mut fields: Vec<&str> = now.split_whitespace().collect();
    let n = fields.len();
    fields[n - 2] = "7";
    fields[n - 1] = "40";
    let recounted = fields.join(" ");
    let second = new_player();
    for position in [&now, &recounted] {
        refused_help(&s.post_as(
            &second,
            "/api/analysis",
            json!({ "variant": "fourfold", "position": position }),
        ));
    }
    let r = s.post_as(
        &second,
        "/api/analysis",
        json!({ "variant": "fourfold", "position": left }),
    );
    assert_eq!(r.status, 201, "a position the game has left: {}", r.body);
}

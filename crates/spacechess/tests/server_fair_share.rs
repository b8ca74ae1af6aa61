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
    assert_eq!((r.status, r.code()), (409, "no_engine_help".into()), "{}", r.body);
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

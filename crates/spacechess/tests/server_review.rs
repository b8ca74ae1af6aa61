//! Reviewing a game without taking moves back: the board after any ply
//! (`GET /api/games/{id}/positions/{ply}`), captured pieces and material, one evaluation
//! per move with its source, and records imported into a new game.

mod server_common;

use serde_json::{json, Value};
use server_common::{first_move, Server};
use std::time::{Duration, Instant};

/// Plays `n` half-moves of a local game: a capture when there is one, else varied moves.
fn play_local(s: &Server, id: &str, n: usize) -> Value {
    let mut g = s.game(id);
    for i in 0..n {
        let moves = g["legal_moves"].as_array().unwrap();
        let pick = moves
            .iter()
            .find(|m| m["capture"] == json!(true))
            .unwrap_or(&moves[(i * 7) % moves.len()]);
        g = s.play(id, pick["token"].as_str().unwrap());
    }
    g
}

/// Waits until every move of the game has an evaluation.
fn wait_for_evals(s: &Server, id: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let g = s.game(id);
        let h = g["history"].as_array().unwrap();
        if g["computer_thinking"] == json!(false) && h.iter().all(|e| e["eval"].is_number()) {
            return g;
        }
        assert!(Instant::now() < deadline, "evaluations never came: {g}");
        std::thread::sleep(Duration::from_millis(30));
    }
}

#[test]
fn every_past_position_is_served_with_its_last_move_and_material() {
    let s = Server::start(&[]);
    let g = s.create(json!({ "variant": "stacked", "mode": "local" }));
    let id = g["id"].as_str().unwrap().to_string();
    let live = play_local(&s, &id, 30);
    let history = live["history"].as_array().unwrap().clone();
    let start = s.get(&format!("/api/games/{id}/positions/0"));
    assert_eq!(start.status, 200, "{}", start.body);
    let start = start.json();
    assert_eq!(start["position"], live["start_position"]);
    assert_eq!(start["last_move"], Value::Null);
    assert_eq!(start["legal_moves"], json!([]));
    assert_eq!(start["material"]["balance"], 0);
    assert_eq!(start["cells"], g["cells"]);
    let mut captures = 0;
    for ply in 1..=history.len() {
        let p = s.get(&format!("/api/games/{id}/positions/{ply}")).json();
        let mv = &history[ply - 1];
        assert_eq!(p["ply"], ply as u64);
        assert_eq!(p["last_move"]["from"], mv["from"]);
        assert_eq!(p["last_move"]["to"], mv["to"]);
        // The moved piece stands where the move went.
        let to = p["cells"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == mv["to"])
            .unwrap();
        let landed = mv["promotion"].as_str().or(mv["piece"].as_str());
        assert_eq!(to["piece"].as_str(), landed, "ply {ply}");
        if mv["capture"] == json!(true) {
            captures += 1;
        }
        let m = &p["material"];
        let taken = m["captured_by_white"].as_array().unwrap().len()
            + m["captured_by_black"].as_array().unwrap().len();
        assert_eq!(taken, captures, "ply {ply}: {m}");
    }
    assert!(captures > 0, "the game had no capture to count");
    let last = s
        .get(&format!("/api/games/{id}/positions/{}", history.len()))
        .json();
    assert_eq!(last["position"], live["position"]);
    assert_eq!(last["material"], live["material"]);
    // Beyond the end, or not a number: a clear error naming it.
    let r = s.get(&format!("/api/games/{id}/positions/99"));
    assert_eq!((r.status, r.code().as_str()), (400, "bad_request"));
    assert!(
        r.body.contains("ply 99") && r.body.contains("30 half-moves"),
        "{}",
        r.body
    );
    let r = s.get(&format!("/api/games/{id}/positions/two"));
    assert_eq!((r.status, r.code().as_str()), (400, "bad_request"));
    assert!(r.body.contains("\\\"two\\\""), "{}", r.body);
    let r = s.get("/api/games/0123/positions/0");
    assert_eq!(r.code(), "unknown_game");
}

#[test]
fn a_resigned_game_can_still_be_stepped_through() {
    let s = Server::start(&[]);
    let g = s.create(json!({ "variant": "fourfold", "mode": "local" }));
    let id = g["id"].as_str().unwrap().to_string();
    play_local(&s, &id, 3);
    let r = s.post(&format!("/api/games/{id}/resign"), json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let p = s.get(&format!("/api/games/{id}/positions/1")).json();
    assert_eq!(p["ply"], 1);
    assert_eq!(p["status"], "in-progress");
}

#[test]
fn against_the_computer_each_move_has_its_own_evaluation_and_source() {
    let s = Server::start(&[]);
    let g = s.create(json!({ "variant": "stacked", "mode": "computer", "level": 2 }));
    let id = g["id"].as_str().unwrap().to_string();
    s.play(&id, &first_move(&g));
    let g = s.wait_for_ply(&id, 2);
    s.play(&id, &first_move(&g));
    s.wait_for_ply(&id, 4);
    let g = wait_for_evals(&s, &id);
    let h = g["history"].as_array().unwrap();
    for (i, e) in h.iter().enumerate() {
        let (source, depth) = (e["eval_source"].as_str(), &e["eval_depth"]);
        if i % 2 == 0 {
            // The player's move: the server's quick evaluation, not the computer's search.
            assert_eq!(source, Some("quick"), "ply {}: {e}", i + 1);
            assert_eq!(depth, &Value::Null);
        } else {
            assert_eq!(source, Some("computer"), "ply {}: {e}", i + 1);
            assert!(depth.as_u64().unwrap() >= 1, "{e}");
        }
    }
    // A record written by this server keeps the evaluations as comments.
    let record = s.get(&format!("/api/games/{id}/record")).body;
    assert!(
        record.contains(&format!("{{{:+.2}}}", h[1]["eval"].as_f64().unwrap())),
        "{record}"
    );
}

#[test]
fn a_record_is_imported_into_a_new_game_from_any_point() {
    let s = Server::start(&[]);
    let g = s.create(json!({ "variant": "trid", "rules": "meder", "mode": "local" }));
    let id = g["id"].as_str().unwrap().to_string();
    let live = play_local(&s, &id, 8);
    let record = s.get(&format!("/api/games/{id}/record")).body;
    // The whole record, as a local game.
    let all = s.create(json!({ "record": record, "mode": "local" }));
    assert_eq!(all["variant"], "trid");
    assert_eq!(all["rules"], "meder");
    assert_eq!(all["ply"], 8);
    assert_eq!(all["position"], live["position"]);
    let tokens = |v: &Value| -> Vec<Value> {
        v["history"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["token"].clone())
            .collect()
    };
    assert_eq!(tokens(&all), tokens(&live));
    // From its fifth half-move on, against the computer: Black is to move there, and
    // the player takes Black, so the game waits for the player.
    let part = s.create(json!({ "record": record, "record_ply": 5, "mode": "computer", "human": "black", "level": 1 }));
    assert_eq!(part["ply"], 5);
    assert_eq!(part["turn"], "black");
    assert_eq!(tokens(&part), tokens(&live)[..5].to_vec());
    assert!(!part["legal_moves"].as_array().unwrap().is_empty());
    // The imported game goes on like any other, and can be stepped through.
    let p = s.get(&format!(
        "/api/games/{}/positions/2",
        part["id"].as_str().unwrap()
    ));
    assert_eq!(p.status, 200, "{}", p.body);
    // Past its end.
    let r = s.post("/api/games", json!({ "record": record, "record_ply": 9 }));
    assert_eq!((r.status, r.code().as_str()), (400, "bad_request"));
    assert!(
        r.body.contains("record_ply") && r.body.contains("8 half-moves"),
        "{}",
        r.body
    );
    // A record names its own game.
    let r = s.post(
        "/api/games",
        json!({ "record": record, "variant": "stacked" }),
    );
    assert_eq!((r.status, r.code().as_str()), (400, "bad_request"));
    assert!(r.body.contains("\\\"variant\\\""), "{}", r.body);
}

#[test]
fn a_bad_record_names_its_first_bad_move() {
    let s = Server::start(&[]);
    let g = s.create(json!({ "variant": "stacked", "mode": "local" }));
    let id = g["id"].as_str().unwrap().to_string();
    play_local(&s, &id, 4);
    let record = s.get(&format!("/api/games/{id}/record")).body;
    let third = s.game(&id)["history"][2]["notation"]
        .as_str()
        .unwrap()
        .to_string();
    let bad = record.replacen(&third, "Zz9Zz9", 1);
    assert_ne!(bad, record);
    let r = s.post("/api/games", json!({ "record": bad, "mode": "local" }));
    assert_eq!(
        (r.status, r.code().as_str()),
        (400, "bad_record"),
        "{}",
        r.body
    );
    assert!(
        r.body.contains("move 2.") && r.body.contains("Zz9Zz9"),
        "{}",
        r.body
    );
    let r = s.post(
        "/api/games",
        json!({ "record": "1. e4 e5", "mode": "local" }),
    );
    assert_eq!(r.code(), "bad_record");
    assert!(r.body.contains("Variant"), "{}", r.body);
}

//! The server process is killed mid-game and started again on the same data: every
//! acknowledged move is still there, and the computer continues where it was to move.

mod server_common;

use serde_json::json;
use server_common::{first_move, Server};

#[test]
fn a_killed_server_keeps_every_acknowledged_move() {
    let mut s = Server::start(&[]);
    let g = s.create(json!({ "variant": "quadlevel", "mode": "local", "time_control": { "minutes": 30, "increment_seconds": 2 } }));
    let id = g["id"].as_str().unwrap().to_string();
    let mut g = g;
    for _ in 0..5 {
        g = s.play(&id, &first_move(&g));
    }
    // A finished game too, to be read back after the restart.
    let done = s.create(json!({ "variant": "stacked", "mode": "local" }));
    let done_id = done["id"].as_str().unwrap().to_string();
    s.post(&format!("/api/games/{done_id}/resign"), json!({}));
    s.restart();
    let after = s.game(&id);
    assert_eq!(after["position"], g["position"]);
    let tokens = |g: &serde_json::Value| -> Vec<serde_json::Value> {
        g["history"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["token"].clone())
            .collect()
    };
    assert_eq!(tokens(&after), tokens(&g));
    assert_eq!(after["ply"], 5);
    assert_eq!(after["turn"], "black");
    assert_eq!(after["clocks"]["running"], "black");
    assert!(after["clocks"]["white_ms"].as_i64().unwrap() > 29 * 60_000);
    // Play continues.
    let next = s.play(&id, &first_move(&after));
    assert_eq!(next["ply"], 6);
    let done = s.game(&done_id);
    assert_eq!(done["status"], "over");
    assert_eq!(done["result"]["reason"], "resignation");
}

#[test]
fn the_computer_resumes_thinking_after_a_restart() {
    let mut s = Server::start(&[]);
    let g = s.create(json!({ "variant": "stacked", "human": "white", "level": 1 }));
    let id = g["id"].as_str().unwrap().to_string();
    s.play(&id, &first_move(&g));
    let g = s.wait_for_ply(&id, 2);
    let human_move = g["history"][0]["token"].clone();
    s.kill();
    // As if the server had died while the computer was thinking: its reply was never
    // stored (a move is stored only once played).
    {
        let db = rusqlite::Connection::open(s.data_dir().join("games.sqlite")).unwrap();
        let n = db
            .execute("DELETE FROM moves WHERE game_id = ?1 AND ply = 1", [&id])
            .unwrap();
        assert_eq!(n, 1);
    }
    s.restart();
    let g = s.wait_for_ply(&id, 2);
    assert_eq!(g["history"][0]["token"], human_move);
    assert_eq!(g["turn"], "white");
    assert!(!g["legal_moves"].as_array().unwrap().is_empty());
    // And the reply is stored again.
    s.restart();
    assert_eq!(s.game(&id)["ply"], 2);
}

#[test]
fn resumed_searches_wait_for_a_free_slot() {
    let mut s = Server::start(&[]);
    let mut ids = Vec::new();
    for variant in ["fourfold", "stacked", "quadlevel"] {
        let g = s.create(json!({ "variant": variant, "level": 1 }));
        let id = g["id"].as_str().unwrap().to_string();
        s.play(&id, &first_move(&g));
        s.wait_for_ply(&id, 2);
        ids.push(id);
    }
    s.kill();
    {
        let db = rusqlite::Connection::open(s.data_dir().join("games.sqlite")).unwrap();
        assert_eq!(
            db.execute("DELETE FROM moves WHERE ply = 1", []).unwrap(),
            3
        );
    }
    // One search at a time on the whole server: the three computer turns run in turn.
    s.restart_with(&["--max-searches", "1"]);
    for id in &ids {
        let g = s.wait_for_ply(id, 2);
        assert_eq!(g["turn"], "white");
    }
}

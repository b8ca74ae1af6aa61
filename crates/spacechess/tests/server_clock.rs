//! Clocks kept by the server: each clock starts with its side's first move, time is
//! charged per move with the increment, and a side whose time runs out loses — found by a
//! timer while waiting, or when a late move arrives.

mod server_common;

use serde_json::json;
use server_common::{first_move, Server};
use std::time::Duration;

/// Clocks of 300 ms lose on time at once; the default minimum time control refuses them.
const SHORT_CLOCKS: &[&str] = &["--min-time-control-ms", "100"];

#[test]
fn time_is_charged_with_the_increment() {
    let s = Server::start(SHORT_CLOCKS);
    let g = s.create(json!({ "variant": "stacked", "mode": "local", "time_control": { "minutes": 1, "increment_seconds": 3 } }));
    // No clock runs before the first moves.
    assert_eq!(g["clocks"]["white_ms"], 60_000);
    assert_eq!(g["clocks"]["increment_ms"], 3_000);
    assert_eq!(g["clocks"]["running"], serde_json::Value::Null);
    let id = g["id"].as_str().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    // Each side's first move is free (no charge, no increment).
    let g = s.play(id, &first_move(&g));
    assert_eq!(g["clocks"]["white_ms"], 60_000);
    assert_eq!(g["clocks"]["running"], serde_json::Value::Null);
    std::thread::sleep(Duration::from_millis(300));
    let g = s.play(id, &first_move(&g));
    assert_eq!(g["clocks"]["black_ms"], 60_000);
    // From White's second move on, White's clock runs.
    assert_eq!(g["clocks"]["running"], "white");
    std::thread::sleep(Duration::from_millis(300));
    let g = s.play(id, &first_move(&g));
    let white = g["clocks"]["white_ms"].as_i64().unwrap();
    // 60 s - ~0.3 s + 3 s.
    assert!((62_000..=62_750).contains(&white), "{white}");
    assert_eq!(g["clocks"]["running"], "black");
    assert!((59_500..=60_000).contains(&g["clocks"]["black_ms"].as_i64().unwrap()));
}

#[test]
fn the_flag_falls_while_waiting() {
    let s = Server::start(SHORT_CLOCKS);
    // 0.005 minutes = 300 ms.
    let g = s.create(
        json!({ "variant": "fourfold", "mode": "local", "time_control": { "minutes": 0.005 } }),
    );
    let id = g["id"].as_str().unwrap();
    // The first moves are free; then White's clock runs.
    let g = s.play(id, &first_move(&g));
    s.play(id, &first_move(&g));
    std::thread::sleep(Duration::from_millis(800));
    let g = s.game(id);
    assert_eq!(g["status"], "over", "{g}");
    assert_eq!(g["result"]["reason"], "time");
    assert_eq!(g["result"]["winner"], "black");
    assert_eq!(g["clocks"]["white_ms"], 0);
    assert_eq!(g["clocks"]["running"], serde_json::Value::Null);
    let r = s.post(
        &format!("/api/games/{id}/moves"),
        json!({ "move": first_move(&s.create(json!({ "variant": "fourfold", "mode": "local" }))) }),
    );
    assert_eq!((r.status, r.code().as_str()), (409, "game_over"));
}

#[test]
fn a_loss_on_time_survives_a_restart() {
    let mut s = Server::start(SHORT_CLOCKS);
    let g = s.create(
        json!({ "variant": "stacked", "mode": "local", "time_control": { "minutes": 0.005 } }),
    );
    let id = g["id"].as_str().unwrap().to_string();
    let g = s.play(&id, &first_move(&g));
    s.play(&id, &first_move(&g));
    std::thread::sleep(Duration::from_millis(800));
    s.restart();
    let g = s.game(&id);
    assert_eq!(g["result"]["reason"], "time");
}

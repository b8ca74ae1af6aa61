//! Correspondence games (`time_control: {"days_per_move": N}`): every turn has N whole
//! days, the first-move abort waits the same allowance, and a restart of the server on
//! the same data keeps each deadline where it was (the store keeps when the turn
//! began); a turn whose time ran out while the server was down ends on time at once.

mod server_common;

use serde_json::{json, Value};
use server_common::{first_move, new_player, Server};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

const DAY_MS: i64 = 86_400_000;

fn wall_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

/// An online correspondence game created by the server's player (White) and joined by
/// another (Black, returned).
fn start(s: &Server, days: u32) -> (String, String) {
    let g = s.create(json!({
        "variant": "fourfold", "mode": "online", "human": "white",
        "time_control": { "days_per_move": days },
    }));
    assert_eq!(g["rated"], false, "a NewGame body never makes a rated game");
    let black = new_player();
    let joined = s.post_as(&black, g["invite"].as_str().unwrap(), json!({}));
    assert_eq!(joined.status, 200, "{}", joined.body);
    (g["id"].as_str().unwrap().to_string(), black)
}

/// The game as White sees it, and the absolute moment (ms) `left` of its fields says:
/// the middle of the request plus the time left.
fn deadline(s: &Server, id: &str, left: impl Fn(&Value) -> Option<i64>) -> (Value, i64) {
    let before = wall_ms();
    let g = s.game(id);
    let after = wall_ms();
    let ms = left(&g).unwrap_or_else(|| panic!("no time left in {g}"));
    (g, (before + after) / 2 + ms)
}

fn abort_in(g: &Value) -> Option<i64> {
    g["abort_in_ms"].as_i64()
}

fn white_clock(g: &Value) -> Option<i64> {
    (g["clocks"]["running"] == "white").then(|| g["clocks"]["white_ms"].as_i64().unwrap())
}

fn play_black(s: &Server, id: &str, black: &str) -> Value {
    let g = s.game(id);
    let r = s.post_as(
        black,
        &format!("/api/games/{id}/moves"),
        json!({ "move": first_move(&g) }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

#[test]
fn a_restart_keeps_the_first_move_deadline_and_the_clock_deadline() {
    let mut s = Server::start(&[]);
    let (id, black) = start(&s, 1);
    let (g, abort_at) = deadline(&s, &id, abort_in);
    assert_eq!(
        g["clocks"],
        json!({ "initial_ms": DAY_MS, "white_ms": DAY_MS, "black_ms": DAY_MS,
                "increment_ms": 0, "running": null, "per_move": true })
    );
    // A day for White's first move, not the server's 30 s.
    assert!(abort_in(&g).unwrap() > DAY_MS - 5_000, "{g}");
    // Long enough down that a deadline counted again from the restart would show.
    std::thread::sleep(Duration::from_millis(2_500));
    s.restart();
    let (g, after) = deadline(&s, &id, abort_in);
    assert!(
        (after - abort_at).abs() <= 1_000,
        "{} ms moved: {g}",
        after - abort_at
    );

    // Both first moves: White's clock runs, a day from Black's move.
    let g = s.play(&id, &first_move(&s.game(&id)));
    assert_eq!(g["ply"], 1);
    play_black(&s, &id, &black);
    let (g, flag_at) = deadline(&s, &id, white_clock);
    assert_eq!(g["abort_in_ms"], Value::Null);
    assert!(white_clock(&g).unwrap() > DAY_MS - 5_000, "{g}");
    std::thread::sleep(Duration::from_millis(2_500));
    s.restart();
    let (g, after) = deadline(&s, &id, white_clock);
    assert!(
        (after - flag_at).abs() <= 1_000,
        "{} ms moved: {g}",
        after - flag_at
    );
    assert_eq!(g["clocks"]["per_move"], true);
    // A move fills White's day again and starts Black's.
    let g = s.play(&id, &first_move(&g));
    assert_eq!(g["clocks"]["white_ms"], DAY_MS);
    assert_eq!(g["clocks"]["running"], "black");
    assert!(
        g["clocks"]["black_ms"].as_i64().unwrap() > DAY_MS - 5_000,
        "{g}"
    );
    // Away for minutes or days, a correspondence player is never "gone".
    let r = s.post(
        &format!("/api/games/{id}/claim"),
        json!({ "result": "win" }),
    );
    assert_eq!(r.code(), "no_claim", "{}", r.body);
}

/// The store's record of when the current turn began, moved `ago_ms` into the past, as
/// if the server had been down that long.
fn turn_began_ago(s: &Server, id: &str, ago_ms: i64) {
    let db = rusqlite::Connection::open(s.data_dir().join("games.sqlite")).unwrap();
    let n = db
        .execute(
            "UPDATE games SET turn_started_ms = ?2 WHERE id = ?1 AND turn_started_ms IS NOT NULL",
            rusqlite::params![id, wall_ms() - ago_ms],
        )
        .unwrap();
    assert_eq!(n, 1, "the store keeps when a correspondence turn began");
}

/// Reads the game until it is over (the deadline's timer runs right after the load).
fn wait_over(s: &Server, id: &str) -> Value {
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        let g = s.game(id);
        if g["status"] == "over" || Instant::now() > until {
            return g;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn a_turn_that_ran_out_while_the_server_was_down_ends_when_it_is_back() {
    let mut s = Server::start(&[]);
    // White's clock runs after both first moves; its day ran out during the downtime.
    let (flagged, black) = start(&s, 1);
    s.play(&flagged, &first_move(&s.game(&flagged)));
    play_black(&s, &flagged, &black);
    // No first move came within the allowance: aborted, no winner.
    let (aborted, _) = start(&s, 3);
    // A turn with time left keeps running.
    let (running, _) = start(&s, 1);
    s.kill();
    turn_began_ago(&s, &flagged, DAY_MS + 60_000);
    turn_began_ago(&s, &aborted, 3 * DAY_MS + 60_000);
    turn_began_ago(&s, &running, DAY_MS - 3_600_000);
    s.restart();
    let g = wait_over(&s, &flagged);
    assert_eq!(g["status"], "over", "{g}");
    assert_eq!(g["result"]["reason"], "time");
    assert_eq!(g["result"]["winner"], "black");
    let g = wait_over(&s, &aborted);
    assert_eq!(g["status"], "over", "{g}");
    assert_eq!(g["result"]["reason"], "aborted");
    assert_eq!(g["result"]["winner"], Value::Null);
    let g = s.game(&running);
    assert_eq!(g["status"], "in-progress", "{g}");
    let left = abort_in(&g).unwrap();
    assert!((3_590_000..=3_600_000).contains(&left), "an hour left: {g}");
}

#[test]
fn bad_days_per_move_are_refused_naming_the_field() {
    let s = Server::start(&[]);
    for (tc, named) in [
        (json!({ "days_per_move": 2 }), "must be 1, 3 or 7, not 2"),
        (
            json!({ "days_per_move": "7" }),
            "must be 1, 3 or 7, not \"7\"",
        ),
        (
            json!({ "days_per_move": 1, "minutes": 5 }),
            "cannot be given with \"time_control.minutes\"",
        ),
        (
            json!({ "days_per_move": 1, "increment_seconds": 5 }),
            "a correspondence game has no increment",
        ),
        (
            json!({}),
            "\"time_control.minutes\" or \"time_control.days_per_move\" is required",
        ),
    ] {
        let r = s.post(
            "/api/games",
            json!({ "variant": "fourfold", "mode": "online", "time_control": tc }),
        );
        assert_eq!(
            (r.status, r.code().as_str()),
            (400, "bad_request"),
            "{tc}: {}",
            r.body
        );
        let message = r.json()["error"]["message"].as_str().unwrap().to_string();
        assert!(message.contains(named), "{tc}: {message}");
        assert!(
            message.starts_with("field \"time_control."),
            "{tc}: {message}"
        );
    }
}

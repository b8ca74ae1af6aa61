//! Browser games: game tables kept by the module, driven by commands and answered with
//! the server's GameView, what to keep and the duties the browser host performs.

mod common;

use common::{error, ok, service, tokens};
use serde_json::{json, Value};
use spacechess_wasm::service::Service;

fn new_table(s: &mut Service, game: Value, now_ms: i64) -> Value {
    ok(
        s,
        json!({"op": "table_new", "id": "b-test", "game": game, "now_ms": now_ms}),
    )
}

fn command(s: &mut Service, a: &Value, command: Value, now_ms: i64) -> Value {
    ok(
        s,
        json!({"op": "table_command", "table": a["table"], "command": command, "now_ms": now_ms}),
    )
}

fn refused(s: &mut Service, a: &Value, command: Value, now_ms: i64) -> (String, String) {
    error(
        s,
        json!({"op": "table_command", "table": a["table"], "command": command, "now_ms": now_ms}),
    )
}

/// The answer's duty named `name`.
fn duty<'a>(a: &'a Value, name: &str) -> Option<&'a Value> {
    a["duties"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["duty"] == name)
}

fn play(s: &mut Service, a: &Value, token: &str, now_ms: i64) -> Value {
    let ply = a["view"]["ply"].clone();
    command(
        s,
        a,
        json!({"command": "move", "token": token, "ply": ply}),
        now_ms,
    )
}

#[test]
fn a_game_against_the_computer_goes_by_the_duties_of_each_answer() {
    let (mut s, seen) = service();
    let a = new_table(
        &mut s,
        json!({"variant": "stacked", "human": "black", "level": 1}),
        1_000,
    );
    let v = &a["view"];
    assert_eq!(
        (v["id"].as_str(), v["mode"].as_str()),
        (Some("b-test"), Some("computer"))
    );
    assert_eq!(v["you"], json!(["black"]));
    assert_eq!(v["seats"]["white"]["holder"], "computer");
    assert_eq!(v["computer_thinking"], true);
    assert!(
        tokens(v).is_empty(),
        "no move for the player while the computer is to move"
    );
    assert!(
        a["stored"]["record"].is_string(),
        "a new game is kept at once: {a}"
    );
    let search = duty(&a, "search").expect("the computer is to move");
    assert_eq!(search["ply"], 0);
    assert_eq!(search["level"], 1);

    // The host's thinker: the computer's move, its progress in the server's shape.
    let thought = ok(
        &mut s,
        json!({"op": "think", "record": search["record"], "level": 1, "seed": 7}),
    );
    assert_eq!(thought["ply"], 0);
    assert!(seen
        .lock()
        .unwrap()
        .iter()
        .any(|p| p["thinking"]["depth"] == 1));
    let mut moved = thought.clone();
    moved["command"] = json!("computer_move");
    let a = command(&mut s, &a, moved, 2_000);
    let v = &a["view"];
    assert_eq!(v["ply"], 1);
    assert_eq!(v["computer_thinking"], false);
    assert_eq!(v["history"][0]["token"], thought["token"]);
    assert_eq!(v["history"][0]["eval_source"], "computer");
    assert_eq!(a["stored"]["evals"][0]["source"], "computer");
    assert!(duty(&a, "search").is_none());

    // The player's move: the computer searches, and the move gets a short evaluation.
    let token = tokens(v)[0].clone();
    let a = play(&mut s, &a, &token, 3_000);
    assert_eq!(duty(&a, "search").unwrap()["ply"], 2);
    let evaluate = duty(&a, "evaluate").unwrap().clone();
    assert_eq!(evaluate["ply"], 1);
    assert_eq!(evaluate["line"].as_array().unwrap().len(), 2);
    let pawns = ok(
        &mut s,
        json!({"op": "evaluate", "record": evaluate["record"]}),
    )["pawns"]
        .clone();
    assert!(pawns.is_f64(), "{pawns}");
    let a = command(
        &mut s,
        &a,
        json!({"command": "evaluation", "ply": 1, "line": evaluate["line"], "pawns": pawns}),
        3_100,
    );
    assert_eq!(a["view"]["history"][1]["eval_source"], "quick");

    // A search of an older state changes nothing.
    let stale = command(
        &mut s,
        &a,
        json!({"command": "computer_move", "ply": 0, "token": token, "score": {"cp": 0}, "depth": 1}),
        3_200,
    );
    assert_eq!(stale["view"]["ply"], 2);
    assert!(stale["stored"].is_null());

    // Take back: the player's last move (the computer's reply had not come).
    let back = command(&mut s, &a, json!({"command": "take_back"}), 4_000);
    assert_eq!(back["view"]["ply"], 1);
    assert_eq!(back["stored"]["evals"].as_array().unwrap().len(), 1);
    assert!(duty(&back, "stop_engines").is_some());
    // Only the player's side resigns against the computer.
    let (code, _) = refused(
        &mut s,
        &back,
        json!({"command": "resign", "side": "white"}),
        5_000,
    );
    assert_eq!(code, "bad_request");
}

#[test]
fn declared_results_stand_and_draws_are_agreed_or_judged() {
    let (mut s, _) = service();
    let a = new_table(&mut s, json!({"variant": "quadlevel", "mode": "local"}), 0);
    assert_eq!(a["view"]["you"], json!(["white", "black"]));
    let m = tokens(&a["view"])[0].clone();
    let a = play(&mut s, &a, &m, 10);
    let over = command(
        &mut s,
        &a,
        json!({"command": "resign", "side": "black"}),
        20,
    );
    assert_eq!(over["view"]["result"]["reason"], "resignation");
    assert_eq!(over["view"]["result"]["winner"], "white");
    for cmd in ["take_back", "offer_draw"] {
        let (code, _) = refused(&mut s, &over, json!({ "command": cmd }), 30);
        assert_eq!(code, "game_over", "{cmd}");
    }
    // Kept, the result stands; a new game from its record goes on without it.
    let stored = over["stored"].clone();
    let reopened = ok(
        &mut s,
        json!({"op": "table_open", "stored": stored, "now_ms": 40}),
    );
    assert_eq!(reopened["view"]["result"], over["view"]["result"]);
    let fresh = new_table(
        &mut s,
        json!({"record": stored["record"], "mode": "local"}),
        50,
    );
    assert_eq!(fresh["view"]["status"], "in-progress");
    assert_eq!(fresh["view"]["ply"], 1);

    // On one device a draw offer is agreed.
    let a = new_table(&mut s, json!({"variant": "stacked", "mode": "local"}), 0);
    let agreed = command(&mut s, &a, json!({"command": "offer_draw"}), 10);
    assert_eq!(agreed["draw_accepted"], true);
    assert_eq!(agreed["view"]["result"]["reason"], "agreement");
    // Against the computer its engine judges: Black without its queen, the computer
    // playing Black is behind and accepts; playing White it is ahead and declines.
    let start = a["view"]["position"].as_str().unwrap();
    let (boards, rest) = start.split_once(' ').unwrap();
    let boards: Vec<String> = boards.split('|').map(|b| b.replacen('q', "1", 1)).collect();
    let position = format!("{} {rest}", boards.join("|"));
    for (human, accepts) in [("white", true), ("black", false)] {
        let a = new_table(
            &mut s,
            json!({"variant": "stacked", "position": position, "human": human}),
            0,
        );
        let answer = command(&mut s, &a, json!({"command": "offer_draw"}), 10);
        assert_eq!(answer["draw_accepted"], accepts, "human {human}: {answer}");
        let status = if accepts { "over" } else { "in-progress" };
        assert_eq!(answer["view"]["status"], status);
    }
}

#[test]
fn the_flag_falls_at_the_deadline_the_table_names() {
    let (mut s, _) = service();
    let tc = json!({"minutes": 1, "increment_seconds": 2});
    let a = new_table(
        &mut s,
        json!({"variant": "stacked", "mode": "local", "time_control": tc}),
        0,
    );
    assert_eq!(a["view"]["clocks"]["white_ms"], 60_000);
    // Both first moves are free; then the side to move's clock runs.
    let m = tokens(&a["view"])[0].clone();
    let a = play(&mut s, &a, &m, 5_000);
    assert!(duty(&a, "wake").is_none());
    let m = tokens(&a["view"])[0].clone();
    let a = play(&mut s, &a, &m, 9_000);
    assert_eq!(a["view"]["clocks"]["running"], "white");
    let wake = duty(&a, "wake").expect("the flag's deadline");
    assert_eq!(wake["at_ms"], 69_000);
    let kept = a["stored"].clone();
    assert_eq!(kept["clock"]["after"].as_array().unwrap().len(), 2);

    let view = ok(
        &mut s,
        json!({"op": "table_view", "table": a["table"], "now_ms": 19_000}),
    );
    assert_eq!(view["clocks"]["white_ms"], 50_000);
    let over = command(&mut s, &a, json!({"command": "wake"}), 69_001);
    assert_eq!(over["view"]["result"]["reason"], "time");
    assert_eq!(over["view"]["result"]["winner"], "black");

    // A move that comes after the flag fell is refused, and the side has lost on time.
    let again = ok(
        &mut s,
        json!({"op": "table_open", "stored": kept, "now_ms": 100_000}),
    );
    assert_eq!(
        again["view"]["clocks"]["white_ms"], 60_000,
        "time while away is not charged"
    );
    let m = tokens(&again["view"])[0].clone();
    let late = play(&mut s, &again, &m, 200_000);
    assert_eq!(late["view"]["result"]["reason"], "time");
    assert!(late["refused"]["code"].is_string(), "{late}");
    assert!(late["stored"].is_object());
}

#[test]
fn a_kept_game_opens_as_it_was_left() {
    let (mut s, _) = service();
    let tc = json!({"minutes": 5});
    let mut a = new_table(
        &mut s,
        json!({"variant": "trid", "mode": "local", "time_control": tc}),
        0,
    );
    for i in 0..4 {
        let m = tokens(&a["view"])[i].clone();
        a = play(&mut s, &a, &m, 1_000 * (i as i64 + 1));
    }
    let stored = a["stored"].clone();
    assert_eq!(stored["updated"], 4_000.0);
    let b = ok(
        &mut s,
        json!({"op": "table_open", "stored": stored, "now_ms": 4_000}),
    );
    for field in ["history", "position", "clocks", "status", "legal_moves"] {
        assert_eq!(b["view"][field], a["view"][field], "{field}");
    }
    assert_ne!(b["table"], a["table"]);
    // A game kept by the browser host before tables (remaining times beside the marks).
    let mut old = stored.clone();
    old["clock"]["white_ms"] = json!(1234);
    old["clock"]["black_ms"] = json!(5678);
    old.as_object_mut().unwrap().remove("evals");
    let c = ok(
        &mut s,
        json!({"op": "table_open", "stored": old, "now_ms": 4_000}),
    );
    assert_eq!(c["view"]["history"].as_array().unwrap().len(), 4);

    let record = ok(
        &mut s,
        json!({"op": "table_record", "table": b["table"], "now_ms": 0}),
    );
    assert!(
        record["record"]
            .as_str()
            .unwrap()
            .contains("[Date \"1970.01.01\"]"),
        "{record}"
    );
    let past = ok(
        &mut s,
        json!({"op": "table_position", "table": b["table"], "ply": 2}),
    );
    assert_eq!(past["ply"], 2);
    assert_eq!(
        error(
            &mut s,
            json!({"op": "table_position", "table": b["table"], "ply": 5})
        ),
        (
            "bad_request".to_string(),
            "ply 5 is beyond the end of the game (4 half-moves played)".to_string()
        )
    );
    ok(&mut s, json!({"op": "table_close", "table": b["table"]}));
    let (code, _) = error(
        &mut s,
        json!({"op": "table_view", "table": b["table"], "now_ms": 0}),
    );
    assert_eq!(code, "unknown_game");
}

#[test]
fn a_new_game_is_checked_as_the_server_checks_it() {
    let (mut s, _) = service();
    let cases = [
        (
            json!({"variant": "stacked", "mode": "online"}),
            "bad_request",
            "server",
        ),
        (
            json!({"variant": "stacked", "mode": "chess"}),
            "bad_request",
            "chess",
        ),
        (
            json!({"mode": "local"}),
            "bad_request",
            "\"variant\" is required",
        ),
        (json!({"variant": "checkers"}), "bad_setup", "checkers"),
        (
            json!({"variant": "stacked", "level": 9}),
            "bad_request",
            "level",
        ),
        (
            json!({"variant": "stacked", "time_control": {"minutes": 0}}),
            "bad_request",
            "time_control.minutes",
        ),
        (
            json!({"variant": "stacked", "time_control": {"minutes": 5, "increment_seconds": 4000}}),
            "bad_request",
            "increment_seconds",
        ),
        (
            json!({"variant": "stacked", "mode": "local", "time_control": {"days_per_move": 3}}),
            "bad_request",
            "correspondence (days per move) is for online games",
        ),
        (
            json!({"variant": "stacked", "time_control": {"days_per_move": 2}}),
            "bad_request",
            "time_control.days_per_move\" must be 1, 3 or 7, not 2",
        ),
        (
            json!({"variant": "stacked", "record": "[Variant \"stacked\"]\n\n1. Zz9"}),
            "bad_request",
            "cannot be given with \"record\"",
        ),
        (
            json!({"record": "[Variant \"stacked\"]\n\n1. Zz9"}),
            "bad_record",
            "Zz9",
        ),
    ];
    for (game, code, named) in cases {
        let (c, message) = error(
            &mut s,
            json!({"op": "table_new", "id": "b-x", "game": game, "now_ms": 0}),
        );
        assert_eq!(c, code, "{game}: {message}");
        assert!(message.contains(named), "{game}: {message}");
    }
}

#[test]
fn the_oracle_reports_in_the_servers_shape() {
    let (mut s, seen) = service();
    let a = new_table(&mut s, json!({"variant": "quadlevel", "mode": "local"}), 0);
    let on = command(&mut s, &a, json!({"command": "oracle_on"}), 0);
    assert_eq!(on["view"]["oracle"], true);
    let duty = duty(&on, "oracle").expect("the player is to move").clone();
    assert_eq!(duty["budget_ms"], 6_000);
    let g = ok(
        &mut s,
        json!({"op": "import_record", "record": duty["record"]}),
    );
    let report = ok(
        &mut s,
        json!({"op": "oracle", "game": g["game"], "budget_ms": 300, "level": 1}),
    );
    assert_eq!(report["done"], true);
    let first = &report["moves"][0];
    assert!(
        first["score"].is_f64() || first["score"].is_i64(),
        "{first}"
    );
    assert!(first["notation"].is_string(), "{first}");
    assert!(seen
        .lock()
        .unwrap()
        .iter()
        .any(|p| p["oracle"]["moves"].is_array()));
    let off = command(&mut s, &a, json!({"command": "oracle_off"}), 0);
    assert_eq!(off["view"]["oracle"], false);
}

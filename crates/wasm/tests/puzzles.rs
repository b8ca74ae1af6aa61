//! The puzzles, answered by the module as the server answers them (the same views of the
//! puzzles crate), and bad requests named.

mod common;

use common::{error, ok, service, tokens};
use serde_json::{json, Value};

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect()
}

/// A puzzle of at least two solver moves.
fn long_puzzle() -> &'static puzzles::Puzzle {
    puzzles::sets()
        .iter()
        .flat_map(|s| s.puzzles.iter())
        .find(|p| p.solution.len() >= 3)
        .expect("a longer puzzle")
}

#[test]
fn the_catalogue_is_the_servers() {
    let (mut s, _) = service();
    let c = ok(&mut s, json!({"op": "puzzle_catalogue"}));
    assert_eq!(c, serde_json::to_value(puzzles::view::catalogue()).unwrap());
    let sets = c["sets"].as_array().unwrap();
    assert_eq!(sets.len(), 7);
    assert_eq!(sets[1]["title"], "Tri-D (Federation)");
}

#[test]
fn a_puzzle_is_solved_move_by_move_and_its_solution_shown() {
    let (mut s, _) = service();
    let p = long_puzzle();
    let v = ok(&mut s, json!({"op": "puzzle", "id": p.id}));
    assert_eq!(v["id"], p.id.as_str());
    assert!(v.get("solution").is_none(), "the solution is not sent");
    assert!(tokens(&v["screen"]).contains(&p.solution[0]));
    assert_eq!(v["solver_moves"], p.solution.len().div_ceil(2));
    assert_eq!(v["rating"]["rating"], p.rating.round() as i64);

    let hint = ok(
        &mut s,
        json!({"op": "puzzle_hint", "id": p.id, "moves": []}),
    );
    let first = v["screen"]["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["token"] == p.solution[0].as_str())
        .unwrap();
    assert_eq!(hint["square"], first["from"]);

    let c = ok(
        &mut s,
        json!({"op": "puzzle_check", "id": p.id, "moves": [p.solution[0]]}),
    );
    assert_eq!(c["status"], "continue", "{c}");
    assert_eq!(c["reply"], p.solution[1].as_str());
    let c = ok(
        &mut s,
        json!({"op": "puzzle_check", "id": p.id, "moves": p.solution}),
    );
    assert_eq!(c["status"], "solved", "{c}");

    let wrong = tokens(&v["screen"])
        .into_iter()
        .find(|t| *t != p.solution[0])
        .unwrap();
    let c = ok(
        &mut s,
        json!({"op": "puzzle_check", "id": p.id, "moves": [wrong]}),
    );
    if c["status"] == "missed" {
        assert_eq!(c["expected"], p.solution[0].as_str());
    } else {
        assert_eq!(c["status"], "solved", "only a mate may differ: {c}");
    }

    let sol = ok(&mut s, json!({"op": "puzzle_solution", "id": p.id}));
    assert_eq!(strings(&sol["moves"]), p.solution);
    assert_eq!(
        sol["screens"].as_array().unwrap().len(),
        p.solution.len() + 1
    );
}

#[test]
fn next_and_daily_choose_from_the_set() {
    let (mut s, _) = service();
    let mut seen: Vec<String> = Vec::new();
    let count = puzzles::set("fourfold").unwrap().puzzles.len();
    for _ in 0..count {
        let v = ok(
            &mut s,
            json!({"op": "puzzle_next", "set": "fourfold", "seen": seen,
                   "rating": {"rating": 1600.0, "deviation": 200.0, "volatility": 0.06}}),
        );
        let id = v["id"].as_str().unwrap().to_string();
        assert!(!seen.contains(&id));
        assert_eq!(v["set"], "fourfold");
        seen.push(id);
    }
    let (code, message) = error(
        &mut s,
        json!({"op": "puzzle_next", "set": "fourfold", "seen": seen}),
    );
    assert_eq!(code, "not_found");
    assert!(message.contains("fourfold"), "{message}");
    let v = ok(
        &mut s,
        json!({"op": "puzzle_next", "set": "fourfold", "theme": "check", "seen": []}),
    );
    assert!(strings(&v["themes"]).contains(&"check".to_string()));

    let a = ok(
        &mut s,
        json!({"op": "puzzle_daily", "set": "fourfold", "day": 20_430}),
    );
    let b = ok(
        &mut s,
        json!({"op": "puzzle_daily", "set": "fourfold", "day": 20_430}),
    );
    let c = ok(
        &mut s,
        json!({"op": "puzzle_daily", "set": "fourfold", "day": 20_431}),
    );
    assert_eq!(a["id"], b["id"]);
    assert_ne!(a["id"], c["id"]);
    if puzzles::set("trid-meder").unwrap().puzzles.is_empty() {
        let (code, _) = error(
            &mut s,
            json!({"op": "puzzle_daily", "set": "trid-meder", "day": 1}),
        );
        assert_eq!(code, "not_found");
    }
}

#[test]
fn rating_an_attempt_moves_both_ratings() {
    let (mut s, _) = service();
    let fresh = json!({"rating": 1500.0, "deviation": 350.0, "volatility": 0.06});
    let puzzle = json!({"rating": 1500.0, "deviation": 250.0, "volatility": 0.06});
    let won = ok(
        &mut s,
        json!({"op": "puzzle_rate", "player": fresh, "puzzle": puzzle, "solved": true}),
    );
    assert!(won["player"]["rating"].as_f64().unwrap() > 1500.0);
    assert!(won["puzzle"]["rating"].as_f64().unwrap() < 1500.0);
    assert!(won["player"]["volatility"].as_f64().is_some());
    let lost = ok(
        &mut s,
        json!({"op": "puzzle_rate", "player": fresh, "puzzle": puzzle, "solved": false}),
    );
    assert!(lost["player"]["rating"].as_f64().unwrap() < 1500.0);
    assert!(lost["puzzle"]["rating"].as_f64().unwrap() > 1500.0);
    let (code, message) = error(
        &mut s,
        json!({"op": "puzzle_rate", "player": fresh, "solved": true,
               "puzzle": {"rating": 1500.0, "deviation": -1.0, "volatility": 0.06}}),
    );
    assert_eq!(code, "out_of_range");
    assert!(message.contains("puzzle.deviation"), "{message}");
}

#[test]
fn bad_puzzle_requests_are_named() {
    let (mut s, _) = service();
    let p = long_puzzle();
    let (code, message) = error(&mut s, json!({"op": "puzzle", "id": "no-such-puzzle"}));
    assert_eq!(code, "not_found");
    assert!(message.contains("no-such-puzzle"), "{message}");
    let (code, _) = error(
        &mut s,
        json!({"op": "puzzle_check", "id": "no-such-puzzle", "moves": ["a"]}),
    );
    assert_eq!(code, "not_found");
    let (code, message) = error(
        &mut s,
        json!({"op": "puzzle_check", "id": p.id, "moves": vec!["x"; 17]}),
    );
    assert_eq!(code, "out_of_range");
    assert!(message.contains("at most 16"), "{message}");
    let (code, message) = error(
        &mut s,
        json!({"op": "puzzle_check", "id": p.id, "moves": ["zz9"]}),
    );
    assert_eq!(code, "illegal_move");
    assert!(message.contains("zz9"), "{message}");
    let (code, _) = error(
        &mut s,
        json!({"op": "puzzle_check", "id": p.id, "moves": []}),
    );
    assert_eq!(code, "out_of_range");
    let (code, _) = error(
        &mut s,
        json!({"op": "puzzle_hint", "id": p.id, "moves": vec!["x"; 17]}),
    );
    assert_eq!(code, "out_of_range");
    let (code, message) = error(
        &mut s,
        json!({"op": "puzzle_next", "set": "chess", "seen": []}),
    );
    assert_eq!(code, "not_found");
    assert!(message.contains("chess"), "{message}");
    let (code, _) = error(&mut s, json!({"op": "puzzle_solution"}));
    assert_eq!(code, "bad_request");
}

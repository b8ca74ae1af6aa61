//! The lessons, the rules pages and the analysis lines, answered by the module as the
//! server answers them (the same views of the rules crate).

mod common;

use common::{error, ok, service, tokens};
use serde_json::{json, Value};

#[test]
fn the_lessons_are_the_servers_and_every_solution_solves() {
    let (mut s, _) = service();
    let list = ok(&mut s, json!({"op": "lessons"}));
    let expected = serde_json::to_value(rules::lessons::view::list()).unwrap();
    assert_eq!(list, expected);
    let lessons = list["lessons"].as_array().unwrap();
    assert!(lessons.len() > 20, "{}", lessons.len());
    for l in lessons {
        let id = l["id"].as_str().unwrap();
        let one = ok(&mut s, json!({"op": "lesson", "id": id}));
        assert_eq!(one["title"], l["title"]);
        assert!(!tokens(&one["screen"]).is_empty(), "{id} has moves to play");
        let solution: Vec<Value> = l["solution"].as_array().unwrap().clone();
        // The player's moves with the given replies between them: the whole solution.
        let verdict = ok(
            &mut s,
            json!({"op": "check_lesson", "id": id, "moves": solution}),
        );
        assert_eq!(verdict["status"], "solved", "{id}: {verdict}");
    }
}

#[test]
fn a_wrong_lesson_move_is_missed_and_bad_attempts_are_named() {
    let (mut s, _) = service();
    let list = ok(&mut s, json!({"op": "lessons"}));
    let l = list["lessons"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["goal"]["kind"] == "reach")
        .expect("a reach lesson")
        .clone();
    let id = l["id"].as_str().unwrap();
    let one = ok(&mut s, json!({"op": "lesson", "id": id}));
    let right = l["solution"][0].as_str().unwrap();
    let wrong = tokens(&one["screen"])
        .into_iter()
        .find(|t| t != right)
        .expect("another move");
    let verdict = ok(
        &mut s,
        json!({"op": "check_lesson", "id": id, "moves": [wrong]}),
    );
    // Another move may reach the square too; most do not.
    assert!(
        verdict["status"] == "missed" || verdict["status"] == "solved",
        "{verdict}"
    );
    let (code, message) = error(
        &mut s,
        json!({"op": "check_lesson", "id": id, "moves": ["zz9"]}),
    );
    assert_eq!(code, "illegal_move");
    assert!(message.contains("zz9"), "{message}");
    let (code, message) = error(&mut s, json!({"op": "lesson", "id": "no-such"}));
    assert_eq!(code, "unknown_lesson");
    assert!(message.contains("no-such"), "{message}");
    let (code, _) = error(
        &mut s,
        json!({"op": "check_lesson", "id": id, "moves": vec![right; 9]}),
    );
    assert_eq!(code, "out_of_range");
}

#[test]
fn every_rules_page_is_the_servers() {
    let (mut s, _) = service();
    for variant in ["stacked", "trid", "quadlevel", "fourfold"] {
        let page = ok(&mut s, json!({"op": "rules_page", "variant": variant}));
        let expected =
            serde_json::to_value(rules::guide::view::rules_page(variant.parse().unwrap()).unwrap())
                .unwrap();
        assert_eq!(page, expected);
        assert!(page["sections"].as_array().unwrap().len() > 3);
    }
    let (code, message) = error(&mut s, json!({"op": "rules_page", "variant": "chess"}));
    assert_eq!(code, "bad_setup");
    assert!(message.contains("chess"), "{message}");
}

#[test]
fn analysis_gives_the_best_lines_with_their_notation() {
    let (mut s, seen) = service();
    let g = ok(
        &mut s,
        json!({"op": "new_game", "setup": {"variant": "stacked"}}),
    );
    let r = ok(
        &mut s,
        json!({"op": "analyse", "game": g["game"], "lines": 3, "limits": {"depth": 3}}),
    );
    assert_eq!(r["depth"], 3);
    let lines = r["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 3);
    let legal = tokens(&g);
    let mut firsts = Vec::new();
    for l in lines {
        let pv: Vec<&str> = l["pv"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap())
            .collect();
        assert!(legal.iter().any(|t| t == pv[0]), "{l}");
        assert_eq!(l["notation"].as_array().unwrap().len(), pv.len(), "{l}");
        // Pawns from White's side, as the server's boards show them.
        assert!(l["score"].is_f64() || l["score"].is_i64(), "{l}");
        assert!(l["mate"].is_null() || l["mate"].is_i64(), "{l}");
        firsts.push(pv[0].to_string());
    }
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "three different first moves");
    let progress = seen.lock().unwrap();
    assert_eq!(
        progress
            .iter()
            .filter(|p| p.get("analysis").is_some())
            .count(),
        3,
        "one per iteration"
    );
    drop(progress);
    let (code, _) = error(
        &mut s,
        json!({"op": "analyse", "game": g["game"], "lines": 9}),
    );
    assert_eq!(code, "out_of_range");
}

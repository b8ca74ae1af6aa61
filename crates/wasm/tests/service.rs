//! The module's requests answered on the host, as the worker would send them.

mod common;

use common::{error, ok, service, tokens};
use serde_json::json;

#[test]
fn perft_of_every_variant_matches_the_rules_crate() {
    let (mut s, _) = service();
    let cases = [
        (json!({"variant": "stacked"}), 236_485),
        (json!({"variant": "trid", "rules": "federation"}), 230_320),
        (json!({"variant": "trid", "rules": "meder"}), 207_888),
        (json!({"variant": "trid", "rules": "stepwise"}), 232_240),
        (json!({"variant": "quadlevel"}), 90_408),
        (json!({"variant": "fourfold"}), 3_194_878),
    ];
    for (setup, nodes) in cases {
        let depth = if setup["variant"] == "trid" || setup["variant"] == "fourfold" {
            4
        } else {
            3
        };
        let v = ok(
            &mut s,
            json!({"op": "perft", "setup": setup, "depth": depth}),
        );
        assert_eq!(v["nodes"], nodes, "{setup}");
    }
    let v = ok(
        &mut s,
        json!({"op": "perft", "setup": {"variant": "quadlevel"}, "depth": 2, "divide": true}),
    );
    let split = v["divide"].as_array().unwrap();
    assert_eq!(split.len(), 44);
    let sum: u64 = split.iter().map(|e| e["nodes"].as_u64().unwrap()).sum();
    assert_eq!(sum, 1936);
}

#[test]
fn a_game_is_played_taken_back_and_kept_as_a_record() {
    let (mut s, _) = service();
    let g = ok(
        &mut s,
        json!({"op": "new_game", "setup": {"variant": "stacked"}}),
    );
    let id = g["game"].as_u64().unwrap();
    assert_eq!(g["turn"], "white");
    assert_eq!(g["status"], "in-progress");
    assert_eq!(tokens(&g).len(), 60);
    let first = &g["legal_moves"][0];
    for field in ["from", "to", "notation", "mover", "piece"] {
        assert!(first[field].is_string(), "{field} in {first}");
    }
    // The short forms players type come with each legal move, as from the server.
    let knight = g["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["token"] == "Bg1Mf3")
        .unwrap();
    assert_eq!(knight["short_forms"][0], "NMf3");
    // Moves are played by exact token: a short form or notation is for people, and the
    // browser matches it to a token itself.
    let (code, message) = error(&mut s, json!({"op": "play", "game": id, "move": "NMf3"}));
    assert_eq!(code, "illegal_move");
    assert!(message.contains("NMf3"), "{message}");
    let m = tokens(&g)[0].clone();
    let after = ok(&mut s, json!({"op": "play", "game": id, "move": m}));
    assert_eq!(after["turn"], "black");
    assert_eq!(after["history"][0]["token"], m.as_str());
    assert_ne!(after["position"], g["position"]);

    let record = ok(&mut s, json!({"op": "export_record", "game": id}))["record"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(record.contains("[Variant \"stacked\"]"), "{record}");
    let copy = ok(&mut s, json!({"op": "import_record", "record": record}));
    assert_ne!(copy["game"], after["game"]);
    assert_eq!(copy["position"], after["position"]);
    assert_eq!(copy["history"], after["history"]);

    let back = ok(&mut s, json!({"op": "undo", "game": id}));
    assert_eq!(back["position"], g["position"]);
    assert_eq!(
        error(&mut s, json!({"op": "undo", "game": id})).0,
        "nothing_to_take_back"
    );
    ok(&mut s, json!({"op": "close", "game": id}));
    assert_eq!(
        error(&mut s, json!({"op": "state", "game": id})).0,
        "unknown_game"
    );
}

#[test]
fn a_mate_ends_the_game_and_no_move_is_offered() {
    let (mut s, _) = service();
    let g = ok(
        &mut s,
        json!({"op": "new_game", "setup": {"variant": "quadlevel"}}),
    );
    let id = g["game"].as_u64().unwrap();
    let found = ok(
        &mut s,
        json!({"op": "search", "game": id, "limits": {"depth": 1}}),
    );
    let best = found["best"].as_str().unwrap().to_string();
    assert!(tokens(&g).contains(&best));
    let over = ok(
        &mut s,
        json!({"op": "new_game", "setup": {"variant": "stacked"},
               "position": "8/8/8/8/8/8/8/4K*3|R*7/8/8/8/8/8/8/8|4R*2k*/6pp/8/8/8/8/8/8 b 0 1"}),
    );
    // Back-rank mate on T; the escape to Mh8 is covered by the rook on Ma8.
    assert_eq!(over["status"], "over", "{over}");
    assert_eq!(over["checked_kings"], json!(["Th8"]));
    assert_eq!(over["result"]["reason"], "checkmate");
    assert_eq!(over["result"]["winner"], "white");
    assert!(over["legal_moves"].as_array().unwrap().is_empty());
    let (code, _) = error(
        &mut s,
        json!({"op": "play", "game": over["game"], "move": "Th8Mh8"}),
    );
    assert_eq!(code, "game_over");
}

#[test]
fn the_catalogue_is_the_rules_catalogue() {
    let (mut s, _) = service();
    let c = ok(&mut s, json!({"op": "catalogue"}));
    let ids: Vec<&str> = c["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["stacked", "trid", "quadlevel", "fourfold"]);
    assert_eq!(c["levels"]["max_id"], "max");
    assert_eq!(
        c,
        serde_json::to_value(rules::catalogue::catalogue()).unwrap()
    );
}

#[test]
fn a_search_reports_each_iteration() {
    let (mut s, seen) = service();
    let g = ok(
        &mut s,
        json!({"op": "new_game", "setup": {"variant": "fourfold"}}),
    );
    let r = ok(
        &mut s,
        json!({"op": "search", "game": g["game"], "limits": {"depth": 4}}),
    );
    assert_eq!(r["depth"], 4);
    assert!(tokens(&g).contains(&r["best"].as_str().unwrap().to_string()));
    let progress = seen.lock().unwrap().clone();
    let depths: Vec<u64> = progress
        .iter()
        .map(|p| p["search"]["depth"].as_u64().unwrap())
        .collect();
    assert_eq!(depths, vec![1, 2, 3, 4]);
    assert_eq!(progress[3]["search"]["pv"], r["pv"]);
    // Deterministic without a seed: the same search finds the same line.
    let again = ok(
        &mut s,
        json!({"op": "search", "game": g["game"], "limits": {"depth": 4}}),
    );
    assert_eq!((&again["pv"], &again["nodes"]), (&r["pv"], &r["nodes"]));
}

#[test]
fn the_oracle_scores_every_legal_move() {
    let (mut s, seen) = service();
    let g = ok(
        &mut s,
        json!({"op": "new_game", "setup": {"variant": "quadlevel"}}),
    );
    let report = ok(
        &mut s,
        json!({"op": "oracle", "game": g["game"], "budget_ms": 300}),
    );
    assert_eq!(report["done"], true);
    let mut scored: Vec<String> = report["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["token"].as_str().unwrap().to_string())
        .collect();
    let mut legal = tokens(&g);
    scored.sort();
    legal.sort();
    assert_eq!(scored, legal);
    assert!(!seen.lock().unwrap().is_empty());
}

#[test]
fn the_oracle_looks_no_deeper_than_its_setting() {
    let (mut s, _) = service();
    let g = ok(
        &mut s,
        json!({"op": "new_game", "setup": {"variant": "stacked"}}),
    );
    for (level, cap) in [(json!(1), 1), (json!(2), 2)] {
        let report = ok(
            &mut s,
            json!({"op": "oracle", "game": g["game"], "budget_ms": 20_000, "level": level}),
        );
        let depths: Vec<u64> = report["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["depth"].as_u64().unwrap())
            .collect();
        assert_eq!(depths.iter().max(), Some(&cap), "{depths:?}");
    }
    let (code, message) = error(
        &mut s,
        json!({"op": "oracle", "game": g["game"], "budget_ms": 100, "level": 9}),
    );
    assert_eq!(code, "out_of_range");
    assert!(message.contains("level 9"), "{message}");
}

#[test]
fn the_bench_is_the_engines() {
    let (mut s, seen) = service();
    let v = ok(&mut s, json!({"op": "bench", "depth": 2}));
    let expected = engine::bench::run(2, 1, &mut |_| {});
    assert_eq!(v["nodes"], expected);
    assert_eq!(v["positions"].as_array().unwrap().len(), 36);
    assert_eq!(seen.lock().unwrap().len(), 36);
}

#[test]
fn bad_requests_are_named() {
    let (mut s, _) = service();
    let (code, message) = error(&mut s, json!({"op": "fly"}));
    assert_eq!(code, "bad_request");
    assert!(message.contains("fly"), "{message}");
    let bytes = s.answer(b"not json at all");
    let text = String::from_utf8(bytes).unwrap();
    assert!(
        text.contains("bad_request") && text.contains("not json"),
        "{text}"
    );
    let (code, message) = error(
        &mut s,
        json!({"op": "new_game", "setup": {"variant": "chess"}}),
    );
    assert_eq!(code, "bad_setup");
    assert!(message.contains("chess"), "{message}");
    let (code, message) = error(
        &mut s,
        json!({"op": "new_game", "setup": {"variant": "stacked"}, "position": "xyz"}),
    );
    assert_eq!(code, "bad_position");
    assert!(message.contains("xyz"), "{message}");
    let g = ok(
        &mut s,
        json!({"op": "new_game", "setup": {"variant": "trid"}}),
    );
    let (code, message) = error(
        &mut s,
        json!({"op": "play", "game": g["game"], "move": "Qh9"}),
    );
    assert_eq!(code, "illegal_move");
    assert!(message.contains("Qh9"), "{message}");
    let (code, message) = error(
        &mut s,
        json!({"op": "perft", "setup": {"variant": "trid"}, "depth": 99}),
    );
    assert_eq!(code, "out_of_range");
    assert!(message.contains("99"), "{message}");
    let (code, _) = error(
        &mut s,
        json!({"op": "import_record", "record": "[Variant \"stacked\"]\n\n1. Zz9"}),
    );
    assert_eq!(code, "bad_record");
    let (code, _) = error(&mut s, json!({"op": "search", "game": 999}));
    assert_eq!(code, "unknown_game");
    let long = "x".repeat(5000);
    let bytes = s.answer(long.as_bytes());
    assert!(
        bytes.len() < 1000,
        "a long rejected input is quoted only in part"
    );
}

#[test]
fn a_state_is_the_screen_the_server_draws_from() {
    let (mut s, _) = service();
    let setup = rules::Setup::from_ids("trid", Some("meder"), &[]).unwrap();
    let mut game = rules::any::AnyGame::new(&setup, None).unwrap();
    let g = ok(
        &mut s,
        json!({"op": "new_game", "setup": {"variant": "trid", "rules": "meder"}}),
    );
    let id = g["game"].as_u64().unwrap();
    let mut state = g;
    for _ in 0..3 {
        let token = tokens(&state)[1].clone();
        game.play_token(&token).unwrap();
        state = ok(&mut s, json!({"op": "play", "game": id, "move": token}));
    }
    let mut expected = serde_json::to_value(game.screen(true)).unwrap();
    let fields = expected.as_object_mut().unwrap();
    fields.insert("game".into(), json!(id));
    fields.insert(
        "history".into(),
        serde_json::to_value(game.history_entries(0)).unwrap(),
    );
    let screen = game.screen(false);
    fields.insert(
        "material".into(),
        serde_json::to_value(rules::material::material(&screen.cells, game.played())).unwrap(),
    );
    assert_eq!(state, expected);
    assert!(!state["cells"].as_array().unwrap().is_empty());
    assert_eq!(state["history"][2]["number"], 2);
    assert_eq!(state["history"][2]["side"], "white");
}

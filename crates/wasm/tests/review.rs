//! Review, record import and clocks for games in the browser: past positions with their
//! material, a new game from any point of a record, a loss on time, a search on a clock.

mod common;

use common::{error, ok, service, tokens};
use rules::any::AnyGame;
use rules::material::material;
use serde_json::{json, Value};

/// Plays `n` moves (each the first capture if there is one, else a varied move) in the
/// module's game `id` and in `game`, and returns the last state.
fn play_some(
    s: &mut spacechess_wasm::service::Service,
    id: u64,
    game: &mut AnyGame,
    n: usize,
) -> Value {
    let mut state = ok(s, json!({"op": "state", "game": id}));
    for i in 0..n {
        let moves = game.legal_moves();
        let token = moves
            .iter()
            .find(|m| m.captured.is_some())
            .unwrap_or(&moves[(i * 5 + 3) % moves.len()])
            .token
            .clone();
        game.play_token(&token).unwrap();
        state = ok(s, json!({"op": "play", "game": id, "move": token}));
    }
    state
}

#[test]
fn a_past_position_is_the_board_and_material_after_that_ply() {
    let (mut s, _) = service();
    let setup = rules::Setup::standard(rules::Variant::Stacked);
    let mut game = AnyGame::new(&setup, None).unwrap();
    let g = ok(
        &mut s,
        json!({"op": "new_game", "setup": {"variant": "stacked"}}),
    );
    let id = g["game"].as_u64().unwrap();
    let live = play_some(&mut s, id, &mut game, 12);
    let captures = live["history"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["capture"] == true)
        .count();
    assert!(captures > 0, "the game took something: {}", live["history"]);
    for ply in [0usize, 1, 5, 11, 12] {
        let past = ok(&mut s, json!({"op": "position", "game": id, "ply": ply}));
        // The same replay as the server's positions/{ply}: the rules' screen of the game
        // after `ply` moves, with its material.
        let mut replay = AnyGame::new(&setup, None).unwrap();
        for m in &game.played()[..ply] {
            replay.play_token(&m.token).unwrap();
        }
        let screen = replay.screen(false);
        let mut expected = serde_json::to_value(&screen).unwrap();
        expected.as_object_mut().unwrap().insert(
            "material".into(),
            serde_json::to_value(material(&screen.cells, replay.played())).unwrap(),
        );
        assert_eq!(past, expected, "ply {ply}");
        assert_eq!(past["ply"], ply);
        assert!(past["legal_moves"].as_array().unwrap().is_empty());
    }
    // The live state carries the same material as its last position.
    let last = ok(&mut s, json!({"op": "position", "game": id, "ply": 12}));
    assert_eq!(live["material"], last["material"]);
    assert_eq!(
        error(&mut s, json!({"op": "position", "game": id, "ply": 13})),
        (
            "bad_request".to_string(),
            "ply 13 is beyond the end of the game (12 half-moves played)".to_string()
        )
    );
}

/// A record of `n` half-moves of a Stacked game, with an evaluation comment after the
/// second move, and the game it records.
fn record_of(n: usize) -> (String, AnyGame) {
    let setup = rules::Setup::standard(rules::Variant::Stacked);
    let mut game = AnyGame::new(&setup, None).unwrap();
    for i in 0..n {
        let moves = game.legal_tokens();
        game.play_token(&moves[(i * 3 + 1) % moves.len()]).unwrap();
    }
    let mut comments = vec![None; n];
    comments[1] = Some("-0.35".to_string());
    comments[2] = Some("a good move".to_string());
    (game.export(&[], &comments), game)
}

#[test]
fn a_record_goes_on_from_any_of_its_half_moves_with_its_evaluations() {
    let (mut s, _) = service();
    let (record, game) = record_of(6);
    let whole = ok(&mut s, json!({"op": "new_from_record", "record": record}));
    assert_eq!(whole["ply"], 6);
    assert_eq!(whole["position"], game.screen(true).position.as_str());
    assert_eq!(
        whole["record_evals"],
        json!([null, -0.35, null, null, null, null])
    );
    let part = ok(
        &mut s,
        json!({"op": "new_from_record", "record": record, "record_ply": 3}),
    );
    assert_eq!(part["ply"], 3);
    assert_eq!(part["history"].as_array().unwrap().len(), 3);
    assert_eq!(part["record_evals"], json!([null, -0.35, null]));
    assert_eq!(part["turn"], "black");
    assert_eq!(tokens(&part).len(), game_at(&game, 3).legal_tokens().len());
    // The new game plays on from there.
    let id = part["game"].as_u64().unwrap();
    let next = tokens(&part)[0].clone();
    let after = ok(&mut s, json!({"op": "play", "game": id, "move": next}));
    assert_eq!(after["ply"], 4);
    let start = ok(
        &mut s,
        json!({"op": "new_from_record", "record": record, "record_ply": 0}),
    );
    assert_eq!(start["position"], start["start_position"]);
    assert_eq!(
        error(
            &mut s,
            json!({"op": "new_from_record", "record": record, "record_ply": 7})
        ),
        (
            "bad_request".to_string(),
            "field \"record_ply\" is 7, but the record has 6 half-moves".to_string()
        )
    );
}

fn game_at(game: &AnyGame, ply: usize) -> AnyGame {
    let mut past = AnyGame::new(&game.setup(), None).unwrap();
    for m in &game.played()[..ply] {
        past.play_token(&m.token).unwrap();
    }
    past
}

#[test]
fn a_bad_record_names_its_first_bad_move_as_the_server_does() {
    let (mut s, _) = service();
    let (record, game) = record_of(4);
    let third = game.played()[2].notation.clone();
    let bad = record.replacen(&third, "Zz9z9", 1);
    let (code, message) = error(&mut s, json!({"op": "new_from_record", "record": bad}));
    assert_eq!(code, "bad_record");
    // The rules' own message, which the server's `bad_record` answer carries too.
    let expected = match rules::any::import_record(&bad) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("the rules accepted {bad}"),
    };
    assert_eq!(message, expected);
    assert!(message.contains("Zz9z9"), "{message}");
}

#[test]
fn a_search_on_a_short_clock_answers_with_a_move() {
    let (mut s, _) = service();
    let g = ok(
        &mut s,
        json!({"op": "new_game", "setup": {"variant": "stacked"}}),
    );
    let id = g["game"].as_u64().unwrap();
    let found = ok(
        &mut s,
        json!({"op": "search", "game": id, "limits": {"clock_ms": 300, "increment_ms": 0}}),
    );
    let best = found["best"].as_str().unwrap().to_string();
    assert!(tokens(&g).contains(&best), "{best}");
    // With a clock of a few milliseconds the engine budgets a short search: fewer
    // iterations than a fixed depth far beyond it.
    assert!(found["depth"].as_u64().unwrap() < 20, "{found}");
}

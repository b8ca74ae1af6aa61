//! `GET /api/games/{id}/inspect?from=<square>` against the real server: either side's
//! moves as if that side were to move, marked playable only for the player's own turn.

mod server_common;

use serde_json::{json, Value};
use server_common::Server;

fn targets(v: &Value) -> Vec<(String, bool)> {
    v["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| (m["to"].as_str().unwrap().to_string(), m["capture"] == true))
        .collect()
}

#[test]
fn either_sides_pieces_show_their_moves_with_captures() {
    let s = Server::start(&[]);
    let g = s.create(json!({
        "variant": "fourfold",
        "mode": "local",
        "position": "1p2/4/1R2/K3|4/4/4/4|4/4/1n2/3B|3k/4/4/4 w 0 1",
    }));
    let id = g["id"].as_str().unwrap();
    // `@` written plainly and percent-encoded.
    let rook = s.get(&format!("/api/games/{id}/inspect?from=b2@00"));
    assert_eq!(rook.status, 200, "{}", rook.body);
    let rook = rook.json();
    assert_eq!(
        (
            rook["from"].as_str(),
            rook["side"].as_str(),
            rook["piece"].as_str()
        ),
        (Some("b2@00"), Some("white"), Some("R"))
    );
    assert_eq!(
        (rook["to_move"].as_bool(), rook["playable"].as_bool()),
        (Some(true), Some(true))
    );
    assert!(targets(&rook).contains(&("b2@01".into(), true)));
    // The rook's moves are exactly the game's legal moves from its square.
    let legal: Vec<&Value> = g["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["from"] == "b2@00")
        .collect();
    assert_eq!(rook["moves"].as_array().unwrap().len(), legal.len());

    let knight = s
        .get(&format!("/api/games/{id}/inspect?from=b2%4001"))
        .json();
    assert_eq!(
        (knight["side"].as_str(), knight["piece"].as_str()),
        (Some("black"), Some("n"))
    );
    assert_eq!(
        (knight["to_move"].as_bool(), knight["playable"].as_bool()),
        (Some(false), Some(false))
    );
    assert!(targets(&knight).contains(&("d1@01".into(), true)));
    // Looking changed nothing.
    assert_eq!(s.game(id)["position"], g["position"]);
}

#[test]
fn against_the_computer_only_the_players_turn_is_playable() {
    let s = Server::start(&[]);
    let g =
        s.create(json!({ "variant": "stacked", "mode": "computer", "human": "white", "level": 1 }));
    let id = g["id"].as_str().unwrap();
    let own = s.get(&format!("/api/games/{id}/inspect?from=Bg1")).json();
    assert_eq!(
        (own["to_move"].as_bool(), own["playable"].as_bool()),
        (Some(true), Some(true))
    );
    let mut to: Vec<String> = targets(&own).into_iter().map(|(t, _)| t).collect();
    to.sort();
    assert_eq!(to, ["Me2", "Mf3", "Mh3", "Te2", "Tf3", "Th3"]);
    let theirs = s.get(&format!("/api/games/{id}/inspect?from=Tg8")).json();
    assert_eq!(
        (theirs["side"].as_str(), theirs["playable"].as_bool()),
        (Some("black"), Some(false))
    );
    let mut to: Vec<String> = targets(&theirs).into_iter().map(|(t, _)| t).collect();
    to.sort();
    assert_eq!(to, ["Be7", "Bf6", "Bh6", "Me7", "Mf6", "Mh6"]);
}

#[test]
fn attack_boards_are_inspected_by_name() {
    let s = Server::start(&[]);
    let g = s.create(json!({
        "variant": "trid",
        "mode": "local",
        "position": "Kc1(2),Pd2(2),ke8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
    }));
    let id = g["id"].as_str().unwrap();
    let board = s.get(&format!("/api/games/{id}/inspect?from=WQL")).json();
    assert_eq!(
        (board["piece"].clone(), board["playable"].clone()),
        (Value::Null, json!(true))
    );
    let moves = board["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    assert!(moves
        .iter()
        .all(|m| m["mover"] == "board" && m["board_to"]["squares"].is_array()));
}

#[test]
fn bad_inspections_say_what_is_wrong() {
    let s = Server::start(&[]);
    let g = s.create(json!({ "variant": "stacked", "mode": "local" }));
    let id = g["id"].as_str().unwrap();
    let check = |path: String, status: u16, code: &str, mentions: &str| {
        let r = s.get(&path);
        assert_eq!(r.status, status, "{path}: {}", r.body);
        assert_eq!(r.json()["error"]["code"], code, "{}", r.body);
        let message = r.json()["error"]["message"]
            .as_str()
            .unwrap_or("")
            .to_string();
        assert!(
            message.contains(mentions),
            "{message:?} should mention {mentions:?}"
        );
    };
    check(
        format!("/api/games/{id}/inspect"),
        400,
        "bad_request",
        "from",
    );
    check(
        format!("/api/games/{id}/inspect?from=Me4"),
        400,
        "bad_request",
        "no piece on Me4",
    );
    check(
        format!("/api/games/{id}/inspect?from=Zz9"),
        400,
        "bad_request",
        "Zz9",
    );
    check(
        format!("/api/games/{id}/inspect?from={}", "x".repeat(2000)),
        400,
        "bad_request",
        "xxxx",
    );
    check(
        "/api/games/00000000000000000000000000000000/inspect?from=Bg1".into(),
        404,
        "unknown_game",
        "0000",
    );
}

//! An online game's pending draw offer or take-back request is stored: a server restart
//! keeps it until the opponent answers, and an answer, a move or a result clears it.

mod server_common;

use serde_json::{json, Value};
use server_common::{first_move, new_player, Server};

fn path(id: &str, p: &str) -> String {
    format!("/api/games/{id}{p}")
}

#[test]
fn pending_offers_survive_a_restart_until_answered() {
    let mut s = Server::start(&[]);
    let g = s.create(json!({ "variant": "fourfold", "mode": "online", "human": "white" }));
    let id = g["id"].as_str().unwrap().to_string();
    let black = new_player();
    let joined = s
        .post_as(&black, g["invite"].as_str().unwrap(), json!({}))
        .json();
    let white = s.player.clone();
    let r = s.post_as(
        &white,
        &path(&id, "/moves"),
        json!({ "move": first_move(&joined) }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    // A take-back request, kept over a restart, then declined: gone after another.
    s.post_as(&white, &path(&id, "/takeback"), json!({}));
    s.restart();
    let seen = s.request_as(&black, "GET", &path(&id, ""), None).json();
    assert_eq!(
        seen["offer"],
        json!({ "kind": "take-back", "from": "white" })
    );
    let r = s.post_as(&black, &path(&id, "/offer"), json!({ "answer": "decline" }));
    assert_eq!(r.status, 200, "{}", r.body);
    s.restart();
    assert_eq!(
        s.game(&id)["offer"],
        Value::Null,
        "a declined request stays declined"
    );
    // A draw offer, kept over a restart and accepted there.
    s.post_as(&white, &path(&id, "/draw"), json!({}));
    s.restart();
    assert_eq!(
        s.game(&id)["offer"],
        json!({ "kind": "draw", "from": "white" })
    );
    let r = s.post_as(&black, &path(&id, "/offer"), json!({ "answer": "accept" }));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["result"]["reason"], "agreement");
    // A move clears an offer in the store too.
    let g2 = s.create(json!({ "variant": "fourfold", "mode": "online", "human": "white" }));
    let id2 = g2["id"].as_str().unwrap().to_string();
    let joined = s
        .post_as(&black, g2["invite"].as_str().unwrap(), json!({}))
        .json();
    s.post_as(&white, &path(&id2, "/draw"), json!({}));
    let r = s.post_as(
        &white,
        &path(&id2, "/moves"),
        json!({ "move": first_move(&joined) }),
    );
    assert_eq!(r.json()["offer"], Value::Null);
    s.restart();
    assert_eq!(s.game(&id2)["offer"], Value::Null);
}

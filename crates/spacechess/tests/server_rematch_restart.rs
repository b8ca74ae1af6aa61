//! A finished online game's rematch is stored: a pending rematch offer survives a server
//! restart and can be accepted there, the finished game names its rematch after a
//! restart for both players and watchers, and a rematch accepted twice (a retried
//! request, both players at once) creates one game.

mod server_common;

use serde_json::{json, Value};
use server_common::{new_player, Server};
use std::collections::BTreeSet;

/// A finished (resigned) online Fourfold game between the server's player (White) and a
/// new player (Black): the game's id and Black's id.
fn finished_online(s: &Server) -> (String, String) {
    let g = s.create(json!({ "variant": "fourfold", "mode": "online", "human": "white" }));
    let id = g["id"].as_str().unwrap().to_string();
    let black = new_player();
    let joined = s.post_as(&black, g["invite"].as_str().unwrap(), json!({}));
    assert_eq!(joined.status, 200, "{}", joined.body);
    let r = s.post(&format!("/api/games/{id}/resign"), json!({}));
    assert_eq!(r.json()["status"], "over", "{}", r.body);
    (id, black)
}

/// The ids of the games `player` holds a seat in.
fn games_of(s: &Server, player: &str) -> BTreeSet<String> {
    let r = s.request_as(player, "GET", "/api/games?limit=100", None);
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_pending_rematch_offer_survives_a_restart_and_is_accepted_there() {
    let mut s = Server::start(&[]);
    let (id, black) = finished_online(&s);
    let games = format!("/api/games/{id}");
    let offered = s.post(&format!("{games}/rematch"), json!({}));
    assert_eq!(offered.status, 200, "{}", offered.body);
    s.restart();
    let seen = s.request_as(&black, "GET", &games, None).json();
    assert_eq!(
        seen["offer"],
        json!({ "kind": "rematch", "from": "white" }),
        "the opponent still sees the offer"
    );
    assert_eq!(seen["rematch"], Value::Null);
    assert_eq!(
        s.game(&id)["offer"],
        json!({ "kind": "rematch", "from": "white" }),
        "the offerer still sees it too"
    );
    let accepted = s.post_as(
        &black,
        &format!("{games}/offer"),
        json!({ "answer": "accept" }),
    );
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let accepted = accepted.json();
    let new_id = accepted["rematch"].as_str().expect("the rematch's id");
    assert_eq!(accepted["offer"], Value::Null);
    let as_white = s.game(new_id);
    assert_eq!(as_white["mode"], "online");
    assert_eq!(as_white["you"], json!(["black"]), "colours swapped");
    let as_black = s
        .request_as(&black, "GET", &format!("/api/games/{new_id}"), None)
        .json();
    assert_eq!(as_black["you"], json!(["white"]));
    // A declined offer stays declined over a restart.
    let (id2, black2) = finished_online(&s);
    let games2 = format!("/api/games/{id2}");
    s.post_as(&black2, &format!("{games2}/rematch"), json!({}));
    let r = s.post(&format!("{games2}/offer"), json!({ "answer": "decline" }));
    assert_eq!(r.status, 200, "{}", r.body);
    s.restart();
    assert_eq!(s.game(&id2)["offer"], Value::Null);
}

#[test]
fn the_finished_game_names_its_rematch_after_a_restart_for_players_and_watchers() {
    let mut s = Server::start(&[]);
    let (id, black) = finished_online(&s);
    let games = format!("/api/games/{id}");
    s.post_as(&black, &format!("{games}/rematch"), json!({}));
    let accepted = s.post(&format!("{games}/rematch"), json!({}));
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let new_id = accepted.json()["rematch"]
        .as_str()
        .expect("the rematch's id")
        .to_string();
    s.restart();
    let watcher = new_player();
    for (who, name) in [
        (&s.player, "White"),
        (&black, "Black"),
        (&watcher, "a watcher"),
    ] {
        let seen = s.request_as(who, "GET", &games, None).json();
        assert_eq!(seen["rematch"], new_id.as_str(), "{name} after a restart");
        assert_eq!(seen["offer"], Value::Null, "{name} after a restart");
    }
    // Offering or accepting again after the restart creates nothing more.
    for who in [&s.player, &black] {
        let again = s.request_as(who, "POST", &format!("{games}/rematch"), Some("{}"));
        assert_eq!(again.json()["rematch"], new_id.as_str(), "{}", again.body);
        let answer = s.request_as(
            who,
            "POST",
            &format!("{games}/offer"),
            Some(r#"{"answer":"accept"}"#),
        );
        assert_eq!(answer.code(), "no_offer", "{}", answer.body);
    }
    let expected: BTreeSet<String> = [id.clone(), new_id.clone()].into();
    assert_eq!(games_of(&s, &s.player), expected);
    assert_eq!(games_of(&s, &black), expected);
}

#[test]
fn a_rematch_accepted_twice_at_once_creates_one_game() {
    let mut s = Server::start(&[]);
    for round in 0..3 {
        let (id, black) = finished_online(&s);
        let games = format!("/api/games/{id}");
        let white = s.player.clone();
        // The second round's offer waits over a restart, as a retried request would.
        if round == 1 {
            s.post(&format!("{games}/rematch"), json!({}));
            s.restart();
        }
        // Both players offer (each accepting the other's), and Black also answers the
        // offer and retries, all at once.
        let calls: Vec<(String, String, &str)> = vec![
            (white.clone(), format!("{games}/rematch"), "{}"),
            (black.clone(), format!("{games}/rematch"), "{}"),
            (black.clone(), format!("{games}/rematch"), "{}"),
            (
                black.clone(),
                format!("{games}/offer"),
                r#"{"answer":"accept"}"#,
            ),
            (white.clone(), format!("{games}/rematch"), "{}"),
        ];
        std::thread::scope(|scope| {
            for (who, path, body) in &calls {
                let s = &s;
                scope.spawn(move || s.request_as(who, "POST", path, Some(body)));
            }
        });
        // Whatever is left over is answered once more by both.
        for who in [&white, &black] {
            s.request_as(
                who,
                "POST",
                &format!("{games}/offer"),
                Some(r#"{"answer":"accept"}"#),
            );
            s.request_as(who, "POST", &format!("{games}/rematch"), Some("{}"));
        }
        let view = s.game(&id);
        let new_id = view["rematch"]
            .as_str()
            .unwrap_or_else(|| panic!("round {round}: no rematch: {view}"))
            .to_string();
        assert_eq!(view["offer"], Value::Null, "round {round}");
        let mine: BTreeSet<String> = games_of(&s, &black);
        assert_eq!(
            mine,
            [id.clone(), new_id.clone()].into(),
            "round {round}: Black holds the game and one rematch"
        );
        s.restart();
        assert_eq!(s.game(&id)["rematch"], new_id.as_str(), "round {round}");
    }
}

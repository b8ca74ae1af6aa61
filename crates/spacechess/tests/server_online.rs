//! Online games: the invitation seats the first other player and then only lets people
//! watch; each player moves only their own side; draw offers and take-back requests go
//! to the opponent; resignation; no engine helps either player while the game runs.

mod server_common;

use serde_json::{json, Value};
use server_common::{first_move, new_player, Server};

struct Online {
    id: String,
    invite: String,
    white: String,
    black: String,
}

/// An online game created by the server's player (White) and joined by another (Black).
fn start_online(s: &Server, extra: Value) -> (Online, Value) {
    let mut body = json!({ "variant": "fourfold", "mode": "online", "human": "white" });
    body.as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    let g = s.create(body);
    let invite = g["invite"]
        .as_str()
        .expect("the creator sees the invitation")
        .to_string();
    let black = new_player();
    let joined = s.post_as(&black, &invite, json!({}));
    assert_eq!(joined.status, 200, "{}", joined.body);
    let online = Online {
        id: g["id"].as_str().unwrap().to_string(),
        invite,
        white: s.player.clone(),
        black,
    };
    (online, joined.json())
}

fn path(g: &Online, p: &str) -> String {
    format!("/api/games/{}{p}", g.id)
}

#[test]
fn the_invitation_seats_the_first_other_player_then_only_lets_people_watch() {
    let s = Server::start(&[]);
    let g = s.create(json!({ "variant": "fourfold", "mode": "online", "human": "black" }));
    let id = g["id"].as_str().unwrap();
    assert_eq!(g["mode"], "online");
    assert_eq!(g["you"], json!(["black"]));
    assert_eq!(g["seats"]["white"]["holder"], "open");
    let invite = g["invite"].as_str().unwrap().to_string();
    assert!(
        invite.starts_with("/join/") && invite.len() == 6 + 32,
        "{invite}"
    );
    assert!(
        !invite.contains(id),
        "the invitation is not the game's address"
    );
    // Nobody moves before the invited player is there.
    assert_eq!(g["legal_moves"], json!([]));
    // A watcher sees neither the invitation nor a seat of theirs.
    let watcher = new_player();
    let seen = s
        .request_as(&watcher, "GET", &format!("/api/games/{id}"), None)
        .json();
    assert!(seen.get("invite").is_none(), "{seen}");
    assert_eq!(seen["you"], json!([]));
    // The creator opening their own invitation takes nothing.
    let own = s.post(&invite, json!({})).json();
    assert_eq!(own["you"], json!(["black"]));
    assert_eq!(own["seats"]["white"]["holder"], "open");
    // The first other player takes White; the game starts.
    let friend = new_player();
    let joined = s.post_as(&friend, &invite, json!({}));
    assert_eq!(joined.status, 200, "{}", joined.body);
    let joined = joined.json();
    assert_eq!(joined["you"], json!(["white"]));
    assert_eq!(joined["seats"]["white"]["holder"], "player");
    assert!(!joined["legal_moves"].as_array().unwrap().is_empty());
    assert!(
        s.game(id).get("invite").is_none(),
        "a taken seat has no invitation"
    );
    // After that the invitation only lets people watch.
    let late = s.post_as(&watcher, &invite, json!({})).json();
    assert_eq!(late["you"], json!([]));
    assert_eq!(late["id"], id);
    // A browser opening the invitation gets the app.
    let page = s.get(&invite);
    assert_eq!(page.status, 200);
    assert!(page
        .header("content-type")
        .unwrap_or("")
        .starts_with("text/html"));
    let unknown = s.post(&format!("/join/{}", "0".repeat(32)), json!({}));
    assert_eq!(
        (unknown.status, unknown.code()),
        (404, "unknown_invite".into())
    );
}

#[test]
fn each_player_moves_only_their_own_side() {
    let s = Server::start(&[]);
    let (g, view) = start_online(&s, json!({}));
    let white_move = first_move(&view);
    // Black may not move for White, a stranger not at all.
    let r = s.post_as(&g.black, &path(&g, "/moves"), json!({ "move": white_move }));
    assert_eq!(
        (r.status, r.code()),
        (409, "not_your_turn".into()),
        "{}",
        r.body
    );
    let r = s.post_as(
        &new_player(),
        &path(&g, "/moves"),
        json!({ "move": white_move }),
    );
    assert_eq!((r.status, r.code()), (403, "not_your_seat".into()));
    let after = s.post_as(&g.white, &path(&g, "/moves"), json!({ "move": white_move }));
    assert_eq!(after.status, 200, "{}", after.body);
    let after = after.json();
    let r = s.post_as(
        &g.white,
        &path(&g, "/moves"),
        json!({ "move": first_move(&after) }),
    );
    assert_eq!(r.code(), "not_your_turn");
    let r = s.post_as(
        &g.black,
        &path(&g, "/moves"),
        json!({ "move": first_move(&after) }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(s.game(&g.id)["ply"], 2);
}

#[test]
fn draw_offers_and_take_back_requests_go_to_the_opponent() {
    let s = Server::start(&[]);
    let (g, view) = start_online(&s, json!({}));
    let w1 = s.post_as(
        &g.white,
        &path(&g, "/moves"),
        json!({ "move": first_move(&view) }),
    );
    assert_eq!(w1.status, 200, "{}", w1.body);
    // White asks to take the move back; only Black answers.
    let asked = s.post_as(&g.white, &path(&g, "/takeback"), json!({}));
    assert_eq!(asked.status, 200, "{}", asked.body);
    assert_eq!(
        asked.json()["offer"],
        json!({ "kind": "take-back", "from": "white" })
    );
    assert_eq!(
        asked.json()["ply"],
        1,
        "nothing is taken back before the answer"
    );
    let own = s.post_as(&g.white, &path(&g, "/offer"), json!({ "answer": "accept" }));
    assert_eq!((own.status, own.code()), (409, "no_offer".into()));
    let stranger = s.post_as(
        &new_player(),
        &path(&g, "/offer"),
        json!({ "answer": "accept" }),
    );
    assert_eq!(stranger.status, 403);
    let back = s.post_as(&g.black, &path(&g, "/offer"), json!({ "answer": "accept" }));
    assert_eq!(back.status, 200, "{}", back.body);
    assert_eq!(back.json()["ply"], 0);
    assert_eq!(back.json()["offer"], Value::Null);
    // A draw offer, declined: nothing changes but the offer goes away.
    let r = s.post_as(&g.white, &path(&g, "/draw"), json!({})).json();
    assert_eq!(r["accepted"], false);
    assert_eq!(
        r["game"]["offer"],
        json!({ "kind": "draw", "from": "white" })
    );
    let r = s
        .post_as(
            &g.black,
            &path(&g, "/offer"),
            json!({ "answer": "decline" }),
        )
        .json();
    assert_eq!(r["offer"], Value::Null);
    assert_eq!(r["status"], "in-progress");
    // A move declines an offer too.
    s.post_as(&g.white, &path(&g, "/draw"), json!({}));
    let moved = s.post_as(
        &g.white,
        &path(&g, "/moves"),
        json!({ "move": first_move(&view) }),
    );
    assert_eq!(moved.json()["offer"], Value::Null, "{}", moved.body);
    // Offered by Black, accepted by White offering too: a draw by agreement.
    s.post_as(&g.black, &path(&g, "/draw"), json!({}));
    let r = s.post_as(&g.white, &path(&g, "/draw"), json!({})).json();
    assert_eq!(r["accepted"], true);
    assert_eq!(r["game"]["result"]["reason"], "agreement");
}

#[test]
fn resignation_is_the_players_own_and_ends_the_game() {
    let s = Server::start(&[]);
    let (g, _) = start_online(&s, json!({}));
    let r = s.post_as(&g.black, &path(&g, "/resign"), json!({ "side": "white" }));
    assert_eq!((r.status, r.code()), (403, "not_your_seat".into()));
    let r = s.post_as(&new_player(), &path(&g, "/resign"), json!({}));
    assert_eq!(r.status, 403);
    let r = s.post_as(&g.black, &path(&g, "/resign"), json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["result"]["winner"], "white");
    assert_eq!(r.json()["result"]["reason"], "resignation");
    // The game is over: the invitation shows it to whoever opens it.
    assert_eq!(
        s.post_as(&new_player(), &g.invite, json!({})).json()["status"],
        "over"
    );
}

#[test]
fn no_engine_helps_while_the_game_runs_and_it_cannot_be_deleted_from_under_the_opponent() {
    let s = Server::start(&[]);
    let (g, view) = start_online(&s, json!({ "time_control": { "minutes": 5 } }));
    let r = s.post_as(&g.white, &path(&g, "/oracle"), json!({}));
    assert_eq!((r.status, r.code()), (409, "no_engine_help".into()));
    let moved = s.post_as(
        &g.white,
        &path(&g, "/moves"),
        json!({ "move": first_move(&view) }),
    );
    assert_eq!(moved.status, 200);
    std::thread::sleep(std::time::Duration::from_millis(500));
    let now = s.game(&g.id);
    assert_eq!(
        now["history"][0]["eval"],
        Value::Null,
        "no evaluation is shown"
    );
    assert!(now["clocks"].is_object());
    let r = s.request_as(&g.black, "DELETE", &path(&g, ""), None);
    assert_eq!((r.status, r.code()), (409, "game_in_progress".into()));
    // Once over, a player may delete it.
    s.post_as(&g.black, &path(&g, "/resign"), json!({}));
    assert_eq!(
        s.request_as(&g.black, "DELETE", &path(&g, ""), None).status,
        204
    );
    // An invitation nobody took can be withdrawn by deleting its game.
    let waiting = s.create(json!({ "variant": "fourfold", "mode": "online" }));
    let r = s.request(
        "DELETE",
        &format!("/api/games/{}", waiting["id"].as_str().unwrap()),
        None,
    );
    assert_eq!(r.status, 204);
}

#[test]
fn invitations_waiting_for_a_player_are_bounded() {
    let s = Server::start(&["--open-invites-per-player", "1"]);
    let online = json!({ "variant": "fourfold", "mode": "online" });
    s.create(online.clone());
    let r = s.post("/api/games", online.clone());
    assert_eq!(
        (r.status, r.code()),
        (429, "rate_limited".into()),
        "{}",
        r.body
    );
    assert!(r.header("retry-after").is_some());
    // Other modes are not invitations.
    s.create(json!({ "variant": "fourfold", "mode": "local" }));
}

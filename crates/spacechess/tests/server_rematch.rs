//! An online game's answers that the asking player must hear about: a declined draw
//! offer or take-back request reaches the offerer's socket (`declined`), and a finished
//! game's rematch, offered by one player and accepted by the other, creates the new game
//! with the colours swapped and names it in the finished game's view.

mod server_common;

use futures_util::StreamExt;
use serde_json::{json, Value};
use server_common::{first_move, new_player, Server};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// An online Fourfold game of the server's player (White) joined by a new player
/// (Black): the game's id and Black's id.
fn start_online(s: &Server) -> (String, String, Value) {
    let g = s.create(json!({ "variant": "fourfold", "mode": "online", "human": "white" }));
    let black = new_player();
    let joined = s.post_as(&black, g["invite"].as_str().unwrap(), json!({}));
    assert_eq!(joined.status, 200, "{}", joined.body);
    (g["id"].as_str().unwrap().to_string(), black, joined.json())
}

/// White's own socket on the game.
async fn connect(s: &Server, id: &str) -> Socket {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut url = format!("ws://{}/api/games/{id}/ws", s.addr)
        .into_client_request()
        .unwrap();
    url.headers_mut().insert(
        "Authorization",
        format!("Bearer {}", s.player).parse().unwrap(),
    );
    tokio_tungstenite::connect_async(url)
        .await
        .expect("connect")
        .0
}

/// Reads messages until one satisfies `done`, which it returns.
async fn read_until(socket: &mut Socket, done: impl Fn(&Value) -> bool) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(30), socket.next())
            .await
            .expect("a message in time")
            .expect("the socket stays open")
            .expect("a frame");
        if let Message::Text(t) = msg {
            let m: Value = serde_json::from_str(&t).expect("JSON");
            if done(&m) {
                return m;
            }
        }
    }
}

/// Runs blocking HTTP calls off the test's runtime, handing the server back.
async fn off_runtime<T: Send + 'static>(
    s: Server,
    f: impl FnOnce(&Server) -> T + Send + 'static,
) -> (Server, T) {
    tokio::task::spawn_blocking(move || {
        let out = f(&s);
        (s, out)
    })
    .await
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_declined_offer_is_told_to_the_player_who_made_it() {
    let s = tokio::task::spawn_blocking(|| Server::start(&[]))
        .await
        .unwrap();
    let (id, black, view) = start_online(&s);
    let mut socket = connect(&s, &id).await;
    let games = format!("/api/games/{id}");
    // A draw offer, declined by Black's answer.
    let (s, declined) = off_runtime(s, {
        let (games, black) = (games.clone(), black.clone());
        move |s| {
            let offered = s.post(&format!("{games}/draw"), json!({})).json();
            assert_eq!(offered["game"]["offer"]["kind"], "draw");
            let r = s.post_as(
                &black,
                &format!("{games}/offer"),
                json!({ "answer": "decline" }),
            );
            assert_eq!(r.status, 200, "{}", r.body);
            r.json()
        }
    })
    .await;
    assert_eq!(declined["offer"], Value::Null);
    let m = read_until(&mut socket, |m| m["type"] == "declined").await;
    assert_eq!(
        m,
        json!({ "type": "declined", "kind": "draw", "from": "white" })
    );
    // A take-back request, declined too.
    let token = first_move(&view);
    let (s, ()) = off_runtime(s, {
        let (games, black) = (games.clone(), black.clone());
        move |s| {
            s.play(games.trim_start_matches("/api/games/"), &token);
            let asked = s.post(&format!("{games}/takeback"), json!({})).json();
            assert_eq!(asked["offer"]["kind"], "take-back");
            let r = s.post_as(
                &black,
                &format!("{games}/offer"),
                json!({ "answer": "decline" }),
            );
            assert_eq!(r.status, 200, "{}", r.body);
        }
    })
    .await;
    let m = read_until(&mut socket, |m| m["type"] == "declined").await;
    assert_eq!(m["kind"], "take-back");
    // A draw offer Black answers by moving: declined as well.
    let (_s, ()) = off_runtime(s, {
        let (games, black) = (games.clone(), black.clone());
        move |s| {
            s.post(&format!("{games}/draw"), json!({}));
            let g = s.request_as(&black, "GET", &games, None).json();
            let r = s.post_as(
                &black,
                &format!("{games}/moves"),
                json!({ "move": first_move(&g) }),
            );
            assert_eq!(r.status, 200, "{}", r.body);
        }
    })
    .await;
    let m = read_until(&mut socket, |m| m["type"] == "declined").await;
    assert_eq!(
        m,
        json!({ "type": "declined", "kind": "draw", "from": "white" })
    );
}

#[test]
fn a_rematch_offered_and_accepted_swaps_the_colours_and_seats_both_players() {
    let s = Server::start(&[]);
    let (id, black, _) = start_online(&s);
    let games = format!("/api/games/{id}");
    let rematch = format!("{games}/rematch");
    let early = s.post(&rematch, json!({}));
    assert_eq!(
        (early.status, early.code()),
        (409, "game_in_progress".into())
    );
    let r = s.post(&format!("{games}/resign"), json!({}));
    assert_eq!(r.json()["status"], "over");
    // A watcher offers nothing; White offers; offering again changes nothing.
    let stranger = s.post_as(&new_player(), &rematch, json!({}));
    assert_eq!(stranger.status, 403);
    let offered = s.post(&rematch, json!({})).json();
    assert_eq!(
        offered["offer"],
        json!({ "kind": "rematch", "from": "white" })
    );
    assert_eq!(offered["rematch"], Value::Null);
    assert_eq!(
        s.post(&rematch, json!({})).json()["offer"],
        offered["offer"]
    );
    // Black declines: the offer goes; White offers again and Black accepts.
    let declined = s.post_as(
        &black,
        &format!("{games}/offer"),
        json!({ "answer": "decline" }),
    );
    assert_eq!(declined.json()["offer"], Value::Null);
    s.post(&rematch, json!({}));
    let accepted = s.post_as(
        &black,
        &format!("{games}/offer"),
        json!({ "answer": "accept" }),
    );
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let accepted = accepted.json();
    let new_id = accepted["rematch"]
        .as_str()
        .expect("the new game's id")
        .to_string();
    assert_ne!(new_id, id);
    assert_eq!(accepted["offer"], Value::Null);
    // Both players see the finished game name the rematch.
    assert_eq!(s.get(&games).json()["rematch"], new_id.as_str());
    // The new game: same set-up, colours swapped, both seats taken, ready to play.
    let as_white_before = s.get(&format!("/api/games/{new_id}")).json();
    assert_eq!(as_white_before["variant"], "fourfold");
    assert_eq!(as_white_before["mode"], "online");
    assert_eq!(as_white_before["you"], json!(["black"]));
    assert_eq!(as_white_before["seats"]["white"]["holder"], "player");
    assert_eq!(as_white_before["seats"]["black"]["holder"], "player");
    assert!(as_white_before.get("invite").is_none(), "no seat is open");
    let as_black_before = s
        .request_as(&black, "GET", &format!("/api/games/{new_id}"), None)
        .json();
    assert_eq!(as_black_before["you"], json!(["white"]));
    let moved = s.post_as(
        &black,
        &format!("/api/games/{new_id}/moves"),
        json!({ "move": first_move(&as_black_before) }),
    );
    assert_eq!(moved.status, 200, "{}", moved.body);
    // Accepting twice creates nothing more.
    let again = s.post_as(&black, &rematch, json!({})).json();
    assert_eq!(again["rematch"], new_id.as_str());
}

#[test]
fn a_rematch_against_the_computer_is_a_new_game_the_page_starts() {
    let s = Server::start(&[]);
    let g = s.create(json!({ "variant": "stacked", "level": 1 }));
    let id = g["id"].as_str().unwrap();
    s.post(&format!("/api/games/{id}/resign"), json!({}));
    let r = s.post(&format!("/api/games/{id}/rematch"), json!({}));
    assert_eq!((r.status, r.code()), (400, "bad_request".into()));
    assert!(r.json()["error"]["message"]
        .as_str()
        .unwrap()
        .contains("new game"));
}

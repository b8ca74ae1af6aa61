//! The game's WebSocket: a state on connect, the computer's progress while it thinks,
//! then the state with its move; Oracle reports.

mod server_common;

use futures_util::StreamExt;
use serde_json::{json, Value};
use server_common::{first_move, Server};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The test's player's own socket (a stranger's would count as a watcher, and watchers
/// coming and going send updates of their own).
async fn connect(s: &Server, id: &str) -> Socket {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut url = format!("ws://{}/api/games/{id}/ws", s.addr)
        .into_client_request()
        .unwrap();
    url.headers_mut().insert(
        "Authorization",
        format!("Bearer {}", s.player).parse().unwrap(),
    );
    let (socket, _) = tokio_tungstenite::connect_async(url)
        .await
        .expect("connect");
    socket
}

async fn next_json(socket: &mut Socket) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(60), socket.next())
            .await
            .expect("a message in time")
            .expect("the socket stays open")
            .expect("a frame");
        if let Message::Text(t) = msg {
            return serde_json::from_str(&t).expect("JSON");
        }
    }
}

/// Reads messages until one satisfies `done`; returns every message read.
async fn read_until(socket: &mut Socket, done: impl Fn(&Value) -> bool) -> Vec<Value> {
    let mut seen = Vec::new();
    loop {
        let m = next_json(socket).await;
        let stop = done(&m);
        seen.push(m);
        if stop {
            return seen;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thinking_progress_then_the_computers_move() {
    let s = tokio::task::spawn_blocking(|| Server::start(&[]))
        .await
        .unwrap();
    let g = s.create(json!({ "variant": "stacked", "level": 2 }));
    let id = g["id"].as_str().unwrap().to_string();
    let mut socket = connect(&s, &id).await;
    let first = next_json(&mut socket).await;
    assert_eq!(first["type"], "state");
    assert_eq!(first["game"]["id"], id.as_str());
    assert_eq!(first["game"]["ply"], 0);
    let token = first_move(&g);
    let s = tokio::task::spawn_blocking(move || {
        s.play(&id, &token);
        s
    })
    .await
    .unwrap();
    let seen = read_until(&mut socket, |m| {
        m["type"] == "update" && m["game"]["ply"] == 2 && m["game"]["computer_thinking"] == false
    })
    .await;
    // The player's move, then progress, then the reply; each change is an update that
    // carries only the history entries that changed.
    let first_state = seen.iter().position(|m| m["type"] == "update").unwrap();
    assert_eq!(seen[first_state]["game"]["ply"], 1);
    assert_eq!(seen[first_state]["game"]["computer_thinking"], true);
    assert_eq!(seen[first_state]["history_from"], 0);
    assert_eq!(
        seen[first_state]["game"]["history"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let reply = seen.last().unwrap();
    let from = reply["history_from"].as_u64().unwrap();
    let entries = reply["game"]["history"].as_array().unwrap();
    assert_eq!(from + entries.len() as u64, 2, "{reply}");
    assert_eq!(entries.last().unwrap()["side"], "black");
    assert_eq!(entries.last().unwrap()["number"], 1);
    let thinking: Vec<&Value> = seen.iter().filter(|m| m["type"] == "thinking").collect();
    assert!(!thinking.is_empty(), "no progress in {seen:?}");
    for t in &thinking {
        assert!(t["depth"].as_u64().unwrap() >= 1);
        assert!(t["elapsed_ms"].is_u64() && t["budget_ms"].is_u64() && t["nodes"].is_u64());
        assert!(t["score"].is_number());
    }
    let last_thinking = seen.iter().rposition(|m| m["type"] == "thinking").unwrap();
    assert!(last_thinking > first_state && last_thinking < seen.len() - 1);
    drop(s);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oracle_reports_every_move_and_stops_on_request() {
    let s = tokio::task::spawn_blocking(|| Server::start(&[]))
        .await
        .unwrap();
    let g = s.create(json!({ "variant": "fourfold", "mode": "local" }));
    let id = g["id"].as_str().unwrap().to_string();
    let legal = g["legal_moves"].as_array().unwrap().len();
    let mut socket = connect(&s, &id).await;
    assert_eq!(next_json(&mut socket).await["type"], "state");
    let id2 = id.clone();
    let s = tokio::task::spawn_blocking(move || {
        let r = s.post(
            &format!("/api/games/{id2}/oracle"),
            json!({ "budget_ms": 500 }),
        );
        assert_eq!(r.status, 202, "{}", r.body);
        s
    })
    .await
    .unwrap();
    let seen = read_until(&mut socket, |m| m["type"] == "oracle" && m["done"] == true).await;
    let done = seen.last().unwrap();
    let moves = done["moves"].as_array().unwrap();
    assert_eq!(moves.len(), legal);
    for m in moves {
        assert!(m["token"].is_string() && m["notation"].is_string());
        assert!(m["score"].is_number() && m["depth"].is_u64());
        let tag = m["tag"].as_str().unwrap();
        assert!([
            "eval",
            "mate",
            "mated",
            "draw-repetition",
            "allows-repetition"
        ]
        .contains(&tag));
    }
    let id2 = id.clone();
    let s = tokio::task::spawn_blocking(move || {
        let r = s.request("DELETE", &format!("/api/games/{id2}/oracle"), None);
        assert_eq!(r.status, 204);
        assert_eq!(s.game(&id2)["oracle"], false);
        s
    })
    .await
    .unwrap();
    drop(s);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_for_an_unknown_game_is_refused() {
    let s = tokio::task::spawn_blocking(|| Server::start(&[]))
        .await
        .unwrap();
    let url = format!("ws://{}/api/games/nope/ws", s.addr);
    let Err(err) = tokio_tungstenite::connect_async(url).await else {
        panic!("the socket was accepted");
    };
    assert!(err.to_string().contains("404"), "{err}");
    drop(s);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_oracle_stays_on_duty_at_each_of_the_players_turns() {
    let s = tokio::task::spawn_blocking(|| Server::start(&[]))
        .await
        .unwrap();
    let g = s.create(json!({ "variant": "stacked", "level": 1 }));
    let id = g["id"].as_str().unwrap().to_string();
    let mut socket = connect(&s, &id).await;
    assert_eq!(next_json(&mut socket).await["type"], "state");
    let (id2, token) = (id.clone(), first_move(&g));
    let s = tokio::task::spawn_blocking(move || {
        let r = s.post(
            &format!("/api/games/{id2}/oracle"),
            json!({ "budget_ms": 300 }),
        );
        assert_eq!(r.status, 202, "{}", r.body);
        s
    })
    .await
    .unwrap();
    read_until(&mut socket, |m| m["type"] == "oracle" && m["done"] == true).await;
    let id2 = id.clone();
    let s = tokio::task::spawn_blocking(move || {
        assert_eq!(s.play(&id2, &token)["oracle"], true);
        s
    })
    .await
    .unwrap();
    // The computer replies; then the Oracle looks at the player's new position by itself.
    let seen = read_until(&mut socket, |m| m["type"] == "oracle" && m["done"] == true).await;
    let reply = seen
        .iter()
        .position(|m| m["type"] == "update" && m["game"]["ply"] == 2)
        .expect("the computer's reply comes before the new report");
    let legal: Vec<Value> = seen[reply]["game"]["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["token"].clone())
        .collect();
    let reported: Vec<Value> = seen.last().unwrap()["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["token"].clone())
        .collect();
    assert_eq!(reported.len(), legal.len());
    assert!(reported.iter().all(|t| legal.contains(t)));
    drop(s);
}

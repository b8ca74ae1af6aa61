//! Analysis boards: opened from a game's ply, a record's ply or a position string; the
//! engine's lines streamed on the board's socket; a side line that never touches the
//! game; refusals for a running online game's players; the bounds.

mod server_common;

use futures_util::StreamExt;
use serde_json::{json, Value};
use server_common::{first_move, new_player, Server};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(s: &Server, id: &str) -> Socket {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut url = format!("ws://{}/api/analysis/{id}/ws", s.addr)
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

/// Reads until a message satisfies `done`; returns it.
async fn read_until(socket: &mut Socket, done: impl Fn(&Value) -> bool) -> Value {
    loop {
        let m = next_json(socket).await;
        if done(&m) {
            return m;
        }
    }
}

/// Runs blocking HTTP calls off the test's runtime.
async fn off<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    tokio::task::spawn_blocking(f).await.unwrap()
}

fn open(s: &Server, body: Value) -> Value {
    let r = s.post("/api/analysis", body);
    assert_eq!(r.status, 201, "{}", r.body);
    r.json()
}

fn local_fourfold(s: &Server) -> Value {
    s.create(json!({"variant": "fourfold", "mode": "local"}))
}

/// Polls the board until `done`, at most a minute.
fn wait_board(s: &Server, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let b = s.get(&format!("/api/analysis/{id}")).json();
        if done(&b) {
            return b;
        }
        assert!(Instant::now() < deadline, "never: {b}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_on_a_games_ply_streams_several_lines_and_its_side_line_leaves_the_game_alone() {
    let s = std::sync::Arc::new(off(|| Server::start(&[])).await);
    let s2 = s.clone();
    let (game, board) = off(move || {
        let g = local_fourfold(&s2);
        let id = g["id"].as_str().unwrap().to_string();
        let g = s2.play(&id, &first_move(&g));
        let g = s2.play(&id, &first_move(&g));
        let board = open(&s2, json!({"game": id, "ply": 1, "lines": 3}));
        (g, board)
    })
    .await;
    let game_id = game["id"].as_str().unwrap().to_string();
    let id = board["id"].as_str().unwrap().to_string();
    assert_eq!(
        board["source"],
        json!({"kind": "game", "game": game_id, "ply": 1})
    );
    assert_eq!(board["ply"], 1);
    assert_eq!(board["side_line_from"], 1);
    assert_eq!(board["history"][0]["token"], game["history"][0]["token"]);
    assert_eq!(board["turn"], "black");
    assert_eq!(board["lines"], 3);
    assert_eq!(board["engine_running"], false);
    assert!(!board["legal_moves"].as_array().unwrap().is_empty());

    let mut socket = connect(&s, &id).await;
    let first = next_json(&mut socket).await;
    assert_eq!(first["type"], "analysis");
    assert_eq!(first["analysis"]["id"], id.as_str());
    let (s2, id2) = (s.clone(), id.clone());
    let on = off(move || s2.post(&format!("/api/analysis/{id2}/engine"), json!({}))).await;
    assert_eq!(on.status, 200, "{}", on.body);
    assert_eq!(on.json()["engine_running"], true);
    // Lines stream depth after depth: three, each from its own first move, best first
    // for Black (the side to move), each with notation for every move.
    let mut depths = Vec::new();
    let mut last = Value::Null;
    while depths.len() < 3 {
        let m = read_until(&mut socket, |m| m["type"] == "lines").await;
        assert_eq!(m["serial"], board["serial"]);
        let lines = m["lines"].as_array().unwrap().clone();
        assert_eq!(lines.len(), 3, "{m}");
        let firsts: std::collections::HashSet<&str> =
            lines.iter().map(|l| l["pv"][0].as_str().unwrap()).collect();
        assert_eq!(firsts.len(), 3, "{m}");
        for pair in lines.windows(2) {
            assert!(
                pair[0]["score"].as_f64() <= pair[1]["score"].as_f64(),
                "{m}"
            );
        }
        for l in &lines {
            assert_eq!(
                l["notation"].as_array().unwrap().len(),
                l["pv"].as_array().unwrap().len()
            );
        }
        depths.push(m["depth"].as_u64().unwrap());
        last = m;
    }
    assert!(depths.windows(2).all(|d| d[0] < d[1]), "{depths:?}");

    // The first line's first move, played on the side line.
    let mv = last["lines"][0]["pv"][0].as_str().unwrap().to_string();
    let (s2, id2, mv2) = (s.clone(), id.clone(), mv.clone());
    let after =
        off(move || s2.post(&format!("/api/analysis/{id2}/moves"), json!({"move": mv2}))).await;
    assert_eq!(after.status, 200, "{}", after.body);
    let after = after.json();
    assert_eq!(after["ply"], 2);
    assert_eq!(after["history"][1]["token"], mv.as_str());
    assert_eq!(after["side_line_from"], 1);
    let serial = after["serial"].clone();
    assert_ne!(serial, board["serial"]);
    // The engine goes on with the new position.
    let m = read_until(&mut socket, |m| {
        m["type"] == "lines" && m["serial"] == serial
    })
    .await;
    assert_eq!(m["lines"].as_array().unwrap().len(), 3);

    // The game is as it was.
    let (s2, g2) = (s.clone(), game_id.clone());
    let now = off(move || s2.game(&g2)).await;
    assert_eq!(now["ply"], 2);
    let tokens = |g: &Value| -> Vec<Value> {
        g["history"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["token"].clone())
            .collect()
    };
    assert_eq!(tokens(&now), tokens(&game));
    assert_eq!(now["position"], game["position"]);

    // Back one move, then start over: the board's own position again.
    let (s2, id2) = (s.clone(), id.clone());
    let (back, over, stopped) = off(move || {
        let back = s2
            .post(&format!("/api/analysis/{id2}/back"), json!({}))
            .json();
        let over = s2.post(&format!("/api/analysis/{id2}/back"), json!({"to": 0}));
        let stopped = s2.request("DELETE", &format!("/api/analysis/{id2}/engine"), None);
        (back, over, stopped)
    })
    .await;
    assert_eq!(back["ply"], 1);
    assert_eq!(back["position"], board["position"]);
    assert_eq!(over.status, 200, "{}", over.body);
    assert_eq!(over.json()["ply"], 1);
    assert_eq!(stopped.status, 200);
    assert_eq!(stopped.json()["engine_running"], false);
    assert_eq!(stopped.json()["engine_on"], false);
    let (s2, id2) = (s.clone(), id.clone());
    let nothing = off(move || s2.post(&format!("/api/analysis/{id2}/back"), json!({}))).await;
    assert_eq!(nothing.status, 409);
    assert_eq!(nothing.code(), "nothing_to_take_back");
}

#[test]
fn boards_open_on_a_records_ply_and_on_a_position_string() {
    let s = Server::start(&[]);
    let g = local_fourfold(&s);
    let id = g["id"].as_str().unwrap().to_string();
    let g = s.play(&id, &first_move(&g));
    s.play(&id, &first_move(&g));
    let record = s.get(&format!("/api/games/{id}/record")).body;
    let board = open(&s, json!({"record": record, "record_ply": 1}));
    assert_eq!(
        board["source"],
        json!({"kind": "record", "game": null, "ply": 1})
    );
    let past = s.get(&format!("/api/games/{id}/positions/1")).json();
    assert_eq!(board["position"], past["position"]);
    assert_eq!(board["lines"], 3);

    let board = open(
        &s,
        json!({"variant": "fourfold", "position": past["position"], "lines": 2}),
    );
    assert_eq!(board["source"]["kind"], "position");
    assert_eq!(board["position"], past["position"]);
    assert_eq!(board["ply"], 0);
    assert_eq!(board["lines"], 2);
    let start = open(&s, json!({"variant": "trid", "rules": "meder"}));
    assert_eq!(start["rules"], "meder");

    let refused = |body: Value, code: &str, says: &str| {
        let r = s.post("/api/analysis", body.clone());
        assert_eq!(r.status, 400, "{body}: {}", r.body);
        assert_eq!(r.code(), code, "{}", r.body);
        assert!(
            r.json()["error"]["message"]
                .as_str()
                .unwrap()
                .contains(says),
            "{}",
            r.body
        );
    };
    refused(
        json!({"variant": "fourfold", "position": "8/8 w"}),
        "bad_position",
        "8/8 w",
    );
    refused(
        json!({"record": "[Variant \"fourfold\"]\n\n1. zz9"}),
        "bad_record",
        "zz9",
    );
    refused(
        json!({"game": id, "ply": 9}),
        "bad_request",
        "only 2 half-moves",
    );
    refused(
        json!({"game": id, "record": record}),
        "bad_request",
        "exactly one of",
    );
    refused(json!({}), "bad_request", "exactly one of");
    refused(
        json!({"variant": "fourfold", "lines": 0}),
        "bad_request",
        "\"lines\" must be 1 to 8",
    );
    refused(
        json!({"variant": "fourfold", "lines": 9}),
        "bad_request",
        "not 9",
    );
    refused(json!({"variant": "chess"}), "bad_setup", "chess");
    let unknown = s.post("/api/analysis", json!({"game": "0".repeat(32)}));
    assert_eq!(unknown.status, 404);
}

#[test]
fn a_running_online_game_is_refused_to_everyone_until_it_ends() {
    let s = Server::start(&[]);
    let g = s.create(json!({"variant": "fourfold", "mode": "online"}));
    let id = g["id"].as_str().unwrap().to_string();
    let friend = new_player();
    let joined = s.post_as(&friend, g["invite"].as_str().unwrap(), json!({}));
    assert_eq!(joined.status, 200, "{}", joined.body);
    for player in [s.player.clone(), friend.clone()] {
        let r = s.post_as(&player, "/api/analysis", json!({"game": id}));
        assert_eq!(r.status, 409, "{}", r.body);
        assert_eq!(r.code(), "no_engine_help");
        assert!(r.body.contains("while it runs"), "{}", r.body);
    }
    // Nor from its position string or its record, nor by reaching its position on a
    // side line.
    let first = first_move(&s.game(&id));
    s.play(&id, &first);
    let position = s.game(&id)["position"].clone();
    let record = s.get(&format!("/api/games/{id}/record")).body;
    for body in [
        json!({"variant": "fourfold", "position": position}),
        json!({"record": record}),
    ] {
        let r = s.post_as(&friend, "/api/analysis", body);
        assert_eq!(r.status, 409, "{}", r.body);
        assert_eq!(r.code(), "no_engine_help");
    }
    let start = s.post_as(&friend, "/api/analysis", json!({"variant": "fourfold"}));
    assert_eq!(
        start.status, 201,
        "the start is no longer the game's position: {}",
        start.body
    );
    let board = start.json()["id"].as_str().unwrap().to_string();
    let r = s.post_as(
        &friend,
        &format!("/api/analysis/{board}/moves"),
        json!({"move": first}),
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(r.code(), "no_engine_help");
    let b = s
        .request_as(&friend, "GET", &format!("/api/analysis/{board}"), None)
        .json();
    assert_eq!(b["ply"], 0, "the refused move is not on the side line");
    // Nor for anyone else (a player's second id is as much help).
    let watcher = new_player();
    let r = s.post_as(&watcher, "/api/analysis", json!({"game": id}));
    assert_eq!(
        (r.status, r.code()),
        (409, "no_engine_help".into()),
        "{}",
        r.body
    );
    let r = s.post_as(&watcher, "/api/analysis", json!({"game": id, "ply": 0}));
    assert_eq!(
        (r.status, r.code()),
        (409, "no_engine_help".into()),
        "{}",
        r.body
    );
    let r = s.post(&format!("/api/games/{id}/resign"), json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    // Over: both may analyse it, from any ply.
    assert_eq!(
        s.post("/api/analysis", json!({"game": id, "ply": 0}))
            .status,
        201
    );
    assert_eq!(
        s.post_as(&friend, "/api/analysis", json!({"game": id}))
            .status,
        201
    );
}

#[test]
fn boards_belong_to_their_player_and_are_bounded() {
    let s = Server::start(&[
        "--analyses-per-player",
        "2",
        "--analysis-engine-seconds",
        "1",
        "--max-searches",
        "1",
    ]);
    let a = open(&s, json!({"variant": "fourfold"}));
    let b = open(&s, json!({"variant": "stacked"}));
    let (a, b) = (a["id"].as_str().unwrap(), b["id"].as_str().unwrap());
    let third = s.post("/api/analysis", json!({"variant": "fourfold"}));
    assert_eq!(third.status, 429, "{}", third.body);
    assert!(third.header("retry-after").is_some());
    assert!(third.body.contains("at most 2"), "{}", third.body);

    // Another player's board is not theirs.
    let stranger = new_player();
    let r = s.request_as(&stranger, "GET", &format!("/api/analysis/{a}"), None);
    assert_eq!(r.status, 403);
    assert_eq!(r.code(), "not_your_analysis");
    let r = s.post_as(&stranger, &format!("/api/analysis/{a}/engine"), json!({}));
    assert_eq!(r.status, 403);
    assert_eq!(
        s.get(&format!("/api/analysis/{}", "f".repeat(32))).code(),
        "unknown_analysis"
    );

    // One search at a time on this server: the second board waits its turn.
    let on = s.post(&format!("/api/analysis/{a}/engine"), json!({"lines": 2}));
    assert_eq!(on.status, 200, "{}", on.body);
    let busy = s.post(&format!("/api/analysis/{b}/engine"), json!({}));
    assert_eq!(busy.status, 429, "{}", busy.body);
    assert!(busy.body.contains("maximum of 1"), "{}", busy.body);
    // The board's one engine second runs out: the run ends by itself, and no other starts.
    let rested = wait_board(&s, a, |v| v["engine_running"] == false);
    assert_eq!(rested["engine_seconds_left"], 0.0);
    let spent = s.post(&format!("/api/analysis/{a}/engine"), json!({}));
    assert_eq!(spent.status, 429, "{}", spent.body);
    assert!(
        spent.body.contains("used its 1 engine seconds"),
        "{}",
        spent.body
    );
    let spent = s.post(&format!("/api/analysis/{a}/oracle"), json!({}));
    assert_eq!(spent.status, 429, "{}", spent.body);
    // The permit came back: the other board's engine starts (after its thread ended).
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let r = s.post(&format!("/api/analysis/{b}/engine"), json!({}));
        if r.status == 200 {
            break;
        }
        assert_eq!(r.status, 429, "{}", r.body);
        assert!(Instant::now() < deadline, "{}", r.body);
        std::thread::sleep(Duration::from_millis(20));
    }
    // Bad bodies name the field.
    let r = s.post(&format!("/api/analysis/{b}/moves"), json!({"move": "zz"}));
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("zz"), "{}", r.body);
    let r = s.post(&format!("/api/analysis/{b}/back"), json!({"to": 3}));
    assert_eq!(r.status, 400);
    assert!(
        r.body.contains("is 3, but the side line has 0 moves"),
        "{}",
        r.body
    );

    // Closing frees a place.
    assert_eq!(
        s.request("DELETE", &format!("/api/analysis/{a}"), None)
            .status,
        204
    );
    assert_eq!(s.get(&format!("/api/analysis/{a}")).status, 404);
    assert_eq!(
        s.post("/api/analysis", json!({"variant": "fourfold"}))
            .status,
        201
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_oracle_reports_on_the_boards_position_and_its_budget_counts() {
    let s = std::sync::Arc::new(off(|| Server::start(&[])).await);
    let s2 = s.clone();
    let board = off(move || open(&s2, json!({"variant": "fourfold"}))).await;
    let id = board["id"].as_str().unwrap().to_string();
    let legal: std::collections::HashSet<String> = board["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["token"].as_str().unwrap().to_string())
        .collect();
    let mut socket = connect(&s, &id).await;
    let (s2, id2) = (s.clone(), id.clone());
    let on = off(move || {
        s2.post(
            &format!("/api/analysis/{id2}/oracle"),
            json!({"budget_ms": 2000}),
        )
    })
    .await;
    assert_eq!(on.status, 200, "{}", on.body);
    assert_eq!(on.json()["oracle"], true);
    // The Oracle's whole budget counts against the board's engine seconds.
    assert_eq!(on.json()["engine_seconds_left"], 598.0);
    let report = read_until(&mut socket, |m| m["type"] == "oracle" && m["done"] == true).await;
    let moves = report["moves"].as_array().unwrap();
    assert_eq!(moves.len(), legal.len(), "every legal move is scored");
    assert!(moves
        .iter()
        .all(|m| legal.contains(m["token"].as_str().unwrap())));
    let (s2, id2) = (s.clone(), id.clone());
    let off_ =
        off(move || s2.request("DELETE", &format!("/api/analysis/{id2}/oracle"), None)).await;
    assert_eq!(off_.status, 200);
    assert_eq!(off_.json()["oracle"], false);
    let r = s.post(
        &format!("/api/analysis/{id}/oracle"),
        json!({"budget_ms": 5}),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("budget_ms"), "{}", r.body);
}

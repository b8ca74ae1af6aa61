//! The time rules of online games: a side that makes no first move in time aborts the
//! game (no winner, no loser); a player whose opponent has had no socket on the game
//! for a while may claim the win or a draw. The server's times are set small here
//! (`--first-move-ms`, `--gone-ms`); the tests wait for what happens, never for how fast.

mod server_common;

use futures_util::StreamExt;
use serde_json::{json, Value};
use server_common::{first_move, new_player, Server};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

struct Online {
    id: String,
    white: String,
    black: String,
}

/// An online game of the server's player (White) that another player (Black) joined.
fn start_online(s: &Server) -> (Online, Value) {
    let g = s.create(json!({ "variant": "fourfold", "mode": "online", "human": "white" }));
    let black = new_player();
    let joined = s.post_as(&black, g["invite"].as_str().unwrap(), json!({}));
    assert_eq!(joined.status, 200, "{}", joined.body);
    let online = Online {
        id: g["id"].as_str().unwrap().to_string(),
        white: s.player.clone(),
        black,
    };
    (online, joined.json())
}

fn path(g: &Online, p: &str) -> String {
    format!("/api/games/{}{p}", g.id)
}

/// Plays the first legal move as `player`.
fn play_as(s: &Server, player: &str, g: &Online) -> Value {
    let view = s.request_as(player, "GET", &path(g, ""), None).json();
    let r = s.post_as(
        player,
        &path(g, "/moves"),
        json!({ "move": first_move(&view) }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

/// Polls the game (as `player`) until `done`, for at most a minute.
fn wait_for(s: &Server, player: &str, g: &Online, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let v = s.request_as(player, "GET", &path(g, ""), None).json();
        if done(&v) {
            return v;
        }
        assert!(Instant::now() < deadline, "never happened: {v}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

async fn connect(s: &Server, id: &str, player: &str) -> Socket {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = format!("ws://{}/api/games/{id}/ws", s.addr)
        .into_client_request()
        .unwrap();
    req.headers_mut()
        .insert("Authorization", format!("Bearer {player}").parse().unwrap());
    tokio_tungstenite::connect_async(req)
        .await
        .expect("connect")
        .0
}

/// Reads messages until a state or update whose game satisfies `done`.
async fn read_until(socket: &mut Socket, done: impl Fn(&Value) -> bool) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(60), socket.next())
            .await
            .expect("a message in time")
            .expect("the socket stays open")
            .expect("a frame");
        if let Message::Text(t) = msg {
            let m: Value = serde_json::from_str(&t).unwrap();
            if matches!(m["type"].as_str(), Some("state" | "update")) && done(&m["game"]) {
                return m["game"].clone();
            }
        }
    }
}

fn aborted(v: &Value) -> bool {
    v["result"]["reason"] == "aborted"
}

#[test]
fn each_side_has_its_time_for_a_first_move_and_the_count_starts_with_both_seated() {
    // The default times (30 s): nothing here waits for them.
    let s = Server::start(&[]);
    let waiting = s.create(json!({ "variant": "fourfold", "mode": "online" }));
    assert_eq!(
        waiting["abort_in_ms"],
        Value::Null,
        "no count before the friend comes"
    );
    let (g, joined) = start_online(&s);
    let left = joined["abort_in_ms"].as_u64().expect("White's count runs");
    assert!(left <= 30_000, "{left}");
    let after_white = play_as(&s, &g.white, &g);
    let left = after_white["abort_in_ms"]
        .as_u64()
        .expect("Black's count runs");
    assert!(left <= 30_000, "{left}");
    let after_black = play_as(&s, &g.black, &g);
    assert_eq!(after_black["abort_in_ms"], Value::Null, "both have moved");
    assert_eq!(after_black["status"], "in-progress");
    // Games against the computer or on one device never abort.
    let local = s.create(json!({ "variant": "fourfold", "mode": "local" }));
    assert_eq!(local["abort_in_ms"], Value::Null);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_side_without_a_first_move_in_time_aborts_the_game_for_players_and_watchers() {
    let (s, g) = tokio::task::spawn_blocking(|| {
        let s = Server::start(&["--first-move-ms", "400"]);
        let (g, _) = start_online(&s);
        (s, g)
    })
    .await
    .unwrap();
    let mut white = connect(&s, &g.id, &g.white).await;
    let mut watcher = connect(&s, &g.id, &new_player()).await;
    let seen_by_white = read_until(&mut white, aborted).await;
    let seen_by_watcher = read_until(&mut watcher, aborted).await;
    for v in [&seen_by_white, &seen_by_watcher] {
        assert_eq!(v["status"], "over");
        assert_eq!(v["result"]["winner"], Value::Null);
        assert_eq!(v["result"]["text"], "*");
        assert_eq!(
            v["result"]["description"],
            "Game aborted: nobody wins or loses"
        );
        assert_eq!(v["abort_in_ms"], Value::Null);
    }
    let s = tokio::task::spawn_blocking(move || {
        // Nothing more happens in it, and the list of games says so.
        let r = s.post_as(&g.white, &path(&g, "/moves"), json!({ "move": "x" }));
        assert_eq!(r.code(), "game_over", "{}", r.body);
        let r = s.post_as(&g.white, &path(&g, "/takeback"), json!({}));
        assert_eq!(r.code(), "game_over", "an abort is final: {}", r.body);
        let mine = s.request_as(&g.black, "GET", "/api/games", None).json();
        assert_eq!(mine["games"][0]["result"]["reason"], "aborted");
        assert_eq!(mine["games"][0]["status"], "over");
        // The record has no result.
        let record = s.get(&path(&g, "/record")).body;
        assert!(record.contains("[Result \"*\"]"), "{record}");
        assert!(record.contains("[Termination \"aborted\"]"), "{record}");
        s
    })
    .await
    .unwrap();
    drop(s);
}

#[test]
fn a_game_waiting_for_a_first_move_aborts_after_a_restart_too() {
    let mut s = Server::start(&["--first-move-ms", "60000"]);
    let (g, _) = start_online(&s);
    play_as(&s, &g.white, &g);
    // Down before Black moved; back with a short first-move time: the server resumes
    // the game by itself and Black's time runs out.
    s.restart_with(&["--first-move-ms", "300"]);
    let v = wait_for(&s, &g.white, &g, aborted);
    assert_eq!(v["ply"], 1);
    assert_eq!(v["result"]["winner"], Value::Null);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_whose_opponent_has_gone_may_claim_the_win() {
    let (s, g) = tokio::task::spawn_blocking(|| {
        let s = Server::start(&["--gone-ms", "300"]);
        let (g, _) = start_online(&s);
        (s, g)
    })
    .await
    .unwrap();
    let mut white = connect(&s, &g.id, &g.white).await;
    let mut black = connect(&s, &g.id, &g.black).await;
    let both = read_until(&mut white, |v| {
        v["seats"]["white"]["connected"] == true && v["seats"]["black"]["connected"] == true
    })
    .await;
    assert_eq!(both["seats"]["black"]["gone"], false);
    let s = tokio::task::spawn_blocking({
        let g = (g.id.clone(), g.white.clone(), g.black.clone());
        move || {
            let g = Online {
                id: g.0,
                white: g.1,
                black: g.2,
            };
            // Before both have moved there is nothing to claim (the game would abort).
            let r = s.post_as(&g.white, &path(&g, "/claim"), json!({ "result": "win" }));
            assert_eq!((r.status, r.code()), (409, "no_claim".into()), "{}", r.body);
            assert!(r.body.contains("not begun"), "{}", r.body);
            play_as(&s, &g.white, &g);
            play_as(&s, &g.black, &g);
            // Black is there: no claim.
            let r = s.post_as(&g.white, &path(&g, "/claim"), json!({ "result": "win" }));
            assert_eq!(r.code(), "no_claim");
            assert!(r.body.contains("black is connected"), "{}", r.body);
            s
        }
    })
    .await
    .unwrap();
    // Black's socket goes; White sees Black disconnected, then gone.
    black.close(None).await.unwrap();
    drop(black);
    let away = read_until(&mut white, |v| v["seats"]["black"]["connected"] == false).await;
    assert_eq!(away["seats"]["white"]["connected"], true);
    let gone = read_until(&mut white, |v| v["seats"]["black"]["gone"] == true).await;
    assert_eq!(gone["seats"]["white"]["gone"], false, "White is there");
    let mut watcher = connect(&s, &g.id, &new_player()).await;
    read_until(&mut watcher, |v| v["seats"]["black"]["gone"] == true).await;
    let s = tokio::task::spawn_blocking({
        let g = (g.id.clone(), g.white.clone(), g.black.clone());
        move || {
            let g = Online {
                id: g.0,
                white: g.1,
                black: g.2,
            };
            // Only a seat holder claims, and only against the one who is gone.
            let r = s.post_as(
                &new_player(),
                &path(&g, "/claim"),
                json!({ "result": "win" }),
            );
            assert_eq!(r.code(), "not_your_seat");
            let r = s.post_as(&g.black, &path(&g, "/claim"), json!({ "result": "win" }));
            assert!(r.body.contains("white is connected"), "{}", r.body);
            let r = s.post_as(&g.white, &path(&g, "/claim"), json!({ "result": "all" }));
            assert_eq!(r.code(), "bad_request");
            assert!(
                r.body.contains("\\\"result\\\"") && r.body.contains("all"),
                "{}",
                r.body
            );
            let r = s.post_as(&g.white, &path(&g, "/claim"), json!({ "result": "win" }));
            assert_eq!(r.status, 200, "{}", r.body);
            let v = r.json();
            assert_eq!(v["result"]["reason"], "abandoned");
            assert_eq!(v["result"]["winner"], "white");
            assert_eq!(
                v["result"]["description"],
                "White wins: Black left the game"
            );
            let again = s.post_as(&g.white, &path(&g, "/claim"), json!({ "result": "win" }));
            assert_eq!(again.code(), "game_over");
            s
        }
    })
    .await
    .unwrap();
    let end = read_until(&mut watcher, |v| v["status"] == "over").await;
    assert_eq!(end["result"]["reason"], "abandoned");
    drop(s);
}

#[test]
fn a_player_may_claim_a_draw_instead_and_only_in_online_games() {
    let s = Server::start(&["--gone-ms", "200"]);
    let (g, _) = start_online(&s);
    play_as(&s, &g.white, &g);
    play_as(&s, &g.black, &g);
    // Neither has a socket: each is gone once the time has passed since the game
    // was loaded. Black claims a draw.
    wait_for(&s, &g.black, &g, |v| v["seats"]["white"]["gone"] == true);
    let r = s.post_as(&g.black, &path(&g, "/claim"), json!({ "result": "draw" }));
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["result"]["reason"], "abandoned");
    assert_eq!(v["result"]["winner"], Value::Null);
    assert_eq!(v["result"]["text"], "1/2-1/2");
    assert_eq!(v["seats"]["white"]["gone"], false, "over: nobody is gone");
    let computer = s.create(json!({ "variant": "fourfold", "level": 1 }));
    let r = s.post(
        &format!("/api/games/{}/claim", computer["id"].as_str().unwrap()),
        json!({ "result": "win" }),
    );
    assert_eq!((r.status, r.code()), (409, "no_claim".into()));
}

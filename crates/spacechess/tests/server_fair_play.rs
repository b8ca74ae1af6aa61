//! Issue 34's attacks on online games, each written as the attack: a player who fills
//! the game's sockets to keep the opponent out and then claims the game as abandoned,
//! and a socket whose client has silently vanished.

mod server_common;

use futures_util::StreamExt;
use serde_json::{json, Value};
use server_common::{first_move, new_player, Server};
use std::time::Duration;
use tokio_tungstenite::tungstenite::{self, Message};

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn socket(s: &Server, id: &str, player: Option<&str>) -> Result<Socket, tungstenite::Error> {
    use tungstenite::client::IntoClientRequest;
    let mut req = format!("ws://{}/api/games/{id}/ws", s.addr)
        .into_client_request()
        .unwrap();
    if let Some(p) = player {
        req.headers_mut()
            .insert("Authorization", format!("Bearer {p}").parse().unwrap());
    }
    tokio_tungstenite::connect_async(req).await.map(|(s, _)| s)
}

/// A stranger's socket from another loopback address.
async fn socket_from(s: &Server, id: &str, ip: &str) -> Result<Socket, tungstenite::Error> {
    let tcp = tokio::net::TcpSocket::new_v4().unwrap();
    tcp.bind(format!("{ip}:0").parse().unwrap()).unwrap();
    let stream = tcp.connect(s.addr).await.unwrap();
    let url = format!("ws://{}/api/games/{id}/ws", s.addr);
    tokio_tungstenite::client_async(url, tokio_tungstenite::MaybeTlsStream::Plain(stream))
        .await
        .map(|(s, _)| s)
}

/// An online game (White: the server's player, Black: `black`) after both first moves.
fn started(s: &Server) -> (String, String) {
    let g = s.create(json!({ "variant": "fourfold", "mode": "online", "human": "white" }));
    let id = g["id"].as_str().unwrap().to_string();
    let black = new_player();
    let r = s.post_as(&black, g["invite"].as_str().unwrap(), json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    for p in [s.player.clone(), black.clone()] {
        let view = s
            .request_as(&p, "GET", &format!("/api/games/{id}"), None)
            .json();
        let r = s.post_as(
            &p,
            &format!("/api/games/{id}/moves"),
            json!({ "move": first_move(&view) }),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    (id, black)
}

/// Opens sockets as `player` until one is refused (at most `most`); returns the open ones.
async fn fill(s: &Server, id: &str, player: &str, most: usize) -> Vec<Socket> {
    let mut open = Vec::new();
    while open.len() < most {
        match socket(s, id, Some(player)).await {
            Ok(sock) => open.push(sock),
            Err(_) => break,
        }
    }
    open
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_fills_the_game_with_sockets_cannot_lock_the_opponent_out_and_claim() {
    let (s, id, black) = tokio::task::spawn_blocking(|| {
        let s = Server::start(&["--gone-ms", "1500"]);
        let (id, black) = started(&s);
        (s, id, black)
    })
    .await
    .unwrap();
    let black_socket = socket(&s, &id, Some(&black)).await.unwrap();
    // White takes every socket the server gives, as many as the game's cap.
    let mut white = fill(&s, &id, &s.player, 40).await;
    assert!(white.len() < 40, "no cap at all");
    // Black's connection drops; White takes the freed place at once.
    drop(black_socket);
    tokio::time::sleep(Duration::from_millis(300)).await;
    white.extend(fill(&s, &id, &s.player, 40).await);
    // Black comes back (say from two tabs): always let in.
    let mut back = Vec::new();
    for _ in 0..2 {
        back.push(
            socket(&s, &id, Some(&black))
                .await
                .expect("the seat holder's reconnect is refused"),
        );
    }
    // A watcher from another address still finds room beside White's sockets (one
    // address holds only a share).
    let watcher = socket_from(&s, &id, "127.0.0.2").await;
    assert!(
        watcher.is_ok(),
        "White's address filled the game: {watcher:?}"
    );
    // Past the absence time White cannot claim: Black is there.
    tokio::time::sleep(Duration::from_millis(2000)).await;
    let s = tokio::task::spawn_blocking(move || {
        let r = s.post(
            &format!("/api/games/{id}/claim"),
            json!({ "result": "win" }),
        );
        assert_eq!((r.status, r.code()), (409, "no_claim".into()), "{}", r.body);
        assert!(r.body.contains("black is connected"), "{}", r.body);
        s
    })
    .await
    .unwrap();
    drop((white, back));
    let _ = tokio::task::spawn_blocking(move || drop(s)).await;
}

/// Reads until the socket ends; false if it is still open after `limit`.
async fn ends_within(socket: &mut Socket, limit: Duration) -> bool {
    tokio::time::timeout(limit, async {
        loop {
            match socket.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                Some(Ok(_)) => {}
            }
        }
    })
    .await
    .is_ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_whose_client_answers_no_ping_is_closed_and_a_live_one_stays() {
    let s = tokio::task::spawn_blocking(|| Server::start(&["--ws-ping-ms", "200"]))
        .await
        .unwrap();
    let g = s.create(json!({ "variant": "fourfold", "mode": "local" }));
    let id = g["id"].as_str().unwrap().to_string();
    // A client that vanished: its socket is never read, so no pong ever goes back.
    let mut silent = socket(&s, &id, None).await.unwrap();
    let mut live = socket(&s, &id, Some(&s.player)).await.unwrap();
    // The live one reads (answering pings) for well over two ping periods.
    assert!(
        !ends_within(&mut live, Duration::from_millis(1500)).await,
        "a client that answers pings was dropped"
    );
    assert!(
        ends_within(&mut silent, Duration::from_secs(5)).await,
        "a silent socket stayed open"
    );
    let seen: Value = s.get(&format!("/api/games/{id}")).json();
    assert_eq!(
        seen["watchers"], 0,
        "the closed socket still counts: {seen}"
    );
    let _ = tokio::task::spawn_blocking(move || drop(s)).await;
}

//! Bounds on what one player or address holds: unfinished games per player and per
//! address, watchers per game (players are never kept out by a crowd); each refusal is a
//! 429 with `Retry-After`.

mod server_common;

use serde_json::json;
use server_common::{new_player, Server};
use tokio_tungstenite::tungstenite;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

#[test]
fn unfinished_games_are_bounded_per_player_and_per_address() {
    let s = Server::start(&[
        "--open-games-per-player",
        "2",
        "--open-games-per-address",
        "3",
    ]);
    let local = json!({ "variant": "fourfold", "mode": "local" });
    let a = s.create(local.clone());
    s.create(local.clone());
    let r = s.post("/api/games", local.clone());
    assert_eq!(r.status, 429, "{}", r.body);
    assert_eq!(r.code(), "rate_limited");
    assert!(
        r.body.contains("this player") && r.body.contains('2'),
        "{}",
        r.body
    );
    assert!(r.header("retry-after").is_some());
    // Another player from the same address may open one more; then the address is full.
    let other = new_player();
    assert_eq!(s.post_as(&other, "/api/games", local.clone()).status, 201);
    let r = s.post_as(&new_player(), "/api/games", local.clone());
    assert_eq!(r.status, 429);
    assert!(r.body.contains("this address"), "{}", r.body);
    // A finished game no longer counts.
    let id = a["id"].as_str().unwrap();
    assert_eq!(
        s.post(&format!("/api/games/{id}/resign"), json!({})).status,
        200
    );
    assert_eq!(s.post("/api/games", local).status, 201);
}

async fn socket_as(s: &Server, id: &str, player: Option<&str>) -> Result<(), tungstenite::Error> {
    let mut req = format!("ws://{}/api/games/{id}/ws", s.addr)
        .into_client_request()
        .unwrap();
    if let Some(p) = player {
        req.headers_mut()
            .insert("Authorization", format!("Bearer {p}").parse().unwrap());
    }
    let (socket, _) = tokio_tungstenite::connect_async(req).await?;
    // Keep it open for the rest of the test.
    std::mem::forget(socket);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watchers_are_bounded_per_game_but_the_players_always_get_in() {
    let s = tokio::task::spawn_blocking(|| Server::start(&["--watchers-per-game", "2"]))
        .await
        .unwrap();
    let g = s.create(json!({ "variant": "fourfold", "mode": "local" }));
    let id = g["id"].as_str().unwrap();
    // Sockets without a player id are strangers, so they watch.
    socket_as(&s, id, None).await.unwrap();
    socket_as(&s, id, None).await.unwrap();
    match socket_as(&s, id, None).await {
        Err(tungstenite::Error::Http(r)) => {
            assert_eq!(r.status().as_u16(), 429);
            assert!(r.headers().get("retry-after").is_some());
        }
        other => panic!("a third watcher got in: {other:?}"),
    }
    socket_as(&s, id, Some(&s.player)).await.unwrap();
    socket_as(&s, id, Some(&s.player)).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn everyone_sees_how_many_watch() {
    use futures_util::StreamExt;
    let s = tokio::task::spawn_blocking(|| Server::start(&[]))
        .await
        .unwrap();
    let g = s.create(json!({ "variant": "fourfold", "mode": "local" }));
    let id = g["id"].as_str().unwrap().to_string();
    assert_eq!(g["watchers"], 0);
    let url = format!("ws://{}/api/games/{id}/ws", s.addr);
    let mut req = url.clone().into_client_request().unwrap();
    req.headers_mut().insert(
        "Authorization",
        format!("Bearer {}", s.player).parse().unwrap(),
    );
    let (mut player, _) = tokio_tungstenite::connect_async(req).await.unwrap();
    // The player's own socket is no watcher.
    let first: serde_json::Value = match player.next().await.unwrap().unwrap() {
        tungstenite::Message::Text(t) => serde_json::from_str(&t).unwrap(),
        other => panic!("{other:?}"),
    };
    assert_eq!(first["game"]["watchers"], 0);
    let (watcher, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let next: serde_json::Value = match player.next().await.unwrap().unwrap() {
        tungstenite::Message::Text(t) => serde_json::from_str(&t).unwrap(),
        other => panic!("{other:?}"),
    };
    assert_eq!(next["type"], "update");
    assert_eq!(next["game"]["watchers"], 1);
    drop(watcher);
    let left: serde_json::Value = match player.next().await.unwrap().unwrap() {
        tungstenite::Message::Text(t) => serde_json::from_str(&t).unwrap(),
        other => panic!("{other:?}"),
    };
    assert_eq!(left["game"]["watchers"], 0);
    let _ = tokio::task::spawn_blocking(move || drop(s)).await;
}

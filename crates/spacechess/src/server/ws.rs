//! The WebSocket of a game: a fresh `state` on connect, then every message the game
//! broadcasts (state, thinking, oracle, error). Clients need send nothing; a client that
//! falls behind gets a fresh `state` instead of the messages it missed.

use super::error::ApiError;
use super::routes::AppState;
use super::view;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::broadcast::Receiver;

pub async fn handler(
    ws: WebSocketUpgrade,
    State(svc): State<AppState>,
    Path(id): Path<String>,
) -> Response {
    let svc2 = Arc::clone(&svc);
    let id2 = id.clone();
    let subscribed = tokio::task::spawn_blocking(move || svc2.subscribe(&id2))
        .await
        .unwrap_or_else(|e| Err(ApiError::internal(e.to_string())));
    match subscribed {
        Err(e) => e.into_response(),
        Ok((rx, first)) => ws.on_upgrade(move |socket| stream(socket, rx, first, svc, id)),
    }
}

async fn stream(
    mut socket: WebSocket,
    mut rx: Receiver<Arc<str>>,
    first: String,
    svc: AppState,
    id: String,
) {
    if socket.send(Message::Text(first.into())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            msg = rx.recv() => {
                let text: String = match msg {
                    Ok(m) => m.to_string(),
                    Err(RecvError::Lagged(_)) => {
                        let svc = Arc::clone(&svc);
                        let id = id.clone();
                        match tokio::task::spawn_blocking(move || svc.view(&id)).await {
                            Ok(Ok(v)) => view::state_message(v),
                            _ => break,
                        }
                    }
                    Err(RecvError::Closed) => break,
                };
                if socket.send(Message::Text(text.into())).await.is_err() {
                    break;
                }
            }
            incoming = socket.recv() => match incoming {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                // Nothing is expected from the client; pings are answered by axum.
                Some(Ok(_)) => {}
            },
        }
    }
}

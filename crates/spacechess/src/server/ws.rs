//! The WebSocket of a game: a fresh `state` on connect, then every message the game
//! broadcasts (state, thinking, oracle, error). Clients need send nothing; a client that
//! falls behind gets a fresh `state` instead of the messages it missed.
//!
//! Since clients send nothing the server needs, what they may send is small: messages and
//! frames of at most [`SocketLimits::message_bytes`] (a larger one closes the socket).
//! Sockets are capped per game and per client address, and a client that stops reading
//! is dropped once one message has waited [`SocketLimits::send_timeout`] to go out.

use super::error::ApiError;
use super::limits::Counter;
use super::players::PlayerId;
use super::routes::AppState;
use super::view;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Extension, Path, State};
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::broadcast::Receiver;

/// The WebSocket limits, shared by every socket.
pub struct SocketLimits {
    pub message_bytes: usize,
    pub send_timeout: Duration,
    pub per_game: Arc<Counter<String>>,
    pub per_client: Arc<Counter<IpAddr>>,
    /// Sockets of watchers (not holding a seat) per game: a crowd never keeps the
    /// players out.
    pub watchers: Arc<Counter<String>>,
}

impl SocketLimits {
    pub fn new(
        message_bytes: usize,
        send_timeout: Duration,
        per_game: u32,
        per_client: u32,
        watchers: u32,
    ) -> Arc<SocketLimits> {
        Arc::new(SocketLimits {
            message_bytes,
            send_timeout,
            per_game: Counter::new(per_game),
            per_client: Counter::new(per_client),
            watchers: Counter::new(watchers),
        })
    }
}

pub async fn handler(
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
    State(svc): State<AppState>,
    Path(id): Path<String>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Extension(limits): Extension<Arc<SocketLimits>>,
    Extension(player): Extension<PlayerId>,
) -> Response {
    // Not a WebSocket request (no upgrade headers, a wrong version): the documented
    // JSON error rather than axum's plain text.
    let ws = match ws {
        Ok(ws) => ws,
        Err(e) => return ApiError::new(e.status(), "bad_request", e.body_text()).into_response(),
    };
    let Some(client_hold) = limits.per_client.try_hold(&addr.ip()) else {
        return ApiError::rate_limited(format!(
            "too many WebSockets open from this address (at most {})",
            limits.per_client.cap()
        ))
        .into_response();
    };
    let svc2 = Arc::clone(&svc);
    let id2 = id.clone();
    let player2 = player.clone();
    let subscribed = tokio::task::spawn_blocking(move || svc2.subscribe(&id2, &player2))
        .await
        .unwrap_or_else(|e| Err(ApiError::internal(e.to_string())));
    let (rx, first, seated) = match subscribed {
        Err(e) => return e.into_response(),
        Ok(s) => s,
    };
    let watcher_hold = if seated {
        None
    } else {
        match limits.watchers.try_hold(&id) {
            Some(h) => Some(h),
            None => {
                return ApiError::rate_limited(format!(
                    "too many people are watching this game (at most {})",
                    limits.watchers.cap()
                ))
                .into_response()
            }
        }
    };
    let Some(game_hold) = limits.per_game.try_hold(&id) else {
        return ApiError::rate_limited(format!(
            "too many WebSockets open on this game (at most {})",
            limits.per_game.cap()
        ))
        .into_response();
    };
    let send_timeout = limits.send_timeout;
    let watchers = Arc::clone(&limits.watchers);
    if watcher_hold.is_some() {
        count_watchers(&svc, &id, &watchers).await;
    }
    ws.max_message_size(limits.message_bytes)
        .max_frame_size(limits.message_bytes)
        .read_buffer_size(limits.message_bytes)
        .on_upgrade(move |socket| async move {
            // A seat holder's socket says they are there (absence.rs).
            if seated {
                presence(&svc, &id, &player, true).await;
            }
            stream(
                socket,
                rx,
                first,
                Arc::clone(&svc),
                id.clone(),
                player.clone(),
                send_timeout,
            )
            .await;
            if seated {
                presence(&svc, &id, &player, false).await;
            }
            let watched = watcher_hold.is_some();
            drop((client_hold, game_hold, watcher_hold));
            if watched {
                count_watchers(&svc, &id, &watchers).await;
            }
        })
}

/// Tells the game a seat holder's socket opened or closed.
async fn presence(svc: &AppState, id: &str, player: &PlayerId, opened: bool) {
    let svc = Arc::clone(svc);
    let id = id.to_string();
    let player = player.clone();
    let _ = tokio::task::spawn_blocking(move || svc.socket_presence(&id, &player, opened)).await;
}

/// Tells the game how many watch it now.
async fn count_watchers(svc: &AppState, id: &str, watchers: &Arc<Counter<String>>) {
    let n = watchers.held(&id.to_string());
    let svc = Arc::clone(svc);
    let id = id.to_string();
    let _ = tokio::task::spawn_blocking(move || svc.set_watchers(&id, n)).await;
}

async fn stream(
    mut socket: WebSocket,
    mut rx: Receiver<Arc<str>>,
    first: String,
    svc: AppState,
    id: String,
    player: PlayerId,
    send_timeout: Duration,
) {
    if !send(&mut socket, first, send_timeout).await {
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
                        let player = player.clone();
                        match tokio::task::spawn_blocking(move || svc.view(&id, &player)).await {
                            Ok(Ok(v)) => view::state_message(v),
                            _ => break,
                        }
                    }
                    Err(RecvError::Closed) => break,
                };
                if !send(&mut socket, text, send_timeout).await {
                    break;
                }
            }
            incoming = socket.recv() => match incoming {
                // A message over the size limit arrives as an error: the socket closes.
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                // Nothing is expected from the client; pings are answered by axum.
                Some(Ok(_)) => {}
            },
        }
    }
}

/// Sends one message; false when the socket failed or the client did not take it in time.
pub(super) async fn send(socket: &mut WebSocket, text: String, timeout: Duration) -> bool {
    matches!(
        tokio::time::timeout(timeout, socket.send(Message::Text(text.into()))).await,
        Ok(Ok(()))
    )
}

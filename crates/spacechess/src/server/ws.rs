//! The WebSocket of a game: a fresh `state` on connect, then every message the game
//! broadcasts (state, thinking, oracle, error). Clients need send nothing; a client that
//! falls behind gets a fresh `state` instead of the messages it missed.
//!
//! Since clients send nothing the server needs, what they may send is small: messages and
//! frames of at most [`SocketLimits::message_bytes`] (a larger one closes the socket).
//! Sockets are capped per game and per client address, and a client that stops reading
//! is dropped once one message has waited [`SocketLimits::send_timeout`] to go out.
//!
//! Each seat holder has [`SEAT_SOCKETS`] sockets on their game that count against no cap:
//! nobody, whatever they open, can keep a player off their own game (and then claim it
//! as abandoned). Every socket is pinged; one that answers nothing is closed.

use super::error::ApiError;
use super::limits::Counter;
use super::players::PlayerId;
use super::routes::AppState;
use super::share::share_of;
use super::view;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Extension, Path, State};
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::broadcast::Receiver;

/// Sockets each seat holder may always have on their game, outside every cap.
pub const SEAT_SOCKETS: u32 = 2;

/// The WebSocket limits, shared by every socket.
pub struct SocketLimits {
    pub message_bytes: usize,
    pub send_timeout: Duration,
    /// How often a socket is pinged; one that sent nothing since the previous ping is
    /// closed.
    pub ping_every: Duration,
    /// Sockets per game (or analysis board), beyond the seats' own.
    pub per_game: Arc<Counter<String>>,
    /// One address's share of a game's sockets, so that no address fills a game.
    pub per_game_address: Arc<Counter<(String, IpAddr)>>,
    pub per_client: Arc<Counter<IpAddr>>,
    /// Sockets of watchers (not holding a seat) per game: a crowd never keeps the
    /// players out.
    pub watchers: Arc<Counter<String>>,
    /// Each seat holder's own sockets on a game.
    pub seats: Arc<Counter<(String, PlayerId)>>,
}

impl SocketLimits {
    pub fn new(
        message_bytes: usize,
        send_timeout: Duration,
        ping_every: Duration,
        per_game: u32,
        per_client: u32,
        watchers: u32,
    ) -> Arc<SocketLimits> {
        Arc::new(SocketLimits {
            message_bytes,
            send_timeout,
            ping_every,
            per_game: Counter::new(per_game),
            // Three quarters: whoever else comes still finds room.
            per_game_address: Counter::new(per_game.saturating_sub(per_game / 4).max(1)),
            per_client: Counter::new(per_client),
            watchers: Counter::new(watchers),
            seats: Counter::new(SEAT_SOCKETS),
        })
    }

    /// A socket on a game or board among the shared places: the game's cap, the
    /// address's share of it and the address's own cap; the refusal otherwise.
    pub fn hold_shared(&self, key: &str, ip: IpAddr) -> Result<Vec<Box<dyn Send>>, ApiError> {
        let Some(client) = self.per_client.try_hold(&ip) else {
            return Err(ApiError::rate_limited(format!(
                "too many WebSockets open from this address (at most {})",
                self.per_client.cap()
            )));
        };
        let Some(game) = self.per_game.try_hold(&key.to_string()) else {
            return Err(ApiError::rate_limited(format!(
                "too many WebSockets open on this game (at most {})",
                self.per_game.cap()
            )));
        };
        let Some(share) = self.per_game_address.try_hold(&(key.to_string(), ip)) else {
            return Err(ApiError::rate_limited(format!(
                "too many WebSockets open on this game from this address (at most {})",
                self.per_game_address.cap()
            )));
        };
        Ok(vec![Box::new(client), Box::new(game), Box::new(share)])
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
        Err(e) => return ApiError::for_status(e.status(), e.body_text()).into_response(),
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
    // A seat holder's own sockets first; beyond them they share with everyone.
    let seat_hold = if seated {
        limits.seats.try_hold(&(id.clone(), player.clone()))
    } else {
        None
    };
    let mut holds: Vec<Box<dyn Send>> = Vec::new();
    let mut watcher_hold = None;
    if seat_hold.is_none() {
        if !seated {
            match limits.watchers.try_hold(&id) {
                Some(h) => watcher_hold = Some(h),
                None => {
                    return ApiError::rate_limited(format!(
                        "too many people are watching this game (at most {})",
                        limits.watchers.cap()
                    ))
                    .into_response()
                }
            }
        }
        match limits.hold_shared(&id, share_of(&addr)) {
            Ok(h) => holds = h,
            Err(e) => {
                if seated {
                    // Refused, but here: never counted as gone for it.
                    present(&svc, &id, &player).await;
                }
                return e.into_response();
            }
        }
    }
    let send_timeout = limits.send_timeout;
    let ping_every = limits.ping_every;
    let watchers = Arc::clone(&limits.watchers);
    if watcher_hold.is_some() {
        count_watchers(&svc, &id, &watchers).await;
    }
    ws.max_message_size(limits.message_bytes)
        .max_frame_size(limits.message_bytes)
        .read_buffer_size(limits.message_bytes)
        .on_upgrade(move |socket| async move {
            // A seat holder's socket says they are there (the table's presence, actions.rs).
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
                (send_timeout, ping_every),
            )
            .await;
            if seated {
                presence(&svc, &id, &player, false).await;
            }
            let watched = watcher_hold.is_some();
            drop((holds, seat_hold, watcher_hold));
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

/// Tells the game a seat holder was refused a socket: they are there all the same.
async fn present(svc: &AppState, id: &str, player: &PlayerId) {
    let svc = Arc::clone(svc);
    let id = id.to_string();
    let player = player.clone();
    let _ = tokio::task::spawn_blocking(move || svc.seen(&id, &player)).await;
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
    (send_timeout, ping_every): (Duration, Duration),
) {
    if !send(&mut socket, first, send_timeout).await {
        return;
    }
    let mut alive = Liveness::new(ping_every);
    loop {
        tokio::select! {
            _ = alive.tick() => {
                if !alive.ping(&mut socket, send_timeout).await {
                    break;
                }
            }
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
                // Nothing is expected from the client but pongs; pings are answered by
                // axum. Any frame says the client is alive.
                Some(Ok(_)) => alive.heard(),
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

/// Pings a socket at a fixed interval and tells when its client has gone silent: a
/// socket whose client vanished (a phone out of range, a killed process) would otherwise
/// stay open, holding its place and saying its player is there.
pub(super) struct Liveness {
    interval: tokio::time::Interval,
    heard: Instant,
    pinged: Option<Instant>,
}

impl Liveness {
    pub(super) fn new(every: Duration) -> Liveness {
        let start = tokio::time::Instant::now() + every;
        let mut interval = tokio::time::interval_at(start, every);
        interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        Liveness {
            interval,
            heard: Instant::now(),
            pinged: None,
        }
    }

    pub(super) async fn tick(&mut self) {
        self.interval.tick().await;
    }

    pub(super) fn heard(&mut self) {
        self.heard = Instant::now();
    }

    /// Sends the next ping; false when nothing came back since the previous one.
    pub(super) async fn ping(&mut self, socket: &mut WebSocket, timeout: Duration) -> bool {
        if self.pinged.is_some_and(|p| self.heard < p) {
            return false;
        }
        self.pinged = Some(Instant::now());
        matches!(
            tokio::time::timeout(timeout, socket.send(Message::Ping(Vec::new().into()))).await,
            Ok(Ok(()))
        )
    }
}

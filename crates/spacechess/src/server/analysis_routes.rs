//! The analysis board's routes (docs/api.md, "Analysis"): open a board, play and step
//! back on its side line, switch the engine and the Oracle on and off, close it, and its
//! WebSocket (the board's state, the engine's lines, the Oracle's reports).

use super::analysis::{analysis_message, lock, Opening, DEFAULT_LINES};
use super::error::ApiError;
use super::players::PlayerId;
use super::requests::{read, AnalysisBody, BackBody, EngineBody, OracleBody};
use super::routes::{move_body, setup, AppState, JsonText};
use super::share::share_of;
use super::ws::{send, Liveness, SocketLimits};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Extension, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/analysis", post(open))
        .route("/analysis/{id}", get(show).delete(close))
        .route("/analysis/{id}/moves", post(play))
        .route("/analysis/{id}/back", post(back))
        .route("/analysis/{id}/engine", post(engine_on).delete(engine_off))
        .route("/analysis/{id}/oracle", post(oracle_on).delete(oracle_off))
        .route("/analysis/{id}/ws", get(socket))
}

async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .unwrap_or_else(|e| Err(ApiError::internal(format!("the request failed: {e}"))))
}

/// What the body of `POST /api/analysis` opens: a game, a record or a position.
fn opening(b: AnalysisBody) -> Result<Opening, ApiError> {
    let given = [b.game.is_some(), b.record.is_some(), b.variant.is_some()];
    if given.iter().filter(|&&g| g).count() != 1 {
        return Err(ApiError::bad_request(
            "give exactly one of \"game\" (a game id, with \"ply\"), \"record\" (a game record, with \"record_ply\") or \"variant\" (with \"rules\", \"options\" and \"position\")",
        ));
    }
    if let Some(id) = b.game {
        return Ok(Opening::Game { id, ply: b.ply });
    }
    if let Some(text) = b.record {
        return Ok(Opening::Record {
            text,
            ply: b.record_ply,
        });
    }
    let setup = setup(
        b.variant.as_deref(),
        b.rules.as_deref(),
        b.options.as_deref(),
    )?;
    let game = rules::any::AnyGame::new(&setup, b.position.as_deref()).map_err(|e| match e {
        rules::any::NewGameError::Position(p) => ApiError::bad_position(p.to_string()),
        rules::any::NewGameError::Setup(s) => ApiError::bad_setup(s.to_string()),
    })?;
    Ok(Opening::Position(Box::new(game)))
}

async fn open(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let body: AnalysisBody = read(body)?.ok_or_else(|| {
        ApiError::bad_request("a body naming a game, a record or a position is required")
    })?;
    let lines = body.lines.unwrap_or(DEFAULT_LINES);
    let opening = opening(body)?;
    let client = share_of(&addr).to_string();
    let view = blocking(move || svc.open_analysis(opening, lines, &player, &client)).await?;
    Ok((StatusCode::CREATED, JsonText(view)).into_response())
}

async fn show(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    Path(id): Path<String>,
) -> Result<JsonText, ApiError> {
    blocking(move || svc.analysis_view(&id, &player))
        .await
        .map(JsonText)
}

async fn close(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    blocking(move || svc.close_analysis(&id, &player)).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn play(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<JsonText, ApiError> {
    let (text, _) = move_body(body)?;
    let client = share_of(&addr).to_string();
    blocking(move || svc.analysis_move(&id, &text, &player, &client))
        .await
        .map(JsonText)
}

async fn back(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<JsonText, ApiError> {
    let keep = read::<BackBody>(body)?.and_then(|b| b.to);
    let client = share_of(&addr).to_string();
    blocking(move || svc.analysis_back(&id, keep, &player, &client))
        .await
        .map(JsonText)
}

async fn engine_on(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<JsonText, ApiError> {
    let lines = read::<EngineBody>(body)?.and_then(|b| b.lines);
    let client = share_of(&addr).to_string();
    blocking(move || svc.analysis_engine_on(&id, lines, &player, &client))
        .await
        .map(JsonText)
}

async fn engine_off(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    Path(id): Path<String>,
) -> Result<JsonText, ApiError> {
    blocking(move || svc.analysis_engine_off(&id, &player))
        .await
        .map(JsonText)
}

async fn oracle_on(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<JsonText, ApiError> {
    let budget = read::<OracleBody>(body)?.and_then(|b| b.budget_ms);
    let budget = super::routes::oracle_budget(budget, svc.config.oracle_default)?;
    let client = share_of(&addr).to_string();
    blocking(move || svc.analysis_oracle_on(&id, budget, &player, &client))
        .await
        .map(JsonText)
}

async fn oracle_off(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    Path(id): Path<String>,
) -> Result<JsonText, ApiError> {
    blocking(move || svc.analysis_oracle_off(&id, &player))
        .await
        .map(JsonText)
}

/// The board's socket: its state first (and the engine's last lines on this position),
/// then every message the board sends. Clients need send nothing.
async fn socket(
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
    State(svc): State<AppState>,
    Path(id): Path<String>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Extension(limits): Extension<Arc<SocketLimits>>,
    Extension(player): Extension<PlayerId>,
) -> Response {
    let ws = match ws {
        Ok(ws) => ws,
        Err(e) => return ApiError::for_status(e.status(), e.body_text()).into_response(),
    };
    let holds = match limits.hold_shared(&format!("analysis:{id}"), share_of(&addr)) {
        Ok(h) => h,
        Err(e) => return e.into_response(),
    };
    let (svc2, id2, player2) = (Arc::clone(&svc), id.clone(), player.clone());
    let subscribed = blocking(move || {
        let board = svc2.board(&id2, &player2)?;
        // Subscribed under the board's lock: nothing slips between the state and the
        // stream.
        let st = lock(&board);
        let rx = board.events.subscribe();
        let mut first = vec![analysis_message(&super::view::to_json(
            &svc2.board_view(&board, &st),
        ))];
        let latest = board
            .latest
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        if let Some((_, text)) = latest.filter(|(s, _)| *s == st.serial) {
            first.push(text.to_string());
        }
        Ok((rx, first))
    })
    .await;
    let (rx, first) = match subscribed {
        Ok(s) => s,
        Err(e) => return e.into_response(),
    };
    let send_timeout = limits.send_timeout;
    let ping_every = limits.ping_every;
    ws.max_message_size(limits.message_bytes)
        .max_frame_size(limits.message_bytes)
        .read_buffer_size(limits.message_bytes)
        .on_upgrade(move |socket| async move {
            stream(
                socket,
                rx,
                first,
                svc,
                id,
                player,
                (send_timeout, ping_every),
            )
            .await;
            drop(holds);
        })
}

async fn stream(
    mut socket: WebSocket,
    mut rx: tokio::sync::broadcast::Receiver<Arc<str>>,
    first: Vec<String>,
    svc: AppState,
    id: String,
    player: PlayerId,
    (send_timeout, ping_every): (Duration, Duration),
) {
    for text in first {
        if !send(&mut socket, text, send_timeout).await {
            return;
        }
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
                let text = match msg {
                    Ok(m) => m.to_string(),
                    // Fell behind: the board's state again (lines follow with the next
                    // iteration).
                    Err(RecvError::Lagged(_)) => {
                        let (svc, id, player) = (Arc::clone(&svc), id.clone(), player.clone());
                        match blocking(move || svc.analysis_view(&id, &player)).await {
                            Ok(v) => analysis_message(&v),
                            Err(_) => break,
                        }
                    }
                    Err(RecvError::Closed) => break,
                };
                if !send(&mut socket, text, send_timeout).await {
                    break;
                }
            }
            incoming = socket.recv() => match incoming {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                Some(Ok(_)) => alive.heard(),
            },
        }
    }
}

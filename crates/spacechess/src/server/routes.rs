//! The HTTP API (docs/api.md): request parsing with clear errors, and handlers that run
//! the game service on blocking threads (it takes locks and writes SQLite).

use super::error::ApiError;
use super::players::PlayerId;
use super::requests::{
    read, Answer, AnswerBody, ClaimBody, ClaimResult, MoveBody, NewGameBody, OracleBody, ResignBody,
};
use super::service::{NewGame, Service};
use super::{assets, ws};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Extension, Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use rules::catalogue::catalogue;
use rules::record::RecordForm;
use rules::Setup;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// Largest request body accepted.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

pub type AppState = Arc<Service>;

pub fn router(service: Arc<Service>) -> Router {
    let api = Router::new()
        .route("/variants", get(variants))
        .route("/games", post(create_game).get(super::my_games::list))
        .route("/games/{id}", get(get_game).delete(delete_game))
        .route("/games/{id}/moves", post(play_move))
        .route("/games/{id}/takeback", post(take_back))
        .route("/games/{id}/draw", post(offer_draw))
        .route("/games/{id}/resign", post(resign))
        .route("/games/{id}/oracle", post(oracle_on).delete(oracle_off))
        .route("/games/{id}/offer", post(answer_offer))
        .route("/games/{id}/claim", post(claim))
        .route("/games/{id}/rematch", post(rematch))
        .route("/games/{id}/record", get(record))
        .route("/games/{id}/positions/{ply}", get(position))
        .route("/games/{id}/ws", get(ws::handler))
        .merge(super::lessons::routes())
        .merge(super::puzzles::routes())
        .merge(super::lobby::routes())
        .merge(super::ratings::routes())
        .merge(super::accounts::routes())
        .merge(super::inspect::routes())
        .merge(super::analysis_routes::routes())
        .fallback(|| async { ApiError::not_found("no such API endpoint") })
        .method_not_allowed_fallback(|| async {
            ApiError::for_status(
                StatusCode::METHOD_NOT_ALLOWED,
                "this endpoint does not take that method",
            )
        });
    Router::new()
        .nest("/api", api)
        // The invitation: a browser's GET opens the app there (which POSTs); a POST
        // takes the free seat.
        .route("/join/{code}", post(join).get(assets::serve))
        .fallback(assets::serve)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(service)
}

/// A JSON answer already serialized (the game service builds each view once).
pub struct JsonText(pub String);

impl IntoResponse for JsonText {
    fn into_response(self) -> Response {
        ([(header::CONTENT_TYPE, "application/json")], self.0).into_response()
    }
}

/// Runs service work on the blocking pool.
pub(super) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .unwrap_or_else(|e| Err(ApiError::internal(format!("the request failed: {e}"))))
}

/// The client's address, the unit of the per-client limits (an IPv6 client's /64).
fn client(addr: &SocketAddr) -> String {
    super::share::share_of(addr).to_string()
}

/// The setup a body's `variant`, `rules` and `options` name.
pub(super) fn setup(
    variant: Option<&str>,
    rules: Option<&str>,
    options: Option<&[String]>,
) -> Result<Setup, ApiError> {
    let variant = variant.ok_or_else(|| ApiError::bad_request("field \"variant\" is required"))?;
    let options: Vec<&str> = options
        .unwrap_or_default()
        .iter()
        .map(String::as_str)
        .collect();
    Setup::from_ids(variant, rules, &options).map_err(|e| ApiError::bad_setup(e.to_string()))
}

/// A NewGame body (docs/api.md) as the service takes it: checked by the table's rules
/// for a new game, as every host checks it (the server's own limits come after).
pub(super) fn new_game(b: NewGameBody) -> Result<NewGame, ApiError> {
    let g = b.check().map_err(super::service::refused)?;
    let (moves, evals) = g.moves.into_iter().map(|m| (m.token, m.eval)).unzip();
    Ok(NewGame {
        setup: g.setup,
        mode: g.mode,
        human: g.human,
        level: g.level,
        time_control: g.time_control,
        rated: g.rated,
        position: g.position,
        moves,
        evals,
    })
}

/// The catalogue of everything a player can choose (rules' catalogue, serialized).
async fn variants() -> JsonText {
    JsonText(super::view::to_json(&catalogue()))
}

async fn create_game(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let body: NewGameBody =
        read(body)?.ok_or_else(|| ApiError::bad_request("a NewGame body is required"))?;
    let req = new_game(body)?;
    let client = client(&addr);
    let view = blocking(move || svc.create(req, &player, &client)).await?;
    Ok((StatusCode::CREATED, JsonText(view)).into_response())
}

async fn get_game(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    Path(id): Path<String>,
) -> Result<JsonText, ApiError> {
    blocking(move || svc.view(&id, &player)).await.map(JsonText)
}

async fn delete_game(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    blocking(move || svc.delete(&id, &player)).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn play_move(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    Path(id): Path<String>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    body: Result<Bytes, BytesRejection>,
) -> Result<JsonText, ApiError> {
    let (text, ply) = move_body(body)?;
    let client = client(&addr);
    blocking(move || svc.play(&id, &text, ply, &player, &client))
        .await
        .map(JsonText)
}

async fn position(
    State(svc): State<AppState>,
    Path((id, ply)): Path<(String, String)>,
) -> Result<JsonText, ApiError> {
    let ply: u64 = ply.parse().map_err(|_| {
        ApiError::bad_request(format!(
            "the ply in the path must be a number of half-moves, not {ply:?}"
        ))
    })?;
    blocking(move || svc.position(&id, ply)).await.map(JsonText)
}

async fn take_back(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    Path(id): Path<String>,
) -> Result<JsonText, ApiError> {
    blocking(move || svc.take_back(&id, &player))
        .await
        .map(JsonText)
}

async fn offer_draw(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    Path(id): Path<String>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
) -> Result<JsonText, ApiError> {
    let client = client(&addr);
    blocking(move || svc.offer_draw(&id, &player, &client))
        .await
        .map(JsonText)
}

async fn resign(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<JsonText, ApiError> {
    let side = read::<ResignBody>(body)?.and_then(|b| b.side);
    blocking(move || svc.resign(&id, side, &player))
        .await
        .map(JsonText)
}

/// Oracle budget bounds in milliseconds (a request's `budget_ms`, `serve --oracle-ms`).
pub(super) const ORACLE_BUDGET_MS: std::ops::RangeInclusive<u64> = 100..=60_000;
/// The Oracle's time per turn when a request names none and the server was given no
/// `--oracle-ms` (engine.md: 6 s).
pub(super) const ORACLE_DEFAULT_MS: u64 = 6_000;

/// An Oracle's `budget_ms`, checked; without one, the server's default (`serve
/// --oracle-ms`, 6 s).
pub(super) fn oracle_budget(
    budget_ms: Option<u64>,
    default: Duration,
) -> Result<Duration, ApiError> {
    let Some(budget) = budget_ms else {
        return Ok(default);
    };
    if !ORACLE_BUDGET_MS.contains(&budget) {
        return Err(ApiError::bad_request(format!(
            "field \"budget_ms\" must be {} to {}",
            ORACLE_BUDGET_MS.start(),
            ORACLE_BUDGET_MS.end()
        )));
    }
    Ok(Duration::from_millis(budget))
}

async fn oracle_on(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    Path(id): Path<String>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, ApiError> {
    let budget = read::<OracleBody>(body)?.and_then(|b| b.budget_ms);
    let budget = oracle_budget(budget, svc.config.oracle_default)?;
    let client = client(&addr);
    blocking(move || svc.oracle_on(&id, budget, &player, &client)).await?;
    Ok(StatusCode::ACCEPTED)
}

async fn oracle_off(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    blocking(move || svc.oracle_off(&id, &player)).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn join(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    Path(code): Path<String>,
) -> Result<JsonText, ApiError> {
    blocking(move || svc.join(&code, &player))
        .await
        .map(JsonText)
}

async fn answer_offer(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    Path(id): Path<String>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    body: Result<Bytes, BytesRejection>,
) -> Result<JsonText, ApiError> {
    let body: AnswerBody = read(body)?.ok_or_else(|| {
        ApiError::bad_request("a body {\"answer\": \"accept\" or \"decline\"} is required")
    })?;
    let accept = match body.answer {
        Some(answer) => answer == Answer::Accept,
        None => return Err(ApiError::bad_request("field \"answer\" is required")),
    };
    let client = client(&addr);
    blocking(move || svc.answer_offer(&id, accept, &player, &client))
        .await
        .map(JsonText)
}

/// Offers a finished online game's rematch, or accepts the opponent's offer.
async fn rematch(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    Path(id): Path<String>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
) -> Result<JsonText, ApiError> {
    let client = client(&addr);
    blocking(move || svc.rematch(&id, &player, &client))
        .await
        .map(JsonText)
}

/// The move a move body names, and the ply it was meant for.
pub(super) fn move_body(
    body: Result<Bytes, BytesRejection>,
) -> Result<(String, Option<u64>), ApiError> {
    let b: MoveBody = read(body)?
        .ok_or_else(|| ApiError::bad_request("a body {\"move\": \"<token>\"} is required"))?;
    let text = b
        .text
        .ok_or_else(|| ApiError::bad_request("field \"move\" is required"))?;
    Ok((text, b.ply))
}

async fn claim(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<JsonText, ApiError> {
    let body: ClaimBody = read(body)?.ok_or_else(|| {
        ApiError::bad_request("a body {\"result\": \"win\" or \"draw\"} is required")
    })?;
    let win = match body.result {
        Some(result) => result == ClaimResult::Win,
        None => return Err(ApiError::bad_request("field \"result\" is required")),
    };
    blocking(move || svc.claim(&id, win, &player))
        .await
        .map(JsonText)
}

async fn record(
    State(svc): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<std::collections::HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let form = query.get("form").map_or(Ok(RecordForm::Own), |f| f.parse());
    let form = form.map_err(|e| ApiError::bad_request(e.to_string()))?;
    let text = blocking(move || svc.record(&id, form)).await?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_oracle_without_a_budget_gets_the_servers_default_and_a_named_one_is_checked() {
        let default = Duration::from_millis(1500);
        assert_eq!(oracle_budget(None, default).unwrap(), default);
        assert_eq!(
            oracle_budget(Some(800), default).unwrap(),
            Duration::from_millis(800)
        );
        for out_of_range in [0, 99, 60_001] {
            let err = oracle_budget(Some(out_of_range), default).unwrap_err();
            assert!(format!("{err:?}").contains("budget_ms"), "{err:?}");
        }
    }

    #[test]
    fn serve_takes_an_oracle_default_within_the_same_bounds() {
        use clap::Parser;
        #[derive(Parser)]
        struct Serve {
            #[command(flatten)]
            args: super::super::ServeArgs,
        }
        let parse = |v: &str| Serve::try_parse_from(["serve", "--oracle-ms", v]);
        assert_eq!(parse("1500").unwrap().args.oracle_ms, 1500);
        let default = Serve::try_parse_from(["serve"]).unwrap().args.oracle_ms;
        assert_eq!(default, ORACLE_DEFAULT_MS);
        for out_of_range in ["99", "60001"] {
            let err = parse(out_of_range).err().unwrap().to_string();
            assert!(err.contains("--oracle-ms"), "{err}");
        }
    }
}

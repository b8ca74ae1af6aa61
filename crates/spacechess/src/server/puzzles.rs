//! Puzzles (docs/api.md, "Puzzles"): the puzzles crate's sets, views and judging, with
//! the ratings this host keeps in its store. Each player has a rating per set, each
//! puzzle one; only a player's first attempt at a puzzle is rated, and the host judges
//! whether it was solved from the moves (never from the client's word).

use super::error::{ApiError, ErrorCode};
use super::limits::Window;
use super::players::PlayerId;
use super::requests::{read, PuzzleAttemptBody, PuzzleMovesBody};
use super::routes::{blocking, AppState};
use super::share::share_of;
use super::store::{NewAttempt, SetRating as StoredSetRating};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, Extension, Path, Query, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use puzzles::view::{
    self, AttemptEntry, PlayerPuzzles, PuzzleAttemptResult, PuzzleCatalogue, PuzzleCheck,
    PuzzleHint, PuzzleSolution, PuzzleView, SetRating,
};
use puzzles::{Puzzle, PuzzleError, PuzzleSet};
use rating::Rating;
use rules::lessons::view::CheckStatus;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Checks, hints and solutions one player may ask for per minute (a puzzle of eight
/// solver moves takes eight checks), and attempts (one per puzzle solved or missed).
pub const CHECKS_PER_MINUTE: u32 = 120;
pub const ATTEMPTS_PER_MINUTE: u32 = 30;
/// Puzzles and ratings read from the store (next, daily, one puzzle, my puzzles) one
/// player may ask for per minute: a streak of fast solves asks for a few a minute.
pub const READS_PER_MINUTE: u32 = 240;
/// An address's share: several players' worth, as player ids cost nothing.
pub const ADDRESS_SHARE: u32 = 4;
/// The most attempts `GET /api/puzzles/me` lists.
pub const HISTORY: u32 = 200;

/// What the routes count, per player and per address, over the last minute.
struct Limits {
    window: Window,
}

#[derive(Clone, Copy)]
enum Counted {
    /// A check, a hint or a solution: judged or played out by the rules.
    Check,
    Attempt,
    /// A puzzle or the player's ratings read from the store.
    Read,
}

impl Limits {
    fn admit(&self, what: Counted, player: &PlayerId, addr: &SocketAddr) -> Result<(), ApiError> {
        let (kind, cap) = match what {
            Counted::Check => ("check", CHECKS_PER_MINUTE),
            Counted::Attempt => ("attempt", ATTEMPTS_PER_MINUTE),
            Counted::Read => ("read", READS_PER_MINUTE),
        };
        let by_player = format!("{kind} player {}", player.as_str());
        let by_address = format!("{kind} address {}", share_of(addr));
        let keys = [
            (by_player.as_str(), cap),
            (by_address.as_str(), cap.saturating_mul(ADDRESS_SHARE)),
        ];
        self.window.try_hit(&keys, Instant::now()).map_err(|wait| {
            ApiError::rate_limited(format!(
                "too many puzzle {kind}s: at most {cap} a minute per player ({} per address)",
                cap.saturating_mul(ADDRESS_SHARE)
            ))
            .with_retry_after(wait.as_secs_f64().ceil().max(1.0) as u64)
        })
    }
}

/// The routes, merged into the API router; each router counts its own requests.
pub fn routes() -> Router<AppState> {
    let limits = Arc::new(Limits {
        window: Window::new(Duration::from_secs(60)),
    });
    Router::new()
        .route("/puzzles", get(catalogue))
        .route("/puzzles/next", get(next))
        .route("/puzzles/daily", get(daily))
        .route("/puzzles/me", get(me))
        .route("/puzzles/{id}", get(one))
        .route("/puzzles/{id}/check", post(check))
        .route("/puzzles/{id}/hint", post(hint))
        .route("/puzzles/{id}/solution", get(solution))
        .route("/puzzles/{id}/attempt", post(attempt))
        .layer(Extension(limits))
}

/// Text from the request, shortened and quoted for an error message.
fn shown(text: &str) -> String {
    let short: String = text.chars().take(puzzles::MAX_ID_LEN).collect();
    format!("{short:?}")
}

fn find(id: &str) -> Result<&'static Puzzle, ApiError> {
    puzzles::find(id).ok_or_else(|| ApiError::not_found(format!("no puzzle with id {}", shown(id))))
}

/// The set a query's `set` names.
fn set_of(query: &HashMap<String, String>) -> Result<&'static PuzzleSet, ApiError> {
    let id = query.get("set").ok_or_else(|| {
        ApiError::bad_request(format!(
            "parameter \"set\" is required: one of {}",
            puzzles::SET_IDS.join(", ")
        ))
    })?;
    puzzles::set(id).ok_or_else(|| {
        ApiError::not_found(format!(
            "no puzzle set {}; the sets are {}",
            shown(id),
            puzzles::SET_IDS.join(", ")
        ))
    })
}

/// What a puzzle error is for the caller (as the browser module says it): a bad move
/// or list is theirs, anything else a defect in the sets.
fn error_of(e: PuzzleError) -> ApiError {
    match e {
        PuzzleError::Move { .. } => ApiError::illegal_move(e.to_string()),
        PuzzleError::MoveCount { .. } => {
            ApiError::new(ErrorCode::OutOfRange, format!("field \"moves\": {e}"))
        }
        PuzzleError::Reply { .. } | PuzzleError::OffSolution { .. } => {
            ApiError::bad_request(format!("field \"moves\": {e}"))
        }
        PuzzleError::Position { .. } | PuzzleError::Solution { .. } => {
            ApiError::internal(e.to_string())
        }
    }
}

fn store_error(e: super::store::StoreError) -> ApiError {
    ApiError::internal(format!("the puzzle store failed: {e}"))
}

/// The moves of `{"moves": [...]}` (at most 16, checked by the body's reader).
fn moves_of(body: Result<Bytes, BytesRejection>) -> Result<Vec<String>, ApiError> {
    read::<PuzzleMovesBody>(body)?
        .and_then(|b| b.moves)
        .ok_or_else(|| ApiError::bad_request("field \"moves\" is required"))
}

/// A puzzle's view with its current rating on this host (its seed rating until the
/// first attempt).
fn view_of(svc: &AppState, p: &'static Puzzle) -> Result<PuzzleView, ApiError> {
    let rating = svc
        .store
        .puzzle_rating(&p.id)
        .map_err(store_error)?
        .unwrap_or_else(|| puzzles::starting_rating(p));
    view::puzzle_view(p, rating).map_err(error_of)
}

async fn catalogue() -> Json<PuzzleCatalogue> {
    Json(view::catalogue())
}

/// A short hash of the player's id, so that players at the same rating are not all
/// given the same next puzzle.
fn player_seed(player: &PlayerId) -> u64 {
    puzzles::fnv(player.as_str())
}

/// The rating to choose near (`near`, the streak's rising target), within the ratings'
/// bounds; absent: the player's own rating in the set.
fn near_of(query: &HashMap<String, String>) -> Result<Option<f64>, ApiError> {
    let Some(text) = query.get("near") else {
        return Ok(None);
    };
    match text.parse::<u32>() {
        Ok(n) if n <= 5000 => Ok(Some(f64::from(n))),
        _ => Err(ApiError::bad_request(format!(
            "query \"near\" must be a rating from 0 to 5000, not {}",
            shown(text)
        ))),
    }
}

async fn next(
    State(svc): State<AppState>,
    Extension(limits): Extension<Arc<Limits>>,
    Extension(player): Extension<PlayerId>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Json<PuzzleView>, ApiError> {
    let set = set_of(&query)?;
    let theme = query.get("theme").cloned();
    let asked_near = near_of(&query)?;
    limits.admit(Counted::Read, &player, &addr)?;
    if let Some(t) = &theme {
        if !set.puzzles.iter().any(|p| p.themes.contains(t)) {
            let mut themes: Vec<&str> = set
                .puzzles
                .iter()
                .flat_map(|p| p.themes.iter().map(String::as_str))
                .collect();
            themes.sort_unstable();
            themes.dedup();
            return Err(ApiError::not_found(format!(
                "puzzle set {} has no theme {}; its themes are {}",
                set.id,
                shown(t),
                if themes.is_empty() {
                    "none yet".to_string()
                } else {
                    themes.join(", ")
                }
            )));
        }
    }
    blocking(move || {
        let store = &svc.store;
        let near = match asked_near {
            Some(rating) => rating,
            None => {
                store
                    .player_puzzle_rating(player.as_str(), &set.id)
                    .map_err(store_error)?
                    .unwrap_or_default()
                    .rating
            }
        };
        let seen = store
            .attempted(player.as_str(), &set.id)
            .map_err(store_error)?;
        let current = store.puzzle_ratings(&set.id).map_err(store_error)?;
        let rating_of = |p: &Puzzle| current.get(&p.id).map_or(p.rating, |r| r.rating);
        let seed = player_seed(&player) ^ seen.len() as u64;
        let chosen = puzzles::choose_by(
            &set.id,
            theme.as_deref(),
            near,
            &rating_of,
            &|id| seen.contains(id),
            seed,
        )
        .ok_or_else(|| {
            let of_theme = theme
                .as_deref()
                .map(|t| format!(" with theme {}", shown(t)))
                .unwrap_or_default();
            ApiError::not_found(format!(
                "no puzzle left in set {}{of_theme}: you have attempted every one",
                set.id
            ))
        })?;
        view_of(&svc, chosen)
    })
    .await
    .map(Json)
}

/// Days since 1970-01-01, UTC.
fn today() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400)
}

async fn daily(
    State(svc): State<AppState>,
    Extension(limits): Extension<Arc<Limits>>,
    Extension(player): Extension<PlayerId>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Json<PuzzleView>, ApiError> {
    let set = set_of(&query)?;
    limits.admit(Counted::Read, &player, &addr)?;
    let p = puzzles::daily(&set.id, today())
        .ok_or_else(|| ApiError::not_found(format!("puzzle set {} has no puzzles yet", set.id)))?;
    blocking(move || view_of(&svc, p)).await.map(Json)
}

async fn one(
    State(svc): State<AppState>,
    Extension(limits): Extension<Arc<Limits>>,
    Extension(player): Extension<PlayerId>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
) -> Result<Json<PuzzleView>, ApiError> {
    let p = find(&id)?;
    limits.admit(Counted::Read, &player, &addr)?;
    blocking(move || view_of(&svc, p)).await.map(Json)
}

/// Runs a judgement of the rules off the async workers (a few moves replayed: cheap, but
/// not free).
async fn judged<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, PuzzleError> + Send + 'static,
) -> Result<T, ApiError> {
    blocking(move || f().map_err(error_of)).await
}

async fn check(
    Extension(limits): Extension<Arc<Limits>>,
    Extension(player): Extension<PlayerId>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<PuzzleCheck>, ApiError> {
    let p = find(&id)?;
    let moves = moves_of(body)?;
    limits.admit(Counted::Check, &player, &addr)?;
    judged(move || view::check(p, &tokens(&moves)))
        .await
        .map(Json)
}

async fn hint(
    Extension(limits): Extension<Arc<Limits>>,
    Extension(player): Extension<PlayerId>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<PuzzleHint>, ApiError> {
    let p = find(&id)?;
    let moves = moves_of(body)?;
    limits.admit(Counted::Check, &player, &addr)?;
    judged(move || view::hint(p, &tokens(&moves)))
        .await
        .map(Json)
}

async fn solution(
    Extension(limits): Extension<Arc<Limits>>,
    Extension(player): Extension<PlayerId>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
) -> Result<Json<PuzzleSolution>, ApiError> {
    let p = find(&id)?;
    limits.admit(Counted::Check, &player, &addr)?;
    judged(move || view::solution(p)).await.map(Json)
}

fn tokens(moves: &[String]) -> Vec<&str> {
    moves.iter().map(String::as_str).collect()
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Whether the moves of an attempt solve the puzzle, judged again here (never the
/// client's word). An attempt may stop anywhere, even before the first move (the player
/// gave up, or viewed the solution first): such an attempt is missed, but the moves it
/// has must still be legal and the puzzle's replies, else it is refused.
fn judge_attempt(p: &Puzzle, moves: &[String]) -> Result<bool, ApiError> {
    // The longest run of whole solver moves (each but the last with its reply).
    let odd = if moves.len() % 2 == 1 {
        moves.len()
    } else {
        moves.len().saturating_sub(1)
    };
    if odd == 0 {
        return Ok(false);
    }
    let verdict = view::check(p, &tokens(&moves[..odd])).map_err(error_of)?;
    Ok(odd == moves.len() && verdict.status == CheckStatus::Solved)
}

async fn attempt(
    State(svc): State<AppState>,
    Extension(limits): Extension<Arc<Limits>>,
    Extension(player): Extension<PlayerId>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<PuzzleAttemptResult>, ApiError> {
    let p = find(&id)?;
    let body: PuzzleAttemptBody = read(body)?.ok_or_else(|| {
        ApiError::bad_request("a body {\"moves\", \"hinted\", \"viewed\"} is required")
    })?;
    let moves = body
        .moves
        .ok_or_else(|| ApiError::bad_request("field \"moves\" is required"))?;
    let helped = body.hinted.unwrap_or(false) || body.viewed.unwrap_or(false);
    limits.admit(Counted::Attempt, &player, &addr)?;
    blocking(move || {
        let solved = judge_attempt(p, &moves)? && !helped;
        let record = svc
            .store
            .record_attempt(&NewAttempt {
                player: player.as_str().to_string(),
                puzzle: p.id.clone(),
                set: p.set.clone(),
                solved,
                at_ms: now_ms(),
                player_start: Rating::default(),
                puzzle_start: puzzles::starting_rating(p),
                rate: puzzles::rate,
            })
            .map_err(store_error)?;
        Ok(PuzzleAttemptResult {
            solved,
            rated: record.rated,
            player_before: record.player_before.into(),
            player: record.player.into(),
            puzzle: record.puzzle.into(),
        })
    })
    .await
    .map(Json)
}

async fn me(
    State(svc): State<AppState>,
    Extension(limits): Extension<Arc<Limits>>,
    Extension(player): Extension<PlayerId>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
) -> Result<Json<PlayerPuzzles>, ApiError> {
    limits.admit(Counted::Read, &player, &addr)?;
    blocking(move || {
        let (ratings, history) = svc
            .store
            .player_puzzles(player.as_str(), HISTORY)
            .map_err(store_error)?;
        Ok(PlayerPuzzles {
            ratings: ratings
                .into_iter()
                .map(|r: StoredSetRating| SetRating {
                    set: r.set,
                    rating: r.rating.into(),
                    attempts: r.attempts,
                    solved: r.solved,
                })
                .collect(),
            history: history
                .into_iter()
                .map(|a| AttemptEntry {
                    puzzle: a.puzzle,
                    set: a.set,
                    solved: a.solved,
                    rated: a.rated,
                    rating_after: a.rating_after.round() as i32,
                    at_ms: a.at_ms,
                })
                .collect(),
        })
    })
    .await
    .map(Json)
}

//! Lessons and rules pages (docs/api.md): the rules crate's lesson table and guide as
//! typed JSON, and lesson attempts judged by the rules. Every position comes with the
//! rules' screen of it, so the browser draws lessons and diagrams like a game.

use super::error::{ApiError, ErrorCode};
use super::requests::{read, LessonCheckBody};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::Path;
use axum::routing::{get, post};
use axum::{Json, Router};
use rules::guide::view::{rules_page as page_of, RulesPage};
use rules::lessons::view::{self, CheckAnswer, LessonList, LessonView};
use rules::lessons::{self, AttemptError, Lesson};
use rules::Variant;

/// The routes, merged into the API router.
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/lessons", get(list))
        .route("/lessons/{id}", get(one))
        .route("/lessons/{id}/check", post(check))
        .route("/rules/{variant}", get(rules_page))
}

async fn list() -> Json<LessonList> {
    Json(view::list())
}

fn find(id: &str) -> Result<&'static Lesson, ApiError> {
    lessons::find(id).ok_or_else(|| {
        let shown: String = id.chars().take(64).collect();
        ApiError::new(
            ErrorCode::UnknownLesson,
            format!("no lesson with id {shown:?}"),
        )
    })
}

async fn one(Path(id): Path<String>) -> Result<Json<LessonView>, ApiError> {
    let l = find(&id)?;
    view::lesson_view(l)
        .map(Json)
        .map_err(|e| ApiError::internal(e.to_string()))
}

/// The moves of `{"moves": ["<token>", ...]}`.
fn attempt(body: Result<Bytes, BytesRejection>) -> Result<Vec<String>, ApiError> {
    read::<LessonCheckBody>(body)?
        .and_then(|b| b.moves)
        .ok_or_else(|| ApiError::bad_request("field \"moves\" is required"))
}

/// Judges an attempt and plays it out on the lesson's position for the screen.
fn judge(lesson: &'static Lesson, moves: &[String]) -> Result<CheckAnswer, ApiError> {
    let tokens: Vec<&str> = moves.iter().map(String::as_str).collect();
    view::check(lesson, &tokens).map_err(|e| match e {
        AttemptError::Move { .. } => ApiError::illegal_move(e.to_string()),
        AttemptError::MoveCount { .. } => ApiError::bad_request(format!("field \"moves\": {e}")),
        AttemptError::Setup(_) | AttemptError::Position(_) => ApiError::internal(e.to_string()),
    })
}

async fn check(
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<CheckAnswer>, ApiError> {
    let lesson = find(&id)?;
    let moves = attempt(body)?;
    // A mate in two is checked by trying every reply: engine-free but not instant.
    tokio::task::spawn_blocking(move || judge(lesson, &moves))
        .await
        .map_err(|e| ApiError::internal(format!("the check failed: {e}")))?
        .map(Json)
}

async fn rules_page(Path(variant): Path<String>) -> Result<Json<RulesPage>, ApiError> {
    let variant: Variant = variant
        .parse()
        .map_err(|e: rules::SetupError| ApiError::bad_setup(e.to_string()))?;
    tokio::task::spawn_blocking(move || {
        page_of(variant).map_err(|e| ApiError::internal(e.to_string()))
    })
    .await
    .map_err(|e| ApiError::internal(format!("the page failed: {e}")))?
    .map(Json)
}

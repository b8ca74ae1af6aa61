//! Lessons and rules pages (docs/api.md): the rules crate's lesson table and guide as
//! JSON, and lesson attempts judged by the rules.

use super::error::ApiError;
use super::routes::json_body;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::Path;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use rules::guide::{self, Choice, DiagramView, Page, Section};
use rules::lessons::{self, check_attempt, AttemptError, Lesson, Verdict};
use rules::{Mover, Options, Variant};
use serde_json::{json, Value};

/// Most moves an attempt may carry (a mate in two is three).
const MAX_ATTEMPT_MOVES: usize = 8;

/// The routes, merged into the API router.
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/lessons", get(list))
        .route("/lessons/{id}", get(one))
        .route("/lessons/{id}/check", post(check))
        .route("/rules/{variant}", get(rules_page))
}

fn options_json(o: Options) -> Value {
    json!(o.ids())
}

fn lesson_json(l: &Lesson) -> Value {
    json!({
        "id": l.id,
        "variant": l.variant.id(),
        "rules": l.rules.map(|r| r.id()),
        "options": options_json(l.options),
        "kind": l.kind.id(),
        "piece": l.piece().map(|k| k.letter().to_string()),
        "mover": match l.mover {
            Some(Mover::Piece(_)) => Some("piece"),
            Some(Mover::Board) => Some("board"),
            None => None,
        },
        "title": l.title,
        "text": l.text,
        "position": l.position,
        "goal": {
            "kind": l.goal.id(),
            "square": l.goal.square(),
            "moves": l.goal.player_moves(),
            "text": l.goal.describe(),
        },
        "hint": l.hint,
        "success": l.success,
        "solution": l.solution,
    })
}

async fn list() -> Json<Value> {
    let all: Vec<Value> = lessons::all().map(lesson_json).collect();
    Json(json!({ "lessons": all }))
}

fn find(id: &str) -> Result<&'static Lesson, ApiError> {
    lessons::find(id).ok_or_else(|| {
        let shown: String = id.chars().take(64).collect();
        ApiError::new(
            StatusCode::NOT_FOUND,
            "unknown_lesson",
            format!("no lesson with id {shown:?}"),
        )
    })
}

async fn one(Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    Ok(Json(lesson_json(find(&id)?)))
}

/// Reads `{"moves": ["<token>", ...]}`.
fn parse_moves(body: Result<Bytes, BytesRejection>) -> Result<Vec<String>, ApiError> {
    let m = json_body(body)?.ok_or_else(|| ApiError::bad_request("field \"moves\" is required"))?;
    let moves = match m.get("moves") {
        Some(Value::Array(a)) => a,
        None => return Err(ApiError::bad_request("field \"moves\" is required")),
        Some(_) => {
            return Err(ApiError::bad_request(
                "field \"moves\" must be an array of move tokens",
            ))
        }
    };
    if moves.len() > MAX_ATTEMPT_MOVES {
        return Err(ApiError::bad_request(format!(
            "field \"moves\" has {} entries; at most {MAX_ATTEMPT_MOVES}",
            moves.len()
        )));
    }
    moves
        .iter()
        .map(|v| {
            v.as_str().map(str::to_string).ok_or_else(|| {
                ApiError::bad_request("field \"moves\" must be an array of move tokens")
            })
        })
        .collect()
}

async fn check(
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let lesson = find(&id)?;
    let moves = parse_moves(body)?;
    // A mate in two is checked by trying every reply: engine-free but not instant.
    let verdict = tokio::task::spawn_blocking(move || {
        let tokens: Vec<&str> = moves.iter().map(String::as_str).collect();
        check_attempt(lesson, &tokens)
    })
    .await
    .map_err(|e| ApiError::internal(format!("the check failed: {e}")))?
    .map_err(|e| match e {
        AttemptError::Move { .. } => ApiError::illegal_move(e.to_string()),
        AttemptError::MoveCount { .. } => ApiError::bad_request(format!("field \"moves\": {e}")),
        AttemptError::Setup(_) | AttemptError::Position(_) => ApiError::internal(e.to_string()),
    })?;
    Ok(Json(match verdict {
        Verdict::Solved => json!({ "status": "solved", "message": lesson.success, "reply": null }),
        Verdict::Continue { reply } => {
            json!({ "status": "continue", "message": "Good. Your opponent replies; now finish it.", "reply": reply })
        }
        Verdict::Missed { reason } => {
            json!({ "status": "missed", "message": reason, "reply": null })
        }
    }))
}

fn choice_json(c: &Choice) -> Value {
    json!({ "id": c.id, "kind": c.kind.id(), "summary": c.summary, "text": c.text })
}

fn diagram_json(d: &DiagramView) -> Value {
    json!({
        "rules": d.rules.map(|r| r.id()),
        "options": options_json(d.options),
        "position": d.position,
        "from": d.from,
        "caption": d.caption,
        "moves": d.marks.moves,
        "captures": d.marks.captures,
    })
}

fn section_json(s: &Section) -> Value {
    json!({
        "kind": s.kind.id(),
        "rules": s.rules.map(|r| r.id()),
        "title": s.title,
        "text": s.text,
        "lesson": s.lesson,
        "diagram": s.diagram.as_ref().map(diagram_json),
    })
}

fn page_json(p: &Page) -> Value {
    json!({
        "variant": p.variant.id(),
        "title": p.variant.title(),
        "summary": p.summary,
        "choices": p.choices.iter().map(choice_json).collect::<Vec<_>>(),
        "sections": p.sections.iter().map(section_json).collect::<Vec<_>>(),
    })
}

async fn rules_page(Path(variant): Path<String>) -> Result<Json<Value>, ApiError> {
    let variant: Variant = variant
        .parse()
        .map_err(|e: rules::SetupError| ApiError::bad_setup(e.to_string()))?;
    let page = tokio::task::spawn_blocking(move || guide::page(variant))
        .await
        .map_err(|e| ApiError::internal(format!("the page failed: {e}")))?
        .map_err(|e| ApiError::internal(e.to_string()))?;
    Ok(Json(page_json(&page)))
}

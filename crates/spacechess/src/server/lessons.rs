//! Lessons and rules pages (docs/api.md): the rules crate's lesson table and guide as
//! typed JSON, and lesson attempts judged by the rules. Every position comes with the
//! rules' screen of it, so the browser draws lessons and diagrams like a game.

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
use rules::screen::{MoverKind, Screen};
use rules::{AnyGame, Mover, Options, RuleSet, Setup, Variant};
use serde::Serialize;

#[cfg(test)]
use ts_rs::TS;

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

/// What a lesson's move must achieve.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct GoalView {
    /// `reach`, `capture`, `check`, `escape-check` or `mate`.
    pub kind: String,
    /// The square of a `reach` or `capture` goal.
    pub square: Option<String>,
    /// How many of the player's moves the goal allows.
    pub moves: u32,
    pub text: String,
}

/// A lesson as listed (docs/api.md).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct LessonEntry {
    pub id: String,
    pub variant: Variant,
    pub rules: Option<RuleSet>,
    pub options: Vec<String>,
    /// `piece`, `rule` or `mate`.
    pub kind: String,
    /// The piece of a piece lesson, an upper-case letter.
    pub piece: Option<String>,
    /// What must move: a piece or an attack board (`null`: anything).
    pub mover: Option<MoverKind>,
    pub title: String,
    pub text: String,
    /// The "Try it" position; the player is the side to move.
    pub position: String,
    pub goal: GoalView,
    pub hint: String,
    pub success: String,
    /// Move tokens: the player's moves and, between them, the replies.
    pub solution: Vec<String>,
}

/// `GET /api/lessons`.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct LessonList {
    pub lessons: Vec<LessonEntry>,
}

/// `GET /api/lessons/{id}`: the lesson and its position as a screen, legal moves listed.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct LessonView {
    #[serde(flatten)]
    #[cfg_attr(test, ts(flatten))]
    pub lesson: LessonEntry,
    pub screen: Screen,
}

/// The verdict on an attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(TS))]
pub enum CheckStatus {
    Solved,
    Continue,
    Missed,
}

/// `POST /api/lessons/{id}/check`.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct CheckAnswer {
    pub status: CheckStatus,
    pub message: String,
    /// The opponent's reply, when the lesson goes on.
    pub reply: Option<String>,
    /// The position after the moves (and the reply), legal moves listed while it goes on.
    pub screen: Screen,
}

/// A rule set or option explained.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct ChoiceView {
    pub id: String,
    /// `rules` or `option`.
    pub kind: String,
    pub summary: String,
    pub text: String,
}

/// A small position with the moves of one square (or attack board) marked.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct RulesDiagram {
    pub rules: Option<RuleSet>,
    pub options: Vec<String>,
    pub position: String,
    /// The square (or attack board) whose moves are marked.
    pub from: String,
    pub caption: String,
    /// Squares (board positions, for a board) it moves to without capturing.
    pub moves: Vec<String>,
    pub captures: Vec<String>,
    /// The position to draw (no legal moves listed).
    pub screen: Screen,
}

/// One section of a rules page.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct SectionView {
    /// `overview`, `piece` or `rule`.
    pub kind: String,
    pub rules: Option<RuleSet>,
    pub title: String,
    pub text: String,
    /// The lesson to practise it.
    pub lesson: Option<String>,
    pub diagram: Option<RulesDiagram>,
}

/// `GET /api/rules/{variant}`.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct RulesPage {
    pub variant: Variant,
    pub title: String,
    pub summary: String,
    pub choices: Vec<ChoiceView>,
    pub sections: Vec<SectionView>,
}

fn option_ids(o: Options) -> Vec<String> {
    o.ids().into_iter().map(String::from).collect()
}

fn entry(l: &Lesson) -> LessonEntry {
    LessonEntry {
        id: l.id.into(),
        variant: l.variant,
        rules: l.rules,
        options: option_ids(l.options),
        kind: l.kind.id().into(),
        piece: l.piece().map(|k| k.letter().to_string()),
        mover: l.mover.map(|m| match m {
            Mover::Piece(_) => MoverKind::Piece,
            Mover::Board => MoverKind::Board,
        }),
        title: l.title.into(),
        text: l.text.into(),
        position: l.position.into(),
        goal: GoalView {
            kind: l.goal.id().into(),
            square: l.goal.square().map(String::from),
            moves: l.goal.player_moves() as u32,
            text: l.goal.describe(),
        },
        hint: l.hint.into(),
        success: l.success.into(),
        solution: l.solution.iter().map(|t| t.to_string()).collect(),
    }
}

/// The game a position of the tables starts; a failure is a defect in the tables.
fn game_of(setup: Result<Setup, rules::SetupError>, position: &str) -> Result<AnyGame, ApiError> {
    let setup = setup.map_err(|e| ApiError::internal(e.to_string()))?;
    AnyGame::new(&setup, Some(position)).map_err(|e| ApiError::internal(e.to_string()))
}

async fn list() -> Json<LessonList> {
    Json(LessonList {
        lessons: lessons::all().map(entry).collect(),
    })
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

async fn one(Path(id): Path<String>) -> Result<Json<LessonView>, ApiError> {
    let l = find(&id)?;
    let screen =
        lessons::screen_after(l, &[], true).map_err(|e| ApiError::internal(e.to_string()))?;
    Ok(Json(LessonView {
        lesson: entry(l),
        screen,
    }))
}

/// Reads `{"moves": ["<token>", ...]}`.
fn parse_moves(body: Result<Bytes, BytesRejection>) -> Result<Vec<String>, ApiError> {
    let m = json_body(body)?.ok_or_else(|| ApiError::bad_request("field \"moves\" is required"))?;
    let moves = match m.get("moves") {
        Some(serde_json::Value::Array(a)) => a,
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

/// Judges an attempt and plays it out on the lesson's position for the screen.
fn judge(lesson: &'static Lesson, moves: &[String]) -> Result<CheckAnswer, ApiError> {
    let tokens: Vec<&str> = moves.iter().map(String::as_str).collect();
    let verdict = check_attempt(lesson, &tokens).map_err(|e| match e {
        AttemptError::Move { .. } => ApiError::illegal_move(e.to_string()),
        AttemptError::MoveCount { .. } => ApiError::bad_request(format!("field \"moves\": {e}")),
        AttemptError::Setup(_) | AttemptError::Position(_) => ApiError::internal(e.to_string()),
    })?;
    let (status, message, reply) = match verdict {
        Verdict::Solved => (CheckStatus::Solved, lesson.success.to_string(), None),
        Verdict::Continue { reply } => (
            CheckStatus::Continue,
            "Good. Your opponent replies; now finish it.".to_string(),
            Some(reply),
        ),
        Verdict::Missed { reason } => (CheckStatus::Missed, reason, None),
    };
    let played: Vec<&str> = tokens.iter().copied().chain(reply.as_deref()).collect();
    let screen = lessons::screen_after(lesson, &played, status == CheckStatus::Continue).map_err(
        |e| match e {
            AttemptError::Move { .. } => ApiError::illegal_move(e.to_string()),
            _ => ApiError::internal(e.to_string()),
        },
    )?;
    Ok(CheckAnswer {
        status,
        message,
        reply,
        screen,
    })
}

async fn check(
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<CheckAnswer>, ApiError> {
    let lesson = find(&id)?;
    let moves = parse_moves(body)?;
    // A mate in two is checked by trying every reply: engine-free but not instant.
    tokio::task::spawn_blocking(move || judge(lesson, &moves))
        .await
        .map_err(|e| ApiError::internal(format!("the check failed: {e}")))?
        .map(Json)
}

fn choice_view(c: &Choice) -> ChoiceView {
    ChoiceView {
        id: c.id.into(),
        kind: c.kind.id().into(),
        summary: c.summary.into(),
        text: c.text.into(),
    }
}

fn diagram_view(variant: Variant, d: &DiagramView) -> Result<RulesDiagram, ApiError> {
    let game = game_of(Setup::new(variant, d.rules, d.options), d.position)?;
    Ok(RulesDiagram {
        rules: d.rules,
        options: option_ids(d.options),
        position: d.position.into(),
        from: d.from.clone(),
        caption: d.caption.clone(),
        moves: d.marks.moves.clone(),
        captures: d.marks.captures.clone(),
        screen: game.screen(false),
    })
}

fn section_view(variant: Variant, s: &Section) -> Result<SectionView, ApiError> {
    Ok(SectionView {
        kind: s.kind.id().into(),
        rules: s.rules,
        title: s.title.into(),
        text: s.text.into(),
        lesson: s.lesson.map(String::from),
        diagram: s
            .diagram
            .as_ref()
            .map(|d| diagram_view(variant, d))
            .transpose()?,
    })
}

fn page_view(p: &Page) -> Result<RulesPage, ApiError> {
    Ok(RulesPage {
        variant: p.variant,
        title: p.variant.title().into(),
        summary: p.summary.into(),
        choices: p.choices.iter().map(choice_view).collect(),
        sections: p
            .sections
            .iter()
            .map(|s| section_view(p.variant, s))
            .collect::<Result<_, _>>()?,
    })
}

async fn rules_page(Path(variant): Path<String>) -> Result<Json<RulesPage>, ApiError> {
    let variant: Variant = variant
        .parse()
        .map_err(|e: rules::SetupError| ApiError::bad_setup(e.to_string()))?;
    tokio::task::spawn_blocking(move || {
        let page = guide::page(variant).map_err(|e| ApiError::internal(e.to_string()))?;
        page_view(&page)
    })
    .await
    .map_err(|e| ApiError::internal(format!("the page failed: {e}")))?
    .map(Json)
}

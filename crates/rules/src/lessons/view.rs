//! The lessons as every host shows them (docs/api.md "Lessons"; the server's JSON and
//! the browser's module answer the same): a lesson's entry, its position as a screen,
//! and the verdict on an attempt with the position after it. Plain data, serialized by
//! the hosts.

use super::{check_attempt, screen_after, AttemptError, Lesson, Verdict};
use crate::position::Mover;
use crate::screen::{MoverKind, Screen};
use crate::setup::{RuleSet, Variant};

/// Most moves an attempt may carry (a mate in two is three).
pub const MAX_ATTEMPT_MOVES: usize = 8;

/// What a lesson's move must achieve.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LessonList {
    pub lessons: Vec<LessonEntry>,
}

/// `GET /api/lessons/{id}`: the lesson and its position as a screen, legal moves listed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LessonView {
    #[cfg_attr(feature = "serde", serde(flatten))]
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub lesson: LessonEntry,
    pub screen: Screen,
}

/// The verdict on an attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum CheckStatus {
    Solved,
    Continue,
    Missed,
}

/// `POST /api/lessons/{id}/check`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CheckAnswer {
    pub status: CheckStatus,
    pub message: String,
    /// The opponent's reply, when the lesson goes on.
    pub reply: Option<String>,
    /// The position after the moves (and the reply), legal moves listed while it goes on.
    pub screen: Screen,
}

/// A lesson's entry.
pub fn entry(l: &Lesson) -> LessonEntry {
    LessonEntry {
        id: l.id.into(),
        variant: l.variant,
        rules: l.rules,
        options: l.options.ids().into_iter().map(String::from).collect(),
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

/// Every lesson, in the table's order.
pub fn list() -> LessonList {
    LessonList {
        lessons: super::all().map(entry).collect(),
    }
}

/// A lesson with its position to play from. An error is a defect in the lesson table.
pub fn lesson_view(l: &Lesson) -> Result<LessonView, AttemptError> {
    Ok(LessonView {
        lesson: entry(l),
        screen: screen_after(l, &[], true)?,
    })
}

/// Judges an attempt (move tokens: the player's and the replies given) and plays it out
/// on the lesson's position for the screen. `Move` and `MoveCount` errors are the
/// player's; the others are defects in the lesson table.
pub fn check(lesson: &Lesson, moves: &[&str]) -> Result<CheckAnswer, AttemptError> {
    let verdict = check_attempt(lesson, moves)?;
    let (status, message, reply) = match verdict {
        Verdict::Solved => (CheckStatus::Solved, lesson.success.to_string(), None),
        Verdict::Continue { reply } => (
            CheckStatus::Continue,
            "Good. Your opponent replies; now finish it.".to_string(),
            Some(reply),
        ),
        Verdict::Missed { reason } => (CheckStatus::Missed, reason, None),
    };
    let played: Vec<&str> = moves.iter().copied().chain(reply.as_deref()).collect();
    let screen = screen_after(lesson, &played, status == CheckStatus::Continue)?;
    Ok(CheckAnswer {
        status,
        message,
        reply,
        screen,
    })
}

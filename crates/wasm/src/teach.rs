//! The lessons and the rules pages, answered from the rules crate's tables as the server
//! answers them (the same views: `rules::lessons::view`, `rules::guide::view`), so the
//! static site teaches without a server. Errors name the input as the server's do.

use crate::error::{quoted, Error};
use rules::guide::view::RulesPage;
use rules::lessons::view::{self, CheckAnswer, LessonView, MAX_ATTEMPT_MOVES};
use rules::lessons::{self, AttemptError, Lesson};
use rules::Variant;
use table::ErrorCode;

fn find(id: &str) -> Result<&'static Lesson, Error> {
    lessons::find(id).ok_or_else(|| {
        Error::new(
            ErrorCode::UnknownLesson,
            format!("no lesson with id {}", quoted(id)),
        )
    })
}

/// A lesson with its position.
pub fn lesson(id: &str) -> Result<LessonView, Error> {
    view::lesson_view(find(id)?).map_err(|e| Error::new(ErrorCode::Internal, e.to_string()))
}

/// The verdict on an attempt (move tokens: the player's and the replies given).
pub fn check(id: &str, moves: &[String]) -> Result<CheckAnswer, Error> {
    let lesson = find(id)?;
    if moves.len() > MAX_ATTEMPT_MOVES {
        return Err(Error::new(
            ErrorCode::OutOfRange,
            format!(
                "field \"moves\" has {} entries; at most {MAX_ATTEMPT_MOVES}",
                moves.len()
            ),
        ));
    }
    let tokens: Vec<&str> = moves.iter().map(String::as_str).collect();
    view::check(lesson, &tokens).map_err(|e| match e {
        AttemptError::Move { .. } => Error::new(ErrorCode::IllegalMove, e.to_string()),
        AttemptError::MoveCount { .. } => {
            Error::new(ErrorCode::OutOfRange, format!("field \"moves\": {e}"))
        }
        AttemptError::Setup(_) | AttemptError::Position(_) => {
            Error::new(ErrorCode::Internal, e.to_string())
        }
    })
}

/// A variant's rules page.
pub fn rules_page(variant: &str) -> Result<RulesPage, Error> {
    let variant: Variant = variant.parse()?;
    rules::guide::view::rules_page(variant)
        .map_err(|e| Error::new(ErrorCode::Internal, e.to_string()))
}

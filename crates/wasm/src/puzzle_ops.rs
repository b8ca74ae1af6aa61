//! The puzzles for the static site, answered from the puzzles crate as the server answers
//! them (the same views: `puzzles::view`). The browser keeps the ratings (localStorage)
//! and the puzzles seen; this module judges, chooses and rates but stores nothing.
//! Errors name the input as the server's do.

use crate::error::{quoted, Error};
use crate::protocol::PuzzleRatings;
use puzzles::view::{
    self, PuzzleCatalogue, PuzzleCheck, PuzzleHint, PuzzleSolution, PuzzleView, RatingState,
};
use puzzles::{Puzzle, PuzzleError, MAX_MOVES};
use rating::Rating;
use table::ErrorCode;

/// Most ids a `seen` list may carry (far more than every set holds together).
pub const MAX_SEEN: usize = 100_000;

fn find(id: &str) -> Result<&'static Puzzle, Error> {
    puzzles::find(id).ok_or_else(|| {
        Error::new(
            ErrorCode::NotFound,
            format!("no puzzle with id {}", quoted(id)),
        )
    })
}

fn known_set(set: &str) -> Result<&'static puzzles::PuzzleSet, Error> {
    puzzles::set(set).ok_or_else(|| {
        Error::new(
            ErrorCode::NotFound,
            format!(
                "no puzzle set {}; the sets are {}",
                quoted(set),
                puzzles::SET_IDS.join(", ")
            ),
        )
    })
}

/// What a puzzle error is for the caller: a bad move or list is theirs, anything else a
/// defect in the sets.
fn error_of(e: PuzzleError) -> Error {
    match e {
        PuzzleError::Move { .. } => Error::new(ErrorCode::IllegalMove, e.to_string()),
        PuzzleError::MoveCount { .. } => {
            Error::new(ErrorCode::OutOfRange, format!("field \"moves\": {e}"))
        }
        PuzzleError::Reply { .. } | PuzzleError::OffSolution { .. } => {
            Error::new(ErrorCode::BadRequest, format!("field \"moves\": {e}"))
        }
        PuzzleError::Position { .. } | PuzzleError::Solution { .. } => {
            Error::new(ErrorCode::Internal, e.to_string())
        }
    }
}

fn tokens(moves: &[String]) -> Result<Vec<&str>, Error> {
    if moves.len() > MAX_MOVES {
        return Err(Error::new(
            ErrorCode::OutOfRange,
            format!(
                "field \"moves\" has {} entries; at most {MAX_MOVES}",
                moves.len()
            ),
        ));
    }
    Ok(moves.iter().map(String::as_str).collect())
}

/// A rating the browser kept, checked (the error names the field).
fn rating_of(field: &str, r: RatingState) -> Result<Rating, Error> {
    Rating::new(r.rating, r.deviation, r.volatility)
        .map_err(|e| Error::new(ErrorCode::OutOfRange, format!("{field}.{e}")))
}

fn puzzle_view(p: &Puzzle) -> Result<PuzzleView, Error> {
    view::puzzle_view(p, puzzles::starting_rating(p)).map_err(error_of)
}

/// Every set with its count and themes.
pub fn catalogue() -> PuzzleCatalogue {
    view::catalogue()
}

/// One puzzle to solve, at its starting rating.
pub fn puzzle(id: &str) -> Result<PuzzleView, Error> {
    puzzle_view(find(id)?)
}

/// The next puzzle of a set (and theme) near the player's rating (a new player's
/// without one), not among `seen`.
pub fn next(
    set: &str,
    theme: Option<&str>,
    rating: Option<RatingState>,
    seen: &[String],
) -> Result<PuzzleView, Error> {
    known_set(set)?;
    if seen.len() > MAX_SEEN {
        return Err(Error::new(
            ErrorCode::OutOfRange,
            format!(
                "field \"seen\" has {} entries; at most {MAX_SEEN}",
                seen.len()
            ),
        ));
    }
    let near = match rating {
        Some(r) => rating_of("rating", r)?,
        None => Rating::default(),
    };
    let seen_ids: std::collections::BTreeSet<&str> = seen.iter().map(String::as_str).collect();
    // The browser has no shared state to vary by: how far the player has come does.
    let seed = seen.len() as u64;
    let chosen = puzzles::choose(set, theme, near.rating, &|id| seen_ids.contains(id), seed)
        .ok_or_else(|| {
            let of_theme = theme
                .map(|t| format!(" with theme {}", quoted(t)))
                .unwrap_or_default();
            Error::new(
                ErrorCode::NotFound,
                format!("no puzzle left in set {set}{of_theme}: every one has been seen"),
            )
        })?;
    puzzle_view(chosen)
}

/// The day's puzzle of a set (`day`: days since 1970-01-01 UTC).
pub fn daily(set: &str, day: u64) -> Result<PuzzleView, Error> {
    known_set(set)?;
    let p = puzzles::daily(set, day).ok_or_else(|| {
        Error::new(
            ErrorCode::NotFound,
            format!("puzzle set {set} has no puzzles yet"),
        )
    })?;
    puzzle_view(p)
}

/// The verdict on moves (the solver's, with the replies given between them).
pub fn check(id: &str, moves: &[String]) -> Result<PuzzleCheck, Error> {
    let p = find(id)?;
    view::check(p, &tokens(moves)?).map_err(error_of)
}

/// Where the next solver move starts.
pub fn hint(id: &str, moves: &[String]) -> Result<PuzzleHint, Error> {
    let p = find(id)?;
    view::hint(p, &tokens(moves)?).map_err(error_of)
}

/// The solution with a screen before it and after each move.
pub fn solution(id: &str) -> Result<PuzzleSolution, Error> {
    view::solution(find(id)?).map_err(error_of)
}

/// One attempt rated: the player "wins" when it was solved.
pub fn rate(
    player: RatingState,
    puzzle: RatingState,
    solved: bool,
) -> Result<PuzzleRatings, Error> {
    let player = rating_of("player", player)?;
    let puzzle = rating_of("puzzle", puzzle)?;
    let (player, puzzle) = puzzles::try_rate(player, puzzle, solved)
        .map_err(|e| Error::new(ErrorCode::OutOfRange, e.to_string()))?;
    Ok(PuzzleRatings {
        player: player.into(),
        puzzle: puzzle.into(),
    })
}

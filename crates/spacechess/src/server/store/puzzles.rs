//! Puzzle ratings and attempts, kept by both stores behind [`PuzzleStore`].
//!
//! Each player has one rating per puzzle set, each puzzle one rating on this host; only a
//! player's first attempt at a puzzle is rated. The database decides both rules, so that
//! they hold with several instances over one database: the attempts' primary key
//! (player, puzzle) refuses a second attempt, and the rated attempt reads and writes both
//! ratings in the transaction that inserts it, the rows locked (PostgreSQL) or under the
//! one writer (SQLite), so that concurrent attempts at one puzzle lose no update.

use super::StoreResult;
use rating::Rating;
use std::collections::{HashMap, HashSet};

/// The ratings after one attempt: the player's and the puzzle's, each computed from both
/// ratings before it, and whether the player solved the puzzle. Pure (the puzzles crate's
/// Glicko-2 update), so that the store can run it inside its transaction.
pub type Rate = fn(player: Rating, puzzle: Rating, solved: bool) -> (Rating, Rating);

/// A player's attempt at a puzzle, to be recorded (rated only if it is the first).
#[derive(Clone, Debug)]
pub struct NewAttempt {
    pub player: String,
    pub puzzle: String,
    pub set: String,
    pub solved: bool,
    /// When it was made, in ms since the Unix epoch.
    pub at_ms: i64,
    /// The player's rating in the set if it has none stored yet.
    pub player_start: Rating,
    /// The puzzle's rating if it has none stored yet (its seed rating).
    pub puzzle_start: Rating,
    pub rate: Rate,
}

/// What recording an attempt did. An unrated attempt (not the player's first at the
/// puzzle) changed nothing: the ratings are the current ones, `player_before` equal to
/// `player`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AttemptRecord {
    pub rated: bool,
    pub player_before: Rating,
    pub player: Rating,
    pub puzzle: Rating,
}

/// A player's rating in one set, with how many puzzles of it they attempted and solved.
#[derive(Clone, Debug, PartialEq)]
pub struct SetRating {
    pub set: String,
    pub rating: Rating,
    pub attempts: u32,
    pub solved: u32,
}

/// One recorded attempt, for a player's history.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredAttempt {
    pub puzzle: String,
    pub set: String,
    pub solved: bool,
    pub rated: bool,
    /// The player's rating in the set after the attempt.
    pub rating_after: f64,
    pub at_ms: i64,
}

/// Where puzzle ratings and attempts are kept (every [`super::GameStore`] is one).
pub trait PuzzleStore: Send + Sync {
    /// The player's rating in the set, if they have one (else they start at the default).
    fn player_puzzle_rating(&self, player: &str, set: &str) -> StoreResult<Option<Rating>>;

    /// The current rating of every puzzle of the set attempted on this host (the others
    /// are at their seed ratings).
    fn puzzle_ratings(&self, set: &str) -> StoreResult<HashMap<String, Rating>>;

    /// The current rating of one puzzle, if it was ever attempted on this host.
    fn puzzle_rating(&self, puzzle: &str) -> StoreResult<Option<Rating>>;

    /// The puzzles of the set the player has attempted.
    fn attempted(&self, player: &str, set: &str) -> StoreResult<HashSet<String>>;

    /// Records an attempt. The player's first at the puzzle is rated: in one transaction
    /// the attempt's row is inserted and both ratings (rows made from the starting
    /// ratings when absent) are read locked, updated by `a.rate` and written back. Any
    /// later attempt records nothing and is answered unrated with the current ratings.
    fn record_attempt(&self, a: &NewAttempt) -> StoreResult<AttemptRecord>;

    /// The player's ratings, one per set attempted (in set id order), and their last
    /// `limit` attempts, newest first.
    fn player_puzzles(
        &self,
        player: &str,
        limit: u32,
    ) -> StoreResult<(Vec<SetRating>, Vec<StoredAttempt>)>;
}

/// A stored rating, checked: a row outside Glicko-2's bounds is a defect, reported as a
/// store failure rather than rated with.
pub(super) fn stored_rating(rating: f64, deviation: f64, volatility: f64) -> StoreResult<Rating> {
    Rating::new(rating, deviation, volatility)
        .map_err(|e| super::StoreError::Failed(format!("a stored puzzle rating is invalid: {e}")))
}

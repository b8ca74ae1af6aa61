//! The one error of this crate: a number it was given that it cannot rate with.

use std::fmt;

/// A bad input: which field, the value it had, and what it must be.
///
/// `field` is a path a caller can show as is: `tau`, `player.deviation`,
/// `games[2].score`, `white.rating`, `white_score`, `periods`.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingError {
    pub field: String,
    pub value: f64,
    pub expected: String,
}

impl RatingError {
    pub(crate) fn new(field: impl Into<String>, value: f64, expected: impl Into<String>) -> Self {
        RatingError {
            field: field.into(),
            value,
            expected: expected.into(),
        }
    }
}

impl fmt::Display for RatingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is {}; it must be {}",
            self.field, self.value, self.expected
        )
    }
}

impl std::error::Error for RatingError {}

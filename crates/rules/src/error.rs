//! Errors. Each carries the rejected input and says what is wrong with it.

use crate::setup::{RuleSet, Variant};
use std::fmt;

/// A variant, rule set or option that does not exist or does not apply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    UnknownVariant(String),
    UnknownRuleSet(String),
    UnknownOption(String),
    RuleSetNotApplicable {
        variant: Variant,
        rules: RuleSet,
    },
    OptionNotApplicable {
        option: &'static str,
        variant: Variant,
    },
    /// An option of the variant that another rule set of it excludes.
    OptionNotForRuleSet {
        option: &'static str,
        rules: RuleSet,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::UnknownVariant(v) => write!(
                f,
                "unknown variant {v:?} (expected {})",
                Variant::ids_in_words()
            ),
            SetupError::UnknownRuleSet(r) => write!(
                f,
                "unknown rule set {r:?} (expected federation, meder or stepwise)"
            ),
            SetupError::UnknownOption(o) => write!(
                f,
                "unknown option {o:?} (expected rook-pawns or destroy-both-kings)"
            ),
            SetupError::RuleSetNotApplicable { variant, rules } => {
                write!(f, "rule set {rules} applies to trid only, not to {variant}")
            }
            SetupError::OptionNotApplicable { option, variant } => match *option {
                "rook-pawns" => write!(f, "option rook-pawns applies to trid with federation rules only, not to {variant}"),
                _ => write!(f, "option {option} does not apply to {variant}"),
            },
            SetupError::OptionNotForRuleSet { option, rules } => write!(
                f,
                "option {option} applies to trid with federation rules only, not with {rules} rules"
            ),
        }
    }
}

impl std::error::Error for SetupError {}

/// A position string that cannot be read, or describes an impossible position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// The rejected position string.
    pub input: String,
    /// What is wrong and where.
    pub reason: String,
}

impl PositionError {
    pub fn new(input: &str, reason: impl Into<String>) -> PositionError {
        PositionError {
            input: input.to_string(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid position {:?}: {}", self.input, self.reason)
    }
}

impl std::error::Error for PositionError {}

/// A move that cannot be read or is not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// The rejected move text.
    pub input: String,
    pub reason: MoveErrorReason,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveErrorReason {
    /// Not a move in any recognised form.
    Unreadable(String),
    /// Readable, but not a legal move here.
    Illegal,
    /// Matches more than one legal move: their short forms.
    Ambiguous(Vec<String>),
    /// The game is already over.
    GameOver,
}

impl MoveError {
    pub fn illegal(input: &str) -> MoveError {
        MoveError {
            input: input.to_string(),
            reason: MoveErrorReason::Illegal,
        }
    }
    pub fn unreadable(input: &str, why: impl Into<String>) -> MoveError {
        MoveError {
            input: input.to_string(),
            reason: MoveErrorReason::Unreadable(why.into()),
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.reason {
            MoveErrorReason::Unreadable(why) => {
                write!(f, "unreadable move {:?}: {why}", self.input)
            }
            MoveErrorReason::Illegal => write!(f, "illegal move {:?}", self.input),
            MoveErrorReason::Ambiguous(fits) => write!(
                f,
                "ambiguous move {:?}: it fits {}",
                self.input,
                fits.join(", ")
            ),
            MoveErrorReason::GameOver => {
                write!(f, "move {:?} after the game has ended", self.input)
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// A game record that cannot be imported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// A tag pair or the movetext is malformed (line number from 1).
    Syntax { line: usize, reason: String },
    /// A required tag is missing or a tag value is unusable.
    Tag { tag: String, reason: String },
    /// The starting position is invalid.
    Position(PositionError),
    /// The game's setup is invalid.
    Setup(SetupError),
    /// The first move that cannot be played: its full-move number, side and text.
    Move {
        number: u32,
        color: crate::piece::Color,
        text: String,
        error: MoveError,
    },
    /// The record exceeds a size limit.
    TooLarge { what: &'static str, limit: usize },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Syntax { line, reason } => write!(f, "record line {line}: {reason}"),
            RecordError::Tag { tag, reason } => write!(f, "record tag {tag}: {reason}"),
            RecordError::Position(e) => write!(f, "record position: {e}"),
            RecordError::Setup(e) => write!(f, "record setup: {e}"),
            RecordError::Move {
                number,
                color,
                text,
                error,
            } => {
                let dots = match color {
                    crate::piece::Color::White => ".",
                    crate::piece::Color::Black => "...",
                };
                write!(f, "record move {number}{dots} {text}: {error}")
            }
            RecordError::TooLarge { what, limit } => {
                write!(f, "record too large: more than {limit} {what}")
            }
        }
    }
}

impl std::error::Error for RecordError {}

impl From<SetupError> for RecordError {
    fn from(e: SetupError) -> Self {
        RecordError::Setup(e)
    }
}

impl From<PositionError> for RecordError {
    fn from(e: PositionError) -> Self {
        RecordError::Position(e)
    }
}

//! Errors answered to the caller: a stable code for programs and a message for people
//! that names the rejected input.

use rules::{MoveError, PlayError, PositionError, RecordError, SetupError};
use serde::Serialize;
use std::fmt;

/// What kind of request failed, as the `code` of an error answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Code {
    /// Not JSON, or not a request of this interface.
    BadRequest,
    BadSetup,
    BadPosition,
    BadRecord,
    IllegalMove,
    GameOver,
    NothingToUndo,
    NoSuchGame,
    /// A depth, size or time outside what the module accepts.
    OutOfRange,
    NoSuchLesson,
    /// A defect in the rules' own tables (a lesson or a rules page that cannot be built).
    Internal,
}

/// A failed request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Error {
    pub code: Code,
    pub message: String,
}

impl Error {
    pub fn new(code: Code, message: impl Into<String>) -> Error {
        Error {
            code,
            message: message.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: {}", self.code, self.message)
    }
}

/// At most this many characters of a rejected input are quoted back.
const QUOTED: usize = 120;

/// `text` cut to [`QUOTED`] characters (marked with `…` when cut).
pub fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTED) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

impl From<SetupError> for Error {
    fn from(e: SetupError) -> Error {
        Error::new(Code::BadSetup, e.to_string())
    }
}

impl From<PositionError> for Error {
    fn from(e: PositionError) -> Error {
        Error::new(Code::BadPosition, e.to_string())
    }
}

impl From<RecordError> for Error {
    fn from(e: RecordError) -> Error {
        Error::new(Code::BadRecord, e.to_string())
    }
}

impl From<MoveError> for Error {
    fn from(e: MoveError) -> Error {
        Error::new(Code::IllegalMove, e.to_string())
    }
}

impl From<PlayError> for Error {
    fn from(e: PlayError) -> Error {
        match e {
            PlayError::GameOver(_) => Error::new(Code::GameOver, e.to_string()),
            PlayError::Move(e) => e.into(),
        }
    }
}

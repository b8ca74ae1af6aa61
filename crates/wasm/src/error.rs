//! Errors answered to the caller: a stable code for programs (the table's
//! [`ErrorCode`], the one list the server answers with too) and a message for people
//! that names the rejected input.

use rules::any::NewGameError;
use rules::{MoveError, PlayError, PositionError, RecordError, SetupError};
use serde::Serialize;
use std::fmt;
use table::ErrorCode;

/// A failed request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "ModuleError"))]
pub struct Error {
    pub code: ErrorCode,
    pub message: String,
}

impl Error {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Error {
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
        Error::new(ErrorCode::BadSetup, e.to_string())
    }
}

impl From<PositionError> for Error {
    fn from(e: PositionError) -> Error {
        Error::new(ErrorCode::BadPosition, e.to_string())
    }
}

impl From<RecordError> for Error {
    fn from(e: RecordError) -> Error {
        Error::new(ErrorCode::BadRecord, e.to_string())
    }
}

impl From<MoveError> for Error {
    fn from(e: MoveError) -> Error {
        Error::new(ErrorCode::IllegalMove, e.to_string())
    }
}

impl From<PlayError> for Error {
    fn from(e: PlayError) -> Error {
        match e {
            PlayError::GameOver(_) => Error::new(ErrorCode::GameOver, e.to_string()),
            PlayError::Move(e) => e.into(),
        }
    }
}

impl From<NewGameError> for Error {
    fn from(e: NewGameError) -> Error {
        match e {
            NewGameError::Setup(e) => e.into(),
            NewGameError::Position(e) => e.into(),
        }
    }
}

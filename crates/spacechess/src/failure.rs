//! The program's error: a message for standard error, and exit status 2. Every command
//! (and the server's start) returns it; anything displayable converts into it.

/// A failure to report: the message, and exit status 2.
pub struct Failure(pub String);

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(e: E) -> Self {
        Failure(e.to_string())
    }
}

//! The web server as a library: the program (main.rs) runs it, and the fuzz targets
//! (fuzz/) read the API's request bodies through [`server::fuzzing`].

pub mod server;

/// A failure to report: the message, and exit status 2.
pub struct Failure(pub String);

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(e: E) -> Self {
        Failure(e.to_string())
    }
}

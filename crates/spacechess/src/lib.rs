//! The web server as a library: the program (main.rs) runs it, and the fuzz targets
//! (fuzz/) read the API's request bodies through [`server::fuzzing`].

pub mod failure;
pub mod server;

pub use failure::Failure;

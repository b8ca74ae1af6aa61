//! One game table: the rules of a game in progress, written once for every host.
//!
//! The rules crate knows chess; this crate knows a game being played: who holds each
//! seat, the clocks, offers, take-backs, the computer's turn, the scores shown and the
//! Oracle's duty. A host (the server, the WebAssembly module) keeps tables, stores them,
//! runs the engine and the timers, and passes the time in: nothing here reads a clock,
//! starts a thread or touches I/O.

pub mod code;

pub use code::ErrorCode;

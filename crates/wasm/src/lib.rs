//! The rules and the engine for the browser: a WebAssembly module (built by
//! `scripts/build-wasm`) that answers JSON requests — new game, legal moves, play, undo,
//! records, perft, bench, search, analysis lines, the Oracle, the lessons, the rules
//! pages and the puzzles — for a Web Worker. The interface is described in docs/wasm.md; [`exports`] is
//! the boundary, [`service::Service`] answers.
//!
//! A search runs on the calling thread (the worker's); the browser stops it by ending
//! the worker.

pub mod buffers;
#[cfg(test)]
mod contract;
pub mod error;
pub mod exports;
pub mod protocol;
pub mod puzzle_ops;
pub mod service;
pub mod session;
pub mod table_protocol;
pub mod tables;
pub mod teach;

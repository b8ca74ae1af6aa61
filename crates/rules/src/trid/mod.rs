//! Tri-D chess (Star Trek tri-dimensional chess) with attack boards, in three rule sets
//! (`federation`, `meder`, `stepwise`) chosen at run time from the [`crate::Setup`].
//!
//! One position type serves all three rule sets: the geometry, the position string and
//! most move rules are shared; what differs (what blocks a line, pawn details, castling
//! conditions, attack-board moves) is a `match` on the rule set in the few places it
//! matters.

mod attack_boards;
mod board;
pub mod geometry;
mod hash;
mod movegen;
mod notation;
pub mod paths;
mod play;
mod position;
mod string;
mod view;

pub(crate) use board::{code, kind, CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ, NO_SQ};
pub use board::{TridMove, TridPosition};

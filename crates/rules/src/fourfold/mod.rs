//! Fourfold: 4×4×2×2 four-dimensional chess (seed 004, spec `fourfold.md`).
//!
//! The 64 squares are one `u64` ([`square`]); attack masks are computed at compile time
//! ([`tables`]); legal moves come from check and pin detection ([`movegen`]).
//!
//! Decisions (also in `docs/rules-decisions.md`, section "Fourfold"):
//! - Display notation is the public game's ASCII long algebraic form (`Bb1@10-b1@01`),
//!   for both [`crate::Position::move_notation`] and its ASCII variant.
//! - Cells are dark when x+y+z+w is even (a1@00 dark, as in orthodox chess).
//! - Position strings reject a pawn on its last rank (it would have promoted); a pawn on
//!   its own first rank is accepted (it cannot arise in play but breaks no rule).
//! - Insufficient material means exactly the two kings are left.

mod attacks;
mod board;
mod fen;
mod movegen;
mod position;
mod record;
pub mod square;
mod tables;
mod text;

pub use board::FourfoldPosition;
pub use fen::START;
pub use movegen::{FourfoldMove, FourfoldMoves, FourfoldMovesIter};
pub use position::FourfoldUndo;
pub use record::export_public;

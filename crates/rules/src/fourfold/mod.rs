//! Fourfold: 4×4×2×2 four-dimensional chess (seed 004, spec `fourfold.md`).
//!
//! The 64 squares are one `u64` ([`geometry`]); attack masks are computed at compile time
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
pub mod geometry;
mod movegen;
mod notation;
mod play;
mod position;
mod record;
mod string;
mod tables;
mod view;

pub use board::{FourfoldMove, FourfoldPosition};
pub use movegen::{FourfoldMoves, FourfoldMovesIter};
pub use play::FourfoldUndo;
pub use record::{export_public, public_form, PublicFormError};
pub use string::START;

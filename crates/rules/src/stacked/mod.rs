//! Stacked Boards: three 8×8 boards B (bottom), M (middle), T (top), seed 000.
//!
//! Same-board moves are orthodox chess (no en passant); inter-board moves never capture
//! and follow the table of the specification; every piece's first move must change
//! boards (except castling, and same-board answers to a check); castling on the home
//! board or together to the middle board; promotion on the far rank of any board.
//!
//! Decisions on points the specification leaves open:
//! - **Unmoved pieces in position strings**: a piece without `*` is unmoved on a start
//!   square of its kind on its home board and moved anywhere else (see `string.rs`).
//! - **Pawns on rank 1 or 8** are rejected by the position-string parser: no pawn move
//!   ends there without promoting, and pawns never move backwards.
//! - **Counters** above [`crate::position_string::MAX_COUNTER`] are rejected, so playing
//!   moves can never overflow them.
//! - **`play_null`** counts as a half-move for the 50-move counter (it is used by the
//!   search only and taken back).

mod board;
mod geometry;
mod movegen;
mod notation;
mod play;
mod position;
mod string;
mod view;

pub use board::{StackedMove, StackedPosition};
pub use geometry::square_name;
pub use movegen::{StackedMoves, StackedMovesIter};
pub use play::StackedUndo;

/// The standard start position string.
pub const START: &str =
    "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/8/8 w 0 1";

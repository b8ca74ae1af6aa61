//! Quadlevel 3D chess (spec: quadlevel.md): four levels of 4×8, two kings per side.
//!
//! Rules implemented as the specification decides them, plus these readings:
//! - A castling's "passing" cell is tested for attack in the position before the move;
//!   the landing cell (and the other king) after it, like every other move.
//! - The en passant field is set only when an enemy pawn stands beside the pawn that
//!   made the two-cell move (so equal positions hash equally for repetition).
//! - Position strings mark with `*` every king and rook that has moved; one written
//!   without `*` off its starting cell is read as moved.
//! - Destroy-both-kings: the removed king is written first in the token
//!   (`b1L2!c3L3c4L3`) and, in display notation, as a prefix in parentheses:
//!   `(♔b1L2)♘c3L3–c4L3`.

mod attacks;
mod board;
mod castling;
mod geometry;
mod movegen;
mod notation;
mod play;
mod position;
mod string;
mod view;

pub use board::{MoveKind, QuadlevelMove, QuadlevelPosition};
pub use geometry::{parse_square, square_name};
pub use play::QuadlevelUndo;
pub use string::START;

//! Quadlevel 3D chess (spec: quadlevel.md): four levels of 4×8, two kings per side.
//!
//! Rules implemented as the specification decides them, plus these readings:
//! - A castling's "passing" cell is tested for attack in the position before the move;
//!   the landing cell (and the other king) after it, like every other move.
//! - The en passant field is set only when an enemy pawn stands beside the pawn that
//!   made the two-cell move (so equal positions hash equally for repetition).
//! - Position strings mark with `*` every king and rook that has moved; one written
//!   without `*` must stand on its starting cell.
//! - Destroy-both-kings: the removed king is written first in the token
//!   (`b1L2!c3L3c4L3`) and, in display notation, as a prefix in parentheses:
//!   `(♔b1L2)♘c3L3–c4L3`.

mod attacks;
mod board;
mod castling;
mod fen;
mod geometry;
mod make;
mod movegen;
mod notation;
mod position_impl;

pub use board::QuadlevelPosition;
pub use fen::START;
pub use geometry::{parse_square, square_name};
pub use make::QuadlevelUndo;

use crate::piece::PieceKind;

/// What kind of move, beyond from and to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    Normal,
    /// A pawn's two-cell first move.
    DoublePush,
    EnPassant,
    Promotion(PieceKind),
    /// Index into the castling table; `from`/`to` are the king's cells.
    Castling(u8),
}

/// A Quadlevel move. Cells are indices (level·32 + rank·4 + file).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QuadlevelMove {
    pub from: u8,
    pub to: u8,
    pub kind: MoveKind,
    /// Destroy-both-kings: the own king removed as part of this move.
    pub removed_king: Option<u8>,
}

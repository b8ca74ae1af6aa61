//! Read-only access to a Stacked Boards position for the engine's evaluation.

use super::board::StackedPosition;
use crate::piece::{Color, PieceKind};

impl StackedPosition {
    /// The squares (bitboard of local squares) of a side's pieces of a kind on one board
    /// (0 = B, 1 = M, 2 = T).
    pub fn pieces_on_board(&self, board: usize, color: Color, kind: PieceKind) -> u64 {
        self.pieces[board][color.index()][kind.index()]
    }

    /// The board (0 = B, 1 = M, 2 = T) a side's king stands on.
    pub fn king_board(&self, color: Color) -> usize {
        usize::from(self.kings[color.index()]) >> 6
    }
}

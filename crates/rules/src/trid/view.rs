//! Read-only access to a Tri-D position for the engine's evaluation.

use super::geometry::Sq;
use super::{code, TridPosition};
use crate::piece::{Color, Piece};

impl TridPosition {
    /// Every piece with its square (index into the 6×10×8 square space; see
    /// [`super::geometry::sq_x`] and friends for its coordinates), White's first.
    pub fn pieces(&self) -> impl Iterator<Item = (Sq, Piece)> + '_ {
        self.pieces_of(0)
            .chain(self.pieces_of(1))
            .map(|s| (s, code::piece(self.at(s))))
    }

    /// The side that owns attack board `b` (0 WQL, 1 WKL, 2 BQL, 3 BKL) now.
    pub fn board_owner(&self, b: usize) -> Color {
        if self.owner(b) == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The attack board a square belongs to, if any.
    pub fn attack_board_at(&self, s: Sq) -> Option<usize> {
        self.board_at(s)
    }
}

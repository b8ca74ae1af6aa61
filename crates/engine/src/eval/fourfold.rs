//! Fourfold (4×4×2×2): material with values for a tiny four-dimensional space (pawns
//! promote within a few moves, so they are worth more), and central squares.

use super::{material_balance, Evaluate, PieceValues, TEMPO};
use crate::score::Value;
use rules::fourfold::{geometry::coords, FourfoldPosition};
use rules::{PieceKind, Position};

pub const VALUES: PieceValues = [140, 300, 330, 480, 900, 0];

/// Pieces (not pawns or kings) on the four central squares of their 4×4 board.
const CENTRAL: Value = 8;

impl Evaluate for FourfoldPosition {
    fn evaluate(&self) -> Value {
        let us = self.turn();
        let mut positional = 0;
        for sq in 0..64 {
            if let Some(p) = self.piece_at(sq) {
                if matches!(p.kind, PieceKind::Pawn | PieceKind::King) {
                    continue;
                }
                let [x, y, _, _] = coords(sq);
                if (1..=2).contains(&x) && (1..=2).contains(&y) {
                    positional += if p.color == us { CENTRAL } else { -CENTRAL };
                }
            }
        }
        material_balance(self, &VALUES) + positional + TEMPO
    }
    fn piece_values(&self) -> PieceValues {
        VALUES
    }
}

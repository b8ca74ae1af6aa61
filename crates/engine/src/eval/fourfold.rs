//! Fourfold (4×4×2×2): material with values for a tiny four-dimensional space (pawns
//! promote within a few moves, so they are worth more), and central squares.
//! Weights: `weights/fourfold.txt`.

use super::weights::{self, material_terms, Committed, Terms, Weighted, MATERIAL};
use super::{Evaluate, PieceValues};
use crate::score::Value;
use rules::fourfold::{geometry::coords, FourfoldPosition};
use rules::{PieceKind, Position};

/// The terms: material, then pieces (not pawns or kings) on the four central squares
/// of their 4×4 board, then the tempo bonus (count 1).
pub const TERMS: &[&str] = &[
    MATERIAL[0],
    MATERIAL[1],
    MATERIAL[2],
    MATERIAL[3],
    MATERIAL[4],
    "central",
    "tempo",
];
const CENTRAL: usize = 5;
const TEMPO: usize = 6;

static WEIGHTS: Committed = Committed::new("fourfold", TERMS, include_str!("weights/fourfold.txt"));

impl Weighted for FourfoldPosition {
    fn committed() -> &'static Committed {
        &WEIGHTS
    }
    fn terms<T: Terms>(&self, t: &mut T) {
        let us = self.turn();
        let mut central = 0;
        for sq in 0..64 {
            if let Some(p) = self.piece_at(sq) {
                if matches!(p.kind, PieceKind::Pawn | PieceKind::King) {
                    continue;
                }
                let [x, y, _, _] = coords(sq);
                if (1..=2).contains(&x) && (1..=2).contains(&y) {
                    central += if p.color == us { 1 } else { -1 };
                }
            }
        }
        material_terms(self, t);
        t.add(CENTRAL, central as Value);
        t.add(TEMPO, 1);
    }
}

impl Evaluate for FourfoldPosition {
    fn evaluate(&self) -> Value {
        self.weighted_score()
    }
    fn piece_values(&self) -> PieceValues {
        weights::piece_values(WEIGHTS.get())
    }
}

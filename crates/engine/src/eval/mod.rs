//! Static evaluation: how good a position is for the side to move, in centipawns.
//!
//! [`evaluate`] is what the search calls: the [`Evaluate`] impl of the position type, one
//! per variant. [`generic`] (material with standard values) serves position types
//! without a written evaluation, such as the tests' toy game. Room to move is the
//! [`mobility`] term, common to all variants.

mod fourfold;
mod quadlevel;
mod stacked;
mod trid;
pub mod weights;

use crate::score::Value;
use rules::{PieceKind, Position};

/// Piece values in centipawns, indexed by [`PieceKind::index`] (the king's is unused).
pub type PieceValues = [Value; 6];

/// Orthodox values: the fallback for geometries without fitted ones.
pub const STANDARD_VALUES: PieceValues = [100, 310, 330, 500, 950, 0];

/// A small bonus for having the move (it makes odd and even depths agree better).
pub const TEMPO: Value = 10;

/// The evaluation of a position type: every variant's position implements it, and the
/// search is generic over it, so the evaluation is chosen by the type at compile time.
pub trait Evaluate: Position {
    /// The score for the side to move.
    fn evaluate(&self) -> Value;
    /// Piece values of this geometry (for the search's material guard and pruning margins).
    fn piece_values(&self) -> PieceValues {
        STANDARD_VALUES
    }
}

/// The static evaluation for the side to move.
pub fn evaluate<P: Evaluate>(pos: &P) -> Value {
    pos.evaluate()
}

/// Piece values of the position's variant.
pub fn piece_values<P: Evaluate>(pos: &P) -> PieceValues {
    pos.piece_values()
}

/// Centipawns per legal move of difference in mobility.
pub const MOBILITY_WEIGHT: Value = 3;

/// The mobility term: room to move, measured as the difference between the side to
/// move's legal move count and the opponent's at the parent node (which the search has
/// just generated, so the term costs nothing; `theirs` < 0 when unknown). In Tri-D the
/// attack-board moves count too, which rewards controlling the boards.
pub fn mobility(ours: i32, theirs: i32) -> Value {
    if theirs < 0 {
        0
    } else {
        MOBILITY_WEIGHT * (ours - theirs)
    }
}

/// Material balance for the side to move with the given values.
pub fn material_balance<P: Position>(pos: &P, values: &PieceValues) -> Value {
    let m = pos.material();
    let us = pos.turn().index();
    let mut score = 0;
    for kind in PieceKind::ALL {
        let k = kind.index();
        score += values[k] * (Value::from(m[us][k]) - Value::from(m[1 - us][k]));
    }
    score
}

/// Material only, with standard values, plus the tempo bonus: usable for any variant.
pub fn generic<P: Position>(pos: &P) -> Value {
    material_balance(pos, &STANDARD_VALUES) + TEMPO
}

/// The side to move has a piece other than pawns and king: null-move pruning is safe
/// enough (zugzwang is rare with such material).
pub fn has_non_pawn_material<P: Position>(pos: &P) -> bool {
    let m = pos.material()[pos.turn().index()];
    m[PieceKind::Knight.index()]
        + m[PieceKind::Bishop.index()]
        + m[PieceKind::Rook.index()]
        + m[PieceKind::Queen.index()]
        > 0
}

//! Search scores: centipawns from the side to move's point of view, with mate scores
//! encoded as distances from a large constant so that faster mates score higher.

use crate::types::Score;

/// A score in centipawns; mates are near ±[`MATE`].
pub type Value = i32;

/// Mate at the root (ply 0). A mate found at ply `p` scores `MATE - p`.
pub const MATE: Value = 30_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: Value = MATE - 1_000;
/// Larger than every score: the initial window.
pub const INFINITE: Value = 31_000;
pub const DRAW: Value = 0;

/// The score of being mated at this ply (from the side to move's point of view).
pub fn mated_in(ply: usize) -> Value {
    -MATE + ply as Value
}

pub fn is_mate(v: Value) -> bool {
    v.abs() >= MATE_BOUND
}

/// Mate scores are stored in the transposition table relative to the node, not the root,
/// so that a stored mate means the same distance wherever the node is met again.
pub fn to_table(v: Value, ply: usize) -> Value {
    if v >= MATE_BOUND {
        v + ply as Value
    } else if v <= -MATE_BOUND {
        v - ply as Value
    } else {
        v
    }
}

pub fn from_table(v: Value, ply: usize) -> Value {
    if v >= MATE_BOUND {
        v - ply as Value
    } else if v <= -MATE_BOUND {
        v + ply as Value
    } else {
        v
    }
}

/// The outside form: centipawns, or mate in moves (positive: the side to move mates).
pub fn to_api(v: Value) -> Score {
    if v >= MATE_BOUND {
        let plies = MATE - v;
        Score::Mate((plies + 1) / 2)
    } else if v <= -MATE_BOUND {
        let plies = MATE + v;
        Score::Mate(-((plies + 1) / 2))
    } else {
        Score::Cp(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_moves_not_plies() {
        assert_eq!(to_api(MATE - 1), Score::Mate(1));
        assert_eq!(to_api(MATE - 3), Score::Mate(2));
        assert_eq!(to_api(mated_in(2)), Score::Mate(-1));
        assert_eq!(to_api(mated_in(0)), Score::Mate(0));
        assert_eq!(to_api(35), Score::Cp(35));
    }

    #[test]
    fn table_scores_round_trip() {
        for v in [MATE - 5, -MATE + 7, 120, -40] {
            assert_eq!(from_table(to_table(v, 9), 9), v);
        }
    }
}

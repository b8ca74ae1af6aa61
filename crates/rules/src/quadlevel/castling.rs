//! The eight castlings of each side (quadlevel.md's table). Black's are White's on
//! rank 8 (same files and levels).

use super::geometry::square;
use crate::piece::Color;

/// One castling, as cells of White's rank 1 given as (file, level).
pub struct CastlingRule {
    /// Display notation, e.g. `L2O-OL1` (the same for both sides).
    pub notation: &'static str,
    pub king_from: (i8, i8),
    pub king_to: (i8, i8),
    pub rook_from: (i8, i8),
    pub rook_to: (i8, i8),
    /// Cells that must be empty.
    pub empty: &'static [(i8, i8)],
    /// The cell the king passes over (two-cell castlings), which must not be attacked.
    pub passes: Option<(i8, i8)>,
}

/// (file, level) with files a=0.. and levels L1=0..
pub const CASTLINGS: [CastlingRule; 8] = [
    CastlingRule {
        notation: "L2O-O",
        king_from: (1, 1),
        king_to: (0, 1),
        rook_from: (0, 0),
        rook_to: (1, 1),
        empty: &[(0, 1), (1, 0)],
        passes: None,
    },
    CastlingRule {
        notation: "L2O-OL1",
        king_from: (1, 1),
        king_to: (1, 0),
        rook_from: (0, 0),
        rook_to: (1, 1),
        empty: &[(1, 0), (0, 1)],
        passes: None,
    },
    CastlingRule {
        notation: "L2O-O-O",
        king_from: (1, 1),
        king_to: (3, 1),
        rook_from: (3, 0),
        rook_to: (2, 1),
        empty: &[(2, 1), (3, 1), (2, 0)],
        passes: Some((2, 1)),
    },
    CastlingRule {
        notation: "L2O-O-OL4",
        king_from: (1, 1),
        king_to: (1, 3),
        rook_from: (0, 3),
        rook_to: (1, 2),
        empty: &[(1, 2), (1, 3), (0, 2)],
        passes: Some((1, 2)),
    },
    CastlingRule {
        notation: "L3O-O",
        king_from: (2, 2),
        king_to: (3, 2),
        rook_from: (3, 3),
        rook_to: (2, 2),
        empty: &[(3, 2), (2, 3)],
        passes: None,
    },
    CastlingRule {
        notation: "L3O-OL4",
        king_from: (2, 2),
        king_to: (2, 3),
        rook_from: (3, 3),
        rook_to: (2, 2),
        empty: &[(2, 3), (3, 2)],
        passes: None,
    },
    CastlingRule {
        notation: "L3O-O-O",
        king_from: (2, 2),
        king_to: (0, 2),
        rook_from: (0, 3),
        rook_to: (1, 2),
        empty: &[(1, 2), (0, 2), (1, 3)],
        passes: Some((1, 2)),
    },
    CastlingRule {
        notation: "L3O-O-OL1",
        king_from: (2, 2),
        king_to: (2, 0),
        rook_from: (3, 0),
        rook_to: (2, 1),
        empty: &[(2, 1), (2, 0), (3, 1)],
        passes: Some((2, 1)),
    },
];

/// The home rank of a side's pieces.
pub fn home_rank(color: Color) -> i8 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}

/// The cell of (file, level) on a side's home rank.
pub fn home(color: Color, (x, z): (i8, i8)) -> u8 {
    square(x, home_rank(color), z).expect("castling cells exist")
}

/// Whether a king or rook of `color` may stand unmoved on `sq`: its starting cells.
pub fn is_home_of_king(color: Color, sq: u8) -> bool {
    [(1, 1), (2, 2)].iter().any(|&c| home(color, c) == sq)
}

pub fn is_home_of_rook(color: Color, sq: u8) -> bool {
    [(0, 0), (3, 0), (0, 3), (3, 3)]
        .iter()
        .any(|&c| home(color, c) == sq)
}

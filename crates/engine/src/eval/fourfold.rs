//! Fourfold (4×4×2×2): material with values for a tiny four-dimensional space (pawns
//! promote within a few moves, so they are worth more), central squares, pawns'
//! progress, and the pieces around each king (neighbours along any of the four axes).
//! Weights: `weights/fourfold.txt`.

use super::weights::{self, material_terms, Committed, Terms, Weighted, MATERIAL};
use super::{Evaluate, PieceValues};
use crate::score::Value;
use rules::fourfold::geometry::coords;
use rules::fourfold::FourfoldPosition;
use rules::{Color, PieceKind, Position};

/// The terms: material; pieces (not pawns or kings) on the four central squares of
/// their 4×4 board; pawns one step from queening (a pawn has only its second and third
/// ranks, so that is all there is of pawn progress); pieces next to
/// their own king (shelter) and next to the enemy king (pressure); for each piece kind
/// the squares it attacks that its side does not hold (mobility); the squares next to
/// the enemy king attacked (king attack); then the tempo bonus (count 1). Each is ours
/// minus theirs, from the side to move's view.
pub const TERMS: &[&str] = &[
    MATERIAL[0],
    MATERIAL[1],
    MATERIAL[2],
    MATERIAL[3],
    MATERIAL[4],
    "central",
    "pawn_advance",
    "shelter",
    "pressure",
    "knight_mobility",
    "bishop_mobility",
    "rook_mobility",
    "queen_mobility",
    "king_attack",
    "tempo",
];
const CENTRAL: usize = 5;
const PAWN_ADVANCE: usize = 6;
const SHELTER: usize = 7;
const PRESSURE: usize = 8;
/// Knight, bishop, rook, queen: in [`PieceKind::index`] order from the knight.
const MOBILITY: usize = 9;
const KING_ATTACK: usize = 13;
const TEMPO: usize = 14;

static WEIGHTS: Committed = Committed::new(
    rules::Variant::Fourfold,
    None,
    "fourfold",
    TERMS,
    include_str!("weights/fourfold.txt"),
);

/// One side's counts of the placement terms.
#[derive(Default)]
struct Side {
    central: Value,
    pawn_advance: Value,
    shelter: Value,
    pressure: Value,
    mobility: [Value; 4],
    king_attack: Value,
}

/// The squares of a 4×4 board's central 2×2, on every board.
const CENTRE: u64 = (rank(1) | rank(2)) & (file(1) | file(2));
/// Third ranks: White's pawns there (rank 3) and Black's (rank 2) are one step from queening.
const WHITE_THIRD: u64 = rank(2);
const BLACK_THIRD: u64 = rank(1);

/// The squares with this Y coordinate (rank − 1), on every board.
const fn rank(y: i32) -> u64 {
    let mut bits = 0;
    let mut sq = 0;
    while sq < 64 {
        if coords(sq)[1] == y {
            bits |= 1 << sq;
        }
        sq += 1;
    }
    bits
}

/// The squares with this X coordinate (file a = 0), on every board.
const fn file(x: i32) -> u64 {
    let mut bits = 0;
    let mut sq = 0;
    while sq < 64 {
        if coords(sq)[0] == x {
            bits |= 1 << sq;
        }
        sq += 1;
    }
    bits
}

fn side(p: &FourfoldPosition, c: Color) -> Side {
    let own = p.occupied_by(c);
    let king = |c: Color| p.bitboard(c, PieceKind::King).trailing_zeros() as usize;
    // A king's neighbours along any of the four axes are the squares it attacks.
    let own_zone = p.attacks(PieceKind::King, c, king(c));
    let enemy_zone = p.attacks(PieceKind::King, c.opposite(), king(c.opposite()));
    let third = if c == Color::White {
        WHITE_THIRD
    } else {
        BLACK_THIRD
    };
    let mut s = Side {
        pawn_advance: (p.bitboard(c, PieceKind::Pawn) & third).count_ones() as Value,
        shelter: (own & own_zone).count_ones() as Value,
        pressure: (own & enemy_zone).count_ones() as Value,
        ..Side::default()
    };
    for (k, kind) in [
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
    ]
    .into_iter()
    .enumerate()
    {
        let mut bits = p.bitboard(c, kind);
        s.central += (bits & CENTRE).count_ones() as Value;
        while bits != 0 {
            let sq = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let attacks = p.attacks(kind, c, sq);
            s.mobility[k] += (attacks & !own).count_ones() as Value;
            s.king_attack += (attacks & enemy_zone).count_ones() as Value;
        }
    }
    s
}

impl Weighted for FourfoldPosition {
    fn committed_for(_: rules::RuleSet) -> &'static Committed {
        &WEIGHTS
    }
    fn terms<T: Terms>(&self, t: &mut T) {
        let us = self.turn();
        let (a, b) = (side(self, us), side(self, us.opposite()));
        material_terms(self, t);
        t.add(CENTRAL, a.central - b.central);
        t.add(PAWN_ADVANCE, a.pawn_advance - b.pawn_advance);
        t.add(SHELTER, a.shelter - b.shelter);
        t.add(PRESSURE, a.pressure - b.pressure);
        for k in 0..4 {
            t.add(MOBILITY + k, a.mobility[k] - b.mobility[k]);
        }
        t.add(KING_ATTACK, a.king_attack - b.king_attack);
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

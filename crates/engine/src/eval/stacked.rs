//! Stacked Boards: material, being on the enemy king's board (only pieces there can
//! attack the king: captures are board-local), pawn advance and central files.
//! Weights: `weights/stacked.txt`.

use super::weights::{self, material_terms, Committed, Terms, Weighted, MATERIAL};
use super::{Evaluate, PieceValues};
use crate::score::Value;
use rules::stacked::StackedPosition;
use rules::{Color, PieceKind, Position};

/// The terms: material; each knight, bishop, rook, queen on the enemy king's board;
/// ranks of pawn advance; knights and bishops on the four central files; tempo.
pub const TERMS: &[&str] = &[
    MATERIAL[0],
    MATERIAL[1],
    MATERIAL[2],
    MATERIAL[3],
    MATERIAL[4],
    "knight_on_king_board",
    "bishop_on_king_board",
    "rook_on_king_board",
    "queen_on_king_board",
    "pawn_advance",
    "central",
    "tempo",
];
/// The first on-king-board term (knight; then bishop, rook, queen).
const ON_KING_BOARD: usize = 5;
const PAWN_ADVANCE: usize = 9;
const CENTRAL: usize = 10;
const TEMPO: usize = 11;
const CENTRAL_FILES: u64 = 0x3C3C_3C3C_3C3C_3C3C;

static WEIGHTS: Committed = Committed::new("stacked", TERMS, include_str!("weights/stacked.txt"));

/// One side's counts: pieces on the enemy king's board (knight to queen), pawn advance,
/// central minor pieces.
struct Side {
    on_king_board: [Value; 4],
    pawn_advance: Value,
    central: Value,
}

impl Weighted for StackedPosition {
    fn committed() -> &'static Committed {
        &WEIGHTS
    }
    fn terms<T: Terms>(&self, t: &mut T) {
        let us = self.turn();
        let (a, b) = (side(self, us), side(self, us.opposite()));
        material_terms(self, t);
        for k in 0..4 {
            t.add(ON_KING_BOARD + k, a.on_king_board[k] - b.on_king_board[k]);
        }
        t.add(PAWN_ADVANCE, a.pawn_advance - b.pawn_advance);
        t.add(CENTRAL, a.central - b.central);
        t.add(TEMPO, 1);
    }
}

impl Evaluate for StackedPosition {
    fn evaluate(&self) -> Value {
        self.weighted_score()
    }
    fn piece_values(&self) -> PieceValues {
        weights::piece_values(WEIGHTS.get())
    }
}

fn side(p: &StackedPosition, c: Color) -> Side {
    let enemy_king_board = p.king_board(c.opposite());
    let mut s = Side {
        on_king_board: [0; 4],
        pawn_advance: 0,
        central: 0,
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
        s.on_king_board[k] = p.pieces_on_board(enemy_king_board, c, kind).count_ones() as Value;
        if matches!(kind, PieceKind::Knight | PieceKind::Bishop) {
            for b in 0..3 {
                s.central += (p.pieces_on_board(b, c, kind) & CENTRAL_FILES).count_ones() as Value;
            }
        }
    }
    for b in 0..3 {
        let mut pawns = p.pieces_on_board(b, c, PieceKind::Pawn);
        while pawns != 0 {
            let local = pawns.trailing_zeros() as Value;
            pawns &= pawns - 1;
            let rank = local / 8;
            let advanced = if c == Color::White {
                rank - 1
            } else {
                6 - rank
            };
            s.pawn_advance += advanced.max(0);
        }
    }
    s
}

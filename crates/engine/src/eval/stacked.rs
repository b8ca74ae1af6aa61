//! Stacked Boards: material, being on the enemy king's board (only pieces there can
//! attack the king: captures are board-local), pawn advance and central files.

use super::{material_balance, Evaluate, PieceValues, TEMPO};
use crate::score::Value;
use rules::stacked::StackedPosition;
use rules::{Color, PieceKind, Position};

/// Values for three boards: pieces change boards freely, so long-range pieces gain a
/// little over orthodox chess.
pub const VALUES: PieceValues = [100, 320, 340, 520, 980, 0];

/// Bonus per piece (not pawn or king) on the enemy king's board.
const ON_KING_BOARD: [Value; 6] = [0, 14, 12, 16, 24, 0];
/// Per rank a pawn has advanced.
const PAWN_ADVANCE: Value = 5;
/// Knights and bishops on the four central files.
const CENTRAL: Value = 6;
const CENTRAL_FILES: u64 = 0x3C3C_3C3C_3C3C_3C3C;

impl Evaluate for StackedPosition {
    fn evaluate(&self) -> Value {
        let us = self.turn();
        let score = material_balance(self, &VALUES) + side(self, us) - side(self, us.opposite());
        score + TEMPO
    }
    fn piece_values(&self) -> PieceValues {
        VALUES
    }
}

fn side(p: &StackedPosition, c: Color) -> Value {
    let enemy_king_board = p.king_board(c.opposite());
    let mut v = 0;
    for kind in [
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
    ] {
        let n = p.pieces_on_board(enemy_king_board, c, kind).count_ones() as Value;
        v += n * ON_KING_BOARD[kind.index()];
        if matches!(kind, PieceKind::Knight | PieceKind::Bishop) {
            for b in 0..3 {
                v +=
                    CENTRAL * (p.pieces_on_board(b, c, kind) & CENTRAL_FILES).count_ones() as Value;
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
            v += PAWN_ADVANCE * advanced.max(0);
        }
    }
    v
}

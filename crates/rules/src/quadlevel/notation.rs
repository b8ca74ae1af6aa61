//! Move tokens, display notation and move squares.

use super::board::QuadlevelPosition;
use super::castling::{home, CASTLINGS};
use super::geometry::square_name;
use super::{MoveKind, QuadlevelMove};
use crate::piece::PieceKind;
use crate::position::MoveSquares;

impl QuadlevelPosition {
    pub(super) fn token(&self, m: QuadlevelMove) -> String {
        let mut out = String::new();
        if let Some(k) = m.removed_king {
            out.push_str(&square_name(k));
            out.push('!');
        }
        out.push_str(&square_name(m.from));
        out.push_str(&square_name(m.to));
        match m.kind {
            MoveKind::Promotion(k) => out.push(k.promotion_letter()),
            MoveKind::Castling(i) => out.push_str(&square_name(home(
                self.turn,
                CASTLINGS[i as usize].rook_from,
            ))),
            _ => {}
        }
        out
    }

    pub(super) fn notation(&self, m: QuadlevelMove) -> String {
        let us = self.turn;
        let mut out = String::new();
        if let Some(k) = m.removed_king {
            out.push('(');
            out.push(PieceKind::King.glyph(us));
            out.push_str(&square_name(k));
            out.push(')');
        }
        if let MoveKind::Castling(i) = m.kind {
            out.push_str(CASTLINGS[i as usize].notation);
            return out;
        }
        let piece = self.piece_at(m.from).expect("a move starts on a piece");
        if piece.kind != PieceKind::Pawn {
            out.push(piece.kind.glyph(us));
        }
        out.push_str(&square_name(m.from));
        let captures = m.kind == MoveKind::EnPassant || self.piece_at(m.to).is_some();
        out.push(if captures { '×' } else { '–' });
        out.push_str(&square_name(m.to));
        if let MoveKind::Promotion(k) = m.kind {
            out.push('=');
            out.push(k.glyph(us));
        }
        out
    }

    pub(super) fn squares(&self, m: QuadlevelMove) -> MoveSquares {
        MoveSquares {
            from: square_name(m.from),
            to: square_name(m.to),
            captured: (m.kind == MoveKind::EnPassant)
                .then(|| square_name(self.en_passant_victim(m.to))),
        }
    }
}

//! Move tokens, display notation, the cells a user interface draws.

use super::board::QuadlevelPosition;
use super::castling::{home, CASTLINGS};
use super::geometry::{file_of, level_of, rank_of, square_name, CELLS};
use super::{MoveKind, QuadlevelMove};
use crate::piece::PieceKind;
use crate::position::{Cell, MoveSquares};

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

    pub(super) fn cell_list(&self) -> Vec<Cell> {
        (0..CELLS as u8)
            .map(|sq| {
                let (x, y, z) = (file_of(sq), rank_of(sq), level_of(sq));
                Cell {
                    name: square_name(sq),
                    board: format!("L{}", z + 1),
                    coords: [x, y, z, 0],
                    dark: (x + y + z) % 2 == 0,
                    piece: self.piece_at(sq),
                }
            })
            .collect()
    }

    /// The four levels side by side, rank 8 at the top.
    pub(super) fn drawing(&self) -> String {
        let mut out = String::from("  L1     L2     L3     L4\n");
        for y in (0..8).rev() {
            out.push_str(&format!("{} ", y + 1));
            for z in 0..4 {
                for x in 0..4 {
                    let sq = super::geometry::square(x, y, z).expect("cell exists");
                    out.push(self.piece_at(sq).map_or('.', |p| p.char()));
                }
                out.push_str("   ");
            }
            out.push('\n');
        }
        out.push_str("  abcd   abcd   abcd   abcd\n");
        out.push_str(&self.format_string());
        out
    }
}

//! Playing and taking back Fourfold moves (and the search's null move).

use super::board::{code, piece_of, side_key, FourfoldMove, FourfoldPosition};
use crate::piece::{Color, Piece, PieceKind};

/// What [`FourfoldPosition::undo`] needs: the captured piece's code (0 for none), the
/// halfmove clock and hash before the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FourfoldUndo {
    captured: u8,
    halfmove: u32,
    hash: u64,
}

impl FourfoldPosition {
    pub(super) fn play(&mut self, m: FourfoldMove) -> FourfoldUndo {
        let (from, to) = (m.from_square(), m.to_square());
        let mover = self.board[from];
        let captured = self.board[to];
        let undo = FourfoldUndo {
            captured,
            halfmove: self.halfmove,
            hash: self.hash,
        };
        if captured != 0 {
            self.take(to, captured);
        }
        self.take(from, mover);
        let placed = if m.is_promotion() {
            code(Piece::new(self.turn, PieceKind::Queen))
        } else {
            mover
        };
        self.put(to, placed);
        let pawn_move = piece_of(mover).kind == PieceKind::Pawn;
        self.halfmove = if pawn_move || captured != 0 {
            0
        } else {
            self.halfmove + 1
        };
        if self.turn == Color::Black {
            self.fullmove += 1;
        }
        self.turn = self.turn.opposite();
        self.hash ^= side_key();
        undo
    }

    pub(super) fn undo(&mut self, m: FourfoldMove, undo: FourfoldUndo) {
        let (from, to) = (m.from_square(), m.to_square());
        self.turn = self.turn.opposite();
        if self.turn == Color::Black {
            self.fullmove -= 1;
        }
        let placed = self.board[to];
        self.take(to, placed);
        let mover = if m.is_promotion() {
            code(Piece::new(self.turn, PieceKind::Pawn))
        } else {
            placed
        };
        self.put(from, mover);
        if undo.captured != 0 {
            self.put(to, undo.captured);
        }
        self.halfmove = undo.halfmove;
        self.hash = undo.hash;
    }

    pub(super) fn play_null(&mut self) -> FourfoldUndo {
        let undo = FourfoldUndo {
            captured: 0,
            halfmove: self.halfmove,
            hash: self.hash,
        };
        self.halfmove += 1;
        if self.turn == Color::Black {
            self.fullmove += 1;
        }
        self.turn = self.turn.opposite();
        self.hash ^= side_key();
        undo
    }

    pub(super) fn undo_null(&mut self, undo: FourfoldUndo) {
        self.turn = self.turn.opposite();
        if self.turn == Color::Black {
            self.fullmove -= 1;
        }
        self.halfmove = undo.halfmove;
        self.hash = undo.hash;
    }
}

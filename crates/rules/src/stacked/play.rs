//! Playing and taking back Stacked Boards moves (and the search's null move).

use super::board::{StackedMove, StackedPosition, BLACK_TO_MOVE_KEY};
use super::geometry::local_of;
use crate::piece::{Color, Piece, PieceKind};

/// What [`StackedPosition::undo`] needs besides the move.
#[derive(Clone, Debug)]
pub struct StackedUndo {
    captured: Option<Piece>,
    unmoved: [u64; 3],
    halfmove: u32,
    hash: u64,
}

impl StackedPosition {
    /// The rook's squares of a castling move: (from, to), derived from the king's move.
    pub(super) fn castling_rook(m: StackedMove) -> (usize, usize) {
        let (from, to) = (m.from as usize, m.to as usize);
        let king_side = local_of(to) & 7 == 6;
        // The rook starts in the corner of the king's rank (a- or h-file).
        let rank_start = from - (from & 7);
        let rook_from = if king_side {
            rank_start + 7
        } else {
            rank_start
        };
        let rook_to = if king_side { to - 1 } else { to + 1 };
        (rook_from, rook_to)
    }

    /// Plays a legal move.
    pub fn play(&mut self, m: StackedMove) -> StackedUndo {
        let undo = StackedUndo {
            captured: None,
            unmoved: self.unmoved,
            halfmove: self.halfmove,
            hash: self.hash,
        };
        let (from, to) = (m.from as usize, m.to as usize);
        let mover = self.mailbox[from].expect("a legal move starts on a piece");
        let captured = self.mailbox[to];
        self.clear_unmoved(from);
        self.remove(mover, from);
        if let Some(c) = captured {
            self.clear_unmoved(to);
            self.remove(c, to);
        }
        let landing = match m.promotion() {
            Some(kind) => Piece::new(mover.color, kind),
            None => mover,
        };
        self.add(landing, to);
        if mover.kind == PieceKind::King {
            self.kings[mover.color.index()] = to as u8;
        }
        if m.castling {
            let (rook_from, rook_to) = Self::castling_rook(m);
            let rook = Piece::new(mover.color, PieceKind::Rook);
            self.clear_unmoved(rook_from);
            self.remove(rook, rook_from);
            self.add(rook, rook_to);
        }
        if mover.kind == PieceKind::Pawn || captured.is_some() {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        if self.turn == Color::Black {
            self.fullmove += 1;
        }
        self.turn = self.turn.opposite();
        self.hash ^= BLACK_TO_MOVE_KEY;
        StackedUndo { captured, ..undo }
    }

    /// Takes back the last move played.
    pub fn undo(&mut self, m: StackedMove, undo: StackedUndo) {
        self.turn = self.turn.opposite();
        if self.turn == Color::Black {
            self.fullmove -= 1;
        }
        let (from, to) = (m.from as usize, m.to as usize);
        let landed = self.mailbox[to].expect("the moved piece is on its landing square");
        let mover = if m.promotion().is_some() {
            Piece::new(landed.color, PieceKind::Pawn)
        } else {
            landed
        };
        if m.castling {
            let (rook_from, rook_to) = Self::castling_rook(m);
            let rook = Piece::new(mover.color, PieceKind::Rook);
            self.remove(rook, rook_to);
            self.add(rook, rook_from);
        }
        self.remove(landed, to);
        if let Some(c) = undo.captured {
            self.add(c, to);
        }
        self.add(mover, from);
        if mover.kind == PieceKind::King {
            self.kings[mover.color.index()] = from as u8;
        }
        self.unmoved = undo.unmoved;
        self.halfmove = undo.halfmove;
        self.hash = undo.hash;
    }

    pub(super) fn play_null(&mut self) -> StackedUndo {
        let undo = StackedUndo {
            captured: None,
            unmoved: self.unmoved,
            halfmove: self.halfmove,
            hash: self.hash,
        };
        if self.turn == Color::Black {
            self.fullmove += 1;
        }
        self.halfmove += 1;
        self.turn = self.turn.opposite();
        self.hash ^= BLACK_TO_MOVE_KEY;
        undo
    }

    pub(super) fn undo_null(&mut self, undo: StackedUndo) {
        self.turn = self.turn.opposite();
        if self.turn == Color::Black {
            self.fullmove -= 1;
        }
        self.halfmove = undo.halfmove;
        self.hash = undo.hash;
    }
}

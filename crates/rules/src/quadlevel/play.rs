//! Playing and taking back moves.

use super::board::QuadlevelPosition;
use super::castling::{home, CASTLINGS};
use super::geometry::{bit, offset, Bits, TABLES};
use super::{MoveKind, QuadlevelMove};
use crate::piece::{Color, Piece, PieceKind};

/// What [`QuadlevelPosition::undo`] restores.
#[derive(Clone, Debug)]
pub struct QuadlevelUndo {
    captured: Option<Piece>,
    ep: Option<u8>,
    halfmove: u32,
    fullmove: u32,
    unmoved: Bits,
    unlocked: [bool; 2],
    hash: u64,
}

impl QuadlevelPosition {
    /// The cell of the pawn an en passant capture to `ep` removes.
    pub(super) fn en_passant_victim(&self, ep: u8) -> u8 {
        offset(ep, (0, -self.turn.forward() as i8, 0)).expect("en passant victim cell")
    }

    pub(super) fn make(&mut self, m: QuadlevelMove) -> QuadlevelUndo {
        let undo = QuadlevelUndo {
            captured: None,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            unmoved: self.unmoved,
            unlocked: self.unlocked,
            hash: self.hash,
        };
        let mut undo = undo;
        let us = self.turn;
        if let Some(k) = m.removed_king {
            self.take(k);
        }
        let mover = self.piece_at(m.from).expect("a move starts on a piece");
        // Destroy-both-kings: a locked last king moves only when that is all its side can
        // do, and from then on it is unlocked.
        let unlocks = self.destroy_both_kings
            && m.removed_king.is_none()
            && mover.kind == PieceKind::King
            && self.kings(us).count_ones() == 1
            && !self.unlocked[us.index()];
        let mut unmoved = self.unmoved & !bit(m.from) & !bit(m.to);
        if let Some(k) = m.removed_king {
            unmoved &= !bit(k);
        }
        let mut new_ep = None;
        match m.kind {
            MoveKind::Castling(i) => {
                let rule = &CASTLINGS[i as usize];
                let rf = home(us, rule.rook_from);
                let rt = home(us, rule.rook_to);
                let king = self.take(m.from);
                let rook = self.take(rf);
                self.put(king, m.to);
                self.put(rook, rt);
                unmoved &= !bit(rf);
            }
            MoveKind::EnPassant => {
                let victim = self.en_passant_victim(m.to);
                undo.captured = Some(self.take(victim));
                let pawn = self.take(m.from);
                self.put(pawn, m.to);
            }
            MoveKind::Normal | MoveKind::DoublePush | MoveKind::Promotion(_) => {
                if self.board[m.to as usize] != 0 {
                    undo.captured = Some(self.take(m.to));
                }
                let piece = self.take(m.from);
                let placed = match m.kind {
                    MoveKind::Promotion(k) => Piece::new(us, k),
                    _ => piece,
                };
                self.put(placed, m.to);
                if m.kind == MoveKind::DoublePush {
                    let enemy_pawns = self.pieces(us.opposite(), PieceKind::Pawn);
                    // Beside: file ±1 on the level, or level ±1 on the file.
                    let beside = TABLES.king[m.to as usize]
                        & TABLES.rook_lines[m.to as usize]
                        & !TABLES.ray[2][m.to as usize]
                        & !TABLES.ray[3][m.to as usize];
                    if beside & enemy_pawns != 0 {
                        new_ep = offset(m.from, (0, us.forward() as i8, 0));
                    }
                }
            }
        }
        self.set_unmoved(unmoved);
        self.set_ep(new_ep);
        if mover.kind == PieceKind::Pawn || undo.captured.is_some() {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        if us == Color::Black {
            self.fullmove += 1;
        }
        if unlocks {
            self.unlocked[us.index()] = true;
            self.hash ^= super::board::unlocked_key(us);
        }
        self.turn = us.opposite();
        self.hash ^= super::board::side_key();
        undo
    }

    pub(super) fn unmake(&mut self, m: QuadlevelMove, undo: QuadlevelUndo) {
        let us = self.turn.opposite();
        self.turn = us;
        match m.kind {
            MoveKind::Castling(i) => {
                let rule = &CASTLINGS[i as usize];
                let king = self.take(m.to);
                let rook = self.take(home(us, rule.rook_to));
                self.put(king, m.from);
                self.put(rook, home(us, rule.rook_from));
            }
            MoveKind::EnPassant => {
                let pawn = self.take(m.to);
                self.put(pawn, m.from);
                let victim = self.en_passant_victim(m.to);
                self.put(undo.captured.expect("en passant captured a pawn"), victim);
            }
            MoveKind::Normal | MoveKind::DoublePush | MoveKind::Promotion(_) => {
                let piece = self.take(m.to);
                let original = match m.kind {
                    MoveKind::Promotion(_) => Piece::new(us, PieceKind::Pawn),
                    _ => piece,
                };
                self.put(original, m.from);
                if let Some(c) = undo.captured {
                    self.put(c, m.to);
                }
            }
        }
        if let Some(k) = m.removed_king {
            self.put(Piece::new(us, PieceKind::King), k);
        }
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.fullmove = undo.fullmove;
        self.unmoved = undo.unmoved;
        self.unlocked = undo.unlocked;
        self.hash = undo.hash;
    }

    pub(super) fn make_null(&mut self) -> QuadlevelUndo {
        let undo = QuadlevelUndo {
            captured: None,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            unmoved: self.unmoved,
            unlocked: self.unlocked,
            hash: self.hash,
        };
        self.set_ep(None);
        self.turn = self.turn.opposite();
        self.hash ^= super::board::side_key();
        undo
    }

    pub(super) fn unmake_null(&mut self, undo: QuadlevelUndo) {
        self.turn = self.turn.opposite();
        self.ep = undo.ep;
        self.hash = undo.hash;
    }
}

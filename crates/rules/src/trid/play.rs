//! Playing a move on a position (copy-make: undo restores the copy taken before).

use super::geometry::*;
use super::paths::{clear_ceilings, route_level};
use super::{
    code, hash, kind, TridMove, TridPosition, CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ, NO_SQ,
};
use crate::piece::Color;
use crate::setup::RuleSet;

/// The castling rights lost when a piece leaves, arrives on or is carried from a square.
fn rights_lost(s: Sq) -> u8 {
    const E0: Sq = square(4, 0, 3);
    const F0: Sq = square(5, 0, 3);
    const A0: Sq = square(0, 0, 3);
    const E9: Sq = square(4, 9, 7);
    const F9: Sq = square(5, 9, 7);
    const A9: Sq = square(0, 9, 7);
    match s {
        E0 => CASTLE_WK | CASTLE_WQ,
        F0 => CASTLE_WK,
        A0 => CASTLE_WQ,
        E9 => CASTLE_BK | CASTLE_BQ,
        F9 => CASTLE_BK,
        A9 => CASTLE_BQ,
        _ => 0,
    }
}

impl TridPosition {
    /// Plays a pseudo-legal move.
    pub(crate) fn apply(&mut self, m: TridMove) {
        let us = self.us();
        let mut zeroing = false;
        let mut new_ep = (NO_SQ, NO_SQ);
        let mut lost = 0;
        match m.kind {
            kind::CASTLE_KING | kind::CASTLE_QUEEN => {
                let (rank, z) = if us == 0 { (0, 3) } else { (9, 7) };
                let king = self.take(m.from);
                let rook_from = if m.kind == kind::CASTLE_KING {
                    square(5, rank, z)
                } else {
                    square(0, rank, z)
                };
                let rook = self.take(rook_from);
                self.put(m.to, king);
                self.put(m.from, rook);
                lost |= rights_lost(m.from);
            }
            kind::BOARD | kind::BOARD_TURNED => {
                zeroing = self.move_board(m, &mut lost);
            }
            _ => {
                let mut c = self.take(m.from);
                lost |= rights_lost(m.from) | rights_lost(m.to);
                let captured_at = if m.kind == kind::EN_PASSANT {
                    Some(self.ep_pawn)
                } else if self.at(m.to) != 0 {
                    Some(m.to)
                } else {
                    None
                };
                if let Some(cs) = captured_at {
                    let victim = self.take(cs);
                    zeroing = true;
                    self.board_captured(cs, code::color(victim));
                }
                if code::kind(c) == code::PAWN {
                    zeroing = true;
                    if (sq_y(m.to) - sq_y(m.from)).abs() == 2
                        || (sq_x(m.to) - sq_x(m.from)).abs() == 2
                    {
                        new_ep = self.passed_square(m.from, m.to);
                    }
                    c |= code::MOVED;
                    if m.promo != 0 {
                        c = m.promo | (c & code::BLACK);
                    }
                }
                self.put(m.to, c);
            }
        }
        if lost & self.castling != 0 {
            self.set_castling(self.castling & !lost);
        }
        self.set_ep(new_ep.0, new_ep.1);
        if zeroing {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        self.finish_turn();
    }

    /// Hands the move to the other side.
    pub(crate) fn finish_turn(&mut self) {
        if self.turn == Color::Black {
            self.fullmove += 1;
        }
        self.turn = self.turn.opposite();
        self.hash ^= hash::black_to_move();
    }

    /// The en passant state after a two-square pawn move from `from` to `to`: the square
    /// passed over and the pawn's square.
    fn passed_square(&self, from: Sq, to: Sq) -> (Sq, Sq) {
        let mid = column((sq_x(from) + sq_x(to)) / 2, (sq_y(from) + sq_y(to)) / 2);
        let level = match self.rules {
            RuleSet::Federation => {
                // The first route's square when it was clear, else the second route's.
                let ceiling = sq_z(from).max(sq_z(to));
                let first_clear =
                    clear_ceilings(self.exist[mid], self.occ[mid]) & (1 << ceiling) != 0;
                let c = if first_clear { ceiling } else { ceiling + 1 };
                route_level(self.exist[mid], c)
            }
            // The lowest empty square of the passed column (meder, stepwise).
            _ => {
                let empty = self.exist[mid] & !self.occ[mid];
                (empty != 0).then(|| empty.trailing_zeros() as i8)
            }
        };
        match level {
            Some(l) => ((mid + 60 * l as usize) as Sq, to),
            None => (NO_SQ, NO_SQ),
        }
    }

    /// Federation ownership: when a capture removes the owner's last piece from a board,
    /// the capturer's side becomes its owner.
    fn board_captured(&mut self, s: Sq, victim_side: usize) {
        if self.rules != RuleSet::Federation {
            return;
        }
        let Some(b) = self.board_at(s) else { return };
        if self.owner(b) != victim_side {
            return;
        }
        let remaining = self
            .board_pieces(b)
            .any(|p| code::color(self.at(p)) == victim_side);
        if !remaining {
            self.owner_changed ^= 1 << b;
            self.hash ^= hash::owner_changed(b);
        }
    }

    /// Moves an attack board with what it carries. Returns whether a pawn promoted.
    fn move_board(&mut self, m: TridMove, lost: &mut u8) -> bool {
        let b = m.from as usize;
        let from = self.placements[b];
        let to = m.board_target();
        let turned = m.kind == kind::BOARD_TURNED;
        let mut carried = [(NO_SQ, 0u8); 4];
        let mut n = 0;
        for s in from.squares() {
            if self.at(s) != 0 {
                *lost |= rights_lost(s);
                carried[n] = (s, self.take(s));
                n += 1;
            }
        }
        self.hash ^= hash::board(b, from.post, from.level);
        self.remove_board_squares(from);
        self.placements[b] = to;
        self.add_board_squares(to);
        self.hash ^= hash::board(b, to.post, to.level);
        let mut promoted = false;
        for &(s, c) in &carried[..n] {
            let (x, y) = carry(sq_x(s), sq_y(s), from.post(), to.post(), turned);
            let mut c = c;
            if code::kind(c) == code::PAWN {
                c |= code::MOVED;
                if m.promo != 0 {
                    c = m.promo | (c & code::BLACK);
                    promoted = true;
                }
            }
            self.put(square(x, y, to.level), c);
        }
        if self.rules == RuleSet::Meder {
            promoted |= self.promote_uncovered_pawns();
        }
        promoted
    }

    /// Meder: a pawn on rank 8 (Black: 1) whose file lost its rank 9 (0) squares
    /// promotes at once, to a queen.
    fn promote_uncovered_pawns(&mut self) -> bool {
        let mut any = false;
        for (side, rank, beyond) in [(0usize, 8i8, 9i8), (1, 1, 0)] {
            for x in 0..FILES {
                if self.exist[column(x, beyond)] != 0 {
                    continue;
                }
                let col = column(x, rank);
                for z in 1..=7i8 {
                    let s = (col + 60 * z as usize) as Sq;
                    let c = self.at(s);
                    if c != 0 && code::kind(c) == code::PAWN && code::color(c) == side {
                        self.take(s);
                        self.put(s, code::QUEEN | (c & code::BLACK));
                        any = true;
                    }
                }
            }
        }
        any
    }
}

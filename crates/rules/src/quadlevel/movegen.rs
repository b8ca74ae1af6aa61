//! Legal move generation.
//!
//! Ordinary moves of non-king pieces are proved legal by check and pin masks computed
//! once per position (a pin against either king counts). King moves, castling and en
//! passant are tried on the bit sets ("would any own king be attacked afterwards?"),
//! which also covers one king stepping off a line that shields the other.

use super::attacks::Pins;
use super::board::QuadlevelPosition;
use super::castling::{home, CASTLINGS};
use super::geometry::{bit, offset, rank_of, Bits, Cells, BISHOP_DIRS, ROOK_DIRS, TABLES};
use super::{MoveKind, QuadlevelMove};
use crate::piece::{Color, PieceKind};
use crate::position::OneMove;
use std::ops::ControlFlow;

#[inline]
fn plain(from: u8, to: u8, kind: MoveKind) -> QuadlevelMove {
    QuadlevelMove {
        from,
        to,
        kind,
        removed_king: None,
    }
}

/// The rank a side's pawns promote on, and the rank they start on.
fn last_rank(c: Color) -> i8 {
    match c {
        Color::White => 7,
        Color::Black => 0,
    }
}
fn pawn_start_rank(c: Color) -> i8 {
    match c {
        Color::White => 1,
        Color::Black => 6,
    }
}

impl QuadlevelPosition {
    /// Hands every legal move to `emit` until it breaks, with the destroy-both-kings
    /// rules when that option is on.
    pub(super) fn generate<F>(&self, emit: &mut F) -> ControlFlow<()>
    where
        F: FnMut(OneMove<QuadlevelMove>) -> ControlFlow<()>,
    {
        if !self.destroy_both_kings {
            return self.generate_standard(emit, true);
        }
        let us = self.turn;
        let mut any = false;
        let mut noting = |m| {
            any = true;
            emit(m)
        };
        if self.kings(us).count_ones() >= 2 {
            self.generate_standard(&mut noting, true)?;
            if !any && self.any_king_attacked(us) {
                self.generate_king_removals(emit)?;
            }
        } else if self.unlocked[us.index()] {
            self.generate_standard(emit, true)?;
        } else {
            // A locked king does not move, unless that is all the side could do.
            self.generate_standard(&mut noting, false)?;
            if !any && !self.any_king_attacked(us) {
                self.generate_standard(emit, true)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Destroy-both-kings: the side has two kings, one at least attacked, and no legal
    /// move. For each attacked king: remove it, then every move that leaves the other
    /// king safe (the other king may make it).
    fn generate_king_removals<F>(&self, emit: &mut F) -> ControlFlow<()>
    where
        F: FnMut(OneMove<QuadlevelMove>) -> ControlFlow<()>,
    {
        let us = self.turn;
        for king in Cells(self.kings(us)) {
            if !self.attacked(king, us.opposite()) {
                continue;
            }
            let mut without = self.clone();
            without.take(king);
            without.unlocked[us.index()] = true;
            without.generate_standard(
                &mut |OneMove(m)| {
                    emit(OneMove(QuadlevelMove {
                        removed_king: Some(king),
                        ..m
                    }))
                },
                true,
            )?;
        }
        ControlFlow::Continue(())
    }

    /// Whether every king of `us` in `kings` is safe with this occupancy and enemy set.
    #[inline]
    fn kings_safe(&self, us: Color, kings: Bits, occupied: Bits, theirs: Bits) -> bool {
        Cells(kings).all(|k| !self.attacked_with(k, us.opposite(), occupied, theirs))
    }

    /// Legal moves under the standard rule (both kings royal); kings move only when
    /// `king_moves`.
    pub(super) fn generate_standard<F>(&self, emit: &mut F, king_moves: bool) -> ControlFlow<()>
    where
        F: FnMut(OneMove<QuadlevelMove>) -> ControlFlow<()>,
    {
        let t = &*TABLES;
        let us = self.turn;
        let them = us.opposite();
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let occupied = ours | theirs;
        let kings = self.kings(us);
        let enemy_kings = self.kings(them);

        // Cells a non-king move must land on to answer every check.
        let mut target: Bits = !0;
        for king in Cells(kings) {
            let checkers = self.attackers(king, them);
            match checkers.count_ones() {
                0 => {}
                1 => {
                    let c = checkers.trailing_zeros() as u8;
                    target &= t.between(king, c) | bit(c);
                }
                _ => target = 0,
            }
        }
        let mut pins = Pins {
            pinned: 0,
            rays: [0; 128],
        };
        self.pins(us, &mut pins);
        let base = target & !ours & !enemy_kings;

        let pawns = self.by_kind[PieceKind::Pawn.index()];
        let knights = self.by_kind[PieceKind::Knight.index()];
        let bishops = self.by_kind[PieceKind::Bishop.index()];
        let rooks = self.by_kind[PieceKind::Rook.index()];
        let queens = self.by_kind[PieceKind::Queen.index()];

        for from in Cells(ours & !kings) {
            let f = from as usize;
            let mut allowed = base;
            if pins.pinned & bit(from) != 0 {
                allowed &= pins.rays[f];
            }
            if allowed == 0 {
                continue;
            }
            let fb = bit(from);
            let targets = if fb & knights != 0 {
                t.knight[f] & allowed
            } else if fb & pawns != 0 {
                self.pawn_moves(emit, from, allowed, theirs, occupied)?;
                continue;
            } else {
                let mut reach = 0;
                if fb & (rooks | queens) != 0 {
                    for d in ROOK_DIRS {
                        reach |= t.slide(d, from, occupied);
                    }
                }
                if fb & (bishops | queens) != 0 {
                    for d in BISHOP_DIRS {
                        reach |= t.slide(d, from, occupied);
                    }
                }
                reach & allowed
            };
            for to in Cells(targets) {
                emit(OneMove(plain(from, to, MoveKind::Normal)))?;
            }
        }

        // En passant: tried on the bit sets (the captured pawn leaves a second cell).
        if let Some(ep) = self.ep {
            let victim = offset(ep, (0, -us.forward() as i8, 0)).expect("en passant victim cell");
            let capturers = t.pawn_attacks[them.index()][ep as usize] & pawns & ours;
            for from in Cells(capturers) {
                let occ = (occupied & !bit(from) & !bit(victim)) | bit(ep);
                if self.kings_safe(us, kings, occ, theirs & !bit(victim)) {
                    emit(OneMove(plain(from, ep, MoveKind::EnPassant)))?;
                }
            }
        }

        if !king_moves {
            return ControlFlow::Continue(());
        }
        for king in Cells(kings) {
            let others = kings & !bit(king);
            for to in Cells(t.king[king as usize] & !ours & !enemy_kings) {
                let occ = (occupied & !bit(king)) | bit(to);
                if self.kings_safe(us, others | bit(to), occ, theirs & !bit(to)) {
                    emit(OneMove(plain(king, to, MoveKind::Normal)))?;
                }
            }
        }
        if self.unmoved & kings != 0 {
            self.castlings(emit, occupied, theirs)?;
        }
        ControlFlow::Continue(())
    }

    fn castlings<F>(&self, emit: &mut F, occupied: Bits, theirs: Bits) -> ControlFlow<()>
    where
        F: FnMut(OneMove<QuadlevelMove>) -> ControlFlow<()>,
    {
        let us = self.turn;
        let them = us.opposite();
        let kings = self.kings(us);
        let rooks = self.pieces(us, PieceKind::Rook);
        for (i, rule) in CASTLINGS.iter().enumerate() {
            let kf = home(us, rule.king_from);
            let rf = home(us, rule.rook_from);
            if self.unmoved & kings & bit(kf) == 0 || self.unmoved & rooks & bit(rf) == 0 {
                continue;
            }
            if rule.empty.iter().any(|&c| occupied & bit(home(us, c)) != 0) {
                continue;
            }
            if self.attacked(kf, them) {
                continue;
            }
            if let Some(p) = rule.passes {
                if self.attacked(home(us, p), them) {
                    continue;
                }
            }
            let kt = home(us, rule.king_to);
            let rt = home(us, rule.rook_to);
            let occ = (occupied & !bit(kf) & !bit(rf)) | bit(kt) | bit(rt);
            let kings_after = (kings & !bit(kf)) | bit(kt);
            if self.kings_safe(us, kings_after, occ, theirs) {
                emit(OneMove(plain(kf, kt, MoveKind::Castling(i as u8))))?;
            }
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn pawn_moves<F>(
        &self,
        emit: &mut F,
        from: u8,
        allowed: Bits,
        theirs: Bits,
        occupied: Bits,
    ) -> ControlFlow<()>
    where
        F: FnMut(OneMove<QuadlevelMove>) -> ControlFlow<()>,
    {
        let t = &*TABLES;
        let us = self.turn;
        let fwd = us.forward() as i8;
        let promotes = rank_of(from) + fwd == last_rank(us);
        let push = |emit: &mut F, to: u8| {
            if promotes {
                for k in PieceKind::PROMOTIONS {
                    emit(OneMove(plain(from, to, MoveKind::Promotion(k))))?;
                }
                ControlFlow::Continue(())
            } else {
                emit(OneMove(plain(from, to, MoveKind::Normal)))
            }
        };
        if let Some(one) = offset(from, (0, fwd, 0)) {
            if occupied & bit(one) == 0 {
                if allowed & bit(one) != 0 {
                    push(emit, one)?;
                }
                if rank_of(from) == pawn_start_rank(us) {
                    let two = offset(one, (0, fwd, 0)).expect("double step stays on the board");
                    if occupied & bit(two) == 0 && allowed & bit(two) != 0 {
                        emit(OneMove(plain(from, two, MoveKind::DoublePush)))?;
                    }
                }
            }
        }
        for to in Cells(t.pawn_attacks[us.index()][from as usize] & theirs & allowed) {
            push(emit, to)?;
        }
        ControlFlow::Continue(())
    }
}

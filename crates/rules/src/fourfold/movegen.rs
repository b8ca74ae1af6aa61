//! Legal move generation with check and pin detection (no make-and-test).
//!
//! Lines longer than one step exist only within a board (see [`super::tables`]), so a
//! check can be blocked and a piece can be pinned only along an X/Y line of the king's
//! own board. A piece pinned there may move only along that line; when in single check,
//! the other pieces may only capture the checker or step between it and the king; in
//! double check only the king moves. The king may step to any square not attacked once
//! it has left its own square (so a slider's line through the king counts as attacked).

use super::attacks::{attackers, bishop, is_attacked, queen, rook, xy_diagonal, xy_orthogonal};
use super::board::FourfoldPosition;
use super::tables::{BETWEEN, KING, KNIGHT, LINE, PAWN_ATTACKS};
use crate::piece::Color;

const P: usize = 0;
const N: usize = 1;
const B: usize = 2;
const R: usize = 3;
const Q: usize = 4;
const K: usize = 5;

/// A compact legal move: from-square, to-square, and whether a pawn becomes a queen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FourfoldMove {
    pub(super) from: u8,
    pub(super) to: u8,
    pub(super) promotion: bool,
}

impl FourfoldMove {
    pub fn from_square(self) -> usize {
        self.from as usize
    }
    pub fn to_square(self) -> usize {
        self.to as usize
    }
    /// A pawn reaching its last rank (it becomes a queen).
    pub fn is_promotion(self) -> bool {
        self.promotion
    }
}

/// Receives the legal destinations of one piece at a time.
pub(super) trait MoveSink {
    fn add(&mut self, from: usize, targets: u64, promotion: bool);
}

/// Counts moves (perft's last ply: no move is materialised).
pub(super) struct Counter(pub u64);

impl MoveSink for Counter {
    #[inline(always)]
    fn add(&mut self, _from: usize, targets: u64, _promotion: bool) {
        self.0 += u64::from(targets.count_ones());
    }
}

impl MoveSink for Vec<FourfoldMove> {
    #[inline(always)]
    fn add(&mut self, from: usize, mut targets: u64, promotion: bool) {
        while targets != 0 {
            let to = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            self.push(FourfoldMove {
                from: from as u8,
                to,
                promotion,
            });
        }
    }
}

#[inline(always)]
fn for_each_square(mut set: u64, mut f: impl FnMut(usize)) {
    while set != 0 {
        let sq = set.trailing_zeros() as usize;
        set &= set - 1;
        f(sq);
    }
}

impl FourfoldPosition {
    /// Hands every legal move of the side to move to `sink`, grouped by piece.
    #[inline(always)]
    pub(super) fn visit_legal<S: MoveSink>(&self, sink: &mut S) {
        let us = self.turn.index();
        let them = us ^ 1;
        let own = self.occupied[us];
        let enemy = self.occupied[them];
        let occ = own | enemy;
        let mine = &self.pieces[us];
        let theirs = &self.pieces[them];
        let king = mine[K].trailing_zeros() as usize;
        // Kings are never captured: the enemy king's square is never a destination.
        let open = !own & !theirs[K];

        let without_king = occ ^ (1 << king);
        let mut king_targets = 0;
        for_each_square(KING[king] & open, |t| {
            if !is_attacked(t, without_king, theirs, them) {
                king_targets |= 1 << t;
            }
        });
        sink.add(king, king_targets, false);

        let checkers = attackers(king, occ, theirs, them);
        let allowed = match checkers.count_ones() {
            0 => open,
            1 => (checkers | BETWEEN[king][checkers.trailing_zeros() as usize]) & open,
            _ => return,
        };

        // Enemy sliders looking at the king through exactly one own piece pin it.
        let snipers = (xy_orthogonal(king, enemy) & (theirs[R] | theirs[Q]))
            | (xy_diagonal(king, enemy) & (theirs[B] | theirs[Q]));
        let mut pinned = 0;
        for_each_square(snipers, |s| {
            let between = BETWEEN[king][s] & occ;
            if between & (between.wrapping_sub(1)) == 0 {
                pinned |= between & own;
            }
        });
        let restrict = |sq: usize, targets: u64| -> u64 {
            if pinned & (1 << sq) != 0 {
                targets & LINE[king][sq]
            } else {
                targets
            }
        };

        for_each_square(mine[N], |sq| {
            // A pinned knight always leaves the line.
            if pinned & (1 << sq) == 0 {
                sink.add(sq, KNIGHT[sq] & allowed, false);
            }
        });
        for_each_square(mine[B], |sq| {
            sink.add(sq, restrict(sq, bishop(sq, occ) & allowed), false)
        });
        for_each_square(mine[R], |sq| {
            sink.add(sq, restrict(sq, rook(sq, occ) & allowed), false)
        });
        for_each_square(mine[Q], |sq| {
            sink.add(sq, restrict(sq, queen(sq, occ) & allowed), false)
        });

        let (step, last_rank_from) = match self.turn {
            Color::White => (4i32, 2),
            Color::Black => (-4i32, 1),
        };
        for_each_square(mine[P], |sq| {
            let ahead = (sq as i32 + step) as usize;
            let push = (1u64 << ahead) & !occ;
            let captures = PAWN_ATTACKS[us][sq] & enemy;
            let targets = restrict(sq, (push | captures) & allowed);
            let promotes = (sq >> 2) & 3 == last_rank_from;
            sink.add(sq, targets, promotes);
        });
    }
}

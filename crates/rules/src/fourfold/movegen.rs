//! Legal move generation with check and pin detection (no make-and-test).
//!
//! Lines longer than one step exist only within a board (see [`super::tables`]), so a
//! check can be blocked and a piece can be pinned only along an X/Y line of the king's
//! own board. A piece pinned there may move only along that line; when in single check,
//! the other pieces may only capture the checker or step between it and the king; in
//! double check only the king moves. The king may step to any square not attacked once
//! it has left its own square (so a slider's line through the king counts as attacked).

use super::attacks::{attackers, bishop, is_attacked, queen, rook, xy_diagonal, xy_orthogonal};
use super::board::{FourfoldMove, FourfoldPosition};
use super::tables::{BETWEEN, KING, KNIGHT, LINE, PAWN_ATTACKS};
use crate::piece::Color;
use crate::position::MoveBatch;
use std::ops::ControlFlow;

const P: usize = 0;
const N: usize = 1;
const B: usize = 2;
const R: usize = 3;
const Q: usize = 4;
const K: usize = 5;

/// One piece's legal moves: from a square to each square of a set (all promoting when
/// a pawn reaches its last rank).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FourfoldMoves {
    from: u8,
    targets: u64,
    promotion: bool,
}

impl MoveBatch for FourfoldMoves {
    #[inline(always)]
    fn len(&self) -> usize {
        self.targets.count_ones() as usize
    }
}

impl IntoIterator for FourfoldMoves {
    type Item = FourfoldMove;
    type IntoIter = FourfoldMovesIter;

    #[inline(always)]
    fn into_iter(self) -> FourfoldMovesIter {
        FourfoldMovesIter(self)
    }
}

/// Iterates a [`FourfoldMoves`] batch, lowest target first.
#[derive(Clone, Debug)]
pub struct FourfoldMovesIter(FourfoldMoves);

impl Iterator for FourfoldMovesIter {
    type Item = FourfoldMove;

    #[inline(always)]
    fn next(&mut self) -> Option<FourfoldMove> {
        let batch = &mut self.0;
        if batch.targets == 0 {
            return None;
        }
        let to = batch.targets.trailing_zeros() as u8;
        batch.targets &= batch.targets - 1;
        Some(FourfoldMove {
            from: batch.from,
            to,
            promotion: batch.promotion,
        })
    }

    #[inline(always)]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.len();
        (n, Some(n))
    }
}

impl ExactSizeIterator for FourfoldMovesIter {}

#[inline(always)]
fn for_each_square(mut set: u64, mut f: impl FnMut(usize)) {
    while set != 0 {
        let sq = set.trailing_zeros() as usize;
        set &= set - 1;
        f(sq);
    }
}

/// [`for_each_square`] for a step that may stop the walk.
#[inline(always)]
fn try_each_square(mut set: u64, mut f: impl FnMut(usize) -> ControlFlow<()>) -> ControlFlow<()> {
    while set != 0 {
        let sq = set.trailing_zeros() as usize;
        set &= set - 1;
        f(sq)?;
    }
    ControlFlow::Continue(())
}

impl FourfoldPosition {
    /// Hands every legal move of the side to move to `listener`, one piece at a time,
    /// until it breaks.
    #[inline(always)]
    pub(super) fn generate_moves(
        &self,
        mut listener: impl FnMut(FourfoldMoves) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut add = |from: usize, targets: u64, promotion: bool| {
            listener(FourfoldMoves {
                from: from as u8,
                targets,
                promotion,
            })
        };
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
        add(king, king_targets, false)?;

        let checkers = attackers(king, occ, theirs, them);
        let allowed = match checkers.count_ones() {
            0 => open,
            1 => (checkers | BETWEEN[king][checkers.trailing_zeros() as usize]) & open,
            _ => return ControlFlow::Continue(()),
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

        // A pinned knight always leaves the line.
        try_each_square(mine[N] & !pinned, |sq| add(sq, KNIGHT[sq] & allowed, false))?;
        try_each_square(mine[B], |sq| {
            add(sq, restrict(sq, bishop(sq, occ) & allowed), false)
        })?;
        try_each_square(mine[R], |sq| {
            add(sq, restrict(sq, rook(sq, occ) & allowed), false)
        })?;
        try_each_square(mine[Q], |sq| {
            add(sq, restrict(sq, queen(sq, occ) & allowed), false)
        })?;

        let (step, last_rank_from) = match self.turn {
            Color::White => (4i32, 2),
            Color::Black => (-4i32, 1),
        };
        try_each_square(mine[P], |sq| {
            let ahead = (sq as i32 + step) as usize;
            let push = (1u64 << ahead) & !occ;
            let captures = PAWN_ATTACKS[us][sq] & enemy;
            let targets = restrict(sq, (push | captures) & allowed);
            let promotes = (sq >> 2) & 3 == last_rank_from;
            add(sq, targets, promotes)
        })
    }
}

//! Attack sets of sliders and the attackers of a square.

use super::tables::{BISHOP_STEPS, KING, KNIGHT, PAWN_ATTACKS, QUEEN_STEPS, RAYS, ROOK_STEPS};

/// Attacks along ray `dir` from `sq`, stopping at (and including) the first occupied square.
#[inline(always)]
fn ray_attacks(sq: usize, occ: u64, dir: usize) -> u64 {
    let ray = RAYS[dir][sq];
    let blockers = ray & occ;
    if blockers == 0 {
        return ray;
    }
    let first = if dir < 4 {
        blockers.trailing_zeros() as usize
    } else {
        63 - blockers.leading_zeros() as usize
    };
    ray ^ RAYS[dir][first]
}

/// Rook-like attacks within the square's own board (X and Y lines).
#[inline(always)]
pub fn xy_orthogonal(sq: usize, occ: u64) -> u64 {
    ray_attacks(sq, occ, 0)
        | ray_attacks(sq, occ, 1)
        | ray_attacks(sq, occ, 4)
        | ray_attacks(sq, occ, 5)
}

/// Bishop-like attacks within the square's own board (X+Y diagonals).
#[inline(always)]
pub fn xy_diagonal(sq: usize, occ: u64) -> u64 {
    ray_attacks(sq, occ, 2)
        | ray_attacks(sq, occ, 3)
        | ray_attacks(sq, occ, 6)
        | ray_attacks(sq, occ, 7)
}

#[inline(always)]
pub fn rook(sq: usize, occ: u64) -> u64 {
    xy_orthogonal(sq, occ) | ROOK_STEPS[sq]
}

#[inline(always)]
pub fn bishop(sq: usize, occ: u64) -> u64 {
    xy_diagonal(sq, occ) | BISHOP_STEPS[sq]
}

#[inline(always)]
pub fn queen(sq: usize, occ: u64) -> u64 {
    xy_orthogonal(sq, occ) | xy_diagonal(sq, occ) | QUEEN_STEPS[sq]
}

/// Bitboards of one side's pieces indexed by [`crate::PieceKind::index`]
/// (pawn, knight, bishop, rook, queen, king).
pub type SidePieces = [u64; 6];

const P: usize = 0;
const N: usize = 1;
const B: usize = 2;
const R: usize = 3;
const Q: usize = 4;
const K: usize = 5;

/// The one-step (non-blockable) attackers of `sq` among `by`, of colour `by_color`.
#[inline(always)]
fn leaper_attackers(sq: usize, by: &SidePieces, by_color: usize) -> u64 {
    (KNIGHT[sq] & by[N])
        | (KING[sq] & by[K])
        // A pawn of colour c attacks sq exactly when sq's pattern for the other colour
        // reaches the pawn.
        | (PAWN_ATTACKS[by_color ^ 1][sq] & by[P])
        | (ROOK_STEPS[sq] & by[R])
        | (BISHOP_STEPS[sq] & by[B])
        | (QUEEN_STEPS[sq] & by[Q])
}

/// The pieces of `by` (colour index `by_color`) that attack `sq` when the space is
/// occupied by `occ`.
#[inline(always)]
pub fn attackers(sq: usize, occ: u64, by: &SidePieces, by_color: usize) -> u64 {
    let mut found = leaper_attackers(sq, by, by_color);
    let orth = by[R] | by[Q];
    if orth != 0 {
        found |= xy_orthogonal(sq, occ) & orth;
    }
    let diag = by[B] | by[Q];
    if diag != 0 {
        found |= xy_diagonal(sq, occ) & diag;
    }
    found
}

/// Whether any piece of `by` attacks `sq`; stops at the first kind found.
#[inline(always)]
pub fn is_attacked(sq: usize, occ: u64, by: &SidePieces, by_color: usize) -> bool {
    if leaper_attackers(sq, by, by_color) != 0 {
        return true;
    }
    // Only sliders on the same board can reach sq along a longer line.
    let board = 0xFFFFu64 << (sq & !15);
    let orth = (by[R] | by[Q]) & board;
    if orth != 0 && xy_orthogonal(sq, occ) & orth != 0 {
        return true;
    }
    let diag = (by[B] | by[Q]) & board;
    diag != 0 && xy_diagonal(sq, occ) & diag != 0
}

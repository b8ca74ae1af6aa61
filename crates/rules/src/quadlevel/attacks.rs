//! Which cells a side attacks, which pieces give check, and which are pinned.

use super::board::QuadlevelPosition;
use super::geometry::{Bits, Cells, BISHOP_DIRS, ROOK_DIRS, TABLES};
use crate::piece::{Color, PieceKind};

/// Pins against one side's kings: a pinned piece may only move within its ray.
pub(super) struct Pins {
    pub pinned: Bits,
    /// For each pinned cell: the cells it may move to (the line from its king up to and
    /// including the pinner; the intersection when pinned against both kings).
    pub rays: [Bits; 128],
}

impl QuadlevelPosition {
    /// Whether `by` attacks `sq`, with the given occupancy and with `by`'s pieces limited
    /// to `theirs` (so a trial move can remove a captured piece without changing the
    /// position).
    #[inline]
    pub(super) fn attacked_with(&self, sq: u8, by: Color, occupied: Bits, theirs: Bits) -> bool {
        let t = &*TABLES;
        let s = sq as usize;
        let k = &self.by_kind;
        if t.knight[s] & k[PieceKind::Knight.index()] & theirs != 0 {
            return true;
        }
        if t.king[s] & k[PieceKind::King.index()] & theirs != 0 {
            return true;
        }
        // A `by` pawn attacks `sq` from where a pawn of the other colour on `sq` would attack.
        if t.pawn_attacks[by.opposite().index()][s] & k[PieceKind::Pawn.index()] & theirs != 0 {
            return true;
        }
        let queens = k[PieceKind::Queen.index()];
        let rooks = (k[PieceKind::Rook.index()] | queens) & theirs;
        if rooks & t.rook_lines[s] != 0 {
            for d in ROOK_DIRS {
                if let Some(b) = t.first_blocker(d, sq, occupied) {
                    if rooks & (1u128 << b) != 0 {
                        return true;
                    }
                }
            }
        }
        let bishops = (k[PieceKind::Bishop.index()] | queens) & theirs;
        if bishops & t.bishop_lines[s] != 0 {
            for d in BISHOP_DIRS {
                if let Some(b) = t.first_blocker(d, sq, occupied) {
                    if bishops & (1u128 << b) != 0 {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether `by` attacks `sq` in this position.
    #[inline]
    pub(super) fn attacked(&self, sq: u8, by: Color) -> bool {
        self.attacked_with(sq, by, self.occupied(), self.by_color[by.index()])
    }

    /// The pieces of `by` that attack `sq`.
    pub(super) fn attackers(&self, sq: u8, by: Color) -> Bits {
        let t = &*TABLES;
        let s = sq as usize;
        let k = &self.by_kind;
        let theirs = self.by_color[by.index()];
        let occupied = self.occupied();
        let mut out = (t.knight[s] & k[PieceKind::Knight.index()]
            | t.king[s] & k[PieceKind::King.index()]
            | t.pawn_attacks[by.opposite().index()][s] & k[PieceKind::Pawn.index()])
            & theirs;
        let queens = k[PieceKind::Queen.index()];
        let rooks = (k[PieceKind::Rook.index()] | queens) & theirs;
        if rooks & t.rook_lines[s] != 0 {
            for d in ROOK_DIRS {
                if let Some(b) = t.first_blocker(d, sq, occupied) {
                    out |= rooks & (1u128 << b);
                }
            }
        }
        let bishops = (k[PieceKind::Bishop.index()] | queens) & theirs;
        if bishops & t.bishop_lines[s] != 0 {
            for d in BISHOP_DIRS {
                if let Some(b) = t.first_blocker(d, sq, occupied) {
                    out |= bishops & (1u128 << b);
                }
            }
        }
        out
    }

    /// Whether any king of `color` is attacked.
    pub(super) fn any_king_attacked(&self, color: Color) -> bool {
        Cells(self.kings(color)).any(|k| self.attacked(k, color.opposite()))
    }

    /// The pieces of `us` pinned against any of `us`'s kings, with their allowed rays.
    pub(super) fn pins(&self, us: Color, pins: &mut Pins) {
        let t = &*TABLES;
        let them = us.opposite();
        let ours = self.by_color[us.index()];
        let occupied = self.occupied();
        let k = &self.by_kind;
        let queens = k[PieceKind::Queen.index()];
        let rooks = (k[PieceKind::Rook.index()] | queens) & self.by_color[them.index()];
        let bishops = (k[PieceKind::Bishop.index()] | queens) & self.by_color[them.index()];
        pins.pinned = 0;
        for king in Cells(self.kings(us)) {
            let s = king as usize;
            for (sliders, dirs) in [(rooks, ROOK_DIRS), (bishops, BISHOP_DIRS)] {
                if sliders
                    & if dirs.start == 0 {
                        t.rook_lines[s]
                    } else {
                        t.bishop_lines[s]
                    }
                    == 0
                {
                    continue;
                }
                for d in dirs {
                    if t.ray[d][s] & sliders == 0 {
                        continue;
                    }
                    let Some(first) = t.first_blocker(d, king, occupied) else {
                        continue;
                    };
                    if ours & (1u128 << first) == 0 {
                        continue;
                    }
                    let Some(second) = t.first_blocker(d, first, occupied) else {
                        continue;
                    };
                    if sliders & (1u128 << second) == 0 {
                        continue;
                    }
                    let ray = t.ray[d][s] & !t.ray[d][second as usize];
                    let f = first as usize;
                    if pins.pinned & (1u128 << first) != 0 {
                        pins.rays[f] &= ray;
                    } else {
                        pins.pinned |= 1u128 << first;
                        pins.rays[f] = ray;
                    }
                }
            }
        }
    }
}

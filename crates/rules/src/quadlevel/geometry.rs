//! The Quadlevel board: 4 files × 8 ranks × 4 levels = 128 cells, one bit each in a
//! `u128`, and the precomputed tables move generation reads.
//!
//! Cell index = level·32 + rank·4 + file, with level 0 = L1 (the top). Every direction
//! of travel therefore has a fixed, non-zero index step, so along any ray the indices
//! grow (or shrink) monotonically: the nearest piece on a ray is the lowest (or highest)
//! set bit of `ray & occupied`.

use std::sync::LazyLock;

/// A set of cells.
pub type Bits = u128;

pub const FILES: i8 = 4;
pub const RANKS: i8 = 8;
pub const LEVELS: i8 = 4;
pub const CELLS: usize = 128;

#[inline]
pub fn bit(sq: u8) -> Bits {
    1u128 << sq
}

#[inline]
pub fn file_of(sq: u8) -> i8 {
    (sq & 3) as i8
}

#[inline]
pub fn rank_of(sq: u8) -> i8 {
    ((sq >> 2) & 7) as i8
}

#[inline]
pub fn level_of(sq: u8) -> i8 {
    (sq >> 5) as i8
}

/// The cell at (file, rank, level), if it exists.
#[inline]
pub fn square(x: i8, y: i8, z: i8) -> Option<u8> {
    ((0..FILES).contains(&x) && (0..RANKS).contains(&y) && (0..LEVELS).contains(&z))
        .then(|| (z * 32 + y * 4 + x) as u8)
}

/// The cell one step `d` away from `sq`, if it exists.
#[inline]
pub fn offset(sq: u8, d: (i8, i8, i8)) -> Option<u8> {
    square(file_of(sq) + d.0, rank_of(sq) + d.1, level_of(sq) + d.2)
}

/// `c4L2`.
pub fn square_name(sq: u8) -> String {
    format!(
        "{}{}L{}",
        (b'a' + file_of(sq) as u8) as char,
        rank_of(sq) + 1,
        level_of(sq) + 1
    )
}

/// Reads `c4L2`; `None` unless it names an existing cell exactly.
pub fn parse_square(s: &str) -> Option<u8> {
    let b = s.as_bytes();
    if b.len() != 4 || b[2] != b'L' {
        return None;
    }
    let x = b[0].wrapping_sub(b'a') as i8;
    let y = b[1].wrapping_sub(b'1') as i8;
    let z = b[3].wrapping_sub(b'1') as i8;
    square(x, y, z)
}

/// The six rook directions, then the eight bishop directions (the change-in-distance
/// rule: diagonals only in the file–rank and rank–level planes).
pub const DIRECTIONS: [(i8, i8, i8); 14] = [
    (1, 0, 0),
    (-1, 0, 0),
    (0, 1, 0),
    (0, -1, 0),
    (0, 0, 1),
    (0, 0, -1),
    (1, 1, 0),
    (-1, 1, 0),
    (1, -1, 0),
    (-1, -1, 0),
    (0, 1, 1),
    (0, 1, -1),
    (0, -1, 1),
    (0, -1, -1),
];
/// Directions 0..6 are the rook's, 6..14 the bishop's.
pub const ROOK_DIRS: std::ops::Range<usize> = 0..6;
pub const BISHOP_DIRS: std::ops::Range<usize> = 6..14;

pub const KNIGHT_LEAPS: [(i8, i8, i8); 16] = [
    (1, 2, 0),
    (-1, 2, 0),
    (1, -2, 0),
    (-1, -2, 0),
    (2, 1, 0),
    (-2, 1, 0),
    (2, -1, 0),
    (-2, -1, 0),
    (0, 1, 2),
    (0, 1, -2),
    (0, -1, 2),
    (0, -1, -2),
    (0, 2, 1),
    (0, 2, -1),
    (0, -2, 1),
    (0, -2, -1),
];

/// `ASCENDS[d]`: whether moving along direction `d` increases the cell index.
const ASCENDS: [bool; 14] = {
    let mut out = [false; 14];
    let mut d = 0;
    while d < 14 {
        let (x, y, z) = DIRECTIONS[d];
        out[d] = (x as i32) + 4 * (y as i32) + 32 * (z as i32) > 0;
        d += 1;
    }
    out
};

#[inline]
pub fn dir_ascends(d: usize) -> bool {
    ASCENDS[d]
}

/// Everything precomputed once.
pub struct Tables {
    /// `ray[d][sq]`: the cells from `sq` (exclusive) to the edge in direction `d`.
    pub ray: [[Bits; CELLS]; 14],
    /// Union of the rook (bishop) rays from a cell: where a rook (bishop) could see it from.
    pub rook_lines: [Bits; CELLS],
    pub bishop_lines: [Bits; CELLS],
    pub knight: [Bits; CELLS],
    pub king: [Bits; CELLS],
    /// `pawn_attacks[color][sq]`: the cells a pawn of that colour on `sq` attacks.
    pub pawn_attacks: [[Bits; CELLS]; 2],
    /// `dir_between[a][b]`: the direction from `a` to `b` when they share a line, else 255.
    pub dir_between: [[u8; CELLS]; CELLS],
}

impl Tables {
    fn build() -> Tables {
        let mut t = Tables {
            ray: [[0; CELLS]; 14],
            rook_lines: [0; CELLS],
            bishop_lines: [0; CELLS],
            knight: [0; CELLS],
            king: [0; CELLS],
            pawn_attacks: [[0; CELLS]; 2],
            dir_between: [[255; CELLS]; CELLS],
        };
        for sq in 0..CELLS as u8 {
            let s = sq as usize;
            for (d, &dir) in DIRECTIONS.iter().enumerate() {
                let mut cur = sq;
                while let Some(next) = offset(cur, dir) {
                    t.ray[d][s] |= bit(next);
                    t.dir_between[s][next as usize] = d as u8;
                    cur = next;
                }
                if let Some(next) = offset(sq, dir) {
                    t.king[s] |= bit(next);
                }
                if ROOK_DIRS.contains(&d) {
                    t.rook_lines[s] |= t.ray[d][s];
                } else {
                    t.bishop_lines[s] |= t.ray[d][s];
                }
            }
            for &leap in &KNIGHT_LEAPS {
                if let Some(to) = offset(sq, leap) {
                    t.knight[s] |= bit(to);
                }
            }
            for (c, fwd) in [(0usize, 1i8), (1, -1)] {
                for d in [(1, fwd, 0), (-1, fwd, 0), (0, fwd, 1), (0, fwd, -1)] {
                    if let Some(to) = offset(sq, d) {
                        t.pawn_attacks[c][s] |= bit(to);
                    }
                }
            }
        }
        t
    }

    /// The cells strictly between `a` and `b` on a common line (empty if none).
    #[inline]
    pub fn between(&self, a: u8, b: u8) -> Bits {
        let d = self.dir_between[a as usize][b as usize];
        if d == 255 {
            return 0;
        }
        let d = d as usize;
        self.ray[d][a as usize] & !self.ray[d][b as usize] & !bit(b)
    }

    /// The nearest occupied cell from `sq` in direction `d`, if any.
    #[inline]
    pub fn first_blocker(&self, d: usize, sq: u8, occupied: Bits) -> Option<u8> {
        let hits = self.ray[d][sq as usize] & occupied;
        if hits == 0 {
            None
        } else if dir_ascends(d) {
            Some(hits.trailing_zeros() as u8)
        } else {
            Some(127 - hits.leading_zeros() as u8)
        }
    }

    /// The cells a slider on `sq` reaches in direction `d` (up to and including the first
    /// occupied cell).
    #[inline]
    pub fn slide(&self, d: usize, sq: u8, occupied: Bits) -> Bits {
        let ray = self.ray[d][sq as usize];
        match self.first_blocker(d, sq, occupied) {
            Some(b) => ray & !self.ray[d][b as usize],
            None => ray,
        }
    }
}

pub static TABLES: LazyLock<Tables> = LazyLock::new(Tables::build);

/// Iterates the set cells of a bit set, lowest first.
pub struct Cells(pub Bits);

impl Iterator for Cells {
    type Item = u8;
    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

//! Precomputed attack masks, built at compile time.
//!
//! Z and W only run from 0 to 1, so every line that changes Z or W is at most one step
//! long. Only lines within one 16-square board (the X/Y plane) can be longer than a
//! step or be blocked. Hence each slider's attacks split into a blockable part in its own
//! board (rays, [`RAYS`]) and a fixed one-step part that jumps between boards
//! ([`ROOK_STEPS`], [`BISHOP_STEPS`], [`QUEEN_STEPS`]).

use super::geometry::{coords, square};

/// The eight X/Y directions. The first four raise the square index (scan with the lowest
/// set bit), the last four lower it (scan with the highest).
pub const XY_DIRECTIONS: [[i32; 2]; 8] = [
    [1, 0],
    [0, 1],
    [1, 1],
    [-1, 1],
    [-1, 0],
    [0, -1],
    [-1, -1],
    [1, -1],
];

/// Number of non-zero components.
const fn axes(d: [i32; 4]) -> u32 {
    (d[0] != 0) as u32 + (d[1] != 0) as u32 + (d[2] != 0) as u32 + (d[3] != 0) as u32
}

const fn add(c: [i32; 4], d: [i32; 4]) -> [i32; 4] {
    [c[0] + d[0], c[1] + d[1], c[2] + d[2], c[3] + d[3]]
}

/// The 80 one-step displacements, `{-1,0,1}^4` without zero.
const fn unit_steps() -> [[i32; 4]; 80] {
    let mut out = [[0; 4]; 80];
    let mut n = 0;
    let mut i = 0;
    while i < 81 {
        let d = [
            (i % 3) - 1,
            (i / 3 % 3) - 1,
            (i / 9 % 3) - 1,
            (i / 27 % 3) - 1,
        ];
        if axes(d) > 0 {
            out[n] = d;
            n += 1;
        }
        i += 1;
    }
    out
}

const UNIT_STEPS: [[i32; 4]; 80] = unit_steps();

/// One-step neighbours whose displacement has `min..=max` axes and changes Z or W
/// (when `off_board` is true) or anything (when false).
const fn step_masks(min: u32, max: u32, off_board: bool) -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < 80 {
            let d = UNIT_STEPS[i];
            let n = axes(d);
            let leaves_board = d[2] != 0 || d[3] != 0;
            if n >= min && n <= max && (leaves_board || !off_board) {
                if let Some(t) = square(add(coords(sq), d)) {
                    out[sq] |= 1 << t;
                }
            }
            i += 1;
        }
        sq += 1;
    }
    out
}

/// King: one step on any non-empty combination of axes.
pub static KING: [u64; 64] = step_masks(1, 4, false);
/// A rook's steps between boards: Z or W alone.
pub static ROOK_STEPS: [u64; 64] = step_masks(1, 1, true);
/// A bishop's steps between boards: two axes, at least one of them Z or W.
pub static BISHOP_STEPS: [u64; 64] = step_masks(2, 2, true);
/// A queen's steps between boards: any axes including Z or W.
pub static QUEEN_STEPS: [u64; 64] = step_masks(1, 4, true);

const fn knight_masks() -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        // The two-step is on X (axis 0) or Y (axis 1); the one-step on any other axis.
        let mut long = 0;
        while long < 2 {
            let mut short = 0;
            while short < 4 {
                if short != long {
                    let mut s1 = 0;
                    while s1 < 2 {
                        let mut s2 = 0;
                        while s2 < 2 {
                            let mut d = [0i32; 4];
                            d[long] = if s1 == 0 { 2 } else { -2 };
                            d[short] = if s2 == 0 { 1 } else { -1 };
                            if let Some(t) = square(add(coords(sq), d)) {
                                out[sq] |= 1 << t;
                            }
                            s2 += 1;
                        }
                        s1 += 1;
                    }
                }
                short += 1;
            }
            long += 1;
        }
        sq += 1;
    }
    out
}

pub static KNIGHT: [u64; 64] = knight_masks();

/// Pawn captures, `[color][square]`: one rank forward plus one step on exactly one of
/// X, Z, W. Read backwards, a side's table also gives the squares from which the other
/// side's pawns attack a square.
const fn pawn_attack_masks() -> [[u64; 64]; 2] {
    let mut out = [[0u64; 64]; 2];
    let mut color = 0;
    while color < 2 {
        let dy = if color == 0 { 1 } else { -1 };
        let mut sq = 0;
        while sq < 64 {
            let mut axis = 0;
            while axis < 4 {
                if axis != 1 {
                    let mut s = 0;
                    while s < 2 {
                        let mut d = [0, dy, 0, 0];
                        d[axis] = if s == 0 { 1 } else { -1 };
                        if let Some(t) = square(add(coords(sq), d)) {
                            out[color][sq] |= 1 << t;
                        }
                        s += 1;
                    }
                }
                axis += 1;
            }
            sq += 1;
        }
        color += 1;
    }
    out
}

pub static PAWN_ATTACKS: [[u64; 64]; 2] = pawn_attack_masks();

/// The squares along an X/Y direction from a square to the edge of its board
/// (the square itself excluded), `[direction][square]`.
const fn ray_masks() -> [[u64; 64]; 8] {
    let mut out = [[0u64; 64]; 8];
    let mut dir = 0;
    while dir < 8 {
        let d = [XY_DIRECTIONS[dir][0], XY_DIRECTIONS[dir][1], 0, 0];
        let mut sq = 0;
        while sq < 64 {
            let mut c = add(coords(sq), d);
            while let Some(t) = square(c) {
                out[dir][sq] |= 1 << t;
                c = add(c, d);
            }
            sq += 1;
        }
        dir += 1;
    }
    out
}

pub static RAYS: [[u64; 64]; 8] = ray_masks();

/// For two squares on one X/Y line of the same board: the squares strictly between
/// (`between`) and the whole line through both to the board's edges (`line`).
/// Zero for squares not so aligned.
const fn line_masks(whole: bool) -> [[u64; 64]; 64] {
    let mut out = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut dir = 0;
        while dir < 8 {
            let ray = ray_masks_single(a, dir);
            let back = ray_masks_single(a, (dir + 4) % 8);
            let mut b = 0;
            while b < 64 {
                if ray & (1 << b) != 0 {
                    out[a][b] = if whole {
                        ray | back | (1 << a)
                    } else {
                        ray & !ray_masks_single(b, dir) & !(1 << b)
                    };
                }
                b += 1;
            }
            dir += 1;
        }
        a += 1;
    }
    out
}

const fn ray_masks_single(sq: usize, dir: usize) -> u64 {
    let d = [XY_DIRECTIONS[dir][0], XY_DIRECTIONS[dir][1], 0, 0];
    let mut m = 0u64;
    let mut c = add(coords(sq), d);
    while let Some(t) = square(c) {
        m |= 1 << t;
        c = add(c, d);
    }
    m
}

pub static BETWEEN: [[u64; 64]; 64] = line_masks(false);
pub static LINE: [[u64; 64]; 64] = line_masks(true);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbour_counts() {
        // A corner square: 2 choices on every axis, 2^4 - 1 neighbours.
        assert_eq!(KING[0].count_ones(), 15);
        // b2@00: 3 × 3 × 2 × 2 - 1.
        assert_eq!(KING[5].count_ones(), 35);
        assert_eq!(ROOK_STEPS[0].count_ones(), 2);
        // Z+W, and X or Y with Z or W: 1 + 2 × 2.
        assert_eq!(BISHOP_STEPS[0].count_ones(), 5);
        assert_eq!(QUEEN_STEPS[0].count_ones(), 12);
        // b1@00 knight: d1 on Z or W, d2, a3, c3, b3 on Z or W.
        assert_eq!(KNIGHT[1].count_ones(), 7);
        assert_eq!(BETWEEN[0][3].count_ones(), 2);
        assert_eq!(BETWEEN[0][15], (1 << 5) | (1 << 10));
        assert_eq!(LINE[5][10].count_ones(), 4);
        assert_eq!(BETWEEN[0][16], 0);
    }
}

//! Geometry of the three stacked 8×8 boards: square numbering and the 8×8 attack tables.
//!
//! Captures and attacks never leave a board, so every same-board question is answered
//! by ordinary 8×8 bitboards (one `u64` per board). A square of the whole game is
//! `board * 64 + rank * 8 + file` (0..192); a *local* square is `rank * 8 + file`.

/// Number of boards: B (bottom, z=0), M (middle, z=1), T (top, z=2).
pub const BOARDS: usize = 3;
/// Squares of the whole game.
pub const SQUARES: usize = BOARDS * 64;
/// The board letters, indexed by z.
pub const BOARD_LETTERS: [char; BOARDS] = ['B', 'M', 'T'];

/// The game square of a local square on a board.
#[inline]
pub const fn square(board: usize, local: usize) -> usize {
    board * 64 + local
}

/// The board (z) of a game square.
#[inline]
pub const fn board_of(sq: usize) -> usize {
    sq >> 6
}

/// The local square (rank * 8 + file) of a game square.
#[inline]
pub const fn local_of(sq: usize) -> usize {
    sq & 63
}

#[inline]
pub const fn file_of(local: usize) -> usize {
    local & 7
}

#[inline]
pub const fn rank_of(local: usize) -> usize {
    local >> 3
}

#[inline]
pub const fn bit(local: usize) -> u64 {
    1u64 << local
}

/// a1 is dark on every board: a square is dark when file + rank is even.
pub const fn is_dark(local: usize) -> bool {
    (file_of(local) + rank_of(local)) & 1 == 0
}

/// The name of a game square, e.g. `Me4`.
pub fn square_name(sq: usize) -> String {
    let local = local_of(sq);
    format!(
        "{}{}{}",
        BOARD_LETTERS[board_of(sq)],
        (b'a' + file_of(local) as u8) as char,
        rank_of(local) + 1
    )
}

/// Rank 1 (index 0) and rank 8 (index 7) as bitboards.
pub const RANK_1: u64 = 0xFF;
pub const RANK_8: u64 = 0xFF << 56;

const fn leaper_table(deltas: &[(i32, i32)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut s = 0;
    while s < 64 {
        let (x, y) = ((s % 8) as i32, (s / 8) as i32);
        let mut i = 0;
        while i < deltas.len() {
            let (nx, ny) = (x + deltas[i].0, y + deltas[i].1);
            if nx >= 0 && nx < 8 && ny >= 0 && ny < 8 {
                table[s] |= 1u64 << (ny * 8 + nx);
            }
            i += 1;
        }
        s += 1;
    }
    table
}

const KNIGHT_DELTAS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_DELTAS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const DIAGONAL_DELTAS: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
const DIAGONAL_2_DELTAS: [(i32, i32); 4] = [(2, 2), (-2, 2), (-2, -2), (2, -2)];

/// Knight leaps from each square.
pub static KNIGHT: [u64; 64] = leaper_table(&KNIGHT_DELTAS);
/// King steps from each square.
pub static KING: [u64; 64] = leaper_table(&KING_DELTAS);
/// The four diagonal neighbours (a bishop's one-board inter-board landing squares).
pub static DIAGONAL_1: [u64; 64] = leaper_table(&DIAGONAL_DELTAS);
/// The four squares two diagonal steps away (a bishop's two-board landing squares).
pub static DIAGONAL_2: [u64; 64] = leaper_table(&DIAGONAL_2_DELTAS);
/// Squares a pawn of each colour (0 White, 1 Black) attacks.
pub static PAWN_ATTACKS: [[u64; 64]; 2] = [
    leaper_table(&[(1, 1), (-1, 1)]),
    leaper_table(&[(1, -1), (-1, -1)]),
];

/// Ray directions. The first four increase the square index, the last four decrease it,
/// which decides whether the nearest blocker is the lowest or the highest set bit.
const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),   // north
    (1, 0),   // east
    (1, 1),   // north-east
    (-1, 1),  // north-west
    (0, -1),  // south
    (-1, 0),  // west
    (-1, -1), // south-west
    (1, -1),  // south-east
];
const N: usize = 0;
const E: usize = 1;
const NE: usize = 2;
const NW: usize = 3;
const S: usize = 4;
const W: usize = 5;
const SW: usize = 6;
const SE: usize = 7;

const fn ray_tables() -> [[u64; 64]; 8] {
    let mut rays = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut s = 0;
        while s < 64 {
            let (mut x, mut y) = ((s % 8) as i32, (s / 8) as i32);
            loop {
                x += DIRECTIONS[d].0;
                y += DIRECTIONS[d].1;
                if x < 0 || x > 7 || y < 0 || y > 7 {
                    break;
                }
                rays[d][s] |= 1u64 << (y * 8 + x);
            }
            s += 1;
        }
        d += 1;
    }
    rays
}

/// Every square from a square to the board's edge, per direction, the square excluded.
static RAYS: [[u64; 64]; 8] = ray_tables();

/// For every pair of squares on one rank, file or diagonal: the squares strictly between
/// them, and the whole line through both from edge to edge (0 for unaligned pairs).
struct LineTables {
    between: [[u64; 64]; 64],
    line: [[u64; 64]; 64],
}

const fn line_tables() -> LineTables {
    let rays = ray_tables();
    let mut t = LineTables {
        between: [[0u64; 64]; 64],
        line: [[0u64; 64]; 64],
    };
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let full = rays[d][a] | rays[(d + 4) % 8][a] | (1u64 << a);
            let (mut x, mut y) = ((a % 8) as i32, (a / 8) as i32);
            let mut passed = 0u64;
            loop {
                x += DIRECTIONS[d].0;
                y += DIRECTIONS[d].1;
                if x < 0 || x > 7 || y < 0 || y > 7 {
                    break;
                }
                let b = (y * 8 + x) as usize;
                t.between[a][b] = passed;
                t.line[a][b] = full;
                passed |= 1u64 << b;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

static LINES: LineTables = line_tables();

/// Squares strictly between `a` and `b` when they share a rank, file or diagonal.
#[inline]
pub fn between(a: usize, b: usize) -> u64 {
    LINES.between[a][b]
}

/// The full line through `a` and `b` when they share a rank, file or diagonal, else 0.
#[inline]
pub fn line(a: usize, b: usize) -> u64 {
    LINES.line[a][b]
}

/// The ray from `s` in a direction of increasing square numbers (north, east, north-east,
/// north-west), up to and including its first blocker. Branch-free: a sentinel on h8,
/// from which no such ray leads, stands in for "no blocker".
#[inline]
fn positive_ray(d: usize, s: usize, occupied: u64) -> u64 {
    let ray = RAYS[d][s];
    let first = (ray & occupied | 1 << 63).trailing_zeros() as usize;
    ray ^ RAYS[d][first]
}

/// As [`positive_ray`] for decreasing square numbers, with the sentinel on a1.
#[inline]
fn negative_ray(d: usize, s: usize, occupied: u64) -> u64 {
    let ray = RAYS[d][s];
    let first = 63 - (ray & occupied | 1).leading_zeros() as usize;
    ray ^ RAYS[d][first]
}

/// Squares a rook on `s` attacks on a board with these occupied squares.
#[inline]
pub fn rook_attacks(s: usize, occupied: u64) -> u64 {
    positive_ray(N, s, occupied)
        | positive_ray(E, s, occupied)
        | negative_ray(S, s, occupied)
        | negative_ray(W, s, occupied)
}

/// Squares a bishop on `s` attacks on a board with these occupied squares.
#[inline]
pub fn bishop_attacks(s: usize, occupied: u64) -> u64 {
    positive_ray(NE, s, occupied)
        | positive_ray(NW, s, occupied)
        | negative_ray(SW, s, occupied)
        | negative_ray(SE, s, occupied)
}

/// Rook lines from `s` on an empty board.
#[inline]
pub fn rook_rays(s: usize) -> u64 {
    RAYS[N][s] | RAYS[E][s] | RAYS[S][s] | RAYS[W][s]
}

/// Bishop lines from `s` on an empty board.
#[inline]
pub fn bishop_rays(s: usize) -> u64 {
    RAYS[NE][s] | RAYS[NW][s] | RAYS[SW][s] | RAYS[SE][s]
}

/// Iterates over the set bits of a bitboard, lowest first.
#[derive(Clone, Copy)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let s = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ray_sentinels_lead_nowhere() {
        // positive_ray and negative_ray read these when a ray has no blocker.
        for d in [N, E, NE, NW] {
            assert_eq!(RAYS[d][63], 0, "direction {d} from h8");
        }
        for d in [S, W, SW, SE] {
            assert_eq!(RAYS[d][0], 0, "direction {d} from a1");
        }
    }

    #[test]
    fn slider_attacks_stop_at_and_include_the_first_blocker() {
        // A rook on d4 (27), blockers on d6 (43) and b4 (25): up to d6, left to b4, and
        // the open ends to d1 and h4.
        let rook = rook_attacks(27, 1 << 43 | 1 << 25);
        let expected: u64 = [35, 43, 26, 25, 28, 29, 30, 31, 19, 11, 3]
            .iter()
            .map(|&s| 1u64 << s)
            .sum();
        assert_eq!(rook, expected);
        // A bishop on a1 with nothing in the way sees the whole long diagonal.
        assert_eq!(
            bishop_attacks(0, 0),
            [9, 18, 27, 36, 45, 54, 63].iter().map(|&s| 1u64 << s).sum()
        );
    }

    #[test]
    fn leaper_tables_count_squares() {
        assert_eq!(KNIGHT[0].count_ones(), 2);
        assert_eq!(KNIGHT[27].count_ones(), 8);
        assert_eq!(KING[0].count_ones(), 3);
        assert_eq!(DIAGONAL_2[0], bit(18));
        assert_eq!(PAWN_ATTACKS[0][8], bit(17));
        assert_eq!(PAWN_ATTACKS[1][9], bit(0) | bit(2));
    }

    #[test]
    fn sliders_stop_at_the_first_blocker() {
        // Rook a1 with a blocker on a4 and d1: a2, a3, a4, b1, c1, d1.
        let occ = bit(24) | bit(3);
        assert_eq!(
            rook_attacks(0, occ),
            bit(8) | bit(16) | bit(24) | bit(1) | bit(2) | bit(3)
        );
        // Bishop d4 on an empty board sees 13 squares.
        assert_eq!(bishop_attacks(27, 0).count_ones(), 13);
        assert_eq!(between(0, 63).count_ones(), 6);
        assert_eq!(between(0, 10), 0);
        assert_eq!(line(0, 9), bishop_rays(0) & (RAYS[NE][0]) | bit(0));
        assert_eq!(square_name(square(1, 28)), "Me4");
        assert!(is_dark(0));
        assert!(!is_dark(1));
    }
}

//! Squares of the 4×4×2×2 space and their names.
//!
//! A square is an index `x + 4y + 16z + 32w` (0..64), so the whole space is one `u64`
//! bitboard, each 16-square board is one 16-bit lane, and a step along X, Y, Z or W adds
//! 1, 4, 16 or 32.

/// File (0..4), rank (0..4), Z (0..2), W (0..2) of a square index.
#[inline]
pub const fn coords(sq: usize) -> [i32; 4] {
    [
        (sq & 3) as i32,
        ((sq >> 2) & 3) as i32,
        ((sq >> 4) & 1) as i32,
        ((sq >> 5) & 1) as i32,
    ]
}

/// The square at these coordinates, if it exists.
#[inline]
pub const fn square(c: [i32; 4]) -> Option<usize> {
    if c[0] < 0 || c[0] > 3 || c[1] < 0 || c[1] > 3 || c[2] < 0 || c[2] > 1 || c[3] < 0 || c[3] > 1
    {
        return None;
    }
    Some((c[0] + 4 * c[1] + 16 * c[2] + 32 * c[3]) as usize)
}

/// The two-digit board name, Z then W: `00`, `10`, `01`, `11`.
pub fn board_name(sq: usize) -> String {
    let c = coords(sq);
    format!("{}{}", c[2], c[3])
}

/// The square's name: file, rank, `@`, Z digit, W digit, e.g. `a1@01`.
pub fn square_name(sq: usize) -> String {
    let c = coords(sq);
    format!(
        "{}{}@{}{}",
        (b'a' + c[0] as u8) as char,
        c[1] + 1,
        c[2],
        c[3]
    )
}

/// Reads a square name such as `a1@01`.
pub fn parse_square(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if b.len() != 5 || b[2] != b'@' {
        return None;
    }
    let x = b[0].wrapping_sub(b'a') as i32;
    let y = b[1].wrapping_sub(b'1') as i32;
    let z = b[3].wrapping_sub(b'0') as i32;
    let w = b[4].wrapping_sub(b'0') as i32;
    square([x, y, z, w])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in 0..64 {
            assert_eq!(parse_square(&square_name(sq)), Some(sq));
            assert_eq!(square(coords(sq)), Some(sq));
        }
        assert_eq!(square_name(32), "a1@01");
        assert_eq!(square_name(16 + 1), "b1@10");
        assert_eq!(parse_square("e1@00"), None);
        assert_eq!(parse_square("a1@02"), None);
        assert_eq!(parse_square("a1@0"), None);
    }
}

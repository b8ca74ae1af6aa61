//! Tri-D geometry: files a–f, ranks 0–9, levels 1–7; the three fixed main boards, the
//! twelve posts and the attack-board placements.
//!
//! A square is indexed in a fixed 6×10×8 space, `x + 6·y + 60·z` (level 0 unused), so
//! tables never depend on where the attack boards are. A *column* is `x + 6·y`: the
//! shadow square seen from above. Per column, a bit mask over levels (bit `z`) says which
//! levels exist or are occupied.

/// A square index in the fixed space.
pub type Sq = u16;

pub const FILES: i8 = 6;
pub const RANKS: i8 = 10;
pub const COLUMNS: usize = 60;
/// Size of square-indexed tables (levels 0..=7, level 0 never exists).
pub const NSQ: usize = 480;
/// Number of posts.
pub const NPOSTS: usize = 12;

#[inline]
pub const fn column(x: i8, y: i8) -> usize {
    (x as usize) + 6 * (y as usize)
}

#[inline]
pub const fn square(x: i8, y: i8, z: i8) -> Sq {
    (column(x, y) + 60 * z as usize) as Sq
}

#[inline]
pub const fn sq_col(s: Sq) -> usize {
    s as usize % 60
}

#[inline]
pub const fn sq_x(s: Sq) -> i8 {
    (s % 6) as i8
}

#[inline]
pub const fn sq_y(s: Sq) -> i8 {
    ((s % 60) / 6) as i8
}

#[inline]
pub const fn sq_z(s: Sq) -> i8 {
    (s / 60) as i8
}

#[inline]
pub fn on_map(x: i8, y: i8) -> bool {
    (0..FILES).contains(&x) && (0..RANKS).contains(&y)
}

/// A square's name, e.g. `c3(4)`.
pub fn square_name(s: Sq) -> String {
    format!("{}{}({})", (b'a' + sq_x(s) as u8) as char, sq_y(s), sq_z(s))
}

/// Reads `c3(4)` into (file, rank, level) within the coordinate ranges (existence is
/// not checked here).
pub fn parse_square(s: &str) -> Option<(i8, i8, i8)> {
    let b = s.as_bytes();
    if b.len() != 5 || b[2] != b'(' || b[4] != b')' {
        return None;
    }
    let x = b[0].wrapping_sub(b'a') as i8;
    let y = b[1].wrapping_sub(b'0') as i8;
    let z = b[3].wrapping_sub(b'0') as i8;
    (on_map(x, y) && (1..=7).contains(&z)).then_some((x, y, z))
}

/// The main-board levels that exist in a column (bits 2, 4, 6).
pub const fn main_levels(col: usize) -> u8 {
    let x = (col % 6) as i8;
    let y = (col / 6) as i8;
    if x < 1 || x > 4 {
        return 0;
    }
    let mut m = 0;
    if y >= 1 && y <= 4 {
        m |= 1 << 2;
    }
    if y >= 3 && y <= 6 {
        m |= 1 << 4;
    }
    if y >= 5 && y <= 8 {
        m |= 1 << 6;
    }
    m
}

/// The main board a main level belongs to: `W`, `N` or `B`.
pub fn main_board_label(z: i8) -> &'static str {
    match z {
        2 => "W",
        4 => "N",
        _ => "B",
    }
}

/// A post: a corner of a main board where an attack board may be placed.
/// Index `side * 6 + pin - 1`, side 0 = queen's side (file b), 1 = king's side (file e).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Post {
    pub side: u8,
    /// Pin number 1–6 (W near, W far, N near, N far, B near, B far).
    pub pin: u8,
}

const PIN_CORNER_RANK: [i8; 6] = [1, 4, 3, 6, 5, 8];
const PIN_MAIN_LEVEL: [i8; 6] = [2, 2, 4, 4, 6, 6];

impl Post {
    #[inline]
    pub const fn from_index(i: usize) -> Post {
        Post {
            side: (i / 6) as u8,
            pin: (i % 6) as u8 + 1,
        }
    }
    #[inline]
    pub const fn index(self) -> usize {
        self.side as usize * 6 + self.pin as usize - 1
    }
    /// The corner square's file and rank.
    pub const fn corner(self) -> (i8, i8) {
        let x = if self.side == 0 { 1 } else { 4 };
        (x, PIN_CORNER_RANK[self.pin as usize - 1])
    }
    pub const fn main_level(self) -> i8 {
        PIN_MAIN_LEVEL[self.pin as usize - 1]
    }
    /// Near posts (odd pins) are the lower-rank corners of their main board.
    pub const fn is_near(self) -> bool {
        self.pin % 2 == 1
    }
    /// The lowest file and rank the attack board on this post covers.
    pub const fn low_corner(self) -> (i8, i8) {
        let (cx, cy) = self.corner();
        let x = if self.side == 0 { cx - 1 } else { cx };
        let y = if self.is_near() { cy - 1 } else { cy };
        (x, y)
    }
    /// The four columns covered, as (file, rank).
    pub const fn cover(self) -> [(i8, i8); 4] {
        let (x, y) = self.low_corner();
        [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
    }
    /// Level of a board standing on this post.
    pub const fn standing_level(self) -> i8 {
        self.main_level() + 1
    }
    pub const fn hanging_level(self) -> i8 {
        self.main_level() - 1
    }
    /// The post's name: its corner square without level, e.g. `b1`.
    pub fn name(self) -> String {
        let (x, y) = self.corner();
        format!("{}{}", (b'a' + x as u8) as char, y)
    }
    /// The post with this corner, if any.
    pub fn from_corner(x: i8, y: i8) -> Option<Post> {
        (0..NPOSTS)
            .map(Post::from_index)
            .find(|p| p.corner() == (x, y))
    }
}

/// The attack boards, by identity.
pub const BOARD_NAMES: [&str; 4] = ["WQL", "WKL", "BQL", "BKL"];

/// The original owner of each board: 0 White, 1 Black.
pub const fn original_owner(board: usize) -> u8 {
    (board / 2) as u8
}

/// Where an attack board is: a post and a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    pub post: u8,
    pub level: i8,
}

impl Placement {
    pub const fn new(post: Post, level: i8) -> Placement {
        Placement {
            post: post.index() as u8,
            level,
        }
    }
    pub const fn post(self) -> Post {
        Post::from_index(self.post as usize)
    }
    pub const fn standing(self) -> bool {
        self.level > self.post().main_level()
    }
    /// Written as the corner square and level, e.g. `b1(3)`.
    pub fn name(self) -> String {
        format!("{}({})", self.post().name(), self.level)
    }
    /// The four squares of the board placed here.
    pub const fn squares(self) -> [Sq; 4] {
        let c = self.post().cover();
        let z = self.level;
        [
            square(c[0].0, c[0].1, z),
            square(c[1].0, c[1].1, z),
            square(c[2].0, c[2].1, z),
            square(c[3].0, c[3].1, z),
        ]
    }
    /// Reads `b1(3)`: a post's corner and a level one above or below its main board.
    pub fn parse(s: &str) -> Option<Placement> {
        let (x, y, z) = parse_square(s)?;
        let post = Post::from_corner(x, y)?;
        (z == post.standing_level() || z == post.hanging_level()).then_some(Placement::new(post, z))
    }
}

/// The start placements of WQL, WKL, BQL, BKL.
pub const START_PLACEMENTS: [Placement; 4] = [
    Placement::new(Post { side: 0, pin: 1 }, 3),
    Placement::new(Post { side: 1, pin: 1 }, 3),
    Placement::new(Post { side: 0, pin: 6 }, 7),
    Placement::new(Post { side: 1, pin: 6 }, 7),
];

/// Where a piece at (x, y) on a board at `from` lands when the board goes to `to`:
/// translation keeps its place relative to the board's low corner (across the sides this
/// shifts files a→e, b→f); a turned board mirrors it in file and rank.
pub fn carry(x: i8, y: i8, from: Post, to: Post, turned: bool) -> (i8, i8) {
    let (fx, fy) = from.low_corner();
    let (tx, ty) = to.low_corner();
    let (mut dx, mut dy) = (x - fx, y - fy);
    if turned {
        dx = 1 - dx;
        dy = 1 - dy;
    }
    (tx + dx, ty + dy)
}

/// The squares' colour: dark when file + rank is even (stacked squares always agree).
pub const fn is_dark(x: i8, y: i8) -> bool {
    (x + y) % 2 == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn posts_cover_the_documented_columns() {
        let b1 = Post::from_corner(1, 1).unwrap();
        assert_eq!(b1.cover(), [(0, 0), (1, 0), (0, 1), (1, 1)]);
        let b4 = Post::from_corner(1, 4).unwrap();
        assert_eq!(b4.cover(), [(0, 4), (1, 4), (0, 5), (1, 5)]);
        let e6 = Post::from_corner(4, 6).unwrap();
        assert_eq!(e6.cover(), [(4, 6), (5, 6), (4, 7), (5, 7)]);
        assert_eq!(b4.standing_level(), 3);
        assert_eq!(b4.hanging_level(), 1);
        assert_eq!(Placement::parse("b4(1)"), Some(Placement::new(b4, 1)));
        assert_eq!(Placement::parse("b4(5)"), None);
        assert_eq!(Placement::parse("c4(3)"), None);
    }

    #[test]
    fn main_boards_have_48_squares() {
        let n: u32 = (0..COLUMNS).map(|c| main_levels(c).count_ones()).sum();
        assert_eq!(n, 48);
        assert_eq!(main_levels(column(2, 0)), 0);
        assert_eq!(main_levels(column(2, 3)), (1 << 2) | (1 << 4));
    }

    #[test]
    fn carrying_translates_and_turns() {
        let b1 = Post::from_corner(1, 1).unwrap();
        let b4 = Post::from_corner(1, 4).unwrap();
        let e1 = Post::from_corner(4, 1).unwrap();
        assert_eq!(carry(0, 0, b1, b4, false), (0, 4));
        assert_eq!(carry(0, 1, b1, e1, false), (4, 1));
        assert_eq!(carry(1, 1, b1, e1, false), (5, 1));
        assert_eq!(carry(0, 0, b1, b1, true), (1, 1));
    }
}

//! Move tokens, display notation, cells and the drawing of a position.
//!
//! Display notation is the long algebraic ASCII form of seed 004's public game,
//! `[KQRBN]from(-|x)to[=Q]` (`Bb1@10-b1@01`, `Rb4@01xb1@01`, `c3@00-c4@00=Q`), not the
//! glyph form of the other variants: records written with it can be read by that game,
//! and the generic move parser accepts glyphs and ASCII alike anyway.

use super::board::FourfoldPosition;
use super::movegen::FourfoldMove;
use super::square::{board_name, coords, square_name};
use crate::piece::PieceKind;
use crate::position::{Cell, MoveSquares};

impl FourfoldPosition {
    /// `b1@10b1@01`; a promotion adds `q`.
    pub(super) fn token(&self, m: FourfoldMove) -> String {
        let mut s = square_name(m.from_square());
        s.push_str(&square_name(m.to_square()));
        if m.is_promotion() {
            s.push('q');
        }
        s
    }

    /// `Bb1@10-b1@01`, `Rb4@01xb1@01`, `c3@00-c4@00=Q`.
    pub(super) fn notation(&self, m: FourfoldMove) -> String {
        let mut s = String::with_capacity(16);
        if let Some(p) = self.piece_at(m.from_square()) {
            if p.kind != PieceKind::Pawn {
                s.push(p.kind.letter());
            }
        }
        s.push_str(&square_name(m.from_square()));
        s.push(if self.piece_at(m.to_square()).is_some() {
            'x'
        } else {
            '-'
        });
        s.push_str(&square_name(m.to_square()));
        if m.is_promotion() {
            s.push_str("=Q");
        }
        s
    }

    pub(super) fn squares(&self, m: FourfoldMove) -> MoveSquares {
        MoveSquares {
            from: square_name(m.from_square()),
            to: square_name(m.to_square()),
            captured: None,
        }
    }

    /// All 64 squares. A square is dark when x+y+z+w is even, so a1@00 is dark as in
    /// orthodox chess, every one-axis step changes the colour, and a bishop (two axes,
    /// equal distances) keeps its colour.
    pub(super) fn all_cells(&self) -> Vec<Cell> {
        (0..64)
            .map(|sq| {
                let c = coords(sq);
                Cell {
                    name: square_name(sq),
                    board: board_name(sq),
                    coords: [c[0] as i8, c[1] as i8, c[2] as i8, c[3] as i8],
                    dark: (c[0] + c[1] + c[2] + c[3]) % 2 == 0,
                    piece: self.piece_at(sq),
                }
            })
            .collect()
    }

    /// The four boards as a 2×2 grid, W=1 boards on top, Z=0 on the left, as in the
    /// public game's drawing; then the position string.
    pub(super) fn drawing(&self) -> String {
        let mut out = String::new();
        for w in [1usize, 0] {
            out.push_str(&format!("   @0{w}        @1{w}\n"));
            for rank in (0..4).rev() {
                let mut line = String::new();
                for z in 0..2usize {
                    line.push_str(&format!("{} ", rank + 1));
                    for file in 0..4 {
                        let sq = file + 4 * rank + 16 * z + 32 * w;
                        line.push(self.piece_at(sq).map_or('.', |p| p.char()));
                        line.push(' ');
                    }
                    line.push_str("  ");
                }
                out.push_str(line.trim_end());
                out.push('\n');
            }
            out.push_str("  a b c d     a b c d\n");
        }
        out.push_str(&self.to_position_string());
        out
    }
}

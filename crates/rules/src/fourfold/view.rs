//! What user interfaces see of a Fourfold position: its cells and a drawing.

use super::board::FourfoldPosition;
use super::geometry::{board_name, coords, square_name};
use crate::position::Cell;

impl FourfoldPosition {
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

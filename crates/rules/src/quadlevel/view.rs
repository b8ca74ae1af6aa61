//! What user interfaces see of a Quadlevel position: its cells and a drawing.

use super::board::QuadlevelPosition;
use super::geometry::{file_of, level_of, rank_of, square, square_name, CELLS};
use crate::position::Cell;

impl QuadlevelPosition {
    pub(super) fn cell_list(&self) -> Vec<Cell> {
        (0..CELLS as u8)
            .map(|sq| {
                let (x, y, z) = (file_of(sq), rank_of(sq), level_of(sq));
                Cell {
                    name: square_name(sq),
                    board: format!("L{}", z + 1),
                    coords: [x, y, z, 0],
                    dark: (x + y + z) % 2 == 0,
                    piece: self.piece_at(sq),
                }
            })
            .collect()
    }

    /// The four levels side by side, rank 8 at the top.
    pub(super) fn drawing(&self) -> String {
        let mut out = String::from("  L1     L2     L3     L4\n");
        for y in (0..8).rev() {
            out.push_str(&format!("{} ", y + 1));
            for z in 0..4 {
                for x in 0..4 {
                    let sq = square(x, y, z).expect("cell exists");
                    out.push(self.piece_at(sq).map_or('.', |p| p.char()));
                }
                out.push_str("   ");
            }
            out.push('\n');
        }
        out.push_str("  abcd   abcd   abcd   abcd\n");
        out.push_str(&self.format_string());
        out
    }
}

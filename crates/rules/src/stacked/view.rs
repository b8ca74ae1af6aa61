//! What user interfaces and the engine see of a Stacked Boards position: cells, a
//! drawing, and read-only accessors for the evaluation.

use super::board::StackedPosition;
use super::geometry::{board_of, file_of, is_dark, local_of, rank_of, square, square_name};
use super::geometry::{BOARD_LETTERS, SQUARES};
use crate::piece::{Color, PieceKind};
use crate::position::Cell;

impl StackedPosition {
    /// The squares (bitboard of local squares) of a side's pieces of a kind on one board
    /// (0 = B, 1 = M, 2 = T).
    pub fn pieces_on_board(&self, board: usize, color: Color, kind: PieceKind) -> u64 {
        self.pieces[board][color.index()][kind.index()]
    }

    /// The board (0 = B, 1 = M, 2 = T) a side's king stands on.
    pub fn king_board(&self, color: Color) -> usize {
        usize::from(self.kings[color.index()]) >> 6
    }
}

pub(super) fn cells(pos: &StackedPosition) -> Vec<Cell> {
    (0..SQUARES)
        .map(|sq| {
            let local = local_of(sq);
            Cell {
                name: square_name(sq),
                board: BOARD_LETTERS[board_of(sq)].to_string(),
                coords: [
                    file_of(local) as i8,
                    rank_of(local) as i8,
                    board_of(sq) as i8,
                    0,
                ],
                dark: is_dark(local),
                piece: pos.mailbox[sq],
            }
        })
        .collect()
}

/// The three boards side by side (B, M, T from left to right), rank 8 at the top,
/// moved pieces followed by `*`, then the position string.
pub(super) fn pretty(pos: &StackedPosition) -> String {
    let mut out = String::new();
    for letter in BOARD_LETTERS {
        out.push_str(&format!("   {:<19}", format!("board {letter}")));
    }
    out.push('\n');
    for rank in (0..8).rev() {
        for z in 0..3 {
            out.push_str(&format!("{} ", rank + 1));
            for file in 0..8 {
                let sq = square(z, rank * 8 + file);
                match pos.mailbox[sq] {
                    Some(p) => {
                        out.push(p.char());
                        out.push(if pos.is_unmoved(sq) { ' ' } else { '*' });
                    }
                    None => out.push_str(if is_dark(rank * 8 + file) { ". " } else { "  " }),
                }
            }
            out.push_str("    ");
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    for _ in 0..3 {
        out.push_str("  a b c d e f g h     ");
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out.push_str(&format!(
        "{} to move\n{}\n",
        match pos.turn {
            Color::White => "White",
            Color::Black => "Black",
        },
        super::string::format(pos)
    ));
    out
}

//! What user interfaces and the engine see of a Stacked Boards position: cells, a
//! drawing, and read-only accessors for the evaluation.

use super::board::StackedPosition;
use super::geometry::{bishop_attacks, rook_attacks, BOARD_LETTERS, SQUARES};
use super::geometry::{board_of, file_of, is_dark, local_of, rank_of, square, square_name};
use super::geometry::{KING, KNIGHT, PAWN_ATTACKS};
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

    /// The local square of a side's king on its board.
    pub fn king_local(&self, color: Color) -> usize {
        local_of(usize::from(self.kings[color.index()]))
    }

    /// The squares a side's moved king could step to if it were that side's turn: the
    /// free neighbours on its board and the same square on the boards above and below,
    /// wherever the other side does not attack them (an endgame's measure of how caught
    /// a lone king is; an unmoved king's first-move extras are not counted).
    pub fn king_flights(&self, color: Color) -> u32 {
        let them = color.opposite();
        let king = usize::from(self.kings[color.index()]);
        let (kz, ks) = (king >> 6, local_of(king));
        let without_king = self.all_occupied(kz) ^ (1 << ks);
        let mut flights = 0;
        let mut steps = KING[ks] & !self.occupied[kz][color.index()];
        while steps != 0 {
            let t = steps.trailing_zeros() as usize;
            steps &= steps - 1;
            flights += u32::from(!self.is_attacked(kz, t, them, without_king));
        }
        for z in [kz.wrapping_sub(1), kz + 1] {
            if z < 3 && self.all_occupied(z) & (1 << ks) == 0 {
                flights += u32::from(!self.is_attacked(z, ks, them, self.all_occupied(z)));
            }
        }
        flights
    }

    /// The local squares of one board a side's pieces stand on.
    pub fn occupied_on_board(&self, board: usize, color: Color) -> u64 {
        self.occupied[board][color.index()]
    }

    /// The local squares of its board a piece of this kind and colour on local square
    /// `local` of `board` attacks, that board occupied as it is (captures it could
    /// make, whoever stands there). Attacks never leave a board.
    #[inline]
    pub fn attacks(&self, board: usize, kind: PieceKind, color: Color, local: usize) -> u64 {
        let occupied = self.all_occupied(board);
        match kind {
            PieceKind::Pawn => PAWN_ATTACKS[color.index()][local],
            PieceKind::Knight => KNIGHT[local],
            PieceKind::Bishop => bishop_attacks(local, occupied),
            PieceKind::Rook => rook_attacks(local, occupied),
            PieceKind::Queen => bishop_attacks(local, occupied) | rook_attacks(local, occupied),
            PieceKind::King => KING[local],
        }
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

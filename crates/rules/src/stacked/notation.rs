//! Move tokens, display notation and drawings of a Stacked Boards position.

use super::board::{StackedMove, StackedPosition};
use super::geometry::{board_of, file_of, is_dark, local_of, rank_of, square, square_name};
use super::geometry::{BOARD_LETTERS, SQUARES};
use crate::piece::{Color, PieceKind};
use crate::position::{Cell, MoveSquares};

/// `Bg1Mf3`, `Md7Md8q`; castling is the king's move (`Be1Bg1`, `Be1Mg1`).
pub(super) fn token(m: StackedMove) -> String {
    let mut out = square_name(m.from_square());
    out.push_str(&square_name(m.to_square()));
    if let Some(kind) = m.promotion() {
        out.push(kind.promotion_letter());
    }
    out
}

/// Seed 000's notation without `+`/`#`: `♘Bg1–Mf3`, `Td7×Tc8=♕`, `O-O→M`.
pub(super) fn display(pos: &StackedPosition, m: StackedMove) -> String {
    let (from, to) = (m.from_square(), m.to_square());
    let mover = pos.mailbox[from].expect("a legal move starts on a piece");
    if m.is_castling() {
        let queen_side = file_of(local_of(to)) == 2;
        let mut out = String::from(if queen_side { "O-O-O" } else { "O-O" });
        if board_of(to) != board_of(from) {
            out.push('→');
            out.push(BOARD_LETTERS[board_of(to)]);
        }
        return out;
    }
    let mut out = String::new();
    if mover.kind != PieceKind::Pawn {
        out.push(mover.kind.glyph(mover.color));
    }
    out.push_str(&square_name(from));
    out.push(if pos.mailbox[to].is_some() {
        '×'
    } else {
        '–'
    });
    out.push_str(&square_name(to));
    if let Some(kind) = m.promotion() {
        out.push('=');
        out.push(kind.glyph(mover.color));
    }
    out
}

pub(super) fn squares(m: StackedMove) -> MoveSquares {
    MoveSquares {
        from: square_name(m.from_square()),
        to: square_name(m.to_square()),
        captured: None,
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
        super::position_string::format(pos)
    ));
    out
}

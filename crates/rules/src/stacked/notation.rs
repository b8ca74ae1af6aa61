//! Move tokens, display notation and move squares of Stacked Boards.

use super::board::{StackedMove, StackedPosition};
use super::geometry::{board_of, file_of, local_of, square_name, BOARD_LETTERS};
use crate::piece::PieceKind;
use crate::position::MoveSquares;

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

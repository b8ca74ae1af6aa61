//! Captured pieces and the material balance a screen shows beside the boards, from the
//! moves as played and the pieces now on the board. Plain data for every host (the
//! server and the browser's module show the same figures).

use crate::game::PlayedMove;
use crate::piece::{Color, Piece, PieceKind};
use crate::screen::CellView;

#[cfg(feature = "serde")]
use serde::Serialize;

/// Pieces taken so far and who is ahead in material, by the usual values (pawn 1,
/// knight and bishop 3, rook 5, queen 9) of the pieces on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MaterialView {
    /// Black's pieces White took (letters), in the order taken.
    pub captured_by_white: Vec<String>,
    /// White's pieces Black took.
    pub captured_by_black: Vec<String>,
    /// White's material minus Black's, in pawns.
    pub balance: i32,
}

/// The usual value of a piece in pawns (a king counts nothing: it never leaves).
fn value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::Knight | PieceKind::Bishop => 3,
        PieceKind::Rook => 5,
        PieceKind::Queen => 9,
        PieceKind::King => 0,
    }
}

/// The pieces each side took in `played` and the balance of the pieces in `cells`.
pub fn material(cells: &[CellView], played: &[PlayedMove]) -> MaterialView {
    let taken_by = |side: Color| -> Vec<String> {
        played
            .iter()
            .filter(|m| m.side == side)
            .filter_map(|m| m.captured)
            .map(|k| Piece::new(side.opposite(), k).char().to_string())
            .collect()
    };
    let balance = cells
        .iter()
        .filter_map(|c| {
            c.piece
                .as_deref()?
                .chars()
                .next()
                .and_then(Piece::from_char)
        })
        .map(|p| match p.color {
            Color::White => value(p.kind),
            Color::Black => -value(p.kind),
        })
        .sum();
    MaterialView {
        captured_by_white: taken_by(Color::White),
        captured_by_black: taken_by(Color::Black),
        balance,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::any::AnyGame;
    use crate::setup::{Setup, Variant};

    #[test]
    fn the_first_capture_is_listed_for_its_taker_and_moves_the_balance() {
        let mut game = AnyGame::new(&Setup::standard(Variant::Stacked), None).unwrap();
        let start = material(&game.screen(false).cells, game.played());
        assert_eq!(start.balance, 0);
        assert!(start.captured_by_white.is_empty() && start.captured_by_black.is_empty());
        // Play varied legal moves until one captures, then play that capture.
        for i in 0..200 {
            let moves = game.legal_moves();
            if let Some(capture) = moves.iter().find(|m| m.captured.is_some()) {
                let side = game.turn();
                let kind = capture.captured.unwrap();
                let token = capture.token.clone();
                let before = material(&game.screen(false).cells, game.played());
                game.play_token(&token).unwrap();
                let after = material(&game.screen(false).cells, game.played());
                let letter = Piece::new(side.opposite(), kind).char().to_string();
                let (taker, sign) = match side {
                    Color::White => (&after.captured_by_white, 1),
                    Color::Black => (&after.captured_by_black, -1),
                };
                assert_eq!(taker.last(), Some(&letter));
                assert_eq!(after.balance - before.balance, sign * value(kind));
                return;
            }
            assert!(!moves.is_empty(), "the game ended before any capture");
            let token = moves[(i * 7) % moves.len()].token.clone();
            game.play_token(&token).unwrap();
        }
        panic!("no capture in 200 plies");
    }
}

//! Tri-D: material, attack-board control (owning a board — it changes hands in the
//! federation rules — and standing on one: the boards are the mobile high ground), pawn
//! advance and central files. Room to move, attack-board moves included, is the common
//! mobility term.

use super::{material_balance, Evaluate, PieceValues, STANDARD_VALUES, TEMPO};
use crate::score::Value;
use rules::trid::geometry::{sq_x, sq_y};
use rules::trid::TridPosition;
use rules::{Color, PieceKind, Position};

/// Per attack board owned.
const BOARD_OWNED: Value = 20;
/// Per piece (not pawn or king) standing on an attack board.
const ON_ATTACK_BOARD: Value = 8;
/// Per rank a pawn has advanced.
const PAWN_ADVANCE: Value = 4;
/// Knights and bishops on the four central files (b–e).
const CENTRAL: Value = 5;

impl Evaluate for TridPosition {
    fn evaluate(&self) -> Value {
        let mut side = [0 as Value; 2];
        for b in 0..4 {
            side[self.board_owner(b).index()] += BOARD_OWNED;
        }
        for (s, p) in self.pieces() {
            let c = p.color.index();
            match p.kind {
                PieceKind::Pawn => {
                    let y = Value::from(sq_y(s));
                    // White's pawns start on ranks 1–2, Black's on 7–8 (of 0–9).
                    let advanced = if p.color == Color::White {
                        y - 2
                    } else {
                        7 - y
                    };
                    side[c] += PAWN_ADVANCE * advanced.max(0);
                }
                PieceKind::King => {}
                kind => {
                    if self.attack_board_at(s).is_some() {
                        side[c] += ON_ATTACK_BOARD;
                    }
                    if matches!(kind, PieceKind::Knight | PieceKind::Bishop)
                        && (1..=4).contains(&sq_x(s))
                    {
                        side[c] += CENTRAL;
                    }
                }
            }
        }
        let us = self.turn().index();
        material_balance(self, &STANDARD_VALUES) + side[us] - side[1 - us] + TEMPO
    }
    fn piece_values(&self) -> PieceValues {
        STANDARD_VALUES
    }
}

//! Move tokens and display notation (seed 000). Only formatting: moves are read back by
//! matching against these forms (`crate::notation`).

use super::geometry::*;
use super::{code, kind, TridMove, TridPosition};
use crate::position::MoveSquares;

fn promo_letter(m: TridMove) -> String {
    if m.promo == 0 {
        String::new()
    } else {
        code::piece_kind(m.promo).promotion_letter().to_string()
    }
}

/// `b1(2)c3(4)`, `c7(4)c8(6)q`, `e0(3)f0(3)` (castling), `WQL>b4(1)`, `WKL>e3(5)r`.
pub fn token(m: TridMove) -> String {
    if m.is_board() {
        let turned = if m.kind == kind::BOARD_TURNED {
            "r"
        } else {
            ""
        };
        return format!(
            "{}>{}{turned}{}",
            BOARD_NAMES[m.from as usize],
            m.board_target().name(),
            promo_letter(m)
        );
    }
    format!(
        "{}{}{}",
        square_name(m.from),
        square_name(m.to),
        promo_letter(m)
    )
}

/// `♗c1(2)–e3(4)`, `c2(2)×d3(4)=♕`, `O-O`, `WQL→b4(1)`, `WKL→e3(5)↻`.
pub fn display(p: &TridPosition, m: TridMove) -> String {
    let color = p.turn;
    let promo = if m.promo == 0 {
        String::new()
    } else {
        format!("={}", code::piece_kind(m.promo).glyph(color))
    };
    match m.kind {
        kind::CASTLE_KING => "O-O".to_string(),
        kind::CASTLE_QUEEN => "O-O-O".to_string(),
        kind::BOARD | kind::BOARD_TURNED => {
            let turned = if m.kind == kind::BOARD_TURNED {
                "↻"
            } else {
                ""
            };
            format!(
                "{}→{}{turned}{promo}",
                BOARD_NAMES[m.from as usize],
                m.board_target().name()
            )
        }
        _ => {
            let c = p.at(m.from);
            let glyph = if code::kind(c) == code::PAWN {
                String::new()
            } else {
                code::piece(c).kind.glyph(color).to_string()
            };
            let capture = m.kind == kind::EN_PASSANT || p.at(m.to) != 0;
            format!(
                "{glyph}{}{}{}{promo}",
                square_name(m.from),
                if capture { '×' } else { '–' },
                square_name(m.to)
            )
        }
    }
}

pub fn squares(p: &TridPosition, m: TridMove) -> MoveSquares {
    if m.is_board() {
        return MoveSquares {
            from: BOARD_NAMES[m.from as usize].to_string(),
            to: m.board_target().name(),
            captured: None,
        };
    }
    MoveSquares {
        from: square_name(m.from),
        to: square_name(m.to),
        captured: (m.kind == kind::EN_PASSANT).then(|| square_name(p.ep_pawn)),
    }
}

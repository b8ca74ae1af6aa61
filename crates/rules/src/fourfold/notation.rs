//! Move tokens, display notation and move squares.
//!
//! Display notation is the long algebraic ASCII form of seed 004's public game,
//! `[KQRBN]from(-|x)to[=Q]` (`Bb1@10-b1@01`, `Rb4@01xb1@01`, `c3@00-c4@00=Q`), not the
//! glyph form of the other variants: records written with it can be read by that game,
//! and the generic move parser accepts glyphs and ASCII alike anyway.

use super::board::FourfoldMove;
use super::board::FourfoldPosition;
use super::geometry::square_name;
use crate::piece::PieceKind;
use crate::position::MoveSquares;

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
}

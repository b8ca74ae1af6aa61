//! What user interfaces and the engine see of a Tri-D position: cells, attack boards, a
//! drawing, and read-only accessors for the evaluation.

use super::geometry::*;
use super::{code, TridPosition};
use crate::piece::{Color, Piece};
use crate::position::{AttackBoardView, Cell};

impl TridPosition {
    /// Every piece with its square (index into the 6×10×8 square space; see
    /// [`super::geometry::sq_x`] and friends for its coordinates), White's first.
    pub fn pieces(&self) -> impl Iterator<Item = (Sq, Piece)> + '_ {
        self.pieces_of(0)
            .chain(self.pieces_of(1))
            .map(|s| (s, code::piece(self.at(s))))
    }

    /// The side that owns attack board `b` (0 WQL, 1 WKL, 2 BQL, 3 BKL) now.
    pub fn board_owner(&self, b: usize) -> Color {
        if self.owner(b) == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The attack board a square belongs to, if any.
    pub fn attack_board_at(&self, s: Sq) -> Option<usize> {
        self.board_at(s)
    }

    pub(super) fn cell_list(&self) -> Vec<Cell> {
        let mut out = Vec::with_capacity(64);
        for z in 1..=7 {
            for y in 0..RANKS {
                for x in 0..FILES {
                    let s = square(x, y, z);
                    if !self.exists(s) {
                        continue;
                    }
                    let board = match self.board_at(s) {
                        Some(b) => BOARD_NAMES[b].to_string(),
                        None => main_board_label(z).to_string(),
                    };
                    let c = self.at(s);
                    out.push(Cell {
                        name: square_name(s),
                        board,
                        coords: [x, y, z, 0],
                        dark: is_dark(x, y),
                        piece: (c != 0).then(|| code::piece(c)),
                    });
                }
            }
        }
        out
    }

    pub(super) fn attack_board_views(&self) -> Vec<AttackBoardView> {
        (0..4)
            .map(|b| {
                let p = self.placements[b];
                AttackBoardView {
                    name: BOARD_NAMES[b].to_string(),
                    position: p.name(),
                    post: p.post().name(),
                    level: p.level,
                    standing: p.standing(),
                    owner: if self.owner(b) == 0 {
                        Color::White
                    } else {
                        Color::Black
                    },
                }
            })
            .collect()
    }

    /// A drawing: each level from the top, ranks 9 down to 0, `.` for an empty square and
    /// a space where none exists; then the position string.
    pub(super) fn drawing(&self) -> String {
        let p = self;
        let mut out = String::new();
        for z in (1..=7).rev() {
            let mut rows = Vec::new();
            for y in (0..RANKS).rev() {
                let row: String = (0..FILES)
                    .map(|x| {
                        let s = square(x, y, z);
                        if !p.exists(s) {
                            ' '
                        } else if p.at(s) == 0 {
                            '.'
                        } else {
                            code::piece(p.at(s)).char()
                        }
                    })
                    .collect();
                if row.trim().is_empty() {
                    continue;
                }
                rows.push(format!("  {y} {row}"));
            }
            if !rows.is_empty() {
                out.push_str(&format!("level {z}\n"));
                for r in rows {
                    out.push_str(&r);
                    out.push('\n');
                }
            }
        }
        out.push_str("    abcdef\n");
        out.push_str(&super::string::format(p));
        out
    }
}

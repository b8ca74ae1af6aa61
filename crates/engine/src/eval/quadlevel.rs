//! Quadlevel: material, the safety of both kings (either one attacked is check, and a
//! lost king can lose the game), pawn advance.

use super::{material_balance, Evaluate, PieceValues, TEMPO};
use crate::score::Value;
use rules::quadlevel::{square_name, QuadlevelPosition};
use rules::{Color, PieceKind, Position};
use std::sync::OnceLock;

/// Four narrow 4×8 levels: knights jump between levels and keep their worth; rooks and
/// bishops have shorter lines than on 8×8.
pub const VALUES: PieceValues = [100, 330, 320, 480, 920, 0];

/// Per friendly piece next to a king (in three dimensions), up to four.
const SHELTER: Value = 8;
/// Per enemy piece (not pawn) within two steps of a king.
const PRESSURE: Value = 10;
const PAWN_ADVANCE: Value = 5;
const CELLS: usize = 128;

/// (file, rank, level) of every cell, read once from the cell names (`c2L3`).
fn coordinates() -> &'static [(i8, i8, i8); CELLS] {
    static TABLE: OnceLock<[(i8, i8, i8); CELLS]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [(0, 0, 0); CELLS];
        for (sq, c) in t.iter_mut().enumerate() {
            let b = square_name(sq as u8).into_bytes();
            *c = (
                b[0] as i8 - b'a' as i8,
                b[1] as i8 - b'1' as i8,
                b[3] as i8 - b'1' as i8,
            );
        }
        t
    })
}

impl Evaluate for QuadlevelPosition {
    fn evaluate(&self) -> Value {
        let xyz = coordinates();
        // Fixed arrays: the evaluation runs at every quiescence node.
        let mut kings = [[(0i8, 0i8, 0i8); 4]; 2];
        let mut king_count = [0usize; 2];
        let mut pieces = [(Color::White, PieceKind::Pawn, (0i8, 0i8, 0i8)); CELLS];
        let mut count = 0;
        for (sq, &at) in xyz.iter().enumerate() {
            if let Some(p) = self.piece_at(sq as u8) {
                let c = p.color.index();
                if p.kind == PieceKind::King && king_count[c] < 4 {
                    kings[c][king_count[c]] = at;
                    king_count[c] += 1;
                }
                pieces[count] = (p.color, p.kind, at);
                count += 1;
            }
        }
        let mut side = [0 as Value; 2];
        for &(color, kind, (x, y, z)) in &pieces[..count] {
            let c = color.index();
            if kind == PieceKind::Pawn {
                let advanced = if color == Color::White { y - 1 } else { 6 - y };
                side[c] += PAWN_ADVANCE * Value::from(advanced.max(0));
            }
            if kind == PieceKind::King {
                continue;
            }
            for k in 0..2 {
                for &(kx, ky, kz) in &kings[k][..king_count[k]] {
                    let d = (kx - x).abs().max((ky - y).abs()).max((kz - z).abs());
                    if k == c && d == 1 {
                        side[c] += SHELTER;
                    } else if k != c && d <= 2 && kind != PieceKind::Pawn {
                        side[c] += PRESSURE;
                    }
                }
            }
        }
        let us = self.turn().index();
        material_balance(self, &VALUES) + side[us] - side[1 - us] + TEMPO
    }
    fn piece_values(&self) -> PieceValues {
        VALUES
    }
}

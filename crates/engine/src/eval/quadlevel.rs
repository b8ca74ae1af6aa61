//! Quadlevel: material, the safety of both kings (either one attacked is check, and a
//! lost king can lose the game), pawn advance. Weights: `weights/quadlevel.txt`.

use super::weights::{self, material_terms, Committed, Terms, Weighted, MATERIAL};
use super::{Evaluate, PieceValues};
use crate::score::Value;
use rules::quadlevel::{square_name, QuadlevelPosition};
use rules::{Color, PieceKind, Position};
use std::sync::OnceLock;

/// The terms: material; friendly pieces next to each king (in three dimensions);
/// enemy pieces (not pawns) within two steps of each king; ranks of pawn advance; tempo.
pub const TERMS: &[&str] = &[
    MATERIAL[0],
    MATERIAL[1],
    MATERIAL[2],
    MATERIAL[3],
    MATERIAL[4],
    "shelter",
    "pressure",
    "pawn_advance",
    "tempo",
];
const SHELTER: usize = 5;
const PRESSURE: usize = 6;
const PAWN_ADVANCE: usize = 7;
const TEMPO: usize = 8;
const CELLS: usize = 128;

static WEIGHTS: Committed =
    Committed::new("quadlevel", TERMS, include_str!("weights/quadlevel.txt"));

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

impl Weighted for QuadlevelPosition {
    fn committed() -> &'static Committed {
        &WEIGHTS
    }
    fn terms<T: Terms>(&self, t: &mut T) {
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
        // Per side: shelter, pressure, pawn advance.
        let mut side = [[0 as Value; 3]; 2];
        for &(color, kind, (x, y, z)) in &pieces[..count] {
            let c = color.index();
            if kind == PieceKind::Pawn {
                let advanced = if color == Color::White { y - 1 } else { 6 - y };
                side[c][2] += Value::from(advanced.max(0));
            }
            if kind == PieceKind::King {
                continue;
            }
            for k in 0..2 {
                for &(kx, ky, kz) in &kings[k][..king_count[k]] {
                    let d = (kx - x).abs().max((ky - y).abs()).max((kz - z).abs());
                    if k == c && d == 1 {
                        side[c][0] += 1;
                    } else if k != c && d <= 2 && kind != PieceKind::Pawn {
                        side[c][1] += 1;
                    }
                }
            }
        }
        let us = self.turn().index();
        let (a, b) = (side[us], side[1 - us]);
        material_terms(self, t);
        t.add(SHELTER, a[0] - b[0]);
        t.add(PRESSURE, a[1] - b[1]);
        t.add(PAWN_ADVANCE, a[2] - b[2]);
        t.add(TEMPO, 1);
    }
}

impl Evaluate for QuadlevelPosition {
    fn evaluate(&self) -> Value {
        self.weighted_score()
    }
    fn piece_values(&self) -> PieceValues {
        weights::piece_values(WEIGHTS.get())
    }
}

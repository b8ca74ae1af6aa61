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

static WEIGHTS: Committed = Committed::new(
    rules::Variant::Quadlevel,
    None,
    "quadlevel",
    TERMS,
    include_str!("weights/quadlevel.txt"),
);

/// (file, rank, level) of every cell, read once from the cell names (`c2L3`).
fn coordinates() -> [(i8, i8, i8); CELLS] {
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
}

/// Masks of the cells around each cell, by the king's distance in three dimensions
/// (the largest of the file, rank and level differences), and each side's pawn advance
/// per cell. Built once; the evaluation is then a few popcounts per king.
struct Tables {
    /// `near[sq]`: the cells at distance 1 (a king's step).
    near: [u128; CELLS],
    /// `within_two[sq]`: the cells at distance 1 or 2.
    within_two: [u128; CELLS],
    /// `advance[color][sq]`: ranks a pawn of that colour on `sq` has advanced.
    advance: [[Value; CELLS]; 2],
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let xyz = coordinates();
        let mut t = Tables {
            near: [0; CELLS],
            within_two: [0; CELLS],
            advance: [[0; CELLS]; 2],
        };
        for (a, &(ax, ay, az)) in xyz.iter().enumerate() {
            for (b, &(bx, by, bz)) in xyz.iter().enumerate() {
                let d = (ax - bx).abs().max((ay - by).abs()).max((az - bz).abs());
                if d == 1 {
                    t.near[a] |= 1u128 << b;
                }
                if (1..=2).contains(&d) {
                    t.within_two[a] |= 1u128 << b;
                }
            }
            // White's pawns start on rank 2, Black's on rank 7 (of 1–8).
            t.advance[Color::White.index()][a] = Value::from((ay - 1).max(0));
            t.advance[Color::Black.index()][a] = Value::from((6 - ay).max(0));
        }
        t
    })
}

/// The cells of a bitboard, lowest first.
fn cells(mut bits: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let sq = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            sq
        })
    })
}

impl Weighted for QuadlevelPosition {
    fn committed_for(_: rules::RuleSet) -> &'static Committed {
        &WEIGHTS
    }
    fn terms<T: Terms>(&self, t: &mut T) {
        let tab = tables();
        // Per side: shelter (own pieces, pawns included, a step from each own king),
        // pressure (own pieces other than pawns within two steps of each enemy king),
        // pawn advance.
        let mut side = [[0 as Value; 3]; 2];
        let mut kings = [0u128; 2];
        let mut guards = [0u128; 2];
        let mut attackers = [0u128; 2];
        for c in Color::ALL {
            let i = c.index();
            kings[i] = self.piece_cells(c, PieceKind::King);
            let pawns = self.piece_cells(c, PieceKind::Pawn);
            attackers[i] = [
                PieceKind::Knight,
                PieceKind::Bishop,
                PieceKind::Rook,
                PieceKind::Queen,
            ]
            .into_iter()
            .fold(0, |acc, k| acc | self.piece_cells(c, k));
            guards[i] = attackers[i] | pawns;
            side[i][2] = cells(pawns).map(|sq| tab.advance[i][sq]).sum();
        }
        for i in 0..2 {
            for k in cells(kings[i]) {
                side[i][0] += (tab.near[k] & guards[i]).count_ones() as Value;
            }
            for k in cells(kings[1 - i]) {
                side[i][1] += (tab.within_two[k] & attackers[i]).count_ones() as Value;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::weights::Features;
    use rules::{Setup, Variant};

    /// The terms counted the plain way, cell by cell and king by king: what the masks
    /// must agree with.
    fn scanned(pos: &QuadlevelPosition) -> Features {
        let xyz = coordinates();
        let mut pieces = Vec::new();
        let mut kings = [Vec::new(), Vec::new()];
        for (sq, &at) in xyz.iter().enumerate() {
            if let Some(p) = pos.piece_at(sq as u8) {
                if p.kind == PieceKind::King {
                    kings[p.color.index()].push(at);
                } else {
                    pieces.push((p.color.index(), p.kind, at));
                }
            }
        }
        let mut side = [[0 as Value; 3]; 2];
        for &(c, kind, (x, y, z)) in &pieces {
            if kind == PieceKind::Pawn {
                let advanced = if c == Color::White.index() {
                    y - 1
                } else {
                    6 - y
                };
                side[c][2] += Value::from(advanced.max(0));
            }
            for (k, ks) in kings.iter().enumerate() {
                for &(kx, ky, kz) in ks {
                    let d = (kx - x).abs().max((ky - y).abs()).max((kz - z).abs());
                    if k == c && d == 1 {
                        side[c][0] += 1;
                    } else if k != c && d <= 2 && kind != PieceKind::Pawn {
                        side[c][1] += 1;
                    }
                }
            }
        }
        let us = pos.turn().index();
        let mut f = Features(vec![0; TERMS.len()]);
        material_terms(pos, &mut f);
        for (term, i) in [(SHELTER, 0), (PRESSURE, 1), (PAWN_ADVANCE, 2)] {
            f.0[term] = side[us][i] - side[1 - us][i];
        }
        f.0[TEMPO] = 1;
        f
    }

    #[test]
    fn masked_terms_match_the_cell_by_cell_count() {
        let setup = Setup::standard(Variant::Quadlevel);
        let mut nonzero = [false; 3];
        for seed in 0..40u64 {
            let mut pos = QuadlevelPosition::start(&setup).unwrap();
            let mut state = seed;
            for _ in 0..(seed * 3) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let (s, r) = rules::zobrist::splitmix64(state);
                state = s;
                pos.play(moves[(r % moves.len() as u64) as usize]);
                let f = pos.features();
                assert_eq!(f, scanned(&pos), "{}", pos.position_string());
                for (seen, term) in nonzero.iter_mut().zip([SHELTER, PRESSURE, PAWN_ADVANCE]) {
                    *seen |= f.0[term] != 0;
                }
            }
        }
        assert_eq!(nonzero, [true; 3], "every term counted somewhere");
    }
}

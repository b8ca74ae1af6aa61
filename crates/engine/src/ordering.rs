//! Move ordering: which moves a node tries first. Good ordering is what makes alpha-beta
//! cut early, and with 60–200 legal moves per position it matters more than raw speed.
//!
//! Order: the hash move; captures and promotions by most valuable victim, least valuable
//! attacker; the two killer moves of the ply; then quiet moves by history.

use rules::{MoveFacts, Mover, PieceKind, Position};
use std::hash::{Hash, Hasher};

/// History slots. Moves are a generic type, so the history is keyed by a hash of the move
/// (and the side moving) into a fixed-size table rather than by (piece, from, to), which
/// would grow with the board. Collisions only blur ordering.
const HISTORY_SIZE: usize = 1 << 14;
const HISTORY_MAX: i32 = 1 << 14;
pub const MAX_PLY: usize = 128;

/// A small multiplicative hasher for move keys (the default SipHash is needlessly slow here).
#[derive(Default)]
pub struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 31)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z ^ (z >> 29)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x100_0000_01B3);
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(17) ^ n).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

pub fn move_key<M: Hash>(m: &M, side: usize) -> u64 {
    let mut h = MoveHasher(side as u64 + 1);
    m.hash(&mut h);
    h.finish()
}

/// Values for ordering captures (not the evaluation's values).
fn order_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::Knight => 3,
        PieceKind::Bishop => 3,
        PieceKind::Rook => 5,
        PieceKind::Queen => 9,
        PieceKind::King => 20,
    }
}

/// Is the move a capture or promotion (searched in quiescence, never reduced)?
pub fn is_tactical(f: &MoveFacts) -> bool {
    f.captured.is_some() || f.promotion.is_some()
}

const HASH_MOVE: i32 = 3_000_000;
const TACTICAL: i32 = 2_000_000;
const KILLER: i32 = 1_000_000;

/// Per-thread ordering memory.
pub struct Ordering<M> {
    history: Vec<i32>,
    killers: Vec<[Option<M>; 2]>,
}

impl<M: Copy + Eq + Hash> Ordering<M> {
    pub fn new() -> Self {
        Ordering {
            history: vec![0; HISTORY_SIZE],
            killers: vec![[None, None]; MAX_PLY + 1],
        }
    }

    /// Forget killers (kept history decays) between searches.
    pub fn new_search(&mut self) {
        for k in &mut self.killers {
            *k = [None, None];
        }
        for h in &mut self.history {
            *h /= 4;
        }
    }

    fn slot(m: &M, side: usize) -> usize {
        (move_key(m, side) as usize) & (HISTORY_SIZE - 1)
    }

    pub fn history(&self, m: &M, side: usize) -> i32 {
        self.history[Self::slot(m, side)]
    }

    /// A quiet move caused a cutoff: remember it as a killer and reward it; the quiet
    /// moves tried before it are penalised.
    pub fn reward(&mut self, m: M, side: usize, ply: usize, depth: i32, tried_before: &[M]) {
        let k = &mut self.killers[ply.min(MAX_PLY)];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let bonus = (depth * depth).min(400);
        self.bump(Self::slot(&m, side), bonus);
        for q in tried_before {
            self.bump(Self::slot(q, side), -bonus);
        }
    }

    fn bump(&mut self, slot: usize, bonus: i32) {
        // Gravity: entries approach ±HISTORY_MAX without overflowing.
        let h = &mut self.history[slot];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// Scores for sorting the moves of a node, best first.
    pub fn score_moves<P: Position<Move = M>>(
        &self,
        pos: &P,
        moves: &[M],
        facts: &[MoveFacts],
        hash_move: Option<usize>,
        ply: usize,
        out: &mut Vec<i32>,
    ) {
        out.clear();
        let side = pos.turn().index();
        let killers = self.killers[ply.min(MAX_PLY)];
        for (i, (m, f)) in moves.iter().zip(facts).enumerate() {
            let s = if Some(i) == hash_move {
                HASH_MOVE
            } else if is_tactical(f) {
                let victim = f.captured.map_or(0, order_value);
                let promo = f.promotion.map_or(0, order_value);
                let attacker = match f.mover {
                    Mover::Piece(k) => order_value(k),
                    Mover::Board => 2,
                };
                TACTICAL + (victim + promo) * 64 - attacker
            } else if killers[0] == Some(*m) {
                KILLER + 2
            } else if killers[1] == Some(*m) {
                KILLER + 1
            } else {
                self.history(m, side)
            };
            out.push(s);
        }
    }
}

impl<M: Copy + Eq + Hash> Default for Ordering<M> {
    fn default() -> Self {
        Self::new()
    }
}

/// Brings the best-scored remaining move index to place `i` of `order` (a lazy selection
/// sort: most nodes cut after a few moves). `order` holds indices into the generated move
/// list, which stays in generation order so that the table can store a move by its index.
pub fn pick_next(order: &mut [usize], scores: &[i32], i: usize) -> usize {
    let mut best = i;
    for j in i + 1..order.len() {
        if scores[order[j]] > scores[order[best]] {
            best = j;
        }
    }
    order.swap(i, best);
    order[i]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_rewards_and_penalises() {
        let mut o: Ordering<u32> = Ordering::new();
        o.reward(7, 0, 3, 4, &[1, 2]);
        assert!(o.history(&7, 0) > 0);
        assert!(o.history(&1, 0) < 0);
        for _ in 0..10_000 {
            o.reward(7, 0, 3, 20, &[]);
        }
        assert!(o.history(&7, 0) <= HISTORY_MAX);
        assert_eq!(o.killers[3][0], Some(7));
    }
}

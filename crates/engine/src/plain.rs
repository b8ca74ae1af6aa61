//! A deliberately plain player, the baseline the engine is measured against: fixed-depth
//! alpha-beta with captures tried first, material-only evaluation, no quiescence, no
//! table, no pruning or reductions. Mate and stalemate are scored; nothing else is.

use crate::eval::generic;
use crate::score::{mated_in, Value, DRAW, INFINITE};
use rules::Position;
use std::sync::atomic::{AtomicBool, Ordering};

/// The result of a plain search.
pub struct PlainResult<M> {
    pub best: Option<M>,
    pub score: Value,
    pub nodes: u64,
}

pub fn search<P: Position>(root: &P, depth: u32, stop: &AtomicBool) -> PlainResult<P::Move> {
    let mut pos = root.clone();
    let mut nodes = 0;
    let moves = ordered(&pos);
    let mut best = moves.first().copied();
    let mut alpha = -INFINITE;
    for m in moves {
        let u = pos.play(m);
        let v = -negamax(
            &mut pos,
            depth.max(1) - 1,
            1,
            -INFINITE,
            -alpha,
            &mut nodes,
            stop,
        );
        pos.undo(m, u);
        if v > alpha {
            alpha = v;
            best = Some(m);
        }
        if stop.load(Ordering::Relaxed) {
            break;
        }
    }
    let score = if best.is_none() {
        if pos.in_check() {
            mated_in(0)
        } else {
            DRAW
        }
    } else {
        alpha
    };
    PlainResult { best, score, nodes }
}

fn ordered<P: Position>(pos: &P) -> Vec<P::Move> {
    let mut moves = pos.legal_moves();
    moves.sort_by_key(|&m| pos.move_facts(m).captured.is_none());
    moves
}

fn negamax<P: Position>(
    pos: &mut P,
    depth: u32,
    ply: usize,
    mut alpha: Value,
    beta: Value,
    nodes: &mut u64,
    stop: &AtomicBool,
) -> Value {
    *nodes += 1;
    let moves = ordered(pos);
    if moves.is_empty() {
        return if pos.in_check() { mated_in(ply) } else { DRAW };
    }
    if depth == 0 || stop.load(Ordering::Relaxed) {
        return generic(pos);
    }
    for m in moves {
        let u = pos.play(m);
        let v = -negamax(pos, depth - 1, ply + 1, -beta, -alpha, nodes, stop);
        pos.undo(m, u);
        if v > alpha {
            alpha = v;
            if alpha >= beta {
                break;
            }
        }
    }
    alpha
}

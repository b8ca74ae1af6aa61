//! Perft: the number of leaf nodes of the legal move tree, the standard check of a move
//! generator. Draw rules are ignored, as in orthodox perft.

use crate::position::Position;

/// Leaf nodes at `depth` plies. The last ply is counted, not played ("bulk counting").
pub fn perft<P: Position>(pos: &mut P, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => {
            let mut moves = Vec::new();
            pos.generate_legal(&mut moves);
            let mut total = 0;
            for m in moves {
                let undo = pos.play(m);
                total += perft(pos, depth - 1);
                pos.undo(m, undo);
            }
            total
        }
    }
}

/// Perft split by root move: each legal move with the leaf count below it.
pub fn divide<P: Position>(pos: &mut P, depth: u32) -> Vec<(P::Move, u64)> {
    let mut moves = Vec::new();
    pos.generate_legal(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            if depth == 0 {
                return (m, 1);
            }
            let undo = pos.play(m);
            let n = perft(pos, depth - 1);
            pos.undo(m, undo);
            (m, n)
        })
        .collect()
}

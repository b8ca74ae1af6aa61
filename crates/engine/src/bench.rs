//! The bench: a fixed set of positions per setup, each searched to a fixed depth. With one
//! thread the node total is a fingerprint of the search's behaviour: any change to search
//! or evaluation changes it. `spacechess bench` and the WebAssembly build run this same
//! code, so on one thread their totals are equal.

use crate::api::{self, Limits, SearchOptions, SearchResult, Settings};
use crate::eval::Evaluate;
use rules::{with_position_type, Game, Position, Setup};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The default bench depth.
pub const DEPTH: u32 = 5;

/// The plies of the playouts that give each setup's middle-game positions.
const PLAYOUT_PLIES: [u64; 5] = [10, 14, 18, 22, 26];
/// The seed of the first playout; the next ones count up from it.
const PLAYOUT_SEED: u64 = 0xBE7C_0000;

/// Every setup the bench searches: the catalogue's standard setups (each variant, Tri-D
/// once per rule set).
pub fn setups() -> Vec<Setup> {
    rules::catalogue::standard_setups()
}

/// The bench positions of a setup: the start, and the positions after fixed pseudo-random
/// playouts of 10, 14, 18, 22 and 26 plies from it (cut short at the last position in
/// progress when a playout would end the game).
pub fn positions<P: Position>(start: &Game<P>) -> Vec<Game<P>> {
    let mut out = vec![start.clone()];
    for (n, plies) in PLAYOUT_PLIES.into_iter().enumerate() {
        out.push(playout(start, plies, PLAYOUT_SEED + n as u64));
    }
    out
}

/// A game after up to `plies` moves chosen by a seeded generator, never one that ends it.
pub fn playout<P: Position>(start: &Game<P>, plies: u64, seed: u64) -> Game<P> {
    let mut game = start.clone();
    let mut state = seed;
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        if game.is_over() || moves.is_empty() {
            break;
        }
        let (s, r) = rules::zobrist::splitmix64(state);
        state = s;
        let mut next = game.clone();
        if next.play(moves[(r % moves.len() as u64) as usize]).is_err() || next.is_over() {
            break;
        }
        game = next;
    }
    game
}

/// One searched bench position.
#[derive(Clone, Debug)]
pub struct Entry {
    pub setup: Setup,
    /// 0 for the start, then the playouts in order.
    pub index: usize,
    pub result: SearchResult,
}

/// Searches one game's position as the bench does: fixed depth, deterministic, a 16 MB
/// table, no time cap worth the name. Runs on the calling thread (plus `threads - 1`
/// helpers).
pub fn search<P: Evaluate>(game: &Game<P>, depth: u32, threads: usize) -> SearchResult {
    let limits = Limits {
        depth: Some(depth),
        movetime: Some(Duration::from_secs(3600)),
        ..Limits::default()
    };
    let settings = Settings {
        threads: threads.max(1),
        hash_mb: 16,
    };
    let options = SearchOptions {
        vary: 0,
        infinite: false,
        seed: 1,
        plain: false,
    };
    let stop = Arc::new(AtomicBool::new(false));
    api::search_game(game, limits, settings, options, stop, Box::new(|_| {}))
}

/// Runs the bench on the calling thread, calling `on_entry` after each position; returns
/// the node total.
pub fn run(depth: u32, threads: usize, on_entry: &mut dyn FnMut(&Entry)) -> u64 {
    let mut total = 0;
    for setup in setups() {
        with_position_type!(
            setup.variant(),
            P => {
                if let Ok(start) = Game::<P>::from_setup(&setup) {
                    for (index, game) in positions(&start).iter().enumerate() {
                        let result = search(game, depth, threads);
                        total += result.nodes;
                        on_entry(&Entry { setup, index, result });
                    }
                }
            }
        );
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::stacked::StackedPosition;
    use rules::Variant;

    #[test]
    fn every_setup_has_six_positions_in_progress() {
        assert_eq!(setups().len(), 6);
        let start = Game::<StackedPosition>::from_setup(&Setup::standard(Variant::Stacked))
            .expect("stacked starts");
        let games = positions(&start);
        assert_eq!(games.len(), 6);
        assert!(games.iter().all(|g| !g.is_over()));
        // Playouts are deterministic and reach their length from the start of Stacked.
        let plies: Vec<usize> = games.iter().map(|g| g.moves().len()).collect();
        assert_eq!(plies, vec![0, 10, 14, 18, 22, 26]);
        assert_eq!(positions(&start)[3].position(), games[3].position());
    }

    #[test]
    fn one_thread_is_deterministic() {
        let start = Game::<StackedPosition>::from_setup(&Setup::standard(Variant::Stacked))
            .expect("stacked starts");
        let game = &positions(&start)[2];
        let a = search(game, 3, 1);
        let b = search(game, 3, 1);
        assert_eq!(a.nodes, b.nodes);
        assert_eq!(a.best, b.best);
        assert!(a.best.is_some());
    }
}

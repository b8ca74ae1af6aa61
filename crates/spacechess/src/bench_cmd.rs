//! `spacechess bench` (and the protocol's `bench`): a fixed set of positions per variant
//! searched to a fixed depth on one thread. The node total is a fingerprint of search
//! behaviour: any change to search or evaluation changes it.

use crate::engine_cmd::Out;
use engine::api::{self, Limits, SearchOptions, Settings};
use rules::any::AnyGame;
use rules::catalogue::standard_setups;
use rules::Setup;
use std::time::{Duration, Instant};

/// The default bench depth.
pub const DEPTH: u32 = 5;

/// Every setup of the catalogue (each Tri-D rule set separately).
pub fn setups() -> Vec<Setup> {
    standard_setups()
}

/// The bench positions of a setup: the start, and five middle-game positions: the
/// positions after fixed pseudo-random playouts of 10, 14, 18, 22 and 26 plies from it (a
/// fixed seed; playouts ending the game are cut short at the last position in progress).
pub fn positions(setup: &Setup) -> Vec<AnyGame> {
    let Ok(start) = AnyGame::new(setup, None) else {
        return Vec::new();
    };
    let mut out = vec![start.clone()];
    for (n, plies) in [10u64, 14, 18, 22, 26].into_iter().enumerate() {
        out.push(playout(&start, plies, 0xBE7C_0000 + n as u64));
    }
    out
}

/// A game after up to `plies` moves chosen by a seeded generator.
pub fn playout(start: &AnyGame, plies: u64, seed: u64) -> AnyGame {
    let mut game = start.clone();
    let mut state = seed;
    for _ in 0..plies {
        let moves = game.legal_tokens();
        if moves.is_empty() {
            break;
        }
        let (s, r) = rules::zobrist::splitmix64(state);
        state = s;
        let token = &moves[(r % moves.len() as u64) as usize];
        let mut next = game.clone();
        if next.play_token(token).is_err() || next.is_over() {
            break;
        }
        game = next;
    }
    game
}

/// Runs the bench, printing one line per position and the totals.
pub fn bench(depth: u32, out: &Out) -> (u64, Duration) {
    bench_with(depth, 1, out)
}

/// The bench on `threads` threads (more than one: node counts vary from run to run).
pub fn bench_with(depth: u32, threads: usize, out: &Out) -> (u64, Duration) {
    let settings = Settings {
        threads,
        hash_mb: 16,
    };
    let mut total = 0;
    let started = Instant::now();
    for setup in setups() {
        for (i, game) in positions(&setup).into_iter().enumerate() {
            let handle = api::start_search_with(
                &game,
                Limits {
                    depth: Some(depth),
                    movetime: Some(Duration::from_secs(3600)),
                    ..Limits::default()
                },
                settings,
                SearchOptions {
                    vary: 0,
                    infinite: false,
                    seed: 1,
                    plain: false,
                },
                Box::new(|_| {}),
            );
            let r = handle.wait();
            total += r.nodes;
            out.line(&format!(
                "info string bench {setup} #{i}: {} nodes, best {}, {:.3} s",
                r.nodes,
                r.best.as_deref().unwrap_or("(none)"),
                r.elapsed.as_secs_f64()
            ));
        }
    }
    let elapsed = started.elapsed();
    out.line(&format!(
        "info string bench depth {depth}: {total} nodes {} nps",
        (total as f64 / elapsed.as_secs_f64().max(1e-9)) as u64
    ));
    out.line(&format!("{total} nodes"));
    (total, elapsed)
}

pub fn run(depth: u32, threads: usize) -> Result<(), crate::Failure> {
    let (total, elapsed) = bench_with(depth, threads.max(1), &Out::new());
    eprintln!(
        "{total} nodes in {:.3} s ({:.0} nodes/s)",
        elapsed.as_secs_f64(),
        total as f64 / elapsed.as_secs_f64().max(1e-9)
    );
    Ok(())
}

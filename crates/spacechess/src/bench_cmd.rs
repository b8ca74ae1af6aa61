//! `spacechess bench` (and the protocol's `bench`): the engine's bench (`engine::bench`:
//! fixed positions per setup, fixed depth, one thread) with one line per position. The
//! node total is a fingerprint of search behaviour.

use crate::engine_cmd::Out;
use engine::bench::Entry;
use rules::any::AnyGame;
use std::time::{Duration, Instant};

/// The default bench depth.
pub const DEPTH: u32 = engine::bench::DEPTH;

/// A game after up to `plies` moves chosen by a seeded generator (the bench's playouts,
/// for the match runner's openings).
pub fn playout(start: &AnyGame, plies: u64, seed: u64) -> AnyGame {
    rules::dispatch!(start, g => engine::bench::playout(g, plies, seed).into())
}

/// Runs the bench, printing one line per position and the totals.
pub fn bench(depth: u32, out: &Out) -> (u64, Duration) {
    bench_with(depth, 1, out)
}

/// The bench on `threads` threads (more than one: node counts vary from run to run).
pub fn bench_with(depth: u32, threads: usize, out: &Out) -> (u64, Duration) {
    let started = Instant::now();
    let total = engine::bench::run(depth, threads, &mut |e: &Entry| {
        out.line(&format!(
            "info string bench {} #{}: {} nodes, best {}, {:.3} s",
            e.setup,
            e.index,
            e.result.nodes,
            e.result.best.as_deref().unwrap_or("(none)"),
            e.result.elapsed.as_secs_f64()
        ))
    });
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

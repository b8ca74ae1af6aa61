//! `spacechess perft`.

use crate::Failure;
use crate::SetupArgs;
use rules::perft::{divide, perft};
use rules::{with_position_type, Position};
use std::time::Instant;

pub fn run(args: &SetupArgs, depth: u32, split: bool) -> Result<(), Failure> {
    let setup = args.setup()?;
    fn run_for<P: Position>(
        setup: &rules::Setup,
        pos: Option<&str>,
        depth: u32,
        split: bool,
    ) -> Result<(), Failure> {
        let mut pos = match pos {
            Some(s) => P::from_position_string(setup, s)?,
            None => P::start(setup)?,
        };
        count(&mut pos, depth, split);
        Ok(())
    }
    with_position_type!(setup.variant(), P => run_for::<P>(&setup, args.pos.as_deref(), depth, split))
}

/// Prints the divide lines (if asked) and the total, always last and alone on its line.
fn count<P: Position>(pos: &mut P, depth: u32, split: bool) {
    let started = Instant::now();
    let total = if split {
        let root = pos.clone();
        let mut total = 0;
        for (m, n) in divide(pos, depth) {
            println!("{} {n}", root.move_token(m));
            total += n;
        }
        total
    } else {
        perft(pos, depth)
    };
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "{total} nodes in {secs:.3} s ({:.0} nodes/s)",
        total as f64 / secs.max(1e-9)
    );
    println!("{total}");
}

/// Perft-divide of a position as text lines (`<token> <count>`) and the total, for the
/// engine protocol's `go perft`.
pub fn divide_lines(
    setup: &rules::Setup,
    position: &str,
    depth: u32,
) -> Result<(Vec<String>, u64), String> {
    fn lines<P: Position>(
        setup: &rules::Setup,
        position: &str,
        depth: u32,
    ) -> Result<(Vec<String>, u64), String> {
        let mut pos = P::from_position_string(setup, position).map_err(|e| e.to_string())?;
        let root = pos.clone();
        let mut total = 0;
        let lines = divide(&mut pos, depth)
            .into_iter()
            .map(|(m, n)| {
                total += n;
                format!("{} {n}", root.move_token(m))
            })
            .collect();
        Ok((lines, total))
    }
    with_position_type!(setup.variant(), P => lines::<P>(setup, position, depth))
}

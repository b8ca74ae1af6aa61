//! `spacechess puzzle-set`: turns mined puzzles (`spacechess puzzles` output) into a
//! committed puzzle set: each puzzle checked again by a deeper search
//! (`engine::puzzle::verify`), its themes told afresh, duplicates of a position dropped,
//! and an id and a starting rating given (docs/engine.md, "Puzzle sets").

use crate::Failure;
use engine::puzzle::{self, PuzzleKind, Theme};
use rules::any::AnyGame;
use rules::Setup;
use serde::Deserialize;
use std::collections::HashSet;
use std::io::{BufRead, Write};

#[derive(clap::Args)]
pub struct PuzzleSetArgs {
    /// The set: stacked, trid-federation, trid-meder, trid-stepwise, quadlevel,
    /// quadlevel-destroy-both-kings or fourfold
    #[arg(long)]
    pub set: String,
    /// Mined puzzles (JSON lines as `spacechess puzzles` writes them)
    #[arg(required = true, value_name = "FILE")]
    pub inputs: Vec<std::path::PathBuf>,
    /// The checking search's depth D (confirmed at D+1); deeper than the miner's
    #[arg(long, default_value_t = 4)]
    pub depth: u32,
    /// Leave out puzzles from the first plies of their game (the miner's games open with
    /// random moves, whose blunders are not play)
    #[arg(long, default_value_t = 8)]
    pub min_ply: u64,
    /// Keep at most this many puzzles (the first that pass, in input order)
    #[arg(long, default_value_t = 1000)]
    pub most: usize,
    /// Output file (`-`: standard output)
    #[arg(long, default_value = "-")]
    pub out: String,
}

/// A mined puzzle as read (unknown fields are ignored: raw miner lines or set lines).
#[derive(Deserialize)]
struct Mined {
    variant: String,
    rules: Option<String>,
    #[serde(default)]
    options: Vec<String>,
    position: String,
    solution: Vec<String>,
    #[serde(default)]
    source: Source,
}

#[derive(Deserialize, Default)]
struct Source {
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    game: u64,
    #[serde(default)]
    ply: u64,
}

pub fn run(args: &PuzzleSetArgs) -> Result<(), Failure> {
    let Some(chosen) = puzzles::set(&args.set) else {
        return Err(Failure(format!(
            "--set must be one of {}, not {:?}",
            puzzles::SET_IDS.join(", "),
            args.set
        )));
    };
    let (set, setup) = (chosen.id.as_str(), chosen.setup);
    if args.depth == 0 || args.depth > puzzle::MAX_DEPTH {
        return Err(Failure(format!(
            "--depth must be 1 to {}, not {}",
            puzzle::MAX_DEPTH,
            args.depth
        )));
    }
    let mut out = crate::fixed_nodes::open_output(&args.out)?;
    let mut seen = HashSet::new();
    let (mut read, mut refused, mut kept) = (0, 0, 0);
    'files: for path in &args.inputs {
        let file = std::fs::File::open(path)
            .map_err(|e| Failure(format!("cannot read {}: {e}", path.display())))?;
        for (n, line) in std::io::BufReader::new(file).lines().enumerate() {
            if kept >= args.most {
                break 'files;
            }
            let line = line?;
            if line.trim().is_empty() {
                continue;
            }
            let at = || format!("{}:{}", path.display(), n + 1);
            let mined: Mined =
                serde_json::from_str(&line).map_err(|e| Failure(format!("{}: {e}", at())))?;
            let mined_options: Vec<&str> = mined.options.iter().map(String::as_str).collect();
            if Setup::from_ids(&mined.variant, mined.rules.as_deref(), &mined_options)? != setup {
                return Err(Failure(format!("{}: not a puzzle of the set {set}", at())));
            }
            read += 1;
            if mined.source.ply < args.min_ply {
                continue;
            }
            let key = without_counters(&mined.position);
            if !seen.insert(key.clone()) {
                continue;
            }
            let game = AnyGame::new(&setup, Some(&mined.position))
                .map_err(|e| Failure(format!("{}: {e}", at())))?;
            match puzzle::verify(&game, &mined.solution, args.depth) {
                Ok(p) => {
                    kept += 1;
                    writeln!(out, "{}", set_line(set, &setup, &key, &p, &mined.source))?;
                }
                Err(why) => {
                    refused += 1;
                    eprintln!("{}: refused: {why}", at());
                }
            }
        }
    }
    out.flush()?;
    eprintln!(
        "{set}: {read} read, {refused} refused at depth {}, {kept} kept",
        args.depth
    );
    Ok(())
}

/// A position string without its two trailing counters (halfmove clock, move number).
pub fn without_counters(position: &str) -> String {
    let fields: Vec<&str> = position.split_whitespace().collect();
    fields[..fields.len().saturating_sub(2)].join(" ")
}

/// A puzzle's id: its set and 10 hex digits of a hash of its position (counters left
/// out), so an id stays the same when the set is rebuilt.
pub fn puzzle_id(set: &str, key: &str) -> String {
    format!("{set}-{:010x}", puzzles::fnv(&format!("{set}|{key}")) >> 24)
}

/// A puzzle's starting rating, before anyone tries it: longer lines are harder; a mate
/// in one is the easiest; a quiet key move, a sacrifice or a move across boards is
/// harder to see (docs/engine.md, "Puzzle sets").
pub fn starting_rating(kind: PuzzleKind, solver_moves: usize, themes: &[Theme]) -> u32 {
    let base = match kind {
        PuzzleKind::Mate(_) => 1000,
        PuzzleKind::Material(_) => 1200,
    };
    let length = 250 * (solver_moves.max(1) as u32 - 1);
    let quiet = if themes.contains(&Theme::Capture) || themes.contains(&Theme::Check) {
        0
    } else {
        150
    };
    let hidden = [Theme::Sacrifice, Theme::CrossBoard, Theme::AttackBoardMove]
        .iter()
        .filter(|t| themes.contains(t))
        .count() as u32
        * 100;
    base + length + quiet + hidden
}

fn set_line(
    set: &str,
    setup: &Setup,
    key: &str,
    p: &puzzle::Puzzle,
    source: &Source,
) -> serde_json::Value {
    let (mate_in, gain) = match p.kind {
        PuzzleKind::Mate(n) => (Some(n), None),
        PuzzleKind::Material(g) => (None, Some(g)),
    };
    let solver_moves = p.solution.len().div_ceil(2);
    serde_json::json!({
        "id": puzzle_id(set, key),
        "set": set,
        "variant": setup.variant().id(),
        "rules": setup.rules_if_any().map(|r| r.to_string()),
        "options": setup.options().ids(),
        "position": p.position,
        "side": match p.side { rules::Color::White => "white", rules::Color::Black => "black" },
        "solution": p.solution,
        "kind": p.kind.id(),
        "mate_in": mate_in,
        "gain_pawns": gain,
        "themes": p.themes.iter().map(|t| t.id()).collect::<Vec<_>>(),
        "rating": starting_rating(p.kind, solver_moves, &p.themes),
        "source": { "seed": source.seed, "game": source.game, "ply": source.ply },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_stable_and_tell_sets_and_positions_apart() {
        let a = puzzle_id("stacked", "8/8|8/8 w");
        assert_eq!(a, puzzle_id("stacked", "8/8|8/8 w"));
        assert!(a.starts_with("stacked-") && a.len() == "stacked-".len() + 10);
        assert_ne!(a, puzzle_id("stacked", "8/8|8/8 b"));
        assert_ne!(a[8..], puzzle_id("fourfold", "8/8|8/8 w")[9..]);
    }

    #[test]
    fn longer_and_quieter_puzzles_start_higher() {
        let m1 = starting_rating(PuzzleKind::Mate(1), 1, &[Theme::MateIn(1), Theme::Check]);
        let m2 = starting_rating(PuzzleKind::Mate(2), 2, &[Theme::MateIn(2), Theme::Check]);
        let quiet = starting_rating(PuzzleKind::Mate(2), 2, &[Theme::MateIn(2)]);
        assert!(m1 < m2 && m2 < quiet, "{m1} {m2} {quiet}");
    }
}

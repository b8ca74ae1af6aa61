//! `spacechess puzzles`: plays engine self-play games (a fixed number of nodes per move
//! from seeded random openings, as `selfplay` does) and reads game records, mines their
//! positions for puzzles (`engine::puzzle`: one winning move, confirmed one ply deeper)
//! and writes each new position's puzzle as one JSON line.

use crate::bench_cmd::playout;
use crate::fixed_nodes;
use crate::puzzle_set_cmd::without_counters;
use crate::Failure;
use engine::puzzle::{self, Puzzle, PuzzleKind};
use rules::any::AnyGame;
use rules::{Color, Setup};
use std::collections::HashSet;
use std::io::Write;

/// Most games accepted (bounds the run).
pub const MAX_GAMES: u32 = 10_000;
/// Most plies per game accepted.
pub const MAX_PLIES: u32 = 1_000;

#[derive(clap::Args)]
pub struct PuzzlesArgs {
    #[arg(long, help = crate::variant_help("The variant of the self-play games (", ")"))]
    pub variant: Option<String>,
    /// Tri-D rule set: federation (default), meder or stepwise
    #[arg(long)]
    pub rules: Option<String>,
    /// A game option of the self-play games, e.g. destroy-both-kings (repeatable)
    #[arg(long = "option", value_name = "OPTION")]
    pub options: Vec<String>,
    /// Self-play games to mine (default 10, or none when records are given)
    #[arg(long)]
    pub games: Option<u32>,
    /// A game record to mine as well (PGN-shaped, records.md; repeatable)
    #[arg(long = "record", value_name = "FILE")]
    pub records: Vec<std::path::PathBuf>,
    /// The miner's search depth D in plies (a candidate is confirmed at D+1)
    #[arg(long, default_value_t = 3)]
    pub depth: u32,
    /// Seed of the games' openings
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Nodes searched per move of the games
    #[arg(long, default_value_t = 2000)]
    pub nodes: u64,
    /// Plies of the random opening of each game
    #[arg(long, default_value_t = 8)]
    pub opening_plies: u32,
    /// A game still going after this many plies ends there
    #[arg(long, default_value_t = 200)]
    pub max_plies: u32,
    /// Output file (`-`: standard output)
    #[arg(long, default_value = "-")]
    pub out: String,
}

pub fn run(args: &PuzzlesArgs) -> Result<(), Failure> {
    let games = args
        .games
        .unwrap_or(if args.records.is_empty() { 10 } else { 0 });
    let least = u32::from(args.records.is_empty());
    if games < least || games > MAX_GAMES {
        return Err(Failure(format!(
            "--games must be {least} to {MAX_GAMES}, not {games}"
        )));
    }
    if args.depth == 0 || args.depth > puzzle::MAX_DEPTH {
        return Err(Failure(format!(
            "--depth must be 1 to {}, not {}",
            puzzle::MAX_DEPTH,
            args.depth
        )));
    }
    if args.max_plies == 0 || args.max_plies > MAX_PLIES {
        return Err(Failure(format!(
            "--max-plies must be 1 to {MAX_PLIES}, not {}",
            args.max_plies
        )));
    }
    fixed_nodes::check_nodes(args.nodes)?;
    // Records are read (and refused) before any game is played.
    let mut sources = Vec::new();
    for path in &args.records {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Failure(format!("cannot read {}: {e}", path.display())))?;
        let (game, _) = rules::any::import_record(&text)
            .map_err(|e| Failure(format!("{}: {e}", path.display())))?;
        sources.push((Source::Record(path.display().to_string()), game));
    }
    let options: Vec<&str> = args.options.iter().map(String::as_str).collect();
    let setup = match (&args.variant, games) {
        (Some(v), _) => Some(Setup::from_ids(v, args.rules.as_deref(), &options)?),
        (None, _) if args.rules.is_some() => {
            return Err(Failure("--rules needs --variant trid".to_string()))
        }
        (None, _) if !options.is_empty() => {
            return Err(Failure("--option needs --variant".to_string()))
        }
        (None, 0) => None,
        (None, _) => return Err(Failure("self-play games need --variant".to_string())),
    };
    let mut out = fixed_nodes::open_output(&args.out)?;
    let mut seen = HashSet::new();
    let (mut found, mut written) = (0, 0);
    let played = setup.into_iter().flat_map(|setup| {
        (0..games).map(move |g| {
            let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(u64::from(g));
            play(&setup, args, seed).map(|game| (Source::Game, game))
        })
    });
    let read = sources.into_iter().map(Ok);
    for (index, item) in read.chain(played).enumerate() {
        let (source, game) = item?;
        let setup = game.setup();
        let index = match source {
            Source::Game => index - args.records.len(),
            Source::Record(_) => index,
        };
        for p in puzzle::mine(&game, args.depth, index) {
            found += 1;
            // The same position reached again (by another order of moves, or in another
            // game) is the same puzzle: the counters do not count.
            if seen.insert((setup, without_counters(&p.position))) {
                written += 1;
                writeln!(out, "{}", json_line(&setup, args.seed, &source, &p))?;
            }
        }
        out.flush()?;
    }
    eprintln!(
        "{games} games and {} records: {found} puzzles found, {written} new positions written",
        args.records.len()
    );
    Ok(())
}

/// Where a mined game came from: self-play, or a record file.
enum Source {
    Game,
    Record(String),
}

/// One self-play game: a seeded random opening, then the engine at a fixed number of
/// nodes per move until the game ends or reaches `--max-plies`.
fn play(setup: &Setup, args: &PuzzlesArgs, seed: u64) -> Result<AnyGame, Failure> {
    let start = rules::any::new_game(setup, None)?;
    let mut game = playout(&start, u64::from(args.opening_plies), seed);
    while game.ply() < args.max_plies as usize && !game.is_over() {
        let Some(best) = fixed_nodes::search(&game, args.nodes, seed).best else {
            break;
        };
        game.play_token(&best)?;
    }
    Ok(game)
}

/// The puzzle as one JSON object.
fn json_line(setup: &Setup, seed: u64, source: &Source, p: &Puzzle) -> serde_json::Value {
    let (mate_in, gain) = match p.kind {
        PuzzleKind::Mate(n) => (Some(n), None),
        PuzzleKind::Material(g) => (None, Some(g)),
    };
    serde_json::json!({
        "variant": setup.variant().id(),
        "rules": setup.rules_if_any().map(|r| r.to_string()),
        "options": setup.options().ids(),
        "position": p.position,
        "side": match p.side { Color::White => "white", Color::Black => "black" },
        "solution": p.solution,
        "kind": p.kind.id(),
        "mate_in": mate_in,
        "gain_pawns": gain,
        "themes": p.themes.iter().map(|t| t.id()).collect::<Vec<_>>(),
        "source": match source {
            Source::Game => serde_json::json!({ "seed": seed, "game": p.game, "ply": p.ply }),
            Source::Record(file) => serde_json::json!({ "record": file, "ply": p.ply }),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_do_not_tell_positions_apart() {
        assert_eq!(
            without_counters("8/8|8/8 w 0 30"),
            without_counters("8/8|8/8 w 3 41")
        );
        assert_ne!(
            without_counters("8/8|8/8 w 0 30"),
            without_counters("8/8|8/8 b 0 30")
        );
    }
}

//! `spacechess book`: balanced openings for matches. Random openings of a few plies are
//! scored by a search of their last position; those within a margin of equal are kept,
//! so a match's pairs are not decided by a first move that already wins. The committed
//! books (`books/<setup>.txt`, one line of move tokens per opening) are `match`'s
//! default openings.

use crate::bench_cmd::playout;
use crate::fixed_nodes::{self, chosen_setups};
use crate::Failure;
use engine::api::Score;
use rules::{GameStatus, Setup};
use std::collections::HashSet;
use std::io::Write;

/// Most lines per setup accepted (bounds the run and the file).
pub const MAX_LINES: u32 = 10_000;

#[derive(clap::Args)]
pub struct BookArgs {
    #[arg(long, help = crate::variant_help(
        "Only this variant (",
        "); default: every variant and every Tri-D rule set"
    ))]
    pub variant: Option<String>,
    /// Only this Tri-D rule set
    #[arg(long)]
    pub rules: Option<String>,
    /// Openings kept per setup
    #[arg(long, default_value_t = 200)]
    pub lines: u32,
    /// Plies of each opening
    #[arg(long, default_value_t = 6)]
    pub plies: u32,
    /// Nodes of the search that scores an opening's last position
    #[arg(long, default_value_t = 200_000)]
    pub nodes: u64,
    /// Largest score kept either way, in pawns of the variant's evaluation (a Fourfold
    /// pawn is worth more centipawns than a Stacked one)
    #[arg(long, default_value_t = 0.5)]
    pub margin: f64,
    /// Seed of the random openings
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Output directory: one `<setup>.txt` per setup
    #[arg(long)]
    pub out: std::path::PathBuf,
}

/// Tries per kept line before a setup gives up (a margin too tight to fill).
const TRIES_PER_LINE: u64 = 20;

pub fn run(args: &BookArgs) -> Result<(), Failure> {
    if args.lines == 0 || args.lines > MAX_LINES {
        return Err(Failure(format!(
            "--lines must be 1 to {MAX_LINES}, not {}",
            args.lines
        )));
    }
    fixed_nodes::check_nodes(args.nodes)?;
    if !(0.0..=10.0).contains(&args.margin) {
        return Err(Failure(format!(
            "--margin must be 0 to 10 pawns, not {}",
            args.margin
        )));
    }
    if !(1..=40).contains(&args.plies) {
        return Err(Failure(format!(
            "--plies must be 1 to 40, not {}",
            args.plies
        )));
    }
    let chosen = chosen_setups(args.variant.as_deref(), args.rules.as_deref())?;
    std::fs::create_dir_all(&args.out)
        .map_err(|e| Failure(format!("cannot create {}: {e}", args.out.display())))?;
    for setup in chosen {
        let margin = margin_cp(&setup, args.margin);
        let (lines, tried) = book(&setup, args, margin)?;
        let path = args.out.join(format!("{}.txt", file_name(&setup)));
        let mut text = format!(
            "# spacechess book --variant {}{} --lines {} --plies {} --nodes {} --margin {} --seed {}\n\
             # {} of {} random openings scored within ±{margin} cp (±{} pawn) by a {}-node search\n",
            setup.variant(),
            setup
                .rules_if_any()
                .map(|r| format!(" --rules {r}"))
                .unwrap_or_default(),
            args.lines,
            args.plies,
            args.nodes,
            args.margin,
            args.seed,
            lines.len(),
            tried,
            args.margin,
            args.nodes
        );
        for l in &lines {
            text.push_str(&l.join(" "));
            text.push('\n');
        }
        std::fs::File::create(&path)
            .and_then(|mut f| f.write_all(text.as_bytes()))
            .map_err(|e| Failure(format!("cannot write {}: {e}", path.display())))?;
        println!(
            "{setup}: {} of {tried} openings kept, {}",
            lines.len(),
            path.display()
        );
    }
    Ok(())
}

/// A setup's book file name: the variant, then the rule set (`trid-meder`).
pub fn file_name(setup: &Setup) -> String {
    match setup.rules_if_any() {
        Some(r) => format!("{}-{r}", setup.variant()),
        None => setup.variant().to_string(),
    }
}

/// A margin in pawns as centipawns of the setup's evaluation (its pawn's weight).
fn margin_cp(setup: &Setup, pawns: f64) -> i32 {
    let pawn = engine::eval::weights::committed_for(setup).get().values[0];
    (pawns * f64::from(pawn)).round() as i32
}

/// The kept lines of one setup and how many openings were tried.
fn book(setup: &Setup, args: &BookArgs, margin: i32) -> Result<(Vec<Vec<String>>, u64), Failure> {
    let start = rules::any::new_game(setup, None)?;
    let mut kept = Vec::new();
    let mut seen = HashSet::new();
    let most = u64::from(args.lines) * TRIES_PER_LINE;
    let mut tried = 0;
    while kept.len() < args.lines as usize && tried < most {
        let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(tried);
        tried += 1;
        let game = playout(&start, u64::from(args.plies), seed);
        let line: Vec<String> = game.played().iter().map(|m| m.token.clone()).collect();
        if line.len() < args.plies as usize
            || game.status() != GameStatus::InProgress
            || !seen.insert(line.clone())
        {
            continue;
        }
        let r = fixed_nodes::search(&game, args.nodes, seed);
        if matches!(r.score, Score::Cp(cp) if cp.abs() <= margin) {
            kept.push(line);
        }
    }
    Ok((kept, tried))
}

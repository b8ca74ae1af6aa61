//! `spacechess selfplay`: games of the engine against itself at a fixed number of nodes
//! per move, from seeded random openings, written as tuning data (the format of
//! `engine::tune::data`: setup, result, search score, position string per line).

use crate::bench_cmd::playout;
use crate::fixed_nodes::{self, chosen_setups};
use crate::Failure;
use engine::api::Score;
use engine::tune::data::{GameResult, Record, MAX_SCORE};
use rules::{Color, GameStatus, Setup};
use std::io::Write;

/// Most games per setup accepted (bounds the run and the file).
pub const MAX_GAMES: u32 = 100_000;

#[derive(clap::Args)]
pub struct SelfplayArgs {
    #[arg(long, help = crate::variant_help(
        "Only this variant (",
        "); default: every variant and every Tri-D rule set"
    ))]
    pub variant: Option<String>,
    /// Only this Tri-D rule set
    #[arg(long)]
    pub rules: Option<String>,
    /// Games per setup
    #[arg(long, default_value_t = 10)]
    pub games: u32,
    /// Nodes searched per move
    #[arg(long, default_value_t = 2000)]
    pub nodes: u64,
    /// Plies of the random opening of each game (its positions are not written)
    #[arg(long, default_value_t = 8)]
    pub opening_plies: u32,
    /// Seed of the openings
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A game still going after this many plies is a draw
    #[arg(long, default_value_t = 200)]
    pub max_plies: u32,
    /// Output file (`-`: standard output)
    #[arg(long)]
    pub out: String,
}

/// A game is adjudicated once the search scores beyond this (centipawns) for the side
/// to move on this many consecutive plies, for the side ahead: such games are decided,
/// and playing them out only repeats the same kind of positions.
const ADJUDICATE_SCORE: i32 = 1500;
const ADJUDICATE_PLIES: usize = 6;

pub fn run(args: &SelfplayArgs) -> Result<(), Failure> {
    if args.games == 0 || args.games > MAX_GAMES {
        return Err(Failure(format!(
            "--games must be 1 to {MAX_GAMES}, not {}",
            args.games
        )));
    }
    fixed_nodes::check_nodes(args.nodes)?;
    let chosen = chosen_setups(args.variant.as_deref(), args.rules.as_deref())?;
    let mut out = fixed_nodes::open_output(&args.out)?;
    writeln!(
        out,
        "# spacechess selfplay --games {} --nodes {} --opening-plies {} --seed {} --max-plies {}",
        args.games, args.nodes, args.opening_plies, args.seed, args.max_plies
    )?;
    writeln!(out, "# setup result score(cp, White) position")?;
    for setup in &chosen {
        let (mut wins, mut draws, mut losses, mut written) = (0, 0, 0, 0);
        for g in 0..args.games {
            let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(u64::from(g));
            let (result, records) = play(setup, args, seed)?;
            match result {
                GameResult::WhiteWins => wins += 1,
                GameResult::Draw => draws += 1,
                GameResult::BlackWins => losses += 1,
            }
            written += records.len();
            for r in records {
                writeln!(out, "{r}")?;
            }
        }
        out.flush()?;
        eprintln!(
            "{setup}: {} games (White +{wins} ={draws} -{losses}), {written} positions",
            args.games
        );
    }
    Ok(())
}

/// One game: its result and the positions to write (quiet ones: not in check, the best
/// move neither a capture nor a promotion, the score not a mate).
fn play(
    setup: &Setup,
    args: &SelfplayArgs,
    seed: u64,
) -> Result<(GameResult, Vec<Record>), Failure> {
    let start = rules::any::new_game(setup, None)?;
    let mut game = playout(&start, u64::from(args.opening_plies), seed);
    let mut records = Vec::new();
    let mut decisive: Vec<Color> = Vec::new();
    for _ in game.ply()..args.max_plies as usize {
        if let GameStatus::Over(o) = game.status() {
            return Ok((finish(&mut records, o.winner), records));
        }
        let r = fixed_nodes::search(&game, args.nodes, seed);
        let Some(best) = r.best else { break };
        let turn = game.turn();
        let white = |cp: i32| if turn == Color::White { cp } else { -cp };
        let position = game.position_string();
        let in_check = game.in_check();
        let played = game.play_token(&best)?;
        match r.score {
            Score::Cp(cp) => {
                if !in_check && played.captured.is_none() && played.promotion.is_none() {
                    records.push(Record {
                        setup: *setup,
                        result: GameResult::Draw, // set below
                        score: white(cp).clamp(-MAX_SCORE, MAX_SCORE),
                        position,
                    });
                }
                if cp.abs() >= ADJUDICATE_SCORE {
                    decisive.push(if cp > 0 { turn } else { turn.opposite() });
                } else {
                    decisive.clear();
                }
            }
            Score::Mate(n) => decisive.push(if n > 0 { turn } else { turn.opposite() }),
        }
        let n = decisive.len();
        if n >= ADJUDICATE_PLIES
            && decisive[n - ADJUDICATE_PLIES..]
                .iter()
                .all(|&c| c == decisive[n - 1])
        {
            return Ok((finish(&mut records, Some(decisive[n - 1])), records));
        }
    }
    let winner = match game.status() {
        GameStatus::Over(o) => o.winner,
        GameStatus::InProgress => None,
    };
    Ok((finish(&mut records, winner), records))
}

/// Writes the result into every record of the game.
fn finish(records: &mut [Record], winner: Option<Color>) -> GameResult {
    let result = GameResult::of_winner(winner);
    for r in records {
        r.result = result;
    }
    result
}

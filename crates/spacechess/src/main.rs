//! The spacechess program: the web server (the default command) and command-line tools
//! over the rules and the engine.

use clap::{Parser, Subcommand};
use rules::any;
use rules::{Setup, SetupError};
use std::process::ExitCode;

mod bench_cmd;
mod book_cmd;
mod engine_cmd;
mod fixed_nodes;
mod loadtest;
mod matches;
mod perft_cmd;
mod puzzle_set_cmd;
mod puzzles_cmd;
mod selfplay_cmd;
mod soak;
mod tune_cmd;

use spacechess::{server, Failure};

/// mimalloc gives freed memory back to the system: a burst of searches (16 MB tables)
/// or sockets leaves the server near its idle size afterwards, where the system
/// allocator kept most of it (docs/server.md, "Memory").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "spacechess",
    version,
    about = "Three- and four-dimensional chess"
)]
struct Cli {
    /// Without a command, `serve` with its defaults.
    #[command(subcommand)]
    command: Option<Command>,
}

/// The help line of a variant argument, its list of identifiers from the rules'
/// registry (a wrong one is refused by `Setup::from_ids`, which lists them too).
pub fn variant_help(before: &str, after: &str) -> String {
    format!("{before}{}{after}", rules::Variant::ids_in_words())
}

/// The variant, rule set and options, shared by several subcommands.
#[derive(clap::Args, Clone)]
pub struct SetupArgs {
    #[arg(help = crate::variant_help("The variant: ", ""))]
    pub variant: String,
    /// Tri-D rule set: federation (default), meder or stepwise
    #[arg(long)]
    pub rules: Option<String>,
    /// An option such as rook-pawns or destroy-both-kings (repeatable)
    #[arg(long = "option")]
    pub options: Vec<String>,
    /// A position string instead of the start position
    #[arg(long)]
    pub pos: Option<String>,
}

impl SetupArgs {
    pub fn setup(&self) -> Result<Setup, SetupError> {
        let options: Vec<&str> = self.options.iter().map(String::as_str).collect();
        Setup::from_ids(&self.variant, self.rules.as_deref(), &options)
    }
}

#[derive(Subcommand)]
enum Command {
    /// Start the web server (the default command)
    Serve(server::ServeArgs),
    /// Measure move-request latency against a running server (loopback only)
    #[command(hide = true)]
    Loadtest(loadtest::LoadtestArgs),
    /// Count the leaf nodes of the legal move tree
    Perft {
        #[command(flatten)]
        setup: SetupArgs,
        /// One line per root move: `<move token> <count>`
        #[arg(long)]
        divide: bool,
        depth: u32,
    },
    /// List the legal move tokens, one per line
    Moves {
        #[command(flatten)]
        setup: SetupArgs,
    },
    /// Speak the engine text protocol (UCI-shaped) on standard input and output
    Engine,
    /// Search fixed positions of every variant to a fixed depth; prints total nodes and nodes/s
    Bench {
        /// Plies
        #[arg(default_value_t = bench_cmd::DEPTH)]
        depth: u32,
        /// Search threads (the node total is a fingerprint with 1 only)
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Play two engines (builds or settings) against each other with an SPRT verdict
    Match(Box<matches::MatchArgs>),
    /// Play the engine against itself and write positions with results (tuning data)
    Selfplay(selfplay_cmd::SelfplayArgs),
    /// Mine self-play games for puzzles (one winning move) and write them as JSON lines
    Puzzles(puzzles_cmd::PuzzlesArgs),
    /// Check mined puzzles again by a deeper search and write them as a puzzle set
    PuzzleSet(puzzle_set_cmd::PuzzleSetArgs),
    /// Fit a variant's evaluation weights to self-play data
    Tune(tune_cmd::TuneArgs),
    /// Write balanced openings (the books `match` plays by default)
    Book(book_cmd::BookArgs),
    /// Import a record file and print the final position string
    Replay {
        /// The record file (PGN-shaped, records.md)
        file: std::path::PathBuf,
        /// Print the Fourfold record in the form the public Fourfold game imports
        /// (PGN4D v1) instead
        #[arg(long)]
        public: bool,
    },
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli
        .command
        .unwrap_or(Command::Serve(server::ServeArgs::default()))
    {
        Command::Serve(args) => server::run(args),
        Command::Loadtest(args) => loadtest::run(args),
        Command::Perft {
            setup,
            divide,
            depth,
        } => perft_cmd::run(&setup, depth, divide),
        Command::Moves { setup } => {
            let s = setup.setup()?;
            for token in any::legal_tokens(&s, setup.pos.as_deref())? {
                println!("{token}");
            }
            Ok(())
        }
        Command::Engine => engine_cmd::run(),
        Command::Bench { depth, threads } => bench_cmd::run(depth, threads),
        Command::Match(args) => matches::run(&args),
        Command::Selfplay(args) => selfplay_cmd::run(&args),
        Command::Puzzles(args) => puzzles_cmd::run(&args),
        Command::PuzzleSet(args) => puzzle_set_cmd::run(&args),
        Command::Tune(args) => tune_cmd::run(&args),
        Command::Book(args) => book_cmd::run(&args),
        Command::Replay { file, public } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| Failure(format!("cannot read {}: {e}", file.display())))?;
            if public {
                print!("{}", rules::fourfold::public_form(&text)?);
            } else {
                let (game, _) = any::import_record(&text)?;
                println!("{}", game.position_string());
            }
            Ok(())
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure(message)) => {
            eprintln!("spacechess: {message}");
            ExitCode::from(2)
        }
    }
}

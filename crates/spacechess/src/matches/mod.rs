//! `spacechess match`: two engines (builds or settings) play each other through the text
//! protocol as child processes. Every opening is played twice with colours swapped;
//! games end by the rules (mate, stalemate, repetition, 50 moves, insufficient material)
//! or by adjudication at a move cap (a draw). After each pair the SPRT (pentanomial) is
//! updated; the match stops at its verdict or after the given number of games.
//!
//! With `--concurrency N` pairs are played N at a time, each worker thread with its own
//! two engine processes; the results are counted in the order they finish, so the
//! verdict is the same kind of sequential test (pairs still in play when it is reached
//! are not counted).

mod sprt;

use rules::any::AnyGame;
use rules::{Color, GameStatus, Setup};
use sprt::{Pentanomial, Sprt, Trinomial, Verdict};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// Command-line arguments of `spacechess match`.
#[derive(clap::Args, Clone)]
pub struct MatchArgs {
    #[command(flatten)]
    pub setup: crate::SetupArgs,
    /// First engine's command (default: this program's `engine`)
    #[arg(long)]
    pub a_cmd: Option<String>,
    /// Second engine's command (default: this program's `engine`)
    #[arg(long)]
    pub b_cmd: Option<String>,
    /// First engine's options, `Name=Value` (repeatable)
    #[arg(long = "a-option")]
    pub a_options: Vec<String>,
    /// Second engine's options, `Name=Value` (repeatable)
    #[arg(long = "b-option")]
    pub b_options: Vec<String>,
    /// First engine's `go` arguments
    #[arg(long, default_value = "depth 3")]
    pub a_go: String,
    /// Second engine's `go` arguments
    #[arg(long, default_value = "depth 3")]
    pub b_go: String,
    /// Most games (pairs × 2)
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    /// Random opening length in plies (with --random-openings, or a setup without a book)
    #[arg(long, default_value_t = 6)]
    pub opening_plies: u32,
    /// Random openings instead of the committed book of balanced openings
    #[arg(long)]
    pub random_openings: bool,
    /// A file of openings: one line of move tokens from the start position per opening
    #[arg(long)]
    pub openings: Option<std::path::PathBuf>,
    /// No SPRT verdict before this many games (the LLR approximation is rough on tiny
    /// samples)
    #[arg(long, default_value_t = 10)]
    pub min_games: u32,
    /// Adjudicate a draw after this many plies
    #[arg(long, default_value_t = 300)]
    pub max_plies: u32,
    #[arg(long, default_value_t = 0.0)]
    pub elo0: f64,
    #[arg(long, default_value_t = 50.0)]
    pub elo1: f64,
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    #[arg(long, default_value_t = 0.05)]
    pub beta: f64,
    /// Seed of the random openings
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Pairs played at once, each by its own two engine processes (one per core)
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub concurrency: u32,
    /// Append every game to this file: the pair, A's colour, A's score, how it ended,
    /// the plies, then the move tokens from the start
    #[arg(long)]
    pub records: Option<std::path::PathBuf>,
}

/// One played pair: the opening's index, then for each game (A with White, A with
/// Black) A's score, how it ended and the moves from the start.
struct PairResult {
    index: usize,
    games: [(f64, String, Vec<String>); 2],
}

/// A running engine process.
struct Player {
    name: String,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    go: String,
}

impl Player {
    fn start(
        name: &str,
        cmd: &Option<String>,
        options: &[String],
        go: &str,
        setup: &Setup,
    ) -> Result<Player, String> {
        let (program, args): (String, Vec<String>) = match cmd {
            Some(c) => {
                let mut words = c.split_whitespace().map(str::to_string);
                let program = words.next().ok_or("empty engine command")?;
                (program, words.collect())
            }
            None => (
                std::env::current_exe()
                    .map_err(|e| format!("cannot find this program: {e}"))?
                    .display()
                    .to_string(),
                vec!["engine".into()],
            ),
        };
        let mut child = Command::new(&program)
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start engine {program:?}: {e}"))?;
        let input = child.stdin.take().ok_or("no engine input")?;
        let output = BufReader::new(child.stdout.take().ok_or("no engine output")?);
        let mut p = Player {
            name: name.to_string(),
            child,
            input,
            output,
            go: go.to_string(),
        };
        p.send("uci")?;
        p.wait_for("uciok")?;
        p.send(&format!("setoption name Variant value {}", setup.variant()))?;
        if let Some(r) = setup.rules_if_any() {
            p.send(&format!("setoption name Rules value {r}"))?;
        }
        let opts = setup.options().ids();
        if !opts.is_empty() {
            p.send(&format!("setoption name Options value {}", opts.join(",")))?;
        }
        p.send("setoption name Threads value 1")?;
        for o in options {
            let (n, v) = o
                .split_once('=')
                .ok_or_else(|| format!("engine option {o:?} is not Name=Value"))?;
            p.send(&format!("setoption name {n} value {v}"))?;
        }
        p.send("isready")?;
        p.wait_for("readyok")?;
        Ok(p)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|_| self.input.flush())
            .map_err(|e| format!("engine {} stopped listening: {e}", self.name))
    }

    /// Reads lines until one starts with `prefix`; returns it. An `info string error`
    /// line is a protocol failure.
    fn wait_for(&mut self, prefix: &str) -> Result<String, String> {
        let mut line = String::new();
        loop {
            line.clear();
            let n = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("engine {}: {e}", self.name))?;
            if n == 0 {
                return Err(format!("engine {} ended", self.name));
            }
            if line.starts_with("info string error") {
                return Err(format!("engine {}: {}", self.name, line.trim()));
            }
            if line.starts_with(prefix) {
                return Ok(line.trim().to_string());
            }
        }
    }

    fn best_move(&mut self, start_moves: &[String]) -> Result<String, String> {
        let mut cmd = String::from("position startpos");
        if !start_moves.is_empty() {
            cmd.push_str(" moves ");
            cmd.push_str(&start_moves.join(" "));
        }
        self.send(&cmd)?;
        self.send(&format!("go {}", self.go))?;
        let line = self.wait_for("bestmove ")?;
        Ok(line.trim_start_matches("bestmove ").to_string())
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// Plays one game; returns White's score (1, ½, 0), how it ended and the moves.
fn play_game(
    setup: &Setup,
    opening: &[String],
    white: &mut Player,
    black: &mut Player,
    max_plies: u32,
) -> Result<(f64, String, Vec<String>), String> {
    let mut game = AnyGame::new(setup, None).map_err(|e| e.to_string())?;
    let mut moves: Vec<String> = Vec::new();
    for m in opening {
        game.play_text(m)
            .map_err(|e| format!("opening move {m}: {e}"))?;
        moves.push(m.clone());
    }
    white.send("ucinewgame")?;
    black.send("ucinewgame")?;
    loop {
        if let GameStatus::Over(o) = game.status() {
            let white_score = match o.winner {
                Some(Color::White) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            };
            return Ok((white_score, o.termination.to_string(), moves));
        }
        if moves.len() as u32 >= max_plies {
            return Ok((0.5, "move cap".into(), moves));
        }
        let mover = if game.turn() == Color::White {
            &mut *white
        } else {
            &mut *black
        };
        let token = mover.best_move(&moves)?;
        if game.play_token(&token).is_err() {
            // An illegal move loses.
            let white_score = if game.turn() == Color::White {
                0.0
            } else {
                1.0
            };
            return Ok((white_score, format!("illegal move {token}"), moves));
        }
        moves.push(token);
    }
}

/// The committed book of balanced openings of a standard setup (`spacechess book`).
pub fn committed_book(setup: &Setup) -> Option<&'static str> {
    if !setup.options().ids().is_empty() {
        return None;
    }
    Some(match crate::book_cmd::file_name(setup).as_str() {
        "stacked" => include_str!("../../books/stacked.txt"),
        "trid-federation" => include_str!("../../books/trid-federation.txt"),
        "trid-meder" => include_str!("../../books/trid-meder.txt"),
        "trid-stepwise" => include_str!("../../books/trid-stepwise.txt"),
        "quadlevel" => include_str!("../../books/quadlevel.txt"),
        "fourfold" => include_str!("../../books/fourfold.txt"),
        _ => return None,
    })
}

/// The openings of an openings file: one line of move tokens each, `#` comments.
fn parse_openings(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// Openings: lines of the file given; else the setup's committed book, from a place the
/// seed chooses (seed 1: its first line); else (or with `--random-openings`) random
/// playouts of `plies` moves that do not end the game.
fn openings(args: &MatchArgs, setup: &Setup, count: usize) -> Result<Vec<Vec<String>>, String> {
    if let Some(path) = &args.openings {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let list = parse_openings(&text);
        if list.is_empty() {
            return Err(format!("no openings in {}", path.display()));
        }
        return Ok(list);
    }
    if !args.random_openings {
        if let Some(book) = committed_book(setup) {
            let mut list = parse_openings(book);
            if !list.is_empty() {
                let from = (args.seed.wrapping_sub(1) as usize).wrapping_mul(count) % list.len();
                list.rotate_left(from);
                return Ok(list);
            }
        }
    }
    let start = AnyGame::new(setup, None).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for i in 0..count {
        let g = crate::bench_cmd::playout(
            &start,
            u64::from(args.opening_plies),
            args.seed.wrapping_mul(1_000_003) + i as u64,
        );
        out.push(g.played().iter().map(|m| m.token.clone()).collect());
    }
    Ok(out)
}

/// Plays pairs until there are none left or `stop` is set, sending each result.
fn worker(
    args: &MatchArgs,
    setup: &Setup,
    openings: &[Vec<String>],
    pairs: usize,
    next: &AtomicUsize,
    stop: &AtomicBool,
    results: &mpsc::Sender<Result<PairResult, String>>,
) {
    let play = || -> Result<(), String> {
        let mut a = Player::start("A", &args.a_cmd, &args.a_options, &args.a_go, setup)?;
        let mut b = Player::start("B", &args.b_cmd, &args.b_options, &args.b_go, setup)?;
        while !stop.load(Ordering::Relaxed) {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= pairs {
                break;
            }
            let opening = &openings[index % openings.len()];
            let (w1, why1, moves1) = play_game(setup, opening, &mut a, &mut b, args.max_plies)?;
            let (w2, why2, moves2) = play_game(setup, opening, &mut b, &mut a, args.max_plies)?;
            let pair = PairResult {
                index,
                games: [(w1, why1, moves1), (1.0 - w2, why2, moves2)],
            };
            if results.send(Ok(pair)).is_err() {
                break;
            }
        }
        Ok(())
    };
    if let Err(e) = play() {
        let _ = results.send(Err(e));
    }
}

/// Appends a pair's two games to the records file.
fn write_records(path: &std::path::Path, pair: &PairResult) -> Result<(), String> {
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    for (colour, (score, why, moves)) in ["white", "black"].iter().zip(&pair.games) {
        writeln!(
            file,
            "pair {} A {colour} {score} ({why}) {} plies: {}",
            pair.index + 1,
            moves.len(),
            moves.join(" ")
        )
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

pub fn run(args: &MatchArgs) -> Result<(), crate::Failure> {
    // The games start from the setup's start position (the engines are told
    // `position startpos`); the flag comes with the shared setup arguments.
    if let Some(pos) = &args.setup.pos {
        return Err(crate::Failure(format!(
            "match plays from the start position, not from --pos {pos:?}; give openings with --openings FILE"
        )));
    }
    let setup = args.setup.setup()?;
    let sprt = Sprt {
        elo0: args.elo0,
        elo1: args.elo1,
        alpha: args.alpha,
        beta: args.beta,
    };
    let pairs = (args.games as usize).div_ceil(2);
    let openings = openings(args, &setup, pairs)?;
    let mut penta = Pentanomial::default();
    let mut tri = Trinomial::default();
    let (lo, hi) = sprt.bounds();
    println!(
        "match {setup}: A `go {}` vs B `go {}`, SPRT elo0 {} elo1 {} alpha {} beta {} (LLR bounds {lo:.2} {hi:.2}), {} at once",
        args.a_go, args.b_go, sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta, args.concurrency
    );
    let mut verdict = Verdict::Continue;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (send, receive) = mpsc::channel();
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..args.concurrency {
            let send = send.clone();
            let (setup, openings, next, stop) = (&setup, &openings, &next, &stop);
            scope.spawn(move || worker(args, setup, openings, pairs, next, stop, &send));
        }
        drop(send);
        for result in receive {
            if verdict != Verdict::Continue || failure.is_some() {
                continue;
            }
            let pair = match result {
                Ok(pair) => pair,
                Err(e) => {
                    failure = Some(e);
                    stop.store(true, Ordering::Relaxed);
                    continue;
                }
            };
            if let Some(path) = &args.records {
                if let Err(e) = write_records(path, &pair) {
                    failure = Some(e);
                    stop.store(true, Ordering::Relaxed);
                    continue;
                }
            }
            let [(first, why1, _), (second, why2, _)] = &pair.games;
            let (first, second) = (*first, *second);
            for s in [first, second] {
                match s {
                    x if x > 0.75 => tri.wins += 1,
                    x if x < 0.25 => tri.losses += 1,
                    _ => tri.draws += 1,
                }
            }
            penta.add_pair(first, second);
            let sample = penta.sample().expect("a pair was played");
            let (elo_lo, elo_hi) = sample.elo_interval();
            let llr = sample.llr(sprt.elo0, sprt.elo1);
            verdict = if tri.games() >= u64::from(args.min_games) {
                sprt.verdict(llr)
            } else {
                Verdict::Continue
            };
            println!(
                "pair {:>3} [{}]: A {first} ({why1}), A {second} ({why2}) | A +{} ={} -{} | pairs {:?} | Elo {:+.1} [{:+.1}, {:+.1}] | LLR {llr:.2}",
                pair.index + 1,
                openings[pair.index % openings.len()].join(" "),
                tri.wins,
                tri.draws,
                tri.losses,
                penta.0,
                sample.elo(),
                elo_lo,
                elo_hi,
            );
            if verdict != Verdict::Continue {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    if let Some(e) = failure {
        return Err(e.into());
    }
    let Some(sample) = penta.sample() else {
        return Err("no pair was played".to_string().into());
    };
    let (elo_lo, elo_hi) = sample.elo_interval();
    // A one-sided sample (say, all wins) has an unbounded Elo: the interval is then shown
    // without a ± figure.
    let spread = if elo_hi < 2000.0 && elo_lo > -2000.0 {
        format!(" ± {:.1}", (elo_hi - elo_lo) / 2.0)
    } else {
        String::new()
    };
    println!(
        "result: {} games, A +{} ={} -{}, Elo {:+.1}{spread} (95 % [{:+.1}, {:+.1}]), LLR {:.2}, SPRT {}",
        tri.games(),
        tri.wins,
        tri.draws,
        tri.losses,
        sample.elo(),
        elo_lo,
        elo_hi,
        sample.llr(sprt.elo0, sprt.elo1),
        match verdict {
            Verdict::H1 => "H1 accepted (A is stronger by at least elo1)",
            Verdict::H0 => "H0 accepted (A is not stronger by elo1)",
            Verdict::Continue => "undecided",
        }
    );
    Ok(())
}

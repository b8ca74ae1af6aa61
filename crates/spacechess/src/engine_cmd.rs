//! `spacechess engine`: the UCI-shaped text protocol of records.md on standard input and
//! output. Bad input is answered with `info string error …` naming the problem and is
//! otherwise ignored; nothing a client sends can crash or hang the engine.

use engine::api::{
    self, Clock, Level, Limits, OracleReport, OracleTag, Progress, Score, SearchOptions,
    SearchResult, Settings,
};
use rules::any::AnyGame;
use rules::{Color, Setup};
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Output shared by the command loop and the search thread: one line at a time.
#[derive(Clone)]
pub struct Out(Arc<Mutex<std::io::Stdout>>);

impl Out {
    pub fn new() -> Out {
        Out(Arc::new(Mutex::new(std::io::stdout())))
    }
    pub fn line(&self, text: &str) {
        let out = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let mut lock = out.lock();
        // A closed pipe ends the session anyway; nothing useful to do with the error.
        let _ = writeln!(lock, "{text}");
        let _ = lock.flush();
    }
    fn error(&self, text: &str) {
        self.line(&format!("info string error {text}"));
    }
}

/// A search running in the background; its thread prints `bestmove` when it ends.
struct Running {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<()>,
    /// `go infinite`: only `stop` ends it.
    infinite: bool,
    /// Set just before `bestmove` is printed: a client may send its next command at once.
    answered: Arc<AtomicBool>,
}

struct Session {
    out: Out,
    variant: String,
    rules: Option<String>,
    options: Vec<String>,
    settings: Settings,
    vary: i32,
    plain: bool,
    game: Option<AnyGame>,
    running: Option<Running>,
}

pub fn run() -> Result<(), crate::Failure> {
    let out = Out::new();
    let mut session = Session {
        out: out.clone(),
        variant: "stacked".into(),
        rules: None,
        options: Vec::new(),
        settings: Settings::default(),
        vary: 0,
        plain: false,
        game: None,
        running: None,
    };
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else {
            out.error("input is not UTF-8 text; line ignored");
            continue;
        };
        if !session.command(line.trim()) {
            session.finish_search();
            return Ok(());
        }
    }
    // End of input: a bounded search may finish (so scripted sessions get their answer);
    // an infinite one is stopped.
    if let Some(r) = session.running.take() {
        if r.infinite {
            r.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        let _ = r.thread.join();
    }
    Ok(())
}

const MAX_LINE: usize = 100_000;

impl Session {
    /// Handles one line; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        if line.len() > MAX_LINE {
            self.out
                .error(&format!("line longer than {MAX_LINE} bytes ignored"));
            return true;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&head, rest)) = words.split_first() else {
            return true;
        };
        // A finished search leaves nothing to wait for.
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.answered.load(std::sync::atomic::Ordering::SeqCst))
        {
            self.finish_search();
        }
        match head {
            "quit" => return false,
            "stop" => self.finish_search(),
            "isready" => self.out.line("readyok"),
            _ if self.running.is_some() => self
                .out
                .error(&format!("a search is running; send stop before {head:?}")),
            "uci" => self.uci(),
            "setoption" => self.setoption(rest),
            "ucinewgame" => self.game = None,
            "position" => self.position(rest),
            "go" => self.go(rest),
            "d" => self.display(),
            "eval" => self.eval(),
            "bench" => {
                let depth = rest
                    .first()
                    .and_then(|d| d.parse().ok())
                    .unwrap_or(crate::bench_cmd::DEPTH);
                crate::bench_cmd::bench(depth, &self.out);
            }
            _ => self.out.error(&format!("unknown command {head:?}")),
        }
        true
    }

    fn uci(&self) {
        self.out
            .line(&format!("id name spacechess {}", env!("CARGO_PKG_VERSION")));
        self.out.line("id author the spacechess authors");
        self.out.line("option name Variant type combo default stacked var stacked var trid var quadlevel var fourfold");
        self.out.line(
            "option name Rules type combo default federation var federation var meder var stepwise",
        );
        self.out
            .line("option name Options type string default <empty>");
        self.out.line(&format!(
            "option name Threads type spin default {} min 1 max 256",
            Settings::default().threads
        ));
        self.out
            .line("option name Hash type spin default 64 min 1 max 65536");
        self.out
            .line("option name Vary type spin default 0 min 0 max 100");
        self.out
            .line("option name Weights type string default <committed>");
        self.out.line("uciok");
    }

    fn setoption(&mut self, words: &[&str]) {
        // setoption name <Name> [value <text…>]
        let text = words.join(" ");
        let Some(after_name) = text.strip_prefix("name ") else {
            return self
                .out
                .error("setoption needs: setoption name <option> value <value>");
        };
        let (name, value) = match after_name.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (after_name.trim(), ""),
        };
        let number = |v: &str, lo: usize, hi: usize| -> Result<usize, String> {
            v.parse::<usize>()
                .ok()
                .filter(|n| (lo..=hi).contains(n))
                .ok_or_else(|| format!("option {name} needs a number from {lo} to {hi}, not {v:?}"))
        };
        let result: Result<(), String> = match name.to_ascii_lowercase().as_str() {
            "variant" => Setup::from_ids(value, None, &[])
                .map(|_| {
                    self.variant = value.to_string();
                    self.rules = None;
                    self.options.clear();
                    self.game = None;
                })
                .map_err(|e| e.to_string()),
            "rules" => {
                let opts: Vec<&str> = self.options.iter().map(String::as_str).collect();
                Setup::from_ids(&self.variant, Some(value), &opts)
                    .map(|_| {
                        self.rules = Some(value.to_string());
                        self.game = None;
                    })
                    .map_err(|e| e.to_string())
            }
            "options" => {
                let opts: Vec<String> = value
                    .split([',', ' '])
                    .filter(|o| !o.is_empty() && *o != "<empty>")
                    .map(str::to_string)
                    .collect();
                let refs: Vec<&str> = opts.iter().map(String::as_str).collect();
                Setup::from_ids(&self.variant, self.rules.as_deref(), &refs)
                    .map(|_| {
                        self.options = opts;
                        self.game = None;
                    })
                    .map_err(|e| e.to_string())
            }
            "threads" => number(value, 1, 256).map(|n| self.settings.threads = n),
            "hash" => number(value, 1, 65_536).map(|n| self.settings.hash_mb = n),
            "vary" => number(value, 0, 100).map(|n| self.vary = n as i32),
            "player" => match value {
                "engine" | "plain" => {
                    self.plain = value == "plain";
                    Ok(())
                }
                _ => Err(format!("option Player is engine or plain, not {value:?}")),
            },
            "weights" => self.install_weights(value),
            _ => Err(format!("unknown option {name:?}")),
        };
        if let Err(e) = result {
            self.out.error(&e);
        }
    }

    /// `setoption name Weights value FILE`: the current variant's (Tri-D: rule set's)
    /// evaluation weights from a weights file (docs/engine.md, "Weights as data") instead
    /// of the committed ones, so that `match` can play tuned weights against the committed
    /// ones. Only before the variant's first search: the weights are fixed for the life of
    /// the process.
    fn install_weights(&self, path: &str) -> Result<(), String> {
        let committed = engine::eval::weights::committed_for(&self.setup()?);
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("option Weights: cannot read {path:?}: {e}"))?;
        let weights = committed
            .parse(&text)
            .map_err(|e| format!("option Weights: {path}: {e}"))?;
        committed.install(weights)
    }

    fn setup(&self) -> Result<Setup, String> {
        let opts: Vec<&str> = self.options.iter().map(String::as_str).collect();
        Setup::from_ids(&self.variant, self.rules.as_deref(), &opts).map_err(|e| e.to_string())
    }

    fn position(&mut self, words: &[&str]) {
        match self.build_position(words) {
            Ok(game) => self.game = Some(game),
            Err(e) => self.out.error(&e),
        }
    }

    fn build_position(&self, words: &[&str]) -> Result<AnyGame, String> {
        let setup = self.setup()?;
        let moves_at = words.iter().position(|&w| w == "moves");
        let (spec, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        let mut game = match spec.first() {
            Some(&"startpos") if spec.len() == 1 => {
                AnyGame::new(&setup, None).map_err(|e| e.to_string())?
            }
            Some(&"pos") | Some(&"fen") if spec.len() > 1 => {
                let s = spec[1..].join(" ");
                AnyGame::new(&setup, Some(&s)).map_err(|e| e.to_string())?
            }
            _ => return Err("position needs: position startpos|pos <string> [moves …]".into()),
        };
        for m in moves {
            game.play_text(m)
                .map_err(|e| format!("position not changed: move {m:?}: {e}"))?;
        }
        Ok(game)
    }

    fn game(&self) -> Result<AnyGame, String> {
        match &self.game {
            Some(g) => Ok(g.clone()),
            None => {
                let setup = self.setup()?;
                AnyGame::new(&setup, None).map_err(|e| e.to_string())
            }
        }
    }

    fn go(&mut self, words: &[&str]) {
        let game = match self.game() {
            Ok(g) => g,
            Err(e) => return self.out.error(&e),
        };
        match words.first() {
            Some(&"perft") => return self.perft(&game, &words[1..]),
            Some(&"oracle") => return self.oracle(&game, &words[1..]),
            _ => {}
        }
        let (limits, infinite) = match parse_go(words, game.turn()) {
            Ok(x) => x,
            Err(e) => return self.out.error(&e),
        };
        let options = SearchOptions {
            vary: self.vary,
            infinite,
            seed: 0,
            plain: self.plain,
        };
        let out = self.out.clone();
        let progress_out = self.out.clone();
        let handle = api::start_search_with(
            &game,
            limits,
            self.settings,
            options,
            Box::new(move |p: Progress| progress_out.line(&info_line(&p))),
        );
        let stop = handle.stop_flag();
        let answered = Arc::new(AtomicBool::new(false));
        let flag = answered.clone();
        let thread = std::thread::spawn(move || {
            let result: SearchResult = handle.wait();
            flag.store(true, std::sync::atomic::Ordering::SeqCst);
            out.line(&format!(
                "bestmove {}",
                result.best.as_deref().unwrap_or("(none)")
            ));
        });
        self.running = Some(Running {
            stop,
            thread,
            infinite,
            answered,
        });
    }

    /// Stops a running search (if any) and waits for its `bestmove`.
    fn finish_search(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop.store(true, std::sync::atomic::Ordering::Relaxed);
            let _ = r.thread.join();
        }
    }

    fn perft(&self, game: &AnyGame, words: &[&str]) {
        let Some(depth) = words
            .first()
            .and_then(|d| d.parse::<u32>().ok())
            .filter(|&d| d <= 12)
        else {
            return self.out.error("go perft needs a depth from 0 to 12");
        };
        match crate::perft_cmd::divide_lines(&game.setup(), &game.position_string(), depth) {
            Ok((lines, total)) => {
                for l in lines {
                    self.out.line(&l);
                }
                self.out.line(&format!("nodes {total}"));
            }
            Err(e) => self.out.error(&e),
        }
    }

    fn oracle(&self, game: &AnyGame, words: &[&str]) {
        const USAGE: &str = "go oracle takes: go oracle [depth 1-6] [movetime MS]";
        let mut budget = Duration::from_secs(6);
        // Without a depth the Oracle looks as deep as its time allows (the Max setting).
        let mut level = Level::Max;
        if !words.len().is_multiple_of(2) {
            return self.out.error(USAGE);
        }
        for pair in words.chunks(2) {
            match (pair[0], pair[1].parse::<u64>()) {
                ("movetime", Ok(ms)) => budget = Duration::from_millis(ms),
                ("depth", Ok(d)) => match u8::try_from(d).ok().and_then(Level::from_depth) {
                    Some(l) => level = l,
                    None => return self.out.error(USAGE),
                },
                _ => return self.out.error(USAGE),
            }
        }
        let last: Arc<Mutex<Option<OracleReport>>> = Arc::new(Mutex::new(None));
        let sink = last.clone();
        let handle = api::start_oracle(
            game,
            budget,
            level,
            self.settings,
            Box::new(move |r| *sink.lock().unwrap_or_else(|e| e.into_inner()) = Some(r)),
        );
        handle.wait();
        let report = last.lock().unwrap_or_else(|e| e.into_inner()).take();
        for m in report.map(|r| r.moves).unwrap_or_default() {
            let tag = match m.tag {
                OracleTag::Eval => "eval".to_string(),
                OracleTag::Mate(n) => format!("mate-in-{n}"),
                OracleTag::Mated(n) => format!("mated-in-{n}"),
                OracleTag::DrawRepetition => "draw-repetition".into(),
                OracleTag::AllowsRepetition => "allows-repetition".into(),
            };
            self.out.line(&format!(
                "info string oracle move {} score {} tag {tag} depth {} pv {}",
                m.token,
                score_text(m.score),
                m.depth,
                m.line.join(" ")
            ));
        }
        self.out.line("info string oracle done");
    }

    fn display(&self) {
        match self.game() {
            Ok(g) => {
                for l in g.pretty().lines() {
                    self.out.line(l);
                }
                self.out.line(&format!("Position: {}", g.position_string()));
                self.out.line(&format!("Setup: {}", g.setup()));
                self.out.line(&format!("Side to move: {}", g.turn()));
            }
            Err(e) => self.out.error(&e),
        }
    }

    fn eval(&self) {
        match self.game() {
            Ok(g) => {
                let stat = api::static_evaluation(&g);
                let searched = api::evaluate_for_record(&g);
                self.out.line(&format!(
                    "info string eval static {stat} cp (side to move), short search {searched:+.2} pawns (White's view)"
                ));
            }
            Err(e) => self.out.error(&e),
        }
    }
}

fn score_text(s: Score) -> String {
    match s {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    }
}

fn info_line(p: &Progress) -> String {
    let ms = p.elapsed.as_millis().max(1);
    format!(
        "info depth {} score {} nodes {} nps {} time {} pv {}",
        p.depth,
        score_text(p.score),
        p.nodes,
        u128::from(p.nodes) * 1000 / ms,
        p.elapsed.as_millis(),
        p.pv.join(" ")
    )
}

/// Reads the arguments of `go`: the limits, and whether it is `infinite`.
pub fn parse_go(words: &[&str], turn: Color) -> Result<(Limits, bool), String> {
    let mut limits = Limits::default();
    let mut infinite = false;
    let (mut wtime, mut btime, mut winc, mut binc) = (None, None, 0u64, 0u64);
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        if key == "infinite" {
            infinite = true;
            i += 1;
            continue;
        }
        let Some(value) = words.get(i + 1) else {
            return Err(format!("go {key} needs a number"));
        };
        let n: u64 = value
            .parse()
            .map_err(|_| format!("go {key} needs a whole number, not {value:?}"))?;
        match key {
            "depth" => limits.depth = Some(n.clamp(1, 100) as u32),
            "nodes" => limits.nodes = Some(n),
            "movetime" => limits.movetime = Some(Duration::from_millis(n)),
            "wtime" => wtime = Some(n),
            "btime" => btime = Some(n),
            "winc" => winc = n,
            "binc" => binc = n,
            "movestogo" => {}
            _ => return Err(format!("unknown go parameter {key:?}")),
        }
        i += 2;
    }
    let (time, inc) = match turn {
        Color::White => (wtime, winc),
        Color::Black => (btime, binc),
    };
    if let Some(t) = time {
        limits.clock = Some(Clock {
            remaining: Duration::from_millis(t),
            increment: Duration::from_millis(inc),
        });
    }
    Ok((limits, infinite))
}

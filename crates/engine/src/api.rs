//! The engine's library interface, used by the server and the text protocol: start a
//! search with limits on its own threads, receive progress, stop it at any time, take
//! the result. Also the Oracle, the evaluation for the record, and draw offers.
//!
//! PLACEHOLDER IMPLEMENTATION: the signatures are the contract between the engine and
//! the server; the bodies below are a temporary stand-in (first legal move) until the
//! real search lands.

use rules::any::AnyGame;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// The opponent's strength: look-ahead in plies (1–6), or Max (deepens until its budget ends).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Depth(u8),
    Max,
}

/// A game clock as seen by the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub remaining: Duration,
    pub increment: Duration,
}

/// What bounds a search. Every bound that is set applies; the 15 s cap applies always
/// unless `movetime` or `clock` says otherwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub clock: Option<Clock>,
}

impl Limits {
    /// The limits of an opponent level, with an optional game clock.
    pub fn for_level(level: Level, clock: Option<Clock>) -> Limits {
        Limits {
            depth: match level {
                Level::Depth(d) => Some(d as u32),
                Level::Max => None,
            },
            nodes: None,
            movetime: None,
            clock,
        }
    }
}

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (positive: the side to move mates; negative: is mated).
    Mate(i32),
}

/// Search progress, sent after each completed iteration (and periodically).
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    pub depth: u32,
    pub score: Score,
    /// The principal variation as move tokens.
    pub pv: Vec<String>,
    pub nodes: u64,
    pub elapsed: Duration,
    /// The time the search allotted itself.
    pub budget: Duration,
}

/// The final result of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The best move's token; `None` only when there is no legal move.
    pub best: Option<String>,
    pub score: Score,
    pub depth: u32,
    pub pv: Vec<String>,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Engine settings shared by searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub threads: usize,
    pub hash_mb: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            hash_mb: 64,
        }
    }
}

/// A running search on its own threads.
pub struct SearchHandle {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<SearchResult>>,
}

impl SearchHandle {
    /// Asks the search to stop; it returns its best move so far promptly.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    pub fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(|t| t.is_finished())
    }

    /// Waits for the result.
    pub fn wait(mut self) -> SearchResult {
        self.thread
            .take()
            .expect("waited once")
            .join()
            .expect("search thread panicked")
    }
}

impl Drop for SearchHandle {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Starts a search of the game's current position. `on_progress` is called from the
/// search's thread.
pub fn start_search(
    game: &dyn AnyGame,
    limits: Limits,
    settings: Settings,
    mut on_progress: Box<dyn FnMut(Progress) + Send>,
) -> SearchHandle {
    let _ = (limits, settings);
    let stop = Arc::new(AtomicBool::new(false));
    let game = game.clone_box();
    let thread = std::thread::spawn(move || {
        let best = game.legal_moves().first().map(|m| m.token.clone());
        on_progress(Progress {
            depth: 1,
            score: Score::Cp(0),
            pv: best.iter().cloned().collect(),
            nodes: 1,
            elapsed: Duration::ZERO,
            budget: Duration::ZERO,
        });
        SearchResult {
            pv: best.iter().cloned().collect(),
            best,
            score: Score::Cp(0),
            depth: 1,
            nodes: 1,
            elapsed: Duration::ZERO,
        }
    });
    SearchHandle {
        stop,
        thread: Some(thread),
    }
}

/// The Oracle's verdict on one root move.
#[derive(Clone, Debug, PartialEq)]
pub struct OracleMove {
    pub token: String,
    /// From the player's (side to move's) point of view.
    pub score: Score,
    pub depth: u32,
    pub tag: OracleTag,
    pub line: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OracleTag {
    /// An ordinary evaluation (amber).
    Eval,
    /// Forces mate in N (green).
    Mate(u32),
    /// Gets mated in N against best play (red).
    Mated(u32),
    /// Brings the same position up a third time.
    DrawRepetition,
    /// Lets the opponent reply with a third repetition.
    AllowsRepetition,
}

/// The Oracle's report so far: every legal move, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct OracleReport {
    pub moves: Vec<OracleMove>,
    pub done: bool,
}

/// A running Oracle.
pub struct OracleHandle {
    inner: SearchHandle,
}

impl OracleHandle {
    pub fn stop(&self) {
        self.inner.stop()
    }
    pub fn is_finished(&self) -> bool {
        self.inner.is_finished()
    }
}

/// Starts the Oracle on the game's current position with a total budget (about 6 s).
/// `on_report` is called with each improved report and finally with `done: true`.
pub fn start_oracle(
    game: &dyn AnyGame,
    budget: Duration,
    settings: Settings,
    mut on_report: Box<dyn FnMut(OracleReport) + Send>,
) -> OracleHandle {
    let _ = budget;
    let moves: Vec<OracleMove> = game
        .legal_moves()
        .into_iter()
        .map(|m| OracleMove {
            token: m.token,
            score: Score::Cp(0),
            depth: 0,
            tag: OracleTag::Eval,
            line: Vec::new(),
        })
        .collect();
    on_report(OracleReport { moves, done: true });
    OracleHandle {
        inner: start_search(game, Limits::default(), settings, Box::new(|_| {})),
    }
}

/// The static evaluation of the current position in pawns from White's side, for the
/// move record (a short search, not just the static score).
pub fn evaluate_for_record(game: &dyn AnyGame) -> f32 {
    let _ = game;
    0.0
}

/// Whether the engine, playing the side to move or its opponent, accepts a draw offer:
/// yes when it is not ahead by its own evaluation. `engine_side` is the engine's colour.
pub fn accepts_draw(game: &dyn AnyGame, engine_side: rules::Color) -> bool {
    let _ = (game, engine_side);
    true
}

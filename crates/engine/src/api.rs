//! The engine's library interface, used by the server and the text protocol: start a
//! search with limits on its own threads, receive progress, stop it at any time, take
//! the result. Also the Oracle, the evaluation for the record, and draw offers.
//!
//! Every entry point takes an [`AnyGame`], finds its concrete [`Game<P>`] once with
//! [`with_position_type!`] and then runs generic code (`*_position` functions, also
//! public, so that tests and tools can call them with any [`Position`] type).

use crate::oracle;
use crate::score::{self, Value};
use crate::search::{self, Iteration, Params, Shared};
use crate::time::Budget;
use crate::tt::Table;
use rules::any::AnyGame;
use rules::{with_position_type, Game, Position};
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
    /// A ceiling on the search's time whatever `movetime` or `clock` allow: the
    /// opponent levels set it (a long game clock must not let one move hold a search
    /// for hours); the text protocol leaves it unset.
    pub cap: Option<Duration>,
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
            cap: Some(crate::time::MOVE_CAP),
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

    /// The flag [`SearchHandle::stop`] sets, for callers that hand the handle to another
    /// thread to wait on but still want to stop the search.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
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
///
/// With a depth limit (the opponent's levels) the engine varies between root moves that
/// score within a few centipawns of each other, so that games are not all alike.
pub fn start_search(
    game: &dyn AnyGame,
    limits: Limits,
    settings: Settings,
    on_progress: Box<dyn FnMut(Progress) + Send>,
) -> SearchHandle {
    let options = SearchOptions {
        vary: if limits.depth.is_some() && limits.nodes.is_none() {
            LEVEL_VARIETY
        } else {
            0
        },
        ..SearchOptions::default()
    };
    start_search_with(game, limits, settings, options, on_progress)
}

/// Random variety at the opponent's levels: root moves within this many centipawns of
/// the best are taken at random.
pub const LEVEL_VARIETY: i32 = 8;

/// Search switches beyond [`Limits`], for the text protocol and tools.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchOptions {
    /// Random root variety in centipawns (0: deterministic with one thread).
    pub vary: i32,
    /// No time cap at all (the protocol's `go infinite`): runs until stopped.
    pub infinite: bool,
    /// Seed for the variety (0: from the clock).
    pub seed: u64,
    /// Play as the plain baseline (fixed-depth alpha-beta, material only; see
    /// [`crate::plain`]) instead of the engine: for strength measurements.
    pub plain: bool,
}

/// [`start_search`] with explicit [`SearchOptions`].
pub fn start_search_with(
    game: &dyn AnyGame,
    limits: Limits,
    settings: Settings,
    options: SearchOptions,
    on_progress: Box<dyn FnMut(Progress) + Send>,
) -> SearchHandle {
    let stop = Arc::new(AtomicBool::new(false));
    let game = game.clone_box();
    let flag = stop.clone();
    let thread = std::thread::spawn(move || {
        let game: &dyn AnyGame = game.as_ref();
        with_position_type!(
            game.setup().variant(),
            P => match game.as_any().downcast_ref::<Game<P>>() {
                Some(g) => search_game(g, limits, settings, options, flag, on_progress),
                None => no_search(),
            },
            no_search()
        )
    });
    SearchHandle {
        stop,
        thread: Some(thread),
    }
}

fn no_search() -> SearchResult {
    SearchResult {
        best: None,
        score: Score::Cp(0),
        depth: 0,
        pv: Vec::new(),
        nodes: 0,
        elapsed: Duration::ZERO,
    }
}

/// A cleared transposition table of `mb` megabytes, from the pool of idle tables when
/// one fits (see [`Table::pooled`]).
pub fn table_of_size(mb: usize) -> Arc<Table> {
    Arc::new(Table::pooled(mb))
}

/// The search parameters for limits, settings and options.
pub fn params_for(limits: &Limits, settings: &Settings, options: &SearchOptions) -> Params {
    let budget = Budget::for_limits(limits, options.infinite);
    Params {
        max_depth: limits.depth.map_or(Params::default().max_depth, |d| {
            (d as i32).clamp(1, Params::default().max_depth)
        }),
        node_limit: limits.nodes,
        soft_time: budget.soft,
        hard_time: budget.hard,
        vary: options.vary,
        seed: if options.seed != 0 {
            options.seed
        } else {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        },
        threads: settings.threads.max(1),
        quick_single_reply: limits.depth.is_none() && limits.nodes.is_none(),
    }
}

/// Searches a game's current position on the calling thread (plus helpers).
pub fn search_game<P: Position>(
    game: &Game<P>,
    limits: Limits,
    settings: Settings,
    options: SearchOptions,
    stop: Arc<AtomicBool>,
    mut on_progress: Box<dyn FnMut(Progress) + Send>,
) -> SearchResult {
    if options.plain {
        let started = std::time::Instant::now();
        let r = crate::plain::search(game.position(), limits.depth.unwrap_or(3), &stop);
        let root = game.position();
        let pv: Vec<String> = r.best.map(|m| root.move_token(m)).into_iter().collect();
        on_progress(Progress {
            depth: limits.depth.unwrap_or(3),
            score: score::to_api(r.score),
            pv: pv.clone(),
            nodes: r.nodes,
            elapsed: started.elapsed(),
            budget: Duration::ZERO,
        });
        return SearchResult {
            best: pv.first().cloned(),
            score: score::to_api(r.score),
            depth: limits.depth.unwrap_or(3),
            pv,
            nodes: r.nodes,
            elapsed: started.elapsed(),
        };
    }
    let params = params_for(&limits, &settings, &options);
    let budget = Budget::for_limits(&limits, options.infinite).reported();
    let table = table_of_size(settings.hash_mb);
    let shared = Shared::new(table, stop);
    let root = game.position().clone();
    let history = game.hashes();
    let outcome = search::search(&root, &history, &params, &shared, &mut |it: &Iteration<
        P::Move,
    >| {
        on_progress(Progress {
            depth: it.depth as u32,
            score: score::to_api(it.score),
            pv: tokens(&root, &it.pv),
            nodes: it.nodes,
            elapsed: it.elapsed,
            budget,
        })
    });
    SearchResult {
        best: outcome.best.map(|m| root.move_token(m)),
        score: score::to_api(outcome.score),
        depth: outcome.depth as u32,
        pv: tokens(&root, &outcome.pv),
        nodes: outcome.nodes,
        elapsed: outcome.elapsed,
    }
}

/// The tokens of a line of moves from `pos` (stops at a move that is not legal, which a
/// line built from the search never contains).
pub fn tokens<P: Position>(pos: &P, line: &[P::Move]) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        if !p.legal_moves().contains(&m) {
            break;
        }
        out.push(p.move_token(m));
        p.play(m);
    }
    out
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
    /// Waits for the Oracle to finish (or to stop) and returns its last report.
    pub fn wait(self) {
        let _ = self.inner.wait();
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
    let stop = Arc::new(AtomicBool::new(false));
    let game = game.clone_box();
    let flag = stop.clone();
    let thread = std::thread::spawn(move || {
        let game: &dyn AnyGame = game.as_ref();
        with_position_type!(
            game.setup().variant(),
            P => match game.as_any().downcast_ref::<Game<P>>() {
                Some(g) => oracle::run(g, budget, settings, flag, &mut on_report),
                None => on_report(OracleReport { moves: Vec::new(), done: true }),
            },
            on_report(OracleReport { moves: Vec::new(), done: true })
        );
        no_search()
    });
    OracleHandle {
        inner: SearchHandle {
            stop,
            thread: Some(thread),
        },
    }
}

/// The evaluation of the current position in pawns from White's side, for the move
/// record: a short search (depth 5, at most 150 ms, one thread), not just the static score.
/// A finished game scores ±100 for a mate and 0 for a draw.
pub fn evaluate_for_record(game: &dyn AnyGame) -> f32 {
    if let rules::GameStatus::Over(o) = game.status() {
        return match o.winner {
            Some(rules::Color::White) => 100.0,
            Some(rules::Color::Black) => -100.0,
            None => 0.0,
        };
    }
    let v = short_search_value(game, 5, Duration::from_millis(150));
    let white = if game.turn() == rules::Color::White {
        v
    } else {
        -v
    };
    if score::is_mate(white) {
        return if white > 0 { 100.0 } else { -100.0 };
    }
    (white as f32 / 100.0 * 100.0).round() / 100.0
}

/// Ahead means more than this many centipawns by the engine's evaluation.
pub const AHEAD_MARGIN: i32 = 50;

/// Whether the engine, playing the side to move or its opponent, accepts a draw offer:
/// yes when it is not ahead by its own evaluation (more than half a pawn, after a short
/// search). `engine_side` is the engine's colour.
pub fn accepts_draw(game: &dyn AnyGame, engine_side: rules::Color) -> bool {
    if game.status() != rules::GameStatus::InProgress {
        return false;
    }
    let v = short_search_value(game, 6, Duration::from_millis(300));
    let ours = if game.turn() == engine_side { v } else { -v };
    ours <= AHEAD_MARGIN
}

/// The value (side to move's view, centipawns) of a short single-threaded search.
fn short_search_value(game: &dyn AnyGame, depth: u32, time: Duration) -> Value {
    let limits = Limits {
        depth: Some(depth),
        movetime: Some(time),
        ..Limits::default()
    };
    let settings = Settings {
        threads: 1,
        hash_mb: 8,
    };
    let stop = Arc::new(AtomicBool::new(false));
    let options = SearchOptions {
        seed: 1,
        ..SearchOptions::default()
    };
    with_position_type!(
        game.setup().variant(),
        P => match game.as_any().downcast_ref::<Game<P>>() {
            Some(g) => search_value(g, limits, settings, options, stop),
            None => 0,
        },
        0
    )
}

/// The internal score of a search of a game's current position.
pub fn search_value<P: Position>(
    game: &Game<P>,
    limits: Limits,
    settings: Settings,
    options: SearchOptions,
    stop: Arc<AtomicBool>,
) -> Value {
    let params = params_for(&limits, &settings, &options);
    let shared = Shared::new(table_of_size(settings.hash_mb), stop);
    search::search(
        game.position(),
        &game.hashes(),
        &params,
        &shared,
        &mut |_| {},
    )
    .score
}

/// The static evaluation of the current position in centipawns for the side to move
/// (no search), for the protocol's `eval` and for tools.
pub fn static_evaluation(game: &dyn AnyGame) -> i32 {
    with_position_type!(
        game.setup().variant(),
        P => match game.as_any().downcast_ref::<Game<P>>() {
            Some(g) => crate::eval::evaluate(g.position()),
            None => 0,
        },
        0
    )
}

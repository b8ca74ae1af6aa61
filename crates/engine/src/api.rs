//! The engine's interface for the server and the text protocol: start a search with
//! limits on its own threads, receive progress, stop it at any time, take the result.
//! Also the Oracle, the evaluation for the record, and draw offers.
//!
//! Every entry point takes an [`AnyGame`], matches its variant once with
//! [`rules::dispatch!`] and runs generic code over [`Evaluate`] (`search_game`,
//! `search_value`, also public, so that tests and tools can call them with any
//! position type). The plain data lives in [`crate::types`] and is re-exported here.

use crate::eval::Evaluate;
use crate::oracle;
use crate::score::{self, Value};
use crate::search::{self, Iteration, Params, Shared};
use crate::time::Budget;
use rules::any::AnyGame;
use rules::{dispatch, Game};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

pub use crate::search::tokens;
pub use crate::tt::table_of_size;
pub use crate::types::*;

/// A running search on its own threads; `T` is what it answers (a [`SearchResult`], or
/// an analysis's last [`AnalysisReport`]).
pub struct SearchHandle<T = SearchResult> {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<T>>,
}

impl<T> SearchHandle<T> {
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
    pub fn wait(mut self) -> T {
        self.thread
            .take()
            .expect("waited once")
            .join()
            .expect("search thread panicked")
    }
}

impl<T> Drop for SearchHandle<T> {
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
    game: &AnyGame,
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

/// [`start_search`] with explicit [`SearchOptions`].
pub fn start_search_with(
    game: &AnyGame,
    limits: Limits,
    settings: Settings,
    options: SearchOptions,
    on_progress: Box<dyn FnMut(Progress) + Send>,
) -> SearchHandle {
    let stop = Arc::new(AtomicBool::new(false));
    let game = game.clone();
    let flag = stop.clone();
    let thread = std::thread::spawn(
        move || dispatch!(&game, g => search_game(g, limits, settings, options, flag, on_progress)),
    );
    SearchHandle {
        stop,
        thread: Some(thread),
    }
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
        lines: 1,
    }
}

/// Searches a game's current position on the calling thread (plus helpers).
pub fn search_game<P: Evaluate>(
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

/// Starts an analysis of the game's current position on its own threads: the best
/// `lines` lines (multi-PV, at most [`MAX_ANALYSIS_LINES`]), deepened until `limits` or
/// a stop. `on_report` is called from the search's thread after each completed iteration.
pub fn start_analysis(
    game: &AnyGame,
    lines: usize,
    limits: Limits,
    settings: Settings,
    on_report: Box<dyn FnMut(AnalysisReport) + Send>,
) -> SearchHandle<AnalysisReport> {
    let stop = Arc::new(AtomicBool::new(false));
    let game = game.clone();
    let flag = stop.clone();
    let thread = std::thread::spawn(
        move || dispatch!(&game, g => analyse_game(g, lines, limits, settings, flag, on_report)),
    );
    SearchHandle {
        stop,
        thread: Some(thread),
    }
}

/// [`start_analysis`] on the calling thread (plus helpers), for a game of a known
/// position type. Deterministic on one thread (no variety); returns the last report.
pub fn analyse_game<P: Evaluate>(
    game: &Game<P>,
    lines: usize,
    limits: Limits,
    settings: Settings,
    stop: Arc<AtomicBool>,
    mut on_report: Box<dyn FnMut(AnalysisReport) + Send>,
) -> AnalysisReport {
    let options = SearchOptions {
        seed: 1,
        ..SearchOptions::default()
    };
    let params = Params {
        lines: lines.clamp(1, MAX_ANALYSIS_LINES),
        ..params_for(&limits, &settings, &options)
    };
    let shared = Shared::new(table_of_size(settings.hash_mb), stop);
    let root = game.position().clone();
    let report = |depth: i32, nodes: u64, elapsed: Duration, lines: &[search::Line<P::Move>]| {
        AnalysisReport {
            depth: depth as u32,
            nodes,
            elapsed,
            lines: lines
                .iter()
                .map(|l| AnalysisLine {
                    score: score::to_api(l.score),
                    pv: tokens(&root, &l.pv),
                })
                .collect(),
        }
    };
    let outcome = search::search(&root, &game.hashes(), &params, &shared, &mut |it| {
        on_report(report(it.depth, it.nodes, it.elapsed, &it.lines))
    });
    report(
        outcome.depth,
        outcome.nodes,
        outcome.elapsed,
        &outcome.lines,
    )
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

/// Starts the Oracle on the game's current position with a total budget (about 6 s), at
/// a look-ahead setting (it looks that many moves ahead at most; Max: as deep as the
/// budget allows). `on_report` is called with each improved report and finally with
/// `done: true`.
pub fn start_oracle(
    game: &AnyGame,
    budget: Duration,
    level: Level,
    settings: Settings,
    mut on_report: Box<dyn FnMut(OracleReport) + Send>,
) -> OracleHandle {
    let stop = Arc::new(AtomicBool::new(false));
    let game = game.clone();
    let flag = stop.clone();
    let thread = std::thread::spawn(move || {
        dispatch!(&game, g => oracle::run(g, budget, level, settings, flag, &mut on_report));
        SearchResult {
            best: None,
            score: Score::Cp(0),
            depth: 0,
            pv: Vec::new(),
            nodes: 0,
            elapsed: Duration::ZERO,
        }
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
/// A finished game scores ±100 for a win (a mate on the board: mate in 0) and 0 for a
/// draw; a mate found scores as every view shows one ([`Score::pawns_for_white`]).
pub fn evaluate_for_record(game: &AnyGame) -> f64 {
    if let rules::GameStatus::Over(o) = game.status() {
        return match o.winner {
            Some(rules::Color::White) => MATE_PAWNS,
            Some(rules::Color::Black) => -MATE_PAWNS,
            None => 0.0,
        };
    }
    let v = short_search_value(game, 5, Duration::from_millis(150));
    score::to_api(v).pawns_for_white(game.turn())
}

/// Whether the engine, playing the side to move or its opponent, accepts a draw offer:
/// yes when it is not ahead by its own evaluation (more than half a pawn, after a short
/// search). `engine_side` is the engine's colour.
pub fn accepts_draw(game: &AnyGame, engine_side: rules::Color) -> bool {
    dispatch!(game, g => accepts_draw_in(g, engine_side))
}

/// [`accepts_draw`] for a game of a known position type (the browser's module keeps
/// `Game<P>`, not [`AnyGame`]).
pub fn accepts_draw_in<P: Evaluate>(game: &Game<P>, engine_side: rules::Color) -> bool {
    if game.status() != rules::GameStatus::InProgress {
        return false;
    }
    let v = short_search_value_in(game, 6, Duration::from_millis(300));
    let ours = if game.position().turn() == engine_side {
        v
    } else {
        -v
    };
    ours <= AHEAD_MARGIN
}

/// The value (side to move's view, centipawns) of a short single-threaded search.
fn short_search_value(game: &AnyGame, depth: u32, time: Duration) -> Value {
    dispatch!(game, g => short_search_value_in(g, depth, time))
}

fn short_search_value_in<P: Evaluate>(game: &Game<P>, depth: u32, time: Duration) -> Value {
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
    search_value(game, limits, settings, options, stop)
}

/// The internal score of a search of a game's current position.
pub fn search_value<P: Evaluate>(
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
pub fn static_evaluation(game: &AnyGame) -> i32 {
    dispatch!(game, g => crate::eval::evaluate(g.position()))
}

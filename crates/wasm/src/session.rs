//! One open game: an [`AnyGame`] (the rules' closed enum over the variants) and the
//! comment after each of its moves. Generic work (screens, searches, the Oracle) is one
//! `rules::dispatch!` to the concrete `Game<P>`.

use crate::error::Error;
use crate::protocol::{
    GameState, LineView, LinesView, OracleView, PositionView, SearchLimits, SearchView, ThoughtView,
};
use crate::table_protocol::SearchClock;
use engine::api::{
    self, AnalysisReport, Level, Limits, Progress, SearchOptions, SearchResult, Settings,
};
use engine::types::Clock;
use rules::any::{self, AnyGame};
use rules::material::material;
use rules::record;
use rules::screen::{history_of, screen_of};
use rules::{dispatch, Game, Position};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;
use table::ErrorCode;

/// Where progress goes while a search runs.
pub type OnSearch = Box<dyn FnMut(&SearchView) + Send>;
/// Where an analysis's lines go after each completed iteration.
pub type OnLines = Box<dyn FnMut(&LinesView) + Send>;

/// An open game of some variant.
pub struct Session {
    game: AnyGame,
    comments: Vec<Option<String>>,
}

/// A game made from a record, and the evaluation (pawns from White's side) the record's
/// comment after each of its moves gives.
pub struct FromRecord {
    pub session: Session,
    pub evals: Vec<Option<f64>>,
}

/// The default transposition table of a search in the browser.
pub const DEFAULT_HASH_MB: usize = 16;

impl Session {
    /// A new game from the setup's start or from a position string.
    pub fn new_game(setup: &rules::Setup, position: Option<&str>) -> Result<Session, Error> {
        Ok(Session {
            game: AnyGame::new(setup, position)?,
            comments: Vec::new(),
        })
    }

    /// A game from a record, every move replayed (its declared result kept).
    pub fn import_record(text: &str) -> Result<Session, Error> {
        let (game, comments) = any::import_record(text)?;
        Ok(Session { game, comments })
    }

    /// A new game going on from a record's first `ply` half-moves (default all), without
    /// the record's declared result, and the evaluation each kept move's comment gives.
    pub fn from_record(text: &str, ply: Option<u64>) -> Result<FromRecord, Error> {
        let (whole, mut comments) = any::import_record(text)?;
        let n = whole.ply();
        let ply = match ply {
            None => n,
            Some(p) if p <= n as u64 => p as usize,
            Some(p) => {
                // Refused as the server refuses a NewGame's record_ply.
                return Err(Error::new(
                    ErrorCode::BadRequest,
                    format!("field \"record_ply\" is {p}, but the record has {n} half-moves"),
                ));
            }
        };
        comments.truncate(ply);
        let evals = comments
            .iter()
            .map(|c| c.as_deref().and_then(record::comment_pawns))
            .collect();
        Ok(FromRecord {
            session: Session {
                game: dispatch!(&whole, g => AnyGame::from(replayed(g, ply))),
                comments,
            },
            evals,
        })
    }

    pub fn state(&self, id: u32) -> GameState {
        dispatch!(&self.game, g => {
            let screen = screen_of(g, true);
            GameState {
                game: id,
                material: material(&screen.cells, g.played()),
                screen,
                history: history_of(g, 0),
            }
        })
    }

    /// The board after `ply` half-moves (replayed from the start on a copy).
    pub fn position(&self, ply: u64) -> Result<PositionView, Error> {
        let played = self.game.ply();
        if ply > played as u64 {
            // Refused as the server refuses `positions/{ply}`.
            return Err(Error::new(
                ErrorCode::BadRequest,
                format!("ply {ply} is beyond the end of the game ({played} half-moves played)"),
            ));
        }
        Ok(dispatch!(&self.game, g => {
            // The last ply is the game itself (with a declared result, as the server shows it).
            let past;
            let shown = if ply == played as u64 {
                g
            } else {
                past = replayed(g, ply as usize);
                &past
            };
            let screen = screen_of(shown, false);
            PositionView { material: material(&screen.cells, shown.played()), screen }
        }))
    }

    /// Plays a move given by its exact token (machines send tokens; text matching is for
    /// people, and the browser's move box matches typed text to a token itself).
    pub fn play(&mut self, token: &str) -> Result<(), Error> {
        self.game.play_token(token)?;
        self.comments.push(None);
        Ok(())
    }

    pub fn undo(&mut self) -> Result<(), Error> {
        if dispatch!(&self.game, g => g.declared()).is_some() {
            return Err(Error::new(
                ErrorCode::GameOver,
                "the result was declared (resignation, agreement or time) and stands",
            ));
        }
        if !self.game.undo() {
            return Err(Error::new(
                ErrorCode::NothingToTakeBack,
                "no move to take back",
            ));
        }
        self.comments.truncate(self.game.ply());
        Ok(())
    }

    pub fn export(&self) -> String {
        self.game.export(&[], &self.comments)
    }

    /// Searches the current position on the calling thread.
    pub fn search(&self, limits: &SearchLimits, mut on_progress: OnSearch) -> SearchView {
        let seed = limits.seed.filter(|&s| s != 0);
        let options = SearchOptions {
            // A seed asks for the opponent's variety between near-equal moves.
            vary: if seed.is_some() {
                api::LEVEL_VARIETY
            } else {
                0
            },
            seed: seed.unwrap_or(1),
            ..SearchOptions::default()
        };
        // Nothing sets the flag: a search in the browser is stopped by ending its worker.
        let stop = Arc::new(AtomicBool::new(false));
        let on_progress = Box::new(move |p: Progress| on_progress(&progress_view(&p)));
        let result = dispatch!(&self.game, g => api::search_game(
            g,
            engine_limits(limits),
            settings_of(limits),
            options,
            stop,
            on_progress,
        ));
        search_view(&result)
    }

    /// The best `lines` lines of the current position (multi-PV) on the calling thread.
    pub fn analyse(&self, lines: usize, limits: &SearchLimits, mut on_lines: OnLines) -> LinesView {
        let stop = Arc::new(AtomicBool::new(false));
        dispatch!(&self.game, g => {
            let game = g.clone();
            let last = api::analyse_game(
                g,
                lines,
                engine_limits(limits),
                settings_of(limits),
                stop,
                Box::new(move |r: AnalysisReport| on_lines(&lines_view(&game, &r))),
            );
            lines_view(g, &last)
        })
    }

    /// Runs the Oracle on the current position on the calling thread, at a look-ahead
    /// setting; each report as the server's `oracle` message carries it.
    pub fn oracle(&self, budget: Duration, level: Level, on_report: &mut dyn FnMut(&OracleView)) {
        let settings = Settings {
            threads: 1,
            hash_mb: DEFAULT_HASH_MB,
        };
        let stop = Arc::new(AtomicBool::new(false));
        let notations: HashMap<String, String> = self
            .game
            .legal_moves()
            .into_iter()
            .map(|m| (m.token, m.notation))
            .collect();
        let mut report = |r: api::OracleReport| {
            on_report(&OracleView {
                done: r.done,
                moves: table::view::oracle_moves(&r, &notations),
            })
        };
        dispatch!(&self.game, g => engine::oracle::run(g, budget, level, settings, stop, &mut report));
    }

    /// The computer's move at an opponent level, as the server searches it (the level's
    /// limits, variety between near-equal moves at a depth level), with `seed` for the
    /// variety; each completed iteration goes to `on_thinking` in the server's shape.
    pub fn think(
        &self,
        level: Level,
        clock: Option<SearchClock>,
        seed: u64,
        mut on_thinking: Box<dyn FnMut(&table::view::Thinking) + Send>,
    ) -> ThoughtView {
        let limits = Limits::for_level(
            level,
            clock.map(|c| Clock {
                remaining: Duration::from_millis(c.left_ms.max(0) as u64),
                increment: Duration::from_millis(c.increment_ms.max(0) as u64),
            }),
        );
        let options = SearchOptions {
            vary: if limits.depth.is_some() {
                api::LEVEL_VARIETY
            } else {
                0
            },
            seed: seed.max(1),
            ..SearchOptions::default()
        };
        let side = self.game.turn();
        let stop = Arc::new(AtomicBool::new(false));
        let on_progress =
            Box::new(move |p: Progress| on_thinking(&table::view::thinking(&p, side)));
        let settings = Settings {
            threads: 1,
            hash_mb: DEFAULT_HASH_MB,
        };
        let r = dispatch!(&self.game, g => api::search_game(g, limits, settings, options, stop, on_progress));
        ThoughtView {
            ply: self.game.ply(),
            token: r.best,
            score: r.score.into(),
            depth: r.depth,
        }
    }

    /// The record's evaluation of the current position (pawns from White's side).
    pub fn evaluate(&self) -> f64 {
        api::evaluate_for_record(&self.game)
    }
}

/// `game` as it stood after its first `ply` moves (at most all of them), without a
/// declared result.
fn replayed<P: Position>(game: &Game<P>, ply: usize) -> Game<P> {
    let mut past = Game::new(game.start_position().clone());
    for &m in &game.moves()[..ply.min(game.moves().len())] {
        // Each move was legal in this very sequence when the game played it.
        if past.play(m).is_err() {
            break;
        }
    }
    past
}

fn search_view(r: &SearchResult) -> SearchView {
    SearchView {
        best: r.best.clone(),
        score: r.score.into(),
        depth: r.depth,
        pv: r.pv.clone(),
        nodes: r.nodes,
        elapsed_ms: r.elapsed.as_millis() as u64,
    }
}

fn progress_view(p: &Progress) -> SearchView {
    SearchView {
        best: p.pv.first().cloned(),
        score: p.score.into(),
        depth: p.depth,
        pv: p.pv.clone(),
        nodes: p.nodes,
        elapsed_ms: p.elapsed.as_millis() as u64,
    }
}

/// The limits of a request as the engine's. The browser's own worker: no server slot to
/// protect, so no cap beyond the request's limits (a search is stopped by ending the
/// worker).
fn engine_limits(limits: &SearchLimits) -> Limits {
    Limits {
        depth: limits.depth,
        nodes: limits.nodes,
        movetime: limits.movetime_ms.map(Duration::from_millis),
        clock: limits.clock_ms.map(|left| Clock {
            remaining: Duration::from_millis(left),
            increment: Duration::from_millis(limits.increment_ms.unwrap_or(0)),
        }),
        cap: None,
    }
}

fn settings_of(limits: &SearchLimits) -> Settings {
    Settings {
        threads: 1,
        hash_mb: limits.hash_mb.unwrap_or(DEFAULT_HASH_MB),
    }
}

/// An analysis report with each line's moves also in notation (played out on a copy).
fn lines_view<P: Position>(game: &Game<P>, r: &AnalysisReport) -> LinesView {
    LinesView {
        depth: r.depth,
        nodes: r.nodes,
        elapsed_ms: r.elapsed.as_millis() as u64,
        lines: r
            .lines
            .iter()
            .map(|l| {
                let mut g = game.clone();
                let notation =
                    l.pv.iter()
                        .map_while(|t| {
                            g.play_token(t).ok()?;
                            g.played().last().map(|p| p.notation.clone())
                        })
                        .collect();
                let turn = game.position().turn();
                LineView {
                    score: l.score.pawns_for_white(turn),
                    mate: match l.score {
                        api::Score::Mate(n) if turn == rules::Color::White => Some(n),
                        api::Score::Mate(n) => Some(-n),
                        api::Score::Cp(_) => None,
                    },
                    pv: l.pv.clone(),
                    notation,
                }
            })
            .collect(),
    }
}

//! One open game: a [`Game<P>`] of a concrete position type behind an object-safe trait,
//! so that the service keeps games of every variant in one table. The variant is mapped
//! to its type once, when the game is made.

use crate::error::{Code, Error};
use crate::protocol::{
    GameState, LineView, LinesView, OracleMoveView, OracleView, PositionView, SearchLimits,
    SearchView,
};
use engine::api::{
    self, AnalysisReport, Level, Limits, OracleTag, Progress, SearchOptions, SearchResult, Settings,
};
use engine::eval::Evaluate;
use engine::types::Clock;
use rules::material::material;
use rules::record::{self, Record};
use rules::screen::{history_of, screen_of};
use rules::{with_position_type, Color, Game, Position, Setup};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// Where progress goes while a search or the Oracle runs.
pub type OnSearch = Box<dyn FnMut(&SearchView) + Send>;
/// Where an analysis's lines go after each completed iteration.
pub type OnLines = Box<dyn FnMut(&LinesView) + Send>;

/// An open game of some variant.
pub trait Session: Send {
    fn state(&self, id: u32) -> GameState;
    /// Plays a move given as a token or in display notation.
    fn play(&mut self, text: &str) -> Result<(), Error>;
    fn undo(&mut self) -> Result<(), Error>;
    fn export(&self) -> String;
    /// `side` resigns.
    fn resign(&mut self, side: Color) -> Result<(), Error>;
    /// `side` ran out of time.
    fn lose_on_time(&mut self, side: Color) -> Result<(), Error>;
    /// The board after `ply` half-moves (replayed from the start on a copy).
    fn position(&self, ply: u64) -> Result<PositionView, Error>;
    /// A draw offer, judged by the engine playing `computer` (else agreed at once);
    /// whether the game ended drawn.
    fn offer_draw(&mut self, computer: Option<Color>) -> Result<bool, Error>;
    /// Searches the current position on the calling thread.
    fn search(&self, limits: &SearchLimits, on_progress: OnSearch) -> SearchView;
    /// The best `lines` lines of the current position (multi-PV) on the calling thread.
    fn analyse(&self, lines: usize, limits: &SearchLimits, on_lines: OnLines) -> LinesView;
    /// Runs the Oracle on the current position on the calling thread, at a look-ahead
    /// setting.
    fn oracle(&self, budget: Duration, level: Level, on_report: &mut dyn FnMut(&OracleView));
}

/// A game and the comment after each of its moves (kept from an imported record).
struct Local<P: Position> {
    game: Game<P>,
    comments: Vec<Option<String>>,
}

/// A new game from the setup's start or from a position string.
pub fn new_game(setup: &Setup, position: Option<&str>) -> Result<Box<dyn Session>, Error> {
    with_position_type!(
        setup.variant(),
        P => {
            let start = match position {
                Some(s) => P::from_position_string(setup, s)?,
                None => P::start(setup)?,
            };
            Ok(Box::new(Local { game: Game::new(start), comments: Vec::new() }) as Box<dyn Session>)
        }
    )
}

/// A game from a record, every move replayed.
pub fn import_record(text: &str) -> Result<Box<dyn Session>, Error> {
    let parsed = Record::parse(text)?;
    let setup = record::record_setup(&parsed)?;
    with_position_type!(
        setup.variant(),
        P => {
            let (game, comments) = record::replay::<P>(&parsed)?;
            Ok(Box::new(Local { game, comments }) as Box<dyn Session>)
        }
    )
}

/// A game made from a record, and the evaluation (pawns from White's side) the record's
/// comment after each of its moves gives.
pub struct FromRecord {
    pub session: Box<dyn Session>,
    pub evals: Vec<Option<f64>>,
}

/// A new game going on from a record's first `ply` half-moves (default all), without
/// the record's declared result, and the evaluation each kept move's comment gives.
pub fn from_record(text: &str, ply: Option<u64>) -> Result<FromRecord, Error> {
    let parsed = Record::parse(text)?;
    let setup = record::record_setup(&parsed)?;
    with_position_type!(
        setup.variant(),
        P => {
            let (whole, mut comments) = record::replay::<P>(&parsed)?;
            let n = whole.moves().len();
            let ply = match ply {
                None => n,
                Some(p) if p <= n as u64 => p as usize,
                Some(p) => {
                    return Err(Error::new(
                        Code::OutOfRange,
                        format!("field \"record_ply\" is {p}, but the record has {n} half-moves"),
                    ))
                }
            };
            let game = replayed(&whole, ply);
            comments.truncate(ply);
            let evals = comments
                .iter()
                .map(|c| c.as_deref().and_then(record::comment_pawns))
                .collect();
            Ok(FromRecord { session: Box::new(Local { game, comments }), evals })
        }
    )
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

/// The default transposition table of a search in the browser.
pub const DEFAULT_HASH_MB: usize = 16;

impl<P: Evaluate> Session for Local<P> {
    fn state(&self, id: u32) -> GameState {
        let screen = screen_of(&self.game, true);
        GameState {
            game: id,
            material: material(&screen.cells, self.game.played()),
            screen,
            history: history_of(&self.game, 0),
        }
    }

    fn position(&self, ply: u64) -> Result<PositionView, Error> {
        let played = self.game.moves().len();
        if ply > played as u64 {
            return Err(Error::new(
                Code::OutOfRange,
                format!("ply {ply} is beyond the end of the game ({played} half-moves played)"),
            ));
        }
        // The last ply is the game itself (with a declared result, as the server shows it).
        let (screen, material) = if ply == played as u64 {
            let screen = screen_of(&self.game, false);
            let m = material(&screen.cells, self.game.played());
            (screen, m)
        } else {
            let past = replayed(&self.game, ply as usize);
            let screen = screen_of(&past, false);
            let m = material(&screen.cells, past.played());
            (screen, m)
        };
        Ok(PositionView { screen, material })
    }

    fn lose_on_time(&mut self, side: Color) -> Result<(), Error> {
        self.game.lose_on_time(side)?;
        Ok(())
    }

    fn play(&mut self, text: &str) -> Result<(), Error> {
        self.game.play_text(text)?;
        self.comments.push(None);
        Ok(())
    }

    fn undo(&mut self) -> Result<(), Error> {
        if self.game.declared().is_some() {
            return Err(Error::new(
                Code::NothingToUndo,
                "the result was declared (resignation, agreement or time) and stands",
            ));
        }
        match self.game.undo() {
            Some(_) => {
                self.comments.truncate(self.game.moves().len());
                Ok(())
            }
            None => Err(Error::new(Code::NothingToUndo, "no move to take back")),
        }
    }

    fn export(&self) -> String {
        record::export(&self.game, &[], &self.comments)
    }

    fn resign(&mut self, side: Color) -> Result<(), Error> {
        self.game.resign(side)?;
        Ok(())
    }

    fn offer_draw(&mut self, computer: Option<Color>) -> Result<bool, Error> {
        if let rules::GameStatus::Over(o) = self.game.status() {
            return Err(Error::new(
                Code::GameOver,
                format!("the game is over ({}); no draw to offer", o.description()),
            ));
        }
        let accepted = computer.is_none_or(|side| api::accepts_draw_in(&self.game, side));
        if accepted {
            self.game.agree_draw()?;
        }
        Ok(accepted)
    }

    fn search(&self, limits: &SearchLimits, mut on_progress: OnSearch) -> SearchView {
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
        let engine_limits = engine_limits(limits);
        let settings = settings_of(limits);
        // Nothing sets the flag: a search in the browser is stopped by ending its worker.
        let stop = Arc::new(AtomicBool::new(false));
        let result = api::search_game(
            &self.game,
            engine_limits,
            settings,
            options,
            stop,
            Box::new(move |p: Progress| on_progress(&progress_view(&p))),
        );
        search_view(&result)
    }

    fn analyse(&self, lines: usize, limits: &SearchLimits, mut on_lines: OnLines) -> LinesView {
        let stop = Arc::new(AtomicBool::new(false));
        let game = self.game.clone();
        let last = api::analyse_game(
            &self.game,
            lines,
            engine_limits(limits),
            settings_of(limits),
            stop,
            Box::new(move |r: AnalysisReport| on_lines(&lines_view(&game, &r))),
        );
        lines_view(&self.game, &last)
    }

    fn oracle(&self, budget: Duration, level: Level, on_report: &mut dyn FnMut(&OracleView)) {
        let settings = Settings {
            threads: 1,
            hash_mb: DEFAULT_HASH_MB,
        };
        let stop = Arc::new(AtomicBool::new(false));
        engine::oracle::run(&self.game, budget, level, settings, stop, &mut |r| {
            on_report(&oracle_view(&r))
        });
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
                LineView {
                    score: l.score.into(),
                    pv: l.pv.clone(),
                    notation,
                }
            })
            .collect(),
    }
}

fn oracle_view(r: &api::OracleReport) -> OracleView {
    OracleView {
        moves: r
            .moves
            .iter()
            .map(|m| {
                let (tag, mate_in) = match m.tag {
                    OracleTag::Eval => ("eval", None),
                    OracleTag::Mate(n) => ("mate", Some(n)),
                    OracleTag::Mated(n) => ("mated", Some(n)),
                    OracleTag::DrawRepetition => ("draw-repetition", None),
                    OracleTag::AllowsRepetition => ("allows-repetition", None),
                };
                OracleMoveView {
                    token: m.token.clone(),
                    score: m.score.into(),
                    depth: m.depth,
                    tag,
                    mate_in,
                    line: m.line.clone(),
                }
            })
            .collect(),
        done: r.done,
    }
}

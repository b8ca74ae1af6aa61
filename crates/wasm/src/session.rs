//! One open game: a [`Game<P>`] of a concrete position type behind an object-safe trait,
//! so that the service keeps games of every variant in one table. The variant is mapped
//! to its type once, when the game is made.

use crate::error::{Code, Error};
use crate::protocol::{GameState, OracleMoveView, OracleView, SearchLimits, SearchView};
use engine::api::{self, Limits, OracleTag, Progress, SearchOptions, SearchResult, Settings};
use engine::eval::Evaluate;
use rules::record::{self, Record};
use rules::screen::{history_of, screen_of};
use rules::{with_position_type, Color, Game, Position, Setup};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// Where progress goes while a search or the Oracle runs.
pub type OnSearch = Box<dyn FnMut(&SearchView) + Send>;

/// An open game of some variant.
pub trait Session: Send {
    fn state(&self, id: u32) -> GameState;
    /// Plays a move given as a token or in display notation.
    fn play(&mut self, text: &str) -> Result<(), Error>;
    fn undo(&mut self) -> Result<(), Error>;
    fn export(&self) -> String;
    /// `side` resigns.
    fn resign(&mut self, side: Color) -> Result<(), Error>;
    /// A draw offer, judged by the engine playing `computer` (else agreed at once);
    /// whether the game ended drawn.
    fn offer_draw(&mut self, computer: Option<Color>) -> Result<bool, Error>;
    /// Searches the current position on the calling thread.
    fn search(&self, limits: &SearchLimits, on_progress: OnSearch) -> SearchView;
    /// Runs the Oracle on the current position on the calling thread.
    fn oracle(&self, budget: Duration, on_report: &mut dyn FnMut(&OracleView));
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
        GameState {
            game: id,
            screen: screen_of(&self.game, true),
            history: history_of(&self.game, 0),
        }
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
        let engine_limits = Limits {
            depth: limits.depth,
            nodes: limits.nodes,
            movetime: limits.movetime_ms.map(Duration::from_millis),
            clock: None,
            // The browser's own worker: no server slot to protect, so no cap beyond the
            // request's limits (a search is stopped by ending the worker).
            cap: None,
        };
        let settings = Settings {
            threads: 1,
            hash_mb: limits.hash_mb.unwrap_or(DEFAULT_HASH_MB),
        };
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

    fn oracle(&self, budget: Duration, on_report: &mut dyn FnMut(&OracleView)) {
        let settings = Settings {
            threads: 1,
            hash_mb: DEFAULT_HASH_MB,
        };
        let stop = Arc::new(AtomicBool::new(false));
        engine::oracle::run(&self.game, budget, settings, stop, &mut |r| {
            on_report(&oracle_view(&r))
        });
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

//! The engine on an analysis board: its best lines (multi-PV) streamed after every
//! iteration, and the Oracle. Each run holds a search permit (the per-address and server
//! limits of every search) and runs on threads of its own; dropping the board's
//! [`StopSignal`] (a move, a step back, stop, closing) stops it. The board's engine
//! seconds bound every run; a run stops by itself after [`RUN_CAP`] on one position.

use super::analysis::{lock, Board, BoardState, LineView, LinesView};
use super::error::ApiError;
use super::limits::{SearchKind, SearchPermit};
use super::players::PlayerId;
use super::search::{spawn_with_permit, stop_signal};
use super::service::Service;
use super::view;
use engine::api::{AnalysisReport, Limits, Score};
use rules::any::AnyGame;
use rules::Color;
use std::cell::Cell;
use std::collections::HashMap;
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

/// The longest run on one position.
pub const RUN_CAP: Duration = Duration::from_secs(120);

/// A board's engine and Oracle stop when nobody has watched the board (no socket on it,
/// no request from its player) for this long: engine work for nobody frees its slot.
pub const UNWATCHED_AFTER: Duration = Duration::from_secs(5);

/// Whether nobody watches the board (or it is closed). Checked a few times a second,
/// not at every poll of the watcher: it takes the board's lock.
fn nobody_watches(board: &Weak<Board>, checked: &Cell<Instant>) -> bool {
    if checked.get().elapsed() < Duration::from_millis(250) {
        return false;
    }
    checked.set(Instant::now());
    match board.upgrade() {
        None => true,
        Some(b) => b.events.receiver_count() == 0 && lock(&b).used_at.elapsed() >= UNWATCHED_AFTER,
    }
}

/// Engine work stopped because nobody watched: the board says its engine and Oracle
/// are off, so that a player who comes back switches them on again.
fn nobody_watched(service: &Weak<Service>, board: &Weak<Board>, serial: u64) {
    let (Some(service), Some(board)) = (service.upgrade(), board.upgrade()) else {
        return;
    };
    let mut st = lock(&board);
    if st.serial == serial {
        st.engine_on = false;
        st.stop_engine();
        st.oracle_budget = None;
        st.oracle = None;
        service.publish_board(&board, &mut st);
    }
}

impl Service {
    /// Switches the engine on (with `lines` lines, if given) and starts it on the
    /// board's position.
    pub fn analysis_engine_on(
        self: &Arc<Self>,
        id: &str,
        lines: Option<usize>,
        player: &PlayerId,
        client: &str,
    ) -> Result<String, ApiError> {
        let board = self.board(id, player)?;
        let mut st = lock(&board);
        st.client = client.to_string();
        if let Some(n) = lines {
            if n != st.lines && st.engine.is_some() {
                st.stop_engine();
            }
            st.lines = n;
        }
        if st.engine.is_none() {
            let started = self
                .analysis_permit(&st)
                .and_then(|p| self.start_analysis_run(&board, &mut st, p));
            if let Err(e) = started {
                // A run stopped for a new line count is stopped: the sockets hear so.
                self.publish_board(&board, &mut st);
                return Err(e);
            }
        }
        st.engine_on = true;
        Ok(self.publish_board(&board, &mut st))
    }

    /// Stops the engine and switches it off.
    pub fn analysis_engine_off(&self, id: &str, player: &PlayerId) -> Result<String, ApiError> {
        let board = self.board(id, player)?;
        let mut st = lock(&board);
        st.engine_on = false;
        st.stop_engine();
        Ok(self.publish_board(&board, &mut st))
    }

    /// Puts the Oracle on the board's positions with this budget.
    pub fn analysis_oracle_on(
        self: &Arc<Self>,
        id: &str,
        budget: Duration,
        player: &PlayerId,
        client: &str,
    ) -> Result<String, ApiError> {
        let board = self.board(id, player)?;
        let mut st = lock(&board);
        st.client = client.to_string();
        st.oracle = None;
        let permit = self.analysis_permit(&st)?;
        st.oracle_budget = Some(budget);
        self.start_board_oracle(&board, &mut st, permit, budget)?;
        Ok(self.publish_board(&board, &mut st))
    }

    pub fn analysis_oracle_off(&self, id: &str, player: &PlayerId) -> Result<String, ApiError> {
        let board = self.board(id, player)?;
        let mut st = lock(&board);
        st.oracle_budget = None;
        st.oracle = None;
        Ok(self.publish_board(&board, &mut st))
    }

    /// A search permit for a new run, or why not: the board's engine seconds are spent,
    /// the position is over, or the address or the server runs its most searches.
    fn analysis_permit(&self, st: &BoardState) -> Result<SearchPermit, ApiError> {
        if st.game.is_over() {
            return Err(ApiError::game_over(
                "the game is over in this position: there is nothing to analyse",
            ));
        }
        // The side line may have reached a running online game's position.
        self.check_not_playing(&st.game)?;
        if st.seconds_left(self.analysis_budget()) < Duration::from_secs(1) {
            return Err(ApiError::rate_limited(format!(
                "this analysis board has used its {} engine seconds: open a new board to go on",
                self.analysis_budget().as_secs()
            ))
            .with_retry_after(super::limits::OPEN_GAMES_RETRY_AFTER_SECS));
        }
        self.slots
            .try_acquire_for(SearchKind::Analysis, Some(&st.client))
            .map_err(|r| ApiError::rate_limited(r.to_string()))
    }

    /// On a new position: the engine and the Oracle start again if they are on. A run
    /// that cannot start says why on the board's socket.
    pub(super) fn restart_engines(self: &Arc<Self>, board: &Arc<Board>, st: &mut BoardState) {
        if st.game.is_over() {
            return;
        }
        let mut refused = None;
        if st.engine_on {
            match self.analysis_permit(st) {
                Ok(p) => refused = self.start_analysis_run(board, st, p).err(),
                Err(e) => refused = Some(e),
            }
        }
        if let Some(budget) = st.oracle_budget {
            match self.analysis_permit(st) {
                Ok(p) => refused = self.start_board_oracle(board, st, p, budget).err(),
                Err(e) => refused = Some(e),
            }
        }
        if let Some(e) = refused {
            let _ = board
                .events
                .send(view::error_message(e.code.id(), &e.message).into());
        }
    }

    fn start_analysis_run(
        self: &Arc<Self>,
        board: &Arc<Board>,
        st: &mut BoardState,
        permit: SearchPermit,
    ) -> Result<(), ApiError> {
        let (signal, watch) = stop_signal();
        let game = st.game.clone();
        let serial = st.serial;
        let lines = st.lines;
        let limits = Limits {
            movetime: Some(RUN_CAP.min(st.seconds_left(self.analysis_budget()))),
            ..Limits::default()
        };
        let settings = self.config.engine;
        let weak = Arc::downgrade(board);
        let service = Arc::downgrade(self);
        let spawned = spawn_with_permit("analysis", permit, move || {
            let reports = weak.clone();
            let root = game.clone();
            let handle = engine::api::start_analysis(
                &game,
                lines,
                limits,
                settings,
                Box::new(move |r| {
                    if let Some(board) = reports.upgrade() {
                        let text: Arc<str> = lines_message(&root, serial, &r).into();
                        *board.latest.lock().unwrap_or_else(|e| e.into_inner()) =
                            Some((serial, Arc::clone(&text)));
                        let _ = board.events.send(text);
                    }
                }),
            );
            let checked = Cell::new(Instant::now());
            let unwatched = Cell::new(false);
            let stopped = watch.wait(|| {
                handle.is_finished() || {
                    unwatched.set(nobody_watches(&weak, &checked));
                    unwatched.get()
                }
            });
            if stopped || unwatched.get() {
                handle.stop();
            }
            let _ = handle.wait();
            if unwatched.get() {
                nobody_watched(&service, &weak, serial);
            } else if !stopped {
                run_finished(&service, &weak, serial);
            }
        });
        spawned.map_err(|e| ApiError::internal(format!("cannot start the engine: {e}")))?;
        st.engine = Some((signal, Instant::now()));
        Ok(())
    }

    fn start_board_oracle(
        self: &Arc<Self>,
        board: &Arc<Board>,
        st: &mut BoardState,
        permit: SearchPermit,
        budget: Duration,
    ) -> Result<(), ApiError> {
        let budget = budget.min(st.seconds_left(self.analysis_budget()));
        // The Oracle's whole budget counts: it uses it unless stopped.
        st.engine_used += budget;
        let (signal, watch) = stop_signal();
        let game = st.game.clone();
        let notations: HashMap<String, String> = game
            .legal_moves()
            .into_iter()
            .map(|m| (m.token, m.notation))
            .collect();
        let settings = self.config.engine;
        let events = board.events.clone();
        let (weak, service, serial) = (Arc::downgrade(board), Arc::downgrade(self), st.serial);
        let spawned = spawn_with_permit("analysis-oracle", permit, move || {
            // A board has no look-ahead setting: the Oracle looks as deep as its time allows.
            let handle = engine::api::start_oracle(
                &game,
                budget,
                engine::api::Level::Max,
                settings,
                Box::new(move |r| {
                    let _ = events.send(view::oracle_message(&r, &notations).into());
                }),
            );
            let checked = Cell::new(Instant::now());
            let unwatched = Cell::new(false);
            let stopped = watch.wait(|| {
                handle.is_finished() || {
                    unwatched.set(nobody_watches(&weak, &checked));
                    unwatched.get()
                }
            });
            if stopped || unwatched.get() {
                handle.stop();
            }
            if unwatched.get() {
                nobody_watched(&service, &weak, serial);
            }
        });
        spawned.map_err(|e| ApiError::internal(format!("cannot start the Oracle: {e}")))?;
        st.oracle = Some(signal);
        Ok(())
    }
}

/// A run ended by itself (its time, its depth): the board says the engine rests.
fn run_finished(service: &Weak<Service>, board: &Weak<Board>, serial: u64) {
    let (Some(service), Some(board)) = (service.upgrade(), board.upgrade()) else {
        return;
    };
    let mut st = lock(&board);
    if st.serial == serial && st.engine.is_some() {
        st.stop_engine();
        service.publish_board(&board, &mut st);
    }
}

/// A score from the side to move's view as pawns and moves to mate from White's side.
fn white_score(score: Score, side: Color) -> (f64, Option<i32>) {
    let pawns = view::pawns_for_white(score, side);
    let mate = match score {
        Score::Mate(n) if side == Color::White => Some(n),
        Score::Mate(n) => Some(-n),
        Score::Cp(_) => None,
    };
    (pawns, mate)
}

/// The `lines` message of a report on `root`'s position.
fn lines_message(root: &AnyGame, serial: u64, r: &AnalysisReport) -> String {
    let side = root.turn();
    let lines = r
        .lines
        .iter()
        .map(|l| {
            let (score, mate) = white_score(l.score, side);
            let mut g = root.clone();
            let notation =
                l.pv.iter()
                    .map_while(|t| g.play_token(t).ok().map(|m| m.notation.clone()))
                    .collect();
            LineView {
                score,
                mate,
                pv: l.pv.clone(),
                notation,
            }
        })
        .collect();
    view::to_json(&super::analysis::AnalysisMessage::Lines(LinesView {
        serial,
        depth: r.depth,
        nodes: r.nodes,
        elapsed_ms: r.elapsed.as_millis() as u64,
        lines,
    }))
}

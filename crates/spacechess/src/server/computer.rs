//! The engine's work for a game, off the async runtime: the computer's search, the
//! Oracle, and the evaluation shown after each move that no search scored. Each runs on
//! a thread of its own and hands its result to a callback (the service turns it into a
//! table command); nothing here knows the service or the table's rules.

use super::game::GameSlot;
use super::limits::SearchPermit;
use super::search::{spawn_with_permit, stop_signal, StopSignal};
use super::view;
use engine::api::{Clock, Level, Limits, SearchResult, Settings};
use rules::any::AnyGame;
use std::collections::HashMap;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The wait before storing a computer's move again: doubling from half a second up to
/// half a minute.
pub(super) fn store_retry_delay(attempt: u32) -> Duration {
    (STORE_RETRY_FIRST * 2u32.saturating_pow(attempt.min(16))).min(STORE_RETRY_MAX)
}
const STORE_RETRY_FIRST: Duration = Duration::from_millis(500);
const STORE_RETRY_MAX: Duration = Duration::from_secs(30);

/// One evaluation for the record: the game, the move (ply from 0) and the tokens up to
/// it (so that a move taken back meanwhile is skipped).
pub(super) struct EvalRequest {
    pub slot: Arc<GameSlot>,
    pub ply: usize,
    pub line: Vec<String>,
}

/// What the worker does with each request (the service's evaluation).
pub(super) type EvalWork = Box<dyn Fn(EvalRequest) -> bool + Send>;

/// Evaluations for the move record run on one worker thread, one request per move that
/// no search scored: a request whose move has been taken back (or already scored) is
/// skipped before any work, and move requests never wait for one.
pub struct EvalQueue {
    tx: Mutex<Sender<EvalRequest>>,
}

impl EvalQueue {
    /// Starts the worker; it ends when `work` says so (the service is gone).
    pub(super) fn start(work: EvalWork) -> EvalQueue {
        let (tx, rx): (_, Receiver<EvalRequest>) = channel();
        let spawned = std::thread::Builder::new()
            .name("record-eval".into())
            .spawn(move || {
                while let Ok(request) = rx.recv() {
                    let go_on =
                        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(request)));
                    if matches!(go_on, Ok(false)) {
                        return;
                    }
                }
            });
        if let Err(e) = spawned {
            eprintln!("spacechess: no evaluation worker ({e}); moves stay unevaluated");
        }
        EvalQueue { tx: Mutex::new(tx) }
    }

    pub(super) fn push(&self, request: EvalRequest) {
        let tx = self.tx.lock().unwrap_or_else(|e| e.into_inner());
        let _ = tx.send(request);
    }
}

/// The record's evaluation of `game` (pawns from White's side, by the engine's one
/// mapping).
pub(super) fn evaluate(game: &AnyGame) -> f64 {
    engine::api::evaluate_for_record(game)
}

/// Starts the computer's search of `game` on its own thread holding `permit`; its
/// progress goes to the game's sockets and its result to `done` unless stopped first
/// (the returned signal dropped). A search that panicked gives no move (`best: None`),
/// so that the game gets a fallback move rather than waiting for ever.
pub(super) fn start_search(
    slot: &Arc<GameSlot>,
    game: AnyGame,
    level: Level,
    clock_ms: Option<(i64, i64)>,
    settings: Settings,
    permit: SearchPermit,
    done: Box<dyn FnOnce(SearchResult) + Send>,
) -> std::io::Result<StopSignal> {
    let side = game.turn();
    let clock = clock_ms.map(|(remaining, increment)| Clock {
        remaining: Duration::from_millis(remaining.max(0) as u64),
        increment: Duration::from_millis(increment.max(0) as u64),
    });
    let limits = Limits::for_level(level, clock);
    let (signal, watch) = stop_signal();
    let events = slot.events.clone();
    let id = slot.id.clone();
    spawn_with_permit("computer-search", permit, move || {
        let handle = engine::api::start_search(
            &game,
            limits,
            settings,
            Box::new(move |p| {
                let _ = events.send(view::thinking_message(&p, side).into());
            }),
        );
        let stopped = watch.wait(|| handle.is_finished());
        if stopped {
            handle.stop();
        }
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| handle.wait()))
            .unwrap_or_else(|_| {
                eprintln!("spacechess: game {id}: the search failed");
                SearchResult {
                    best: None,
                    score: engine::api::Score::Cp(0),
                    depth: 0,
                    pv: Vec::new(),
                    nodes: 0,
                    elapsed: Duration::ZERO,
                }
            });
        if !stopped {
            done(result);
        }
    })?;
    Ok(signal)
}

/// Starts the Oracle on `game` on its own thread holding `permit`; its reports go to the
/// game's sockets until it finishes or the returned signal is dropped.
pub(super) fn start_oracle(
    slot: &GameSlot,
    game: AnyGame,
    budget: Duration,
    level: Level,
    settings: Settings,
    permit: SearchPermit,
) -> std::io::Result<StopSignal> {
    let (signal, watch) = stop_signal();
    let notations: HashMap<String, String> = game
        .legal_moves()
        .into_iter()
        .map(|m| (m.token, m.notation))
        .collect();
    let events = slot.events.clone();
    spawn_with_permit("oracle", permit, move || {
        let handle = engine::api::start_oracle(
            &game,
            budget,
            level,
            settings,
            Box::new(move |r| {
                let _ = events.send(view::oracle_message(&r, &notations).into());
            }),
        );
        if watch.wait(|| handle.is_finished()) {
            handle.stop();
        }
    })?;
    Ok(signal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_retries_grow_and_stay_bounded() {
        assert_eq!(store_retry_delay(0), STORE_RETRY_FIRST);
        assert_eq!(store_retry_delay(1), STORE_RETRY_FIRST * 2);
        assert_eq!(store_retry_delay(40), STORE_RETRY_MAX);
    }
}

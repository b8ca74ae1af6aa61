//! The engine's work for a game, off the async runtime: the computer's search (and
//! searches waiting for a free slot), the Oracle, and the evaluation shown after each
//! move that no search scored.

use super::clock::Charge;
use super::limits::SearchPermit;
use super::search::{spawn_with_permit, stop_signal};
use super::service::{GameSlot, GameState, Service};
use super::view;
use engine::api::{Clock, Limits};
use rules::PlayError;
use std::collections::HashMap;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

/// The wait before storing a computer's move again: doubling from half a second up to
/// half a minute.
fn store_retry_delay(attempt: u32) -> Duration {
    (STORE_RETRY_FIRST * 2u32.saturating_pow(attempt.min(16))).min(STORE_RETRY_MAX)
}
const STORE_RETRY_FIRST: Duration = Duration::from_millis(500);
const STORE_RETRY_MAX: Duration = Duration::from_secs(30);

/// Evaluations for the move record run on one worker thread, one request per move that
/// no search scored: a request whose move has been taken back (or already scored) is
/// skipped before any work, and move requests never wait for one.
pub struct EvalQueue {
    tx: Mutex<Sender<(Arc<GameSlot>, usize)>>,
}

impl EvalQueue {
    /// Starts the worker; it ends when the service is gone.
    pub fn start(service: Weak<Service>) -> EvalQueue {
        let (tx, rx): (_, Receiver<(Arc<GameSlot>, usize)>) = channel();
        let spawned = std::thread::Builder::new()
            .name("record-eval".into())
            .spawn(move || {
                while let Ok((slot, ply)) = rx.recv() {
                    let Some(service) = service.upgrade() else {
                        return;
                    };
                    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        service.evaluate_now(&slot, ply)
                    }));
                }
            });
        if let Err(e) = spawned {
            eprintln!("spacechess: no evaluation worker ({e}); moves stay unevaluated");
        }
        EvalQueue { tx: Mutex::new(tx) }
    }

    fn push(&self, slot: Arc<GameSlot>, ply: usize) {
        let tx = self.tx.lock().unwrap_or_else(|e| e.into_inner());
        let _ = tx.send((slot, ply));
    }
}

impl Service {
    /// Starts computer searches that were waiting for a free slot.
    pub(super) fn start_waiting(self: &Arc<Self>) {
        loop {
            let Some(slot) = self.waiting_list().pop_front() else {
                return;
            };
            let mut st = Self::lock(&slot);
            if !st.waiting_for_slot || !st.computer_to_move() {
                continue;
            }
            match self.slots.try_acquire(None) {
                Ok(p) => {
                    st.waiting_for_slot = false;
                    self.start_search(&slot, &mut st, p);
                    let _ = slot
                        .events
                        .send(st.publish(&slot.id, None, false).update.into());
                }
                Err(_) => {
                    drop(st);
                    self.waiting_list().push_front(slot);
                    return;
                }
            }
        }
    }

    pub(super) fn start_search(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        st: &mut GameState,
        permit: SearchPermit,
    ) {
        let side = st.game.turn();
        let clock = st.clocks.as_ref().map(|c| Clock {
            remaining: Duration::from_millis(c.remaining_ms(side, Instant::now()).max(0) as u64),
            increment: Duration::from_millis(c.increment_ms.max(0) as u64),
        });
        let limits = Limits::for_level(st.level, clock);
        let (signal, watch) = stop_signal();
        let game = st.game.clone();
        let settings = self.config.engine;
        let events = slot.events.clone();
        let slot2 = Arc::clone(slot);
        let epoch = st.epoch;
        let service = Arc::clone(self);
        let spawned = spawn_with_permit("computer-search", permit, move || {
            let progress_events = events.clone();
            let handle = engine::api::start_search(
                &game,
                limits,
                settings,
                Box::new(move |p| {
                    let _ = progress_events.send(view::thinking_message(&p, side).into());
                }),
            );
            let stopped = watch.wait(|| handle.is_finished());
            if stopped {
                handle.stop();
            }
            // A search that panicked gives no move; the game then gets the fallback
            // move rather than waiting for ever.
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| handle.wait()))
                .unwrap_or_else(|_| {
                    eprintln!("spacechess: game {}: the search failed", slot2.id);
                    engine::api::SearchResult {
                        best: None,
                        score: engine::api::Score::Cp(0),
                        depth: 0,
                        pv: Vec::new(),
                        nodes: 0,
                        elapsed: Duration::ZERO,
                    }
                });
            if !stopped {
                service.apply_computer_move(&slot2, epoch, result);
            }
        });
        match spawned {
            Ok(()) => st.search = Some(signal),
            Err(e) => {
                eprintln!("spacechess: cannot start a search thread: {e}");
                let _ = slot
                    .events
                    .send(view::error_message("internal", "the computer cannot think now").into());
            }
        }
    }

    /// Plays the computer's move found by the search of `epoch` (ignored if the game
    /// changed since). If the engine gives no usable move, the first legal move is
    /// played so that the game never stalls.
    pub(super) fn apply_computer_move(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        epoch: u64,
        result: engine::api::SearchResult,
    ) {
        self.apply_computer_move_try(slot, epoch, result, 0);
    }

    /// [`Service::apply_computer_move`], the `attempt`th time: a move that could not be
    /// stored (a full disk) is tried again later with the same result, so the game goes
    /// on once the store works again.
    fn apply_computer_move_try(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        epoch: u64,
        result: engine::api::SearchResult,
        attempt: u32,
    ) {
        let mut st = Self::lock(slot);
        if st.epoch != epoch || !st.computer_to_move() {
            return;
        }
        st.search = None;
        let side = st.game.turn();
        let now = Instant::now();
        if let Some(c) = st.clocks.as_mut() {
            let mut trial = c.clone();
            if trial.charge_move(side, now) == Charge::Flagged {
                self.flag(slot, &mut st, side, now);
                return;
            }
        }
        // The engine's move is a token of this very position: played by exact lookup.
        let played = match result.best.as_deref() {
            Some(t) => st.game.play_token(t).map(|m| m.token.clone()),
            None => Err(PlayError::Move(rules::MoveError::illegal("(none)"))),
        };
        let token = match played {
            Ok(t) => t,
            Err(e) => {
                eprintln!(
                    "spacechess: game {}: the engine gave no playable move ({e}); playing the first legal move",
                    slot.id
                );
                let first = st.game.legal_tokens().into_iter().next();
                match first.map(|t| st.game.play_token(&t).map(|m| m.token.clone())) {
                    Some(Ok(t)) => t,
                    other => {
                        eprintln!("spacechess: game {}: no legal move ({other:?})", slot.id);
                        return;
                    }
                }
            }
        };
        let clocks_before = st.clocks.clone();
        if let Some(c) = st.clocks.as_mut() {
            c.charge_move(side, now);
        }
        // No score without a completed iteration (e.g. the fallback move). The search's
        // score belongs to the move it chose; the player's move before it is scored by
        // its own quick evaluation (queued when it was played).
        let eval = (result.depth > 0).then(|| view::Eval {
            pawns: view::pawns_for_white(result.score, side),
            source: Some(view::EvalSource::Computer),
            depth: Some(result.depth),
        });
        if let Err(e) = self.store_move(&slot.id, &mut st, &token, eval, now) {
            // Not stored, so not played: the game goes back to the computer's turn and
            // the listeners hear why.
            st.game.undo();
            st.clocks = clocks_before;
            let delay = store_retry_delay(attempt);
            eprintln!(
                "spacechess: game {}: {} (the computer's move is tried again in {delay:?})",
                slot.id, e.message
            );
            let _ = slot
                .events
                .send(view::error_message(e.code.id(), &e.message).into());
            let service = Arc::clone(self);
            let slot = Arc::clone(slot);
            self.runtime.spawn(async move {
                tokio::time::sleep(delay).await;
                let _ = tokio::task::spawn_blocking(move || {
                    service.apply_computer_move_try(&slot, epoch, result, attempt + 1)
                })
                .await;
            });
            return;
        }
        st.evals.push(eval);
        let played = st.ply() - 1;
        st.touch_history(played);
        let _ = self.after_change(slot, &mut st, None, None);
    }

    /// Queues an evaluation of the position after the last move (see [`EvalQueue`]).
    pub(super) fn evaluate_last_move(self: &Arc<Self>, slot: &Arc<GameSlot>, st: &GameState) {
        if let Some(ply) = st.ply().checked_sub(1) {
            self.evals.push(Arc::clone(slot), ply);
        }
    }

    /// Fills in the evaluation of move `ply` (from 0) if it is still unscored and still
    /// the move it was (a take back and another move make it a different one).
    fn evaluate_now(&self, slot: &Arc<GameSlot>, ply: usize) {
        let (game, tokens) = {
            let st = Self::lock(slot);
            if st.evals.get(ply) != Some(&None) {
                return;
            }
            let Some(game) = st.game_at(ply + 1) else {
                return;
            };
            (game, st.tokens(ply + 1))
        };
        let pawns = f64::from(engine::api::evaluate_for_record(&game));
        let eval = view::Eval::quick((pawns * 100.0).round() / 100.0);
        let mut st = Self::lock(slot);
        if st.evals.get(ply) != Some(&None) || st.tokens(ply + 1) != tokens {
            return;
        }
        st.evals[ply] = Some(eval);
        match self.store.set_eval(&slot.id, st.version, ply as u32, eval) {
            Ok(v) => st.version = v,
            Err(e) => eprintln!("spacechess: cannot store an evaluation: {e}"),
        }
        st.touch_history(ply);
        let _ = slot
            .events
            .send(st.publish(&slot.id, None, false).update.into());
    }

    pub(super) fn start_oracle(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        st: &mut GameState,
        budget: Duration,
    ) {
        match self.slots.try_acquire(Some(&st.client)) {
            Ok(p) => self.start_oracle_with(slot, st, budget, p),
            Err(r) => {
                let _ = slot
                    .events
                    .send(view::error_message("rate_limited", &r.to_string()).into());
            }
        }
    }

    pub(super) fn start_oracle_with(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        st: &mut GameState,
        budget: Duration,
        permit: SearchPermit,
    ) {
        let (signal, watch) = stop_signal();
        let game = st.game.clone();
        let notations: HashMap<String, String> = game
            .legal_moves()
            .into_iter()
            .map(|m| (m.token, m.notation))
            .collect();
        let settings = self.config.engine;
        let level = st.level;
        let events = slot.events.clone();
        let spawned = spawn_with_permit("oracle", permit, move || {
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
        });
        match spawned {
            Ok(()) => st.oracle = Some(signal),
            Err(e) => eprintln!("spacechess: cannot start the Oracle: {e}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::limits::LimitConfig;
    use super::super::players::PlayerId;
    use super::super::service::{Mode, NewGame, TestService};
    use super::*;
    use engine::api::Level;
    use rules::{Color, Setup, Variant};
    use std::sync::atomic::Ordering;

    #[test]
    fn store_retries_grow_and_stay_bounded() {
        assert_eq!(store_retry_delay(0), STORE_RETRY_FIRST);
        assert_eq!(store_retry_delay(1), STORE_RETRY_FIRST * 2);
        assert_eq!(store_retry_delay(40), STORE_RETRY_MAX);
    }

    #[test]
    fn a_computer_move_that_failed_to_store_is_played_once_the_store_works() {
        let fixture = TestService::new(LimitConfig::default());
        let svc = &fixture.svc;
        let me = PlayerId::new();
        let req = NewGame {
            setup: Setup::standard(Variant::Fourfold),
            mode: Mode::Computer,
            human: Color::White,
            level: Level::Depth(1),
            time_control: None,
            position: None,
            moves: Vec::new(),
            evals: Vec::new(),
        };
        let g =
            serde_json::from_str::<serde_json::Value>(&svc.create(req, &me, "c").unwrap()).unwrap();
        let id = g["id"].as_str().unwrap().to_string();
        // The disk is "full" for every move from the computer's reply on.
        fixture.faults.fail_moves_from.store(1, Ordering::SeqCst);
        let token = g["legal_moves"][0]["token"].as_str().unwrap().to_string();
        svc.play(&id, &token, Some(0), &me, "c").unwrap();
        // Bounded waits (they fail the test rather than hang it).
        let wait_until = |what: &str, done: &dyn Fn() -> bool| {
            for _ in 0..3000 {
                if done() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            panic!("never: {what}");
        };
        wait_until("the store failed twice (a first try and a retry)", &|| {
            fixture.faults.failed_writes.load(Ordering::SeqCst) >= 2
        });
        let v = serde_json::from_str::<serde_json::Value>(&svc.view(&id, &me).unwrap()).unwrap();
        assert_eq!(v["ply"], 1, "not stored, so not played: {v}");
        // Space is back: the retry stores and plays the move.
        fixture
            .faults
            .fail_moves_from
            .store(u32::MAX, Ordering::SeqCst);
        wait_until("the computer's move is played", &|| {
            serde_json::from_str::<serde_json::Value>(&svc.view(&id, &me).unwrap()).unwrap()["ply"]
                == 2
        });
        let (_, moves) = svc.store.load_game(&id).unwrap().unwrap();
        assert_eq!(moves.len(), 2);
    }
}

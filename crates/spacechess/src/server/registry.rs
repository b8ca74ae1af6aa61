//! Which games are in memory, and how a stored game becomes a table again. At start
//! only the unfinished games that need the server by themselves load: the computer's
//! turn (its search resumes) or a clock (its flag must fall on time). Any other game
//! loads when asked for. A game that nobody watches and nothing runs for leaves memory
//! after a while (it stays in the store): a finished one after `FORGET_AFTER`, an
//! unfinished one after `FORGET_UNFINISHED_AFTER` (see `mod.rs`).

use super::error::ApiError;
use super::game::{now_ms, GameSlot, GameState};
use super::players::PlayerId;
use super::store::{GameStore, StoredGame, StoredMove};
use engine::api::Level;
use rules::{Color, Setup};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use table::view::Mode;
use table::{NewTable, OnlineTimes, PastMove, Restored, Seats, Table, TimeControl};

/// The games in memory, by id.
#[derive(Default)]
pub(super) struct Registry {
    games: Mutex<HashMap<String, Arc<GameSlot>>>,
    /// Other instances run games over the same store: a game loaded here is not held
    /// here (its deadlines are not run here) until this instance writes or sweeps it.
    shared: AtomicBool,
}

impl Registry {
    pub(super) fn games(&self) -> MutexGuard<'_, HashMap<String, Arc<GameSlot>>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Other instances run games over the same store from now on.
    pub(super) fn share(&self) {
        self.shared.store(true, Ordering::Relaxed);
    }

    /// The game in memory with this id.
    pub(super) fn get(&self, id: &str) -> Option<Arc<GameSlot>> {
        self.games().get(id).cloned()
    }

    /// Keeps `slot`, or the copy another request loaded meanwhile (the first is kept).
    pub(super) fn keep(&self, slot: Arc<GameSlot>) -> Arc<GameSlot> {
        Arc::clone(self.games().entry(slot.id.clone()).or_insert(slot))
    }

    pub(super) fn remove(&self, id: &str) {
        self.games().remove(id);
    }

    /// The game with this id, from memory or the store.
    pub(super) fn find(
        &self,
        store: &dyn GameStore,
        online: OnlineTimes,
        id: &str,
    ) -> Result<Arc<GameSlot>, ApiError> {
        if let Some(s) = self.get(id) {
            return Ok(s);
        }
        // Ids are 32 hex digits; anything else cannot exist, so skip the store.
        if id.len() != 32 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(ApiError::unknown_game(id));
        }
        let Some((g, moves)) = store.load_game(id)? else {
            return Err(ApiError::unknown_game(id));
        };
        let slot = load(store, online, g, &moves)?;
        if self.shared.load(Ordering::Relaxed) {
            slot.lock().holder = false;
        }
        Ok(self.keep(slot))
    }

    /// The unfinished stored games that need the server (see [`needs_the_server`]).
    pub(super) fn unfinished_needing_the_server(
        store: &dyn GameStore,
    ) -> Result<Vec<(StoredGame, Vec<StoredMove>)>, ApiError> {
        let mut out = Vec::new();
        for (g, moves) in store.unfinished_games()? {
            if needs_the_server(&g, moves) {
                if let Some(loaded) = store.load_game(&g.id)? {
                    out.push(loaded);
                }
            }
        }
        Ok(out)
    }

    /// Drops from memory the games that can leave it (see [`forgettable`]); unfinished
    /// ones only when `unfinished_after` is given. Returns how many left.
    pub(super) fn forget_idle(
        &self,
        finished_after: Duration,
        unfinished_after: Option<Duration>,
    ) -> usize {
        let slots: Vec<Arc<GameSlot>> = self.games().values().cloned().collect();
        let mut gone = Vec::new();
        for slot in slots {
            // A game busy right now is not idle.
            let Ok(st) = slot.state.try_lock() else {
                continue;
            };
            if forgettable(&slot, &st, finished_after, unfinished_after) {
                gone.push(slot.id.clone());
            }
        }
        let mut games = self.games();
        for id in &gone {
            games.remove(id);
        }
        gone.len()
    }
}

/// A stored game as a slot: its table rebuilt by replaying its moves.
pub(super) fn load(
    store: &dyn GameStore,
    online: OnlineTimes,
    g: StoredGame,
    moves: &[StoredMove],
) -> Result<Arc<GameSlot>, ApiError> {
    // The rematch of a finished online game, and a pending offer kept over a restart
    // (a finished game's can only be a rematch offer, gone once the rematch exists).
    let rematch = if g.mode == Mode::Online && g.finished {
        store.rematch_of(&g.id)?
    } else {
        None
    };
    let table = table_of(&g, moves, rematch, online)
        .map_err(|why| ApiError::internal(format!("stored game {}: {why}", g.id)))?;
    let id = g.id.clone();
    Ok(GameSlot::new(
        id,
        GameState::new(table, g.version, g.client, g.created_at),
    ))
}

/// The table of a stored game.
fn table_of(
    g: &StoredGame,
    moves: &[StoredMove],
    rematch: Option<String>,
    online: OnlineTimes,
) -> Result<Table, String> {
    let options: Vec<&str> = g.options.split(',').filter(|s| !s.is_empty()).collect();
    let setup =
        Setup::from_ids(&g.variant, g.rules.as_deref(), &options).map_err(|e| e.to_string())?;
    let human = g.human.unwrap_or(Color::White);
    // A seat's stored id that is no player id counts as unclaimed.
    fn key(s: &Option<String>) -> Option<&str> {
        s.as_deref().map(|k| {
            if PlayerId::parse(k).is_some() {
                k
            } else {
                table::seats::UNCLAIMED
            }
        })
    }
    let new = NewTable {
        setup,
        position: g.start_position.clone(),
        mode: g.mode,
        human,
        level: g.level.unwrap_or(Level::DEFAULT),
        time_control: g.initial_ms.map(|initial_ms| TimeControl {
            initial_ms,
            increment_ms: g.increment_ms.unwrap_or(0),
            per_move: g.per_move,
        }),
        rated: g.rated,
        seats: Seats::from_stored(g.mode, human, key(&g.white_player), key(&g.black_player)),
        invite: g.invite.clone(),
        online,
    };
    let past: Vec<PastMove> = moves
        .iter()
        .map(|m| PastMove {
            token: m.token.clone(),
            eval: m.eval,
            clocks: match (m.white_ms, m.black_ms) {
                (Some(w), Some(b)) => Some([w, b]),
                _ => None,
            },
        })
        .collect();
    let now = now_ms();
    let table = Table::new(new, &past, now).map_err(|r| r.message)?;
    let mut table = table.restore(Restored {
        declared: g.declared,
        offer: g.offer.filter(|_| rematch.is_none()),
        rematch,
        version: g.version,
    });
    // The clocks and the first-move deadline run from when the turn began: the stored
    // time where the store gives it (PostgreSQL, for every game; SQLite, for a
    // correspondence game, whose deadline a restart keeps), else from now (a live game
    // on SQLite: a restart runs its clocks on from where they stood). What the start
    // makes due is the host's to arm (`Table::start` again, with the time then).
    let _ = table.start(g.turn_started_ms.map_or(now, |t| t.min(now)));
    Ok(table)
}

/// Whether a stored unfinished game with `moves` moves needs the server before anyone
/// asks for it: a clock runs (a correspondence game's too: its flag falls days later,
/// on time, from this load), an online game has both players (it may abort, and its
/// position is closed to analysis), or the computer is to move.
fn needs_the_server(g: &StoredGame, moves: u32) -> bool {
    if g.initial_ms.is_some() {
        return true;
    }
    // An online game with both players: it aborts if no first move comes, and no
    // analysis board may show its position while it runs.
    if g.mode == Mode::Online && g.white_player.is_some() && g.black_player.is_some() {
        return true;
    }
    if g.mode != Mode::Computer {
        return false;
    }
    let first = match &g.start_position {
        None => Color::White,
        Some(pos) => {
            let options: Vec<&str> = g.options.split(',').filter(|s| !s.is_empty()).collect();
            let game = Setup::from_ids(&g.variant, g.rules.as_deref(), &options)
                .ok()
                .and_then(|setup| rules::any::new_game(&setup, Some(pos)).ok());
            match game {
                Some(game) => game.turn(),
                // Unreadable: load it, so that the start reports it.
                None => return true,
            }
        }
    };
    let to_move = if moves % 2 == 1 {
        first.opposite()
    } else {
        first
    };
    to_move != g.human.unwrap_or(Color::White)
}

/// Whether a game in memory can leave it: nobody watches, nothing runs or waits, and
/// it has not changed for the time its kind allows.
fn forgettable(
    slot: &GameSlot,
    st: &GameState,
    finished_after: Duration,
    unfinished_after: Option<Duration>,
) -> bool {
    if slot.events.receiver_count() > 0 {
        return false;
    }
    let idle = st.changed_at.elapsed();
    let t = &st.table;
    if !t.in_progress() {
        return idle >= finished_after;
    }
    // A running online game stays: no analysis board may show its position. So does a
    // game whose clock runs (a correspondence game for days): its flag must fall on time.
    let online = t.online_running() && !t.seats().any_open();
    let quiet = !online
        && st.search.is_none()
        && !st.waiting_for_slot
        && st.oracle.is_none()
        && t.oracle_budget_ms().is_none()
        && t.clocks().is_none()
        && !t.computer_to_move();
    quiet && unfinished_after.is_some_and(|after| idle >= after)
}

/// A stored game row for tests.
#[cfg(test)]
pub(super) fn stored_game(id: &str, mode: Mode, human: Color, clock: bool) -> StoredGame {
    StoredGame {
        id: id.into(),
        version: 0,
        created_at: 1,
        client: "c".into(),
        variant: "fourfold".into(),
        rules: None,
        options: String::new(),
        mode,
        human: Some(human),
        level: Some(Level::Depth(1)),
        initial_ms: clock.then_some(600_000),
        increment_ms: clock.then_some(0),
        start_position: None,
        declared: None,
        result: None,
        finished: false,
        white_player: None,
        black_player: None,
        invite: None,
        offer: None,
        turn_started_ms: None,
        rated: false,
        per_move: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whose_turn_a_stored_game_is_follows_its_move_count() {
        let g = stored_game("x", Mode::Computer, Color::White, false);
        assert!(!needs_the_server(&g, 0));
        assert!(needs_the_server(&g, 1));
        let black = stored_game("x", Mode::Computer, Color::Black, false);
        assert!(needs_the_server(&black, 0));
        let local = stored_game("x", Mode::Local, Color::White, false);
        assert!(!needs_the_server(&local, 1));
    }

    #[test]
    fn a_correspondence_game_loads_at_start_with_its_stored_deadline() {
        let day = table::DAY_MS;
        let turn_began = now_ms() - day / 2;
        let g = StoredGame {
            initial_ms: Some(day),
            increment_ms: Some(0),
            per_move: true,
            rated: true,
            white_player: Some("a".repeat(32)),
            black_player: Some("b".repeat(32)),
            turn_started_ms: Some(turn_began),
            ..stored_game("x", Mode::Online, Color::White, true)
        };
        assert!(needs_the_server(&g, 0), "its first-move deadline is due");
        let mut t = table_of(&g, &[], None, OnlineTimes::default()).unwrap();
        assert!(t.rated() && t.per_move());
        // A day for White's first move from when the turn began, not from the load.
        let change = t.start(now_ms());
        let abort = change.duties.iter().find_map(|d| match d {
            table::Duty::Wake {
                timer: table::Timer::Abort,
                at_ms,
            } => Some(*at_ms),
            _ => None,
        });
        assert_eq!(abort, Some(turn_began + day));
        let left = t.abort_in_ms(now_ms()).unwrap();
        assert!((day / 2 - 1_000..=day / 2).contains(&left), "{left}");
    }
}

//! One game in the server's memory: its game table (`table::Table`, the rules of the
//! game in progress) and what only the host keeps beside it: the stored row's version,
//! engine stop signals, sockets and watchers, the broadcast channel and which history
//! entries the last socket message carried.

use super::players::PlayerId;
use super::search::StopSignal;
use super::store::Version;
use super::view::{self, GameView, Personal, Published};
use rules::Color;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Instant, SystemTime, UNIX_EPOCH};
use table::view::PlayersView;
use table::{HostFacts, Table};
use tokio::sync::broadcast;

/// One game: its WebSocket channel and its state.
pub struct GameSlot {
    pub id: String,
    pub(super) events: broadcast::Sender<Arc<str>>,
    pub(super) state: Mutex<GameState>,
    /// Held while this game's rematch is settled (`actions.rs`), so that a second
    /// acceptance waits and finds the rematch made. Taken before anything else.
    pub(super) rematch_lock: Mutex<()>,
}

pub(super) struct GameState {
    pub(super) table: Table,
    /// The stored row's version this state matches: every write names it and takes the
    /// one the store returns, so a write from a stale copy of the game is refused.
    pub(super) version: Version,
    pub(super) client: String,
    pub(super) created_at: i64,
    /// People watching on sockets now (the socket layer counts them).
    pub(super) watchers: u32,
    /// Each side's holder's live sockets, indexed by colour (the table is told when a
    /// side comes or goes).
    pub(super) sockets: [u32; 2],
    /// A timer waits to announce this side gone.
    pub(super) gone_timer: [bool; 2],
    /// History entries below this index are as the last socket message sent them; the
    /// next update carries the entries from here on.
    pub(super) unchanged_history: usize,
    /// Bumped whenever the table's engines stop (every change of the game), so timers
    /// and engine results that belong to an older state do nothing.
    pub(super) epoch: u64,
    /// When the game last changed (for dropping finished games from memory).
    pub(super) changed_at: Instant,
    pub(super) search: Option<StopSignal>,
    /// The computer should move but no search slot was free; it starts when one frees.
    pub(super) waiting_for_slot: bool,
    pub(super) oracle: Option<StopSignal>,
    /// The computer's verdict on a draw offer, and the table version it was judged at.
    pub(super) draw_verdict: Option<(u64, bool)>,
    /// This instance runs what falls due in the game (its computer, its timers). Always
    /// so for a single instance; beside others, only for the lease holder (`cluster.rs`).
    pub(super) holder: bool,
    /// Deleted from the store: work finishing late (a record evaluation) writes nothing.
    pub(super) deleted: bool,
    /// An online game's players' names and ratings, as read last (`labels.rs`).
    pub(super) players: Option<PlayersView>,
    /// The labels are still to be read (the game was just loaded or created).
    pub(super) labels_due: bool,
}

/// What to add to this machine's clock to read the database's (0 for a single
/// instance; set beside other instances, so that all of them keep one time).
static CLOCK_OFFSET_MS: AtomicI64 = AtomicI64::new(0);

/// The host's wall clock in milliseconds since the Unix epoch (the database's clock
/// beside other instances): the time every table command is given.
pub fn now_ms() -> i64 {
    let local = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64);
    local + CLOCK_OFFSET_MS.load(Ordering::Relaxed)
}

/// Sets how far the database's clock is ahead of this machine's.
pub fn set_clock_offset(ms: i64) {
    CLOCK_OFFSET_MS.store(ms, Ordering::Relaxed);
}

/// The path an online game's invitation is opened at (docs/api.md, "Online games").
pub fn invite_path(code: &str) -> String {
    format!("/join/{code}")
}

impl GameSlot {
    pub(super) fn new(id: String, state: GameState) -> Arc<GameSlot> {
        let (events, _) = broadcast::channel(256);
        Arc::new(GameSlot {
            id,
            events,
            state: Mutex::new(state),
            rematch_lock: Mutex::new(()),
        })
    }

    pub(super) fn lock(&self) -> MutexGuard<'_, GameState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The game's rematch lock, taken before its state.
    pub(super) fn lock_rematch(&self) -> MutexGuard<'_, ()> {
        // It guards no data, so a poisoned lock is still usable.
        self.rematch_lock.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Sends a message to everyone on the game's sockets.
    pub(super) fn send(&self, message: String) {
        let _ = self.events.send(message.into());
    }
}

impl GameState {
    pub(super) fn new(table: Table, version: Version, client: String, created_at: i64) -> Self {
        GameState {
            unchanged_history: table.ply(),
            table,
            version,
            client,
            created_at,
            watchers: 0,
            sockets: [0; 2],
            gone_timer: [false; 2],
            epoch: 0,
            changed_at: Instant::now(),
            search: None,
            waiting_for_slot: false,
            oracle: None,
            draw_verdict: None,
            holder: true,
            deleted: false,
            players: None,
            labels_due: true,
        }
    }

    pub(super) fn ply(&self) -> usize {
        self.table.ply()
    }

    fn host_facts(&self) -> HostFacts {
        HostFacts {
            computer_thinking: self.search.is_some() || self.waiting_for_slot,
            watchers: self.watchers,
        }
    }

    /// The sides `player` holds.
    pub(super) fn sides_of(&self, player: &PlayerId) -> Vec<Color> {
        self.table.sides_of(player.as_str())
    }

    /// What only `player` is told about the game.
    pub(super) fn personal(&self, player: &PlayerId) -> Personal {
        self.table.personal(player.as_str(), invite_path)
    }

    /// The game as everyone sees it, with the history entries from index `first` on.
    pub(super) fn view(&self, id: &str, first: usize) -> GameView {
        let mut view = self.table.view(id, first, now_ms(), self.host_facts());
        view.players = self.players.clone();
        view
    }

    /// The whole view, as `player` sees it, as JSON text.
    pub(super) fn view_json(&self, id: &str, player: &PlayerId) -> String {
        view::to_json(&self.view(id, 0).for_player(self.personal(player)))
    }

    /// Builds one view of the current state and serializes it for the socket (only the
    /// history changed since the last message) and, with `answer`, whole for that
    /// player's HTTP answer; notes it as sent. `thinking` marks a search about to start.
    pub(super) fn publish(
        &mut self,
        id: &str,
        answer: Option<&PlayerId>,
        thinking: bool,
    ) -> Published {
        let from = self.unchanged_history.min(self.ply());
        let answer = answer.map(|p| self.personal(p));
        let first = if answer.is_some() { 0 } else { from };
        let mut state = self.view(id, first);
        state.computer_thinking |= thinking;
        self.unchanged_history = self.ply();
        view::publish(state, first, from, answer)
    }

    /// Notes that history entry `i` (and every later one) changed or went away.
    pub(super) fn touch_history(&mut self, i: usize) {
        self.unchanged_history = self.unchanged_history.min(i);
    }

    /// Stops engine work: the game ended or changed under it.
    pub(super) fn stop_engines(&mut self) {
        self.search = None;
        self.oracle = None;
        self.waiting_for_slot = false;
    }
}

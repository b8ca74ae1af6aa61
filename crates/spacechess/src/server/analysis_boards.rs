//! The analysis boards' data (docs/api.md, "Analysis"): the bounds, the views a board
//! sends, one board and its state, and the boards open on the server with the positions
//! of running online games no board may show. The service keeps an [`Analyses`];
//! opening, playing and closing boards is `analysis.rs`, their engine
//! `analysis_engine.rs`. Nothing here knows the service.

use super::players::PlayerId;
use super::search::StopSignal;
use super::view::{ErrorBody, MaterialView, OracleMoveView};
use rules::any::AnyGame;
use rules::screen::{HistoryEntry, Screen};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

#[cfg(test)]
use ts_rs::TS;

/// Boards open at once on the whole server.
pub const MAX_BOARDS: usize = 512;
/// The longest side line.
pub const MAX_SIDE_LINE: usize = 500;
/// Lines the engine shows unless asked otherwise.
pub const DEFAULT_LINES: usize = 3;
/// A board nobody has used for this long is closed when room is needed.
pub const IDLE_AFTER: Duration = Duration::from_secs(30 * 60);

/// Where a board's position came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(TS))]
pub enum SourceKind {
    Game,
    Record,
    Position,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct AnalysisSource {
    pub kind: SourceKind,
    /// The game's id (kind `game`).
    pub game: Option<String>,
    /// Half-moves of the game or record before the board's position.
    pub ply: u32,
}

/// An analysis board as the API shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct AnalysisView {
    pub id: String,
    pub source: AnalysisSource,
    /// The position shown: the source's position plus the side line.
    #[serde(flatten)]
    #[cfg_attr(test, ts(flatten))]
    pub screen: Screen,
    /// Every move that led to the position shown; the side line from `side_line_from` on.
    pub history: Vec<HistoryEntry>,
    pub side_line_from: u32,
    pub material: MaterialView,
    /// How many lines the engine shows.
    pub lines: u32,
    /// The engine analyses each position of the board (until switched off).
    pub engine_on: bool,
    /// It is searching now.
    pub engine_running: bool,
    /// The Oracle reports on each position of the board.
    pub oracle: bool,
    /// Engine seconds this board has left.
    pub engine_seconds_left: f64,
    /// Bumped whenever the position changes; `lines` messages carry the serial of the
    /// position they are about.
    #[cfg_attr(test, ts(type = "number"))]
    pub serial: u64,
}

/// One of the engine's best lines.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct LineView {
    /// Pawns from White's side (a mate is ±100, nearer mates larger).
    pub score: f64,
    /// Moves to mate: positive when White mates, negative when Black does.
    pub mate: Option<i32>,
    /// The line as move tokens, its first move first.
    pub pv: Vec<String>,
    /// The same moves in notation.
    pub notation: Vec<String>,
}

/// The engine's best lines after one finished iteration.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct LinesView {
    #[cfg_attr(test, ts(type = "number"))]
    pub serial: u64,
    pub depth: u32,
    #[cfg_attr(test, ts(type = "number"))]
    pub nodes: u64,
    #[cfg_attr(test, ts(type = "number"))]
    pub elapsed_ms: u64,
    /// Best first.
    pub lines: Vec<LineView>,
}

/// A message on an analysis board's WebSocket.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
#[cfg_attr(test, derive(TS))]
pub enum AnalysisMessage {
    /// The board: first on connecting, then after every change.
    Analysis {
        #[cfg_attr(test, ts(as = "AnalysisView"))]
        analysis: Box<serde_json::value::RawValue>,
    },
    Lines(LinesView),
    /// The Oracle's report on the board's position, and errors: the game socket's own
    /// messages (`view::oracle_message`, `view::error_message`), listed for the contract.
    #[allow(dead_code)]
    Oracle {
        done: bool,
        moves: Vec<OracleMoveView>,
    },
    #[allow(dead_code)]
    Error {
        error: ErrorBody,
    },
}

/// One analysis board.
pub struct Board {
    pub id: String,
    pub(super) owner: PlayerId,
    /// The address it was opened from (boards are counted per address too).
    pub(super) opened_from: String,
    pub(super) events: broadcast::Sender<Arc<str>>,
    pub(super) state: Mutex<BoardState>,
    /// The last `lines` message and the serial it belongs to, for a socket that joins
    /// while the engine thinks (engine callbacks take no other lock).
    pub(super) latest: Mutex<Option<(u64, Arc<str>)>>,
}

pub(super) struct BoardState {
    pub(super) source: AnalysisSource,
    /// The position of the source; the side line is played on from it.
    pub(super) base_ply: usize,
    pub(super) game: AnyGame,
    pub(super) lines: usize,
    pub(super) serial: u64,
    /// The address that last acted on the board (the unit of the search limits).
    pub(super) client: String,
    pub(super) used_at: Instant,
    pub(super) engine_on: bool,
    /// The running search, with the time it started.
    pub(super) engine: Option<(StopSignal, Instant)>,
    pub(super) oracle_budget: Option<Duration>,
    pub(super) oracle: Option<StopSignal>,
    /// Engine time spent so far (the Oracle's budgets included).
    pub(super) engine_used: Duration,
}

impl BoardState {
    pub(super) fn side_line(&self) -> usize {
        self.game.ply() - self.base_ply
    }

    /// Stops the engine, counting the time it ran.
    pub(super) fn stop_engine(&mut self) {
        if let Some((_, started)) = self.engine.take() {
            self.engine_used += started.elapsed();
        }
    }

    pub(super) fn seconds_left(&self, budget: Duration) -> Duration {
        let running = self
            .engine
            .as_ref()
            .map_or(Duration::ZERO, |(_, s)| s.elapsed());
        budget.saturating_sub(self.engine_used + running)
    }
}

/// Every board open now, and the positions no board may analyse.
#[derive(Default)]
pub struct Analyses {
    boards: Mutex<HashMap<String, Arc<Board>>>,
    /// The current position (without the move counters) of every running online game
    /// past its start, by game id: no engine helps anyone in them, whoever asks.
    online: Mutex<HashMap<String, String>>,
}

impl Analyses {
    pub(super) fn boards(&self) -> MutexGuard<'_, HashMap<String, Arc<Board>>> {
        self.boards.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn online(&self) -> MutexGuard<'_, HashMap<String, String>> {
        self.online.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// After every change of a game: its position while it is a running online game
    /// (the start position aside: that is everybody's), else nothing.
    pub(super) fn note_game(&self, id: &str, running_online: bool, game: &AnyGame) {
        if running_online && game.ply() > 0 {
            let shown = placement(&game.position_string());
            self.online().insert(id.to_string(), shown);
        } else {
            self.forget_game(id);
        }
    }

    /// A game deleted.
    pub(super) fn forget_game(&self, id: &str) {
        self.online().remove(id);
    }

    /// Whether `game`'s position stands in a running online game now.
    pub(super) fn in_online_game(&self, game: &AnyGame) -> bool {
        let shown = placement(&game.position_string());
        self.online().values().any(|p| *p == shown)
    }
}

pub(super) fn lock(board: &Board) -> MutexGuard<'_, BoardState> {
    board.state.lock().unwrap_or_else(|e| e.into_inner())
}

/// A position string without its two move counters (its last two fields).
pub(super) fn placement(position: &str) -> String {
    let fields: Vec<&str> = position.split_whitespace().collect();
    fields[..fields.len().saturating_sub(2)].join(" ")
}

//! Analysis boards (docs/api.md, "Analysis"): a position from a game (any ply), an
//! imported record (any ply) or a position string, on a board of its own. Moves played
//! there make a side line (stepped back or started over at will) and never touch the
//! game. The engine's best lines and the Oracle run on it (`analysis_engine.rs`); the
//! HTTP and WebSocket routes are in `analysis_routes.rs`.
//!
//! Boards live in memory only, belong to the player who opened them, and are bounded:
//! boards per player and on the server, side-line length, engine seconds per board.
//! While an online game runs, its two players cannot open a board on it, nor reach its
//! position on any board (from a record, a position string or a side line).
//!
//! Locking: a board's lock may be held while the games map and a game are locked (the
//! check above), never the other way round.

use super::error::{ApiError, ErrorCode};
use super::players::PlayerId;
use super::search::StopSignal;
use super::service::Service;
use super::view::{self, ErrorBody, MaterialView, OracleMoveView};
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
    fn boards(&self) -> MutexGuard<'_, HashMap<String, Arc<Board>>> {
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
    fn in_online_game(&self, game: &AnyGame) -> bool {
        let shown = placement(&game.position_string());
        self.online().values().any(|p| *p == shown)
    }
}

pub(super) fn lock(board: &Board) -> MutexGuard<'_, BoardState> {
    board.state.lock().unwrap_or_else(|e| e.into_inner())
}

/// What a board is opened on, already read from the request.
pub enum Opening {
    Game { id: String, ply: Option<u64> },
    Record { text: String, ply: Option<u64> },
    Position(Box<AnyGame>),
}

/// `game` replayed from its start to `ply` half-moves: the board's moves go on from there
/// even when the game ended by a declared result (resignation, time, agreement).
fn replayed(game: &AnyGame, ply: usize) -> Result<AnyGame, ApiError> {
    let broken = |e: String| ApiError::internal(format!("cannot replay the game: {e}"));
    let start = game.start_position_string();
    let mut g = AnyGame::new(&game.setup(), Some(&start)).map_err(|e| broken(e.to_string()))?;
    for m in &game.played()[..ply] {
        g.play_token(&m.token).map_err(|e| broken(e.to_string()))?;
    }
    Ok(g)
}

/// The ply asked for, checked against the half-moves there are.
fn ply_within(field: &str, ply: Option<u64>, played: usize) -> Result<usize, ApiError> {
    match ply {
        None => Ok(played),
        Some(p) if p as usize <= played => Ok(p as usize),
        Some(p) => Err(ApiError::bad_request(format!(
            "field \"{field}\" is {p}, but there are only {played} half-moves"
        ))),
    }
}

impl Service {
    /// Opens a board for `player`.
    pub fn open_analysis(
        self: &Arc<Self>,
        opening: Opening,
        lines: usize,
        player: &PlayerId,
        client: &str,
    ) -> Result<String, ApiError> {
        let (source, game) = match opening {
            Opening::Game { id, ply } => {
                let slot = self.slot(&id)?;
                let (game, running) = {
                    let st = Self::lock(&slot);
                    (st.table.game().clone(), st.table.online_running())
                };
                // Whoever asks: a player's second id, or a friend, is as much help.
                if running {
                    return Err(ApiError::no_engine_help(
                        "engine analysis is off for an online game while it runs, for everyone; analyse it once it has ended",
                    ));
                }
                let ply = ply_within("ply", ply, game.ply())?;
                let source = AnalysisSource {
                    kind: SourceKind::Game,
                    game: Some(slot.id.clone()),
                    ply: ply as u32,
                };
                (source, replayed(&game, ply)?)
            }
            Opening::Record { text, ply } => {
                let (game, _) = rules::any::import_record(&text)
                    .map_err(|e| ApiError::bad_record(e.to_string()))?;
                let ply = ply_within("record_ply", ply, game.ply())?;
                let source = AnalysisSource {
                    kind: SourceKind::Record,
                    game: None,
                    ply: ply as u32,
                };
                (source, replayed(&game, ply)?)
            }
            Opening::Position(game) => {
                let source = AnalysisSource {
                    kind: SourceKind::Position,
                    game: None,
                    ply: 0,
                };
                (source, *game)
            }
        };
        self.check_not_playing(&game)?;
        let board = self.new_board(source, game, lines, player, client)?;
        let mut st = lock(&board);
        Ok(self.publish_board(&board, &mut st))
    }

    /// Refuses a position that stands on the board of a running online game (the pieces,
    /// the side to move and the rights; the move counters aside), whoever asks.
    pub(super) fn check_not_playing(&self, game: &AnyGame) -> Result<(), ApiError> {
        if self.analyses.in_online_game(game) {
            return Err(ApiError::no_engine_help(
                "this is the position of an online game in progress: engine analysis is off for it, for everyone, while it runs",
            ));
        }
        Ok(())
    }

    /// Registers a new board, within the limits (idle boards are closed to make room).
    fn new_board(
        &self,
        source: AnalysisSource,
        game: AnyGame,
        lines: usize,
        player: &PlayerId,
        client: &str,
    ) -> Result<Arc<Board>, ApiError> {
        let per_player = self.config.limits.analyses_per_player as usize;
        let mut boards = self.analyses.boards();
        boards.retain(|_, b| {
            let mut st = lock(b);
            let keep = st.used_at.elapsed() < IDLE_AFTER;
            if !keep {
                st.stop_engine();
                st.oracle = None;
            }
            keep
        });
        let mine = boards.values().filter(|b| b.owner == *player).count();
        if mine >= per_player {
            return Err(ApiError::rate_limited(format!(
                "this player already has {mine} analysis boards open (at most {per_player}): close one first"
            ))
            .with_retry_after(60));
        }
        // Player ids cost nothing: the address has its share too.
        let per_address = self.config.limits.analyses_per_address as usize;
        let here = boards.values().filter(|b| b.opened_from == client).count();
        if here >= per_address {
            return Err(ApiError::rate_limited(format!(
                "this address already has {here} analysis boards open (at most {per_address}): close one first"
            ))
            .with_retry_after(60));
        }
        if boards.len() >= MAX_BOARDS {
            return Err(ApiError::rate_limited(format!(
                "the server has its maximum of {MAX_BOARDS} analysis boards open; try again later"
            ))
            .with_retry_after(60));
        }
        let (events, _) = broadcast::channel(64);
        let board = Arc::new(Board {
            id: super::players::random_hex(),
            owner: player.clone(),
            opened_from: client.to_string(),
            events,
            latest: Mutex::new(None),
            state: Mutex::new(BoardState {
                source,
                base_ply: game.ply(),
                game,
                lines,
                serial: 0,
                client: client.to_string(),
                used_at: Instant::now(),
                engine_on: false,
                engine: None,
                oracle_budget: None,
                oracle: None,
                engine_used: Duration::ZERO,
            }),
        });
        boards.insert(board.id.clone(), Arc::clone(&board));
        Ok(board)
    }

    /// The board `id`, if `player` opened it.
    pub fn board(&self, id: &str, player: &PlayerId) -> Result<Arc<Board>, ApiError> {
        let board = self.analyses.boards().get(id).cloned().ok_or_else(|| {
            ApiError::new(
                ErrorCode::UnknownAnalysis,
                format!("no analysis board with id {id:?} (boards close when their player closes them, after {} idle minutes, or when the server restarts)", IDLE_AFTER.as_secs() / 60),
            )
        })?;
        if board.owner != *player {
            return Err(ApiError::new(
                ErrorCode::NotYourAnalysis,
                "this analysis board belongs to another player",
            ));
        }
        // Its player is there: its engine goes on (analysis_engine.rs).
        lock(&board).used_at = Instant::now();
        Ok(board)
    }

    /// The board as JSON text.
    pub fn analysis_view(&self, id: &str, player: &PlayerId) -> Result<String, ApiError> {
        let board = self.board(id, player)?;
        let st = lock(&board);
        Ok(view::to_json(&self.board_view(&board, &st)))
    }

    /// Closes a board and stops its engines.
    pub fn close_analysis(&self, id: &str, player: &PlayerId) -> Result<(), ApiError> {
        let board = self.board(id, player)?;
        self.analyses.boards().remove(&board.id);
        let mut st = lock(&board);
        st.stop_engine();
        st.oracle = None;
        Ok(())
    }

    /// Plays a move on the side line.
    pub fn analysis_move(
        self: &Arc<Self>,
        id: &str,
        text: &str,
        player: &PlayerId,
        client: &str,
    ) -> Result<String, ApiError> {
        let board = self.board(id, player)?;
        let mut st = lock(&board);
        if st.side_line() >= MAX_SIDE_LINE {
            return Err(ApiError::bad_request(format!(
                "the side line is at its longest ({MAX_SIDE_LINE} moves): step back first"
            )));
        }
        let played = match st.game.play_token(text).map(|_| ()) {
            Err(rules::PlayError::Move(_)) => st.game.play_text(text).map(|_| ()),
            other => other,
        };
        played.map_err(super::service::play_error)?;
        if let Err(e) = self.check_not_playing(&st.game) {
            st.game.undo();
            return Err(e);
        }
        st.client = client.to_string();
        Ok(self.position_changed(&board, &mut st))
    }

    /// Steps back along the side line to its first `keep` moves (default: one back; 0
    /// starts over from the source's position).
    pub fn analysis_back(
        self: &Arc<Self>,
        id: &str,
        keep: Option<u64>,
        player: &PlayerId,
        client: &str,
    ) -> Result<String, ApiError> {
        let board = self.board(id, player)?;
        let mut st = lock(&board);
        let len = st.side_line();
        let keep = match keep {
            None if len == 0 => {
                return Err(ApiError::nothing_to_take_back(
                    "the side line is empty: the board shows the position it was opened on",
                ))
            }
            None => len - 1,
            Some(k) if k as usize <= len => k as usize,
            Some(k) => {
                return Err(ApiError::bad_request(format!(
                    "field \"to\" is {k}, but the side line has {len} moves"
                )))
            }
        };
        while st.side_line() > keep {
            st.game.undo();
        }
        st.client = client.to_string();
        Ok(self.position_changed(&board, &mut st))
    }

    /// After a change of position: a new serial, the engines restarted on it if they
    /// were on, and the board published.
    fn position_changed(self: &Arc<Self>, board: &Arc<Board>, st: &mut BoardState) -> String {
        st.serial += 1;
        st.stop_engine();
        st.oracle = None;
        self.restart_engines(board, st);
        self.publish_board(board, st)
    }

    pub(super) fn board_view(&self, board: &Board, st: &BoardState) -> AnalysisView {
        let screen = st.game.screen(true);
        let material = rules::material::material(&screen.cells, st.game.played());
        AnalysisView {
            id: board.id.clone(),
            source: st.source.clone(),
            screen,
            history: st.game.history_entries(0),
            side_line_from: st.base_ply as u32,
            material,
            lines: st.lines as u32,
            engine_on: st.engine_on,
            engine_running: st.engine.is_some(),
            oracle: st.oracle_budget.is_some(),
            engine_seconds_left: st
                .seconds_left(self.analysis_budget())
                .as_secs_f64()
                .floor(),
            serial: st.serial,
        }
    }

    /// Tells the board's sockets its state; returns it as JSON text.
    pub(super) fn publish_board(&self, board: &Board, st: &mut BoardState) -> String {
        st.used_at = Instant::now();
        let json = view::to_json(&self.board_view(board, st));
        let _ = board.events.send(analysis_message(&json).into());
        json
    }

    /// Engine seconds each board may use.
    pub(super) fn analysis_budget(&self) -> Duration {
        Duration::from_secs(u64::from(self.config.limits.analysis_engine_seconds))
    }
}

/// A position string without its two move counters (its last two fields).
fn placement(position: &str) -> String {
    let fields: Vec<&str> = position.split_whitespace().collect();
    fields[..fields.len().saturating_sub(2)].join(" ")
}

/// The `analysis` socket message around a board's JSON.
pub fn analysis_message(view_json: &str) -> String {
    let analysis = serde_json::value::RawValue::from_string(view_json.to_string())
        .expect("JSON text from serde_json");
    view::to_json(&AnalysisMessage::Analysis { analysis })
}

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
use super::service::Service;
use super::view;
use rules::any::AnyGame;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

pub(super) use super::analysis_boards::{lock, BoardState};
pub use super::analysis_boards::{
    AnalysisMessage, AnalysisSource, AnalysisView, Board, LineView, LinesView, SourceKind,
    DEFAULT_LINES,
};
use super::analysis_boards::{IDLE_AFTER, MAX_BOARDS, MAX_SIDE_LINE};

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

/// The `analysis` socket message around a board's JSON.
pub fn analysis_message(view_json: &str) -> String {
    let analysis = serde_json::value::RawValue::from_string(view_json.to_string())
        .expect("JSON text from serde_json");
    view::to_json(&AnalysisMessage::Analysis { analysis })
}

//! The requests and answers of browser games (docs/wasm.md, "Browser games"): a game as
//! the browser keeps it, the table's commands, and each answer with its duties for the
//! host (a NewGame is the table crate's `NewGameBody`, read as the server reads it).
//! Plain data; `tables.rs` fills it.

use crate::error::Error;
use crate::protocol::{Score, Side};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use table::GameView;

/// The evaluation after one move, as the game's store keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StoredEval {
    /// Pawns from White's side.
    pub eval: f64,
    #[cfg_attr(test, ts(type = "EvalSource | null"))]
    pub source: Option<String>,
    pub depth: Option<u32>,
}

/// A game's clocks as the store keeps them: the time control, and both clocks after
/// each move (for take-backs and reloads).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StoredClock {
    #[cfg_attr(test, ts(type = "number"))]
    pub initial_ms: i64,
    #[cfg_attr(test, ts(type = "number"))]
    pub increment_ms: i64,
    /// `[white, black]` ms after each move.
    #[cfg_attr(test, ts(type = "[number, number][]"))]
    pub after: Vec<[i64; 2]>,
}

/// A game as this browser keeps it (IndexedDB): its record (set-up, moves, a declared
/// result) and what the record does not hold. Games kept by earlier versions of the
/// browser host read as well (their extra fields are ignored).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StoredGame {
    pub id: String,
    #[cfg_attr(test, ts(type = "Mode"))]
    pub mode: String,
    pub human: Side,
    #[cfg_attr(test, ts(type = "number | \"max\""))]
    pub level: Value,
    /// The evaluation after each move (`null` where none was made).
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub evals: Option<Vec<Option<StoredEval>>>,
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub clock: Option<StoredClock>,
    pub record: String,
    /// When it last changed (ms since 1970).
    pub updated: f64,
}

/// A command to a browser game: the player's, or the host's (an engine's result, a
/// timer).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "command", rename_all = "snake_case", deny_unknown_fields)]
pub enum TableCommand {
    /// A move by its exact token; `ply`: the half-moves played as the screen saw them.
    Move {
        token: String,
        #[cfg_attr(test, ts(optional))]
        ply: Option<u64>,
    },
    TakeBack,
    /// A draw offer; against the computer the module's engine judges it.
    OfferDraw,
    Resign {
        #[cfg_attr(test, ts(optional))]
        side: Option<Side>,
    },
    OracleOn,
    OracleOff,
    /// The result of a `search` duty (the `think` request's answer).
    ComputerMove {
        ply: usize,
        token: Option<String>,
        score: Score,
        depth: u32,
    },
    /// The result of an `evaluate` duty.
    Evaluation {
        ply: usize,
        line: Vec<String>,
        pawns: f64,
    },
    /// A `wake` duty's deadline came.
    Wake,
}

/// The clock a computer's search plays on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SearchClock {
    #[cfg_attr(test, ts(type = "number"))]
    pub left_ms: i64,
    #[cfg_attr(test, ts(type = "number"))]
    pub increment_ms: i64,
}

/// Work for the browser host after an answer, in order.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "duty", rename_all = "snake_case")]
pub enum DutyView {
    /// End the computer's search and the Oracle (their state is gone).
    StopEngines,
    StopOracle,
    /// The computer is to move: send `think` with these, then the answer as a
    /// `computer_move` command.
    Search {
        ply: usize,
        record: String,
        #[cfg_attr(test, ts(type = "number | \"max\""))]
        level: Value,
        clock: Option<SearchClock>,
    },
    /// Put the Oracle on the position (`oracle` request); its reports go to the screen.
    Oracle {
        record: String,
        budget_ms: u64,
        #[cfg_attr(test, ts(type = "number | \"max\""))]
        level: Value,
    },
    /// Evaluate the position after move `ply` for the record (`evaluate` request on
    /// `record`), then send an `evaluation` command with `ply` and `line`.
    Evaluate {
        ply: usize,
        line: Vec<String>,
        record: String,
    },
    /// Send a `wake` command at `at_ms` (the host's wall clock); a later answer lists
    /// every deadline again, so earlier ones may be dropped.
    Wake {
        #[cfg_attr(test, ts(type = "number"))]
        at_ms: i64,
    },
}

/// What a browser game's request answers: the game (the server's GameView), what to keep
/// and what to do.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TableAnswer {
    /// The game's handle in this module.
    pub table: u32,
    pub view: GameView,
    /// The game to keep, when it changed.
    pub stored: Option<StoredGame>,
    pub duties: Vec<DutyView>,
    /// A draw offer's answer.
    pub draw_accepted: Option<bool>,
    /// A refused command that changed the game all the same (a move that came after
    /// its side's flag fell: the side lost on time). Keep and show the game, then
    /// report the refusal.
    pub refused: Option<Error>,
}

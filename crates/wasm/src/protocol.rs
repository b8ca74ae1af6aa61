//! The requests the module answers and the shapes of its answers (docs/wasm.md). Every
//! request is one JSON object with an `op` field; the answer is `{"ok": …}` or
//! `{"error": {"code", "message"}}`.

use crate::error::{quoted, Error};
use engine::api::Level;
use rules::material::MaterialView;
use rules::screen::{HistoryEntry, Screen};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use table::ErrorCode;

/// A variant, rule set and options by their identifiers (as in the API and records).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct SetupSpec {
    #[cfg_attr(test, ts(as = "rules::Variant"))]
    pub variant: String,
    #[cfg_attr(test, ts(optional))]
    pub rules: Option<String>,
    #[cfg_attr(test, ts(optional))]
    pub options: Option<Vec<String>>,
}

/// How far a search may go. Unset bounds do not apply; with none set, the engine's
/// 15-second cap does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct SearchLimits {
    #[cfg_attr(test, ts(optional))]
    pub depth: Option<u32>,
    #[cfg_attr(test, ts(optional))]
    pub movetime_ms: Option<u64>,
    #[cfg_attr(test, ts(optional))]
    pub nodes: Option<u64>,
    /// Seed of the variety between near-equal moves (0 or unset: deterministic, no variety).
    #[cfg_attr(test, ts(optional))]
    pub seed: Option<u64>,
    /// Transposition table size (default 16 MB).
    #[cfg_attr(test, ts(optional))]
    pub hash_mb: Option<usize>,
    /// The side to move's game clock: its time left, and the increment per move. The
    /// engine then budgets its time as on the server.
    #[cfg_attr(test, ts(optional))]
    pub clock_ms: Option<u64>,
    #[cfg_attr(test, ts(optional))]
    pub increment_ms: Option<u64>,
}

/// One request.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Request {
    /// What a player can choose: variants, rule sets, options, terminations, levels
    /// (the rules' catalogue, as `GET /api/variants` answers it).
    Catalogue,
    /// A new game from the standard start or from a position string.
    NewGame {
        setup: SetupSpec,
        #[cfg_attr(test, ts(optional))]
        position: Option<String>,
    },
    /// A game from a record (every move replayed, its declared result kept): a game
    /// kept by the host, resumed.
    ImportRecord {
        record: String,
    },
    /// A new game that goes on from a record's first `record_ply` half-moves (default
    /// all), as the server's NewGame with a `record`: the record's declared result stays
    /// behind, the evaluations written in it come along. A bad record names its first
    /// bad move.
    NewFromRecord {
        record: String,
        #[cfg_attr(test, ts(optional))]
        record_ply: Option<u64>,
    },
    /// The board after `ply` half-moves (no legal moves), for stepping through a game.
    Position {
        game: u32,
        ply: u64,
    },
    State {
        game: u32,
    },
    /// Plays a move given by its token (or in display notation).
    Play {
        game: u32,
        #[serde(rename = "move")]
        text: String,
    },
    /// Takes back the last move.
    Undo {
        game: u32,
    },
    ExportRecord {
        game: u32,
    },
    /// Forgets a game.
    Close {
        game: u32,
    },
    /// Leaf count of the legal move tree (draw rules ignored), optionally per root move.
    Perft {
        setup: SetupSpec,
        #[cfg_attr(test, ts(optional))]
        position: Option<String>,
        depth: u32,
        #[cfg_attr(test, ts(optional))]
        divide: Option<bool>,
    },
    /// The engine's bench (fixed positions, fixed depth, one thread); each position is
    /// reported as progress.
    Bench {
        depth: u32,
    },
    /// Searches the game's current position; each completed iteration is reported as
    /// progress.
    Search {
        game: u32,
        #[cfg_attr(test, ts(optional))]
        limits: Option<SearchLimits>,
    },
    /// The engine's best lines (multi-PV, `lines` of them, 1 to 8, default 3) on the
    /// game's current position, deepened until `limits`; each completed iteration is
    /// reported as progress. For the analysis board.
    Analyse {
        game: u32,
        #[cfg_attr(test, ts(optional))]
        lines: Option<usize>,
        #[cfg_attr(test, ts(optional))]
        limits: Option<SearchLimits>,
    },
    /// Every lesson (the rules' lesson table, as `GET /api/lessons` answers it).
    Lessons,
    /// One lesson with its position as a screen (`GET /api/lessons/{id}`).
    Lesson {
        id: String,
    },
    /// The verdict on a lesson attempt (`POST /api/lessons/{id}/check`).
    CheckLesson {
        id: String,
        moves: Vec<String>,
    },
    /// A variant's rules page (`GET /api/rules/{variant}`).
    RulesPage {
        variant: String,
    },
    /// The puzzle sets with their counts and themes (`GET /api/puzzles`).
    PuzzleCatalogue,
    /// One puzzle to solve, at its starting rating (`GET /api/puzzles/{id}`).
    Puzzle {
        id: String,
    },
    /// The next puzzle of a set (and theme) near the player's rating (a new player's
    /// without one), not among the ids `seen`.
    PuzzleNext {
        set: String,
        #[cfg_attr(test, ts(optional))]
        theme: Option<String>,
        #[cfg_attr(test, ts(optional))]
        rating: Option<puzzles::view::RatingState>,
        seen: Vec<String>,
    },
    /// The day's puzzle of a set; `day` counts days since 1970-01-01 UTC.
    PuzzleDaily {
        set: String,
        day: u64,
    },
    /// The verdict on moves: the solver's, with the replies given between them
    /// (`POST /api/puzzles/{id}/check`).
    PuzzleCheck {
        id: String,
        moves: Vec<String>,
    },
    /// Where the next solver move starts, after the moves so far
    /// (`POST /api/puzzles/{id}/hint`).
    PuzzleHint {
        id: String,
        moves: Vec<String>,
    },
    /// The solution with a screen before and after each move
    /// (`GET /api/puzzles/{id}/solution`).
    PuzzleSolution {
        id: String,
    },
    /// One attempt rated as a Glicko-2 game: the player wins when it was solved.
    PuzzleRate {
        player: puzzles::view::RatingState,
        puzzle: puzzles::view::RatingState,
        solved: bool,
    },
    /// A new game in this browser (a game table), from a NewGame as the server reads it;
    /// `id` is the browser's name for it, `now_ms` the host's wall clock.
    TableNew {
        id: String,
        // Read by the table's reader (`table::requests`), as the server reads it.
        #[cfg_attr(test, ts(as = "table::NewGameBody"))]
        game: serde_json::Map<String, serde_json::Value>,
        #[cfg_attr(test, ts(type = "number"))]
        now_ms: i64,
    },
    /// A game this browser kept, opened as it was left.
    TableOpen {
        stored: crate::table_protocol::StoredGame,
        #[cfg_attr(test, ts(type = "number"))]
        now_ms: i64,
    },
    /// A command to an open browser game.
    TableCommand {
        table: u32,
        command: crate::table_protocol::TableCommand,
        #[cfg_attr(test, ts(type = "number"))]
        now_ms: i64,
    },
    /// An open browser game as it stands now.
    TableView {
        table: u32,
        #[cfg_attr(test, ts(type = "number"))]
        now_ms: i64,
    },
    /// The board after `ply` half-moves of a browser game (review).
    TablePosition {
        table: u32,
        ply: u64,
    },
    /// A browser game's record (tags, moves, evaluations as comments), dated `now_ms`.
    TableRecord {
        table: u32,
        #[cfg_attr(test, ts(type = "number"))]
        now_ms: i64,
    },
    /// Forgets a browser game.
    TableClose {
        table: u32,
    },
    /// The computer's move in a record's last position at an opponent level, on a game
    /// clock (a `search` duty); `seed` varies between near-equal moves. Each completed
    /// iteration is reported as progress, in the server's `thinking` shape.
    Think {
        record: String,
        #[cfg_attr(test, ts(type = "number | \"max\""))]
        level: serde_json::Value,
        #[cfg_attr(test, ts(optional))]
        clock: Option<crate::table_protocol::SearchClock>,
        #[cfg_attr(test, ts(optional))]
        seed: Option<u64>,
    },
    /// The record's evaluation of a record's last position (an `evaluate` duty): pawns
    /// from White's side, after a short search.
    Evaluate {
        record: String,
    },
    /// The Oracle on the game's current position within `budget_ms` (default: the
    /// server's 6 s), at a look-ahead
    /// setting (`level`: 1 to 6 or `"max"`, default max); each improved report is sent as
    /// progress.
    Oracle {
        game: u32,
        #[cfg_attr(test, ts(optional))]
        budget_ms: Option<u64>,
        #[cfg_attr(test, ts(optional))]
        #[cfg_attr(test, ts(type = "number | \"max\""))]
        level: Option<serde_json::Value>,
    },
}

/// A side, as the API and records name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Side {
    White,
    Black,
}

impl From<rules::Color> for Side {
    fn from(c: rules::Color) -> Side {
        match c {
            rules::Color::White => Side::White,
            rules::Color::Black => Side::Black,
        }
    }
}

impl From<Side> for rules::Color {
    fn from(s: Side) -> rules::Color {
        match s {
            Side::White => rules::Color::White,
            Side::Black => rules::Color::Black,
        }
    }
}

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Moves to mate: positive when the side to move mates.
    Mate(i32),
}

impl From<Score> for engine::api::Score {
    fn from(s: Score) -> engine::api::Score {
        match s {
            Score::Cp(cp) => engine::api::Score::Cp(cp),
            Score::Mate(n) => engine::api::Score::Mate(n),
        }
    }
}

impl From<engine::api::Score> for Score {
    fn from(s: engine::api::Score) -> Score {
        match s {
            engine::api::Score::Cp(cp) => Score::Cp(cp),
            engine::api::Score::Mate(n) => Score::Mate(n),
        }
    }
}

/// A game as it stands: the rules' screen view model (the same one the server sends,
/// docs/api.md) with the game's handle and its whole history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct GameState {
    pub game: u32,
    #[serde(flatten)]
    pub screen: Screen,
    pub history: Vec<HistoryEntry>,
    /// Captured pieces and the balance, as the server shows them.
    pub material: MaterialView,
}

/// What `new_from_record` answers: the new game, and the evaluation the record wrote
/// after each of its moves (pawns from White's side; `null` where it wrote none).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "FromRecordState"))]
pub struct FromRecordView {
    #[serde(flatten)]
    pub state: GameState,
    pub record_evals: Vec<Option<f64>>,
}

/// The board after some half-moves (`position`): the screen without legal moves, and the
/// material then. The shape of the server's `GET /api/games/{id}/positions/{ply}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PositionView {
    #[serde(flatten)]
    pub screen: Screen,
    pub material: MaterialView,
}

/// A search's progress after a completed iteration, and its final answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SearchView {
    /// The best move's token (the first of `pv`); none without a legal move.
    pub best: Option<String>,
    pub score: Score,
    pub depth: u32,
    pub pv: Vec<String>,
    pub nodes: u64,
    pub elapsed_ms: u64,
}

/// The Oracle's report, as the server's `oracle` message carries it: every legal move,
/// best first, scored in pawns from the player's point of view (`table::view`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct OracleView {
    pub done: bool,
    pub moves: Vec<table::view::OracleMoveView>,
}

/// What `puzzle_rate` answers: both ratings after the attempt, for the browser to keep.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PuzzleRatings {
    pub player: puzzles::view::RatingState,
    pub puzzle: puzzles::view::RatingState,
}

/// The answer envelope: `{"ok": …}` or `{"error": {"code", "message"}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Answer<T> {
    Ok(T),
    Error(crate::error::Error),
}

/// Progress of a long request, sent while it runs (docs/wasm.md).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Progress<'a> {
    Search(&'a SearchView),
    /// The computer's search (`think`), as the server's `thinking` message.
    Thinking(&'a table::view::Thinking),
    Analysis(&'a LinesView),
    Oracle(&'a OracleView),
    Bench(&'a BenchEntryView),
}

/// One root move's share of a perft count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct DivideEntry {
    pub token: String,
    pub nodes: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PerftView {
    pub nodes: u64,
    /// Per root move, when asked for.
    pub divide: Option<Vec<DivideEntry>>,
    pub elapsed_ms: u64,
}

/// One searched bench position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "BenchEntry"))]
pub struct BenchEntryView {
    /// The setup as text, e.g. `trid (meder)`.
    pub setup: String,
    pub index: usize,
    pub nodes: u64,
    pub best: Option<String>,
    pub elapsed_ms: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct BenchView {
    pub nodes: u64,
    pub positions: Vec<BenchEntryView>,
    pub elapsed_ms: u64,
}

/// What `think` answers: the computer's move (none without a completed iteration: the
/// table then plays its fallback), to send back as a `computer_move` command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ThoughtView {
    pub ply: usize,
    pub token: Option<String>,
    pub score: Score,
    pub depth: u32,
}

/// What `evaluate` answers.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct EvaluationView {
    /// Pawns from White's side.
    pub pawns: f64,
}

/// What `export_record` answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct RecordView {
    pub record: String,
}

/// One of the engine's best lines, as the server's analysis boards show it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "EngineLine"))]
pub struct LineView {
    /// Pawns from White's side (the one mapping every view uses: a mate is ±100,
    /// nearer mates larger).
    pub score: f64,
    /// Moves to mate: positive when White mates, negative when Black does.
    pub mate: Option<i32>,
    /// The line as move tokens, its first move first.
    pub pv: Vec<String>,
    /// The same moves in notation.
    pub notation: Vec<String>,
}

/// An analysis's best lines after one completed iteration, best first.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "LinesAnswer"))]
pub struct LinesView {
    pub depth: u32,
    pub nodes: u64,
    pub elapsed_ms: u64,
    pub lines: Vec<LineView>,
}

/// A look-ahead setting as the API writes it: a depth of the catalogue's range, or
/// `"max"` (also when none is given).
pub fn level_of(level: Option<&Value>) -> Result<Level, Error> {
    let parsed = match level {
        None => Some(Level::Max),
        Some(Value::String(s)) => Level::from_id(s),
        Some(Value::Number(n)) => n
            .as_u64()
            .and_then(|d| u8::try_from(d).ok())
            .and_then(Level::from_depth),
        Some(_) => None,
    };
    parsed.ok_or_else(|| {
        Error::new(
            ErrorCode::OutOfRange,
            format!(
                "level {} is not a look-ahead setting (1 to 6, or \"max\")",
                quoted(&level.map(Value::to_string).unwrap_or_default())
            ),
        )
    })
}

// Generated from the WebAssembly module's Rust types (crates/wasm/src/contract.rs).
// Do not edit: run `UPDATE_CONTRACT=1 cargo test -p spacechess-wasm contract` instead.

import type { BoardView, Catalogue, CellView, CheckAnswer, EvalSource, GameView, HistoryEntry, LastMove, LessonList, LessonView, MaterialView, Mode, MoveView, NewGameRequest, OracleMoveView, PuzzleCatalogue, PuzzleCheck, PuzzleHint, PuzzleSolution, PuzzleView, RatingState, ResultView, RuleSet, RulesPage, Status, Thinking, Variant } from './api';

export type ErrorCode = "bad_request" | "bad_setup" | "bad_position" | "bad_record" | "illegal_move" | "game_over" | "not_your_turn" | "not_your_seat" | "bad_player" | "bad_origin" | "bad_host" | "nothing_to_take_back" | "no_offer" | "no_claim" | "no_engine_help" | "game_in_progress" | "unknown_game" | "unknown_invite" | "unknown_analysis" | "not_your_analysis" | "unknown_lesson" | "not_found" | "out_of_range" | "too_large" | "timeout" | "rate_limited" | "internal" | "bad_name" | "name_taken" | "name_required" | "bad_password" | "bad_login" | "unknown_challenge" | "own_challenge" | "rating_out_of_range";

export type ModuleError = { code: ErrorCode, message: string, };

export type Answer<T> = { "ok": T } | { "error": ModuleError };

export type Side = "white" | "black";

export type SetupSpec = { variant: Variant, rules?: string, options?: Array<string>, };

export type SearchLimits = { depth?: number, movetime_ms?: number, nodes?: number, 
/**
 * Seed of the variety between near-equal moves (0 or unset: deterministic, no variety).
 */
seed?: number, 
/**
 * Transposition table size (default 16 MB).
 */
hash_mb?: number, 
/**
 * The side to move's game clock: its time left, and the increment per move. The
 * engine then budgets its time as on the server.
 */
clock_ms?: number, increment_ms?: number, };

export type Request = { "op": "catalogue" } | { "op": "new_game", setup: SetupSpec, position?: string, } | { "op": "import_record", record: string, } | { "op": "new_from_record", record: string, record_ply?: number, } | { "op": "position", game: number, ply: number, } | { "op": "state", game: number, } | { "op": "play", game: number, move: string, } | { "op": "undo", game: number, } | { "op": "export_record", game: number, } | { "op": "close", game: number, } | { "op": "perft", setup: SetupSpec, position?: string, depth: number, divide?: boolean, } | { "op": "bench", depth: number, } | { "op": "search", game: number, limits?: SearchLimits, } | { "op": "analyse", game: number, lines?: number, limits?: SearchLimits, } | { "op": "lessons" } | { "op": "lesson", id: string, } | { "op": "check_lesson", id: string, moves: Array<string>, } | { "op": "rules_page", variant: string, } | { "op": "puzzle_catalogue" } | { "op": "puzzle", id: string, } | { "op": "puzzle_next", set: string, theme?: string, rating?: RatingState, seen: Array<string>, } | { "op": "puzzle_daily", set: string, day: number, } | { "op": "puzzle_check", id: string, moves: Array<string>, } | { "op": "puzzle_hint", id: string, moves: Array<string>, } | { "op": "puzzle_solution", id: string, } | { "op": "puzzle_rate", player: RatingState, puzzle: RatingState, solved: boolean, } | { "op": "table_new", id: string, game: NewGameRequest, now_ms: number, } | { "op": "table_open", stored: StoredGame, now_ms: number, } | { "op": "table_command", table: number, command: TableCommand, now_ms: number, } | { "op": "table_view", table: number, now_ms: number, } | { "op": "table_position", table: number, ply: number, } | { "op": "table_record", table: number, now_ms: number, } | { "op": "table_close", table: number, } | { "op": "think", record: string, level: number | "max", clock?: SearchClock, seed?: number, } | { "op": "evaluate", record: string, } | { "op": "oracle", game: number, budget_ms?: number, level?: number | "max", };

export type Score = { "cp": number } | { "mate": number };

export type GameState = { game: number, history: Array<HistoryEntry>, 
/**
 * Captured pieces and the balance, as the server shows them.
 */
material: MaterialView, variant: Variant, 
/**
 * The variant's name for people.
 */
title: string, 
/**
 * The Tri-D rule set (`null` elsewhere).
 */
rules: RuleSet | null, options: Array<string>, position: string, start_position: string, turn: Side, 
/**
 * Half-moves played.
 */
ply: number, fullmove: number, status: Status, result: ResultView | null, checked_kings: Array<string>, cells: Array<CellView>, 
/**
 * The boards and levels of `cells`, named for people.
 */
boards: Array<{ id: string, label: string, }>, attack_boards: Array<BoardView>, 
/**
 * Empty when `with_moves` was false or the game is over.
 */
legal_moves: Array<MoveView>, last_move: LastMove | null, };

export type FromRecordState = { record_evals: Array<number | null>, game: number, history: Array<HistoryEntry>, 
/**
 * Captured pieces and the balance, as the server shows them.
 */
material: MaterialView, variant: Variant, 
/**
 * The variant's name for people.
 */
title: string, 
/**
 * The Tri-D rule set (`null` elsewhere).
 */
rules: RuleSet | null, options: Array<string>, position: string, start_position: string, turn: Side, 
/**
 * Half-moves played.
 */
ply: number, fullmove: number, status: Status, result: ResultView | null, checked_kings: Array<string>, cells: Array<CellView>, 
/**
 * The boards and levels of `cells`, named for people.
 */
boards: Array<{ id: string, label: string, }>, attack_boards: Array<BoardView>, 
/**
 * Empty when `with_moves` was false or the game is over.
 */
legal_moves: Array<MoveView>, last_move: LastMove | null, };

export type PositionView = { material: MaterialView, variant: Variant, 
/**
 * The variant's name for people.
 */
title: string, 
/**
 * The Tri-D rule set (`null` elsewhere).
 */
rules: RuleSet | null, options: Array<string>, position: string, start_position: string, turn: Side, 
/**
 * Half-moves played.
 */
ply: number, fullmove: number, status: Status, result: ResultView | null, checked_kings: Array<string>, cells: Array<CellView>, 
/**
 * The boards and levels of `cells`, named for people.
 */
boards: Array<{ id: string, label: string, }>, attack_boards: Array<BoardView>, 
/**
 * Empty when `with_moves` was false or the game is over.
 */
legal_moves: Array<MoveView>, last_move: LastMove | null, };

export type SearchView = { 
/**
 * The best move's token (the first of `pv`); none without a legal move.
 */
best: string | null, score: Score, depth: number, pv: Array<string>, nodes: number, elapsed_ms: number, };

export type OracleView = { done: boolean, moves: Array<OracleMoveView>, };

export type DivideEntry = { token: string, nodes: number, };

export type PerftView = { nodes: number, 
/**
 * Per root move, when asked for.
 */
divide: Array<DivideEntry> | null, elapsed_ms: number, };

export type BenchEntry = { 
/**
 * The setup as text, e.g. `trid (meder)`.
 */
setup: string, index: number, nodes: number, best: string | null, elapsed_ms: number, };

export type BenchView = { nodes: number, positions: Array<BenchEntry>, elapsed_ms: number, };

export type RecordView = { record: string, };

export type EngineLine = { 
/**
 * Pawns from White's side (the one mapping every view uses: a mate is ±100,
 * nearer mates larger).
 */
score: number, 
/**
 * Moves to mate: positive when White mates, negative when Black does.
 */
mate: number | null, 
/**
 * The line as move tokens, its first move first.
 */
pv: Array<string>, 
/**
 * The same moves in notation.
 */
notation: Array<string>, };

export type LinesAnswer = { depth: number, nodes: number, elapsed_ms: number, lines: Array<EngineLine>, };

export type ThoughtView = { ply: number, token: string | null, score: Score, depth: number, };

export type EvaluationView = { 
/**
 * Pawns from White's side.
 */
pawns: number, };

export type StoredEval = { 
/**
 * Pawns from White's side.
 */
eval: number, source: EvalSource | null, depth: number | null, };

export type StoredClock = { initial_ms: number, increment_ms: number, 
/**
 * `[white, black]` ms after each move.
 */
after: [number, number][], };

export type StoredGame = { id: string, mode: Mode, human: Side, level: number | "max", 
/**
 * The evaluation after each move (`null` where none was made).
 */
evals?: Array<StoredEval | null>, clock?: StoredClock, record: string, 
/**
 * When it last changed (ms since 1970).
 */
updated: number, };

export type TableCommand = { "command": "move", token: string, ply?: number, } | { "command": "take_back" } | { "command": "offer_draw" } | { "command": "resign", side?: Side, } | { "command": "oracle_on" } | { "command": "oracle_off" } | { "command": "computer_move", ply: number, token: string | null, score: Score, depth: number, } | { "command": "evaluation", ply: number, line: Array<string>, pawns: number, } | { "command": "wake" };

export type SearchClock = { left_ms: number, increment_ms: number, };

export type DutyView = { "duty": "stop_engines" } | { "duty": "stop_oracle" } | { "duty": "search", ply: number, record: string, level: number | "max", clock: SearchClock | null, } | { "duty": "oracle", record: string, budget_ms: number, level: number | "max", } | { "duty": "evaluate", ply: number, line: Array<string>, record: string, } | { "duty": "wake", at_ms: number, };

export type TableAnswer = { 
/**
 * The game's handle in this module.
 */
table: number, view: GameView, 
/**
 * The game to keep, when it changed.
 */
stored: StoredGame | null, duties: Array<DutyView>, 
/**
 * A draw offer's answer.
 */
draw_accepted: boolean | null, 
/**
 * A refused command that changed the game all the same (a move that came after
 * its side's flag fell: the side lost on time). Keep and show the game, then
 * report the refusal.
 */
refused: ModuleError | null, };

export type PuzzleRatings = { player: RatingState, puzzle: RatingState, };

export type Progress = { "search": SearchView } | { "thinking": Thinking } | { "analysis": LinesAnswer } | { "oracle": OracleView } | { "bench": BenchEntry };

/** What each request answers, by its `op`. */
export type Answers = {
  catalogue: Catalogue;
  new_game: GameState;
  import_record: GameState;
  new_from_record: FromRecordState;
  position: PositionView;
  state: GameState;
  play: GameState;
  undo: GameState;
  export_record: RecordView;
  close: null;
  perft: PerftView;
  bench: BenchView;
  search: SearchView;
  analyse: LinesAnswer;
  lessons: LessonList;
  lesson: LessonView;
  check_lesson: CheckAnswer;
  rules_page: RulesPage;
  puzzle_catalogue: PuzzleCatalogue;
  puzzle: PuzzleView;
  puzzle_next: PuzzleView;
  puzzle_daily: PuzzleView;
  puzzle_check: PuzzleCheck;
  puzzle_hint: PuzzleHint;
  puzzle_solution: PuzzleSolution;
  puzzle_rate: PuzzleRatings;
  oracle: OracleView | null;
  table_new: TableAnswer;
  table_open: TableAnswer;
  table_command: TableAnswer;
  table_view: GameView;
  table_position: PositionView;
  table_record: RecordView;
  table_close: null;
  think: ThoughtView;
  evaluate: EvaluationView;
};

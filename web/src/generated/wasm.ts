// Generated from the WebAssembly module's Rust types (crates/wasm/src/contract.rs).
// Do not edit: run `UPDATE_CONTRACT=1 cargo test -p spacechess-wasm contract` instead.

import type { BoardView, Catalogue, CellView, CheckAnswer, HistoryEntry, LastMove, LessonList, LessonView, MaterialView, MoveView, ResultView, RuleSet, RulesPage, Status, Variant } from './api';

export type ErrorCode = "bad_request" | "bad_setup" | "bad_position" | "bad_record" | "illegal_move" | "game_over" | "not_your_turn" | "not_your_seat" | "bad_player" | "bad_origin" | "bad_host" | "nothing_to_take_back" | "no_offer" | "no_claim" | "no_engine_help" | "game_in_progress" | "unknown_game" | "unknown_invite" | "unknown_analysis" | "not_your_analysis" | "unknown_lesson" | "not_found" | "out_of_range" | "too_large" | "timeout" | "rate_limited" | "internal";

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

export type Request = { "op": "catalogue" } | { "op": "new_game", setup: SetupSpec, position?: string, } | { "op": "import_record", record: string, } | { "op": "new_from_record", record: string, record_ply?: number, } | { "op": "position", game: number, ply: number, } | { "op": "state", game: number, } | { "op": "play", game: number, move: string, } | { "op": "undo", game: number, } | { "op": "export_record", game: number, } | { "op": "close", game: number, } | { "op": "resign", game: number, side: Side, } | { "op": "flag", game: number, side: Side, } | { "op": "offer_draw", game: number, computer?: Side, } | { "op": "perft", setup: SetupSpec, position?: string, depth: number, divide?: boolean, } | { "op": "bench", depth: number, } | { "op": "search", game: number, limits?: SearchLimits, } | { "op": "analyse", game: number, lines?: number, limits?: SearchLimits, } | { "op": "lessons" } | { "op": "lesson", id: string, } | { "op": "check_lesson", id: string, moves: Array<string>, } | { "op": "rules_page", variant: string, } | { "op": "oracle", game: number, budget_ms: number, level?: number | "max", };

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
ply: number, fullmove: number, status: Status, result: ResultView | null, checked_kings: Array<string>, cells: Array<CellView>, attack_boards: Array<BoardView>, 
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
ply: number, fullmove: number, status: Status, result: ResultView | null, checked_kings: Array<string>, cells: Array<CellView>, attack_boards: Array<BoardView>, 
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
ply: number, fullmove: number, status: Status, result: ResultView | null, checked_kings: Array<string>, cells: Array<CellView>, attack_boards: Array<BoardView>, 
/**
 * Empty when `with_moves` was false or the game is over.
 */
legal_moves: Array<MoveView>, last_move: LastMove | null, };

export type SearchView = { 
/**
 * The best move's token (the first of `pv`); none without a legal move.
 */
best: string | null, score: Score, depth: number, pv: Array<string>, nodes: number, elapsed_ms: number, };

export type OracleTag = "eval" | "mate" | "mated" | "draw-repetition" | "allows-repetition";

export type OracleMove = { token: string, score: Score, depth: number, tag: OracleTag, 
/**
 * Moves to mate for `mate` and `mated`.
 */
mate_in: number | null, line: Array<string>, };

export type OracleView = { moves: Array<OracleMove>, done: boolean, };

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

export type DrawState = { accepted: boolean, game: GameState, };

export type EngineLine = { 
/**
 * From the side to move's point of view.
 */
score: Score, 
/**
 * The line as move tokens, its first move first.
 */
pv: Array<string>, 
/**
 * The same moves in notation.
 */
notation: Array<string>, };

export type LinesAnswer = { depth: number, nodes: number, elapsed_ms: number, lines: Array<EngineLine>, };

export type Progress = { "search": SearchView } | { "analysis": LinesAnswer } | { "oracle": OracleView } | { "bench": BenchEntry };

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
  resign: GameState;
  flag: GameState;
  offer_draw: DrawState;
  perft: PerftView;
  bench: BenchView;
  search: SearchView;
  analyse: LinesAnswer;
  lessons: LessonList;
  lesson: LessonView;
  check_lesson: CheckAnswer;
  rules_page: RulesPage;
  oracle: OracleView | null;
};

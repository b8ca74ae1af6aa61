// The requests the WebAssembly module answers and the shapes of its answers
// (docs/wasm.md; crates/wasm/src/protocol.rs is the source of truth). A game's state is
// the rules' screen view model, the one the server sends (docs/api.md), so the screen
// reads both alike.

import type { Catalogue, Side, Variant } from '../api';
import type { CheckAnswer, HistoryEntry, LessonList, LessonView, MaterialView, PositionView, RulesPage, Screen } from '../generated/api';

export interface SetupSpec {
  variant: Variant;
  rules?: string;
  options?: string[];
}

export interface SearchLimits {
  depth?: number;
  movetime_ms?: number;
  nodes?: number;
  /** Non-zero: vary between near-equal moves, as the computer opponent does. */
  seed?: number;
  hash_mb?: number;
  /** The side to move's game clock (time left) and its increment: the engine budgets its time on it. */
  clock_ms?: number;
  increment_ms?: number;
}

export type Request =
  | { op: 'catalogue' }
  | { op: 'new_game'; setup: SetupSpec; position?: string }
  | { op: 'import_record'; record: string }
  | { op: 'new_from_record'; record: string; record_ply?: number }
  | { op: 'position'; game: number; ply: number }
  | { op: 'flag'; game: number; side: Side }
  | { op: 'state'; game: number }
  | { op: 'play'; game: number; move: string }
  | { op: 'undo'; game: number }
  | { op: 'resign'; game: number; side: Side }
  | { op: 'offer_draw'; game: number; computer?: Side }
  | { op: 'export_record'; game: number }
  | { op: 'close'; game: number }
  | { op: 'perft'; setup: SetupSpec; position?: string; depth: number; divide?: boolean }
  | { op: 'bench'; depth: number }
  | { op: 'search'; game: number; limits?: SearchLimits }
  /** The best `lines` lines (1–8, default 3), for the analysis board. */
  | { op: 'analyse'; game: number; lines?: number; limits?: SearchLimits }
  | { op: 'lessons' }
  | { op: 'lesson'; id: string }
  | { op: 'check_lesson'; id: string; moves: string[] }
  | { op: 'rules_page'; variant: string }
  /** `level`: the look-ahead setting, the Oracle's deepest look (default max). */
  | { op: 'oracle'; game: number; budget_ms: number; level?: number | 'max' };

export type Op = Request['op'];

export type Score = { cp: number } | { mate: number };

/** The screen's view model with the game's handle and its whole history. */
export type GameState = Screen & {
  game: number;
  history: HistoryEntry[];
  material: MaterialView;
};

/** A new game from a record, and the evaluation the record wrote after each kept move. */
export type FromRecordState = GameState & { record_evals: (number | null)[] };

export interface SearchView {
  best: string | null;
  score: Score;
  depth: number;
  pv: string[];
  nodes: number;
  elapsed_ms: number;
}

export interface OracleMove {
  token: string;
  score: Score;
  depth: number;
  tag: 'eval' | 'mate' | 'mated' | 'draw-repetition' | 'allows-repetition';
  mate_in: number | null;
  line: string[];
}

export interface OracleView {
  moves: OracleMove[];
  done: boolean;
}

/** One of an analysis's best lines; `score` from the side to move's view. */
export interface EngineLine {
  score: Score;
  pv: string[];
  notation: string[];
}

/** An analysis's best lines after one completed iteration, best first. */
export interface LinesAnswer {
  depth: number;
  nodes: number;
  elapsed_ms: number;
  lines: EngineLine[];
}

export interface PerftView {
  nodes: number;
  divide: { token: string; nodes: number }[] | null;
  elapsed_ms: number;
}

export interface BenchEntry {
  setup: string;
  index: number;
  nodes: number;
  best: string | null;
  elapsed_ms: number;
}

export interface BenchView {
  nodes: number;
  positions: BenchEntry[];
  elapsed_ms: number;
}

/** Whether a draw offer was accepted (the game then ended), and the game afterwards. */
export interface DrawState {
  accepted: boolean;
  game: GameState;
}

/** What each request answers. */
export interface Answers {
  catalogue: Catalogue;
  new_game: GameState;
  import_record: GameState;
  new_from_record: FromRecordState;
  position: PositionView;
  flag: GameState;
  state: GameState;
  play: GameState;
  undo: GameState;
  resign: GameState;
  offer_draw: DrawState;
  export_record: { record: string };
  close: null;
  perft: PerftView;
  bench: BenchView;
  search: SearchView;
  analyse: LinesAnswer;
  lessons: LessonList;
  lesson: LessonView;
  check_lesson: CheckAnswer;
  rules_page: RulesPage;
  oracle: OracleView | null;
}

/** Progress of a long request, sent while it runs. */
export type Progress = { search: SearchView } | { analysis: LinesAnswer } | { oracle: OracleView } | { bench: BenchEntry };

export type ErrorCode =
  | 'bad-request'
  | 'bad-setup'
  | 'bad-position'
  | 'bad-record'
  | 'illegal-move'
  | 'game-over'
  | 'nothing-to-undo'
  | 'no-such-game'
  | 'out-of-range'
  | 'no-such-lesson'
  | 'internal';

export type Answer<T> = { ok: T } | { error: { code: ErrorCode; message: string } };

/** A request the module refused; `code` says why, `message` names the input. */
export class WasmError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'WasmError';
    this.code = code;
  }
}

/** The value of an answer, or its error thrown. */
export function unwrap<T>(answer: Answer<T>): T {
  if ('error' in answer) throw new WasmError(answer.error.code, answer.error.message);
  return answer.ok;
}

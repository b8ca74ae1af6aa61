// The browser host's answers in the server's shapes (docs/api.md): the module's game
// state becomes a GameView, its search progress a `thinking` message, its Oracle report
// an `oracle` message. Scores become pawns as the server's `view::pawns_for_white` makes
// them; the moves, marks and positions come from the module unchanged.

import type { GameView, Level, Side, Thinking } from '../api';
import type { ClocksView, EvalSource, Mode, OracleMoveView, ServerMessage } from '../generated/api';
import type { GameState, OracleView, Score, SearchLimits, SearchView } from '../wasm/protocol';
import type { StoredClock } from './browser-clock';

/** The evaluation after one move, as the server keeps it beside the history. */
export interface MoveEval {
  /** Pawns from White's side. */
  eval: number;
  source: EvalSource;
  depth: number | null;
}

/** What the browser keeps of a game besides its record. */
export interface BrowserGameMeta {
  id: string;
  mode: Mode;
  human: Side;
  level: Level;
  /** The evaluation after each move (null where none was made); absent in games kept before evaluations were. */
  evals?: (MoveEval | null)[];
  /** The game's clocks (absent: no clock). */
  clock?: StoredClock;
}

/** The opponent's longest think per move, as on the server (engine::time::MOVE_CAP). */
export const MOVE_CAP_MS = 15_000;
/** The Oracle's budget per turn (the server's default). */
export const ORACLE_BUDGET_MS = 6_000;

/**
 * The search of an opponent level, as the server runs it: the level's depth within the
 * cap, with variety between near-equal moves (`seed`); Max searches until the cap and,
 * like the server's Max, without variety.
 */
export function limitsFor(level: Level, seed: number, clock?: { left_ms: number; increment_ms: number }): SearchLimits {
  const onClock = clock ? { clock_ms: Math.max(0, Math.floor(clock.left_ms)), increment_ms: clock.increment_ms } : {};
  return level === 'max' ? { movetime_ms: MOVE_CAP_MS, ...onClock } : { depth: level, movetime_ms: MOVE_CAP_MS, seed, ...onClock };
}

/** Whether the computer is to move in this game. */
export function computerToMove(meta: BrowserGameMeta, state: GameState): boolean {
  return meta.mode === 'computer' && state.status === 'in-progress' && state.turn !== meta.human;
}

/** The GameView the server would send for this game (its clocks as they stand now). */
export function viewOf(meta: BrowserGameMeta, state: GameState, thinking: boolean, oracle: boolean, clocks: ClocksView | null = null): GameView {
  const { game: _handle, history, material, ...screen } = state;
  return {
    ...screen,
    id: meta.id,
    mode: meta.mode,
    human: meta.human,
    level: meta.level,
    history: history.map((h, i) => {
      const e = meta.evals?.[i] ?? null;
      return { ...h, eval: e?.eval ?? null, eval_source: e?.source ?? null, eval_depth: e?.depth ?? null };
    }),
    material,
    clocks,
    computer_thinking: thinking,
    oracle,
    // This browser holds every side a person plays; no one else can watch or offer.
    seats: {
      white: { holder: meta.mode === 'computer' && meta.human !== 'white' ? 'computer' : 'player', connected: false, gone: false },
      black: { holder: meta.mode === 'computer' && meta.human !== 'black' ? 'computer' : 'player', connected: false, gone: false },
    },
    you: meta.mode === 'computer' ? [meta.human] : ['white', 'black'],
    offer: null,
    rematch: null,
    watchers: 0,
    abort_in_ms: null,
  };
}

const MATE_PAWNS = 100;

/** A side-to-move score in pawns (a mate is ±100, nearer is bigger), rounded to 0.01. */
export function pawns(score: Score): number {
  const p = 'cp' in score ? score.cp / 100 : score.mate > 0 ? MATE_PAWNS - score.mate * 0.01 : -MATE_PAWNS - score.mate * 0.01;
  return Math.round(p * 100) / 100;
}

/** A side-to-move score as pawns from White's side (the server's `pawns_for_white`). */
export const pawnsForWhite = (score: Score, turn: Side): number => (turn === 'white' ? pawns(score) : -pawns(score));

/** A search's progress as the server's `thinking` message (score from White's side). */
export function thinkingOf(p: SearchView, turn: Side): Extract<ServerMessage, { type: 'thinking' }> {
  const t: Thinking = {
    depth: p.depth,
    elapsed_ms: p.elapsed_ms,
    budget_ms: MOVE_CAP_MS,
    nodes: p.nodes,
    score: pawnsForWhite(p.score, turn),
    pv: p.pv,
  };
  return { type: 'thinking', ...t };
}

/** An Oracle report as the server's `oracle` message, each move with its notation. */
export function oracleOf(report: OracleView, state: GameState): Extract<ServerMessage, { type: 'oracle' }> {
  const notation = new Map(state.legal_moves.map((m) => [m.token, m.notation]));
  const moves: OracleMoveView[] = report.moves.map((m) => ({
    token: m.token,
    notation: notation.get(m.token) ?? m.token,
    score: pawns(m.score),
    depth: m.depth,
    tag: m.tag,
    mate_in: m.mate_in,
    line: m.line,
  }));
  return { type: 'oracle', done: report.done, moves };
}

// The Oracle's reports as the panel shows them: tags, labels and the hint drawn on the
// boards. Pure; the ranking and the scores come from the server (spec: engine.md).

import type { GameView, Level } from './api';
import type { OracleMoveView, OracleTagView } from './generated/api';
import { formatEval } from './format';

/** One move of an `oracle` WebSocket message (docs/api.md); `score` is from the side to move. */
export type OracleMove = OracleMoveView;
export type OracleTag = OracleTagView;

export interface OracleReport {
  moves: OracleMove[];
  done: boolean;
}

/** What the boards show for one Oracle line (spec: purple, gold, red). */
export interface OracleHint {
  /** Square of the piece to move (purple). */
  from: string | null;
  /** Square where it lands (gold). */
  to: string | null;
  /** Square of a piece it captures (red). */
  captured: string | null;
  /** Tri-D: the attack board to move (purple) and where it would go (gold). */
  board: string | null;
  boardTo: string | null;
}

/**
 * Whether a report belongs to `view`: every move must be legal now (a report of the
 * previous turn that arrives after the new state is dropped).
 */
export function reportFits(view: GameView, report: OracleReport): boolean {
  const legal = new Set(view.legal_moves.map((m) => m.token));
  return report.moves.every((m) => legal.has(m.token));
}

export function tagLabel(m: OracleMove): string {
  switch (m.tag) {
    case 'mate':
      return `Mate in ${m.mate_in ?? '?'}`;
    case 'mated':
      return `Mated in ${m.mate_in ?? '?'}`;
    case 'draw-repetition':
      return 'Draw (repetition)';
    case 'allows-repetition':
      return 'Allows draw (repetition)';
    case 'eval':
      return formatEval(m.score) || '0.0';
  }
}

/** The colour class of a tag: green mate, red mated, amber score, grey repetition. */
export function tagColour(tag: OracleTag): 'green' | 'red' | 'amber' | 'grey' {
  switch (tag) {
    case 'mate':
      return 'green';
    case 'mated':
      return 'red';
    case 'eval':
      return 'amber';
    default:
      return 'grey';
  }
}

/** The fine print: how deep the Oracle got against the look-ahead setting. */
export function finePrint(report: OracleReport, level: Level): string {
  const deepest = report.moves.reduce((d, m) => Math.max(d, m.depth), 0);
  const setting = level === 'max' ? 'Max' : String(level);
  const head = report.done ? 'Looked' : 'Looking';
  return `${head} ${deepest} ${deepest === 1 ? 'move' : 'moves'} ahead at most (look-ahead setting ${setting}), ${report.moves.length} ${report.moves.length === 1 ? 'move' : 'moves'} weighed.`;
}

export function hintOf(view: GameView, token: string | null): OracleHint | null {
  const m = token ? view.legal_moves.find((x) => x.token === token) : undefined;
  if (!m) return null;
  if (m.mover === 'board') return { from: null, to: null, captured: null, board: m.from, boardTo: m.to };
  return {
    from: m.from,
    to: m.to,
    captured: m.capture ? (m.captured_square ?? m.to) : null,
    board: null,
    boardTo: null,
  };
}

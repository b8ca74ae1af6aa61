// What the views highlight, computed once from the game state and shared by both views.

import type { Screen } from './api';
import type { InspectMarks } from './inspect';
import type { OracleHint } from './oracle';
import { liftedSquare, movableBoards, targetsOf, type Selection } from './selection';

export interface Marks {
  /** The square of the picked-up piece. */
  lifted: string | null;
  /** Target squares (only with the visualizer on). */
  targets: Map<string, { capture: boolean }>;
  /** Squares of the last move (outlined green). */
  lastMove: Set<string>;
  /** Squares of kings in check (glow red). */
  checked: Set<string>;
  /** Attack boards that may be picked (during the board flow), or the picked one. */
  boards: Set<string>;
  /** Destinations of the picked attack board (with the visualizer on). */
  boardTargets: string[];
  /** The Oracle line shown on the boards (purple from, gold to, red captured). */
  oracle: OracleHint | null;
  /** Inspect mode: the inspected piece's moves (green dots, blue diamonds, rings). */
  inspect?: InspectMarks | null;
}

export function computeMarks(view: Screen, selection: Selection, visualizer: boolean, oracle: OracleHint | null = null, inspect: InspectMarks | null = null): Marks {
  const lastMove = new Set<string>();
  if (view.last_move) {
    const names = new Set(view.cells.map((c) => c.name));
    for (const s of [view.last_move.from, view.last_move.to]) if (names.has(s)) lastMove.add(s);
  }
  const boards = new Set<string>();
  let boardTargets: string[] = [];
  if (selection.kind === 'board-pick') for (const b of movableBoards(view)) boards.add(b);
  if (selection.kind === 'board' || selection.kind === 'board-choose') {
    boards.add(selection.board);
    if (visualizer) {
      boardTargets = [
        ...new Set(view.legal_moves.filter((m) => m.mover === 'board' && m.from === selection.board).map((m) => m.to)),
      ];
    }
  }
  return {
    lifted: liftedSquare(selection),
    targets: visualizer ? targetsOf(view, selection) : new Map(),
    lastMove,
    checked: new Set(view.checked_kings),
    boards,
    boardTargets,
    oracle,
    inspect,
  };
}

// Moving a keyboard cursor over the boards, the same in both views: the arrow keys step to
// the next square of the same board in the flat view's rows and columns (skipping holes),
// Page Up / Page Down (or [ and ]) go to the nearest square of the previous / next board in
// the flat view's order. Pure: the flat view feeds it its buttons, the 3D view the
// flat layout of the position (layout.ts).

import type { Screen, Side } from './api';
import { flatRows } from './layout';

export interface NavSquare {
  name: string;
  board: string;
  row: number;
  col: number;
}

export type NavKey = 'up' | 'down' | 'left' | 'right' | 'prev-board' | 'next-board';

/** The navigation meaning of a key (null: not a board key). */
export function navKey(key: string): NavKey | null {
  switch (key) {
    case 'ArrowUp':
      return 'up';
    case 'ArrowDown':
      return 'down';
    case 'ArrowLeft':
      return 'left';
    case 'ArrowRight':
      return 'right';
    case 'PageUp':
    case '[':
      return 'prev-board';
    case 'PageDown':
    case ']':
      return 'next-board';
    default:
      return null;
  }
}

const STEPS: Record<'up' | 'down' | 'left' | 'right', [number, number]> = {
  up: [-1, 0],
  down: [1, 0],
  left: [0, -1],
  right: [0, 1],
};

/**
 * Where `key` takes the cursor from `from` (`squares` in the boards' order); null when it
 * stays (an edge, the first or last board).
 */
export function navigate(squares: readonly NavSquare[], from: string, key: NavKey): string | null {
  const at = squares.find((s) => s.name === from);
  if (!at) return null;
  const board = squares.filter((s) => s.board === at.board);
  if (key === 'prev-board' || key === 'next-board') {
    const boards = [...new Set(squares.map((s) => s.board))];
    const next = boards[boards.indexOf(at.board) + (key === 'next-board' ? 1 : -1)];
    if (next === undefined) return null;
    let best: NavSquare | null = null;
    for (const s of squares) {
      if (s.board !== next) continue;
      const d = Math.abs(s.row - at.row) + Math.abs(s.col - at.col);
      if (!best || d < Math.abs(best.row - at.row) + Math.abs(best.col - at.col)) best = s;
    }
    return best?.name ?? null;
  }
  const [dr, dc] = STEPS[key];
  const rows = Math.max(...board.map((s) => s.row));
  const cols = Math.max(...board.map((s) => s.col));
  for (let r = at.row + dr, c = at.col + dc; r >= 0 && c >= 0 && r <= rows && c <= cols; r += dr, c += dc) {
    const hit = board.find((s) => s.row === r && s.col === c);
    if (hit) return hit.name;
  }
  return null;
}

/** The squares of a position in the flat view's boards order, seen from `orientation`. */
export function navSquares(view: Screen, orientation: Side): NavSquare[] {
  const out: NavSquare[] = [];
  for (const row of flatRows(view, orientation)) {
    for (const p of [...(row.left ?? []), ...row.panels, ...(row.right ?? [])]) {
      for (const c of p.cells) out.push({ name: c.cell.name, board: p.board, row: c.row, col: c.col });
    }
  }
  return out;
}

// Where every square sits, in the 3D scene and in the flat view. Pure geometry from the
// server's cell coordinates and attack-board placements (the rules crate's screen): no
// rules live here.

import type { AttackBoard, Cell, Screen, Side, Variant } from './api';

export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

/**
 * How neighbouring levels sit apart, per variant (one unit is a square's width): `gap` up,
 * and for the stacked games a step sideways (`dx`, to the viewer's right) or backwards
 * (`dz`, away from the viewer) per level up, so a level never hides much of the one below
 * it from the default camera. Stacked's 8×8 boards step back; Quadlevel's narrow 4×8
 * levels step to the side; Fourfold's upper row steps back a little. The steps are taken
 * from the side at the bottom of the view (White's or Black's), so both players see the
 * same staircase. Tri-D's levels are offset by the game itself (each level further from
 * White stands higher): seen from Black that staircase descends away from the camera, so
 * Black's view stands its levels further apart (`gapBlack`) to keep them from covering
 * one another on screen.
 */
export const LEVEL_STEP: Record<Variant, { gap: number; gapBlack: number; dx: number; dz: number }> = {
  stacked: { gap: 2.6, gapBlack: 2.6, dx: 0, dz: 2.6 },
  trid: { gap: 2.1, gapBlack: 3.6, dx: 0, dz: 0 },
  quadlevel: { gap: 1.4, gapBlack: 1.4, dx: 4.7, dz: 0 },
  fourfold: { gap: 2.6, gapBlack: 2.6, dx: 0, dz: 1.2 },
};

/** The spread control's range: a factor on the distance between levels. */
export const SPREAD_MIN = 0.5;
export const SPREAD_MAX = 2;

/**
 * The centre of a square's top face in the 3D scene (y is up; White sits at +z), with the
 * levels `spread` times their usual distance apart, laid out for a viewer on `orientation`'s
 * side.
 */
export function cellPosition(variant: Variant, coords: readonly number[], spread = 1, orientation: Side = 'white'): Vec3 {
  const [x, y, z, w] = coords;
  const white = orientation === 'white';
  const step = LEVEL_STEP[variant];
  const g = (white ? step.gap : step.gapBlack) * spread;
  // Per level up: sideways to the viewer's right, backwards away from the viewer.
  const right = step.dx * spread * (white ? 1 : -1);
  const back = step.dz * spread * (white ? -1 : 1);
  switch (variant) {
    case 'stacked':
      return { x: x - 3.5 + z * right, y: z * g, z: 3.5 - y + z * back };
    case 'trid':
      return { x: x - 2.5, y: (z - 4) * g, z: 4.5 - y };
    case 'quadlevel': {
      // Level index 0 is the top level (L1); `up` counts levels from the bottom one.
      const up = 1.5 - z;
      return { x: x - 1.5 + up * right, y: up * g, z: 3.5 - y + up * back };
    }
    case 'fourfold':
      // Z picks the column of boards, W the row (W=1 above W=0).
      return { x: x - 1.5 + (z === 0 ? -2.75 : 2.75), y: (w - 0.5) * g, z: 1.5 - y + (w - 0.5) * back };
  }
}

/** The camera's default elevation per variant (radians above the horizon). */
export const HOME_ELEVATION: Record<Variant, number> = { stacked: 0.62, trid: 0.56, quadlevel: 0.62, fourfold: 0.62 };

/** The squares a Tri-D board move `to` would cover, as the server's legal move gives them. */
export function boardDestinationSquares(view: Pick<Screen, 'legal_moves'>, to: string): number[][] {
  const m = view.legal_moves.find((x) => x.mover === 'board' && x.to === to && x.board_to);
  return m?.board_to?.squares.map((q) => q.coords) ?? [];
}

/** Where a Tri-D post stands and how far it reaches (from its main board to the board). */
export function postGeometry(board: AttackBoard, spread = 1, orientation: Side = 'white'): { top: Vec3; bottom: Vec3 } {
  const [x, y, level] = board.post_coords;
  const a = cellPosition('trid', [x, y, level, 0], spread, orientation);
  const b = cellPosition('trid', [x, y, board.main_level, 0], spread, orientation);
  return a.y > b.y ? { top: a, bottom: b } : { top: b, bottom: a };
}

// ---------------------------------------------------------------- flat view

export interface FlatCell {
  cell: Cell;
  row: number;
  col: number;
}

export interface FlatPanel {
  /** The board/level id from the cells (`T`, `L2`, `01`, `W`, `WQL`…). */
  board: string;
  label: string;
  rows: number;
  cols: number;
  cells: FlatCell[];
  /** File letters along the bottom and rank labels down the side, in display order. */
  files: string[];
  ranks: string[];
  /** Owner frame for Tri-D attack boards. */
  owner?: Side;
}

/** A group of panels shown together in one row of the flat view. */
export interface FlatRow {
  label?: string;
  panels: FlatPanel[];
  /** Tri-D: attack boards shown beside the main level, on its left and right. */
  left?: FlatPanel[];
  right?: FlatPanel[];
}

const FILES = 'abcdefgh';

/** The rank as square names spell it (Tri-D counts ranks from 0). */
export function rankText(variant: Variant, y: number): string {
  return String(variant === 'trid' ? y : y + 1);
}

export function fileLetter(x: number): string {
  return FILES[x] ?? '?';
}

function panel(variant: Variant, board: string, label: string, cells: Cell[], orientation: Side): FlatPanel {
  const xs = cells.map((c) => c.coords[0]);
  const ys = cells.map((c) => c.coords[1]);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const white = orientation === 'white';
  const flat = cells.map((cell) => ({
    cell,
    col: white ? cell.coords[0] - minX : maxX - cell.coords[0],
    row: white ? maxY - cell.coords[1] : cell.coords[1] - minY,
  }));
  const files: string[] = [];
  for (let x = minX; x <= maxX; x++) files.push(FILES[x]);
  const ranks: string[] = [];
  for (let y = maxY; y >= minY; y--) ranks.push(rankText(variant, y));
  if (!white) {
    files.reverse();
    ranks.reverse();
  }
  return { board, label, rows: maxY - minY + 1, cols: maxX - minX + 1, cells: flat, files, ranks };
}

function byBoard(cells: Cell[]): Map<string, Cell[]> {
  const groups = new Map<string, Cell[]>();
  for (const c of cells) {
    const list = groups.get(c.board) ?? [];
    list.push(c);
    groups.set(c.board, list);
  }
  return groups;
}

const TRID_MAIN: Record<string, number> = { W: 2, N: 4, B: 6 };

/** The flat view's rows of panels for a position, seen from `orientation`'s side. */
export function flatRows(view: Screen, orientation: Side): FlatRow[] {
  const groups = byBoard(view.cells);
  const v = view.variant;
  const make = (id: string, label: string) => panel(v, id, label, groups.get(id) ?? [], orientation);
  switch (v) {
    case 'stacked':
      return [{ panels: ['T', 'M', 'B'].filter((b) => groups.has(b)).map((b) => make(b, boardLabel(view, b))) }];
    case 'quadlevel':
      return [
        {
          panels: ['L1', 'L2', 'L3', 'L4']
            .filter((b) => groups.has(b))
            .map((b) => make(b, b === 'L1' ? `${boardLabel(view, b)} (top)` : b === 'L4' ? `${boardLabel(view, b)} (bottom)` : boardLabel(view, b))),
        },
      ];
    case 'fourfold': {
      const top = orientation === 'white' ? ['01', '11'] : ['10', '00'];
      const bottom = orientation === 'white' ? ['00', '10'] : ['11', '01'];
      return [
        { panels: top.map((b) => make(b, boardLabel(view, b))) },
        { panels: bottom.map((b) => make(b, boardLabel(view, b))) },
      ];
    }
    case 'trid': {
      const mains = orientation === 'white' ? ['B', 'N', 'W'] : ['W', 'N', 'B'];
      return mains.map((main) => {
        const level = TRID_MAIN[main];
        const boards = view.attack_boards.filter((ab) => ab.main_level === level);
        const side = (queen: boolean) =>
          boards
            .filter((ab) => ab.post_coords[0] <= 2 === queen)
            .sort((a, b) => {
              const d = b.post_coords[1] - a.post_coords[1];
              return orientation === 'white' ? d : -d;
            })
            .map((ab) => {
              const p = panel(
                v,
                ab.name,
                `${ab.name} · level ${ab.level} ${ab.standing ? 'above' : 'below'}`,
                groups.get(ab.name) ?? [],
                orientation,
              );
              p.owner = ab.owner;
              return p;
            });
        const left = side(orientation === 'white');
        const right = side(orientation !== 'white');
        return { label: boardLabel(view, main), left, panels: [make(main, boardLabel(view, main))], right };
      });
    }
  }
}

// ---------------------------------------------------------------- names for people

/** The name a board or level is shown with, in both views: the screen's own (`Screen.boards`). */
export function boardLabel(view: Pick<Screen, 'boards'>, board: string): string {
  return view.boards.find((b) => b.id === board)?.label ?? board;
}

const PIECE_NAMES: Record<string, string> = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };

export function pieceName(piece: string): string {
  const colour = piece === piece.toUpperCase() ? 'white' : 'black';
  return `${colour} ${PIECE_NAMES[piece.toLowerCase()] ?? piece}`;
}
